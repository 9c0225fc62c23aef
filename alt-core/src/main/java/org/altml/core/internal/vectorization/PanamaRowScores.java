package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * Scores of a sparse x against feature-major rows on the Vector API ({@code sparseTimesRows}, float and
 * double rows), bit-identical to {@link ScalarVectorOps}: vector accumulators stay in registers across the
 * non-zeros, each lane summing in k order as the scalar loop does. Stateless.
 */
final class PanamaRowScores {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  /** Most vector accumulators or coefficient blocks kept in registers across the non-zeros. */
  private static final int MAX_BLOCKS = 8;

  private PanamaRowScores() {}

  static void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int stride, float[] out, int width) {
    int end = off + nnz;
    // whole-vector loads may run into a row's padding (past width, within stride): those lanes are
    // computed but never stored, so a padded row needs no masked loads
    int roundedUp = roundUpToLanes(width);
    int vectorWidth = roundedUp <= stride ? roundedUp : SPECIES.loopBound(width);
    int blocks = vectorWidth / LANES;
    // up to MAX_BLOCKS accumulators stay in registers across all non-zeros; wider rows go in groups,
    // each group one pass over the non-zeros (same per-lane order as the scalar loop)
    for (int b = 0; b < blocks; b += MAX_BLOCKS) {
      int j = b * LANES;
      switch (Math.min(MAX_BLOCKS, blocks - b)) {
        case 1 -> rowBlocks1(idx, val, off, end, rows, stride, j, out, width);
        case 2 -> rowBlocks2(idx, val, off, end, rows, stride, j, out, width);
        case 3 -> rowBlocks3(idx, val, off, end, rows, stride, j, out, width);
        case 4 -> rowBlocks4(idx, val, off, end, rows, stride, j, out, width);
        case 5 -> rowBlocks5(idx, val, off, end, rows, stride, j, out, width);
        case 6 -> rowBlocks6(idx, val, off, end, rows, stride, j, out, width);
        case 7 -> rowBlocks7(idx, val, off, end, rows, stride, j, out, width);
        default -> rowBlocks8(idx, val, off, end, rows, stride, j, out, width);
      }
    }
    // unpadded row (stride not a lane multiple): the last partial block goes through masked loads
    if (vectorWidth < width) {
      rowBlockMasked(idx, val, off, end, rows, stride, vectorWidth, out, width);
    }
  }

  private static int roundUpToLanes(int n) {
    return (n + LANES - 1) / LANES * LANES;
  }

  /** Stores the lanes of {@code acc} that fall below {@code width} at out[j..]. */
  private static void store(FloatVector acc, float[] out, int j, int width) {
    if (j + LANES <= width) {
      acc.intoArray(out, j);
    } else {
      // the block straddles width: lanes past it are padding and out may end at width
      acc.intoArray(out, j, SPECIES.indexInRange(j, width));
    }
  }

  private static void rowBlockMasked(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    VectorMask<Float> m = SPECIES.indexInRange(j, width);
    FloatVector a0 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, idx[k] * stride + j, m), a0);
    }
    a0.intoArray(out, j, m);
  }

  private static void rowBlocks1(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
    }
    store(a0, out, j, width);
  }

  private static void rowBlocks2(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
  }

  private static void rowBlocks3(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
  }

  private static void rowBlocks4(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
  }

  private static void rowBlocks5(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
  }

  private static void rowBlocks6(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
    store(a5, out, j + 5 * LANES, width);
  }

  private static void rowBlocks7(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    FloatVector a6 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
      a6 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 6 * LANES), a6);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
    store(a5, out, j + 5 * LANES, width);
    store(a6, out, j + 6 * LANES, width);
  }

  private static void rowBlocks8(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    FloatVector a6 = FloatVector.zero(SPECIES);
    FloatVector a7 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
      a6 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 6 * LANES), a6);
      a7 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 7 * LANES), a7);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
    store(a5, out, j + 5 * LANES, width);
    store(a6, out, j + 6 * LANES, width);
    store(a7, out, j + 7 * LANES, width);
  }

  static void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int stride, double[] out, int width) {
    int end = off + nnz;
    // whole-vector loads may run into a row's padding (past width, within stride): computed, never stored
    int roundedUp = (width + DLANES - 1) / DLANES * DLANES;
    int vectorWidth = roundedUp <= stride ? roundedUp : DSPECIES.loopBound(width);
    int blocks = vectorWidth / DLANES;
    // groups of 8, 4, 2, 1 accumulators stay in registers across all non-zeros, one pass per group
    // (each lane still sums in k order, as the scalar loop)
    int b = 0;
    for (; blocks - b >= 8; b += 8) {
      rowBlocksDouble8(idx, val, off, end, rows, stride, b * DLANES, out, width);
    }
    if (blocks - b >= 4) {
      rowBlocksDouble4(idx, val, off, end, rows, stride, b * DLANES, out, width);
      b += 4;
    }
    if (blocks - b >= 2) {
      rowBlocksDouble2(idx, val, off, end, rows, stride, b * DLANES, out, width);
      b += 2;
    }
    if (blocks - b >= 1) {
      rowBlocksDouble1(idx, val, off, end, rows, stride, b * DLANES, out, width);
    }
    // unpadded row (stride not a lane multiple): the last partial block goes through masked loads
    if (vectorWidth < width) {
      VectorMask<Double> m = DSPECIES.indexInRange(vectorWidth, width);
      DoubleVector a0 = DoubleVector.zero(DSPECIES);
      for (int k = off; k < end; k++) {
        DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
        a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, idx[k] * stride + vectorWidth, m)));
      }
      a0.intoArray(out, vectorWidth, m);
    }
  }

  /** Stores the lanes of {@code acc} that fall below {@code width} at out[j..]. */
  private static void store(DoubleVector acc, double[] out, int j, int width) {
    if (j + DLANES <= width) {
      acc.intoArray(out, j);
    } else {
      // the block straddles width: lanes past it are padding and out may end at width
      acc.intoArray(out, j, DSPECIES.indexInRange(j, width));
    }
  }

  private static void rowBlocksDouble1(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
    }
    store(a0, out, j, width);
  }

  private static void rowBlocksDouble2(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
    }
    store(a0, out, j, width);
    store(a1, out, j + DLANES, width);
  }

  private static void rowBlocksDouble4(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
    }
    store(a0, out, j, width);
    store(a1, out, j + DLANES, width);
    store(a2, out, j + 2 * DLANES, width);
    store(a3, out, j + 3 * DLANES, width);
  }

  private static void rowBlocksDouble8(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
      a7 = a7.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES)));
    }
    store(a0, out, j, width);
    store(a1, out, j + DLANES, width);
    store(a2, out, j + 2 * DLANES, width);
    store(a3, out, j + 3 * DLANES, width);
    store(a4, out, j + 4 * DLANES, width);
    store(a5, out, j + 5 * DLANES, width);
    store(a6, out, j + 6 * DLANES, width);
    store(a7, out, j + 7 * DLANES, width);
  }
}
