package org.altml.core.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The facade: argument checks with messages, the implementation it reports, and hand-computed results
 * through whichever implementation is active (this class also runs with {@code -Dalt.vectorization=scalar}
 * and without the Vector API module).
 */
class VectorMathTest {
  private static final boolean MODULE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

  @Test
  void implementationFollowsModuleAndMode() {
    String mode = System.getProperty("alt.vectorization", "auto").trim();
    String impl = VectorMath.implementation();
    if (mode.equals("scalar") || !MODULE) {
      assertEquals("scalar", impl, "mode " + mode + ", module present " + MODULE);
      assertEquals(0, VectorMath.bitWidth());
      assertEquals(1, VectorMath.preferredLanes());
    } else {
      assertEquals("panama (" + VectorMath.bitWidth() + " bits)", impl);
      assertEquals(VectorMath.bitWidth() / 32, VectorMath.preferredLanes());
      // every SIMD width divides the row padding of Scores
      assertEquals(0, org.altml.core.learner.Scores.PAD % VectorMath.preferredLanes());
    }
  }

  @Test
  void handComputedResults() {
    float[] a = {9, 1, 2, 3};
    float[] b = {4, -5, 6};
    assertEquals(12f, VectorMath.dot(a, 1, b, 0, 3)); // 4 - 10 + 18
    assertEquals(9f + 49f + 9f, VectorMath.squaredDistance(a, 1, b, 0, 3)); // (-3)² + 7² + (-3)²
    assertEquals(-10f, VectorMath.dot(a, 2, b, 1, 1)); // 2·(-5)
    assertEquals(0f, VectorMath.dot(a, 4, b, 3, 0)); // empty ranges at the very end are fine
    float[] y = {1, 1, 1};
    VectorMath.axpy(2f, a, 1, y, 0, 3);
    assertArrayEquals(new float[] {3, 5, 7}, y);
    float[] y2 = {0, 0, 0, 0};
    VectorMath.axpy(-1f, a, 2, y2, 2, 2);
    assertArrayEquals(new float[] {0, 0, -2, -3}, y2);
    VectorMath.scale(0.5f, y, 1, 2);
    assertArrayEquals(new float[] {3, 2.5f, 3.5f}, y);
  }

  @Test
  void handComputedDoubleResults() {
    double[] a = {7, 1, 2, 3};
    double[] b = {4, -5, 6, 8};
    assertEquals(12.0, VectorMath.dot(a, 1, b, 0, 3)); // 4 - 10 + 18
    assertEquals(9.0 + 49.0 + 9.0, VectorMath.squaredDistance(a, 1, b, 0, 3));
    assertEquals(0.1 * 0.1 + 0.2 * 0.2, VectorMath.dot(new double[] {0.1, 0.2}, 0, new double[] {0.1, 0.2}, 0, 2));
    double[] y = {1, 1, 1, 1};
    VectorMath.axpy(0.5, b, 1, y, 1, 3);
    assertArrayEquals(new double[] {1, -1.5, 4, 5}, y);
    VectorMath.scale(-2.0, y, 0, 2);
    assertArrayEquals(new double[] {-2, 3, 4, 5}, y);
  }

  @Test
  void combineRowsByHand() {
    // two rows of width 3 at stride 4 from offset 1 (junk at 0 and in the pad lanes: 99)
    double[] rows = {99, 1, 2, 3, 99, -1, 0.5, 4, 99};
    float[] rowsF = {99, 1, 2, 3, 99, -1, 0.5f, 4, 99};
    double[] coeff = {99, 2, 0.25};
    double[] out = {7, 7, 7, 7};
    VectorMath.combineRows(coeff, 1, 2, rows, 1, 4, out, 3);
    // 2·(1, 2, 3) + 0.25·(−1, 0.5, 4) = (1.75, 4.125, 7); out[3] untouched
    assertArrayEquals(new double[] {1.75, 4.125, 7, 7}, out);
    double[] outF = {7, 7, 7, 7};
    VectorMath.combineRows(coeff, 1, 2, rowsF, 1, 4, outF, 3);
    assertArrayEquals(new double[] {1.75, 4.125, 7, 7}, outF);
    // no rows: zeros over the width
    VectorMath.combineRows(coeff, 0, 0, rows, 0, 4, out, 2);
    assertArrayEquals(new double[] {0, 0, 7, 7}, out);
    // products are rounded before they are added (never fused): −1·1 + 0.1·10 = −1 + 1 = 0, where an fma
    // would keep 0.1·10 − 1 = 2^-54 (0.1 is slightly above 1/10 in binary)
    double[] one = {7};
    VectorMath.combineRows(new double[] {-1, 0.1}, 0, 2, new double[] {1, 10}, 0, 1, one, 1);
    assertEquals(0.0, one[0]);
    assertEquals(0x1p-54, Math.fma(0.1, 10, -1));
  }
  @Test
  void sparseKernelsByHand() {
    // 3 features, stride 4 (width 3 + one pad lane holding 9)
    float[] rows = {
      1, 2, 3, 9,
      0, 0, 0, 9,
      -1, 4, 0.5f, 9,
    };
    SparseVector x = SparseVector.of(new int[] {0, 2}, new float[] {2f, -1f});
    float[] out = new float[] {7, 7, 7, 7};
    VectorMath.sparseTimesRows(x, rows, 0, 4, out, 3);
    // 2·(1, 2, 3) − (−1, 4, 0.5) = (3, 0, 5.5); out[3] untouched
    assertArrayEquals(new float[] {3, 0, 5.5f, 7}, out);

    VectorMath.addSparseOuter(x, -0.5f, new float[] {1, 0, 2}, rows, 0, 4, 3);
    // row 0 += (−0.5·2)·c = −(1, 0, 2); row 2 += (−0.5·−1)·c = 0.5·(1, 0, 2)
    assertArrayEquals(new float[] {0, 2, 1, 9, 0, 0, 0, 9, -0.5f, 4, 1.5f, 9}, rows);

    float[] w = new float[8];
    float[] acc = new float[8];
    SparseVector one = SparseVector.of(new int[] {1}, new float[] {2f});
    VectorMath.adaptiveStep(one, new float[] {1.5f, 0f}, 1f, 1f, w, acc, 0, 4, 2);
    // g = 2·1.5 = 3: acc = 9, w = −3/(1 + 3) = −0.75; g = 0 leaves both at 0
    assertArrayEquals(new float[] {0, 0, 0, 0, 9, 0, 0, 0}, acc);
    assertArrayEquals(new float[] {0, 0, 0, 0, -0.75f, 0, 0, 0}, w);
  }

  @Test
  void rangesOutsideTheArraysAreRejected() {
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.dot(new float[2], 0, new float[3], 0, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.dot(new double[4], 2, new double[3], 0, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.squaredDistance(new float[4], 0, new float[1], 0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.squaredDistance(new double[4], -1, new double[4], 0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.axpy(1f, new float[3], 2, new float[3], 0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.axpy(1.0, new double[3], 0, new double[3], 2, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.scale(2f, new float[3], 1, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.scale(2.0, new double[3], 0, -1));
  }

  @Test
  void combineRowsChecksNameTheProblem() {
    double[] rows = new double[2 * 8];
    assertMessage(() -> VectorMath.combineRows(new double[2], 0, 2, rows, 0, 8, new double[8], 9), "width 9 outside [0, stride 8]");
    assertMessage(() -> VectorMath.combineRows(new double[2], 0, 2, rows, 1, 8, new double[8], 8),
        "2 rows of stride 8 and width 8 from 1 need 17 entries, rows hold 16");
    assertMessage(() -> VectorMath.combineRows(new double[2], 0, 2, new float[12], 0, 8, new double[8], 5),
        "2 rows of stride 8 and width 5 from 0 need 13 entries, rows hold 12");
    assertMessage(() -> VectorMath.combineRows(new double[2], 0, 2, rows, 0, 8, new double[4], 5), "out has 4 entries, need 5");
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.combineRows(new double[2], 1, 2, rows, 0, 8, new double[8], 8));
    // the last row needs only its width, not a whole stride
    VectorMath.combineRows(new double[2], 0, 2, new double[13], 0, 8, new double[8], 5);
  }

  @Test
  void rowChecksNameTheProblem() {
    SparseVector x = SparseVector.of(new int[] {0, 3}, new float[] {1f, 1f});
    float[] rows = new float[4 * 16];
    assertMessage(() -> VectorMath.sparseTimesRows(x, rows, 0, 16, new float[16], 17), "width 17 outside [0, stride 16]");
    assertMessage(() -> VectorMath.sparseTimesRows(x, rows, 0, 16, new float[16], -1), "width -1 outside [0, stride 16]");
    assertMessage(() -> VectorMath.sparseTimesRows(x, new float[3 * 16], 0, 16, new float[16], 16),
        "feature index 3 has no row: rows hold 3 rows of 16 from 0");
    assertMessage(() -> VectorMath.sparseTimesRows(x, rows, 0, 16, new float[8], 10), "out has 8 entries, need 10");
    assertMessage(() -> VectorMath.addSparseOuter(x, 1f, new float[4], rows, 0, 16, 5), "coeff has 4 entries, need 5");
    assertMessage(() -> VectorMath.adaptiveStep(x, new float[16], 1f, 1f, rows, new float[5], 0, 16, 16),
        "acc and rows differ in length: 5 != 64");
    assertMessage(() -> VectorMath.adaptiveStep(x, new float[2], 1f, 1f, rows, new float[64], 0, 16, 3),
        "grad has 2 entries, need 3");
  }

  private static void assertMessage(Executable call, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }
}
