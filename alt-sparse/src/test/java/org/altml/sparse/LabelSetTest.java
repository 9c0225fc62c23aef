package org.altml.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LabelSetTest {
  @Test
  void ofSortsAndChecks() {
    LabelSet s = LabelSet.of(4, 0, 2);
    assertArrayEquals(new int[] {0, 2, 4}, s.toArray());
    assertEquals(3, s.size());
    assertTrue(s.contains(2));
    assertFalse(s.contains(3));
    assertEquals(4, s.maxLabel());
    assertEquals(s, s.copy());
    assertEquals("[0, 2, 4]", s.toString());
    assertThrows(IllegalArgumentException.class, () -> LabelSet.of(1, 1));
    assertThrows(IllegalArgumentException.class, () -> LabelSet.of(-1));
    assertTrue(LabelSet.of().isEmpty());
    assertEquals(-1, LabelSet.of().maxLabel());
  }

  @Test
  void viewRespectsOffset() {
    LabelSet s = new LabelSet();
    s.reset(new int[] {7, 1, 3, 0}, 1, 2);
    assertEquals(1, s.label(0));
    assertEquals(3, s.label(1));
    assertFalse(s.contains(7));
    assertFalse(s.contains(0));
    assertThrows(IndexOutOfBoundsException.class, () -> s.label(2));
    assertEquals(LabelSet.of(1, 3), s);
  }
}
