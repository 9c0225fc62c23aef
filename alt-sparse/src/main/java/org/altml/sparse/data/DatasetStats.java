package org.altml.sparse.data;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.objects.ObjectOpenCustomHashSet;
import java.io.IOException;
import java.util.Arrays;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Summary statistics of a multi-label corpus, as in Table 1 of the paper. Plain data: callers (the CLI)
 * format it.
 *
 * @param instances number of examples N
 * @param features number of features d (declared, or largest index + 1)
 * @param labels number of labels L (declared, or largest label + 1)
 * @param labelCardinality mean |Y| over the examples (0 when N = 0)
 * @param labelDensity cardinality / L (0 when L = 0)
 * @param featureDensity mean fraction of non-zero features, mean nnz / d (0 when d = 0 or N = 0)
 * @param meanNonZeros mean number of stored non-zero features per example
 * @param distinctLabelSets number of different label sets (the empty set counts as one)
 * @param examplesWithoutLabels number of examples with Y = ∅
 * @param totalNonZeros total number of stored non-zero features
 */
public record DatasetStats(
    long instances,
    int features,
    int labels,
    double labelCardinality,
    double labelDensity,
    double featureDensity,
    double meanNonZeros,
    long distinctLabelSets,
    long examplesWithoutLabels,
    long totalNonZeros) {

  /** Statistics of an in-memory dataset, with its declared d and L. */
  public static DatasetStats of(Dataset data) {
    try (ExampleStream s = data.stream()) {
      return of(s);
    } catch (IOException e) {
      throw new AssertionError("an in-memory stream does not fail", e);
    }
  }

  /**
   * Statistics of the remaining examples of a stream, in one pass (the stream is not closed). d and L
   * are the stream's declared values, or the largest index and label seen + 1 when larger or undeclared.
   * Memory: one stored array per distinct label set.
   */
  public static DatasetStats of(ExampleStream stream) throws IOException {
    long n = 0;
    long nnz = 0;
    long relevant = 0;
    long empty = 0;
    int maxFeature = -1;
    int maxLabel = -1;
    ObjectOpenCustomHashSet<int[]> sets = new ObjectOpenCustomHashSet<>(IntArrays.HASH_STRATEGY);
    int[][] probes = new int[16][];
    while (stream.advance()) {
      SparseVector x = stream.features();
      LabelSet y = stream.labels();
      n++;
      nnz += x.nnz();
      relevant += y.size();
      maxFeature = Math.max(maxFeature, x.maxIndex());
      maxLabel = Math.max(maxLabel, y.maxLabel());
      int size = y.size();
      if (size == 0) {
        empty++;
      }
      if (size >= probes.length) {
        probes = Arrays.copyOf(probes, Math.max(size + 1, 2 * probes.length));
      }
      // one reusable probe array per label-set size, so that known sets cost no allocation
      int[] probe = probes[size];
      if (probe == null) {
        probe = probes[size] = new int[size];
      }
      System.arraycopy(y.array(), y.offset(), probe, 0, size);
      if (!sets.contains(probe)) {
        sets.add(probe.clone());
      }
    }
    int d = Math.max(stream.numFeatures(), maxFeature + 1);
    int numLabels = Math.max(stream.numLabels(), maxLabel + 1);
    double cardinality = n == 0 ? 0 : (double) relevant / n;
    double meanNnz = n == 0 ? 0 : (double) nnz / n;
    return new DatasetStats(
        n,
        d,
        numLabels,
        cardinality,
        numLabels == 0 ? 0 : cardinality / numLabels,
        d == 0 ? 0 : meanNnz / d,
        meanNnz,
        sets.size(),
        empty,
        nnz);
  }
}
