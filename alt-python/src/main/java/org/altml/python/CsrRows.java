package org.altml.python;

import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;

/**
 * Rows of a CSR matrix (scipy's {@code indptr}, {@code indices}, {@code data}) and of a label-indicator matrix in the
 * same form (its column indices only), checked once with messages that name the row, and turned into a {@link
 * Dataset} or read as views one row at a time.
 */
final class CsrRows {
  private final String what;
  private final int[] indptr;
  private final int[] indices;
  private final float[] data;

  /**
   * @param what how messages name the matrix, e.g. "X"
   * @param data the values, or null for an indicator matrix (every stored entry is 1)
   * @throws IllegalArgumentException when the arrays are not a CSR matrix of sorted, distinct, non-negative column
   *     indices and finite non-zero values
   */
  CsrRows(String what, int[] indptr, int[] indices, float[] data) {
    this.what = what;
    this.indptr = indptr;
    this.indices = indices;
    this.data = data;
    if (indptr.length == 0 || indptr[0] != 0 || indptr[indptr.length - 1] > indices.length
        || (data != null && data.length != indices.length)) {
      throw new IllegalArgumentException(what + " is not a CSR matrix: indptr of " + indptr.length + " entries ending at "
          + (indptr.length == 0 ? "-" : indptr[indptr.length - 1]) + " for " + indices.length + " indices"
          + (data == null ? "" : " and " + data.length + " values"));
    }
    for (int i = 0; i < rows(); i++) {
      int from = indptr[i];
      int to = indptr[i + 1];
      if (to < from) {
        throw new IllegalArgumentException(what + " is not a CSR matrix: indptr decreases at row " + i);
      }
      for (int k = from; k < to; k++) {
        if (indices[k] < 0 || (k > from && indices[k] <= indices[k - 1])) {
          throw new IllegalArgumentException("row " + i + " of " + what + ": column indices must be non-negative, sorted and"
              + " distinct, not " + (k > from ? indices[k - 1] + " then " : "") + indices[k]);
        }
        if (data != null && (data[k] == 0f || !Float.isFinite(data[k]))) {
          throw new IllegalArgumentException("row " + i + " of " + what + ": the value of column " + indices[k] + " is "
              + data[k] + " as a float; feature values must be finite (and stored zeros left out)");
        }
      }
    }
  }

  int rows() {
    return indptr.length - 1;
  }

  /** The largest column index + 1 (0 when empty). */
  int width() {
    int max = -1;
    for (int i = 0; i < rows(); i++) {
      if (indptr[i + 1] > indptr[i]) {
        max = Math.max(max, indices[indptr[i + 1] - 1]);
      }
    }
    return max + 1;
  }

  /** Repositions {@code x} over row {@code i} (no copy). */
  SparseVector row(int i, SparseVector x) {
    x.reset(indices, data, indptr[i], indptr[i + 1] - indptr[i]);
    return x;
  }

  /** Repositions {@code y} over row {@code i} of an indicator matrix (no copy). */
  LabelSet labels(int i, LabelSet y) {
    y.reset(indices, indptr[i], indptr[i + 1] - indptr[i]);
    return y;
  }

  /**
   * The dataset of the CSR feature matrix X ({@code indptr}, {@code indices}, {@code data}) and the label-indicator
   * matrix Y ({@code yIndptr}, {@code yIndices}), rows in order, both checked first, of d at least {@code numFeatures}
   * and L {@code numLabels}, its labels named {@code labelNames} (null: by index).
   */
  static Dataset dataset(int[] indptr, int[] indices, float[] data, int[] yIndptr, int[] yIndices, int numFeatures,
      int numLabels, List<String> labelNames) {
    return dataset(new CsrRows("X", indptr, indices, data), new CsrRows("Y", yIndptr, yIndices, null), numFeatures, numLabels,
        labelNames);
  }

  /** {@link #dataset(int[], int[], float[], int[], int[], int, int, List)} of rows already checked. */
  private static Dataset dataset(CsrRows x, CsrRows y, int numFeatures, int numLabels, List<String> labelNames) {
    if (x.rows() != y.rows()) {
      throw new IllegalArgumentException("X has " + x.rows() + " rows but Y " + y.rows());
    }
    DatasetBuilder builder = new DatasetBuilder().name("X").numFeatures(Math.max(numFeatures, x.width())).numLabels(numLabels);
    if (labelNames != null) {
      builder.labelNames(labelNames);
    }
    SparseVector row = new SparseVector();
    LabelSet labels = new LabelSet();
    for (int i = 0; i < x.rows(); i++) {
      builder.add(x.row(i, row), y.labels(i, labels));
    }
    return builder.build();
  }
}
