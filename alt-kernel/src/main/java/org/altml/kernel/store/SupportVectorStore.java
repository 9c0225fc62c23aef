package org.altml.kernel.store;

import com.carrotsearch.hppc.LongIntHashMap;
import java.io.IOException;
import java.util.Arrays;
import org.altml.core.learner.CorruptStateException;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.kernel.Kernel;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.cache.GramCache;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * The support vectors (x_k, α_k) of a kernel learner (SPEC.md, "Kernelized FALT"), stored contiguously in
 * slots {@code 0..size-1}:
 *
 * <ul>
 *   <li>features as float, in one of two layouts chosen by the data ({@link Layout}): dense rows of d
 *       floats when the first vector fills at least half of d (a dense row then costs no more than its
 *       sparse form), else CSR-like pools of indices and values; when dense rows would have to widen for
 *       a new feature and pools would then be smaller, the store turns sparse once (vectors whose first
 *       features looked dense, of data that is not). Both layouts give the same bits;</li>
 *   <li>each vector's squared norm ||x_k||², computed once (in double, ascending feature order);</li>
 *   <li>the coefficient rows α_k ({@link #width()} values: L+1 for FALT(k), L for PA) back to back in the
 *       precision of the learner, padded to {@link #stride()} like linear weight rows, so that scores
 *       s = Σ_k K_k·α_k are one {@link VectorMath#combineRows} over the slots;</li>
 *   <li>an age per vector (the append sequence number) and a doubly linked age list, oldest first, so
 *       that {@link #oldest()} is exact and O(1) whatever was removed;</li>
 *   <li>the example id each vector came from ({@link #id}), -1 when unknown or merged: what a
 *       {@link GramCache} is indexed by. Ids are not saved with a model (a loaded store has none).</li>
 * </ul>
 *
 * <p>Scoring is two clean steps that a later blocked or cached path can feed with precomputed values:
 * {@link #kernelRow} writes K(x, x_k) for every slot, {@link #combine} sums the coefficient rows with
 * them. Removal is O(1): the last slot moves into the hole (its age and list position go with it). Merging
 * ({@link #replace}) keeps the replaced vector's age and list position. Every array grows by doubling,
 * never per example; sparse pools reclaim the entries of removed vectors by compacting in place once they
 * are half garbage.
 *
 * <p>Float storage is float mode ({@link #floatMath()}): every kernel value and score of the store is then
 * computed in float (SPEC's operations in float, in the same order; see {@link RbfKernel}): dot products
 * summed in float, the exponent in float, K = exp(u) by the float exponential, and scores accumulated in float in
 * slot order (a row of scores stored in double holds floats). Every path of a float store (one example,
 * {@link BlockScorer}'s matrix products, a Gram cache, single slots) does the same float operations in the
 * same order, so they agree bit for bit as the double ones do. Budget maintenance ({@link org.altml.kernel.budget.MergePolicy}'s
 * dot products and search) stays in double in both modes.
 *
 * <p>Not thread-safe for writes; {@link #kernelRow} and {@link #combine} only read and may run on many
 * threads at once, each with its own {@link KernelRow}.
 */
public final class SupportVectorStore {
  /** How the features of the support vectors are laid out. */
  public enum Layout {
    /** One row of {@link #numFeatures()} floats per vector (zeros included). */
    DENSE,
    /** Indices and values of each vector's non-zeros in shared pools. */
    SPARSE
  }

  private static final String HINT = "lower --budget (or give one), or " + MemoryCheck.MORE_HEAP;
  private static final int NONE = -1;
  private static final int[] NO_INDICES = new int[0];
  private static final float[] NO_VALUES = new float[0];

  private final int width;
  private final int stride;
  private final boolean isDouble;
  private final int numFeaturesHint;
  private Layout layout;

  private int size;
  private int capacity;
  private long nextAge;
  private int maxFeature = -1;

  private double[] squaredNorms = new double[0];
  /** ||α_k||² per slot, summed as {@link #coefficientDot} sums it, kept up to date with the coefficients. */
  private double[] coefficientNorms = new double[0];
  /** Scratch of {@link #laneDots}: α_slot widened to double. */
  private double[] laneRow = new double[0];
  private final double[] oneDot = new double[1];
  private long[] ages = new long[0];
  private int[] ids = new int[0];
  private long[] stamps = new long[0];
  /** Per slot: the slot its vector held at the last {@link #markSlots()}, or -1 if written since; moves with it. */
  private int[] marks = new int[0];
  private long nextStamp;
  private long[] gone = new long[16];
  private int goneCount;
  private int[] prev = new int[0];
  private int[] next = new int[0];
  private int head = NONE;
  private int tail = NONE;

  private double[] coefDouble;
  private float[] coefFloat;

  private int columns;
  private float[] dense = new float[0];

  private int[] starts = new int[0];
  private int[] lengths = new int[0];
  private int[] poolIndices = new int[0];
  private float[] poolValues = new float[0];
  private int poolEnd;
  private int garbage;
  private long[] compactOrder = new long[0];

  /**
   * An empty store whose layout the first appended vector decides.
   *
   * @param width coefficients per support vector (L+1 for FALT(k), L for PA)
   * @param precision storage precision of the coefficients
   * @param numFeaturesHint d when known (sizes dense rows once and helps decide the layout), else 0
   * @param initialCapacity slots to allocate up front (a budget B needs B+1), at least 0
   */
  public SupportVectorStore(int width, Precision precision, int numFeaturesHint, int initialCapacity) {
    this(width, precision, numFeaturesHint, initialCapacity, null);
  }

  /**
   * An empty store with a fixed {@code layout} (null: the first appended vector decides it), for tests and
   * for restoring a saved store.
   */
  public SupportVectorStore(int width, Precision precision, int numFeaturesHint, int initialCapacity, Layout layout) {
    if (width < 1) {
      throw new IllegalArgumentException("width must be >= 1: " + width);
    }
    if (numFeaturesHint < 0 || initialCapacity < 0) {
      throw new IllegalArgumentException("negative size: numFeaturesHint " + numFeaturesHint + ", initialCapacity " + initialCapacity);
    }
    this.width = width;
    this.isDouble = precision == Precision.DOUBLE;
    this.stride = rowStride(width, isDouble);
    this.numFeaturesHint = numFeaturesHint;
    this.layout = layout;
    this.coefDouble = isDouble ? new double[0] : null;
    this.coefFloat = isDouble ? null : new float[0];
    ensureCapacity(initialCapacity);
  }

  /** Number of support vectors. */
  public int size() {
    return size;
  }

  /** Coefficients per support vector (L+1 or L). */
  public int width() {
    return width;
  }

  /**
   * Distance between consecutive coefficient rows: {@link #width()} rounded up to a multiple of 64 bytes (8
   * doubles, or {@link Scores#PAD} floats for float rows), the SIMD kernels' vector width; a double row pads at
   * most 7 lanes, not the 15 of the float padding.
   */
  public int stride() {
    return stride;
  }

  private static int rowStride(int width, boolean isDouble) {
    int lanes = isDouble ? 8 : Scores.PAD;
    if (width > Integer.MAX_VALUE - lanes) {
      throw new IllegalArgumentException("width " + width + " cannot be padded to a multiple of " + lanes + " in an int");
    }
    return (width + lanes - 1) / lanes * lanes;
  }

  /** The storage precision of the coefficients. */
  public Precision precision() {
    return isDouble ? Precision.DOUBLE : Precision.FLOAT;
  }

  /** Whether kernel values and scores are computed in float (a float store; see the class comment). */
  public boolean floatMath() {
    return !isDouble;
  }

  /**
   * The kernel value of an exponent u as this store's rows compute it: {@link VectorMath#exp(double) exp}(u),
   * rounded to float in {@link #floatMath() float mode} ({@link RbfKernel#valueOfExponentFloat}).
   */
  public double valueOfExponent(double u) {
    return isDouble ? VectorMath.exp(u) : RbfKernel.valueOfExponentFloat(u);
  }

  /** The feature layout, or null before the first vector. */
  public Layout layout() {
    return layout;
  }

  /** The largest feature index of any vector stored so far, plus one (0 for none). */
  public int numFeatures() {
    return maxFeature + 1;
  }

  /** Slots allocated. */
  public int capacity() {
    return capacity;
  }

  /** The age of the next appended vector (= number of vectors appended so far). */
  public long nextAge() {
    return nextAge;
  }

  /** The slot of the oldest support vector (the head of the age list), or -1 when empty. */
  public int oldest() {
    return head;
  }

  /** The slot of the newest support vector, or -1 when empty. */
  public int newest() {
    return tail;
  }

  /** The slot after {@code slot} in age order (a younger one), or -1. */
  public int younger(int slot) {
    checkSlot(slot);
    return next[slot];
  }

  /** The age of the vector in {@code slot}: its append sequence number (a merged vector keeps its partner's). */
  public long age(int slot) {
    checkSlot(slot);
    return ages[slot];
  }

  /** The example id the vector in {@code slot} came from (a {@link GramCache} id), or -1. */
  public int id(int slot) {
    checkSlot(slot);
    return ids[slot];
  }

  /** The number of vectors that came from an example with an id ({@link #id} not -1; a merged vector has none). O(size). */
  public int vectorsWithIds() {
    int count = 0;
    for (int k = 0; k < size; k++) {
      count += ids[k] >= 0 ? 1 : 0;
    }
    return count;
  }

  /** ||x_k||² of the vector in {@code slot}. */
  public double squaredNorm(int slot) {
    checkSlot(slot);
    return squaredNorms[slot];
  }

  /** α_{slot, lane}. */
  public double coefficient(int slot, int lane) {
    checkSlot(slot);
    java.util.Objects.checkIndex(lane, width);
    return isDouble ? coefDouble[slot * stride + lane] : coefFloat[slot * stride + lane];
  }

  /** Copies α_slot into {@code out[0..width)}. */
  public void coefficients(int slot, double[] out) {
    checkSlot(slot);
    int base = slot * stride;
    for (int j = 0; j < width; j++) {
      out[j] = isDouble ? coefDouble[base + j] : coefFloat[base + j];
    }
  }

  /**
   * x_slot·x_k for every slot k into {@code row.values()[0..size)} on SIMD lanes: dense stores sum each dot
   * product in {@link VectorMath#rowDots}' fixed order (eight interleaved partial sums), sparse ones as
   * {@link #dotRow(int, KernelRow)}. Not the order of {@link #kernelRow}; for budget maintenance, whose own
   * rule it is ({@link org.altml.kernel.budget.MergePolicy}).
   */
  public void laneDotRow(int slot, KernelRow row) {
    checkSlot(slot);
    row.ensure(size, scatterLength());
    laneDotRange(slot, 0, size, row.values, row.scatter);
  }

  /**
   * {@link #laneDotRow}'s dot products x_slot·x_k for the slots k in [from, to) into {@code out[0 .. to −
   * from)}, bit for bit, with the caller's {@code scratch} (at least {@link #scatterLength()} doubles, all
   * zero on entry and again on return). Only reads the store: threads may compute disjoint ranges at once.
   */
  public void laneDotRange(int slot, int from, int to, double[] out, double[] scratch) {
    checkSlot(slot);
    java.util.Objects.checkFromToIndex(from, to, size);
    java.util.Objects.checkFromIndexSize(0, to - from, out.length);
    if (layout == Layout.SPARSE) {
      // dotRow's sparse path: x_slot scattered once, each vector gathers from it in its stored order
      int s0 = starts[slot];
      int e0 = s0 + lengths[slot];
      for (int p = s0; p < e0; p++) {
        scratch[poolIndices[p]] = poolValues[p];
      }
      gatherDots(scratch, from, to, out, -from);
      for (int p = s0; p < e0; p++) {
        scratch[poolIndices[p]] = 0.0;
      }
      return;
    }
    int cols = columns;
    int bm = slot * cols;
    for (int j = 0; j < cols; j++) {
      scratch[j] = dense[bm + j];
    }
    VectorMath.rowDots(scratch, cols, dense, from * cols, cols, to - from, out);
    Arrays.fill(scratch, 0, cols, 0.0);
  }

  /**
   * {@code scatter}, or a new array of zeros of at least {@code numFeatures} doubles (doubling) when it is shorter: one
   * double per feature index, so a stray index far beyond the data's is refused here ({@code what} names the array),
   * not an OutOfMemoryError.
   */
  public static double[] grownScatter(double[] scatter, int numFeatures, String what) {
    if (scatter.length >= numFeatures) {
      return scatter;
    }
    int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(numFeatures, 2L * scatter.length));
    MemoryCheck.require(8L * n, what + " over " + numFeatures + " feature indices (the largest index + 1)",
        "check the data for a stray feature index");
    return new double[n];
  }

  /** Doubles of scratch {@link #laneDotRange} needs. */
  public int scatterLength() {
    return Math.max(columns, numFeatures());
  }

  /**
   * {@link #coefficientDots}' α_slot·α_k for the slots k in [from, to) into {@code out[0 .. to − from)}, bit
   * for bit, with the caller's {@code scratch} of at least {@link #width()} doubles. Only reads the store.
   */
  public void coefficientDotRange(int slot, int from, int to, double[] out, double[] scratch) {
    checkSlot(slot);
    java.util.Objects.checkFromToIndex(from, to, size);
    java.util.Objects.checkFromIndexSize(0, to - from, out.length);
    laneDots(slot, from, to - from, out, scratch);
  }

  /**
   * α_slot·α_k for every slot k into {@code out[0..size)} on SIMD lanes, each summed in {@link
   * VectorMath#rowDots}' fixed order (eight interleaved partial sums), not {@link #coefficientDot}'s: for
   * budget maintenance, whose own rule it is ({@link org.altml.kernel.budget.MergePolicy}, which uses this order for every partner).
   */
  public void coefficientDots(int slot, double[] out) {
    checkSlot(slot);
    java.util.Objects.checkFromIndexSize(0, size, out.length);
    laneDots(slot, 0, size, out);
  }

  /** α_a·α_b in {@link #coefficientDots}' order. */
  public double coefficientLaneDot(int a, int b) {
    checkSlot(a);
    checkSlot(b);
    laneDots(a, b, 1, oneDot);
    return oneDot[0];
  }

  /** α_slot against the rows [from, from + count) into out[0..count), in {@link VectorMath#rowDots}' order. */
  private void laneDots(int slot, int from, int count, double[] out) {
    if (laneRow.length < width) {
      laneRow = new double[width];
    }
    laneDots(slot, from, count, out, laneRow);
  }

  private void laneDots(int slot, int from, int count, double[] out, double[] laneRow) {
    int bm = slot * stride;
    if (isDouble) {
      System.arraycopy(coefDouble, bm, laneRow, 0, width);
      VectorMath.rowDots(laneRow, width, coefDouble, from * stride, stride, count, out);
    } else {
      for (int j = 0; j < width; j++) {
        laneRow[j] = coefFloat[bm + j]; // exact
      }
      VectorMath.rowDots(laneRow, width, coefFloat, from * stride, stride, count, out);
    }
  }

  /** ||α_slot||², summed in double in lane order ({@link #coefficientDot}{@code (slot, slot)}, kept since the row was written). */
  public double coefficientSquaredNorm(int slot) {
    checkSlot(slot);
    return coefficientNorms[slot];
  }

  /** α_a·α_b, summed in double in lane order. */
  public double coefficientDot(int a, int b) {
    checkSlot(a);
    checkSlot(b);
    int ba = a * stride;
    int bb = b * stride;
    double s = 0;
    if (isDouble) {
      for (int j = 0; j < width; j++) {
        s += coefDouble[ba + j] * coefDouble[bb + j];
      }
    } else {
      for (int j = 0; j < width; j++) {
        s += (double) coefFloat[ba + j] * coefFloat[bb + j];
      }
    }
    return s;
  }

  /**
   * Appends (x, α) as the newest support vector: x is copied, α read from {@code alpha[0..width)} (rounded
   * to float with float storage).
   *
   * @return its slot ({@code size() - 1} after the call)
   */
  public int append(SparseVector x, double[] alpha) {
    return append(x, alpha, NONE);
  }

  /**
   * {@link #append(SparseVector, double[])} of the example with id {@code id} ({@link #id}; -1 for none).
   *
   * @return its slot
   */
  public int append(SparseVector x, double[] alpha, int id) {
    return append(x, alpha, id, Double.NaN);
  }

  /**
   * {@link #append(SparseVector, double[], int)} with x's squared norm already known, as
   * {@link SparseVector#squaredNorm} computes it (a learner has it from the kernel row it just computed): the
   * store keeps it instead of summing it again, one dependent add per feature. NaN: sum it here. A value other
   * than x's would corrupt every later distance to this vector.
   *
   * @return its slot
   */
  public int append(SparseVector x, double[] alpha, int id, double squaredNorm) {
    if (id < NONE) {
      throw new IllegalArgumentException("id must be >= 0, or -1 for none: " + id);
    }
    if (layout == null) {
      int d = Math.max(numFeaturesHint, x.maxIndex() + 1);
      layout = 2L * x.nnz() >= d && d > 0 ? Layout.DENSE : Layout.SPARSE;
    }
    ensureCapacity(size + 1);
    int slot = size++;
    writeFeatures(slot, x, squaredNorm);
    writeCoefficients(slot, alpha);
    ids[slot] = id;
    ages[slot] = nextAge++;
    prev[slot] = tail;
    next[slot] = NONE;
    if (tail != NONE) {
      next[tail] = slot;
    } else {
      head = slot;
    }
    tail = slot;
    return slot;
  }

  /**
   * Replaces the vector in {@code slot} by (z, α_z), keeping its age and its place in the age list (how
   * {@code merge} puts a merged vector in its partner's position).
   */
  public void replace(int slot, SparseVector z, double[] alpha) {
    checkSlot(slot);
    logGone(slot);
    if (layout == Layout.SPARSE) {
      garbage += lengths[slot];
    }
    writeFeatures(slot, z, Double.NaN);
    writeCoefficients(slot, alpha);
  }

  /** Removes the vector in {@code slot} in O(1): the last slot moves into it, with its age and list position. */
  public void remove(int slot) {
    checkSlot(slot);
    logGone(slot);
    // unlink from the age list
    int p = prev[slot];
    int n = next[slot];
    if (p != NONE) {
      next[p] = n;
    } else {
      head = n;
    }
    if (n != NONE) {
      prev[n] = p;
    } else {
      tail = p;
    }
    if (layout == Layout.SPARSE) {
      garbage += lengths[slot];
    }
    int last = --size;
    if (slot != last) {
      moveSlot(last, slot);
    }
  }

  private void logGone(int slot) {
    if (goneCount == gone.length) {
      gone = Arrays.copyOf(gone, 2 * gone.length);
    }
    gone[goneCount++] = stamps[slot];
  }

  /**
   * The stamp of the vector in {@code slot}: a number given to each (x, α) when it is written (appended,
   * merged in, read), unique over the store's life and unchanged by slot moves, so a caller can tell a
   * vector it saw before from a new one in the same slot ({@link #stampsGone}).
   */
  public long stamp(int slot) {
    checkSlot(slot);
    return stamps[slot];
  }

  /** The stamp the next written vector gets (every stamp below it was given before). */
  public long nextStamp() {
    return nextStamp;
  }

  /**
   * The stamps of the vectors removed or replaced since {@link #clearStampsGone()}, in that order (live
   * array, the first {@link #stampsGoneCount()} entries): how blocked scoring learns which vectors of
   * the store it scored against are gone.
   */
  public long[] stampsGone() {
    return gone;
  }

  /** Entries of {@link #stampsGone()}. */
  public int stampsGoneCount() {
    return goneCount;
  }

  /** Forgets the stamps gone so far. */
  public void clearStampsGone() {
    goneCount = 0;
  }

  /**
   * Marks every vector with its slot now, so that {@link #mark} can tell later where a vector was: blocked
   * scoring looks its vectors' kernel values up by the slot they had when the block was scored, in O(1).
   */
  public void markSlots() {
    for (int k = 0; k < size; k++) {
      marks[k] = k;
    }
  }

  /**
   * The slot the vector in {@code slot} held at the last {@link #markSlots()} (removals move vectors), or -1 if
   * it was written (appended, merged in, read) since.
   */
  public int mark(int slot) {
    checkSlot(slot);
    return marks[slot];
  }

  /** Copies the coefficient rows of slots [from, from+count) (whole strides, in double) into {@code out}. */
  public void copyCoefficients(int from, int count, double[] out) {
    if (from < 0 || count < 0 || from + count > size) {
      throw new IllegalArgumentException("slots [" + from + ", " + (from + count) + ") of " + size);
    }
    if (isDouble) {
      System.arraycopy(coefDouble, from * stride, out, 0, count * stride);
    } else {
      for (int i = 0; i < count * stride; i++) {
        out[i] = coefFloat[from * stride + i];
      }
    }
  }

  /** Moves every per-slot value of {@code from} into {@code to} (which is free) and relinks its neighbours. */
  private void moveSlot(int from, int to) {
    squaredNorms[to] = squaredNorms[from];
    coefficientNorms[to] = coefficientNorms[from];
    ages[to] = ages[from];
    ids[to] = ids[from];
    stamps[to] = stamps[from];
    marks[to] = marks[from];
    int p = prev[from];
    int n = next[from];
    prev[to] = p;
    next[to] = n;
    if (p != NONE) {
      next[p] = to;
    } else {
      head = to;
    }
    if (n != NONE) {
      prev[n] = to;
    } else {
      tail = to;
    }
    if (isDouble) {
      System.arraycopy(coefDouble, from * stride, coefDouble, to * stride, stride);
    } else {
      System.arraycopy(coefFloat, from * stride, coefFloat, to * stride, stride);
    }
    if (layout == Layout.DENSE) {
      System.arraycopy(dense, from * columns, dense, to * columns, columns);
    } else {
      starts[to] = starts[from];
      lengths[to] = lengths[from];
    }
  }

  private void writeCoefficients(int slot, double[] alpha) {
    stamps[slot] = nextStamp++;
    marks[slot] = NONE;
    int base = slot * stride;
    double norm = 0;
    if (isDouble) {
      System.arraycopy(alpha, 0, coefDouble, base, width);
      for (int j = 0; j < width; j++) {
        norm += coefDouble[base + j] * coefDouble[base + j];
      }
    } else {
      for (int j = 0; j < width; j++) {
        coefFloat[base + j] = (float) alpha[j];
        norm += (double) coefFloat[base + j] * coefFloat[base + j];
      }
    }
    coefficientNorms[slot] = norm;
  }

  /** Copies x into {@code slot}, with its squared norm: {@code knownNorm} when not NaN, else summed here. */
  private void writeFeatures(int slot, SparseVector x, double knownNorm) {
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    maxFeature = Math.max(maxFeature, x.maxIndex());
    ids[slot] = NONE; // new features: no example's (append sets the id after)
    if (layout == Layout.DENSE && maxFeature >= columns && columns > 0 && sparseWouldBeSmaller(slot, nnz)) {
      toSparse(slot); // the first vectors looked dense, the data is not: dense rows would grow with d
    }
    if (layout == Layout.DENSE) {
      ensureColumns(maxFeature + 1);
      int base = slot * columns;
      if (nnz > 0 && xi[off + nnz - 1] == nnz - 1) {
        // strictly increasing indices ending at nnz − 1 are exactly 0..nnz−1 (dense data): the values are the row
        System.arraycopy(xv, off, dense, base, nnz);
        Arrays.fill(dense, base + nnz, base + columns, 0f);
      } else {
        Arrays.fill(dense, base, base + columns, 0f);
        for (int k = 0; k < nnz; k++) {
          dense[base + xi[off + k]] = xv[off + k];
        }
      }
    } else {
      ensurePool(nnz);
      System.arraycopy(xi, off, poolIndices, poolEnd, nnz);
      System.arraycopy(xv, off, poolValues, poolEnd, nnz);
      starts[slot] = poolEnd;
      lengths[slot] = nnz;
      poolEnd += nnz;
    }
    squaredNorms[slot] = knownNorm == knownNorm ? knownNorm : x.squaredNorm();
  }

  /**
   * Writes K(x, x_k) for every slot k into {@code row.values()[0..size)}, from one dot product per slot and
   * the cached norms; only reads the store.
   *
   * @param squaredNorm ||x||² (computed once by the caller)
   */
  public void kernelRow(Kernel kernel, SparseVector x, double squaredNorm, KernelRow row) {
    dotRow(x, row);
    fromDots(kernel, row, squaredNorm);
  }

  /** x·x_k for every slot k into {@code row.values()[0..size)}, each summed in ascending feature order, as {@link #kernelRow} sums them. */
  public void dotRow(SparseVector x, KernelRow row) {
    row.ensure(size, numFeatures());
    double[] out = row.values;
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    if (layout == Layout.DENSE) {
      int cols = columns;
      int end = nnz;
      while (end > 0 && xi[off + end - 1] >= cols) {
        end--; // features no support vector has contribute nothing to the dot products
      }
      denseDots(x, end, null, size, out);
      return;
    }
    // sparse: scatter x once, then each support vector gathers from it (O(nnz(x_k)) per slot); adding the
    // zero products of features x lacks leaves the sum in ascending feature order unchanged
    double[] scatter = row.scatter;
    int limit = numFeatures();
    for (int j = 0; j < nnz; j++) {
      int f = xi[off + j];
      if (f < limit) {
        scatter[f] = xv[off + j];
      }
    }
    if (isDouble) {
      gatherDots(scatter, 0, size, out, 0);
    } else {
      for (int k = 0; k < size; k++) {
        out[k] = gatherDotFloat(scatter, k);
      }
    }
    for (int j = 0; j < nnz; j++) {
      int f = xi[off + j];
      if (f < limit) {
        scatter[f] = 0.0;
      }
    }
  }

  /**
   * Sparse stores: out[outOff + k] = the dot product of the scattered vector with x_k, for the slots k in
   * [from, to), each summed over x_k's entries in their stored order.
   */
  private void gatherDots(double[] scatter, int from, int to, double[] out, int outOff) {
    for (int k = from; k < to; k++) {
      out[outOff + k] = gatherDot(scatter, k);
    }
  }

  /** Sparse stores: the dot product of the scattered vector with x_k, summed over x_k's entries in their stored order. */
  private double gatherDot(double[] scatter, int k) {
    double dot = 0;
    for (int p = starts[k], e = p + lengths[k]; p < e; p++) {
      dot += scatter[poolIndices[p]] * poolValues[p];
    }
    return dot;
  }

  /** Float mode's {@link #gatherDot}: each product and the sum in float (the scattered values are floats). */
  private float gatherDotFloat(double[] scatter, int k) {
    float dot = 0;
    for (int p = starts[k], e = p + lengths[k]; p < e; p++) {
      dot += (float) scatter[poolIndices[p]] * poolValues[p];
    }
    return dot;
  }

  /**
   * Dense stores: x·x_k into {@code out[k]} for the slots k = {@code slots[i]}, i in [0, n) ({@code slots} null:
   * k = i), each summed over x's entries [0, end) in order (the bits of one sum at a time; in float in float
   * mode), four slots at a time as independent sums that the core overlaps.
   *
   * @param end x's entries [0, end) lie below the dense width
   */
  private void denseDots(SparseVector x, int end, int[] slots, int n, double[] out) {
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      int k0 = slots == null ? i : slots[i];
      int k1 = slots == null ? i + 1 : slots[i + 1];
      int k2 = slots == null ? i + 2 : slots[i + 2];
      int k3 = slots == null ? i + 3 : slots[i + 3];
      if (isDouble) {
        fourDots(xi, xv, off, end, k0, k1, k2, k3, out);
      } else {
        fourDotsFloat(xi, xv, off, end, k0, k1, k2, k3, out);
      }
    }
    for (; i < n; i++) {
      int k = slots == null ? i : slots[i];
      out[k] = isDouble ? denseDot(xi, xv, off, end, k * columns) : denseDotFloat(xi, xv, off, end, k * columns);
    }
  }

  /** x·x_k of {@link #denseDots} for four slots, in double. */
  private void fourDots(int[] xi, float[] xv, int off, int end, int k0, int k1, int k2, int k3, double[] out) {
    int b0 = k0 * columns;
    int b1 = k1 * columns;
    int b2 = k2 * columns;
    int b3 = k3 * columns;
    double dot0 = 0;
    double dot1 = 0;
    double dot2 = 0;
    double dot3 = 0;
    for (int j = 0; j < end; j++) {
      double v = xv[off + j];
      int f = xi[off + j];
      dot0 += v * dense[b0 + f];
      dot1 += v * dense[b1 + f];
      dot2 += v * dense[b2 + f];
      dot3 += v * dense[b3 + f];
    }
    out[k0] = dot0;
    out[k1] = dot1;
    out[k2] = dot2;
    out[k3] = dot3;
  }

  /** {@link #fourDots} in float (float mode). */
  private void fourDotsFloat(int[] xi, float[] xv, int off, int end, int k0, int k1, int k2, int k3, double[] out) {
    int b0 = k0 * columns;
    int b1 = k1 * columns;
    int b2 = k2 * columns;
    int b3 = k3 * columns;
    float dot0 = 0;
    float dot1 = 0;
    float dot2 = 0;
    float dot3 = 0;
    for (int j = 0; j < end; j++) {
      float v = xv[off + j];
      int f = xi[off + j];
      dot0 += v * dense[b0 + f];
      dot1 += v * dense[b1 + f];
      dot2 += v * dense[b2 + f];
      dot3 += v * dense[b3 + f];
    }
    out[k0] = dot0;
    out[k1] = dot1;
    out[k2] = dot2;
    out[k3] = dot3;
  }

  /** x·(the dense row at {@code base}) over x's entries [off, off + end), summed in double in order. */
  private double denseDot(int[] xi, float[] xv, int off, int end, int base) {
    double dot = 0;
    for (int j = 0; j < end; j++) {
      dot += (double) xv[off + j] * dense[base + xi[off + j]];
    }
    return dot;
  }

  /** {@link #denseDot} in float (float mode). */
  private float denseDotFloat(int[] xi, float[] xv, int off, int end, int base) {
    float dot = 0;
    for (int j = 0; j < end; j++) {
      dot += xv[off + j] * dense[base + xi[off + j]];
    }
    return dot;
  }

  /**
   * {@link #kernelRow(Kernel, SparseVector, double, KernelRow)} with squared distances from a Gram cache:
   * for each slot whose vector has an id, d²(x, x_k) is looked up through {@code cursor} (bound to x) and
   * computed and offered to it on a miss; slots without an id are computed as without the cache. The
   * distance is the uncached path's (||x||² + ||x_k||²) − 2·x·x_k, so the values are the same bits. Flushes
   * the cursor's counts. Only reads the store.
   */
  public void kernelRow(RbfKernel kernel, SparseVector x, double squaredNorm, GramCache.Cursor cursor, KernelRow row) {
    row.ensure(size, numFeatures());
    double[] out = row.values;
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    double[] scatter = row.scatter;
    int limit = numFeatures();
    int end = nnz;
    if (layout == Layout.DENSE) {
      while (end > 0 && xi[off + end - 1] >= columns) {
        end--;
      }
    } else {
      for (int j = 0; j < nnz; j++) {
        int f = xi[off + j];
        if (f < limit) {
          scatter[f] = xv[off + j];
        }
      }
    }
    // first every cached distance (loads only); then the missing ones: claimed without waiting, computed four
    // at a time, stored; then those another thread was computing, waited for once ours are stored (so no two
    // threads ever wait for each other)
    int missing = cursor.gather(ids, size, out);
    long misses = 0;
    long computed = 0;
    if (missing > 0) {
      int[] own = row.ownSlots(missing);
      int owned = 0;
      int[] waiting = row.waitingSlots(missing);
      int waits = 0;
      for (int k = 0; k < size; k++) {
        if (out[k] == out[k]) {
          continue;
        }
        int other = ids[k];
        double d2 = other < 0 ? Double.NaN : cursor.tryClaim(other);
        if (d2 != d2) {
          own[owned++] = k; // ours to compute (or a slot without an id: computed, not stored)
        } else if (GramCache.isPending(d2)) {
          waiting[waits++] = k;
        } else {
          out[k] = d2; // stored since the gather
        }
      }
      squaredDistances(x, squaredNorm, end, scatter, own, owned, out);
      for (int i = 0; i < owned; i++) {
        int k = own[i];
        if (ids[k] >= 0) {
          misses++;
          cursor.put(ids[k], out[k]);
        }
      }
      computed = owned;
      for (int i = 0; i < waits; i++) {
        int k = waiting[i];
        double d2 = cursor.claim(ids[k]);
        if (d2 != d2) { // released unstored (never in this package): ours after all
          own[0] = k;
          squaredDistances(x, squaredNorm, end, scatter, own, 1, out);
          misses++;
          computed++;
          cursor.put(ids[k], out[k]);
        } else {
          out[k] = d2;
        }
      }
    }
    long hits = size - computed;
    if (isDouble) {
      kernel.exponentsFromSquaredDistances(out, size);
      if (row.keepExponents) {
        row.keptExponents(size);
      }
      VectorMath.exp(out, 0, size); // the kernel values on SIMD lanes, the same bits as one at a time
    } else {
      float[] f = row.floats(size);
      for (int k = 0; k < size; k++) {
        f[k] = kernel.exponentFromSquaredDistance((float) out[k]); // a float mode distance is a float
      }
      floatValuesFromExponents(row, f);
    }
    cursor.count(hits, misses);
    if (layout != Layout.DENSE) {
      for (int j = 0; j < nnz; j++) {
        int f = xi[off + j];
        if (f < limit) {
          scatter[f] = 0.0;
        }
      }
    }
    cursor.flush();
  }

  /**
   * d²(x, x_k) = (||x||² + ||x_k||²) − 2·x·x_k into {@code out[k]} for the slots {@code slots[0, n)}, each dot
   * product summed over x's entries in order as {@link #kernelRow} sums it (RbfKernel.fromDot's expression, term
   * for term, so the same bits; in float mode the dot products and the expression in float, the norms rounded to
   * float); dense slots four at a time, as independent sums that the core overlaps.
   *
   * @param end x's entries [0, end) lie below the dense width (dense stores)
   * @param scatter x scattered by feature (sparse stores)
   */
  private void squaredDistances(SparseVector x, double squaredNorm, int end, double[] scatter, int[] slots, int n, double[] out) {
    if (layout == Layout.DENSE) {
      denseDots(x, end, slots, n, out);
    } else {
      for (int i = 0; i < n; i++) {
        out[slots[i]] = isDouble ? gatherDot(scatter, slots[i]) : gatherDotFloat(scatter, slots[i]);
      }
    }
    float normF = (float) squaredNorm;
    for (int i = 0; i < n; i++) {
      int k = slots[i];
      out[k] = isDouble ? squaredNorm + squaredNorms[k] - 2.0 * out[k] : normF + (float) squaredNorms[k] - 2f * (float) out[k];
    }
  }

  /** K(x, x_slot) into {@code out[0]}, summed as {@link #kernelRow} sums each slot's dot product. */
  public void kernelRowSlot(Kernel kernel, SparseVector x, double squaredNorm, int slot, double[] out) {
    checkSlot(slot);
    if (!isDouble) {
      out[0] = kernel instanceof RbfKernel rbf ? valueOfExponent(exponentSlot(rbf, x, squaredNorm, slot))
          : (float) kernel.fromDot(dotSlot(x, slot), squaredNorm, squaredNorms[slot]);
      return;
    }
    // the RBF kernel's fromDot is VectorMath.gaussianFromDots' expression with the same exponential: the same bits
    out[0] = kernel.fromDot(dotSlot(x, slot), squaredNorm, squaredNorms[slot]);
  }

  /**
   * The exponent u of K(x, x_slot) = exp(u) ({@link RbfKernel#exponentFromDot}), the dot product summed as
   * {@link #kernelRowSlot} sums it: exp(u) is that kernel value, bit for bit.
   */
  public double exponentSlot(RbfKernel kernel, SparseVector x, double squaredNorm, int slot) {
    checkSlot(slot);
    if (!isDouble) {
      return kernel.exponentFromDot((float) dotSlot(x, slot), (float) squaredNorm, (float) squaredNorms[slot]);
    }
    return kernel.exponentFromDot(dotSlot(x, slot), squaredNorm, squaredNorms[slot]);
  }

  /**
   * x·x_slot, summed over x's entries in ascending feature order as {@link #kernelRow} sums each slot's (in float
   * mode each product and the sum in float, the float widened).
   */
  private double dotSlot(SparseVector x, int slot) {
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    if (layout == Layout.DENSE) {
      int end = 0;
      while (end < nnz && xi[off + end] < columns) {
        end++;
      }
      return isDouble ? denseDot(xi, xv, off, end, slot * columns) : denseDotFloat(xi, xv, off, end, slot * columns);
    }
    double dot = 0;
    float dotFloat = 0;
    int p = starts[slot];
    int e = p + lengths[slot];
    int j = 0;
    while (p < e && j < nnz) {
      int a = poolIndices[p];
      int c = xi[off + j];
      if (a == c) {
        if (isDouble) {
          dot += (double) xv[off + j] * poolValues[p];
        } else {
          dotFloat += xv[off + j] * poolValues[p];
        }
        p++;
        j++;
      } else if (a < c) {
        p++;
      } else {
        j++;
      }
    }
    return isDouble ? dot : dotFloat;
  }

  /** {@link #kernelRow} of the stored vector in {@code slot} against every slot (its own entry is K(x, x)). */
  public void kernelRow(Kernel kernel, int slot, KernelRow row) {
    checkSlot(slot);
    if (layout == Layout.SPARSE) {
      SparseVector view = row.view;
      view.reset(poolIndices, poolValues, starts[slot], lengths[slot]);
      kernelRow(kernel, view, squaredNorms[slot], row);
      view.reset(NO_INDICES, NO_VALUES, 0, 0); // do not keep the pools reachable
      return;
    }
    dotRow(slot, row);
    fromDots(kernel, row, squaredNorms[slot]);
  }

  /**
   * x_slot·x_k for every slot k into {@code row.values()[0..size)}, each summed in ascending feature order
   * ({@link #kernelRow(Kernel, int, KernelRow)}'s dot products; dense rows four slots at a time, each its own
   * sum in the same order, so the bits are those of one at a time).
   */
  public void dotRow(int slot, KernelRow row) {
    checkSlot(slot);
    if (layout == Layout.SPARSE) {
      SparseVector view = row.view;
      view.reset(poolIndices, poolValues, starts[slot], lengths[slot]);
      dotRow(view, row);
      view.reset(NO_INDICES, NO_VALUES, 0, 0); // do not keep the pools reachable
      return;
    }
    row.ensure(size, numFeatures());
    double[] out = row.values;
    int cols = columns;
    int bm = slot * cols;
    if (!isDouble) {
      for (int k = 0; k < size; k++) {
        float dot = 0;
        for (int j = 0; j < cols; j++) {
          dot += dense[bm + j] * dense[k * cols + j];
        }
        out[k] = dot;
      }
      return;
    }
    int k = 0;
    for (; k + 4 <= size; k += 4) {
      int b0 = k * cols;
      int b1 = b0 + cols;
      int b2 = b1 + cols;
      int b3 = b2 + cols;
      double d0 = 0;
      double d1 = 0;
      double d2 = 0;
      double d3 = 0;
      for (int j = 0; j < cols; j++) {
        double v = dense[bm + j];
        d0 += v * dense[b0 + j];
        d1 += v * dense[b1 + j];
        d2 += v * dense[b2 + j];
        d3 += v * dense[b3 + j];
      }
      out[k] = d0;
      out[k + 1] = d1;
      out[k + 2] = d2;
      out[k + 3] = d3;
    }
    for (; k < size; k++) {
      int bk = k * cols;
      double dot = 0;
      for (int j = 0; j < cols; j++) {
        dot += (double) dense[bm + j] * dense[bk + j];
      }
      out[k] = dot;
    }
  }

  /** The dot products in {@code out[0..size)} to kernel values: the RBF ones as block scoring computes them. */
  private void fromDots(Kernel kernel, KernelRow row, double squaredNorm) {
    double[] out = row.values;
    if (!isDouble) {
      if (kernel instanceof RbfKernel rbf) {
        float[] f = row.floats(size);
        float[] norms = row.floatNorms(size);
        for (int k = 0; k < size; k++) {
          f[k] = (float) out[k]; // a float mode dot product is a float
          norms[k] = (float) squaredNorms[k];
        }
        VectorMath.gaussianExponents(f, 0, size, (float) squaredNorm, norms, 0, rbf.twoSigmaSquaredFloat());
        floatValuesFromExponents(row, f);
      } else {
        for (int k = 0; k < size; k++) {
          out[k] = (float) kernel.fromDot(out[k], squaredNorm, squaredNorms[k]);
        }
      }
      return;
    }
    if (kernel instanceof org.altml.kernel.RbfKernel rbf) {
      if (row.keepExponents) {
        rbf.exponentsFromDots(out, 0, size, squaredNorm, squaredNorms, 0);
        row.keptExponents(size);
        VectorMath.exp(out, 0, size);
      } else {
        VectorMath.gaussianFromDots(out, 0, size, squaredNorm, squaredNorms, 0, rbf.twoSigmaSquared());
      }
      return;
    }
    for (int k = 0; k < size; k++) {
      out[k] = kernel.fromDot(out[k], squaredNorm, squaredNorms[k]);
    }
  }

  /**
   * Float mode: the row's exponents {@code u[0..size)} become its kernel values ({@link RbfKernel#valueOfExponentFloat}'s
   * bits: the float exponential, on SIMD lanes), keeping the exponents if the row asks.
   */
  private void floatValuesFromExponents(KernelRow row, float[] u) {
    double[] out = row.values;
    if (row.keepExponents) {
      double[] e = row.exponents(size);
      for (int k = 0; k < size; k++) {
        e[k] = u[k];
      }
    }
    VectorMath.exp(u, 0, size);
    for (int k = 0; k < size; k++) {
      out[k] = u[k];
    }
  }

  /**
   * {@link #combine(double[], int, double[])} of the kernel values in {@code row} (its {@link KernelRow#values()}),
   * with the row's scratch: in float mode the float product of {@link BlockScorer} on SIMD lanes, a chunk of slots
   * at a time (the same bits as the scalar float loop).
   */
  public void combine(KernelRow row, int n, double[] out) {
    if (isDouble) {
      combine(row.values, n, out);
      return;
    }
    combineAddFloat(row, 0, n, out, 0, width, true);
  }

  /**
   * {@link #combineAdd} for one row of kernel values in {@code row} ({@code row.values()[slotFrom .. slotFrom + count)}
   * against the slots [slotFrom, slotFrom + count)), onto {@code out[outOff .. outOff + stride())}, with the row's
   * scratch: in float mode on SIMD lanes, as {@link #combine(KernelRow, int, double[])}.
   */
  public void combineAdd(KernelRow row, int slotFrom, int count, double[] out, int outOff) {
    if (isDouble) {
      combineAdd(row.values, slotFrom, 0, 1, slotFrom, count, out, outOff, stride);
      return;
    }
    combineAddFloat(row, slotFrom, count, out, outOff, stride, false);
  }

  /**
   * Float mode's one-row combination on SIMD lanes: the running sums (0, or out's floats) in float scratch, the
   * slots' products added {@link BlockScorer#CHUNK} slots at a time by the float {@link VectorMath#multiplyAdd}
   * (each chunk's coefficient rows stay in cache across its column panels), then written back to {@code lanes}
   * entries of out.
   */
  private void combineAddFloat(KernelRow row, int slotFrom, int count, double[] out, int outOff, int lanes, boolean fresh) {
    java.util.Objects.checkFromIndexSize(slotFrom, count, size);
    float[] k = row.floats(slotFrom + count);
    float[] acc = row.floatScores(stride);
    double[] values = row.values;
    for (int q = slotFrom; q < slotFrom + count; q++) {
      k[q] = (float) values[q]; // a float mode kernel value is a float
    }
    for (int j = 0; j < stride; j++) {
      acc[j] = fresh ? 0f : (float) out[outOff + j]; // floats: the sums of earlier calls
    }
    for (int k0 = slotFrom; k0 < slotFrom + count; k0 += BlockScorer.CHUNK) {
      int nc = Math.min(BlockScorer.CHUNK, slotFrom + count - k0);
      VectorMath.multiplyAdd(k, k0, nc, 1, nc, coefFloat, k0 * stride, stride, stride, acc, 0, stride);
    }
    for (int j = 0; j < lanes; j++) {
      out[outOff + j] = acc[j];
    }
  }

  /**
   * s = Σ_k kernelValues[k]·α_k over the {@code n} first slots, into {@code out[0..width)} (entries past
   * width untouched): {@link VectorMath#combineRows}, summed in slot order, in double; in float mode
   * summed in float in slot order, each term multiplied then added.
   */
  public void combine(double[] kernelValues, int n, double[] out) {
    if (n > size) {
      throw new IllegalArgumentException(n + " kernel values for " + size + " support vectors");
    }
    if (isDouble) {
      VectorMath.combineRows(kernelValues, 0, n, coefDouble, 0, stride, out, width);
    } else {
      Arrays.fill(out, 0, width, 0.0);
      combineAddFloat(kernelValues, 0, 1, 1, 0, n, out, 0, width, width);
    }
  }

  /**
   * Block form of {@link #combine}, accumulating: out[outOff + i·outStride + j] += Σ_{k<count}
   * kernelValues[kOff + i·kStride + k]·α_{slotFrom+k, j} for i in [0, rows) and every lane j of
   * {@link #stride()} (pad lanes have zero coefficients), summed in slot order onto the value in out,
   * multiply then add ({@link VectorMath#multiplyAdd}); in float mode each term and the running sum in float
   * (the values in out must be floats: they are the sums of earlier calls).
   */
  public void combineAdd(double[] kernelValues, int kOff, int kStride, int rows, int slotFrom, int count, double[] out, int outOff,
      int outStride) {
    if (slotFrom < 0 || count < 0 || slotFrom + count > size) {
      throw new IllegalArgumentException("slots [" + slotFrom + ", " + (slotFrom + count) + ") of " + size);
    }
    if (isDouble) {
      VectorMath.multiplyAdd(kernelValues, kOff, Math.max(kStride, count), rows, count, coefDouble, slotFrom * stride, stride, stride,
          out, outOff, outStride);
    } else {
      combineAddFloat(kernelValues, kOff, kStride, rows, slotFrom, count, out, outOff, outStride, stride);
    }
  }

  /**
   * Float mode's {@link #combineAdd} over the lanes [0, lanes): out[j] = (float) out[j] + (float) K·α_{k, j} for each
   * slot k in order, every operation in float (the specification {@link BlockScorer}'s float products match).
   */
  private void combineAddFloat(double[] kernelValues, int kOff, int kStride, int rows, int slotFrom, int count, double[] out,
      int outOff, int outStride, int lanes) {
    for (int i = 0; i < rows; i++) {
      int o = outOff + i * outStride;
      for (int k = 0; k < count; k++) {
        float kv = (float) kernelValues[kOff + i * kStride + k];
        int a = (slotFrom + k) * stride;
        for (int j = 0; j < lanes; j++) {
          out[o + j] = (float) out[o + j] + kv * coefFloat[a + j];
        }
      }
    }
  }

  /** Floats per dense feature row (the widest feature seen, rounded as the rows grew); 0 for sparse stores. */
  public int denseColumns() {
    return layout == Layout.DENSE ? columns : 0;
  }

  /**
   * Writes the features of the dense slots [from, from+count) transposed into {@code out}, as doubles:
   * out[p·count + k] = x_{from+k}[p] for p in [0, {@link #denseColumns()}).
   */
  public void packTransposed(int from, int count, double[] out) {
    if (layout != Layout.DENSE) {
      throw new IllegalStateException("not a dense store");
    }
    if (from < 0 || count < 0 || from + count > size) {
      throw new IllegalArgumentException("slots [" + from + ", " + (from + count) + ") of " + size);
    }
    int cols = columns;
    // tiles of TRANSPOSE_TILE slots: their rows stay in L1 while each feature's run of the tile is written
    for (int k0 = 0; k0 < count; k0 += TRANSPOSE_TILE) {
      int kn = Math.min(TRANSPOSE_TILE, count - k0);
      for (int p = 0; p < cols; p++) {
        int o = p * count + k0;
        int src = (from + k0) * cols + p;
        for (int k = 0; k < kn; k++) {
          out[o + k] = dense[src + k * cols];
        }
      }
    }
  }

  /** Slots per tile of {@link #packTransposed}. */
  private static final int TRANSPOSE_TILE = 16;

  /** {@link #packTransposed(int, int, double[])} as floats (exact): the float mode products' B. */
  void packTransposed(int from, int count, float[] out) {
    if (layout != Layout.DENSE) {
      throw new IllegalStateException("not a dense store");
    }
    java.util.Objects.checkFromIndexSize(from, count, size);
    int cols = columns;
    for (int k0 = 0; k0 < count; k0 += TRANSPOSE_TILE) {
      int kn = Math.min(TRANSPOSE_TILE, count - k0);
      for (int p = 0; p < cols; p++) {
        int o = p * count + k0;
        int src = (from + k0) * cols + p;
        for (int k = 0; k < kn; k++) {
          out[o + k] = dense[src + k * cols];
        }
      }
    }
  }

  /**
   * Float mode's block form of {@link #combineAdd} on float arrays: out[i·outStride + j] += Σ_{k<count} kernelValues[i·kStride +
   * k]·α_{slotFrom+k, j} for i in [0, rows) and every lane j of {@link #stride()}, in float, slot order, multiply then
   * add ({@link VectorMath#multiplyAdd(float[], int, int, int, int, float[], int, int, int, float[], int, int)}: the bits of
   * {@link #combineAdd}'s float loop).
   */
  void combineAddFloat(float[] kernelValues, int kStride, int rows, int slotFrom, int count, float[] out, int outStride) {
    java.util.Objects.checkFromIndexSize(slotFrom, count, size);
    VectorMath.multiplyAdd(kernelValues, 0, Math.max(kStride, count), rows, count, coefFloat, slotFrom * stride, stride, stride,
        out, 0, outStride);
  }

  /** Float scratch: {@code a} if it holds {@code n} values, else a new array of at least n and twice a's length (the contents go). */
  static float[] atLeast(float[] a, int n) {
    return a.length < n ? new float[Math.max(n, 2 * a.length)] : a;
  }

  /**
   * The squared norms by slot (live, read only; entries from {@link #size()} on are stale): for block scoring and
   * budget maintenance, which read them in their hot loops.
   */
  public double[] squaredNormsArray() {
    return squaredNorms;
  }

  /**
   * Writes z = h·x_a + (1 − h)·x_b (each value rounded to float, exact zeros dropped) into {@code out} and
   * returns its view: the merged point of {@code merge}.
   */
  public SparseVector interpolate(int a, int b, double h, VectorBuffer out) {
    checkSlot(a);
    checkSlot(b);
    double g = 1.0 - h;
    if (layout == Layout.DENSE) {
      out.clear(columns);
      int ba = a * columns;
      int bb = b * columns;
      for (int j = 0; j < columns; j++) {
        out.add(j, (float) (h * dense[ba + j] + g * dense[bb + j]));
      }
      return out.view();
    }
    int p = starts[a];
    int pEnd = p + lengths[a];
    int q = starts[b];
    int qEnd = q + lengths[b];
    out.clear(lengths[a] + lengths[b]);
    while (p < pEnd || q < qEnd) {
      int fp = p < pEnd ? poolIndices[p] : Integer.MAX_VALUE;
      int fq = q < qEnd ? poolIndices[q] : Integer.MAX_VALUE;
      if (fp == fq) {
        out.add(fp, (float) (h * poolValues[p++] + g * poolValues[q++]));
      } else if (fp < fq) {
        out.add(fp, (float) (h * poolValues[p++]));
      } else {
        out.add(fq, (float) (g * poolValues[q++]));
      }
    }
    return out.view();
  }

  /** The features of the vector in {@code slot}, copied into {@code out}; returns its view. */
  public SparseVector features(int slot, VectorBuffer out) {
    return interpolate(slot, slot, 1.0, out);
  }

  /** Whether every coefficient is finite (features are finite by construction). */
  public boolean allFinite() {
    int n = size * stride;
    double probe = 0;
    if (isDouble) {
      for (int i = 0; i < n; i++) {
        probe += coefDouble[i] * 0.0;
      }
    } else {
      for (int i = 0; i < n; i++) {
        probe += coefFloat[i] * 0f;
      }
    }
    return probe == 0.0;
  }

  /** Approximate bytes of heap held: every array at its capacity, plus object headers. */
  public long ramBytesUsed() {
    long bytes = 128;
    bytes += 8L * squaredNorms.length + 8L * coefficientNorms.length + 8L * ages.length + 4L * ids.length + 8L * stamps.length + 4L * marks.length + 8L * gone.length
        + 4L * prev.length + 4L * next.length;
    bytes += isDouble ? 8L * coefDouble.length : 4L * coefFloat.length;
    bytes += 4L * dense.length;
    bytes += 4L * starts.length + 4L * lengths.length + 4L * poolIndices.length + 4L * poolValues.length
        + 8L * compactOrder.length;
    return bytes;
  }

  private void checkSlot(int slot) {
    if (slot < 0 || slot >= size) {
      throw new IndexOutOfBoundsException("slot " + slot + " outside [0, " + size + ")");
    }
  }

  private void ensureCapacity(int needed) {
    if (needed <= capacity) {
      return;
    }
    int newCapacity = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, Math.max(16L, 2L * capacity)));
    long coefValues = (long) newCapacity * stride;
    long bytes = coefValues * (isDouble ? 8 : 4) + 40L * newCapacity + (layout == Layout.DENSE ? 4L * newCapacity * columns : 8L * newCapacity);
    MemoryCheck.require(bytes, "the support vectors (" + newCapacity + " slots)", HINT);
    if (coefValues > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("too many support vectors for " + stride + " coefficients each: " + newCapacity);
    }
    squaredNorms = Arrays.copyOf(squaredNorms, newCapacity);
    coefficientNorms = Arrays.copyOf(coefficientNorms, newCapacity);
    ages = Arrays.copyOf(ages, newCapacity);
    ids = Arrays.copyOf(ids, newCapacity);
    stamps = Arrays.copyOf(stamps, newCapacity);
    marks = Arrays.copyOf(marks, newCapacity);
    prev = Arrays.copyOf(prev, newCapacity);
    next = Arrays.copyOf(next, newCapacity);
    if (isDouble) {
      coefDouble = Arrays.copyOf(coefDouble, (int) coefValues);
    } else {
      coefFloat = Arrays.copyOf(coefFloat, (int) coefValues);
    }
    if (layout == Layout.DENSE && columns > 0) {
      dense = Arrays.copyOf(dense, checkedLength((long) newCapacity * columns));
    }
    starts = Arrays.copyOf(starts, newCapacity);
    lengths = Arrays.copyOf(lengths, newCapacity);
    capacity = newCapacity;
  }

  /** Makes dense rows at least {@code needed} columns wide (doubling), moving every row. */
  private void ensureColumns(int needed) {
    if (needed <= columns) {
      return;
    }
    int newColumns = columns == 0 ? Math.max(needed, numFeaturesHint) : (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, 2L * columns));
    long length = (long) capacity * newColumns;
    MemoryCheck.require(4 * length, "the dense support vectors (" + capacity + " x " + newColumns + " floats)", HINT);
    float[] grown = new float[checkedLength(length)];
    for (int k = 0; k < size; k++) {
      System.arraycopy(dense, k * columns, grown, k * newColumns, columns);
    }
    dense = grown;
    columns = newColumns;
  }

  /**
   * Whether CSR pools would take less memory than dense rows of the grown width, for the vectors in every
   * slot but {@code skip} (being rewritten) and a new one of {@code nnz} entries.
   */
  private boolean sparseWouldBeSmaller(int skip, int nnz) {
    long stored = nnz;
    for (int k = 0; k < size; k++) {
      if (k != skip) {
        for (int j = k * columns, end = j + columns; j < end; j++) {
          if (dense[j] != 0f) {
            stored++;
          }
        }
      }
    }
    long grownColumns = Math.max(maxFeature + 1L, 2L * columns);
    return 8 * stored < 4 * grownColumns * size;
  }

  /** Moves every vector but {@code skip}'s from dense rows into CSR pools; the layout becomes sparse. */
  private void toSparse(int skip) {
    int cols = columns;
    float[] rows = dense;
    layout = Layout.SPARSE;
    dense = new float[0];
    columns = 0;
    poolEnd = 0;
    garbage = 0;
    for (int k = 0; k < size; k++) {
      starts[k] = poolEnd;
      lengths[k] = 0;
      if (k == skip) {
        continue;
      }
      int nnz = 0;
      for (int j = k * cols, end = j + cols; j < end; j++) {
        if (rows[j] != 0f) {
          nnz++;
        }
      }
      ensurePool(nnz);
      for (int j = 0; j < cols; j++) {
        float v = rows[k * cols + j];
        if (v != 0f) {
          poolIndices[poolEnd] = j;
          poolValues[poolEnd++] = v;
        }
      }
      lengths[k] = nnz;
    }
  }

  /** Room for {@code nnz} more pool entries: compacts when half the pool is garbage, else grows by doubling. */
  private void ensurePool(int nnz) {
    if (poolEnd + nnz <= poolIndices.length) {
      return;
    }
    if (garbage > 0 && garbage >= poolEnd / 2) {
      compact();
      if (poolEnd + nnz <= poolIndices.length) {
        return;
      }
    }
    long needed = (long) poolEnd + nnz;
    int newLength = checkedLength(Math.max(needed, Math.max(64L, 2L * poolIndices.length)));
    MemoryCheck.require(8L * newLength, "the sparse support vectors (" + newLength + " non-zeros)", HINT);
    poolIndices = Arrays.copyOf(poolIndices, newLength);
    poolValues = Arrays.copyOf(poolValues, newLength);
  }

  /** Moves every live vector's entries to the front of the pools, in pool order (in place, no allocation in steady state). */
  private void compact() {
    if (compactOrder.length < capacity) {
      compactOrder = new long[capacity];
    }
    for (int k = 0; k < size; k++) {
      compactOrder[k] = ((long) starts[k] << 32) | k;
    }
    Arrays.sort(compactOrder, 0, size);
    int w = 0;
    for (int i = 0; i < size; i++) {
      int slot = (int) compactOrder[i];
      int s = starts[slot];
      int len = lengths[slot];
      if (s != w) {
        System.arraycopy(poolIndices, s, poolIndices, w, len); // w <= s: overlapping moves to the left are safe
        System.arraycopy(poolValues, s, poolValues, w, len);
        starts[slot] = w;
      }
      w += len;
    }
    poolEnd = w;
    garbage = 0;
  }

  private static int checkedLength(long length) {
    if (length > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("the support vectors need " + length + " array entries, beyond a Java array");
    }
    return (int) length;
  }

  /**
   * Writes the store: layout, sizes, the next age, then every slot in slot order (age, features,
   * coefficients in the storage precision). Slot order is kept because it is the order scores are summed in.
   */
  public void write(StateOutput out) throws IOException {
    out.writeByte(layout == null ? 0 : layout == Layout.DENSE ? 1 : 2);
    out.writeInt(size);
    out.writeLong(nextAge);
    out.writeInt(numFeatures());
    for (int k = 0; k < size; k++) {
      out.writeLong(ages[k]);
      if (layout == Layout.DENSE) {
        out.writeFloats(dense, k * columns, numFeatures());
      } else {
        out.writeInt(lengths[k]);
        for (int p = starts[k]; p < starts[k] + lengths[k]; p++) {
          out.writeInt(poolIndices[p]);
        }
        out.writeFloats(poolValues, starts[k], lengths[k]);
      }
      if (isDouble) {
        out.writeDoubles(coefDouble, k * stride, width);
      } else {
        out.writeFloats(coefFloat, k * stride, width);
      }
    }
  }

  /**
   * Reads a store written by {@link #write} for coefficients of {@code width} lanes in {@code precision},
   * checking every size against the bytes that remain.
   *
   * @param numFeaturesHint d when known (as for a new store)
   * @param initialCapacity slots to allocate at least (a budget B needs B+1)
   * @throws CorruptStateException when the state is inconsistent or truncated
   */
  public static SupportVectorStore read(StateInput in, int width, Precision precision, int numFeaturesHint, int initialCapacity)
      throws IOException {
    int code = in.readByte();
    if (code < 0 || code > 2) {
      throw in.corrupt("unknown support-vector layout " + code);
    }
    Layout layout = code == 0 ? null : code == 1 ? Layout.DENSE : Layout.SPARSE;
    int size = in.readInt();
    long nextAge = in.readLong();
    int numFeatures = in.readInt();
    int coefBytes = precision == Precision.DOUBLE ? 8 : 4;
    if (size < 0 || numFeatures < 0 || nextAge < size || (layout == null && size > 0)) {
      throw in.corrupt("bad support-vector store: " + size + " vectors, next age " + nextAge + ", " + numFeatures + " features");
    }
    in.requireAllocation(size, 8 + 4 + coefBytes * width, 24L + (long) rowStride(width, precision == Precision.DOUBLE) * coefBytes,
        size + " support vectors");
    SupportVectorStore s = new SupportVectorStore(width, precision, Math.max(numFeaturesHint, numFeatures),
        Math.max(size, initialCapacity), layout);
    double[] alpha = new double[width];
    float[] coefFloats = new float[width];
    VectorBuffer x = new VectorBuffer();
    float[] row = new float[layout == Layout.DENSE ? numFeatures : 0];
    if (layout == Layout.DENSE) {
      in.requireValues((long) size * numFeatures, 4, "dense support vectors");
    }
    for (int k = 0; k < size; k++) {
      long age = in.readLong();
      if (age < 0 || age >= nextAge) {
        throw in.corrupt("support vector " + k + " has age " + age + ", outside [0, next age " + nextAge + ")");
      }
      if (layout == Layout.DENSE) {
        in.readFloats(row, 0, numFeatures);
        x.clear(numFeatures);
        for (int j = 0; j < numFeatures; j++) {
          if (row[j] != 0f) {
            x.add(j, row[j]);
          }
        }
      } else {
        int nnz = in.readInt();
        in.requireValues(nnz, 8, "support vector " + k);
        x.clear(nnz);
        int last = -1;
        int[] indices = new int[nnz];
        for (int p = 0; p < nnz; p++) {
          indices[p] = in.readInt();
          if (indices[p] <= last || indices[p] >= numFeatures) {
            throw in.corrupt("support vector " + k + " has feature indices out of order or beyond " + numFeatures);
          }
          last = indices[p];
        }
        float[] values = new float[nnz];
        in.readFloats(values, 0, nnz);
        for (int p = 0; p < nnz; p++) {
          x.add(indices[p], values[p]);
        }
      }
      if (!x.checkValues()) {
        throw in.corrupt("support vector " + k + " has a zero, NaN or infinite feature value");
      }
      if (precision == Precision.DOUBLE) {
        in.readDoubles(alpha, 0, width);
      } else {
        in.readFloats(coefFloats, 0, width);
        for (int j = 0; j < width; j++) {
          alpha[j] = coefFloats[j];
        }
      }
      int slot = s.size++;
      s.writeFeatures(slot, x.view(), Double.NaN);
      s.writeCoefficients(slot, alpha);
      s.ages[slot] = age;
    }
    s.nextAge = nextAge;
    s.maxFeature = Math.max(s.maxFeature, numFeatures - 1);
    if (layout == Layout.DENSE) {
      s.ensureColumns(numFeatures);
    }
    if (!s.relinkByAge()) {
      throw in.corrupt("two support vectors have the same age");
    }
    if (!s.allFinite()) {
      throw in.corrupt("holds a non-finite support-vector coefficient");
    }
    return s;
  }

  /**
   * Rebuilds the age list from the ages (the list is always in age order).
   *
   * @return false when two vectors have the same age
   */
  private boolean relinkByAge() {
    LongIntHashMap slotByAge = new LongIntHashMap(size);
    long[] sorted = Arrays.copyOf(ages, size);
    for (int k = 0; k < size; k++) {
      slotByAge.put(ages[k], k);
      if (slotByAge.size() != k + 1) {
        return false;
      }
    }
    Arrays.sort(sorted);
    head = NONE;
    tail = NONE;
    for (long age : sorted) {
      int slot = slotByAge.get(age);
      prev[slot] = tail;
      next[slot] = NONE;
      if (tail != NONE) {
        next[tail] = slot;
      } else {
        head = slot;
      }
      tail = slot;
    }
    return true;
  }

  /**
   * A caller's scratch for {@link SupportVectorStore#kernelRow}: the kernel values of one vector against
   * every slot, and a dense scatter of the vector's features. One per thread; grows by doubling with the
   * store, so steady state allocates nothing.
   */
  public static final class KernelRow {
    private double[] values = new double[16];
    private double[] exponents = new double[0];
    private boolean keepExponents;
    private double[] scatter = new double[0];
    private float[] floats = new float[0];
    private float[] floatNorms = new float[0];
    private float[] floatScores = new float[0];
    private int[] own = new int[0];
    private int[] waiting = new int[0];
    private final SparseVector view = new SparseVector();

    /** An empty row. */
    public KernelRow() {}

    /** The kernel values: entry k is K(x, x_k) after {@link SupportVectorStore#kernelRow}; live, grows. */
    public double[] values() {
      return values;
    }

    /**
     * Whether the RBF rows computed into this row also keep their exponents ({@link #exponents()}; off by
     * default: it costs a copy per row).
     */
    public void keepExponents(boolean keep) {
      keepExponents = keep;
    }

    /**
     * With {@link #keepExponents} on and an RBF kernel: entry k is u_k = −||x − x_k||²/(2σ²) of the last row, so
     * that {@code values()[k]} is exactly {@link VectorMath#exp(double) exp}(u_k) ({@link SupportVectorStore#valueOfExponent}(u_k)
     * in float mode); live, grows.
     */
    public double[] exponents() {
      return exponents;
    }

    /** Copies the first {@code n} values, exponents at this point of a row's computation, to {@link #exponents}. */
    private void keptExponents(int n) {
      System.arraycopy(values, 0, exponents(n), 0, n);
    }

    /** {@link #exponents}, at least {@code n} long (doubling). */
    private double[] exponents(int n) {
      if (exponents.length < n) {
        exponents = new double[Math.max(n, 2 * exponents.length)];
      }
      return exponents;
    }

    /** Float mode's scratch of a row: at least {@code n} floats. */
    private float[] floats(int n) {
      floats = atLeast(floats, n);
      return floats;
    }

    /** Float mode's running scores of a row: at least {@code n} floats. */
    private float[] floatScores(int n) {
      floatScores = atLeast(floatScores, n);
      return floatScores;
    }

    /** Float mode's squared norms of the slots, rounded to float: at least {@code n}. */
    private float[] floatNorms(int n) {
      floatNorms = atLeast(floatNorms, n);
      return floatNorms;
    }

    /** Scratch for the slots whose distances a row computes itself, at least {@code n} long. */
    int[] ownSlots(int n) {
      if (own.length < n) {
        own = new int[Math.max(n, 2 * own.length)];
      }
      return own;
    }

    /** Scratch for the slots whose distances another thread is computing, at least {@code n} long. */
    int[] waitingSlots(int n) {
      if (waiting.length < n) {
        waiting = new int[Math.max(n, 2 * waiting.length)];
      }
      return waiting;
    }

    /** Makes room for {@code size} values and a scatter of {@code numFeatures} entries (doubling). */
    public void ensure(int size, int numFeatures) {
      if (values.length < size) {
        values = Arrays.copyOf(values, Math.max(size, 2 * values.length));
      }
      scatter = grownScatter(scatter, numFeatures, "a kernel row's scatter array"); // all zeros between calls
    }

    /** Approximate bytes of heap held. */
    public long ramBytesUsed() {
      return 64 + 8L * (values.length + exponents.length + scatter.length)
          + 4L * (own.length + waiting.length + floats.length + floatNorms.length + floatScores.length);
    }
  }

  /**
   * A growable sparse vector under construction (a merged point, a vector being read): ascending indices
   * and float values, with a {@link SparseVector} view over them. Reused; allocates only to grow.
   */
  public static final class VectorBuffer {
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
}
