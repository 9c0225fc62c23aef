package org.altml.kernel.cache;

import java.lang.invoke.VarHandle;
import org.altml.sparse.SparseVector;

/**
 * One thread's access to a {@link GramCache}: {@link #bind} it to an example, then {@link #get} and {@link #put}
 * the example's distances to others by id. Counts locally and adds its counts to the cache's on
 * {@link #flush}, so the hot loop touches no shared counter. Not thread-safe (one per thread).
 */
public final class GramCursor {
  private static final VarHandle DOUBLES = GramCache.DOUBLES;
  private static final boolean PLAIN_READS = GramCache.PLAIN_READS;
  private static final double PENDING = GramCache.PENDING;
  private static final int NONE = GramCache.NONE;

  private final GramCache cache;
  /** The cache's final fields, read in the hot loops. */
  private final int numExamples;
  private final GramCache.Mode mode;
  private final double[] matrix;
  private final double[] norms;
  private int id = NONE;
  private long base;
  private double[] row;
  private long ownHits;
  private long ownMisses;
  private long pendingHits;
  private long pendingMisses;
  private long pendingRecomputed;
  private long pendingAwaited;
  /** The row touch's sum: written so that the JIT keeps the loads; never read. */
  private double sink;

  GramCursor(GramCache cache) {
    this.cache = cache;
    this.numExamples = cache.numExamples;
    this.mode = cache.mode;
    this.matrix = cache.matrix;
    this.norms = cache.norms;
  }

  /** The cache this cursor reads. */
  public GramCache cache() {
    return cache;
  }

  /**
   * Binds the cursor to the example {@code x} with id {@code id}, if the cache covers it: the id lies in
   * range and {@code x} is the vector first seen with it (O(nnz) to check).
   *
   * @return whether the cursor is bound; when false, the caller computes without the cache
   */
  public boolean bind(long id, SparseVector x) {
    if (!cache.admit(id, x)) {
      this.id = NONE;
      return false;
    }
    this.id = (int) id;
    if (mode == GramCache.Mode.FULL) {
      base = id * (long) numExamples;
    } else {
      row = cache.row(this.id);
    }
    return true;
  }

  /**
   * ||x||² of the bound example {@code x} ({@link SparseVector#squaredNorm}, the same bits), computed once per
   * id and kept: a kernel row of a cached example then costs no pass over its features.
   */
  public double squaredNorm(SparseVector x) {
    if (id == NONE) {
      return x.squaredNorm();
    }
    double v = (double) DOUBLES.getOpaque(norms, id);
    if (v != v) {
      v = x.squaredNorm();
      DOUBLES.setOpaque(norms, id, v);
    }
    return v;
  }

  /** The id bound by the last successful {@link #bind}, or -1. */
  public int id() {
    return id;
  }

  /** Where the pair of the bound example and {@code other} is claimed and written first: row max, column min. */
  private int index(int other) {
    long hi = Math.max(other, id); // branch-free: the larger id picks the row
    long lo = Math.min(other, id);
    return (int) (hi * numExamples + lo);
  }

  /** The pair's copy in the bound example's own row ({@link #gather} reads it). */
  private int mirror(int other) {
    return (int) (base + other);
  }

  /** The array holding d²(bound example, {@code other}): the matrix, or the bound example's row. */
  private double[] entries() {
    return mode == GramCache.Mode.FULL ? matrix : row;
  }

  /** Where d²(bound example, {@code other}) lies in {@link #entries()}. */
  private int entry(int other) {
    return mode == GramCache.Mode.FULL ? index(other) : other;
  }

  /** d²(bound example, {@code other}) when cached, else NaN (counted as a hit or a miss). */
  public double get(int other) {
    double v = (double) DOUBLES.getOpaque(entries(), mode == GramCache.Mode.FULL ? mirror(other) : other);
    if (v != v && mode == GramCache.Mode.FULL) {
      v = (double) DOUBLES.getOpaque(matrix, index(other)); // written there first
    }
    if (v == PENDING) {
      v = Double.NaN;
    }
    if (v != v) {
      pendingMisses++;
    } else {
      pendingHits++;
    }
    return v;
  }

  /**
   * Writes d²(bound example, {@code others[k]}) into {@code out[k]} for k in {@code [0, n)}: the cached
   * value, or NaN when it is missing, being computed, or {@code others[k]} is negative (no id). Not counted: report with
   * {@link #count}. A loop of independent loads from the bound example's own row and nothing else. A NaN
   * may be a pair stored a moment ago at its first place only: {@link #claim} and {@link #tryClaim} find it there.
   *
   * @return how many of the n values are NaN
   */
  public int gather(int[] others, int n, double[] out) {
    double[] t = mode == GramCache.Mode.FULL ? matrix : row;
    long b = mode == GramCache.Mode.FULL ? base : 0;
    int missing = 0;
    if (PLAIN_READS) {
      if (mode == GramCache.Mode.FULL && n > 64) {
        // the bound example's row in order first, one load per cache line, so that the hardware streams it in
        // (a new 9.7 KB stretch of an 11.7 MB matrix each round on scene): the gather below then finds its
        // entries in the first-level caches; measured 4.75 -> 3.21 ns per gathered entry in a tuning sweep
        double touch = 0;
        for (int i = (int) b, end = (int) b + numExamples; i < end; i += 8) {
          touch += t[i];
        }
        sink = touch; // kept, so that the JIT keeps the loads
      }
      for (int k = 0; k < n; k++) {
        int other = others[k];
        double v = other < 0 ? Double.NaN : t[(int) (b + other)];
        v = v == PENDING ? Double.NaN : v; // NaN: missing here (claim looks at the pair's first place)
        missing += v != v ? 1 : 0;
        out[k] = v;
      }
    } else {
      for (int k = 0; k < n; k++) {
        int other = others[k];
        double v = other < 0 ? Double.NaN : (double) DOUBLES.getOpaque(t, (int) (b + other));
        v = v == PENDING ? Double.NaN : v;
        missing += v != v ? 1 : 0;
        out[k] = v;
      }
    }
    return missing;
  }

  /** Counts {@code hits} and {@code misses} of a {@link #gather}. */
  public void count(long hits, long misses) {
    pendingHits += hits;
    pendingMisses += misses;
  }

  /**
   * After a miss on {@code other}: NaN when this cursor now owns the pair and must compute it and
   * {@link #put} it (at once: other threads that miss the pair meanwhile wait for it), else the distance,
   * computed by another thread (waited for while that thread computes it).
   */
  public double claim(int other) {
    double[] a = entries();
    int i = entry(other);
    while (true) {
      double v = (double) DOUBLES.compareAndExchange(a, i, Double.NaN, PENDING);
      if (v != v) {
        return Double.NaN; // claimed
      }
      if (v != PENDING) {
        return v; // stored between the gather and now
      }
      pendingAwaited++;
      do {
        Thread.onSpinWait();
        v = (double) DOUBLES.getOpaque(a, i);
      } while (v == PENDING);
      if (v == v) {
        return v;
      }
      // NaN again (never in this package: the owner puts at once): claim it anew
    }
  }

  /**
   * {@link #claim} without waiting: NaN when this cursor now owns the pair and must compute it and
   * {@link #put} it, the distance when it is stored, or a value for which {@link GramCache#isPending} holds
   * when another thread owns the pair: claim it later with {@link #claim}, after putting every pair this
   * cursor owns (so two threads never wait for each other).
   */
  public double tryClaim(int other) {
    return (double) DOUBLES.compareAndExchange(entries(), entry(other), Double.NaN, PENDING);
  }

  /**
   * Stores d²(bound example, {@code other}) after a {@link #claim} that returned NaN (or offers it
   * unclaimed, after a plain miss: then a value another thread stored first wins, counted in
   * {@link GramCache#recomputedConcurrently}).
   */
  public void put(int other, double squaredDistance) {
    double[] a = entries();
    int i = entry(other);
    double v = (double) DOUBLES.compareAndExchange(a, i, PENDING, squaredDistance);
    if (v == PENDING || (v != v && DOUBLES.compareAndSet(a, i, Double.NaN, squaredDistance))) {
      if (mode == GramCache.Mode.FULL) {
        mirrorBoth(other, squaredDistance);
      }
      return;
    }
    pendingRecomputed++;
  }

  /** Copies a pair's distance to its other place ({@link Mode#FULL}; the same value: symmetric). */
  private void mirrorBoth(int other, double squaredDistance) {
    long hi = Math.max(other, id);
    long lo = Math.min(other, id);
    DOUBLES.setOpaque(matrix, (int) (lo * numExamples + hi), squaredDistance);
  }

  /** Adds this cursor's counts since the last flush to the cache's counters. */
  public void flush() {
    if (pendingHits != 0) {
      cache.hits.add(pendingHits);
      ownHits += pendingHits;
      pendingHits = 0;
    }
    if (pendingMisses != 0) {
      cache.misses.add(pendingMisses);
      ownMisses += pendingMisses;
      pendingMisses = 0;
    }
    if (pendingRecomputed != 0) {
      cache.recomputed.add(pendingRecomputed);
      pendingRecomputed = 0;
    }
    if (pendingAwaited != 0) {
      cache.awaited.add(pendingAwaited);
      pendingAwaited = 0;
    }
  }

  /** Hits of this cursor (flushed). */
  public long hits() {
    return ownHits;
  }

  /** Misses of this cursor (flushed). */
  public long misses() {
    return ownMisses;
  }
}
