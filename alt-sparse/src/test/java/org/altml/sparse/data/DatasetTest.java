package org.altml.sparse.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

class DatasetTest {
  private static Dataset small(int n) {
    DatasetBuilder b = new DatasetBuilder().name("small");
    for (int i = 0; i < n; i++) {
      b.add(SparseVector.of(new int[] {i % 5, 5 + i}, new float[] {1f + i, -i - 0.5f}), i % 3 == 0 ? LabelSet.of() : LabelSet.of(i % 4));
    }
    return b.build();
  }

  @Test
  void builderDerivesDimensions() {
    Dataset d = small(10);
    assertEquals(10, d.size());
    assertEquals(15, d.numFeatures());
    assertEquals(4, d.numLabels());
    assertEquals(List.of("0", "1", "2", "3"), d.labelNames());
    assertEquals(20, d.totalNonZeros());
    assertEquals(2, d.nnz(3));
    assertEquals(new Example(SparseVector.of(new int[] {3, 8}, new float[] {4f, -3.5f}), LabelSet.of()), d.example(3));
    assertEquals(LabelSet.of(2), d.example(2).labels());
    assertThrows(IllegalStateException.class, () -> new DatasetBuilder().numLabels(2).add(new SparseVector(), LabelSet.of(2)).build());
    assertThrows(IllegalStateException.class, () -> new DatasetBuilder().numFeatures(3).add(SparseVector.of(new int[] {3}, new float[] {1}), LabelSet.of()).build());
    assertEquals(List.of("a", "b", "c"), new DatasetBuilder().labelNames(List.of("a", "b", "c")).build().labelNames());
  }

  /** The content digest follows the examples, not the object, the name or the inputs; subsets say what they are. */
  @Test
  void contentDigestIdentifiesTheExamples() throws IOException {
    Dataset d = small(40);
    String digest = d.contentSha256();
    assertEquals(64, digest.length());
    assertEquals(digest, small(40).contentSha256(), "the same examples");
    assertEquals(digest, new DatasetBuilder().name("other").addAll(d.stream()).build().contentSha256(), "the name is not content");
    assertNotEquals(digest, small(39).contentSha256());
    // one value changed in its last bit, one label moved, the same examples in another order
    DatasetBuilder b = new DatasetBuilder().name("small");
    for (int i = 0; i < 40; i++) {
      Example e = d.example(i);
      float[] v = e.features().values().clone();
      if (i == 17) {
        v[1] = Math.nextUp(v[1]);
      }
      b.add(SparseVector.of(e.features().indices().clone(), v), e.labels());
    }
    assertNotEquals(digest, b.build().contentSha256());
    assertNotEquals(digest, d.withDimensions(d.numFeatures(), d.numLabels() + 1).contentSha256(), "L is content");
    int[] reversed = new int[40];
    for (int i = 0; i < 40; i++) {
      reversed[i] = 39 - i;
    }
    assertNotEquals(digest, d.subset(reversed).contentSha256(), "order is content: an online learner sees it");
    assertFalse(d.isSubsetOfInputs());
    assertTrue(d.subset(reversed).isSubsetOfInputs());
    assertTrue(d.subset(reversed).withDimensions(d.numFeatures(), d.numLabels()).isSubsetOfInputs());
    assertEquals(digest, d.subset(Dataset.complement(new int[0], 40)).contentSha256(), "all rows in order: the same content");
  }

  @Test
  void streamReusesViewsAndVisitsInOrder() throws IOException {
    Dataset d = small(6);
    try (ExampleStream s = d.stream(new int[] {4, 1, 4})) {
      assertTrue(s.advance());
      SparseVector x = s.features();
      assertEquals(4, x.index(0));
      assertTrue(s.advance());
      assertSame(x, s.features(), "the cursor reuses one vector");
      assertEquals(1, x.index(0));
      assertTrue(s.advance());
      assertFalse(s.advance());
      assertFalse(s.advance());
      assertEquals(3, s.numLabels(), "labels 0..2 occur in the first six examples");
    }
    int count = 0;
    try (ExampleStream s = d.stream()) {
      while (s.advance()) {
        assertEquals(count % 5, s.features().index(0));
        count++;
      }
    }
    assertEquals(6, count);
    assertThrows(IndexOutOfBoundsException.class, () -> d.stream(new int[] {6}));
  }

  @Test
  void permutationsAreSeededAndUniformlyValid() {
    int[] a = Dataset.permutation(1000, 42);
    assertArrayEquals(a, Dataset.permutation(1000, 42));
    assertFalse(Arrays.equals(a, Dataset.permutation(1000, 43)));
    int[] sorted = a.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      assertEquals(i, sorted[i]);
    }
    assertNotEquals(0, Arrays.mismatch(a, sorted) + 1, "a shuffled permutation differs from identity");
  }

  @Test
  void foldsCoverEveryExampleExactlyOnce() {
    Dataset d = small(23);
    int[][] folds = d.folds(5, 9);
    int[] seen = new int[23];
    for (int[] fold : folds) {
      assertTrue(fold.length == 4 || fold.length == 5, "fold sizes differ by at most one");
      for (int i : fold) {
        seen[i]++;
      }
      int[] train = Dataset.complement(fold, 23);
      assertEquals(23, train.length + fold.length);
    }
    for (int c : seen) {
      assertEquals(1, c);
    }
    for (int f = 0; f < folds.length; f++) {
      assertArrayEquals(folds[f], d.folds(5, 9)[f]);
    }
    assertThrows(IllegalArgumentException.class, () -> d.folds(1, 0));
    assertThrows(IllegalArgumentException.class, () -> d.folds(24, 0));
  }

  @Test
  void isRowKnowsItsOwnViewsOnly() {
    Dataset d = small(8);
    SparseVector view = new SparseVector();
    assertTrue(d.isRow(3, d.features(3, view)));
    assertFalse(d.isRow(4, d.features(3, view)), "another row's view");
    assertFalse(d.isRow(3, d.features(3, view).copy()), "an equal copy");
    assertFalse(d.isRow(3, d.subset(new int[] {3}).features(0, view)), "another dataset's equal row");
    assertFalse(d.isRow(-1, d.features(0, view)));
    assertFalse(d.isRow(8, d.features(7, view)));
    SparseVector prefix = new SparseVector();
    d.features(3, view);
    prefix.reset(view.indices(), view.values(), view.offset(), view.nnz() - 1);
    assertFalse(d.isRow(3, prefix), "part of the row");
  }

  @Test
  void subsetCopiesSelectedRows() {
    Dataset d = small(8);
    Dataset s = d.subset(new int[] {7, 2, 2});
    assertEquals(3, s.size());
    assertEquals(d.example(7), s.example(0));
    assertEquals(d.example(2), s.example(1));
    assertEquals(d.example(2), s.example(2));
    assertEquals(d.numFeatures(), s.numFeatures());
    Dataset wider = d.withDimensions(100, 6);
    assertEquals(6, wider.numLabels());
    assertEquals(6, wider.labelNames().size());
    assertEquals(d.example(5), wider.example(5));
    // the README's test.withDimensions(train d, train L) with a training L inferred too small: the data and the fix named
    IllegalArgumentException fewer = assertThrows(IllegalArgumentException.class, () -> d.withDimensions(100, 3));
    assertTrue(fewer.getMessage().startsWith(d.name() + ": label ") && fewer.getMessage().contains("ReadOptions.withNumLabels(L)"
        + " at least"), fewer.getMessage());
    IllegalArgumentException narrower = assertThrows(IllegalArgumentException.class, () -> d.withDimensions(2, 6));
    assertTrue(narrower.getMessage().startsWith(d.name() + ": feature index ")
        && narrower.getMessage().contains("ReadOptions.withNumFeatures(d) at least"), narrower.getMessage());
    // named labels padded: an index name a label already has is made distinct
    assertEquals(List.of("3", "b", "2", "_3", "4"), IndexNames.padded(List.of("3", "b"), 5));
    assertEquals(List.of("3"), IndexNames.padded(List.of("3", "b"), 1));
  }

  @Test
  void builderSharesItsArraysWithoutLettingLaterAddsChangeTheDataset() {
    DatasetBuilder b = new DatasetBuilder().featureNames(List.of("a", "b", "c"));
    b.add(SparseVector.of(new int[] {0, 2}, new float[] {1f, 2f}), LabelSet.of(1));
    Dataset first = b.build();
    b.add(SparseVector.of(new int[] {1}, new float[] {5f}), LabelSet.of(0));
    Dataset second = b.build();
    assertEquals(1, first.size());
    assertEquals(2, second.size());
    assertEquals(SparseVector.of(new int[] {0, 2}, new float[] {1f, 2f}), first.example(0).features());
    assertEquals(List.of("a", "b", "c"), second.featureNames());
    assertEquals(List.of("0", "1"), second.labelNames());
    assertEquals(List.of(), second.withDimensions(4, 2).featureNames(), "names are dropped when d changes");
    assertEquals(List.of("a", "b", "c"), second.subset(new int[] {1}).featureNames());
    assertThrows(IllegalArgumentException.class, () -> new DatasetBuilder().featureNames(List.of("a", "a")));
    assertThrows(IllegalStateException.class, () -> new DatasetBuilder().featureNames(List.of("a")).numFeatures(2).build());
  }
}
