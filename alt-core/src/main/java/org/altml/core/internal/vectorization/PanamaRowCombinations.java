package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * Combinations of dense rows stored back to back with double coefficients on the Vector API
 * ({@code combineRows}: kernel scores Σ_k K_k·α_k, ELM's h·β), over double rows or float rows widened
 * exactly to double, multiply-then-add in double, bit-identical to {@link ScalarVectorOps}. Stateless.
 *
 * <p>Blocked as the double {@link PanamaRowScores} kernel: one accumulator per block in registers
 * across the rows, passes of {@link PanamaRowScores#passBlocksDouble} blocks for double rows, and no
 * helper method taking or returning a vector. Float rows keep to passes of at most 8 blocks: their
 * 16-block pass (16 widening conversions) reached C2 only after seconds of warm-up at milliseconds per
 * call, where the Vector API runs its boxing fallback. Row k starts at rowsOff + k·stride; a block past width is loaded whole only
 * when every row, the last one included, has the padding for it.
 */
final class PanamaRowCombinations {
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  /** Floats widened to one double vector per load: half the bit width of {@link #DSPECIES}, as many lanes. */
  private static final VectorSpecies<Float> HALF =
      VectorSpecies.of(float.class, VectorShape.forBitSize(DSPECIES.vectorBitSize() / 2));

  private PanamaRowCombinations() {}

  /**
   * Whether every row's block past width may be loaded whole: within its stride, and, for the last row,
   * within the array (rows stored back to back may end right after the last row's width).
   */
  private static boolean combinePadded(int n, int arrayLength, int rowsOff, int stride, int width) {
    int roundedUp = (width + DLANES - 1) / DLANES * DLANES;
    return roundedUp <= stride && rowsOff + (long) (n - 1) * stride + roundedUp <= arrayLength;
  }

  static void combineRows(double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, double[] out, int width) {
    int vectorWidth = PanamaRowScores.vectorWidth(width, DLANES, combinePadded(n, rows.length, rowsOff, stride, width));
    int blocks = vectorWidth / DLANES;
    for (int b = 0, nb; b < blocks; b += nb) {
      nb = PanamaRowScores.passBlocksDouble(blocks - b);
      switch (nb) {
        case 1 -> combineBlocksDouble1(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 2 -> combineBlocksDouble2(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 3 -> combineBlocksDouble3(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 4 -> combineBlocksDouble4(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 5 -> combineBlocksDouble5(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 6 -> combineBlocksDouble6(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 7 -> combineBlocksDouble7(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 8 -> combineBlocksDouble8(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 12 -> combineBlocksDouble12(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 13 -> combineBlocksDouble13(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 14 -> combineBlocksDouble14(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        default -> combineBlocksDouble16(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
      }
    }
    // rows without padding for a whole last block: masked loads
    if (vectorWidth < width) {
      VectorMask<Double> m = DSPECIES.indexInRange(vectorWidth, width);
      DoubleVector a0 = DoubleVector.zero(DSPECIES);
      for (int k = 0; k < n; k++) {
        DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
        a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, rowsOff + k * stride + vectorWidth, m)));
      }
      a0.intoArray(out, vectorWidth, m);
    }
  }

  static void combineRows(double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, double[] out, int width) {
    // a block of DLANES floats, loaded at half the vector width and widened exactly to one double vector
    int vectorWidth = PanamaRowScores.vectorWidth(width, DLANES, combinePadded(n, rows.length, rowsOff, stride, width));
    int blocks = vectorWidth / DLANES;
    for (int b = 0, nb; b < blocks; b += nb) {
      // at most 8 blocks per pass (see the class comment)
      nb = PanamaRowScores.passBlocks(blocks - b);
      switch (nb) {
        case 1 -> combineBlocksFloat1(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 2 -> combineBlocksFloat2(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 3 -> combineBlocksFloat3(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 4 -> combineBlocksFloat4(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 5 -> combineBlocksFloat5(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 6 -> combineBlocksFloat6(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        case 7 -> combineBlocksFloat7(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
        default -> combineBlocksFloat8(coeff, coeffOff, n, rows, rowsOff, stride, b * DLANES, out, width);
      }
    }
    // rows without padding for a whole last block: masked loads
    if (vectorWidth < width) {
      VectorMask<Double> m = DSPECIES.indexInRange(vectorWidth, width);
      VectorMask<Float> mf = HALF.indexInRange(vectorWidth, width);
      DoubleVector a0 = DoubleVector.zero(DSPECIES);
      for (int k = 0; k < n; k++) {
        DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
        DoubleVector r = (DoubleVector) FloatVector.fromArray(HALF, rows, rowsOff + k * stride + vectorWidth, mf)
            .convertShape(VectorOperators.F2D, DSPECIES, 0);
        a0 = a0.add(v.mul(r));
      }
      a0.intoArray(out, vectorWidth, m);
    }
  }

  // ---- the unrolled passes: blocks [j, j + n·lanes) of every row, one accumulator per block

  private static void combineBlocksDouble1(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
    }
    if (j + DLANES <= width) {
      a0.intoArray(out, j);
    } else {
      a0.intoArray(out, j, DSPECIES.indexInRange(j, width));
    }
  }

  private static void combineBlocksDouble2(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble3(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble4(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble5(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble6(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble7(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble8(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble12(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
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
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble13(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
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
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble14(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
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
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksDouble16(
      double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, int j, double[] out, int width) {
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
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
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

  private static void combineBlocksFloat1(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
    }
    if (j + DLANES <= width) {
      a0.intoArray(out, j);
    } else {
      a0.intoArray(out, j, DSPECIES.indexInRange(j, width));
    }
  }

  private static void combineBlocksFloat2(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
    }
    a0.intoArray(out, j);
    if (j + 2 * DLANES <= width) {
      a1.intoArray(out, j + DLANES);
    } else {
      a1.intoArray(out, j + DLANES, DSPECIES.indexInRange(j + DLANES, width));
    }
  }

  private static void combineBlocksFloat3(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a2 = a2.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
    }
    a0.intoArray(out, j);
    a1.intoArray(out, j + DLANES);
    if (j + 3 * DLANES <= width) {
      a2.intoArray(out, j + 2 * DLANES);
    } else {
      a2.intoArray(out, j + 2 * DLANES, DSPECIES.indexInRange(j + 2 * DLANES, width));
    }
  }

  private static void combineBlocksFloat4(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a2 = a2.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a3 = a3.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
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

  private static void combineBlocksFloat5(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a2 = a2.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a3 = a3.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a4 = a4.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 4 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
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

  private static void combineBlocksFloat6(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a2 = a2.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a3 = a3.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a4 = a4.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 4 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a5 = a5.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 5 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
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

  private static void combineBlocksFloat7(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a2 = a2.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a3 = a3.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a4 = a4.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 4 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a5 = a5.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 5 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a6 = a6.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 6 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
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

  private static void combineBlocksFloat8(
      double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, coeff[coeffOff + k]);
      a0 = a0.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a1 = a1.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a2 = a2.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a3 = a3.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a4 = a4.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 4 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a5 = a5.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 5 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a6 = a6.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 6 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      a7 = a7.add(v.mul((DoubleVector) FloatVector.fromArray(HALF, rows, base + 7 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
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
}
