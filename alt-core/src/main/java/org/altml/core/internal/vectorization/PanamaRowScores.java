package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * Row scores on the Vector API, bit-identical to {@link ScalarVectorOps}: a sparse x against
 * feature-major rows ({@code sparseTimesRows}, float rows with fused multiply-adds, double rows with
 * multiply-then-add). Stateless.
 *
 * <p>The blocking scheme of every row kernel ({@link PanamaRowCombinations} and
 * {@link PanamaRowUpdates} follow it): a row is cut into blocks of one vector; up to
 * {@link #MAX_BLOCKS} blocks at a time (double rows at 512 bits: up to 16, see
 * {@link #passBlocksDouble}) keep one accumulator each in a register across all the terms, so
 * {@code out} is written once. Wider rows take several passes (8, 8, ..., the rest), each one walk over
 * the terms; every lane still sums its terms in k order, from 0, as the scalar loop does. Whole-vector loads may run into a row's padding (past width, within stride):
 * those lanes are computed but never stored. Without padding, the last partial block takes a pass of its
 * own with masked loads.
 *
 * <p>No helper method here takes or returns a vector: the JIT boxes a vector that crosses a call it does
 * not inline, and it did not always inline the former {@code store(vector, out, j, width)} helper
 * (700-2,900 bytes allocated per call, forks 2-10x slower).
 */
final class PanamaRowScores {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  /**
   * Most accumulators kept in registers across the terms, one per block: with the broadcast term and a
   * loaded block, 10 of AVX2's 16 vector registers.
   *
   * Every size 1..8 has its own method. Measured with VectorMathBenchmark at size 102 on an AMD EPYC
   * with AVX-512 (alt-bench/RESULTS.md section 7): keeping only 8, 4, 2 and 1 turns the 13 double blocks of
   * width 102 into three passes (8+4+1) instead of two (8+5), 15-20% slower; and every size occurs in
   * these kernels at one of the paper's L+1 (7, 15, 20, 102, 160, 229, 314), unpadded or padded to 16,
   * at 256 or 512 bits. Float rows stay at 8 per pass everywhere: their L+1 = 102 is one pass of 7 at
   * 512 bits; double rows go beyond 8 only with 512-bit vectors ({@link #passBlocksDouble}).
   */
  static final int MAX_BLOCKS = 8;

  private PanamaRowScores() {}

  /** Blocks in the next pass over the terms: all that remain, at most {@link #MAX_BLOCKS}. */
  static int passBlocks(int remaining) {
    return Math.min(MAX_BLOCKS, remaining);
  }

  /** Whether double rows may take passes of more than 8 blocks: 512-bit vectors, so 32 vector registers. */
  private static final boolean WIDE_DOUBLE_PASSES = DSPECIES.vectorBitSize() >= 512;

  /**
   * Blocks in the next pass of a double-row kernel. A double row has twice the blocks of a float one:
   * L+1 = 102 is 13 blocks at 512 bits, and the learners' width 112 (stride) 14. With 512-bit vectors
   * (AVX-512: 32 registers) those take one pass of 12 to 16 blocks instead of two of at most 8 (8+5,
   * 8+6), measured 15-22% faster at width 112 and 10% at 102 (addSparseOuter, sparseTimesRows,
   * VectorMathBenchmark, alt-bench/RESULTS.md section 7). Only the sizes the paper's widths use exist
   * above 8 (12 and 13 at 102, 14 at 112, 16 for wider rows); 9 to 11 blocks take 8 and the rest.
   */
  static int passBlocksDouble(int remaining) {
    if (!WIDE_DOUBLE_PASSES || remaining <= 11) {
      return Math.min(MAX_BLOCKS, remaining);
    }
    return remaining >= 16 ? 16 : Math.min(remaining, 14);
  }

  /** Lanes covered by whole-vector loads: width rounded up to a vector when the padding holds it, else down. */
  static int vectorWidth(int width, int lanes, boolean padded) {
    int roundedUp = (width + lanes - 1) / lanes * lanes;
    return padded ? roundedUp : width / lanes * lanes;
  }

  static void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, float[] out, int width) {
    int end = off + nnz;
    int vectorWidth = vectorWidth(width, LANES, (width + LANES - 1) / LANES * LANES <= stride);
    int blocks = vectorWidth / LANES;
    for (int b = 0, n; b < blocks; b += n) {
      n = passBlocks(blocks - b);
      switch (n) {
        case 1 -> rowBlocks1(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        case 2 -> rowBlocks2(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        case 3 -> rowBlocks3(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        case 4 -> rowBlocks4(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        case 5 -> rowBlocks5(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        case 6 -> rowBlocks6(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        case 7 -> rowBlocks7(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
        default -> rowBlocks8(idx, val, off, end, rows, rowsOff, stride, b * LANES, out, width);
      }
    }
    // unpadded rows (stride not a lane multiple): the last partial block through masked loads
    if (vectorWidth < width) {
      VectorMask<Float> m = SPECIES.indexInRange(vectorWidth, width);
      FloatVector a0 = FloatVector.zero(SPECIES);
      for (int k = off; k < end; k++) {
        FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
        a0 = v.fma(FloatVector.fromArray(SPECIES, rows, rowsOff + idx[k] * stride + vectorWidth, m), a0);
      }
      a0.intoArray(out, vectorWidth, m);
    }
  }

  static void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int rowsOff, int stride, double[] out, int width) {
    int end = off + nnz;
    int vectorWidth = vectorWidth(width, DLANES, (width + DLANES - 1) / DLANES * DLANES <= stride);
    int blocks = vectorWidth / DLANES;
    for (int b = 0, n; b < blocks; b += n) {
      n = passBlocksDouble(blocks - b);
      switch (n) {
        case 1 -> rowBlocksDouble1(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 2 -> rowBlocksDouble2(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 3 -> rowBlocksDouble3(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 4 -> rowBlocksDouble4(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 5 -> rowBlocksDouble5(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 6 -> rowBlocksDouble6(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 7 -> rowBlocksDouble7(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 8 -> rowBlocksDouble8(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 12 -> rowBlocksDouble12(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 13 -> rowBlocksDouble13(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        case 14 -> rowBlocksDouble14(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
        default -> rowBlocksDouble16(idx, val, off, end, rows, rowsOff, stride, b * DLANES, out, width);
      }
    }
    // unpadded rows: the last partial block through masked loads
    if (vectorWidth < width) {
      VectorMask<Double> m = DSPECIES.indexInRange(vectorWidth, width);
      DoubleVector a0 = DoubleVector.zero(DSPECIES);
      for (int k = off; k < end; k++) {
        DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
        a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, rowsOff + idx[k] * stride + vectorWidth, m)));
      }
      a0.intoArray(out, vectorWidth, m);
    }
  }

  // ---- the unrolled passes: blocks [j, j + n·lanes) of every row, one accumulator per block

  private static void rowBlocks1(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
    }
    if (j + LANES <= width) {
      a0.intoArray(out, j);
    } else {
      a0.intoArray(out, j, SPECIES.indexInRange(j, width));
    }
  }

  private static void rowBlocks2(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
    }
    a0.intoArray(out, j);
    if (j + 2 * LANES <= width) {
      a1.intoArray(out, j + LANES);
    } else {
      a1.intoArray(out, j + LANES, SPECIES.indexInRange(j + LANES, width));
    }
  }

  private static void rowBlocks3(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + LANES);
    if (j + 3 * LANES <= width) {
      a2.intoArray(out, j + 2 * LANES);
    } else {
      a2.intoArray(out, j + 2 * LANES, SPECIES.indexInRange(j + 2 * LANES, width));
    }
  }

  private static void rowBlocks4(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + LANES);
    a2.intoArray(out, j + 2 * LANES);
    if (j + 4 * LANES <= width) {
      a3.intoArray(out, j + 3 * LANES);
    } else {
      a3.intoArray(out, j + 3 * LANES, SPECIES.indexInRange(j + 3 * LANES, width));
    }
  }

  private static void rowBlocks5(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + LANES);
    a2.intoArray(out, j + 2 * LANES);
    a3.intoArray(out, j + 3 * LANES);
    if (j + 5 * LANES <= width) {
      a4.intoArray(out, j + 4 * LANES);
    } else {
      a4.intoArray(out, j + 4 * LANES, SPECIES.indexInRange(j + 4 * LANES, width));
    }
  }

  private static void rowBlocks6(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + LANES);
    a2.intoArray(out, j + 2 * LANES);
    a3.intoArray(out, j + 3 * LANES);
    a4.intoArray(out, j + 4 * LANES);
    if (j + 6 * LANES <= width) {
      a5.intoArray(out, j + 5 * LANES);
    } else {
      a5.intoArray(out, j + 5 * LANES, SPECIES.indexInRange(j + 5 * LANES, width));
    }
  }

  private static void rowBlocks7(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    FloatVector a6 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
      a6 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 6 * LANES), a6);
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + LANES);
    a2.intoArray(out, j + 2 * LANES);
    a3.intoArray(out, j + 3 * LANES);
    a4.intoArray(out, j + 4 * LANES);
    a5.intoArray(out, j + 5 * LANES);
    if (j + 7 * LANES <= width) {
      a6.intoArray(out, j + 6 * LANES);
    } else {
      a6.intoArray(out, j + 6 * LANES, SPECIES.indexInRange(j + 6 * LANES, width));
    }
  }

  private static void rowBlocks8(
      int[] idx, float[] val, int off, int end, float[] rows, int rowsOff, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    FloatVector a6 = FloatVector.zero(SPECIES);
    FloatVector a7 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
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
    a0.intoArray(out, j);
    a1.intoArray(out, j + LANES);
    a2.intoArray(out, j + 2 * LANES);
    a3.intoArray(out, j + 3 * LANES);
    a4.intoArray(out, j + 4 * LANES);
    a5.intoArray(out, j + 5 * LANES);
    a6.intoArray(out, j + 6 * LANES);
    if (j + 8 * LANES <= width) {
      a7.intoArray(out, j + 7 * LANES);
    } else {
      a7.intoArray(out, j + 7 * LANES, SPECIES.indexInRange(j + 7 * LANES, width));
    }
  }

  private static void rowBlocksDouble1(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
    }
    if (j + DLANES <= width) {
      a0.intoArray(out, j);
    } else {
      a0.intoArray(out, j, DSPECIES.indexInRange(j, width));
    }
  }

  private static void rowBlocksDouble2(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
    }
    a0.intoArray(out, j);
    if (j + 2 * DLANES <= width) {
      a1.intoArray(out, j + DLANES);
    } else {
      a1.intoArray(out, j + DLANES, DSPECIES.indexInRange(j + DLANES, width));
    }
  }

  private static void rowBlocksDouble3(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    if (j + 3 * DLANES <= width) {
      a2.intoArray(out, j + 2 * DLANES);
    } else {
      a2.intoArray(out, j + 2 * DLANES, DSPECIES.indexInRange(j + 2 * DLANES, width));
    }
  }

  private static void rowBlocksDouble4(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    if (j + 4 * DLANES <= width) {
      a3.intoArray(out, j + 3 * DLANES);
    } else {
      a3.intoArray(out, j + 3 * DLANES, DSPECIES.indexInRange(j + 3 * DLANES, width));
    }
  }

  private static void rowBlocksDouble5(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    if (j + 5 * DLANES <= width) {
      a4.intoArray(out, j + 4 * DLANES);
    } else {
      a4.intoArray(out, j + 4 * DLANES, DSPECIES.indexInRange(j + 4 * DLANES, width));
    }
  }

  private static void rowBlocksDouble6(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    if (j + 6 * DLANES <= width) {
      a5.intoArray(out, j + 5 * DLANES);
    } else {
      a5.intoArray(out, j + 5 * DLANES, DSPECIES.indexInRange(j + 5 * DLANES, width));
    }
  }

  private static void rowBlocksDouble7(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    a5.intoArray(out, j + 5 * DLANES);
    if (j + 7 * DLANES <= width) {
      a6.intoArray(out, j + 6 * DLANES);
    } else {
      a6.intoArray(out, j + 6 * DLANES, DSPECIES.indexInRange(j + 6 * DLANES, width));
    }
  }

  private static void rowBlocksDouble8(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
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
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    a5.intoArray(out, j + 5 * DLANES);
    a6.intoArray(out, j + 6 * DLANES);
    if (j + 8 * DLANES <= width) {
      a7.intoArray(out, j + 7 * DLANES);
    } else {
      a7.intoArray(out, j + 7 * DLANES, DSPECIES.indexInRange(j + 7 * DLANES, width));
    }
  }

  private static void rowBlocksDouble12(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    DoubleVector a8 = DoubleVector.zero(DSPECIES);
    DoubleVector a9 = DoubleVector.zero(DSPECIES);
    DoubleVector a10 = DoubleVector.zero(DSPECIES);
    DoubleVector a11 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
      a7 = a7.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES)));
      a8 = a8.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES)));
      a9 = a9.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES)));
      a10 = a10.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES)));
      a11 = a11.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    a5.intoArray(out, j + 5 * DLANES);
    a6.intoArray(out, j + 6 * DLANES);
    a7.intoArray(out, j + 7 * DLANES);
    a8.intoArray(out, j + 8 * DLANES);
    a9.intoArray(out, j + 9 * DLANES);
    a10.intoArray(out, j + 10 * DLANES);
    if (j + 12 * DLANES <= width) {
      a11.intoArray(out, j + 11 * DLANES);
    } else {
      a11.intoArray(out, j + 11 * DLANES, DSPECIES.indexInRange(j + 11 * DLANES, width));
    }
  }

  private static void rowBlocksDouble13(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    DoubleVector a8 = DoubleVector.zero(DSPECIES);
    DoubleVector a9 = DoubleVector.zero(DSPECIES);
    DoubleVector a10 = DoubleVector.zero(DSPECIES);
    DoubleVector a11 = DoubleVector.zero(DSPECIES);
    DoubleVector a12 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
      a7 = a7.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES)));
      a8 = a8.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES)));
      a9 = a9.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES)));
      a10 = a10.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES)));
      a11 = a11.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES)));
      a12 = a12.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    a5.intoArray(out, j + 5 * DLANES);
    a6.intoArray(out, j + 6 * DLANES);
    a7.intoArray(out, j + 7 * DLANES);
    a8.intoArray(out, j + 8 * DLANES);
    a9.intoArray(out, j + 9 * DLANES);
    a10.intoArray(out, j + 10 * DLANES);
    a11.intoArray(out, j + 11 * DLANES);
    if (j + 13 * DLANES <= width) {
      a12.intoArray(out, j + 12 * DLANES);
    } else {
      a12.intoArray(out, j + 12 * DLANES, DSPECIES.indexInRange(j + 12 * DLANES, width));
    }
  }

  private static void rowBlocksDouble14(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    DoubleVector a8 = DoubleVector.zero(DSPECIES);
    DoubleVector a9 = DoubleVector.zero(DSPECIES);
    DoubleVector a10 = DoubleVector.zero(DSPECIES);
    DoubleVector a11 = DoubleVector.zero(DSPECIES);
    DoubleVector a12 = DoubleVector.zero(DSPECIES);
    DoubleVector a13 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
      a7 = a7.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES)));
      a8 = a8.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES)));
      a9 = a9.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES)));
      a10 = a10.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES)));
      a11 = a11.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES)));
      a12 = a12.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES)));
      a13 = a13.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 13 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    a5.intoArray(out, j + 5 * DLANES);
    a6.intoArray(out, j + 6 * DLANES);
    a7.intoArray(out, j + 7 * DLANES);
    a8.intoArray(out, j + 8 * DLANES);
    a9.intoArray(out, j + 9 * DLANES);
    a10.intoArray(out, j + 10 * DLANES);
    a11.intoArray(out, j + 11 * DLANES);
    a12.intoArray(out, j + 12 * DLANES);
    if (j + 14 * DLANES <= width) {
      a13.intoArray(out, j + 13 * DLANES);
    } else {
      a13.intoArray(out, j + 13 * DLANES, DSPECIES.indexInRange(j + 13 * DLANES, width));
    }
  }

  private static void rowBlocksDouble16(
      int[] idx, float[] val, int off, int end, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    DoubleVector a8 = DoubleVector.zero(DSPECIES);
    DoubleVector a9 = DoubleVector.zero(DSPECIES);
    DoubleVector a10 = DoubleVector.zero(DSPECIES);
    DoubleVector a11 = DoubleVector.zero(DSPECIES);
    DoubleVector a12 = DoubleVector.zero(DSPECIES);
    DoubleVector a13 = DoubleVector.zero(DSPECIES);
    DoubleVector a14 = DoubleVector.zero(DSPECIES);
    DoubleVector a15 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
      a7 = a7.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES)));
      a8 = a8.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 8 * DLANES)));
      a9 = a9.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 9 * DLANES)));
      a10 = a10.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 10 * DLANES)));
      a11 = a11.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 11 * DLANES)));
      a12 = a12.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 12 * DLANES)));
      a13 = a13.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 13 * DLANES)));
      a14 = a14.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 14 * DLANES)));
      a15 = a15.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 15 * DLANES)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    a2.intoArray(out, j + 2 * DLANES);
    a3.intoArray(out, j + 3 * DLANES);
    a4.intoArray(out, j + 4 * DLANES);
    a5.intoArray(out, j + 5 * DLANES);
    a6.intoArray(out, j + 6 * DLANES);
    a7.intoArray(out, j + 7 * DLANES);
    a8.intoArray(out, j + 8 * DLANES);
    a9.intoArray(out, j + 9 * DLANES);
    a10.intoArray(out, j + 10 * DLANES);
    a11.intoArray(out, j + 11 * DLANES);
    a12.intoArray(out, j + 12 * DLANES);
    a13.intoArray(out, j + 13 * DLANES);
    a14.intoArray(out, j + 14 * DLANES);
    if (j + 16 * DLANES <= width) {
      a15.intoArray(out, j + 15 * DLANES);
    } else {
      a15.intoArray(out, j + 15 * DLANES, DSPECIES.indexInRange(j + 15 * DLANES, width));
    }
  }
}
