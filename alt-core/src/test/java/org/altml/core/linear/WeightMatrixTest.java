package org.altml.core.linear;

import org.altml.core.learner.Precision;
import org.altml.core.learner.StateInput;
import org.altml.sparse.InsufficientMemoryException;
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
    m.set(1, 2, 5f);
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
    InsufficientMemoryException tooLong = assertThrows(InsufficientMemoryException.class, () -> m.ensureRows(Integer.MAX_VALUE));
    assertTrue(tooLong.getMessage().startsWith("the weight matrix (2147483647 features x 16 float values) does not fit in one array"),
        tooLong.getMessage());
    assertEquals(6, m.numRows(), "unchanged after a refused growth");
  }

  @Test
  void strayFeatureIndexIsRefusedBeforeAllocating() {
    // 15,000,000 rows of 104 doubles (102 padded to whole 64-byte lines): 11.6 GiB (the largest array is 16 GiB)
    org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < (12L << 30), "the heap could hold it");
    WeightMatrix m = new WeightMatrix(102, 1, Precision.DOUBLE);
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class, () -> m.ensureRows(15_000_000));
    assertTrue(e.getMessage().startsWith("not enough memory for the weight matrix (15000000 features x 104 double values): needs 11.6 GiB"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith(", or check the data for a stray large feature index (the largest index sets the number of rows)"
        + " and the number of labels (L + 1 values a row: --num-labels, or the largest label)"),
        e.getMessage());
    assertEquals(1, m.numRows());
  }

  @Test
  void modelStateDeclaringAHugeMatrixIsRefusedBeforeAllocating() throws java.io.IOException {
    // a stream of unknown length cannot bound d by its bytes; the heap check still does
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    new java.io.DataOutputStream(bytes).writeInt(200_000_000);
    StateInput in = new StateInput(new java.io.ByteArrayInputStream(bytes.toByteArray()), Long.MAX_VALUE, "crafted");
    WeightMatrix m = new WeightMatrix(102, 0, Precision.DOUBLE);
    assertThrows(InsufficientMemoryException.class, () -> m.read(in));
    StateInput other = new StateInput(new java.io.ByteArrayInputStream(new byte[0]), Long.MAX_VALUE, "crafted");
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class,
        () -> other.requireAllocation(1L << 40, 2, 56, "label names"));
    assertTrue(e.getMessage().startsWith("not enough memory for label names of the model crafted: needs 56.0 TiB"), e.getMessage());
  }

  @Test
  void copyAndFiniteness() {
    WeightMatrix m = new WeightMatrix(2, 3, Precision.FLOAT);
    m.set(1, 1, 2f);
    assertEquals(2f, m.rows()[m.rowOffset() + 16 + 1], "row 1 at rowOffset + stride");
    WeightMatrix c = m.copy();
    assertEquals(2f, c.get(1, 1));
    assertTrue(c.allFinite());
    c.rows()[c.rowOffset()] = Float.NaN;
    assertTrue(m.allFinite());
    assertEquals(false, c.allFinite());
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(Precision.class)
  void growsItsWidthInPlaceBetweenDoublingsKeepingWeightsAndZeroingNewLanes(Precision p) {
    WeightMatrix m = new WeightMatrix(1, 5, p, true);
    int pad = p == Precision.DOUBLE ? 8 : 16;
    int doublings = 0;
    for (int w = 1; w <= 41; w++) {
      if (w > 1) {
        int stride = m.stride();
        Object rows = p == Precision.DOUBLE ? m.rowsDouble() : m.rows();
        m.growWidth(w);
        boolean doubled = m.stride() != stride;
        doublings += doubled ? 1 : 0;
        assertEquals(w > stride, doubled, "width " + w + " past stride " + stride);
        assertEquals(doubled ? 2 * stride : stride, m.stride());
        assertEquals(!doubled, rows == (p == Precision.DOUBLE ? m.rowsDouble() : m.rows()), "in place iff not doubled");
      }
      assertEquals((w + pad - 1) / pad * pad, m.lanes(), "the lanes of a matrix created " + w + " wide");
      for (int r = 0; r < 5; r++) {
        if (w > 1) {
          for (int j = 0; j < w - 1; j++) {
            assertEquals(j < w - 2 ? 100 * r + j : 0.0, m.get(r, j), "row " + r + ", label lane " + j + " at width " + w);
          }
          assertEquals(-r - 0.5, m.get(r, w - 1), "the threshold weight moved to the last lane");
          m.set(r, w - 2, 100 * r + w - 2); // the lane the new label took
        }
        m.set(r, w - 1, -r - 0.5);
      }
      double[] all = new double[m.stride()];
      for (int j = 0; j < m.stride(); j++) {
        all[j] = p == Precision.DOUBLE ? m.rowsDouble()[m.rowOffset() + 4 * m.stride() + j] : m.rows()[m.rowOffset() + 4 * m.stride() + j];
      }
      for (int j = w; j < m.stride(); j++) {
        assertEquals(0.0, all[j], "pad lane " + j + " at width " + w);
      }
      assertEquals(m.copy().get(3, w - 1), m.get(3, w - 1), "a copy of a grown matrix");
    }
    assertEquals(p == Precision.DOUBLE ? 3 : 2, doublings, "8 -> 16 -> 32 -> 64, or 16 -> 32 -> 64");
    assertThrows(IllegalArgumentException.class, () -> m.growWidth(40));
  }
}
