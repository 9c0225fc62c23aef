package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The toolkit's exponential ({@link ScalarVectorOps#exp(double)}, the specification): its accuracy against
 * {@link StrictMath#exp} (fdlibm, below one unit in the last place) over the whole finite range, the RBF
 * kernel's range in detail, its special values, and the Panama version bit for bit against it, lane by lane
 * and in masked tails, including the special values; the same for the float exponential ({@link
 * ScalarVectorOps#exp(float)}) against StrictMath.exp rounded to float.
 */
class ExpTest {
  /** Largest error allowed against StrictMath.exp, in units in the last place of the result. */
  private static final double MAX_ULPS = 2.0;

  private static double ulpsOff(double x) {
    double expected = StrictMath.exp(x);
    double actual = ScalarVectorOps.exp(x);
    if (expected == actual) {
      return 0;
    }
    return Math.abs(actual - expected) / Math.ulp(expected);
  }

  @Test
  void isWithinTwoUlpsOfStrictMathEverywhereItIsFinite() {
    SplittableRandom r = new SplittableRandom(7);
    double worst = 0;
    double worstAt = 0;
    for (int i = 0; i < 2_000_000; i++) {
      // half over the RBF kernel's arguments (−d²/2σ², mostly in [−50, 0]), half over the whole normal range
      double x = i % 2 == 0 ? -r.nextDouble() * 50 : r.nextDouble(-708.0, 709.7);
      double u = ulpsOff(x);
      if (u > worst) {
        worst = u;
        worstAt = x;
      }
    }
    assertTrue(worst <= MAX_ULPS, "worst error " + worst + " ulps at x = " + worstAt);
  }

  @Test
  void subnormalResultsRoundOnce() {
    // e^x for x in (−745.13, −708.4) is subnormal: the result must be the correctly scaled value rounded once
    SplittableRandom r = new SplittableRandom(8);
    for (int i = 0; i < 100_000; i++) {
      double x = r.nextDouble(-745.0, -708.4);
      double expected = StrictMath.exp(x);
      double actual = ScalarVectorOps.exp(x);
      // an absolute error of at most two subnormal steps (Double.MIN_VALUE) plus the relative bound
      assertTrue(Math.abs(actual - expected) <= 2 * Double.MIN_VALUE + MAX_ULPS * Math.ulp(expected),
          "x = " + x + ": " + actual + " against " + expected);
    }
  }

  @Test
  void specialValues() {
    assertEquals(1.0, ScalarVectorOps.exp(0.0), 0.0);
    assertEquals(1.0, ScalarVectorOps.exp(-0.0), 0.0);
    assertEquals(Math.E, ScalarVectorOps.exp(1.0), Math.ulp(Math.E));
    assertEquals(0.0, ScalarVectorOps.exp(Double.NEGATIVE_INFINITY), 0.0);
    assertEquals(0.0, ScalarVectorOps.exp(-746.5), 0.0);
    assertEquals(0.0, ScalarVectorOps.exp(-1e300), 0.0);
    assertEquals(Double.POSITIVE_INFINITY, ScalarVectorOps.exp(Double.POSITIVE_INFINITY), 0.0);
    assertEquals(Double.POSITIVE_INFINITY, ScalarVectorOps.exp(709.8), 0.0);
    assertEquals(Double.POSITIVE_INFINITY, ScalarVectorOps.exp(1e300), 0.0);
    assertTrue(Double.isNaN(ScalarVectorOps.exp(Double.NaN)));
    double top = ScalarVectorOps.exp(ScalarVectorOps.EXP_HIGHEST);
    assertTrue(Double.isFinite(top) && top > 1.79e308, "e^ln(MAX_VALUE) = " + top);
    assertTrue(ScalarVectorOps.exp(-745.0) > 0, "e^-745 is the smallest subnormals, not 0");
    assertEquals(StrictMath.exp(-745.0), ScalarVectorOps.exp(-745.0), 0.0);
  }

  @Test
  void panamaMatchesTheSpecificationBitForBit() {
    VectorOps panama = SimdTests.panamaOrSkip();
    double[] specials = {0.0, -0.0, 1.0, -1.0, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -746.0,
        -745.9, -745.13, -745.0, -708.4, 709.78, ScalarVectorOps.EXP_HIGHEST, Math.nextUp(ScalarVectorOps.EXP_HIGHEST), 1e300,
        -1e300, 0.5 * Math.log(2), -0.5 * Math.log(2), Double.MIN_VALUE, -Double.MIN_VALUE};
    SplittableRandom r = new SplittableRandom(9);
    for (int n = 0; n <= 45; n++) {
      double[] x = new double[n + 2];
      for (int i = 0; i < x.length; i++) {
        int pick = r.nextInt(4);
        x[i] = pick == 0 ? specials[r.nextInt(specials.length)] : pick == 1 ? r.nextDouble(-760, 720) : -r.nextDouble() * 60;
      }
      double[] actual = x.clone();
      panama.exp(actual, 1, n);
      assertEquals(Double.doubleToRawLongBits(x[0]), Double.doubleToRawLongBits(actual[0]), "before the range");
      assertEquals(Double.doubleToRawLongBits(x[n + 1]), Double.doubleToRawLongBits(actual[n + 1]), "after the range");
      for (int i = 1; i <= n; i++) {
        double expected = ScalarVectorOps.exp(x[i]);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual[i]),
            "n " + n + ", x = " + x[i] + ": " + actual[i] + " against " + expected);
      }
    }
    for (double s : specials) {
      double[] one = {s};
      panama.exp(one, 0, 1);
      assertEquals(Double.doubleToRawLongBits(ScalarVectorOps.exp(s)), Double.doubleToRawLongBits(one[0]), "x = " + s);
    }
  }

  /** The float exponential's error against e^x correctly rounded to float (StrictMath in double, then rounded), in float ulps. */
  private static double floatUlpsOff(float x) {
    float expected = (float) StrictMath.exp(x);
    float actual = ScalarVectorOps.exp(x);
    if (expected == actual) {
      return 0;
    }
    return Math.abs((double) actual - expected) / Math.ulp(expected);
  }

  @Test
  void floatIsWithinTwoUlpsEverywhereItIsNormal() {
    SplittableRandom r = new SplittableRandom(11);
    double worst = 0;
    float worstAt = 0;
    for (int i = 0; i < 2_000_000; i++) {
      float x = (float) (i % 2 == 0 ? -r.nextDouble() * 50 : r.nextDouble(-87.3, 88.72));
      double u = floatUlpsOff(x);
      if (u > worst) {
        worst = u;
        worstAt = x;
      }
    }
    assertTrue(worst <= MAX_ULPS, "worst error " + worst + " float ulps at x = " + worstAt);
    // subnormal results: within two subnormal steps plus the relative bound
    for (int i = 0; i < 100_000; i++) {
      float x = (float) r.nextDouble(-103.9, -87.4);
      float expected = (float) StrictMath.exp(x);
      float actual = ScalarVectorOps.exp(x);
      assertTrue(Math.abs((double) actual - expected) <= 2 * Float.MIN_VALUE + MAX_ULPS * Math.ulp(expected),
          "x = " + x + ": " + actual + " against " + expected);
    }
  }

  @Test
  void floatSpecialValues() {
    assertEquals(1.0f, ScalarVectorOps.exp(0.0f), 0.0f);
    assertEquals(1.0f, ScalarVectorOps.exp(-0.0f), 0.0f);
    assertEquals((float) Math.E, ScalarVectorOps.exp(1.0f), Math.ulp((float) Math.E));
    assertEquals(0.0f, ScalarVectorOps.exp(Float.NEGATIVE_INFINITY), 0.0f);
    assertEquals(0.0f, ScalarVectorOps.exp(-104.5f), 0.0f);
    assertEquals(0.0f, ScalarVectorOps.exp(-1e30f), 0.0f);
    assertEquals(Float.POSITIVE_INFINITY, ScalarVectorOps.exp(Float.POSITIVE_INFINITY), 0.0f);
    assertEquals(Float.POSITIVE_INFINITY, ScalarVectorOps.exp(Math.nextUp(ScalarVectorOps.EXPF_HIGHEST)), 0.0f);
    assertEquals(Float.POSITIVE_INFINITY, ScalarVectorOps.exp(1e30f), 0.0f);
    assertTrue(Float.isNaN(ScalarVectorOps.exp(Float.NaN)));
    float top = ScalarVectorOps.exp(ScalarVectorOps.EXPF_HIGHEST);
    assertTrue(Float.isFinite(top) && top > 3.40e38f, "e^EXPF_HIGHEST = " + top);
    assertTrue(Float.isInfinite((float) StrictMath.exp(Math.nextUp(ScalarVectorOps.EXPF_HIGHEST))), "EXPF_HIGHEST is the last finite one");
    assertTrue(ScalarVectorOps.exp(-103.9f) > 0, "e^-103.9 is a subnormal, not 0");
  }

  @Test
  void floatPanamaMatchesTheSpecificationBitForBit() {
    VectorOps panama = SimdTests.panamaOrSkip();
    float[] specials = {0.0f, -0.0f, 1.0f, -1.0f, Float.NaN, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -104.0f,
        -103.99f, -103.9f, -87.4f, 88.7f, ScalarVectorOps.EXPF_HIGHEST, Math.nextUp(ScalarVectorOps.EXPF_HIGHEST), 1e30f,
        -1e30f, (float) (0.5 * Math.log(2)), (float) (-0.5 * Math.log(2)), Float.MIN_VALUE, -Float.MIN_VALUE};
    SplittableRandom r = new SplittableRandom(12);
    for (int n = 0; n <= 70; n++) {
      float[] x = new float[n + 2];
      for (int i = 0; i < x.length; i++) {
        int pick = r.nextInt(4);
        x[i] = pick == 0 ? specials[r.nextInt(specials.length)] : pick == 1 ? (float) r.nextDouble(-110, 95) : (float) (-r.nextDouble() * 60);
      }
      float[] actual = x.clone();
      panama.exp(actual, 1, n);
      assertEquals(Float.floatToRawIntBits(x[0]), Float.floatToRawIntBits(actual[0]), "before the range");
      assertEquals(Float.floatToRawIntBits(x[n + 1]), Float.floatToRawIntBits(actual[n + 1]), "after the range");
      for (int i = 1; i <= n; i++) {
        float expected = ScalarVectorOps.exp(x[i]);
        assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual[i]),
            "n " + n + ", x = " + x[i] + ": " + actual[i] + " against " + expected);
      }
    }
  }
}
