package org.altml.python;

import org.altml.sparse.SparseVector;

/**
 * One example's features as Python gives them (a dict's keys and values in the dict's order): sorted here, zeros left
 * out, repeated or negative indices and values that are not finite floats refused, into a reused {@link SparseVector}
 * (no allocation when the row fits the scratch).
 */
final class OneRow {
  private int[] indices = new int[64];
  private float[] values = new float[64];
  private final SparseVector vector = new SparseVector();

  /** The vector of {@code idx} and {@code val}, valid until the next call. */
  SparseVector of(int[] idx, float[] val) {
    if (idx.length != val.length) {
      throw new IllegalArgumentException(idx.length + " feature indices but " + val.length + " values");
    }
    if (indices.length < idx.length) {
      indices = new int[idx.length];
      values = new float[idx.length];
    }
    int n = 0;
    boolean sorted = true;
    for (int k = 0; k < idx.length; k++) {
      float v = val[k];
      if (!Float.isFinite(v)) {
        throw new IllegalArgumentException("feature " + idx[k] + " has the value " + v + " as a float: feature values must be finite");
      }
      if (idx[k] < 0) {
        throw new IllegalArgumentException("feature index " + idx[k] + " is negative");
      }
      if (v != 0f) {
        sorted &= n == 0 || idx[k] > indices[n - 1];
        indices[n] = idx[k];
        values[n++] = v;
      }
    }
    if (!sorted) {
      sort(n);
    }
    vector.reset(indices, values, 0, n);
    return vector;
  }

  /** Insertion sort of the first n pairs by index (a row has tens to hundreds of entries); refuses a repeated index. */
  private void sort(int n) {
    for (int i = 1; i < n; i++) {
      int key = indices[i];
      float v = values[i];
      int j = i - 1;
      while (j >= 0 && indices[j] > key) {
        indices[j + 1] = indices[j];
        values[j + 1] = values[j];
        j--;
      }
      indices[j + 1] = key;
      values[j + 1] = v;
    }
    for (int i = 1; i < n; i++) {
      if (indices[i] == indices[i - 1]) {
        throw new IllegalArgumentException("feature " + indices[i] + " is given twice");
      }
    }
  }
}
