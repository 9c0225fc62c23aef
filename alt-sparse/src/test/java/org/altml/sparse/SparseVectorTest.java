package org.altml.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SparseVectorTest {
  @Test
  void ofChecksInvariants() {
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {1, 1}, new float[] {1, 2}));
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {2, 1}, new float[] {1, 2}));
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {-1}, new float[] {1}));
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {0}, new float[] {0}));
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {0}, new float[] {Float.NaN}));
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {0}, new float[] {Float.NEGATIVE_INFINITY}));
    assertThrows(IllegalArgumentException.class, () -> SparseVector.of(new int[] {0, 1}, new float[] {1}));
  }

  @Test
  void accessorsAndViews() {
    int[] idx = {9, 1, 4, 7, 9};
    float[] val = {0, 2f, -3f, 0.5f, 0};
    SparseVector v = new SparseVector();
    v.reset(idx, val, 1, 3);
    assertEquals(3, v.nnz());
    assertEquals(1, v.index(0));
    assertEquals(-3f, v.value(1));
    assertEquals(7, v.maxIndex());
    assertEquals(-3f, v.get(4));
    assertEquals(0f, v.get(5));
    assertEquals(0f, v.get(9), "index 9 lies outside the view");
    assertEquals(4 + 9 + 0.25, v.squaredNorm(), 0);
    assertThrows(IndexOutOfBoundsException.class, () -> v.index(3));
    SparseVector c = v.copy();
    assertEquals(v, c);
    assertEquals(v.hashCode(), c.hashCode());
    assertEquals(0, c.offset());
    assertArrayEquals(new int[] {1, 4, 7}, c.indices());
    assertEquals("{1:2.0, 4:-3.0, 7:0.5}", v.toString());
    assertNotEquals(v, SparseVector.of(new int[] {1, 4, 7}, new float[] {2f, -3f, 0.75f}));
    assertEquals(-1, new SparseVector().maxIndex());
    assertTrue(new SparseVector().equals(SparseVector.of(new int[0], new float[0])));
  }

  @Test
  void aDenseRowLeavesItsZerosOut() {
    SparseVector v = SparseVector.ofDense(new double[] {0, 1.5, 0, -2, 1e-50});
    assertEquals(SparseVector.of(new int[] {1, 3}, new float[] {1.5f, -2f}), v);
    assertEquals(0, SparseVector.ofDense(new double[3]).nnz());
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> SparseVector.ofDense(new double[] {1, Double.NaN}));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> SparseVector.ofDense(new double[] {1e39}));
  }
}
