package org.altml.sparse.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

class DatasetStatsTest {
  @Test
  void handComputedStatistics() throws IOException {
    // 4 examples, d = 10, L = 5:
    //   {0:1, 3:2}      Y = {1, 2}
    //   {}              Y = {}
    //   {9:1}           Y = {1, 2}
    //   {1:1,2:1,4:1}   Y = {4}
    Dataset d = new DatasetBuilder().numFeatures(10).numLabels(5)
        .add(SparseVector.of(new int[] {0, 3}, new float[] {1, 2}), LabelSet.of(1, 2))
        .add(new SparseVector(), new LabelSet())
        .add(SparseVector.of(new int[] {9}, new float[] {1}), LabelSet.of(2, 1))
        .add(SparseVector.of(new int[] {1, 2, 4}, new float[] {1, 1, 1}), LabelSet.of(4))
        .build();
    DatasetStats s = DatasetStats.of(d);
    assertEquals(4, s.instances());
    assertEquals(10, s.features());
    assertEquals(5, s.labels());
    assertEquals(5 / 4.0, s.labelCardinality(), 1e-12, "(2 + 0 + 2 + 1) / 4");
    assertEquals(5 / 4.0 / 5, s.labelDensity(), 1e-12);
    assertEquals(6 / 4.0, s.meanNonZeros(), 1e-12, "(2 + 0 + 1 + 3) / 4");
    assertEquals(6 / 4.0 / 10, s.featureDensity(), 1e-12);
    assertEquals(3, s.distinctLabelSets(), "{1,2}, {}, {4}");
    assertEquals(1, s.examplesWithoutLabels());
    assertEquals(6, s.totalNonZeros());
    assertEquals(s, DatasetStats.of(d.shuffledStream(5)), "order does not matter");
  }

  @Test
  void undeclaredDimensionsComeFromTheLargestIndexAndEmptyInputIsAllZero() throws IOException {
    Dataset d = new DatasetBuilder().add(SparseVector.of(new int[] {6}, new float[] {1}), LabelSet.of(3)).build();
    DatasetStats s = DatasetStats.of(d);
    assertEquals(7, s.features());
    assertEquals(4, s.labels());
    DatasetStats empty = DatasetStats.of(new DatasetBuilder().build());
    assertEquals(new DatasetStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0), empty);
  }
}
