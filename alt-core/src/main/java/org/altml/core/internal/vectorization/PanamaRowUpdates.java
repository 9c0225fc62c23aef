package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * Rank-one updates of the rows a sparse x touches on the Vector API ({@code addSparseOuter}, float rows
 * with fused multiply-adds, double rows with multiply-then-add), bit-identical to
 * {@link ScalarVectorOps}: every lane of a touched row is updated once, with the scalar operations.
 * Stateless.
 *
 * <p>Blocking as in {@link PanamaRowScores}: the coefficient blocks of a pass are loaded once and stay in
 * registers across the non-zeros (reloading them for every row made the double kernel 1.5x slower at
 * width 102), passes of {@link PanamaRowScores#passBlocks} float or
 * {@link PanamaRowScores#passBlocksDouble} double blocks, for the same reasons. The partial block past the last whole one is updated in the last pass, whole-vector
 * load and masked store (a pass of its own cost the double kernel about 20% at width 102, the float one
 * nothing measurable); pad lanes are never written.
 *
 * <p>No helper method here takes or returns a vector (see {@link PanamaRowScores}).
 */
final class PanamaRowUpdates {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  private PanamaRowUpdates() {}

  static void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int width) {
    int end = off + nnz;
    int full = SPECIES.loopBound(width);
    int blocks = full / LANES;
    // a partial last block (width not a lane multiple, e.g. L+1 = 102) joins the last pass when the row's
    // padding can hold a whole-vector load; otherwise (or with no whole block) it takes its own pass
    boolean wholeLoad = full + LANES <= stride;
    boolean tail = full < width && wholeLoad && blocks > 0;
    if (full < width && !tail) {
      VectorMask<Float> m = SPECIES.indexInRange(full, width);
      FloatVector c = FloatVector.fromArray(SPECIES, coeff, full, m);
      if (wholeLoad) {
        for (int k = off; k < end; k++) {
          int at = rowsOff + idx[k] * stride + full;
          // alpha·x_k rounded to float first, as the scalar specification does
          FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
          FloatVector r = FloatVector.fromArray(SPECIES, rows, at);
          a.fma(c, r).intoArray(rows, at, m);
        }
      } else {
        // no padding: masked load as well as masked store
        for (int k = off; k < end; k++) {
          int at = rowsOff + idx[k] * stride + full;
          FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
          FloatVector r = FloatVector.fromArray(SPECIES, rows, at, m);
          a.fma(c, r).intoArray(rows, at, m);
        }
      }
    }
    for (int b = 0, n; b < blocks; b += n) {
      n = PanamaRowScores.passBlocks(blocks - b);
      switch (n) {
        case 1 -> outerBlocks1(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        case 2 -> outerBlocks2(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        case 3 -> outerBlocks3(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        case 4 -> outerBlocks4(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        case 5 -> outerBlocks5(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        case 6 -> outerBlocks6(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        case 7 -> outerBlocks7(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
        default -> outerBlocks8(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * LANES, tail && b + n == blocks, width);
      }
    }
  }

  static void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int width) {
    int end = off + nnz;
    int full = DSPECIES.loopBound(width);
    int blocks = full / DLANES;
    // a partial last block (width not a lane multiple, e.g. L+1 = 102) joins the last pass when the row's
    // padding can hold a whole-vector load; otherwise (or with no whole block) it takes its own pass
    boolean wholeLoad = full + DLANES <= stride;
    boolean tail = full < width && wholeLoad && blocks > 0;
    if (full < width && !tail) {
      VectorMask<Double> m = DSPECIES.indexInRange(full, width);
      DoubleVector c = DoubleVector.fromArray(DSPECIES, coeff, full, m);
      if (wholeLoad) {
        for (int k = off; k < end; k++) {
          int at = rowsOff + idx[k] * stride + full;
          // alpha·x_k rounded to double first, as the scalar specification does
          DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
          DoubleVector r = DoubleVector.fromArray(DSPECIES, rows, at);
          r.add(a.mul(c)).intoArray(rows, at, m);
        }
      } else {
        // no padding: masked load as well as masked store
        for (int k = off; k < end; k++) {
          int at = rowsOff + idx[k] * stride + full;
          DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
          DoubleVector r = DoubleVector.fromArray(DSPECIES, rows, at, m);
          r.add(a.mul(c)).intoArray(rows, at, m);
        }
      }
    }
    for (int b = 0, n; b < blocks; b += n) {
      n = PanamaRowScores.passBlocksDouble(blocks - b);
      switch (n) {
        case 1 -> outerBlocksDouble1(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 2 -> outerBlocksDouble2(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 3 -> outerBlocksDouble3(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 4 -> outerBlocksDouble4(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 5 -> outerBlocksDouble5(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 6 -> outerBlocksDouble6(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 7 -> outerBlocksDouble7(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 8 -> outerBlocksDouble8(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 12 -> outerBlocksDouble12(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 13 -> outerBlocksDouble13(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        case 14 -> outerBlocksDouble14(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
        default -> outerBlocksDouble16(idx, val, off, end, alpha, coeff, rows, rowsOff, stride, b * DLANES, tail && b + n == blocks, width);
      }
    }
  }

  // ---- the unrolled passes: whole blocks [j, j + n·lanes) of every touched row, and with tail the
  // partial block after them (its mask is all-false and its loop branch never taken otherwise; the JIT
  // unswitches the loop on the invariant flag)

  private static void outerBlocks1(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES, m);
      }
    }
  }

  private static void outerBlocks2(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 2 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES, m);
      }
    }
  }

  private static void outerBlocks3(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, j + 2 * LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 3 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES, m);
      }
    }
  }

  private static void outerBlocks4(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, j + 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, j + 3 * LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 4 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES, m);
      }
    }
  }

  private static void outerBlocks5(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, j + 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, j + 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, j + 4 * LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 5 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES, m);
      }
    }
  }

  private static void outerBlocks6(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, j + 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, j + 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, j + 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, j + 5 * LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 6 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES, m);
      }
    }
  }

  private static void outerBlocks7(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, j + 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, j + 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, j + 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, j + 5 * LANES);
    FloatVector c6 = FloatVector.fromArray(SPECIES, coeff, j + 6 * LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 7 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      a.fma(c6, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 7 * LANES)).intoArray(rows, base + 7 * LANES, m);
      }
    }
  }

  private static void outerBlocks8(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, j);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, j + LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, j + 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, j + 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, j + 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, j + 5 * LANES);
    FloatVector c6 = FloatVector.fromArray(SPECIES, coeff, j + 6 * LANES);
    FloatVector c7 = FloatVector.fromArray(SPECIES, coeff, j + 7 * LANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 8 * LANES : j;
    VectorMask<Float> m = SPECIES.indexInRange(t, tail ? width : t);
    FloatVector ct = FloatVector.fromArray(SPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      a.fma(c6, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES);
      a.fma(c7, FloatVector.fromArray(SPECIES, rows, base + 7 * LANES)).intoArray(rows, base + 7 * LANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        a.fma(ct, FloatVector.fromArray(SPECIES, rows, base + 8 * LANES)).intoArray(rows, base + 8 * LANES, m);
      }
    }
  }

  private static void outerBlocksDouble1(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(ct)).intoArray(rows, base + DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble2(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 2 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(ct)).intoArray(rows, base + 2 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble3(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 3 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(ct)).intoArray(rows, base + 3 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble4(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 4 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(ct)).intoArray(rows, base + 4 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble5(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 5 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(ct)).intoArray(rows, base + 5 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble6(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 6 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(ct)).intoArray(rows, base + 6 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble7(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    DoubleVector c6 = DoubleVector.fromArray(DSPECIES, coeff, j + 6 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 7 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(c6)).intoArray(rows, base + 6 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES).add(a.mul(ct)).intoArray(rows, base + 7 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble8(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    DoubleVector c6 = DoubleVector.fromArray(DSPECIES, coeff, j + 6 * DLANES);
    DoubleVector c7 = DoubleVector.fromArray(DSPECIES, coeff, j + 7 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 8 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(c6)).intoArray(rows, base + 6 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES).add(a.mul(c7)).intoArray(rows, base + 7 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES).add(a.mul(ct)).intoArray(rows, base + 8 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble12(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    DoubleVector c6 = DoubleVector.fromArray(DSPECIES, coeff, j + 6 * DLANES);
    DoubleVector c7 = DoubleVector.fromArray(DSPECIES, coeff, j + 7 * DLANES);
    DoubleVector c8 = DoubleVector.fromArray(DSPECIES, coeff, j + 8 * DLANES);
    DoubleVector c9 = DoubleVector.fromArray(DSPECIES, coeff, j + 9 * DLANES);
    DoubleVector c10 = DoubleVector.fromArray(DSPECIES, coeff, j + 10 * DLANES);
    DoubleVector c11 = DoubleVector.fromArray(DSPECIES, coeff, j + 11 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 12 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(c6)).intoArray(rows, base + 6 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES).add(a.mul(c7)).intoArray(rows, base + 7 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES).add(a.mul(c8)).intoArray(rows, base + 8 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES).add(a.mul(c9)).intoArray(rows, base + 9 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES).add(a.mul(c10)).intoArray(rows, base + 10 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES).add(a.mul(c11)).intoArray(rows, base + 11 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES).add(a.mul(ct)).intoArray(rows, base + 12 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble13(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    DoubleVector c6 = DoubleVector.fromArray(DSPECIES, coeff, j + 6 * DLANES);
    DoubleVector c7 = DoubleVector.fromArray(DSPECIES, coeff, j + 7 * DLANES);
    DoubleVector c8 = DoubleVector.fromArray(DSPECIES, coeff, j + 8 * DLANES);
    DoubleVector c9 = DoubleVector.fromArray(DSPECIES, coeff, j + 9 * DLANES);
    DoubleVector c10 = DoubleVector.fromArray(DSPECIES, coeff, j + 10 * DLANES);
    DoubleVector c11 = DoubleVector.fromArray(DSPECIES, coeff, j + 11 * DLANES);
    DoubleVector c12 = DoubleVector.fromArray(DSPECIES, coeff, j + 12 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 13 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(c6)).intoArray(rows, base + 6 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES).add(a.mul(c7)).intoArray(rows, base + 7 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES).add(a.mul(c8)).intoArray(rows, base + 8 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES).add(a.mul(c9)).intoArray(rows, base + 9 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES).add(a.mul(c10)).intoArray(rows, base + 10 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES).add(a.mul(c11)).intoArray(rows, base + 11 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES).add(a.mul(c12)).intoArray(rows, base + 12 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 13 * DLANES).add(a.mul(ct)).intoArray(rows, base + 13 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble14(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    DoubleVector c6 = DoubleVector.fromArray(DSPECIES, coeff, j + 6 * DLANES);
    DoubleVector c7 = DoubleVector.fromArray(DSPECIES, coeff, j + 7 * DLANES);
    DoubleVector c8 = DoubleVector.fromArray(DSPECIES, coeff, j + 8 * DLANES);
    DoubleVector c9 = DoubleVector.fromArray(DSPECIES, coeff, j + 9 * DLANES);
    DoubleVector c10 = DoubleVector.fromArray(DSPECIES, coeff, j + 10 * DLANES);
    DoubleVector c11 = DoubleVector.fromArray(DSPECIES, coeff, j + 11 * DLANES);
    DoubleVector c12 = DoubleVector.fromArray(DSPECIES, coeff, j + 12 * DLANES);
    DoubleVector c13 = DoubleVector.fromArray(DSPECIES, coeff, j + 13 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 14 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(c6)).intoArray(rows, base + 6 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES).add(a.mul(c7)).intoArray(rows, base + 7 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES).add(a.mul(c8)).intoArray(rows, base + 8 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES).add(a.mul(c9)).intoArray(rows, base + 9 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES).add(a.mul(c10)).intoArray(rows, base + 10 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES).add(a.mul(c11)).intoArray(rows, base + 11 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES).add(a.mul(c12)).intoArray(rows, base + 12 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 13 * DLANES).add(a.mul(c13)).intoArray(rows, base + 13 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 14 * DLANES).add(a.mul(ct)).intoArray(rows, base + 14 * DLANES, m);
      }
    }
  }

  private static void outerBlocksDouble16(
      int[] idx, float[] val, int off, int end, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int j, boolean tail, int width) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, coeff, j);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, coeff, j + DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, coeff, j + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, coeff, j + 3 * DLANES);
    DoubleVector c4 = DoubleVector.fromArray(DSPECIES, coeff, j + 4 * DLANES);
    DoubleVector c5 = DoubleVector.fromArray(DSPECIES, coeff, j + 5 * DLANES);
    DoubleVector c6 = DoubleVector.fromArray(DSPECIES, coeff, j + 6 * DLANES);
    DoubleVector c7 = DoubleVector.fromArray(DSPECIES, coeff, j + 7 * DLANES);
    DoubleVector c8 = DoubleVector.fromArray(DSPECIES, coeff, j + 8 * DLANES);
    DoubleVector c9 = DoubleVector.fromArray(DSPECIES, coeff, j + 9 * DLANES);
    DoubleVector c10 = DoubleVector.fromArray(DSPECIES, coeff, j + 10 * DLANES);
    DoubleVector c11 = DoubleVector.fromArray(DSPECIES, coeff, j + 11 * DLANES);
    DoubleVector c12 = DoubleVector.fromArray(DSPECIES, coeff, j + 12 * DLANES);
    DoubleVector c13 = DoubleVector.fromArray(DSPECIES, coeff, j + 13 * DLANES);
    DoubleVector c14 = DoubleVector.fromArray(DSPECIES, coeff, j + 14 * DLANES);
    DoubleVector c15 = DoubleVector.fromArray(DSPECIES, coeff, j + 15 * DLANES);
    // the partial block after the whole ones; without tail an all-false mask at j, in range
    int t = tail ? j + 16 * DLANES : j;
    VectorMask<Double> m = DSPECIES.indexInRange(t, tail ? width : t);
    DoubleVector ct = DoubleVector.fromArray(DSPECIES, coeff, t, m);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      DoubleVector.fromArray(DSPECIES, rows, base).add(a.mul(c0)).intoArray(rows, base);
      DoubleVector.fromArray(DSPECIES, rows, base + DLANES).add(a.mul(c1)).intoArray(rows, base + DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES).add(a.mul(c2)).intoArray(rows, base + 2 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES).add(a.mul(c3)).intoArray(rows, base + 3 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES).add(a.mul(c4)).intoArray(rows, base + 4 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES).add(a.mul(c5)).intoArray(rows, base + 5 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES).add(a.mul(c6)).intoArray(rows, base + 6 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES).add(a.mul(c7)).intoArray(rows, base + 7 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES).add(a.mul(c8)).intoArray(rows, base + 8 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES).add(a.mul(c9)).intoArray(rows, base + 9 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES).add(a.mul(c10)).intoArray(rows, base + 10 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES).add(a.mul(c11)).intoArray(rows, base + 11 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES).add(a.mul(c12)).intoArray(rows, base + 12 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 13 * DLANES).add(a.mul(c13)).intoArray(rows, base + 13 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 14 * DLANES).add(a.mul(c14)).intoArray(rows, base + 14 * DLANES);
      DoubleVector.fromArray(DSPECIES, rows, base + 15 * DLANES).add(a.mul(c15)).intoArray(rows, base + 15 * DLANES);
      if (tail) {
        // whole-vector load inside the row's padding; only the lanes below width are stored
        DoubleVector.fromArray(DSPECIES, rows, base + 16 * DLANES).add(a.mul(ct)).intoArray(rows, base + 16 * DLANES, m);
      }
    }
  }
}
