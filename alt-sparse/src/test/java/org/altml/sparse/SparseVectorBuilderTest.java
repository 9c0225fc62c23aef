package org.altml.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SparseVectorBuilderTest {
  @Test
  void sortsDropsZerosAndRejectsDuplicates() {
    SparseVectorBuilder b = new SparseVectorBuilder(1);
    b.add(5, 1f).add(2, 0f).add(0, -2f).add(3, 4f);
    assertEquals(SparseVector.of(new int[] {0, 3, 5}, new float[] {-2f, 4f, 1f}), b.build());
    b.clear().add(1, 1f).add(1, 2f);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
    assertTrue(e.getMessage().contains("duplicate feature index 1"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SparseVectorBuilder().add(0, Float.NaN));
    assertThrows(IllegalArgumentException.class, () -> new SparseVectorBuilder().add(0, Float.POSITIVE_INFINITY));
    assertThrows(IllegalArgumentException.class, () -> new SparseVectorBuilder().add(-1, 1f));
  }

  @Test
  void agreesWithTreeMap() {
    long seed = Long.getLong("alt.tests.seed", 7L);
    SplittableRandom random = new SplittableRandom(seed);
    SparseVectorBuilder b = new SparseVectorBuilder();
    for (int trial = 0; trial < 300; trial++) {
      b.clear();
      TreeMap<Integer, Float> expected = new TreeMap<>();
      int n = random.nextInt(60);
      for (int k = 0; k < n; k++) {
        int index = random.nextInt(1000);
        if (expected.containsKey(index)) {
          continue;
        }
        float value = random.nextInt(5) == 0 ? 0f : (float) random.nextDouble(-1, 1);
        b.add(index, value);
        if (value != 0f) {
          expected.put(index, value);
        }
      }
      SparseVector v = b.build();
      assertEquals(expected.size(), v.nnz(), "seed " + seed);
      int k = 0;
      for (var e : expected.entrySet()) {
        assertEquals(e.getKey(), v.index(k), "seed " + seed);
        assertEquals(e.getValue(), v.value(k), "seed " + seed);
        k++;
      }
    }
  }
}
