package org.altml.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.altml.sparse.SparseVector;
import org.altml.sparse.SparseVectorBuilder;
import org.junit.jupiter.api.Test;

class RbfKernelTest {
  @Test
  void handComputedValue() {
    // x = (1, 0, 2), y = (0, 3, 2): ||x - y||² = 1 + 9 + 0 = 10; sigma² = 2.5 -> exp(-10 / 5) = exp(-2)
    SparseVector x = SparseVector.of(new int[] {0, 2}, new float[] {1f, 2f});
    SparseVector y = SparseVector.of(new int[] {1, 2}, new float[] {3f, 2f});
    RbfKernel k = new RbfKernel(2.5);
    assertEquals(10.0, RbfKernel.squaredDistance(x, y), 0.0);
    assertEquals(Math.exp(-2.0), k.apply(x, y), 1e-15);
    assertEquals(k.apply(x, y), k.apply(y, x), 0.0);
    assertEquals(1.0, k.apply(x, x), 0.0);
    assertEquals(1.0, k.self(x), 0.0);
  }

  @Test
  void emptyVectors() {
    SparseVector empty = new SparseVector();
    SparseVector x = SparseVector.of(new int[] {4}, new float[] {-3f});
    assertEquals(0.0, RbfKernel.squaredDistance(empty, empty), 0.0);
    assertEquals(9.0, RbfKernel.squaredDistance(empty, x), 0.0);
    assertEquals(9.0, RbfKernel.squaredDistance(x, empty), 0.0);
  }

  @Test
  void mergeAgreesWithDenseDistance() {
    long seed = Long.getLong("alt.tests.seed", 20261121L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int trial = 0; trial < 200; trial++) {
      int d = 1 + random.nextInt(50);
      float[] a = new float[d];
      float[] b = new float[d];
      SparseVectorBuilder ba = new SparseVectorBuilder();
      SparseVectorBuilder bb = new SparseVectorBuilder();
      for (int f = 0; f < d; f++) {
        if (random.nextInt(3) == 0) {
          a[f] = (float) random.nextDouble(-2, 2);
          ba.add(f, a[f]);
        }
        if (random.nextInt(3) == 0) {
          b[f] = (float) random.nextDouble(-2, 2);
          bb.add(f, b[f]);
        }
      }
      double expected = 0;
      for (int f = 0; f < d; f++) {
        double diff = (double) a[f] - b[f];
        expected += diff * diff;
      }
      assertEquals(expected, RbfKernel.squaredDistance(ba.build(), bb.build()), 1e-12 * (1 + expected), "seed " + seed + " trial " + trial);
    }
  }

  @Test
  void rejectsBadWidth() {
    assertThrows(IllegalArgumentException.class, () -> new RbfKernel(0));
    assertThrows(IllegalArgumentException.class, () -> new RbfKernel(-1));
    assertThrows(IllegalArgumentException.class, () -> new RbfKernel(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new RbfKernel(Double.POSITIVE_INFINITY));
  }
}
