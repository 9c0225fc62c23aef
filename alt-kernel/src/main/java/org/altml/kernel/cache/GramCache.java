package org.altml.kernel.cache;

import com.carrotsearch.hppc.IntIntHashMap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.altml.core.learner.Precision;
import org.altml.core.learner.SharedResources;
import org.altml.sparse.SparseVector;

/**
 * Squared distances ||x_a − x_b||² between the examples of one dataset, by example id (the dataset row
 * index, {@link org.altml.core.eval.DataView}): what the RBF kernel K = exp(−d²/(2σ²)) needs and what does
 * not depend on σ², the fold or the training order, so every kernel learner of a tuning run computes each
 * pair once and the others look it up (the paper precomputes the kernel matrix; LIBSVM keeps a row cache).
 *
 * <p>Two layouts, chosen once from the memory budget:
 *
 * <ul>
 *   <li>{@link Mode#FULL}: the whole symmetric matrix, one {@code double[]} of n² entries, d²(a, b) at a·n + b
 *       and again at b·n + a, when it fits the budget; nothing is ever evicted, so each pair is computed once.
 *       Both halves are kept so that the distances of one example to every other lie in one contiguous row:
 *       a kernel row's lookups then stay in a few cache lines (with the lower triangle alone, half of a
 *       row's partners lay one cache line each in other rows, and those loads were a third of a cached
 *       tuning sweep). A pair is claimed and written at its lower-triangle place (b ≤ a) first, then
 *       copied to its mirror;</li>
 *   <li>{@link Mode#ROWS}: otherwise, rows of n entries (the distances of one example to every other), at
 *       most as many as fit the budget, the least recently used row evicted first (LIBSVM's kernel cache).
 *       A kernel row of x needs only the cache row of x, so one lookup under a lock serves a whole row.</li>
 * </ul>
 *
 * <p>Values are doubles, computed exactly as the uncached path computes them ((||x||² + ||x'||²) − 2·x·x',
 * symmetric in its arguments), so a learner gives the same bits with and without the cache (the rule of
 * {@link SharedResources}); floats would halve the memory but not keep that promise. A missing entry is
 * NaN. A float mode learner (its store's {@code floatMath()}) computes its distances in float, so it shares
 * another cache of the resources ({@link #of(SharedResources, Precision)}, {@link #FLOAT_KEY}), holding those
 * floats: a double learner never reads a float learner's distances. Each id's vector is fingerprinted the first time it is seen ({@link GramCursor#bind}): an example
 * presented later under the same id with other features (another dataset's row, another scaling) is not
 * cached, so misuse costs speed, never correctness. When the resources know the dataset the ids index
 * ({@link SharedResources#create(org.altml.sparse.data.Dataset, long)}) and an id's fingerprint was taken
 * from that dataset's own row, later binds of the row's own view skip the fingerprint (and with it the
 * only read of x a fully cached kernel row needs): a dataset never changes.
 *
 * <p>Thread-safe: entries are written with atomic accesses and read with opaque ones, except in the hot
 * {@link GramCursor#gather}, which reads them plainly on a 64-bit JVM (an aligned double is one load there, never
 * torn; see {@code PLAIN_READS}). A
 * thread that misses a pair {@linkplain GramCursor#claim claims} it by compare-and-set from NaN to a pending
 * mark before computing it, so when two threads miss one pair at the same moment one computes it and the
 * other waits for its value (counted in {@code awaitedConcurrently}): in {@link Mode#FULL} each pair is
 * computed at most once whatever the thread count. Row bookkeeping is under a lock. Each thread uses its
 * own {@link GramCursor}.
 */
public final class GramCache implements SharedResources.Reporting {
  /** The key of the cache among a dataset's {@link SharedResources}. */
  public static final String KEY = "kernel.squaredDistances";

  /** The key of the float mode learners' cache (their distances computed in float) among the same resources. */
  public static final String FLOAT_KEY = "kernel.squaredDistancesFloat";

  /** The share of the maximum heap the cache may take when the protocol does not say ({@code --gram-cache-mb}). */
  public static final double DEFAULT_HEAP_FRACTION = 0.25;

  /** How the distances are stored. */
  public enum Mode {
    /** The whole matrix. */
    FULL,
    /** Least-recently-used rows. */
    ROWS;

    /** The lowercase name reports use. */
    public String cliName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;
  static final int NONE = -1;
  /**
   * Whether {@link GramCursor#gather} reads entries with plain loads: on a 64-bit JVM, where HotSpot reads an
   * aligned double in one 64-bit load, so a plain read of an entry written atomically is never torn. A stale
   * read is harmless (an entry only goes from NaN to pending to its final value, and a NaN or pending one is
   * claimed by compare-and-set). An opaque read cost about 5 ns more per entry (its ordering barriers keep
   * the JIT from unrolling the loop): most of a cached tuning sweep. Elsewhere, opaque reads.
   */
  static final boolean PLAIN_READS = "64".equals(System.getProperty("sun.arch.data.model"));
  /** Bytes per id besides the distances: its fingerprint, its squared norm and its row mark. */
  private static final long PER_EXAMPLE = 17;
  /** An entry a thread has claimed and is computing: no distance (||x||² + ||x'||² − 2x·x' of finite vectors is finite). */
  static final double PENDING = Double.NEGATIVE_INFINITY;

  final int numExamples;
  private final long budgetBytes;
  final Mode mode;
  private final long[] fingerprints;
  /**
   * 1 where the id's fingerprint is known to be that of row id of {@link #source}'s dataset: a bind of that
   * row's own view then needs no fingerprint. Set once, after the fingerprint (which never changes); a stale
   * 0 only costs a fingerprint.
   */
  private final byte[] isRowPrint;
  /** The resources that created the cache, which may know the dataset the ids index; null if none. */
  private final SharedResources source;
  /** ||x||² by id, NaN until asked for ({@link GramCursor#squaredNorm}). */
  final double[] norms;
  final double[] matrix;

  private final Object lock = new Object();
  private final int maxRows;
  private final IntIntHashMap slotById;
  private final double[][] rows;
  private final int[] rowIds;
  private final int[] prev;
  private final int[] next;
  private int head = NONE;
  private int tail = NONE;
  private int usedRows;
  private long evictions;

  final LongAdder hits = new LongAdder();
  final LongAdder misses = new LongAdder();
  final LongAdder recomputed = new LongAdder();
  final LongAdder awaited = new LongAdder();
  private final LongAdder mismatches = new LongAdder();

  /**
   * A cache for the ids {@code [0, numExamples)} within {@code budgetBytes} of heap.
   *
   * @throws IllegalArgumentException when the budget does not hold even one row ({@link #fits})
   */
  public GramCache(int numExamples, long budgetBytes) {
    this(numExamples, budgetBytes, null);
  }

  private GramCache(int numExamples, long budgetBytes, SharedResources source) {
    if (!fits(numExamples, budgetBytes)) {
      throw new IllegalArgumentException("a Gram cache of " + numExamples + " examples needs more than " + budgetBytes
          + " bytes (at least " + minimumBytes(numExamples) + ")");
    }
    this.numExamples = numExamples;
    this.budgetBytes = budgetBytes;
    this.fingerprints = new long[numExamples];
    this.isRowPrint = new byte[numExamples];
    this.source = source;
    this.norms = new double[numExamples];
    Arrays.fill(norms, Double.NaN);
    long entries = (long) numExamples * numExamples;
    if (holdsAll(numExamples, budgetBytes)) {
      mode = Mode.FULL;
      matrix = new double[(int) entries];
      Arrays.fill(matrix, Double.NaN);
      maxRows = 0;
      slotById = null;
      rows = null;
      rowIds = prev = next = null;
    } else {
      mode = Mode.ROWS;
      matrix = null;
      maxRows = (int) Math.min(numExamples, (budgetBytes - PER_EXAMPLE * numExamples) / rowBytes(numExamples));
      slotById = new IntIntHashMap(maxRows);
      rows = new double[maxRows][];
      rowIds = new int[maxRows];
      prev = new int[maxRows];
      next = new int[maxRows];
    }
  }

  /** Whether a cache of {@code numExamples} ids can live in {@code budgetBytes}: its fingerprints and one row. */
  public static boolean fits(int numExamples, long budgetBytes) {
    return numExamples > 0 && budgetBytes >= minimumBytes(numExamples);
  }

  /** Whether a cache of {@code numExamples} ids keeps the whole matrix within {@code budgetBytes} ({@link Mode#FULL}). */
  public static boolean holdsAll(int numExamples, long budgetBytes) {
    long entries = (long) numExamples * numExamples;
    return numExamples > 0 && entries <= MAX_ARRAY && 8 * entries + PER_EXAMPLE * numExamples <= budgetBytes;
  }

  /**
   * The budget that holds the per-id data of {@code numExamples} ids and {@code rows} rows of distances: with
   * fewer rows than ids, a cache with this budget keeps exactly {@code rows} rows ({@link Mode#ROWS}).
   */
  public static long rowsBudget(int numExamples, int rows) {
    return PER_EXAMPLE * numExamples + rows * rowBytes(numExamples);
  }

  private static long minimumBytes(int numExamples) {
    return PER_EXAMPLE * numExamples + rowBytes(numExamples);
  }

  private static long rowBytes(int numExamples) {
    return 8L * numExamples + 48;
  }

  private static long triangleEntries(long n) {
    return n * (n + 1) / 2;
  }

  /**
   * The cache the learners built with {@code resources} share, created on first request, or null when
   * there is nothing to share ({@link SharedResources#NONE}), the dataset size is unknown, the budget is 0
   * or too small for one row, or too small for the whole matrix when the resources serve only a whole one
   * ({@link SharedResources#wholeOnly()}: runs over permutations, where rows would be evicted before their next use). The budget is {@link SharedResources#memoryBudgetBytes()}, or
   * {@link #DEFAULT_HEAP_FRACTION} of the maximum heap when that is -1.
   */
  public static GramCache of(SharedResources resources) {
    return of(resources, Precision.DOUBLE);
  }

  /**
   * {@link #of(SharedResources)} for learners computing kernel values in {@code precision}: each precision has its
   * own cache ({@link #KEY}, {@link #FLOAT_KEY}), each with the whole budget.
   */
  public static GramCache of(SharedResources resources, Precision precision) {
    if (!resources.isShared() || resources.numExamples() <= 0 || resources.memoryBudgetBytes() == 0) {
      return null;
    }
    long budget = resources.memoryBudgetBytes() > 0 ? resources.memoryBudgetBytes()
        : (long) (DEFAULT_HEAP_FRACTION * Runtime.getRuntime().maxMemory());
    if (!fits(resources.numExamples(), budget) || resources.wholeOnly() && !holdsAll(resources.numExamples(), budget)) {
      return null;
    }
    return resources.computeIfAbsent(precision == Precision.FLOAT ? FLOAT_KEY : KEY,
        () -> new GramCache(resources.numExamples(), budget, resources));
  }

  /** The ids this cache covers: {@code [0, numExamples)}. */
  public int numExamples() {
    return numExamples;
  }

  /** The layout chosen from the budget. */
  public Mode mode() {
    return mode;
  }

  /** The budget in bytes. */
  public long budgetBytes() {
    return budgetBytes;
  }

  /** Lookups that found a distance, over every cursor flushed so far. */
  public long hits() {
    return hits.sum();
  }

  /** Lookups that did not (each one a distance computed by the caller and offered to the cache). */
  public long misses() {
    return misses.sum();
  }

  /**
   * Misses whose distance another thread stored first (computed twice): 0 unless a caller {@linkplain
   * GramCursor#put offers} distances it did not {@linkplain GramCursor#claim claim}.
   */
  public long recomputedConcurrently() {
    return recomputed.sum();
  }

  /** Misses another thread was computing at the same moment: waited for, not computed again. */
  public long awaitedConcurrently() {
    return awaited.sum();
  }

  /** Approximate bytes of heap held: the fingerprints and the matrix, or the resident rows. */
  public long ramBytesUsed() {
    long bytes = 128 + PER_EXAMPLE * numExamples;
    if (mode == Mode.FULL) {
      return bytes + 8L * matrix.length;
    }
    synchronized (lock) {
      return bytes + (long) usedRows * rowBytes(numExamples) + 16L * maxRows + 20L * maxRows;
    }
  }

  /** Rows evicted so far ({@link Mode#ROWS}). */
  public long evictions() {
    synchronized (lock) {
      return evictions;
    }
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("mode", mode.cliName());
    s.put("examples", (long) numExamples);
    s.put("hits", hits());
    s.put("misses", misses());
    s.put("distancesComputed", misses());
    s.put("recomputedConcurrently", recomputedConcurrently());
    s.put("awaitedConcurrently", awaitedConcurrently());
    s.put("pairs", triangleEntries(numExamples));
    s.put("bytes", ramBytesUsed());
    s.put("budgetBytes", budgetBytes);
    if (mode == Mode.ROWS) {
      s.put("rows", (long) maxRows);
      s.put("evictions", evictions());
    }
    s.put("fingerprintMismatches", mismatches.sum());
    return s;
  }

  @Override
  public String toString() {
    return "GramCache" + statistics();
  }

  /** Whether a value from {@link GramCursor#tryClaim} says that another thread is computing the pair. */
  public static boolean isPending(double v) {
    return v == PENDING;
  }

  /** A cursor for one thread (one learner, or one predictor of a parallel test pass). */
  public GramCursor cursor() {
    return new GramCursor(this);
  }

  /**
   * 64 bits of the vector's content (indices and float bits), never 0 (0 marks an id not seen yet): four
   * independent lanes of xxHash64's round over the packed entries, so that the core overlaps them (one serial
   * chain of {@link #mix} per entry was an eighth of a cached tuning sweep), then mixed together.
   */
  static long fingerprint(SparseVector x) {
    int[] xi = x.indices();
    float[] xv = x.values();
    int n = x.nnz();
    long h0 = 0x9E3779B97F4A7C15L ^ n;
    long h1 = 0xC2B2AE3D27D4EB4FL;
    long h2 = 0x165667B19E3779F9L;
    long h3 = 0x85EBCA77C2B2AE63L;
    int k = x.offset();
    int end = k + n;
    for (; k + 4 <= end; k += 4) {
      h0 = round(h0, entry(xi[k], xv[k]));
      h1 = round(h1, entry(xi[k + 1], xv[k + 1]));
      h2 = round(h2, entry(xi[k + 2], xv[k + 2]));
      h3 = round(h3, entry(xi[k + 3], xv[k + 3]));
    }
    for (; k < end; k++) {
      h0 = round(h0, entry(xi[k], xv[k]));
    }
    long h = mix(h0 ^ Long.rotateLeft(h1, 16) ^ Long.rotateLeft(h2, 32) ^ Long.rotateLeft(h3, 48));
    return h == 0 ? 1 : h;
  }

  private static long entry(int index, float value) {
    return ((long) index << 32) | (Float.floatToRawIntBits(value) & 0xFFFFFFFFL);
  }

  private static long round(long acc, long input) {
    return Long.rotateLeft(acc + input * 0xC2B2AE3D27D4EB4FL, 31) * 0x9E3779B185EBCA87L;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Whether {@code x} is (or now becomes) the vector of {@code id}. */
  boolean admit(long id, SparseVector x) {
    if (id < 0 || id >= numExamples) {
      return false;
    }
    int i = (int) id;
    boolean isRow = source != null && source.isDatasetRow(id, x);
    if (isRow && isRowPrint[i] != 0) {
      return true;
    }
    long f = fingerprint(x);
    long seen = (long) LONGS.getOpaque(fingerprints, i);
    if (seen == 0) {
      seen = (long) LONGS.compareAndExchange(fingerprints, i, 0L, f);
      if (seen == 0) {
        seen = f;
      }
    }
    if (seen == f) {
      if (isRow) {
        isRowPrint[i] = 1;
      }
      return true;
    }
    mismatches.increment();
    return false;
  }

  /** The row of {@code id}, made resident and most recently used ({@link Mode#ROWS}). */
  double[] row(int id) {
    synchronized (lock) {
      int slot = slotById.getOrDefault(id, NONE);
      if (slot != NONE) {
        unlink(slot);
        linkTail(slot);
        return rows[slot];
      }
      if (usedRows < maxRows) {
        slot = usedRows++;
      } else {
        slot = head; // least recently used
        unlink(slot);
        slotById.remove(rowIds[slot]);
        evictions++;
      }
      // a fresh array, not the evicted one: a thread may still be reading or writing the old row
      double[] r = new double[numExamples];
      Arrays.fill(r, Double.NaN);
      rows[slot] = r;
      rowIds[slot] = id;
      slotById.put(id, slot);
      linkTail(slot);
      return r;
    }
  }

  private void unlink(int slot) {
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
  }

  private void linkTail(int slot) {
    prev[slot] = tail;
    next[slot] = NONE;
    if (tail != NONE) {
      next[tail] = slot;
    } else {
      head = slot;
    }
    tail = slot;
  }
}
