package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The double-row kernels of {@link VectorOps} ({@code Precision.DOUBLE} learners): Panama against the
 * scalar specification bit for bit, and both within a few ulps (u = 2^-53) of a naive double loop, for every
 * row width 0..4·lanes+3 of the widest species plus large ones, with unpadded, 16-padded and randomly padded
 * strides; lanes past the width (NaN here) and rows x does not touch must stay untouched. Skipped when the
 * Vector API is unavailable, unless {@code -Dalt.tests.requireSimd=true}; the width under test follows
 * {@code -Dalt.tests.vectorBits}. Reproduce with {@code -Dalt.tests.seed=...}.
 */
class PanamaDoubleVectorOpsTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 0xD0B1EL);
  /** Lanes of the widest float species tested (512 bits), as in {@link PanamaVectorOpsTest}. */
  private static final int MAX_LANES = 16;
  private static final double U = 0x1p-53;
  private static final VectorOps SCALAR = ScalarVectorOps.INSTANCE;
  private static VectorOps panama;

  @BeforeAll
  static void loadPanama() {
    panama = VectorizationProvider.panamaOrNull();
    if (panama == null && Boolean.getBoolean("alt.tests.requireSimd")) {
      fail("-Dalt.tests.requireSimd=true but the Panama kernels are unavailable");
    }
    assumeTrue(panama != null, "Vector API unavailable: run with --add-modules jdk.incubator.vector");
  }

  static IntStream widths() {
    return IntStream.concat(IntStream.rangeClosed(0, 4 * MAX_LANES + 3), IntStream.of(80, 96, 102, 110, 112, 128, 144, 160, 207, 229, 314, 702));
  }

  static IntStream lengths() {
    return IntStream.concat(IntStream.rangeClosed(0, 4 * MAX_LANES + 3), IntStream.of(102, 207, 300, 702, 4098));
  }

  /** One random case: double rows with NaN pad lanes, a sparse float x between NaN junk entries. */
  private static final class Case {
    final long seed;
    final int stride;
    final int off;
    final int nnz;
    final int[] entryOf;
    final int[] idx;
    final float[] val;
    final double[] rows;
    final double[] coeff;
    final String where;

    Case(String op, int width, int variant) {
      this.seed = SEED * 131 + width * 1009L + variant * 17L;
      SplittableRandom r = new SplittableRandom(seed);
      int padded = (width + MAX_LANES - 1) / MAX_LANES * MAX_LANES;
      this.stride = switch (variant % 3) {
        case 0 -> width;
        case 1 -> Math.max(padded, width);
        default -> width + r.nextInt(1, 21);
      };
      this.nnz = variant == 0 ? 0 : r.nextInt(0, 60);
      int numRows = nnz + r.nextInt(1, 30);
      this.entryOf = new int[numRows];
      Arrays.fill(entryOf, -1);
      this.off = r.nextInt(0, 4);
      this.idx = new int[off + nnz + 3];
      this.val = new float[idx.length];
      Arrays.fill(val, Float.NaN);
      int[] perm = IntStream.range(0, numRows).toArray();
      for (int k = 0; k < nnz; k++) {
        int swap = r.nextInt(k, numRows);
        int t = perm[k];
        perm[k] = perm[swap];
        perm[swap] = t;
        idx[off + k] = perm[k];
        entryOf[perm[k]] = off + k;
        val[off + k] = variant == 4 ? 0f : (float) (r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-3, 4)));
      }
      this.rows = new double[numRows * stride];
      Arrays.fill(rows, Double.NaN);
      for (int f = 0; f < numRows; f++) {
        for (int j = 0; j < width; j++) {
          rows[f * stride + j] = r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-8, 9)); // not float-representable
        }
      }
      this.coeff = new double[width + r.nextInt(0, 3)];
      Arrays.fill(coeff, Double.NaN);
      for (int j = 0; j < width; j++) {
        coeff[j] = r.nextDouble(-1, 1);
      }
      this.where = op + " width=" + width + " stride=" + stride + " nnz=" + nnz + " off=" + off + " seed=" + seed;
    }
  }

  private static void assertBitsEqual(double[] expected, double[] actual, String where) {
    assertEquals(expected.length, actual.length, where);
    for (int i = 0; i < expected.length; i++) {
      if (Double.doubleToRawLongBits(expected[i]) != Double.doubleToRawLongBits(actual[i])) {
        fail(where + ": element " + i + " scalar " + expected[i] + " panama " + actual[i]);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void axpyIsBitIdenticalToScalar(int n) {
    long seed = SEED + n;
    SplittableRandom r = new SplittableRandom(seed);
    double alpha = r.nextDouble(-2, 2);
    int xOff = r.nextInt(3);
    int yOff = r.nextInt(3);
    double[] x = new double[xOff + n + 2];
    double[] y0 = new double[yOff + n + 2];
    Arrays.fill(x, Double.NaN);
    Arrays.fill(y0, Double.NaN);
    for (int i = 0; i < n; i++) {
      x[xOff + i] = r.nextDouble(-1, 1);
      y0[yOff + i] = r.nextDouble(-1, 1);
    }
    double[] ys = y0.clone();
    double[] yp = y0.clone();
    SCALAR.axpy(alpha, x, xOff, ys, yOff, n);
    panama.axpy(alpha, x, xOff, yp, yOff, n);
    String where = "axpy(double) n=" + n + " seed=" + seed;
    assertBitsEqual(ys, yp, where);
    for (int i = 0; i < y0.length; i++) {
      if (i < yOff || i >= yOff + n) {
        assertEquals(Double.doubleToRawLongBits(y0[i]), Double.doubleToRawLongBits(yp[i]), where + ": element " + i + " outside the range changed");
      } else {
        double naive = alpha * x[xOff + i - yOff] + y0[i];
        double bound = 2 * U * (Math.abs(alpha * x[xOff + i - yOff]) + Math.abs(y0[i])) + Double.MIN_VALUE;
        if (!(Math.abs(yp[i] - naive) <= bound)) {
          fail(where + ": element " + i + " " + yp[i] + " naive " + naive);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void scaleIsBitIdenticalToScalar(int n) {
    long seed = SEED + 7 * n;
    SplittableRandom r = new SplittableRandom(seed);
    double alpha = r.nextDouble(-3, 3);
    int off = r.nextInt(3);
    double[] x0 = new double[off + n + 2];
    Arrays.fill(x0, Double.NaN);
    for (int i = 0; i < n; i++) {
      x0[off + i] = r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-8, 9));
    }
    double[] xs = x0.clone();
    double[] xp = x0.clone();
    SCALAR.scale(alpha, xs, off, n);
    panama.scale(alpha, xp, off, n);
    String where = "scale(double) n=" + n + " seed=" + seed;
    assertBitsEqual(xs, xp, where);
    for (int i = 0; i < x0.length; i++) {
      boolean inside = i >= off && i < off + n;
      if (!inside && Double.doubleToRawLongBits(x0[i]) != Double.doubleToRawLongBits(xp[i])) {
        fail(where + ": element " + i + " outside the range changed");
      }
      if (inside && !(Math.abs(xp[i] - x0[i] * alpha) <= U * Math.abs(x0[i] * alpha))) {
        fail(where + ": element " + i + " " + xp[i]);
      }
    }
  }

  /** Value scales of the reduction inputs: ordinary, and wide-ranging (cancellation-prone). */
  private static double reductionValue(SplittableRandom r, boolean wide) {
    return wide ? r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-8, 9)) : r.nextDouble(-1, 1);
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void dotAndSquaredDistanceMatchScalarWithinTheBound(int n) {
    for (int variant = 0; variant < 3; variant++) {
      long seed = SEED * 17 + n * 31L + variant;
      SplittableRandom r = new SplittableRandom(seed);
      int aOff = r.nextInt(3);
      int bOff = r.nextInt(3);
      double[] a = new double[aOff + n + r.nextInt(3)];
      double[] b = new double[bOff + n + r.nextInt(3)];
      Arrays.fill(a, Double.NaN);
      Arrays.fill(b, Double.NaN);
      for (int i = 0; i < n; i++) {
        // variant 2: small integers, whose every product and partial sum is exact in any order
        a[aOff + i] = variant == 2 ? r.nextInt(-8, 9) : reductionValue(r, variant == 1);
        b[bOff + i] = variant == 2 ? r.nextInt(-8, 9) : (i % 3 == 0 ? a[aOff + i] * 0.999 : reductionValue(r, variant == 1));
      }
      String where = "n=" + n + " variant=" + variant + " seed=" + seed;
      double dotS = SCALAR.dot(a, aOff, b, bOff, n);
      double dotP = panama.dot(a, aOff, b, bOff, n);
      double distS = SCALAR.squaredDistance(a, aOff, b, bOff, n);
      double distP = panama.squaredDistance(a, aOff, b, bOff, n);
      double sumAbs = 0;
      double dist = 0;
      for (int i = 0; i < n; i++) {
        sumAbs += Math.abs(a[aOff + i] * b[bOff + i]);
        double d = a[aOff + i] - b[bOff + i];
        dist += d * d;
      }
      if (variant == 2) {
        assertEquals(dotS, dotP, "dot(double) " + where);
        assertEquals(distS, distP, "squaredDistance(double) " + where);
        continue;
      }
      // any summation order is within (n+1)·u·Σ|terms| of the exact sum: 2× that between two orders
      double dotBound = 2 * (n + 1) * U * sumAbs + Double.MIN_NORMAL;
      double distBound = 2 * (n + 3) * U * dist + Double.MIN_NORMAL;
      if (!(Math.abs(dotS - dotP) <= dotBound)) {
        fail("dot(double) " + where + ": scalar " + dotS + " panama " + dotP + " bound " + dotBound);
      }
      if (!(Math.abs(distS - distP) <= distBound)) {
        fail("squaredDistance(double) " + where + ": scalar " + distS + " panama " + distP + " bound " + distBound);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void sparseTimesRowsIsBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      Case c = new Case("sparseTimesRows(double)", width, variant);
      double[] outS = new double[width + 5];
      Arrays.fill(outS, 42.0);
      double[] outP = outS.clone();
      SCALAR.sparseTimesRows(c.idx, c.val, c.off, c.nnz, c.rows, 0, c.stride, outS, width);
      panama.sparseTimesRows(c.idx, c.val, c.off, c.nnz, c.rows, 0, c.stride, outP, width);
      assertBitsEqual(outS, outP, c.where);
      for (int j = 0; j < outP.length; j++) {
        if (j >= width) {
          assertEquals(42.0, outP[j], c.where + ": out[" + j + "] past width changed");
          continue;
        }
        double naive = 0;
        double sumAbs = 0;
        for (int k = c.off; k < c.off + c.nnz; k++) {
          double t = c.val[k] * c.rows[c.idx[k] * c.stride + j];
          naive += t;
          sumAbs += Math.abs(t);
        }
        // both the fused and the naive loop are within (nnz+1)·u·Σ|t| of the exact sum
        double bound = 2 * (c.nnz + 1) * U * sumAbs + c.nnz * Double.MIN_NORMAL;
        if (!(Math.abs(outP[j] - naive) <= bound)) {
          fail(c.where + ": out[" + j + "] " + outP[j] + " naive " + naive);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void addSparseOuterIsBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      Case c = new Case("addSparseOuter(double)", width, variant);
      double alpha = new SplittableRandom(c.seed).nextDouble(-1.5, 1.5);
      double[] rowsS = c.rows.clone();
      double[] rowsP = c.rows.clone();
      SCALAR.addSparseOuter(c.idx, c.val, c.off, c.nnz, alpha, c.coeff, rowsS, 0, c.stride, width);
      panama.addSparseOuter(c.idx, c.val, c.off, c.nnz, alpha, c.coeff, rowsP, 0, c.stride, width);
      assertBitsEqual(rowsS, rowsP, c.where);
      for (int i = 0; i < rowsP.length; i++) {
        int f = i / Math.max(1, c.stride);
        int j = i - f * c.stride;
        if (c.entryOf[f] < 0 || j >= width) {
          if (Double.doubleToRawLongBits(c.rows[i]) != Double.doubleToRawLongBits(rowsP[i])) {
            fail(c.where + ": untouched lane " + i + " changed");
          }
          continue;
        }
        double a = alpha * c.val[c.entryOf[f]];
        double naive = a * c.coeff[j] + c.rows[i];
        double bound = 3 * U * (Math.abs(a * c.coeff[j]) + Math.abs(c.rows[i])) + Double.MIN_VALUE;
        if (!(Math.abs(rowsP[i] - naive) <= bound)) {
          fail(c.where + ": row " + f + " lane " + j + " " + rowsP[i] + " naive " + naive);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void adaptiveStepIsBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      Case c = new Case("adaptiveStep(double)", width, variant);
      SplittableRandom r = new SplittableRandom(c.seed ^ 0x5A17);
      double eta = r.nextDouble(0.01, 2);
      double delta = r.nextDouble(1e-3, 1);
      if (variant % 2 == 1) {
        // zero step coefficients: a whole 8-lane block and scattered lanes are skipped, never stored
        for (int j = 0; j < width; j++) {
          c.coeff[j] = j < 8 || j % 3 == 0 ? 0.0 : c.coeff[j];
        }
      }
      double[] acc0 = new double[c.rows.length];
      for (int i = 0; i < acc0.length; i++) {
        acc0[i] = i % Math.max(1, c.stride) >= width ? Double.NaN : r.nextDouble(0, 3);
      }
      double[] rowsS = c.rows.clone();
      double[] rowsP = c.rows.clone();
      double[] accS = acc0.clone();
      double[] accP = acc0.clone();
      SCALAR.adaptiveStep(c.idx, c.val, c.off, c.nnz, c.coeff, eta, delta, rowsS, accS, 0, c.stride, width);
      panama.adaptiveStep(c.idx, c.val, c.off, c.nnz, c.coeff, eta, delta, rowsP, accP, 0, c.stride, width);
      assertBitsEqual(rowsS, rowsP, c.where + " (rows)");
      assertBitsEqual(accS, accP, c.where + " (acc)");
      for (int i = 0; i < rowsP.length; i++) {
        int f = i / Math.max(1, c.stride);
        int j = i - f * c.stride;
        if (c.entryOf[f] < 0 || j >= width) {
          if (Double.doubleToRawLongBits(c.rows[i]) != Double.doubleToRawLongBits(rowsP[i])
              || Double.doubleToRawLongBits(acc0[i]) != Double.doubleToRawLongBits(accP[i])) {
            fail(c.where + ": untouched lane " + i + " changed");
          }
          continue;
        }
        double g = c.val[c.entryOf[f]] * c.coeff[j];
        double acc = acc0[i] + g * g;
        double step = eta * g / (delta + Math.sqrt(acc));
        double naiveW = c.rows[i] - step;
        if (!(Math.abs(accP[i] - acc) <= 4 * U * acc + Double.MIN_VALUE)) {
          fail(c.where + ": acc " + i + " " + accP[i] + " naive " + acc);
        }
        if (!(Math.abs(rowsP[i] - naiveW) <= 10 * U * (Math.abs(c.rows[i]) + Math.abs(step)) + Double.MIN_VALUE)) {
          fail(c.where + ": weight " + i + " " + rowsP[i] + " naive " + naiveW);
        }
      }
    }
  }
}
