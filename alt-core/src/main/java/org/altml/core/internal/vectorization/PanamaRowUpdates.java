package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * Rank-one updates of the rows a sparse x touches on the Vector API ({@code addSparseOuter}, float and
 * double rows), bit-identical to {@link ScalarVectorOps}. Stateless.
 */
final class PanamaRowUpdates {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  /** Most vector accumulators or coefficient blocks kept in registers across the non-zeros. */
  private static final int MAX_BLOCKS = 8;

  private PanamaRowUpdates() {}

  static void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int stride, int width) {
    int full = SPECIES.loopBound(width);
    // up to MAX_BLOCKS whole coefficient blocks are loaded once and stay in registers across the non-zeros;
    // a partial last block (width not a lane multiple, e.g. L+1 = 102) follows in its own masked pass
    // when the row's padding can hold a whole-vector load, so pad lanes are read but never written
    if (full <= MAX_BLOCKS * LANES && (full == width || full + LANES <= stride)) {
      int end = off + nnz;
      if (full < width) {
        outerTailMasked(idx, val, off, end, alpha, coeff, rows, stride, full, width);
      }
      switch (full / LANES) {
        case 0 -> { }
        case 1 -> outerBlocks1(idx, val, off, end, alpha, coeff, rows, stride);
        case 2 -> outerBlocks2(idx, val, off, end, alpha, coeff, rows, stride);
        case 3 -> outerBlocks3(idx, val, off, end, alpha, coeff, rows, stride);
        case 4 -> outerBlocks4(idx, val, off, end, alpha, coeff, rows, stride);
        case 5 -> outerBlocks5(idx, val, off, end, alpha, coeff, rows, stride);
        case 6 -> outerBlocks6(idx, val, off, end, alpha, coeff, rows, stride);
        case 7 -> outerBlocks7(idx, val, off, end, alpha, coeff, rows, stride);
        default -> outerBlocks8(idx, val, off, end, alpha, coeff, rows, stride);
      }
      return;
    }
    // pad lanes past width must stay untouched, so a partial last block is masked on load and store
    VectorMask<Float> tailMask = SPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      // alpha·x_k rounded to float first, as the scalar specification does
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      int j = 0;
      for (; j < full; j += LANES) {
        a.fma(FloatVector.fromArray(SPECIES, coeff, j), FloatVector.fromArray(SPECIES, rows, base + j))
            .intoArray(rows, base + j);
      }
      if (j < width) {
        a.fma(FloatVector.fromArray(SPECIES, coeff, j, tailMask), FloatVector.fromArray(SPECIES, rows, base + j, tailMask))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }

  /** The partial block [j, width) of every touched row: masked store, so lanes past width stay untouched. */
  private static void outerTailMasked(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride, int j, int width) {
    VectorMask<Float> m = SPECIES.indexInRange(j, width);
    FloatVector c = FloatVector.fromArray(SPECIES, coeff, j, m);
    for (int k = off; k < end; k++) {
      int at = idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      // whole-vector load within the padded row; only the lanes below width are stored
      a.fma(c, FloatVector.fromArray(SPECIES, rows, at)).intoArray(rows, at, m);
    }
  }

  private static void outerBlocks1(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
    }
  }

  private static void outerBlocks2(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
    }
  }

  private static void outerBlocks3(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
    }
  }

  private static void outerBlocks4(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
    }
  }

  private static void outerBlocks5(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
    }
  }

  private static void outerBlocks6(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, 5 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
    }
  }

  private static void outerBlocks7(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, 5 * LANES);
    FloatVector c6 = FloatVector.fromArray(SPECIES, coeff, 6 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      a.fma(c6, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES);
    }
  }

  private static void outerBlocks8(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, 5 * LANES);
    FloatVector c6 = FloatVector.fromArray(SPECIES, coeff, 6 * LANES);
    FloatVector c7 = FloatVector.fromArray(SPECIES, coeff, 7 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      a.fma(c6, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES);
      a.fma(c7, FloatVector.fromArray(SPECIES, rows, base + 7 * LANES)).intoArray(rows, base + 7 * LANES);
    }
  }

  static void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int stride, int width) {
    int full = DSPECIES.loopBound(width);
    // pad lanes past width must stay untouched, so a partial last block is masked on load and store
    VectorMask<Double> tailMask = DSPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      // alpha·x_k rounded to double first, as the scalar specification does
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      int j = 0;
      for (; j < full; j += DLANES) {
        DoubleVector.fromArray(DSPECIES, rows, base + j).add(a.mul(DoubleVector.fromArray(DSPECIES, coeff, j)))
            .intoArray(rows, base + j);
      }
      if (j < width) {
        DoubleVector.fromArray(DSPECIES, rows, base + j, tailMask).add(a.mul(DoubleVector.fromArray(DSPECIES, coeff, j, tailMask)))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }
}
