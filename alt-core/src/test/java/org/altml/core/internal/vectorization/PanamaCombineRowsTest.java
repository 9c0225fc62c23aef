package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link VectorOps#combineRows} over double and float rows: Panama against the scalar specification bit for
 * bit, and both within a few ulps (u = 2^-53) of a naive double loop, for every width 0..4·lanes+3 of the
 * widest species plus large ones, with unpadded, 16-padded and randomly padded strides, arrays that end
 * right after the last row's width (no padding to over-read) or hold it, and row counts from 0 up. Pad
 * lanes hold NaN, which must never reach a stored lane; entries of out past the width must stay
 * untouched. Skipped when the Vector API is unavailable, unless {@code -Dalt.tests.requireSimd=true}; the
 * width under test follows {@code -Dalt.tests.vectorBits}. Reproduce with {@code -Dalt.tests.seed=...}.
 */
class PanamaCombineRowsTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 0xC0B1EL);
  /** Lanes of the widest float species tested (512 bits). */
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

  /** One random case; {@code float[]} and {@code double[]} rows hold the same (float-representable or not) values. */
  private static final class Case {
    final long seed;
    final int n;
    final int stride;
    final int rowsOff;
    final int coeffOff;
    final double[] coeff;
    final double[] rows;
    final float[] rowsFloat;
    final String where;

    Case(int width, int variant) {
      this.seed = SEED * 131 + width * 1009L + variant * 17L;
      SplittableRandom r = new SplittableRandom(seed);
      int padded = (width + MAX_LANES - 1) / MAX_LANES * MAX_LANES;
      this.stride = switch (variant % 3) {
        case 0 -> width;
        case 1 -> Math.max(padded, width);
        default -> width + r.nextInt(1, 21);
      };
      this.n = switch (variant) {
        case 0 -> 0;
        case 1 -> 1;
        default -> r.nextInt(2, 40);
      };
      this.rowsOff = r.nextInt(0, 4);
      this.coeffOff = r.nextInt(0, 4);
      this.coeff = new double[coeffOff + n + 2];
      Arrays.fill(coeff, Double.NaN);
      for (int k = 0; k < n; k++) {
        coeff[coeffOff + k] = variant == 5 ? 0.0 : r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-3, 4));
      }
      // odd variants end the array right after the last row's width: nothing past it to over-read
      int end = n == 0 ? rowsOff : rowsOff + (n - 1) * stride + width;
      int length = variant % 2 == 1 ? end : rowsOff + n * stride + r.nextInt(0, 3);
      this.rows = new double[Math.max(length, end)];
      this.rowsFloat = new float[rows.length];
      Arrays.fill(rows, Double.NaN);
      Arrays.fill(rowsFloat, Float.NaN);
      for (int k = 0; k < n; k++) {
        for (int j = 0; j < width; j++) {
          int at = rowsOff + k * stride + j;
          rowsFloat[at] = (float) (r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-4, 5)));
          rows[at] = r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-8, 9)); // not float-representable
        }
      }
      this.where = "width=" + width + " stride=" + stride + " n=" + n + " rowsOff=" + rowsOff + " rows.length="
          + rows.length + " seed=" + seed;
    }
  }

  private static void check(String op, Case c, int width, double[] outS, double[] outP, double[] outInitial, RowValue row) {
    for (int j = 0; j < outP.length; j++) {
      if (Double.doubleToRawLongBits(outS[j]) != Double.doubleToRawLongBits(outP[j])) {
        fail(op + " " + c.where + ": out[" + j + "] scalar " + outS[j] + " panama " + outP[j]);
      }
      if (j >= width) {
        if (Double.doubleToRawLongBits(outInitial[j]) != Double.doubleToRawLongBits(outP[j])) {
          fail(op + " " + c.where + ": out[" + j + "] past width changed");
        }
        continue;
      }
      double naive = 0;
      double sumAbs = 0;
      for (int k = 0; k < c.n; k++) {
        double t = c.coeff[c.coeffOff + k] * row.at(c.rowsOff + k * c.stride + j);
        naive += t;
        sumAbs += Math.abs(t);
      }
      if (Double.doubleToRawLongBits(naive) != Double.doubleToRawLongBits(outP[j])) {
        // the specification is this very loop: only a differently compiled order could differ, within the bound
        double bound = 2 * (c.n + 1) * U * sumAbs + c.n * Double.MIN_NORMAL;
        if (!(Math.abs(outP[j] - naive) <= bound)) {
          fail(op + " " + c.where + ": out[" + j + "] " + outP[j] + " naive " + naive);
        }
      }
    }
  }

  private interface RowValue {
    double at(int i);
  }

  @ParameterizedTest
  @MethodSource("widths")
  void doubleRowsAreBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      Case c = new Case(width, variant);
      double[] out0 = new double[width + 5];
      Arrays.fill(out0, 42.0);
      double[] outS = out0.clone();
      double[] outP = out0.clone();
      SCALAR.combineRows(c.coeff, c.coeffOff, c.n, c.rows, c.rowsOff, c.stride, outS, width);
      panama.combineRows(c.coeff, c.coeffOff, c.n, c.rows, c.rowsOff, c.stride, outP, width);
      check("combineRows(double rows)", c, width, outS, outP, out0, i -> c.rows[i]);
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void floatRowsAreBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      Case c = new Case(width, variant);
      double[] out0 = new double[width + 5];
      Arrays.fill(out0, -42.0);
      double[] outS = out0.clone();
      double[] outP = out0.clone();
      SCALAR.combineRows(c.coeff, c.coeffOff, c.n, c.rowsFloat, c.rowsOff, c.stride, outS, width);
      panama.combineRows(c.coeff, c.coeffOff, c.n, c.rowsFloat, c.rowsOff, c.stride, outP, width);
      check("combineRows(float rows)", c, width, outS, outP, out0, i -> c.rowsFloat[i]);
    }
  }
}
