package org.altml.sparse;

import it.unimi.dsi.fastutil.Arrays;


/**
 * Builds a {@link SparseVector} from entries given in any order.
 *
 * <p>Entries whose value is exactly zero are dropped; NaN and infinite values are rejected when added;
 * entries are sorted by index when built; a duplicate index is an error (never silently merged). The
 * builder is reusable: {@link #clear()} keeps its capacity. Not thread-safe.
 */
public final class SparseVectorBuilder {
  private int[] indices;
  private float[] values;
  private int size;

  /** Creates a builder with a small initial capacity. */
  public SparseVectorBuilder() {
    this(16);
  }

  /** Creates a builder with room for {@code capacity} entries before growing. */
  public SparseVectorBuilder(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity must be >= 0: " + capacity);
    }
    indices = new int[capacity];
    values = new float[capacity];
  }

  /**
   * Adds the entry {@code index:value}; a zero value is ignored.
   *
   * @throws IllegalArgumentException if {@code index} is negative or {@code value} is NaN or infinite
   */
  public SparseVectorBuilder add(int index, float value) {
    if (index < 0) {
      throw new IllegalArgumentException("negative feature index " + index);
    }
    if (!Float.isFinite(value)) {
      throw new IllegalArgumentException("value " + value + " at feature index " + index + " is not finite");
    }
    if (value == 0f) {
      return this;
    }
    if (size == indices.length) {
      int n = Math.max(16, size + (size >> 1));
      indices = java.util.Arrays.copyOf(indices, n);
      values = java.util.Arrays.copyOf(values, n);
    }
    indices[size] = index;
    values[size] = value;
    size++;
    return this;
  }

  /** Number of (non-zero) entries added since the last {@link #clear()}. */
  public int size() {
    return size;
  }

  /** Forgets all entries, keeping the capacity. */
  public SparseVectorBuilder clear() {
    size = 0;
    return this;
  }

  /**
   * Sorts the entries in place by index and checks that no index repeats; returns the number of entries.
   * After this call {@link #sortedIndices()} and {@link #sortedValues()} hold the vector.
   *
   * @throws IllegalArgumentException naming the first duplicate index
   */
  public int sort() {
    boolean sorted = true;
    for (int k = 1; k < size; k++) {
      if (indices[k] <= indices[k - 1]) {
        sorted = false;
        break;
      }
    }
    if (!sorted) {
      final int[] ix = indices;
      final float[] vx = values;
      Arrays.quickSort(
          0,
          size,
          (a, b) -> Integer.compare(ix[a], ix[b]),
          (a, b) -> {
            int ti = ix[a];
            ix[a] = ix[b];
            ix[b] = ti;
            float tv = vx[a];
            vx[a] = vx[b];
            vx[b] = tv;
          });
    }
    for (int k = 1; k < size; k++) {
      if (indices[k] == indices[k - 1]) {
        throw new IllegalArgumentException("duplicate feature index " + indices[k]);
      }
    }
    return size;
  }

  /** Internal index array after {@link #sort()} (shared; valid until the next change). */
  public int[] sortedIndices() {
    return indices;
  }

  /** Internal value array after {@link #sort()} (shared; valid until the next change). */
  public float[] sortedValues() {
    return values;
  }

  /**
   * Returns a new vector owning a sorted copy of the entries.
   *
   * @throws IllegalArgumentException if an index was added twice
   */
  public SparseVector build() {
    sort();
    SparseVector v = new SparseVector();
    v.reset(java.util.Arrays.copyOf(indices, size), java.util.Arrays.copyOf(values, size), 0, size);
    return v;
  }
}
