package org.altml.sparse;

import java.util.Arrays;

/**
 * A set of relevant labels: sorted, distinct label ids in {@code [0, L)}, as a read-only view of a
 * primitive array (the same idea as {@link SparseVector}).
 *
 * <p>{@link #array()} and {@link #offset()} expose the backing array for hot loops; do not modify it. A
 * set handed out by a stream is valid until the stream advances. Not thread-safe.
 */
public final class LabelSet {
  private static final int[] NONE = new int[0];

  private int[] labels;
  private int offset;
  private int size;

  /** Creates an empty set; reposition it with {@link #reset}. */
  public LabelSet() {
    this.labels = NONE;
  }

  /**
   * Returns a set owning a sorted copy of the given labels.
   *
   * @throws IllegalArgumentException if a label is negative or repeated
   */
  public static LabelSet of(int... labels) {
    int[] sorted = labels.clone();
    Arrays.sort(sorted);
    for (int k = 0; k < sorted.length; k++) {
      if (sorted[k] < 0) {
        throw new IllegalArgumentException("negative label " + sorted[k]);
      }
      if (k > 0 && sorted[k] == sorted[k - 1]) {
        throw new IllegalArgumentException("duplicate label " + sorted[k]);
      }
    }
    LabelSet s = new LabelSet();
    s.reset(sorted, 0, sorted.length);
    return s;
  }

  /**
   * Repositions this view over {@code size} sorted distinct labels of {@code labels} from {@code offset};
   * for stream and dataset implementations (invariants checked only with assertions enabled).
   */
  public void reset(int[] labels, int offset, int size) {
    assert offset >= 0 && size >= 0 && offset + size <= labels.length : "offset " + offset + " size " + size;
    assert checkSorted(labels, offset, size);
    this.labels = labels;
    this.offset = offset;
    this.size = size;
  }

  private static boolean checkSorted(int[] labels, int offset, int size) {
    for (int k = offset; k < offset + size; k++) {
      if (labels[k] < 0 || (k > offset && labels[k] <= labels[k - 1])) {
        throw new AssertionError("labels not sorted, distinct and non-negative at " + (k - offset));
      }
    }
    return true;
  }

  /** Number of relevant labels, |Y|. */
  public int size() {
    return size;
  }

  /** True when no label is relevant. */
  public boolean isEmpty() {
    return size == 0;
  }

  /** The {@code k}-th smallest relevant label, {@code 0 <= k < size()}. */
  public int label(int k) {
    if (k < 0 || k >= size) {
      throw new IndexOutOfBoundsException("position " + k + " outside [0, " + size + ")");
    }
    return labels[offset + k];
  }

  /** Whether {@code label} is relevant, by binary search: O(log size). */
  public boolean contains(int label) {
    return Arrays.binarySearch(labels, offset, offset + size, label) >= 0;
  }

  /** Largest label, or -1 when empty. */
  public int maxLabel() {
    return size == 0 ? -1 : labels[offset + size - 1];
  }

  /** Backing array (shared, do not modify); entries from {@link #offset()} on. */
  public int[] array() {
    return labels;
  }

  /** Position of the first label in {@link #array()}. */
  public int offset() {
    return offset;
  }

  /** Returns a set owning a copy of these labels. */
  public LabelSet copy() {
    LabelSet s = new LabelSet();
    s.reset(Arrays.copyOfRange(labels, offset, offset + size), 0, size);
    return s;
  }

  /** Returns the labels as a new array. */
  public int[] toArray() {
    return Arrays.copyOfRange(labels, offset, offset + size);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LabelSet other) || other.size != size) {
      return false;
    }
    return Arrays.equals(labels, offset, offset + size, other.labels, other.offset, other.offset + size);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int k = offset; k < offset + size; k++) {
      h = 31 * h + labels[k];
    }
    return h;
  }

  /** Labels as {@code [a, b, ...]}. */
  @Override
  public String toString() {
    return Arrays.toString(toArray());
  }
}
