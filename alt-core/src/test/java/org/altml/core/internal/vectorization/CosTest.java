package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The toolkit's cosine ({@link ScalarVectorOps#cos(double)}, the specification): its absolute error against
 * {@link StrictMath#cos} over the reduced range (the random Fourier features' arguments in detail), its special values
 * and the fallback beyond 2^20, and the Panama version bit for bit against it, lane by lane and in tails, vectors
 * holding arguments beyond the limit included.
 */
class CosTest {
  /** Largest absolute error allowed against StrictMath.cos: two units in the last place of 1. */
  private static final double MAX_ERROR = 4.5e-16;

  @Test
  void isWithinTwoUlpsOfOneOfStrictMath() {
    SplittableRandom r = new SplittableRandom(21);
    double worst = 0;
    double worstAt = 0;
    for (int i = 0; i < 2_000_000; i++) {
      // most over rff's arguments (Ωx + b: a few units to a few hundred), some over the whole reduced range
      double x = i % 4 == 0 ? r.nextDouble(-ScalarVectorOps.COS_LIMIT, ScalarVectorOps.COS_LIMIT)
          : i % 4 == 1 ? r.nextDouble(-1000, 1000) : r.nextDouble(-20, 20);
      double e = Math.abs(ScalarVectorOps.cos(x) - StrictMath.cos(x));
      if (e > worst) {
        worst = e;
        worstAt = x;
      }
    }
    assertTrue(worst <= MAX_ERROR, "worst absolute error " + worst + " at x = " + worstAt);
    // near the zeros (odd multiples of π/2) and the extremes (multiples of π)
    for (int k = -2000; k <= 2000; k++) {
      for (double x : new double[] {k * Math.PI / 2, Math.nextUp(k * Math.PI / 2), k * Math.PI}) {
        assertTrue(Math.abs(ScalarVectorOps.cos(x) - StrictMath.cos(x)) <= MAX_ERROR, "x = " + x);
      }
    }
  }

  @Test
  void specialValuesAndTheFallback() {
    assertEquals(1.0, ScalarVectorOps.cos(0.0), 0.0);
    assertEquals(1.0, ScalarVectorOps.cos(-0.0), 0.0);
    assertEquals(1.0, ScalarVectorOps.cos(1e-9), 0.0);
    assertTrue(Double.isNaN(ScalarVectorOps.cos(Double.NaN)));
    assertTrue(Double.isNaN(ScalarVectorOps.cos(Double.POSITIVE_INFINITY)));
    assertTrue(Double.isNaN(ScalarVectorOps.cos(Double.NEGATIVE_INFINITY)));
    for (double x : new double[] {Math.nextUp(ScalarVectorOps.COS_LIMIT), 1e7, -3e12, 1e300}) {
      assertEquals(StrictMath.cos(x), ScalarVectorOps.cos(x), 0.0, "beyond the limit: StrictMath, x = " + x);
    }
    assertEquals(-1.0, ScalarVectorOps.cos(Math.PI), 1e-16);
    assertEquals(StrictMath.cos(ScalarVectorOps.COS_LIMIT), ScalarVectorOps.cos(ScalarVectorOps.COS_LIMIT), MAX_ERROR);
  }

  @Test
  void panamaMatchesTheSpecificationBitForBit() {
    VectorOps panama = SimdTests.panamaOrSkip();
    double[] specials = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Math.PI / 2, Math.PI,
        ScalarVectorOps.COS_LIMIT, -ScalarVectorOps.COS_LIMIT, Math.nextUp(ScalarVectorOps.COS_LIMIT), 1e300, Double.MIN_VALUE};
    SplittableRandom r = new SplittableRandom(22);
    for (int n = 0; n <= 45; n++) {
      double[] x = new double[n + 2];
      for (int i = 0; i < x.length; i++) {
        int pick = r.nextInt(8);
        x[i] = pick == 0 ? specials[r.nextInt(specials.length)] : pick == 1 ? r.nextDouble(-1e6, 1e6) : r.nextDouble(-50, 50);
      }
      double[] actual = x.clone();
      panama.cos(actual, 1, n);
      assertEquals(Double.doubleToRawLongBits(x[0]), Double.doubleToRawLongBits(actual[0]), "before the range");
      assertEquals(Double.doubleToRawLongBits(x[n + 1]), Double.doubleToRawLongBits(actual[n + 1]), "after the range");
      for (int i = 1; i <= n; i++) {
        double expected = ScalarVectorOps.cos(x[i]);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual[i]),
            "n " + n + ", x = " + x[i] + ": " + actual[i] + " against " + expected);
      }
    }
  }
}
