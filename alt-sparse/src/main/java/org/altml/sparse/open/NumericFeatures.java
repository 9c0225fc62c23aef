package org.altml.sparse.open;

import org.altml.sparse.SparseVectorBuilder;
import org.altml.sparse.io.DataFormatException;

/**
 * Numeric feature indices as they are (LIBSVM's, docs/spec.md#open-features): the name of a feature is its index's
 * decimal text, its row the index less the base (1, or 0 for {@code --zero-based} files), and the rows grow with the
 * largest index seen. A name that is not a decimal index is refused, and so is an index past the bound
 * ({@code --max-features}), which keeps a stray index from making the model that large.
 */
public final class NumericFeatures implements FeatureVocabulary {
  private final int base;
  private final int maxFeatures;
  private int numRows;

  /** 1-based indices without a bound. */
  public NumericFeatures() {
    this(false, Integer.MAX_VALUE);
  }

  /**
   * Indices from 0 when {@code zeroBased}, else from 1, of at most {@code maxFeatures} rows.
   *
   * @throws IllegalArgumentException if {@code maxFeatures} is not positive
   */
  public NumericFeatures(boolean zeroBased, int maxFeatures) {
    if (maxFeatures <= 0) {
      throw new IllegalArgumentException("the maximum number of features must be > 0: " + maxFeatures);
    }
    this.base = zeroBased ? 0 : 1;
    this.maxFeatures = maxFeatures;
  }

  /**
   * The vocabulary of a model that has {@code numRows} rows already (a saved model, a model of a fixed d to continue).
   *
   * @throws IllegalArgumentException if {@code numRows} is negative or above {@code maxFeatures}
   */
  public static NumericFeatures withRows(boolean zeroBased, int maxFeatures, int numRows) {
    NumericFeatures f = new NumericFeatures(zeroBased, maxFeatures);
    if (numRows < 0 || numRows > maxFeatures) {
      throw new IllegalArgumentException(numRows + " rows, beyond the bound of " + maxFeatures);
    }
    f.numRows = numRows;
    return f;
  }

  /** Whether indices start at 0 (else at 1). */
  public boolean zeroBased() {
    return base == 0;
  }

  /** The bound on the rows. */
  public int maxFeatures() {
    return maxFeatures;
  }

  /** The index written as {@code name} (decimal digits), or -1 when it is not one; one too large for an int is -2. */
  static long indexOf(String name) {
    int n = name.length();
    if (n == 0) {
      return -1;
    }
    long v = 0;
    for (int i = 0; i < n; i++) {
      char c = name.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
      if (v > Integer.MAX_VALUE) {
        return -2;
      }
    }
    return v;
  }

  /** Why the feature {@code name} has no index ({@link #indexOf} gave {@code code}). */
  static String notAnIndex(String name, long code) {
    return code == -2 ? "feature index " + name + " is too large"
        : "feature " + OpenNames.quote(name) + " is not a feature index (numeric features are non-negative integers;"
            + " named features need a dictionary (--max-features N) or hashing (--hash-bits B))";
  }

  /** Refuses index 0 when the indices start at 1. */
  void checkBase(long index, String file, long line) throws DataFormatException {
    if (index < base) {
      throw new DataFormatException(file, line, "feature index 0 in a 1-based file (indices start at 1; read with --zero-based)");
    }
  }

  /** The row of {@code index}, checked against the base and the bound (nothing grows). */
  int rowOf(long index, String file, long line) throws DataFormatException {
    checkBase(index, file, line);
    long row = index - base;
    if (row >= maxFeatures) {
      throw new DataFormatException(file, line, "feature index " + index + " is past the bound of " + maxFeatures
          + " features: give a larger bound (--max-features N)");
    }
    return (int) row;
  }

  /** The row of {@code index} if the model has it, else -1. */
  int knownRow(long index) {
    long row = index - base;
    return index >= base && row < numRows ? (int) row : -1;
  }

  /** Makes room for {@code row}. */
  void grow(int row) {
    if (row >= numRows) {
      numRows = row + 1;
    }
  }

  @Override
  public void add(String name, float value, SparseVectorBuilder out, String where) throws DataFormatException {
    long index = indexOf(name);
    if (index < 0) {
      throw new DataFormatException(where, 0, notAnIndex(name, index));
    }
    int row = rowOf(index, where, 0);
    grow(row);
    out.add(row, value);
  }

  @Override
  public int row(String name) {
    long index = indexOf(name);
    return index < 0 ? -1 : knownRow(index);
  }

  @Override
  public boolean hasNames() {
    return true;
  }

  @Override
  public String featureName(int row) {
    if (row < 0 || row >= numRows) {
      throw new IndexOutOfBoundsException("row " + row + " of " + numRows);
    }
    return Integer.toString(row + base);
  }

  @Override
  public int numRows() {
    return numRows;
  }

  @Override
  public String describe() {
    return "numeric indices from " + base + " (" + numRows + " rows so far)";
  }

  /** Equal when the base, the bound and the rows so far are. */
  @Override
  public boolean equals(Object o) {
    return o instanceof NumericFeatures f && f.base == base && f.maxFeatures == maxFeatures && f.numRows == numRows;
  }

  @Override
  public int hashCode() {
    return (base * 31 + maxFeatures) * 31 + numRows;
  }

  @Override
  public String toString() {
    return describe();
  }
}
