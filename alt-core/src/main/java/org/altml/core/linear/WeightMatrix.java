package org.altml.core.linear;

import java.io.IOException;
import java.util.Arrays;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * The weights W ∈ R^{d×(L+1)} of a linear learner, and the one seam between the learners and the storage
 * precision: W is stored feature-major, row {@code f} holding the L+1 weights of feature f (w_f^(1) …
 * w_f^(L), then the threshold weight w_f^(L+1)) at {@link #rowOffset()} + {@code f·stride}, followed by zero
 * padding up to {@link #stride()} (a multiple of {@link Scores#PAD} for float rows, of 8 for double rows), so
 * SIMD kernels run over whole rows. Rows start on 64-byte boundaries where the VM puts a large array's
 * elements 16 bytes after a 64-byte boundary (HotSpot's 16-byte array header on a humongous, region-aligned
 * array: {@link #rowOffset()} skips the first 48 bytes), so each 512-bit load or store of a row touches one
 * cache line, not two: misaligned rows cost the C yardstick's own loops 1.3x (alt-bench/journal/2026-11-26-quiet-remeasure.md).
 * Elsewhere the offset is harmless. The optional
 * bias row (the weights of a constant feature 1) is kept apart from the d feature rows, so it never
 * collides with a feature index.
 *
 * <p>Storage is float or double ({@link Precision}); this class owns every operation that touches it:
 * scoring ({@link #scores}), the rank-one step ({@link #addOuter}), the adaptive step
 * ({@link #adaptiveStep}), finiteness and the state's serialisation. Its callers (the learners) work in
 * double only: scores come out as double and coefficients go in as double. With float storage the scores
 * are computed in float (one fma per term, as a float program) and widened exactly; coefficients are
 * rounded to float once per step. Double storage multiplies then adds, as a plain float64 program does.
 *
 * <p>The matrix grows amortised (+50% of its capacity, as fastutil's {@code grow}, or just enough when that
 * would not fit) when a stream brings a larger feature index; rows between {@link #numRows()} and the
 * capacity are zero. Every allocation is checked against the heap first ({@link MemoryCheck}): a stray
 * huge feature index raises {@link InsufficientMemoryException} naming the sizes, not an
 * {@link OutOfMemoryError}. Pad lanes are zero and
 * stay zero (coefficient vectors have zero pad lanes). Scoring only reads, so it may run on many threads
 * over a frozen matrix, each with its own scratch; everything else is single-threaded.
 */
public final class WeightMatrix {
  /** Largest array this class allocates (the usual VM limit, as in fastutil). */
  private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
  /** The constant bias feature as a one-entry sparse vector {0: 1}, addressing the bias row. */
  private static final SparseVector BIAS_FEATURE = SparseVector.of(new int[] {0}, new float[] {1f});

  /** Doubles per padded row unit: one 64-byte cache line, one 512-bit register. */
  private static final int DOUBLE_PAD = 8;
  /** Bytes from a large array's start (a 64-byte boundary) to its first element on 64-bit HotSpot. */
  private static final int ARRAY_HEADER_BYTES = 16;
  private static final int LINE_BYTES = 64;

  private int width;
  /** The lanes the kernels compute: the width padded as a matrix created this wide pads its rows (at most the stride). */
  private int lanes;
  /** The rows' spacing: {@link #lanes} as created; after {@link #growWidth}, capacity for more labels. */
  private int stride;
  /** Where row 0 starts in the backing array: the elements before it pad it onto a 64-byte line. */
  private final int base;
  private final boolean isDouble;
  private final boolean hasBias;
  private int numRows;
  private float[] rows;
  private double[] rowsDouble;
  private float[] biasRow;
  private double[] biasRowDouble;
  /** Float storage: the step's coefficients rounded to float (single writer). */
  private float[] narrow;
  private float touched; // sink of RowTouch.touch: keeps its loads

  /**
   * Creates a zero matrix of {@code numRows} rows with {@code width} used lanes each (L+1), stored in
   * {@code precision}, without a bias row.
   *
   * @throws IllegalArgumentException if {@code width < 1} or {@code numRows < 0} or the matrix would
   *     not fit in one array
   */
  public WeightMatrix(int width, int numRows, Precision precision) {
    this(width, numRows, precision, false);
  }

  /**
   * Creates a zero matrix of {@code numRows} rows with {@code width} used lanes each (L+1), stored in
   * {@code precision}, with a bias row when {@code bias}.
   *
   * @throws IllegalArgumentException if {@code width < 1} or {@code numRows < 0}
   * @throws InsufficientMemoryException if the matrix would not fit in one array or in the heap
   */
  public WeightMatrix(int width, int numRows, Precision precision, boolean bias) {
    if (width < 1) {
      throw new IllegalArgumentException("width must be >= 1: " + width);
    }
    if (numRows < 0) {
      throw new IllegalArgumentException("numRows must be >= 0: " + numRows);
    }
    this.width = width;
    this.isDouble = precision == Precision.DOUBLE;
    // A row of doubles is padded to whole 64-byte lines (8 lanes), a row of floats to Scores.PAD (16): at
    // L+1 = 102 that is 104 doubles instead of 112, 7% less of the memory traffic double rows are bound by.
    this.stride = paddedStride(width, isDouble);
    this.lanes = stride;
    this.base = rowOffset(precision);
    this.hasBias = bias;
    int length = checkedLength(numRows);
    // the rows, the bias row and the float scratch
    MemoryCheck.require(MemoryCheck.bytes(length + 2L * stride, bytesEach()), describe(numRows), HINT);
    this.rows = isDouble ? null : new float[length];
    this.rowsDouble = isDouble ? new double[length] : null;
    this.biasRow = isDouble ? null : new float[stride];
    this.biasRowDouble = isDouble ? new double[stride] : null;
    this.narrow = isDouble ? null : new float[stride];
    this.numRows = numRows;
  }

  /** {@code width} rounded up to whole 64-byte lines of doubles, or to {@link Scores#PAD} floats. */
  private static int paddedStride(int width, boolean isDouble) {
    return isDouble ? (width + DOUBLE_PAD - 1) / DOUBLE_PAD * DOUBLE_PAD : Scores.paddedLength(width);
  }

  private static final String HINT = "check the data for a stray large feature index (the largest index sets the number of rows)"
      + " and the number of labels (L + 1 values a row: --num-labels, or the largest label)";

  private int checkedLength(long numRows) {
    return checkedLength(numRows, stride);
  }

  /** The array length of {@code numRows} rows {@code s} apart. */
  private int checkedLength(long numRows, int s) {
    long length = base + numRows * s;
    if (length > MAX_ARRAY_LENGTH) {
      throw new InsufficientMemoryException(describe(numRows, s), Long.MAX_VALUE, MemoryCheck.available(), describe(numRows, s)
          + " does not fit in one array (at most " + MAX_ARRAY_LENGTH + " values); " + HINT);
    }
    return (int) length;
  }

  private String describe(long numRows) {
    return describe(numRows, stride);
  }

  private String describe(long numRows, int s) {
    return "the weight matrix (" + numRows + " features x " + s + " " + precision().name().toLowerCase(java.util.Locale.ROOT)
        + " values)";
  }

  private int bytesEach() {
    return isDouble ? Double.BYTES : Float.BYTES;
  }

  /** Where row 0 starts in {@link #rows()} or {@link #rowsDouble()}: row f is at rowOffset() + f·stride. */
  public int rowOffset() {
    return base;
  }

  /**
   * Where row 0 starts in a matrix of {@code precision}: the elements that put row 0 on a 64-byte line, for
   * callers laying their own rows out the same way (the benchmarks).
   */
  public static int rowOffset(Precision precision) {
    return (LINE_BYTES - ARRAY_HEADER_BYTES) / (precision == Precision.DOUBLE ? Double.BYTES : Float.BYTES);
  }

  /** Number of used lanes per row, L+1. */
  public int width() {
    return width;
  }

  /**
   * The lanes of a row every kernel computes and every score vector holds: {@link #width()} padded as {@link #stride()}
   * is at creation, so a grown matrix costs what one created as wide costs however wide its stride.
   */
  public int lanes() {
    return lanes;
  }

  /**
   * Values per row: {@link #width()} rounded up to a multiple of {@link Scores#PAD} for float rows, of 8
   * (one 64-byte line) for double rows; never more than {@code Scores.paddedLength(width)} as created, and up to
   * twice what the width needs after {@link #growWidth} (capacity for more labels).
   */
  public int stride() {
    return stride;
  }

  /** Number of feature rows d. */
  public int numRows() {
    return numRows;
  }

  /** Whether the weights are stored in double. */
  public boolean isDouble() {
    return isDouble;
  }

  /** The storage precision. */
  public Precision precision() {
    return isDouble ? Precision.DOUBLE : Precision.FLOAT;
  }

  /** Whether the matrix has a bias row (the bias option). */
  public boolean hasBias() {
    return hasBias;
  }

  /** Number of rows the backing array holds ({@code >= numRows()}); the extra rows are zero. */
  public int capacityRows() {
    return ((isDouble ? rowsDouble.length : rows.length) - base) / stride;
  }

  /** Bytes of heap held by the rows, the bias row and the scratch. */
  public long ramBytesUsed() {
    long values = base + (long) capacityRows() * stride + 2L * stride;
    return 64 + values * (isDouble ? Double.BYTES : Float.BYTES);
  }

  /**
   * The float backing array ({@link #capacityRows()} rows of {@link #stride()} from {@link #rowOffset()}), for kernels, benchmarks and
   * tests: live, replaced when the matrix grows. Writing to it changes the weights; keep pad lanes zero.
   *
   * @throws IllegalStateException if the matrix stores double
   */
  public float[] rows() {
    if (isDouble) {
      throw new IllegalStateException("the weights are stored in double: use rowsDouble()");
    }
    return rows;
  }

  /**
   * The double backing array, as {@link #rows()} for float.
   *
   * @throws IllegalStateException if the matrix stores float
   */
  public double[] rowsDouble() {
    if (!isDouble) {
      throw new IllegalStateException("the weights are stored in float: use rows()");
    }
    return rowsDouble;
  }

  /**
   * The float bias row ({@link #stride()} values, pads included; all zero without the bias option): live.
   *
   * @throws IllegalStateException if the matrix stores double
   */
  public float[] biasRow() {
    if (isDouble) {
      throw new IllegalStateException("the weights are stored in double: use biasRowDouble()");
    }
    return biasRow;
  }

  /**
   * The double bias row, as {@link #biasRow()} for float.
   *
   * @throws IllegalStateException if the matrix stores float
   */
  public double[] biasRowDouble() {
    if (!isDouble) {
      throw new IllegalStateException("the weights are stored in float: use biasRow()");
    }
    return biasRowDouble;
  }

  /** Weight of {@code row} (feature) and {@code lane} (label, or L for the threshold), in either precision. */
  public double get(int row, int lane) {
    if (row < 0 || row >= numRows) {
      throw new IndexOutOfBoundsException("row " + row + " outside [0, " + numRows + ")");
    }
    java.util.Objects.checkIndex(lane, width);
    return isDouble ? rowsDouble[base + row * stride + lane] : rows[base + row * stride + lane];
  }

  /** In place: sets the weight of {@code row} and {@code lane} (rounded to float with float storage). */
  public void set(int row, int lane, double value) {
    if (row < 0 || row >= numRows) {
      throw new IndexOutOfBoundsException("row " + row + " outside [0, " + numRows + ")");
    }
    java.util.Objects.checkIndex(lane, width);
    if (isDouble) {
      rowsDouble[base + row * stride + lane] = value;
    } else {
      rows[base + row * stride + lane] = (float) value;
    }
  }

  /** Bias weight of {@code lane} (0 when the matrix has no bias row). */
  public double biasWeight(int lane) {
    java.util.Objects.checkIndex(lane, width);
    return isDouble ? biasRowDouble[lane] : biasRow[lane];
  }

  /**
   * Widens every row and the bias row to {@code newWidth} used lanes, for labels that appear mid-stream
   * (docs/spec.md#open-labels): the threshold weight moves from lane {@code width() - 1} to lane {@code newWidth - 1}
   * and the lanes between, the new labels', are zero. While {@code newWidth} fits the stride this moves one value a
   * row in place; past it the stride doubles (or grows to {@code newWidth} padded, when that is more) with one copy
   * of the rows, so labels that arrive one by one cost amortised O(1) copies of W each. The lanes a row uses and
   * their values are what a matrix created {@code newWidth} wide would hold; only the padding may be wider.
   *
   * @throws IllegalArgumentException if {@code newWidth < width()}
   * @throws InsufficientMemoryException if the wider rows would not fit in one array or in the heap (the matrix is
   *     then unchanged)
   */
  public void growWidth(int newWidth) {
    if (newWidth < width) {
      throw new IllegalArgumentException("the rows hold " + width + " lanes, cannot narrow them to " + newWidth);
    }
    if (newWidth == width) {
      return;
    }
    int last = width - 1;
    int lane = newWidth - 1;
    if (newWidth <= stride) {
      if (isDouble) {
        RowWidening.moveLane(rowsDouble, base, stride, numRows, last, lane);
        RowWidening.moveLane(biasRowDouble, 0, stride, 1, last, lane);
      } else {
        RowWidening.moveLane(rows, base, stride, numRows, last, lane);
        RowWidening.moveLane(biasRow, 0, stride, 1, last, lane);
      }
      width = newWidth;
      lanes = paddedStride(newWidth, isDouble);
      return;
    }
    int newStride = (int) Math.min(Math.max(paddedStride(newWidth, isDouble), 2L * stride), MAX_ARRAY_LENGTH - base);
    int capacity = capacityRows();
    int length = checkedLength(capacity, newStride);
    MemoryCheck.require(MemoryCheck.bytes(length + 2L * newStride, bytesEach()), describe(capacity, newStride), HINT);
    if (isDouble) {
      rowsDouble = RowWidening.widen(rowsDouble, base, stride, numRows, newStride, length, last, lane);
      biasRowDouble = RowWidening.widen(biasRowDouble, 0, stride, 1, newStride, newStride, last, lane);
    } else {
      rows = RowWidening.widen(rows, base, stride, numRows, newStride, length, last, lane);
      biasRow = RowWidening.widen(biasRow, 0, stride, 1, newStride, newStride, last, lane);
      narrow = new float[newStride];
    }
    stride = newStride;
    width = newWidth;
    lanes = paddedStride(newWidth, isDouble);
  }

  /**
   * Makes the matrix at least {@code minRows} rows tall, in place; new rows are zero. When the backing
   * array must grow it grows to at least 1.5 times its capacity, so a stream of increasing feature
   * indices costs amortised O(1) copies per row.
   *
   * @throws InsufficientMemoryException if the matrix would not fit in one array or in the heap (it is
   *     then unchanged)
   */
  public void ensureRows(int minRows) {
    if (minRows <= numRows) {
      return;
    }
    int capacity = capacityRows();
    if (minRows > capacity) {
      int exact = checkedLength(minRows);
      long grown = Math.max(minRows, capacity + (long) (capacity >> 1));
      long maxRows = (MAX_ARRAY_LENGTH - base) / stride;
      int newLength = (int) (base + Math.min(grown, Math.max(minRows, maxRows)) * stride);
      if (MemoryCheck.bytes(newLength, bytesEach()) > MemoryCheck.available()) {
        newLength = exact; // the amortised growth would not fit: grow just enough
      }
      MemoryCheck.require(MemoryCheck.bytes(newLength, bytesEach()), describe((newLength - base) / stride), HINT);
      try {
        if (isDouble) {
          rowsDouble = Arrays.copyOf(rowsDouble, newLength);
        } else {
          rows = Arrays.copyOf(rows, newLength);
        }
      } catch (OutOfMemoryError e) {
        throw MemoryCheck.allocationFailed(MemoryCheck.bytes(newLength, bytesEach()), describe((newLength - base) / stride), HINT, e);
      }
    }
    numRows = minRows;
  }

  /**
   * Scores of {@code x}: out[j] = Σ_k x_k·W[f_k][j] (+ the bias row), j in [0, lanes()), in double. Reads
   * only; features without a row contribute nothing.
   *
   * @param floatScratch {@link #lanes()} floats of the caller's (per-thread) scratch for float storage;
   *     may be null for double storage
   */
  public void scores(SparseVector x, double[] out, float[] floatScratch) {
    if (isDouble) {
      scoresInto(x, out);
      return;
    }
    scoresInto(x, floatScratch);
    for (int j = 0; j < lanes; j++) {
      out[j] = floatScratch[j];
    }
  }

  /**
   * Scores of {@code x} straight into a float array (prediction with float storage: no widening and
   * narrowing); the same values as {@link #scores} rounded to float, which for float storage is exact.
   *
   * @return false (nothing written) when the storage is double
   */
  public boolean scoresIfFloat(SparseVector x, float[] out) {
    if (isDouble) {
      return false;
    }
    scoresInto(x, out);
    return true;
  }

  private void scoresInto(SparseVector x, double[] out) {
    VectorMath.sparseTimesRows(rowsWithin(x, rowsDouble.length), rowsDouble, base, stride, out, lanes);
    if (hasBias) {
      VectorMath.axpy(1.0, biasRowDouble, 0, out, 0, lanes);
    }
  }

  private void scoresInto(SparseVector x, float[] out) {
    floatScores(rowsWithin(x, rows.length), rows, base, stride, lanes, biasRow, out);
  }

  /**
   * Float scores, lanes [0, n), over {@code r}'s rows from {@code b}, {@code s} apart, plus {@code bias} when the
   * matrix has one.
   */
  void floatScores(SparseVector within, float[] r, int b, int s, int n, float[] bias, float[] out) {
    VectorMath.sparseTimesRows(within, r, b, s, out, n);
    if (hasBias) {
      VectorMath.axpy(1f, bias, 0, out, 0, n);
    }
  }

  /**
   * A float copy of this double matrix to decide most predicted labels from ({@link FloatShadow}); null for
   * float storage. A snapshot: it must not be used once the matrix has changed.
   */
  public FloatShadow floatShadow() {
    return isDouble ? new FloatShadow(this) : null;
  }

  /**
   * {@code x}, or (predict only) the prefix of its entries whose feature has a row: features beyond W
   * contribute nothing. Indices are sorted, so they form a prefix; the view is one small object the JIT
   * usually scalar-replaces.
   */
  SparseVector rowsWithin(SparseVector x, int length) {
    if (base + (long) (x.maxIndex() + 1) * stride <= length) {
      return x;
    }
    int capacity = (length - base) / stride;
    int[] idx = x.indices();
    int end = x.offset() + x.nnz();
    int k = x.offset();
    while (k < end && idx[k] < capacity) {
      k++;
    }
    SparseVector prefix = new SparseVector();
    prefix.reset(idx, x.values(), x.offset(), k - x.offset());
    return prefix;
  }

  /**
   * In place, the rank-one step on the rows x touches (and the bias row): W[f_k] += (alpha·x_k)·coeff over
   * the L+1 lanes. FALT's step is alpha = −η with the ALT coefficients; PA's is alpha = 1 with τ_i·y_i.
   * Every feature of x must have a row ({@link #ensureRows}).
   */
  public void addOuter(SparseVector x, double alpha, double[] coeff) {
    if (isDouble) {
      VectorMath.addSparseOuter(x, alpha, coeff, rowsDouble, base, stride, lanes);
      if (hasBias) {
        VectorMath.addSparseOuter(BIAS_FEATURE, alpha, coeff, biasRowDouble, 0, stride, lanes);
      }
      return;
    }
    float[] c = narrowed(coeff);
    float a = (float) alpha;
    VectorMath.addSparseOuter(x, a, c, rows, base, stride, lanes);
    if (hasBias) {
      VectorMath.addSparseOuter(BIAS_FEATURE, a, c, biasRow, 0, stride, lanes);
    }
  }

  /**
   * In place, SALT's adaptive step (paper, Algorithm 3) on the rows x touches (and the bias row), with
   * g = x_k·grad[j]: G² += g², w −= η·g/(δ + √G²), where G² is {@code acc} (same shape and precision).
   * Every feature of x must have a row in both matrices.
   */
  public void adaptiveStep(SparseVector x, double[] grad, double eta, double delta, WeightMatrix acc) {
    if (acc.isDouble != isDouble || acc.stride != stride || acc.hasBias != hasBias) {
      throw new IllegalArgumentException("the accumulator's shape or precision differs from the weights'");
    }
    if (isDouble) {
      touched = RowTouch.touch(x, acc.rowsDouble, base, stride, lanes);
      VectorMath.adaptiveStep(x, grad, eta, delta, rowsDouble, acc.rowsDouble, base, stride, lanes);
      if (hasBias) {
        VectorMath.adaptiveStep(BIAS_FEATURE, grad, eta, delta, biasRowDouble, acc.biasRowDouble, 0, stride, lanes);
      }
      return;
    }
    float[] g = narrowed(grad);
    touched = RowTouch.touch(x, acc.rows, base, stride, lanes);
    VectorMath.adaptiveStep(x, g, (float) eta, (float) delta, rows, acc.rows, base, stride, lanes);
    if (hasBias) {
      VectorMath.adaptiveStep(BIAS_FEATURE, g, (float) eta, (float) delta, biasRow, acc.biasRow, 0, stride, lanes);
    }
  }

  private float[] narrowed(double[] coeff) {
    float[] c = narrow;
    for (int j = 0; j < lanes; j++) {
      c[j] = (float) coeff[j];
    }
    return c;
  }

  /** True when every weight (and the bias row) is finite: a full scan, for saving and checks. */
  public boolean allFinite() {
    int n = base + numRows * stride;
    if (isDouble) {
      return finite(rowsDouble, n) && finite(biasRowDouble, stride);
    }
    for (int i = base; i < n; i++) {
      if (!Float.isFinite(rows[i])) {
        return false;
      }
    }
    for (float v : biasRow) {
      if (!Float.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  private static boolean finite(double[] a, int n) {
    for (int i = 0; i < n; i++) { // the zeros before row 0 included
      if (!Double.isFinite(a[i])) {
        return false;
      }
    }
    return true;
  }

  /** A deep copy (capacity trimmed to {@link #numRows()}, the stride that of a matrix created {@link #width()} wide). */
  public WeightMatrix copy() {
    WeightMatrix m = new WeightMatrix(width, numRows, precision(), hasBias);
    for (int f = 0; f <= numRows; f++) { // the last "row" is the bias row
      Object from = f < numRows ? (isDouble ? rowsDouble : rows) : (isDouble ? biasRowDouble : biasRow);
      Object to = f < numRows ? (isDouble ? m.rowsDouble : m.rows) : (isDouble ? m.biasRowDouble : m.biasRow);
      System.arraycopy(from, f < numRows ? base + f * stride : 0, to, f < numRows ? base + f * m.stride : 0, width);
    }
    return m;
  }

  /**
   * Writes d, then the d rows and the bias row without padding ({@link #width()} values each) in the
   * storage precision.
   */
  public void write(StateOutput out) throws IOException {
    out.writeInt(numRows);
    for (int f = 0; f <= numRows; f++) {
      if (isDouble) {
        out.writeDoubles(f < numRows ? rowsDouble : biasRowDouble, f < numRows ? base + f * stride : 0, width);
      } else {
        out.writeFloats(f < numRows ? rows : biasRow, f < numRows ? base + f * stride : 0, width);
      }
    }
  }

  /**
   * Reads what {@link #write} wrote into this (empty) matrix of the same width and precision, checking d
   * against the bytes that remain before allocating.
   *
   * @throws org.altml.core.learner.CorruptStateException if d is negative or larger than the data
   * @throws InsufficientMemoryException if the matrix does not fit in the heap
   */
  public void read(StateInput in) throws IOException {
    int d = in.readInt();
    in.requireValues((d + 1L) * width, bytesEach(), "a weight matrix of " + d + " rows");
    if (numRows != 0) {
      throw new IllegalStateException("read into a matrix that already has rows");
    }
    ensureRows(d);
    if (isDouble) {
      in.readDoubleRows(rowsDouble, base, width, d, stride);
      in.readDoubles(biasRowDouble, 0, width);
    } else {
      in.readFloatRows(rows, base, width, d, stride);
      in.readFloats(biasRow, 0, width);
    }
  }
}
