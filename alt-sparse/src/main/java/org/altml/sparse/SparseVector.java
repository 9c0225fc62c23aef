package org.altml.sparse;

import java.util.Arrays;

/**
 * A sparse feature vector: a read-only view of parallel primitive arrays holding 0-based, strictly
 * increasing indices and finite, non-zero {@code float} values.
 *
 * <p>For hot loops {@link #indices()}, {@link #values()} and {@link #offset()} expose the backing
 * arrays, as fastutil's {@code elements()} does: entries {@code offset() .. offset() + nnz() - 1}
 * belong to this vector. Callers must not modify them. A vector handed out by an
 * {@link org.altml.sparse.data.ExampleStream} is valid only until the stream advances; copy it with
 * {@link #copy()} to keep it.
 *
 * <p>Instances created by {@link #of} or {@link SparseVectorBuilder#build()} own their arrays. Stream
 * and dataset implementations reposition one instance per cursor with {@link #reset}, so that
 * iterating a corpus allocates nothing per example. Not thread-safe.
 */
public final class SparseVector {
  private static final int[] NO_INDICES = new int[0];
  private static final float[] NO_VALUES = new float[0];

  private int[] indices;
  private float[] values;
  private int offset;
  private int nnz;

  /** Creates an empty vector (no non-zeros); reposition it with {@link #reset}. */
  public SparseVector() {
    this.indices = NO_INDICES;
    this.values = NO_VALUES;
  }

  /**
   * Returns a vector owning copies of the given arrays, after checking every invariant.
   *
   * @throws IllegalArgumentException if the arrays differ in length, an index is negative or not
   *     strictly increasing, or a value is zero, NaN or infinite
   */
  public static SparseVector of(int[] indices, float[] values) {
    if (indices.length != values.length) {
      throw new IllegalArgumentException(
          "indices and values differ in length: " + indices.length + " != " + values.length);
    }
    for (int k = 0; k < indices.length; k++) {
      if (indices[k] < 0) {
        throw new IllegalArgumentException("negative index " + indices[k] + " at position " + k);
      }
      if (k > 0 && indices[k] <= indices[k - 1]) {
        throw new IllegalArgumentException(
            "indices not strictly increasing at position " + k + ": " + indices[k - 1] + ", " + indices[k]);
      }
      if (values[k] == 0f || !Float.isFinite(values[k])) {
        throw new IllegalArgumentException("value " + values[k] + " at index " + indices[k] + " is zero or not finite");
      }
    }
    SparseVector v = new SparseVector();
    v.reset(indices.clone(), values.clone(), 0, indices.length);
    return v;
  }

  /**
   * The vector of a dense row: feature i takes {@code dense[i]} rounded to float (as every stored feature is),
   * the zeros left out.
   *
   * @throws IllegalArgumentException if a value is NaN or infinite as a float (beyond ±3.4e38)
   */
  public static SparseVector ofDense(double[] dense) {
    int nnz = 0;
    for (int i = 0; i < dense.length; i++) {
      float v = (float) dense[i];
      if (!Float.isFinite(v)) {
        throw new IllegalArgumentException("value " + dense[i] + " at index " + i + " is not finite as a float");
      }
      nnz += v != 0f ? 1 : 0;
    }
    int[] indices = new int[nnz];
    float[] values = new float[nnz];
    int k = 0;
    for (int i = 0; i < dense.length; i++) {
      float v = (float) dense[i];
      if (v != 0f) {
        indices[k] = i;
        values[k++] = v;
      }
    }
    SparseVector out = new SparseVector();
    out.reset(indices, values, 0, nnz);
    return out;
  }

  /**
   * Repositions this view over {@code nnz} entries of the given arrays starting at {@code offset}; for
   * stream and dataset implementations. The caller guarantees the invariants of this class (they are
   * checked only with assertions enabled). The arrays are not copied.
   */
  public void reset(int[] indices, float[] values, int offset, int nnz) {
    assert offset >= 0 && nnz >= 0 && offset + nnz <= indices.length && offset + nnz <= values.length
        : "offset " + offset + " nnz " + nnz;
    assert checkInvariants(indices, values, offset, nnz);
    this.indices = indices;
    this.values = values;
    this.offset = offset;
    this.nnz = nnz;
  }

  private static boolean checkInvariants(int[] indices, float[] values, int offset, int nnz) {
    for (int k = offset; k < offset + nnz; k++) {
      if (indices[k] < 0 || (k > offset && indices[k] <= indices[k - 1])) {
        throw new AssertionError("bad index " + indices[k] + " at " + (k - offset));
      }
      if (values[k] == 0f || !Float.isFinite(values[k])) {
        throw new AssertionError("bad value " + values[k] + " at " + (k - offset));
      }
    }
    return true;
  }

  /** Number of stored (non-zero) entries. */
  public int nnz() {
    return nnz;
  }

  /** Feature index of the {@code k}-th stored entry, {@code 0 <= k < nnz()}. */
  public int index(int k) {
    checkPosition(k);
    return indices[offset + k];
  }

  /** Value of the {@code k}-th stored entry, {@code 0 <= k < nnz()}. */
  public float value(int k) {
    checkPosition(k);
    return values[offset + k];
  }

  private void checkPosition(int k) {
    if (k < 0 || k >= nnz) {
      throw new IndexOutOfBoundsException("position " + k + " outside [0, " + nnz + ")");
    }
  }

  /** Backing index array (shared, do not modify); entries from {@link #offset()} on. */
  public int[] indices() {
    return indices;
  }

  /** Backing value array (shared, do not modify); entries from {@link #offset()} on. */
  public float[] values() {
    return values;
  }

  /** Position of the first entry of this vector in {@link #indices()} and {@link #values()}. */
  public int offset() {
    return offset;
  }

  /** Largest feature index stored, or -1 for an empty vector. */
  public int maxIndex() {
    return nnz == 0 ? -1 : indices[offset + nnz - 1];
  }

  /** Value at feature {@code index} (0 when not stored), by binary search: O(log nnz). */
  public float get(int index) {
    int k = Arrays.binarySearch(indices, offset, offset + nnz, index);
    return k >= 0 ? values[k] : 0f;
  }

  /** Squared Euclidean norm, summed in double. */
  public double squaredNorm() {
    double s = 0;
    for (int k = offset; k < offset + nnz; k++) {
      s += (double) values[k] * values[k];
    }
    return s;
  }

  /** Returns a vector that owns a copy of this vector's entries. */
  public SparseVector copy() {
    SparseVector v = new SparseVector();
    v.reset(
        Arrays.copyOfRange(indices, offset, offset + nnz),
        Arrays.copyOfRange(values, offset, offset + nnz),
        0,
        nnz);
    return v;
  }

  /** Same entries (indices and bit-identical values), regardless of backing arrays. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof SparseVector other) || other.nnz != nnz) {
      return false;
    }
    for (int k = 0; k < nnz; k++) {
      if (indices[offset + k] != other.indices[other.offset + k]
          || Float.floatToIntBits(values[offset + k]) != Float.floatToIntBits(other.values[other.offset + k])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int k = offset; k < offset + nnz; k++) {
      h = 31 * h + indices[k];
      h = 31 * h + Float.floatToIntBits(values[k]);
    }
    return h;
  }

  /** Entries as {@code {index:value, ...}} with 0-based indices. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int k = offset; k < offset + nnz; k++) {
      if (k > offset) {
        sb.append(", ");
      }
      sb.append(indices[k]).append(':').append(values[k]);
    }
    return sb.append('}').toString();
  }
}
