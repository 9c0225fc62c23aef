package org.altml.core.linear;

import java.util.Arrays;
import org.altml.core.learner.Scores;

/**
 * The weights W ∈ R^{d×(L+1)} of a linear learner, stored feature-major: row {@code f} holds the L+1
 * weights of feature f (w_f^(1) … w_f^(L), then the threshold weight w_f^(L+1)) in
 * {@code rows()[f·stride .. f·stride + L]}, followed by zero padding up to {@link #stride()}, a multiple
 * of {@link Scores#PAD} floats, so SIMD kernels can run over whole rows. Pad lanes are zero and stay
 * zero: every learner updates rows with coefficient vectors whose pad lanes are zero.
 *
 * <p>The weights are stored in float ({@link #rows()}) or, for {@link Precision#DOUBLE}, in double
 * ({@link #rowsDouble()}), never both: {@link #isDouble()} says which; {@link #get} reads either.
 *
 * <p>The matrix grows amortised (+50% of its capacity, as fastutil's {@code grow}) when a stream brings
 * a larger feature index; rows between {@link #numRows()} and the capacity are zero, so a kernel may
 * address them safely. Not thread-safe.
 */
public final class WeightMatrix {
  /** Largest float array this class allocates (the usual VM limit, as in fastutil). */
  private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private final int width;
  private final int stride;
  private final boolean isDouble;
  private int numRows;
  private float[] rows;
  private double[] rowsDouble;

  /**
   * Creates a zero matrix of {@code numRows} rows with {@code width} used lanes each (L+1).
   *
   * @throws IllegalArgumentException if {@code width < 1} or {@code numRows < 0} or the matrix would
   *     not fit in one array
   */
  public WeightMatrix(int width, int numRows) {
    this(width, numRows, Precision.FLOAT);
  }

  /**
   * Creates a zero matrix of {@code numRows} rows with {@code width} used lanes each (L+1), stored in
   * {@code precision}.
   *
   * @throws IllegalArgumentException if {@code width < 1} or {@code numRows < 0} or the matrix would
   *     not fit in one array
   */
  public WeightMatrix(int width, int numRows, Precision precision) {
    if (width < 1) {
      throw new IllegalArgumentException("width must be >= 1: " + width);
    }
    if (numRows < 0) {
      throw new IllegalArgumentException("numRows must be >= 0: " + numRows);
    }
    this.width = width;
    this.stride = Scores.paddedLength(width);
    this.isDouble = precision == Precision.DOUBLE;
    if (isDouble) {
      this.rowsDouble = new double[checkedLength(numRows)];
    } else {
      this.rows = new float[checkedLength(numRows)];
    }
    this.numRows = numRows;
  }

  private int checkedLength(long numRows) {
    long length = numRows * stride;
    if (length > MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(
          numRows + " rows of " + stride + " floats do not fit in one array (max " + MAX_ARRAY_LENGTH + " floats)");
    }
    return (int) length;
  }

  /** Number of used lanes per row, L+1. */
  public int width() {
    return width;
  }

  /** Floats per row: {@link #width()} rounded up to a multiple of {@link Scores#PAD}. */
  public int stride() {
    return stride;
  }

  /** Number of feature rows d. */
  public int numRows() {
    return numRows;
  }

  /** Whether the weights are stored in double ({@link #rowsDouble()}) rather than float ({@link #rows()}). */
  public boolean isDouble() {
    return isDouble;
  }

  /** The storage precision. */
  public Precision precision() {
    return isDouble ? Precision.DOUBLE : Precision.FLOAT;
  }

  /** Number of rows the backing array holds ({@code >= numRows()}); the extra rows are zero. */
  public int capacityRows() {
    return (isDouble ? rowsDouble.length : rows.length) / stride;
  }

  /**
   * The backing array ({@link #capacityRows()} rows of {@link #stride()} floats), for kernels: live, not
   * a copy, and replaced when the matrix grows, so re-read it after {@link #ensureRows}. Writing to it
   * changes the weights; keep pad lanes zero.
   */
  public float[] rows() {
    if (isDouble) {
      throw new IllegalStateException("the weights are stored in double: use rowsDouble()");
    }
    return rows;
  }

  /**
   * The double backing array of a {@link Precision#DOUBLE} matrix, as {@link #rows()} for float: live,
   * replaced when the matrix grows; keep pad lanes zero.
   *
   * @throws IllegalStateException if the matrix stores float
   */
  public double[] rowsDouble() {
    if (!isDouble) {
      throw new IllegalStateException("the weights are stored in float: use rows()");
    }
    return rowsDouble;
  }

  /** Weight of {@code row} (feature) and {@code lane} (label, or L for the threshold), in either precision. */
  public double get(int row, int lane) {
    if (row < 0 || row >= numRows) {
      throw new IndexOutOfBoundsException("row " + row + " outside [0, " + numRows + ")");
    }
    if (lane < 0 || lane >= width) {
      throw new IndexOutOfBoundsException("lane " + lane + " outside [0, " + width + ")");
    }
    return isDouble ? rowsDouble[row * stride + lane] : rows[row * stride + lane];
  }

  /**
   * Makes the matrix at least {@code minRows} rows tall, in place; new rows are zero. When the backing
   * array must grow it grows to at least 1.5 times its capacity, so a stream of increasing feature
   * indices costs amortised O(1) copies per row.
   *
   * @throws IllegalArgumentException if the matrix would not fit in one array
   */
  public void ensureRows(int minRows) {
    if (minRows <= numRows) {
      return;
    }
    int capacity = capacityRows();
    if (minRows > capacity) {
      long grown = Math.max(minRows, capacity + (long) (capacity >> 1));
      long maxRows = MAX_ARRAY_LENGTH / stride;
      int newCapacity = (int) Math.min(grown, Math.max(minRows, maxRows));
      if (isDouble) {
        rowsDouble = Arrays.copyOf(rowsDouble, checkedLength(newCapacity));
      } else {
        rows = Arrays.copyOf(rows, checkedLength(newCapacity));
      }
    }
    numRows = minRows;
  }

  /** True when every weight is finite (a full scan, for saving and checks, not for hot loops). */
  public boolean allFinite() {
    int n = numRows * stride;
    if (isDouble) {
      for (int i = 0; i < n; i++) {
        if (!Double.isFinite(rowsDouble[i])) {
          return false;
        }
      }
      return true;
    }
    for (int i = 0; i < n; i++) {
      if (!Float.isFinite(rows[i])) {
        return false;
      }
    }
    return true;
  }

  /** A deep copy with the same rows (capacity trimmed to {@link #numRows()}). */
  public WeightMatrix copy() {
    WeightMatrix m = new WeightMatrix(width, numRows, precision());
    if (isDouble) {
      System.arraycopy(rowsDouble, 0, m.rowsDouble, 0, numRows * stride);
    } else {
      System.arraycopy(rows, 0, m.rows, 0, numRows * stride);
    }
    return m;
  }
}
