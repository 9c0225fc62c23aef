package org.altml.kernel.store;

import java.io.IOException;
import java.util.Objects;
import org.altml.core.learner.CorruptStateException;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.kernel.Kernel;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.cache.GramCache;
import org.altml.kernel.cache.GramCursor;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * The support vectors (x_k, α_k) of a kernel learner (docs/spec.md#kernel-falt), stored contiguously in
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
 * computed in float (the operations of docs/spec.md#rbf-kernel in float, in the same order; see {@link RbfKernel}): dot products
 * summed in float, the exponent in float, K = exp(u) by the float exponential, and scores accumulated in float in
 * slot order (a row of scores stored in double holds floats). Every path of a float store (one example,
 * {@link BlockScorer}'s matrix products, a Gram cache, single slots) does the same float operations in the
 * same order, so they agree bit for bit as the double ones do. Budget maintenance ({@link org.altml.kernel.budget.MergePolicy}'s
 * dot products and search) stays in double in both modes.
 *
 * <p>Not thread-safe for writes; {@link #kernelRow} and {@link #combine} only read and may run on many
 * threads at once, each with its own {@link KernelRow}.
 */
public final class SupportVectorStore extends StoreSlots {
  /** How the features of the support vectors are laid out. */
  public enum Layout {
    /** One row of {@link #numFeatures()} floats per vector (zeros included). */
    DENSE,
    /** Indices and values of each vector's non-zeros in shared pools. */
    SPARSE
  }

  final FeatureRows features;
  final CoefficientRows coefficients;
  private final FeatureDots dots;
  private final KernelValues kernels;

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
    if (width < 0) {
      throw new IllegalArgumentException("width must be >= 0: " + width);
    }
    if (numFeaturesHint < 0 || initialCapacity < 0) {
      throw new IllegalArgumentException("negative size: numFeaturesHint " + numFeaturesHint + ", initialCapacity " + initialCapacity);
    }
    boolean isDouble = precision == Precision.DOUBLE;
    this.coefficients = new CoefficientRows(width, isDouble);
    this.features = new FeatureRows(numFeaturesHint, layout);
    this.dots = new FeatureDots(features, isDouble);
    this.kernels = new KernelValues(features, dots, isDouble);
    ensureCapacity(initialCapacity);
  }

  /** Coefficients per support vector (L+1 or L). */
  public int width() {
    return coefficients.width;
  }

  /**
   * Widens every coefficient row to {@code newWidth} lanes for labels that appeared mid-stream (docs/spec.md#open-labels):
   * each stored vector's coefficients of the new lanes are zero, and with {@code lastStays} (FALT(k)'s threshold, lane
   * L) the last lane's coefficients move to the new last lane. Amortised: the {@link #stride()} doubles when the rows
   * outgrow it (one copy of the rows), otherwise the rows widen in place. Scores, norms, ages and stamps are unchanged.
   *
   * @throws IllegalArgumentException if {@code newWidth} is below the width
   */
  public void growWidth(int newWidth, boolean lastStays) {
    CoefficientRows c = coefficients;
    if (newWidth < c.width) {
      throw new IllegalArgumentException("cannot narrow coefficient rows from " + c.width + " to " + newWidth + " lanes");
    }
    if (newWidth == c.width) {
      return;
    }
    int newStride = c.grownStride(newWidth);
    if (newStride != c.stride) {
      long values = (long) capacity * newStride;
      MemoryCheck.require(values * (c.isDouble ? 8 : 4), "the coefficient rows of " + capacity + " support vectors widened to "
          + newWidth + " lanes", "check the number of labels");
      if (values > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException("too many coefficients for " + capacity + " support vectors of " + newStride + " lanes");
      }
    }
    c.growWidth(newWidth, lastStays, newStride, size, capacity);
  }

  /** The {@link #stride()} the rows would have after {@link #growWidth}{@code (newWidth, ...)}. */
  public int grownStrideOf(int newWidth) {
    return coefficients.grownStride(Math.max(newWidth, coefficients.width));
  }

  /**
   * Distance between consecutive coefficient rows: {@link #width()} rounded up to a multiple of 64 bytes (8
   * doubles, or {@link Scores#PAD} floats for float rows), the SIMD kernels' vector width; a double row pads at
   * most 7 lanes, not the 15 of the float padding. Rows grown by {@link #growWidth} may pad more (their stride doubles).
   */
  public int stride() {
    return coefficients.stride;
  }

  /** The storage precision of the coefficients. */
  public Precision precision() {
    return coefficients.isDouble ? Precision.DOUBLE : Precision.FLOAT;
  }

  /** Whether kernel values and scores are computed in float (a float store; see the class comment). */
  public boolean floatMath() {
    return !coefficients.isDouble;
  }

  /**
   * The kernel value of an exponent u as this store's rows compute it: {@link VectorMath#exp(double) exp}(u),
   * rounded to float in {@link #floatMath() float mode} ({@link RbfKernel#valueOfExponentFloat}).
   */
  public double valueOfExponent(double u) {
    return kernels.valueOfExponent(u);
  }

  /** The feature layout, or null before the first vector. */
  public Layout layout() {
    return features.layout;
  }

  /** The largest feature index of any vector stored so far, plus one (0 for none). */
  public int numFeatures() {
    return features.numFeatures();
  }

  /** ||x_k||² of the vector in {@code slot}. */
  public double squaredNorm(int slot) {
    checkSlot(slot);
    return features.squaredNorms[slot];
  }

  /** α_{slot, lane}. */
  public double coefficient(int slot, int lane) {
    checkSlot(slot);
    Objects.checkIndex(lane, coefficients.width);
    return coefficients.get(slot, lane);
  }

  /** Copies α_slot into {@code out[0..width)}. */
  public void coefficients(int slot, double[] out) {
    checkSlot(slot);
    coefficients.copyRow(slot, out);
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
    Objects.checkFromToIndex(from, to, size);
    Objects.checkFromIndexSize(0, to - from, out.length);
    dots.laneDotRange(slot, from, to, out, scratch);
  }

  /** Doubles of scratch {@link #laneDotRange} needs. */
  public int scatterLength() {
    return Math.max(features.columns, numFeatures());
  }

  /**
   * {@link #coefficientDots}' α_slot·α_k for the slots k in [from, to) into {@code out[0 .. to − from)}, bit
   * for bit, with the caller's {@code scratch} of at least {@link #width()} doubles. Only reads the store.
   */
  public void coefficientDotRange(int slot, int from, int to, double[] out, double[] scratch) {
    checkSlot(slot);
    Objects.checkFromToIndex(from, to, size);
    Objects.checkFromIndexSize(0, to - from, out.length);
    coefficients.laneDots(slot, from, to - from, out, scratch);
  }

  /**
   * α_slot·α_k for every slot k into {@code out[0..size)} on SIMD lanes, each summed in {@link
   * VectorMath#rowDots}' fixed order (eight interleaved partial sums), not {@link #coefficientDot}'s: for
   * budget maintenance, whose own rule it is ({@link org.altml.kernel.budget.MergePolicy}, which uses this order
   * for every partner).
   */
  public void coefficientDots(int slot, double[] out) {
    checkSlot(slot);
    Objects.checkFromIndexSize(0, size, out.length);
    coefficients.laneDots(slot, 0, size, out);
  }

  /** α_a·α_b in {@link #coefficientDots}' order. */
  public double coefficientLaneDot(int a, int b) {
    checkSlot(a);
    checkSlot(b);
    return coefficients.laneDot(a, b);
  }

  /** ||α_slot||², summed in double in lane order ({@link #coefficientDot}{@code (slot, slot)}, kept since the row was written). */
  public double coefficientSquaredNorm(int slot) {
    checkSlot(slot);
    return coefficients.norms[slot];
  }

  /** α_a·α_b, summed in double in lane order. */
  public double coefficientDot(int a, int b) {
    checkSlot(a);
    checkSlot(b);
    return coefficients.dot(a, b);
  }

  /**
   * Appends (x, α) as the newest support vector: x is copied, α read from {@code alpha[0..width)} (rounded
   * to float with float storage).
   *
   * @return its slot ({@code size() - 1} after the call)
   */
  public int append(SparseVector x, double[] alpha) {
    return append(x, alpha, SlotAges.NONE);
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
    if (id < SlotAges.NONE) {
      throw new IllegalArgumentException("id must be >= 0, or -1 for none: " + id);
    }
    features.chooseLayout(x);
    ensureCapacity(size + 1);
    int slot = size++;
    writeVector(slot, x, squaredNorm);
    writeCoefficients(slot, alpha);
    ages.append(slot, id);
    return slot;
  }

  /**
   * Replaces the vector in {@code slot} by (z, α_z), keeping its age and its place in the age list (how
   * {@code merge} puts a merged vector in its partner's position).
   */
  public void replace(int slot, SparseVector z, double[] alpha) {
    checkSlot(slot);
    stamps.logGone(slot);
    features.release(slot);
    writeVector(slot, z, Double.NaN);
    writeCoefficients(slot, alpha);
  }

  /** Removes the vector in {@code slot} in O(1): the last slot moves into it, with its age and list position. */
  public void remove(int slot) {
    checkSlot(slot);
    stamps.logGone(slot);
    ages.unlink(slot);
    features.release(slot);
    int last = --size;
    if (slot != last) {
      // every per-slot value of the last slot moves into the hole, and its neighbours in age are relinked
      features.move(last, slot);
      coefficients.move(last, slot);
      ages.move(last, slot);
      stamps.move(last, slot);
    }
  }

  /** Copies x into {@code slot} with its squared norm ({@code knownNorm} when not NaN): new features, no example's id yet. */
  void writeVector(int slot, SparseVector x, double knownNorm) {
    ages.ids[slot] = SlotAges.NONE; // new features: no example's (append sets the id after)
    features.write(slot, x, knownNorm, size, capacity);
  }

  /** Writes α into {@code slot}, which gets a new stamp and no mark. */
  void writeCoefficients(int slot, double[] alpha) {
    stamps.written(slot);
    coefficients.write(slot, alpha);
  }

  /** Copies the coefficient rows of slots [from, from+count) (whole strides, in double) into {@code out}. */
  public void copyCoefficients(int from, int count, double[] out) {
    checkSlots(from, count);
    coefficients.copyRows(from, count, out);
  }

  /**
   * Writes K(x, x_k) for every slot k into {@code row.values()[0..size)}, from one dot product per slot and
   * the cached norms; only reads the store.
   *
   * @param squaredNorm ||x||² (computed once by the caller)
   */
  public void kernelRow(Kernel kernel, SparseVector x, double squaredNorm, KernelRow row) {
    kernels.kernelRow(kernel, x, squaredNorm, row, size);
  }

  /** x·x_k for every slot k into {@code row.values()[0..size)}, each summed in ascending feature order, as {@link #kernelRow} sums them. */
  public void dotRow(SparseVector x, KernelRow row) {
    dots.dotRow(x, row, size);
  }

  /**
   * {@link #kernelRow(Kernel, SparseVector, double, KernelRow)} with squared distances from a Gram cache:
   * for each slot whose vector has an id, d²(x, x_k) is looked up through {@code cursor} (bound to x) and
   * computed and offered to it on a miss; slots without an id are computed as without the cache. The
   * distance is the uncached path's (||x||² + ||x_k||²) − 2·x·x_k, so the values are the same bits. Flushes
   * the cursor's counts. Only reads the store.
   */
  public void kernelRow(RbfKernel kernel, SparseVector x, double squaredNorm, GramCursor cursor, KernelRow row) {
    kernels.kernelRow(kernel, x, squaredNorm, cursor, row, size, ages.ids);
  }

  /** K(x, x_slot) into {@code out[0]}, summed as {@link #kernelRow} sums each slot's dot product. */
  public void kernelRowSlot(Kernel kernel, SparseVector x, double squaredNorm, int slot, double[] out) {
    checkSlot(slot);
    kernels.kernelRowSlot(kernel, x, squaredNorm, slot, out);
  }

  /**
   * The exponent u of K(x, x_slot) = exp(u) ({@link RbfKernel#exponentFromDot}), the dot product summed as
   * {@link #kernelRowSlot} sums it: exp(u) is that kernel value, bit for bit.
   */
  public double exponentSlot(RbfKernel kernel, SparseVector x, double squaredNorm, int slot) {
    checkSlot(slot);
    return kernels.exponentSlot(kernel, x, squaredNorm, slot);
  }

  /** {@link #kernelRow} of the stored vector in {@code slot} against every slot (its own entry is K(x, x)). */
  public void kernelRow(Kernel kernel, int slot, KernelRow row) {
    checkSlot(slot);
    kernels.kernelRow(kernel, slot, row, size);
  }

  /**
   * x_slot·x_k for every slot k into {@code row.values()[0..size)}, each summed in ascending feature order
   * ({@link #kernelRow(Kernel, int, KernelRow)}'s dot products; dense rows four slots at a time, each its own
   * sum in the same order, so the bits are those of one at a time).
   */
  public void dotRow(int slot, KernelRow row) {
    checkSlot(slot);
    kernels.dotRow(slot, row, size);
  }

  /**
   * {@link #combine(double[], int, double[])} of the kernel values in {@code row} (its {@link KernelRow#values()}),
   * with the row's scratch: in float mode the float product of {@link BlockScorer} on SIMD lanes, a chunk of slots
   * at a time (the same bits as the scalar float loop).
   */
  public void combine(KernelRow row, int n, double[] out) {
    if (coefficients.isDouble) {
      combine(row.values, n, out);
      return;
    }
    Objects.checkFromIndexSize(0, n, size);
    coefficients.combineFloat(row, n, out);
  }

  /**
   * {@link #combineAdd} for one row of kernel values in {@code row} ({@code row.values()[slotFrom .. slotFrom + count)}
   * against the slots [slotFrom, slotFrom + count)), onto {@code out[outOff .. outOff + stride())}, with the row's
   * scratch: in float mode on SIMD lanes, as {@link #combine(KernelRow, int, double[])}.
   */
  public void combineAdd(KernelRow row, int slotFrom, int count, double[] out, int outOff) {
    if (coefficients.isDouble) {
      combineAdd(row.values, slotFrom, 0, 1, slotFrom, count, out, outOff, coefficients.stride);
      return;
    }
    Objects.checkFromIndexSize(slotFrom, count, size);
    coefficients.combineAddFloat(row, slotFrom, count, out, outOff, coefficients.stride, false);
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
    coefficients.combine(kernelValues, n, out);
  }

  /**
   * Block form of {@link #combine}, accumulating: out[outOff + i·outStride + j] += Σ_{k=0..count−1}
   * kernelValues[kOff + i·kStride + k]·α_{slotFrom+k, j} for i in [0, rows) and every lane j of
   * {@link #stride()} (pad lanes have zero coefficients), summed in slot order onto the value in out,
   * multiply then add ({@link VectorMath#multiplyAdd}); in float mode each term and the running sum in float
   * (the values in out must be floats: they are the sums of earlier calls).
   */
  public void combineAdd(double[] kernelValues, int kOff, int kStride, int rows, int slotFrom, int count, double[] out, int outOff,
      int outStride) {
    checkSlots(slotFrom, count);
    coefficients.combineAdd(kernelValues, kOff, kStride, rows, slotFrom, count, out, outOff, outStride);
  }

  /**
   * Float mode's block form of {@link #combineAdd} on float arrays: out[i·outStride + j] += Σ_{k<count} kernelValues[i·kStride +
   * k]·α_{slotFrom+k, j} for i in [0, rows) and every lane j of {@link #stride()}, in float, slot order, multiply then
   * add ({@link VectorMath#multiplyAdd(float[], int, int, int, int, float[], int, int, int, float[], int, int)}: the bits of
   * {@link #combineAdd}'s float loop).
   */
  void combineAddFloat(float[] kernelValues, int kStride, int rows, int slotFrom, int count, float[] out, int outStride) {
    Objects.checkFromIndexSize(slotFrom, count, size);
    coefficients.combineAddFloat(kernelValues, kStride, rows, slotFrom, count, out, outStride);
  }

  /** Floats per dense feature row (the widest feature seen, rounded as the rows grew); 0 for sparse stores. */
  public int denseColumns() {
    return features.layout == Layout.DENSE ? features.columns : 0;
  }

  /**
   * Writes the features of the dense slots [from, from+count) transposed into {@code out}, as doubles:
   * out[p·count + k] = x_{from+k}[p] for p in [0, {@link #denseColumns()}).
   */
  public void packTransposed(int from, int count, double[] out) {
    if (features.layout != Layout.DENSE) {
      throw new IllegalStateException("not a dense store");
    }
    checkSlots(from, count);
    features.packTransposed(from, count, out);
  }

  /** {@link #packTransposed(int, int, double[])} as floats (exact): the float mode products' B. */
  void packTransposed(int from, int count, float[] out) {
    if (features.layout != Layout.DENSE) {
      throw new IllegalStateException("not a dense store");
    }
    Objects.checkFromIndexSize(from, count, size);
    features.packTransposed(from, count, out);
  }

  /**
   * The squared norms by slot (live, read only; entries from {@link #size()} on are stale): for block scoring and
   * budget maintenance, which read them in their hot loops.
   */
  public double[] squaredNormsArray() {
    return features.squaredNorms;
  }

  /**
   * Writes z = h·x_a + (1 − h)·x_b (each value rounded to float, exact zeros dropped) into {@code out} and
   * returns its view: the merged point of {@code merge}.
   */
  public SparseVector interpolate(int a, int b, double h, VectorBuffer out) {
    checkSlot(a);
    checkSlot(b);
    return features.interpolate(a, b, h, out);
  }

  /** The features of the vector in {@code slot}, copied into {@code out}; returns its view. */
  public SparseVector features(int slot, VectorBuffer out) {
    return interpolate(slot, slot, 1.0, out);
  }

  /** Whether every coefficient is finite (features are finite by construction). */
  public boolean allFinite() {
    return coefficients.allFinite(size);
  }

  /** Approximate bytes of heap held: every array at its capacity, plus object headers. */
  public long ramBytesUsed() {
    return 128 + features.ramBytesUsed() + coefficients.ramBytesUsed() + ages.ramBytesUsed() + stamps.ramBytesUsed();
  }

  private void ensureCapacity(int needed) {
    if (needed <= capacity) {
      return;
    }
    int newCapacity = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, Math.max(16L, 2L * capacity)));
    long coefValues = (long) newCapacity * coefficients.stride;
    long bytes = coefValues * (coefficients.isDouble ? 8 : 4) + 40L * newCapacity + newCapacity * features.bytesPerSlot();
    MemoryCheck.require(bytes, "the support vectors (" + newCapacity + " slots)", FeatureRows.HINT);
    if (coefValues > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("too many support vectors for " + coefficients.stride + " coefficients each: " + newCapacity);
    }
    coefficients.grow(newCapacity, (int) coefValues);
    ages.grow(newCapacity);
    stamps.grow(newCapacity);
    features.grow(newCapacity);
    capacity = newCapacity;
  }

  /**
   * Writes the store ({@link StoreCodec}): layout, sizes, the next age, then every slot in slot order (age,
   * features, coefficients in the storage precision). Slot order is kept because it is the order scores are
   * summed in.
   */
  public void write(StateOutput out) throws IOException {
    StoreCodec.write(this, out);
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
    return StoreCodec.read(in, width, precision, numFeaturesHint, initialCapacity);
  }
}
