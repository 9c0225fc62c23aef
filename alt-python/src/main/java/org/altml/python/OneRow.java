package org.altml.python;

import java.nio.ByteBuffer;
import org.altml.sparse.SparseVector;

/**
 * One example's features as Python gives them (a dict's keys and values in the dict's order): sorted here, zeros left
 * out, repeated or negative indices and values that are not finite floats refused, into a reused {@link SparseVector}
 * (no allocation when the row fits the scratch). They come packed in a buffer Python wrote (n little-endian ints,
 * then n floats: {@link OneBuffer}).
 */
final class OneRow {
  private int[] indices = new int[64];
  private float[] values = new float[64];
  private final SparseVector vector = new SparseVector();

  /** The vector of the {@code n} indices and {@code n} values packed from the start of {@code buffer}. */
  SparseVector of(ByteBuffer buffer, int n) {
    fit(n);
    OneBuffer.ints(buffer, 0, indices, n);
    OneBuffer.floats(buffer, 4 * n, values, n);
    return checked(n);
  }

  private void fit(int n) {
    if (indices.length < n) {
      indices = new int[n];
      values = new float[n];
    }
  }

  /** The first n pairs of the scratch checked, zeros left out and sorted by index, as the vector. */
  private SparseVector checked(int length) {
    int n = 0;
    boolean sorted = true;
    for (int k = 0; k < length; k++) {
      int i = indices[k];
      float v = values[k];
      if (!Float.isFinite(v)) {
        throw new IllegalArgumentException("feature " + i + " has the value " + v + " as a float: feature values must be finite");
      }
      if (i < 0) {
        throw new IllegalArgumentException("feature index " + i + " is negative");
      }
      if (v != 0f) {
        sorted &= n == 0 || i > indices[n - 1];
        indices[n] = i;
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
