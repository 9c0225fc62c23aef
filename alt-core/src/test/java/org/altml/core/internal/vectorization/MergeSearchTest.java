package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The merge search and the fixed-order row dot products ({@link ScalarVectorOps#mergeSearch(double, double, double, double, double[], int)}, the
 * specification): it finds the maximum of ||α_z||²(h) on [0, 1] as a dense grid does (the function is
 * unimodal in the cases budgeted SGD meets; the grid bounds what golden section may miss), its endpoints
 * cases, and the Panama lock-step version bit for bit against it for every n around the lanes.
 */
class MergeSearchTest {
  private static double[] search(double a, double b, double c, double u) {
    double[] out = new double[6]; // the search's state, then h and f
    ScalarVectorOps.mergeSearch(a, b, c, u, out, 0);
    return java.util.Arrays.copyOf(out, 2);
  }

  @Test
  void findsTheMaximumAGridFinds() {
    SplittableRandom r = new SplittableRandom(3);
    for (int trial = 0; trial < 2000; trial++) {
      double a = r.nextDouble(0.01, 2);
      double b = r.nextDouble(0.01, 2);
      double c = r.nextDouble(-1, 1) * Math.sqrt(a * b);
      double u = -r.nextDouble(0.01, 5);
      double[] found = search(a, b, c, u);
      double grid = Double.NEGATIVE_INFINITY;
      double gridH = 0;
      for (int i = 0; i <= 10_000; i++) {
        double h = i / 10_000.0;
        double v = ScalarVectorOps.mergeNorm(a, b, c, u, h);
        if (v > grid) {
          grid = v;
          gridH = h;
        }
      }
      assertEquals(ScalarVectorOps.mergeNorm(a, b, c, u, found[0]), found[1], 0.0, "f is f(h)");
      assertTrue(found[0] >= 0 && found[0] <= 1, "h in [0, 1]: " + found[0]);
      // golden section finds a local maximum; where the function has one (the common case) it is the grid's, up to
      // what a bracket of 6.6e-5 on h costs in value where the maximum sits at an end of [0, 1]
      if (isUnimodal(a, b, c, u)) {
        assertEquals(gridH, found[0], 2e-4, "h, trial " + trial);
        assertTrue(found[1] >= grid - 1e-4 * Math.abs(grid), "value " + found[1] + " against the grid's " + grid);
      }
    }
  }

  private static boolean isUnimodal(double a, double b, double c, double u) {
    int turns = 0;
    double prev = ScalarVectorOps.mergeNorm(a, b, c, u, 0);
    int dir = 0;
    for (int i = 1; i <= 2000; i++) {
      double v = ScalarVectorOps.mergeNorm(a, b, c, u, i / 2000.0);
      int d = Double.compare(v, prev);
      if (d != 0 && dir != 0 && d != dir) {
        turns++;
      }
      if (d != 0) {
        dir = d;
      }
      prev = v;
    }
    return turns <= 1;
  }

  @Test
  void identicalVectorsMergeAnywhereAndFarOnesKeepTheHeavierEnd() {
    // k = 1 (u = 0): α_z = α_m + α_n whatever h
    double[] same = search(1, 1, 0.5, 0.0);
    assertEquals(1 + 1 + 2 * 0.5, same[1], 1e-12);
    // far apart (u very negative): the merged point sits at the heavier vector, which keeps its norm
    double[] far = search(0.2, 3.0, 0.0, -40.0);
    assertTrue(far[0] < 1e-3, "h near 0 (z = x_n, the heavier): " + far[0]);
    assertEquals(3.0, far[1], 1e-6);
  }

  /** rowDots: the specification against a plain sum (close), and the Panama kernel against it bit for bit. */
  @Test
  void rowDotsFollowTheirFixedOrder() {
    VectorOps panama = VectorizationProvider.panamaOrNull();
    SplittableRandom r = new SplittableRandom(5);
    for (int n = 0; n <= 40; n++) {
      int stride = n + 3;
      int count = 5;
      double[] x = new double[n];
      float[] rows = new float[2 + count * stride];
      for (int j = 0; j < n; j++) {
        x[j] = r.nextDouble(-2, 2);
      }
      for (int j = 0; j < rows.length; j++) {
        rows[j] = (float) r.nextDouble(-2, 2);
      }
      double[] expected = new double[count];
      ScalarVectorOps.INSTANCE.rowDots(x, n, rows, 2, stride, count, expected);
      for (int k = 0; k < count; k++) {
        double plain = 0;
        for (int j = 0; j < n; j++) {
          plain += x[j] * rows[2 + k * stride + j];
        }
        assertEquals(plain, expected[k], 1e-12 * (1 + n), "n " + n + " row " + k);
      }
      if (panama != null) {
        double[] actual = new double[count];
        panama.rowDots(x, n, rows, 2, stride, count, actual);
        for (int k = 0; k < count; k++) {
          assertEquals(Double.doubleToRawLongBits(expected[k]), Double.doubleToRawLongBits(actual[k]), "n " + n + " row " + k);
        }
      }
    }
  }

  /** rowDots over double rows: the specification against a plain sum (close), the Panama kernel (four rows at a time) bit for bit. */
  @Test
  void doubleRowDotsFollowTheirFixedOrder() {
    VectorOps panama = VectorizationProvider.panamaOrNull();
    SplittableRandom r = new SplittableRandom(6);
    for (int n = 0; n <= 110; n += (n < 20 ? 1 : 9)) {
      int stride = n + 5;
      for (int count : new int[] {0, 1, 7, 11, 12, 15, 16, 37}) {
        double[] x = new double[n];
        double[] rows = new double[3 + count * stride];
        for (int j = 0; j < n; j++) {
          x[j] = r.nextDouble(-2, 2);
        }
        for (int j = 0; j < rows.length; j++) {
          rows[j] = r.nextDouble(-2, 2);
        }
        double[] expected = new double[count];
        ScalarVectorOps.INSTANCE.rowDots(x, n, rows, 3, stride, count, expected);
        for (int k = 0; k < count; k++) {
          double plain = 0;
          for (int j = 0; j < n; j++) {
            plain += x[j] * rows[3 + k * stride + j];
          }
          assertEquals(plain, expected[k], 1e-12 * (1 + n), "n " + n + " row " + k);
        }
        if (panama != null) {
          double[] actual = new double[count];
          panama.rowDots(x, n, rows, 3, stride, count, actual);
          for (int k = 0; k < count; k++) {
            assertEquals(Double.doubleToRawLongBits(expected[k]), Double.doubleToRawLongBits(actual[k]),
                "n " + n + " count " + count + " row " + k);
          }
        }
      }
    }
  }

  @Test
  void panamaMatchesTheSpecificationBitForBit() {
    VectorOps panama = VectorizationProvider.panamaOrNull();
    if (panama == null && Boolean.getBoolean("alt.tests.requireSimd")) {
      fail("-Dalt.tests.requireSimd=true but the Panama kernels are unavailable");
    }
    assumeTrue(panama != null, "Vector API unavailable: run with --add-modules jdk.incubator.vector");
    SplittableRandom r = new SplittableRandom(4);
    // every tail length, then stores of a merge's size, at offset 0 and inside the arrays
    int[] sizes = java.util.stream.IntStream.concat(java.util.stream.IntStream.iterate(0, n -> n <= 70, n -> n + (n < 20 ? 1 : 7)),
        java.util.stream.IntStream.of(127, 128, 136, 263, 300)).toArray();
    for (int n : sizes) {
      for (int off : new int[] {0, 5}) {
        double a = r.nextDouble(0, 2);
        double[][] bcu = partners(r, off + n);
        double[] b = bcu[0];
        double[] c = bcu[1];
        double[] u = bcu[2];
        double[] h1 = new double[off + n];
        double[] f1 = new double[off + n];
        double[] h2 = new double[off + n];
        double[] f2 = new double[off + n];
        ScalarVectorOps.INSTANCE.mergeSearch(a, b, c, u, off, n, h1, f1, new double[Math.max(2, 9 * n)]);
        panama.mergeSearch(a, b, c, u, off, n, h2, f2, new double[Math.max(2, 9 * n)]);
        for (int i = 0; i < off; i++) {
          assertEquals(0.0, h2[i], 0.0, "nothing before the range is written");
        }
        for (int i = off; i < off + n; i++) {
          String at = "n " + n + " off " + off + " partner " + i;
          assertEquals(Double.doubleToRawLongBits(h1[i]), Double.doubleToRawLongBits(h2[i]), "h, " + at);
          assertEquals(Double.doubleToRawLongBits(f1[i]), Double.doubleToRawLongBits(f2[i]), "f, " + at);
          double[] one = search(a, b[i], c[i], u[i]);
          assertEquals(one[0], h1[i], 0.0, "the array form is the one-partner form");
        }
      }
    }
  }

  @Test
  void aSearchStoppedAndResumedIsTheWholeSearchBitForBit() {
    VectorOps panama = VectorizationProvider.panamaOrNull();
    SplittableRandom r = new SplittableRandom(5);
    for (VectorOps ops : panama == null ? new VectorOps[] {ScalarVectorOps.INSTANCE} : new VectorOps[] {ScalarVectorOps.INSTANCE, panama}) {
      for (int n : new int[] {0, 1, 7, 8, 9, 17, 64, 131}) {
        for (int steps : new int[] {1, 6, 13, ScalarVectorOps.MERGE_STEPS}) {
          int off = n % 3;
          int stateOff = 2 + n % 5;
          int stride = n + 3;
          double a = r.nextDouble(0, 2);
          double[][] bcu = partners(r, off + n);
          double[] b = bcu[0];
          double[] c = bcu[1];
          double[] u = bcu[2];
          double[] h = new double[off + n];
          double[] f = new double[off + n];
          double[] state = new double[stateOff + 6 * stride];
          ops.mergeSearchStart(a, b, c, u, off, n, steps, state, stateOff, stride, new double[3 * n]);
          for (int i = 0; i < n; i++) {
            double[] st = new double[6];
            ScalarVectorOps.mergeSearchSteps(a, b[off + i], c[off + i], u[off + i], st, 0, 1, 0, steps);
            for (int j = 0; j < 6; j++) {
              assertEquals(Double.doubleToRawLongBits(st[j]), Double.doubleToRawLongBits(state[stateOff + i + j * stride]),
                  ops + ": state " + j + " of partner " + i + " after " + steps + " steps, n " + n);
            }
          }
          double[] bracket = new double[2 * n];
          for (int i = 0; i < n; i++) {
            bracket[2 * i] = state[stateOff + i];
            bracket[2 * i + 1] = state[stateOff + i + stride];
          }
          ops.mergeSearchResume(a, b, c, u, off, n, steps, state, stateOff, stride, h, f, new double[3 * n]);
          for (int i = off; i < off + n; i++) {
            double[] whole = search(a, b[i], c[i], u[i]);
            String at = ops + ": n " + n + ", stopped after " + steps + ", partner " + i;
            assertEquals(Double.doubleToRawLongBits(whole[0]), Double.doubleToRawLongBits(h[i]), "h, " + at);
            assertEquals(Double.doubleToRawLongBits(whole[1]), Double.doubleToRawLongBits(f[i]), "f, " + at);
            double lo = bracket[2 * (i - off)];
            double hi = bracket[2 * (i - off) + 1];
            assertTrue(lo <= h[i] && h[i] <= hi, "the final h lies in the bracket after " + steps + " steps, " + at);
          }
        }
      }
    }
  }

  /** b, c and u of {@code n} random partners (every ninth at u = 0: identical vectors). */
  private static double[][] partners(SplittableRandom r, int n) {
    double[] b = new double[n];
    double[] c = new double[n];
    double[] u = new double[n];
    for (int i = 0; i < n; i++) {
      b[i] = r.nextDouble(0, 3);
      c[i] = r.nextDouble(-1.5, 1.5);
      u[i] = i % 9 == 0 ? 0.0 : -r.nextDouble(0, 60);
    }
    return new double[][] {b, c, u};
  }
}
