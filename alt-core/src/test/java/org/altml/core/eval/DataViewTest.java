package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.junit.jupiter.api.Test;

/** A view owns its rows: neither the array it was made from nor the one it hands out can change it. */
class DataViewTest {
  private static Dataset three() {
    DatasetBuilder b = new DatasetBuilder().name("d");
    for (int i = 0; i < 3; i++) {
      b.add(SparseVector.of(new int[] {i}, new float[] {1}), LabelSet.of(0));
    }
    return b.build();
  }

  @Test
  void theRowsAreTheViewsOwn() {
    int[] given = {2, 0};
    DataView v = DataView.of(three(), given);
    given[0] = 1;
    v.rows()[1] = 1;
    assertEquals(2, v.row(0));
    assertEquals(0, v.row(1));
    assertArrayEquals(new int[] {2, 0}, v.rows());
    assertNull(DataView.of(three()).rows());
    assertThrows(IndexOutOfBoundsException.class, () -> DataView.of(three(), new int[] {3}));
  }
}
