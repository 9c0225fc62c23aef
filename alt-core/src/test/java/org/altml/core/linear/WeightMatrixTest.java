package org.altml.core.linear;

import org.altml.core.learner.Precision;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeightMatrixTest {
  @Test
  void strideIsWidthPaddedTo16() {
    assertEquals(16, new WeightMatrix(1, 0, Precision.FLOAT).stride());
    assertEquals(16, new WeightMatrix(16, 0, Precision.FLOAT).stride());
    assertEquals(32, new WeightMatrix(17, 0, Precision.FLOAT).stride());
    assertEquals(112, new WeightMatrix(102, 0, Precision.FLOAT).stride());
  }

  @Test
  void growsAmortisedKeepingRowsAndZeroingNewOnes() {
    WeightMatrix m = new WeightMatrix(3, 2, Precision.FLOAT);
    m.rows()[1 * 16 + 2] = 5f;
    float[] before = m.rows();
    m.ensureRows(2);
    assertSame(before, m.rows(), "no growth when tall enough");
    m.ensureRows(3);
    assertEquals(3, m.numRows());
    assertEquals(3, m.capacityRows(), "max(3, 2 + 1)");
    m.ensureRows(4);
    assertEquals(4, m.capacityRows(), "max(4, 3 + 1)");
    m.ensureRows(5);
    assertEquals(6, m.capacityRows(), "4 + 4/2");
    m.ensureRows(6);
    assertEquals(6, m.capacityRows());
    assertEquals(5f, m.get(1, 2));
    for (int r = 0; r < 6; r++) {
      for (int j = 0; j < 3; j++) {
        if (r != 1 || j != 2) {
          assertEquals(0f, m.get(r, j));
        }
      }
    }
    assertThrows(IndexOutOfBoundsException.class, () -> m.get(6, 0));
    assertThrows(IndexOutOfBoundsException.class, () -> m.get(0, 3));
    assertThrows(IllegalArgumentException.class, () -> m.ensureRows(Integer.MAX_VALUE));
  }

  @Test
  void copyAndFiniteness() {
    WeightMatrix m = new WeightMatrix(2, 3, Precision.FLOAT);
    m.rows()[17] = 2f;
    WeightMatrix c = m.copy();
    assertEquals(2f, c.get(1, 1));
    assertTrue(c.allFinite());
    c.rows()[0] = Float.NaN;
    assertTrue(m.allFinite());
    assertEquals(false, c.allFinite());
  }
}
