package org.altml.core.eval;

import java.util.Objects;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * Some rows of a {@link Dataset}, by index, without copying: the training folds of a cross-validation, a
 * subsample, or the whole set. Examples keep their dataset row index as their id
 * ({@link org.altml.core.learner.OnlineMultiLabelLearner#NO_ID} is never used), so a learner's per-example
 * cache (a Gram cache) is shared by every view of the same dataset. Immutable; the row array is owned.
 *
 * @param dataset the data
 * @param rows the selected row indices in view order, or null for every row in file order
 */
public record DataView(Dataset dataset, int[] rows) {
  /** Checks the row indices. */
  public DataView {
    Objects.requireNonNull(dataset, "dataset");
    if (rows != null) {
      rows = rows.clone();
      for (int r : rows) {
        Objects.checkIndex(r, dataset.size());
      }
    }
  }

  /** A copy of the selected row indices (null: every row): the view's own stay as they were made. */
  @Override
  public int[] rows() {
    return rows == null ? null : rows.clone();
  }

  /** Every row of {@code dataset} in file order. */
  public static DataView of(Dataset dataset) {
    return new DataView(dataset, null);
  }

  /** The rows {@code rows} of {@code dataset}, in that order. */
  public static DataView of(Dataset dataset, int[] rows) {
    return new DataView(dataset, rows);
  }

  /** Number of examples in the view. */
  public int size() {
    return rows == null ? dataset.size() : rows.length;
  }

  /** The dataset row index (the example's id) of position {@code k} of the view. */
  public int row(int k) {
    return rows == null ? k : rows[k];
  }

  /** L of the dataset. */
  public int numLabels() {
    return dataset.numLabels();
  }

  /** d of the dataset. */
  public int numFeatures() {
    return dataset.numFeatures();
  }

  /** Reads the features of view position {@code k} into {@code out} (a view into the dataset's arrays). */
  public SparseVector features(int k, SparseVector out) {
    return dataset.features(row(k), out);
  }

  /** Reads the labels of view position {@code k} into {@code out}. */
  public LabelSet labels(int k, LabelSet out) {
    return dataset.labels(row(k), out);
  }

  /**
   * The view's positions in a seeded random order: for the whole dataset exactly
   * {@link Dataset#permutation(long)}, so a run over a view of every row equals a run over the dataset.
   */
  public int[] order(Order order, long seed) {
    if (order == Order.FILE) {
      return null;
    }
    return rows == null ? dataset.permutation(seed) : Dataset.permutation(rows.length, seed);
  }

  /** The rows as a new dataset (a copy), for the code that needs one. */
  public Dataset toDataset() {
    return rows == null ? dataset : dataset.subset(rows);
  }
}
