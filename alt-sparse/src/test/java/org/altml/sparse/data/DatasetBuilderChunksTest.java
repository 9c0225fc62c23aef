package org.altml.sparse.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

/** Examples whose entries straddle the builder's 2^20-entry chunks come out of the dataset as they went in. */
class DatasetBuilderChunksTest {
  @Test
  void examplesAcrossChunkBoundariesAreKeptExactly() {
    DatasetBuilder b = new DatasetBuilder();
    int n = 0;
    long entries = 0;
    // 3,000-entry examples: several land across each boundary, the total passes three chunks
    while (entries < 3L * (1 << 20) + 12_345) {
      b.add(example(n, 1 + n % 3000), LabelSet.of(n % 7));
      entries += 1 + n % 3000;
      n++;
    }
    Dataset d = b.build();
    assertEquals(n, d.size());
    assertEquals(entries, d.totalNonZeros());
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < n; i++) {
      assertEquals(example(i, 1 + i % 3000), d.features(i, x), "example " + i);
      assertEquals(LabelSet.of(i % 7), d.labels(i, y), "example " + i);
    }
  }

  private static SparseVector example(int i, int nnz) {
    int[] idx = new int[nnz];
    float[] val = new float[nnz];
    for (int k = 0; k < nnz; k++) {
      idx[k] = 2 * k + (i & 1);
      val[k] = 1 + i + k / 1024f;
    }
    return SparseVector.of(idx, val);
  }
}
