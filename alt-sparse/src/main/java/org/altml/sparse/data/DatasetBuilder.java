package org.altml.sparse.data;

import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Accumulates examples into the CSR arrays of a {@link Dataset}. Growth is amortised (+50%), so adding
 * a corpus row by row costs O(total non-zeros). Not thread-safe.
 */
public final class DatasetBuilder {
  private final IntArrayList featureOffsets = new IntArrayList();
  private final IntArrayList featureIndices = new IntArrayList();
  private final FloatArrayList featureValues = new FloatArrayList();
  private final IntArrayList labelOffsets = new IntArrayList();
  private final IntArrayList labelIds = new IntArrayList();
  private int maxFeature = -1;
  private int maxLabel = -1;
  private int declaredFeatures = -1;
  private int declaredLabels = -1;
  private List<String> labelNames;
  private String name = "dataset";

  /** Creates an empty builder. */
  public DatasetBuilder() {
    featureOffsets.add(0);
    labelOffsets.add(0);
  }

  /** Sets the dataset's name (for reports), by default {@code "dataset"}. */
  public DatasetBuilder name(String name) {
    this.name = name;
    return this;
  }

  /** Declares d; otherwise d = largest feature index + 1. Must not be below any index added. */
  public DatasetBuilder numFeatures(int numFeatures) {
    if (numFeatures < 0) {
      throw new IllegalArgumentException("numFeatures must be >= 0: " + numFeatures);
    }
    this.declaredFeatures = numFeatures;
    return this;
  }

  /** Declares L; otherwise L = largest label + 1 (or the number of label names). */
  public DatasetBuilder numLabels(int numLabels) {
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
    this.declaredLabels = numLabels;
    return this;
  }

  /** Sets the label names; their count fixes L. */
  public DatasetBuilder labelNames(List<String> names) {
    this.labelNames = List.copyOf(names);
    return this;
  }

  /** Appends one example (its entries are copied). */
  public DatasetBuilder add(SparseVector x, LabelSet y) {
    int[] ix = x.indices();
    float[] vx = x.values();
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      featureIndices.add(ix[k]);
      featureValues.add(vx[k]);
    }
    int[] ly = y.array();
    for (int k = y.offset(), end = y.offset() + y.size(); k < end; k++) {
      labelIds.add(ly[k]);
    }
    maxFeature = Math.max(maxFeature, x.maxIndex());
    maxLabel = Math.max(maxLabel, y.maxLabel());
    featureOffsets.add(featureIndices.size());
    labelOffsets.add(labelIds.size());
    return this;
  }

  /** Appends every remaining example of a stream (does not close it). */
  public DatasetBuilder addAll(ExampleStream stream) throws java.io.IOException {
    while (stream.advance()) {
      add(stream.features(), stream.labels());
    }
    return this;
  }

  /** Number of examples added so far. */
  public int size() {
    return featureOffsets.size() - 1;
  }

  /**
   * Builds the dataset.
   *
   * @throws IllegalStateException if a declared d or L is below an index or label that was added
   */
  public Dataset build() {
    int d = declaredFeatures >= 0 ? declaredFeatures : maxFeature + 1;
    if (d <= maxFeature) {
      throw new IllegalStateException("declared numFeatures " + d + " but feature index " + maxFeature + " occurs");
    }
    int l;
    if (declaredLabels >= 0) {
      l = declaredLabels;
    } else if (labelNames != null) {
      l = labelNames.size();
    } else {
      l = maxLabel + 1;
    }
    if (l <= maxLabel) {
      throw new IllegalStateException("numLabels " + l + " but label " + maxLabel + " occurs");
    }
    List<String> names = labelNames;
    if (names == null) {
      names = new ArrayList<>(l);
      for (int i = 0; i < l; i++) {
        names.add(Integer.toString(i));
      }
    } else if (names.size() != l) {
      throw new IllegalStateException("numLabels " + l + " but " + names.size() + " label names");
    }
    return new Dataset(
        name,
        d,
        l,
        names,
        featureOffsets.toIntArray(),
        featureIndices.toIntArray(),
        featureValues.toFloatArray(),
        labelOffsets.toIntArray(),
        labelIds.toIntArray());
  }
}
