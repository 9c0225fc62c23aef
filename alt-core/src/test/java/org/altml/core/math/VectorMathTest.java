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
    float[] a = {1, 2, 3};
    float[] b = {4, -5, 6};
    assertEquals(12f, VectorMath.dot(a, b)); // 4 - 10 + 18
    assertEquals(9f + 49f + 9f, VectorMath.squaredDistance(a, b)); // (-3)² + 7² + (-3)²
    float[] y = {1, 1, 1};
    VectorMath.axpy(2f, a, y);
    assertArrayEquals(new float[] {3, 5, 7}, y);
    float[] y2 = {0, 0, 0, 0};
    VectorMath.axpy(-1f, a, 1, y2, 2, 2);
    assertArrayEquals(new float[] {0, 0, -2, -3}, y2);
    VectorMath.scale(0.5f, y);
    assertArrayEquals(new float[] {1.5f, 2.5f, 3.5f}, y);
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
    VectorMath.sparseTimesRows(x, rows, 4, out, 3);
    // 2·(1, 2, 3) − (−1, 4, 0.5) = (3, 0, 5.5); out[3] untouched
    assertArrayEquals(new float[] {3, 0, 5.5f, 7}, out);

    VectorMath.addSparseOuter(x, -0.5f, new float[] {1, 0, 2}, rows, 4, 3);
    // row 0 += (−0.5·2)·c = −(1, 0, 2); row 2 += (−0.5·−1)·c = 0.5·(1, 0, 2)
    assertArrayEquals(new float[] {0, 2, 1, 9, 0, 0, 0, 9, -0.5f, 4, 1.5f, 9}, rows);

    float[] w = new float[8];
    float[] acc = new float[8];
    SparseVector one = SparseVector.of(new int[] {1}, new float[] {2f});
    VectorMath.adaptiveStep(one, new float[] {1.5f, 0f}, 1f, 1f, w, acc, 4, 2);
    // g = 2·1.5 = 3: acc = 9, w = −3/(1 + 3) = −0.75; g = 0 leaves both at 0
    assertArrayEquals(new float[] {0, 0, 0, 0, 9, 0, 0, 0}, acc);
    assertArrayEquals(new float[] {0, 0, 0, 0, -0.75f, 0, 0, 0}, w);
  }

  @Test
  void dimensionMismatchesNameBothLengths() {
    assertMessage(() -> VectorMath.dot(new float[2], new float[3]), "vector dimensions differ: 2 != 3");
    assertMessage(() -> VectorMath.squaredDistance(new float[4], new float[1]), "vector dimensions differ: 4 != 1");
    assertMessage(() -> VectorMath.axpy(1f, new float[2], new float[5]), "vector dimensions differ: 2 != 5");
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.axpy(1f, new float[3], 2, new float[3], 0, 2));
  }

  @Test
  void rowChecksNameTheProblem() {
    SparseVector x = SparseVector.of(new int[] {0, 3}, new float[] {1f, 1f});
    float[] rows = new float[4 * 16];
    assertMessage(() -> VectorMath.sparseTimesRows(x, rows, 16, new float[16], 17), "width 17 outside [0, stride 16]");
    assertMessage(() -> VectorMath.sparseTimesRows(x, rows, 16, new float[16], -1), "width -1 outside [0, stride 16]");
    assertMessage(() -> VectorMath.sparseTimesRows(x, new float[3 * 16], 16, new float[16], 16),
        "feature index 3 has no row: rows hold 3 rows of 16");
    assertMessage(() -> VectorMath.sparseTimesRows(x, rows, 16, new float[8], 10), "out has 8 entries, need 10");
    assertMessage(() -> VectorMath.addSparseOuter(x, 1f, new float[4], rows, 16, 5), "coeff has 4 entries, need 5");
    assertMessage(() -> VectorMath.adaptiveStep(x, new float[16], 1f, 1f, rows, new float[5], 16, 16),
        "acc and rows differ in length: 5 != 64");
    assertMessage(() -> VectorMath.adaptiveStep(x, new float[2], 1f, 1f, rows, new float[64], 16, 3),
        "grad has 2 entries, need 3");
  }

  private static void assertMessage(Executable call, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }
}
