package org.altml.kernel.store;

import java.util.Arrays;
import org.altml.sparse.SparseVector;

/**
 * A growable sparse vector under construction (a merged point, a vector being read): ascending indices
 * and float values, with a {@link SparseVector} view over them. Reused; allocates only to grow.
 */
public final class VectorBuffer {
  private int[] indices = new int[16];
  private float[] values = new float[16];
  private int nnz;
  private final SparseVector view = new SparseVector();

  /** An empty buffer. */
  public VectorBuffer() {}

  /** Empties the buffer, with room for {@code expected} entries. */
  public void clear(int expected) {
    nnz = 0;
    if (indices.length < expected) {
      int n = Math.max(expected, 2 * indices.length);
      indices = new int[n];
      values = new float[n];
    }
  }

  /** Appends {@code value} at {@code index} (above every index so far); exact zeros are dropped. */
  public void add(int index, float value) {
    if (value == 0f) {
      return;
    }
    if (nnz == indices.length) {
      indices = Arrays.copyOf(indices, 2 * nnz);
      values = Arrays.copyOf(values, 2 * nnz);
    }
    indices[nnz] = index;
    values[nnz++] = value;
  }

  boolean checkValues() {
    for (int k = 0; k < nnz; k++) {
      if (!Float.isFinite(values[k]) || values[k] == 0f) {
        return false;
      }
    }
    return true;
  }

  /** The entries as a view (valid until the buffer changes). */
  public SparseVector view() {
    view.reset(indices, values, 0, nnz);
    return view;
  }

  /** Approximate bytes of heap held. */
  public long ramBytesUsed() {
    return 48 + 8L * indices.length;
  }
}
