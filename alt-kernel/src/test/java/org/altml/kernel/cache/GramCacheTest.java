package org.altml.kernel.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.altml.core.learner.SharedResources;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.junit.jupiter.api.Test;

class GramCacheTest {
  private static SparseVector vector(int id) {
    return SparseVector.of(new int[] {0, 1 + id % 3}, new float[] {id + 1, 0.5f});
  }

  @Test
  void fullTriangleStoresEachPairOnceWhicheverEndAsks() {
    GramCache cache = new GramCache(5, 1 << 20);
    assertEquals(GramCache.Mode.FULL, cache.mode());
    GramCursor c = cache.cursor();
    assertTrue(c.bind(3, vector(3)));
    assertTrue(Double.isNaN(c.get(1)));
    c.put(1, 7.5);
    assertEquals(7.5, c.get(1));
    assertTrue(Double.isNaN(c.get(3)));
    c.put(3, 0.0);
    c.flush();
    assertTrue(c.bind(1, vector(1)));
    assertEquals(7.5, c.get(3), "d2(1, 3) is d2(3, 1)");
    assertTrue(Double.isNaN(c.get(4)));
    c.flush();
    assertTrue(c.bind(3, vector(3)));
    assertEquals(0.0, c.get(3));
    c.flush();
    assertEquals(3, cache.hits());
    assertEquals(3, cache.misses());
    assertEquals(8L * 25 + 17L * 5 + 128, cache.ramBytesUsed()); // the 5 x 5 matrix, fingerprints, norms and row marks
  }

  @Test
  void anIdSeenWithOtherFeaturesOrOutOfRangeIsNotCached() {
    GramCache cache = new GramCache(4, 1 << 20);
    GramCursor c = cache.cursor();
    assertTrue(c.bind(2, vector(2)));
    assertFalse(c.bind(2, vector(5)), "another vector under id 2");
    assertEquals(-1, c.id());
    assertFalse(c.bind(4, vector(4)));
    assertFalse(c.bind(-1, vector(0)));
    assertTrue(c.bind(2, vector(2).copy()), "the same content is the same vector");
    assertEquals(1L, cache.statistics().get("fingerprintMismatches"));
  }

  /**
   * With the dataset known, a row's own view is recognised without its fingerprint only once the id's
   * fingerprint was taken from that row: a view never vouches for what another vector stored under its id.
   */
  @Test
  void aDatasetRowsOwnViewIsTrustedOnlyForItsOwnFingerprint() {
    DatasetBuilder b = new DatasetBuilder().numLabels(1);
    for (int i = 0; i < 4; i++) {
      b.add(vector(i), LabelSet.of(0));
    }
    Dataset data = b.build();
    GramCache cache = GramCache.of(SharedResources.create(data, -1));
    GramCursor c = cache.cursor();
    SparseVector view = new SparseVector();
    // id 0 first seen as another vector (a scaled copy): its own view later is not its cached vector
    assertTrue(c.bind(0, vector(7)));
    assertFalse(c.bind(0, data.features(0, view)), "the view of row 0 against another vector's fingerprint");
    assertFalse(c.bind(0, data.features(0, view)), "and again: a mismatch never becomes trusted");
    // id 1 first seen as its view: later views, equal copies and the view again are the row; other content is not
    assertTrue(c.bind(1, data.features(1, view)));
    assertTrue(c.bind(1, data.features(1, view)));
    assertTrue(c.bind(1, vector(1).copy()), "an equal copy, by fingerprint");
    assertFalse(c.bind(1, vector(2)), "other content under id 1");
    assertTrue(c.bind(1, data.features(1, view)));
    // id 2 first seen as an equal copy: its view then matches by fingerprint, and is trusted afterwards
    assertTrue(c.bind(2, vector(2).copy()));
    assertTrue(c.bind(2, data.features(2, view)));
    assertTrue(c.bind(2, data.features(2, view)));
    // another row's view under id 3 is other content
    assertTrue(c.bind(3, vector(3).copy()));
    assertFalse(c.bind(3, data.features(2, view)), "row 2's view under id 3");
    assertEquals(4L, cache.statistics().get("fingerprintMismatches"));
  }

  @Test
  void gatherCountsTheMissingAndTryClaimNeverWaits() {
    for (long budget : new long[] {1 << 20, 16L * 6 + 2 * (8L * 6 + 48)}) { // the matrix, then two rows
      GramCache cache = new GramCache(6, budget);
      GramCursor a = cache.cursor();
      GramCursor b = cache.cursor();
      assertTrue(a.bind(0, vector(0)));
      a.put(1, 2.5);
      double[] out = new double[4];
      assertEquals(3, a.gather(new int[] {1, 2, -1, 3}, 4, out), cache.mode().toString());
      assertEquals(2.5, out[0]);
      assertTrue(Double.isNaN(out[1]) && Double.isNaN(out[2]) && Double.isNaN(out[3]));
      assertTrue(Double.isNaN(a.tryClaim(2)), "a owns (0, 2) now");
      assertTrue(b.bind(0, vector(0)));
      assertTrue(GramCache.isPending(b.tryClaim(2)), "b sees a computing it and does not wait");
      assertEquals(2, b.gather(new int[] {2, 3}, 2, out), "pending reads as missing");
      a.put(2, 4.0);
      assertEquals(4.0, b.tryClaim(2), "stored now");
      assertEquals(4.0, b.claim(2));
      assertTrue(Double.isNaN(b.tryClaim(3)), "b owns (0, 3)");
      b.put(3, 1.0);
      assertEquals(0, a.gather(new int[] {1, 2, 3}, 3, out));
      assertEquals(1.0, out[2]);
    }
  }

  @Test
  void theSquaredNormIsComputedOncePerIdWithTheSameBits() {
    GramCache cache = new GramCache(3, 1 << 20);
    GramCursor c = cache.cursor();
    SparseVector x = SparseVector.of(new int[] {0, 4}, new float[] {0.1f, 3.3f});
    assertEquals(x.squaredNorm(), c.squaredNorm(x), "unbound: computed");
    assertTrue(c.bind(1, x));
    double first = c.squaredNorm(x);
    assertEquals(Double.doubleToRawLongBits(x.squaredNorm()), Double.doubleToRawLongBits(first));
    GramCursor other = cache.cursor();
    assertTrue(other.bind(1, x.copy()));
    assertEquals(first, other.squaredNorm(x.copy()), "kept for the id");
  }

  @Test
  void rowsEvictTheLeastRecentlyUsed() {
    int n = 100;
    long budget = GramCache.rowsBudget(n, 3);
    GramCache cache = new GramCache(n, budget);
    assertEquals(GramCache.Mode.ROWS, cache.mode());
    assertEquals(3L, cache.statistics().get("rows"));
    GramCursor c = cache.cursor();
    for (int id = 0; id < 3; id++) {
      c.bind(id, vector(id));
      c.put(50, id);
    }
    c.bind(0, vector(0)); // 0 becomes the most recent: 1 is the oldest
    c.bind(3, vector(3)); // evicts 1
    c.bind(1, vector(1));
    assertTrue(Double.isNaN(c.get(50)), "row 1 was evicted");
    c.bind(0, vector(0));
    assertEquals(0.0, c.get(50));
    assertEquals(2L, cache.evictions());
    assertTrue(cache.ramBytesUsed() <= budget + 1024, cache.toString());
  }

  @Test
  void theHookSharesOneCacheAndRespectsItsBudget() {
    assertNull(GramCache.of(SharedResources.NONE));
    assertNull(GramCache.of(SharedResources.create()), "size unknown");
    assertNull(GramCache.of(SharedResources.create(10, 0)), "budget 0: off");
    assertNull(GramCache.of(SharedResources.create(1000, 100)), "not even one row");
    SharedResources r = SharedResources.create(10, -1);
    GramCache a = GramCache.of(r);
    assertSame(a, GramCache.of(r));
    assertEquals(GramCache.Mode.FULL, a.mode());
    assertThrows(IllegalArgumentException.class, () -> new GramCache(1000, 100));
    assertTrue(r.statistics().containsKey(GramCache.KEY));
  }

  /**
   * Resources over a training and a test set number the test rows after the training rows: each row's own
   * view is recognised under its id, and under no other. For runs over permutations ({@code wholeOnly}) a
   * cache is made only when the whole matrix fits: an evicting one would only cost time.
   */
  @Test
  void trainingAndTestRowsShareOneIdSpace() {
    Dataset train = rows(0, 4);
    Dataset test = rows(10, 3);
    SharedResources r = SharedResources.create(List.of(train, test), -1, true);
    assertEquals(7, r.numExamples());
    assertEquals(0, r.firstId(train));
    assertEquals(4, r.firstId(test));
    assertEquals(-1, r.firstId(rows(0, 4)), "another dataset, even with the same content");
    SparseVector view = new SparseVector();
    assertTrue(r.isDatasetRow(1, train.features(1, view)));
    assertTrue(r.isDatasetRow(5, test.features(1, view)));
    assertFalse(r.isDatasetRow(1, test.features(1, view)), "test row 1 is id 5, not 1");
    assertFalse(r.isDatasetRow(7, test.features(2, view)));
    assertEquals(4, SharedResources.create(List.of(train, train), -1, false).numExamples(), "one part, listed twice");
    GramCache cache = GramCache.of(r);
    assertEquals(GramCache.Mode.FULL, cache.mode());
    GramCursor c = cache.cursor();
    assertTrue(c.bind(5, test.features(1, view)));
    assertTrue(c.bind(5, vector(11).copy()), "test row 1 is vector 11");
    assertFalse(c.bind(5, vector(1)), "train row 1 under test row 1's id");
    long whole = 8 * 7 * 7 + 17 * 7; // n² distances and 17 bytes per id
    assertTrue(GramCache.holdsAll(7, whole));
    assertFalse(GramCache.holdsAll(7, whole - 1));
    assertNotNull(GramCache.of(SharedResources.create(List.of(train, test), whole, true)));
    assertNull(GramCache.of(SharedResources.create(List.of(train, test), whole - 1, true)), "rows only: not made");
    assertEquals(GramCache.Mode.ROWS, GramCache.of(SharedResources.create(List.of(train, test), whole - 1, false)).mode());
    assertThrows(IllegalArgumentException.class, () -> SharedResources.create(List.of(), -1, true));
  }

  private static Dataset rows(int first, int n) {
    DatasetBuilder b = new DatasetBuilder().numLabels(1);
    for (int i = 0; i < n; i++) {
      b.add(vector(first + i), LabelSet.of(0));
    }
    return b.build();
  }

  /** Threads filling one triangle: every value read is one some thread wrote; each pair stored once. */
  @Test
  void concurrentCursorsAgree() throws Exception {
    int n = 300;
    GramCache cache = new GramCache(n, 1 << 22);
    onFourThreads(t -> {
      SplittableRandom random = new SplittableRandom(t);
      GramCursor c = cache.cursor();
      long wrong = 0;
      for (int i = 0; i < 20_000; i++) {
        int a = random.nextInt(n);
        int b = random.nextInt(n);
        c.bind(a, vector(a));
        double expected = Math.min(a, b) * 1000.0 + Math.max(a, b);
        double v = c.get(b);
        if (v != v) {
          c.put(b, expected);
        } else if (v != expected) {
          wrong++;
        }
        c.flush();
      }
      return wrong;
    });
    assertEquals(80_000, cache.hits() + cache.misses());
    assertTrue(cache.misses() - cache.recomputedConcurrently() <= (long) n * (n + 1) / 2, cache.toString());
  }

  @Test
  void threadsMissingOnePairAtOnceComputeItOnce() throws Exception {
    int n = 40; // few pairs, many threads: they collide on every pair
    GramCache cache = new GramCache(n, 1 << 20);
    AtomicIntegerArray computed = new AtomicIntegerArray(n * n);
    CyclicBarrier start = new CyclicBarrier(4);
    onFourThreads(t -> {
      GramCursor c = cache.cursor();
      long wrong = 0;
      start.await();
      for (int a = 0; a < n; a++) {
        c.bind(a, vector(a));
        for (int b = 0; b < n; b++) {
          double expected = Math.min(a, b) * 1000.0 + Math.max(a, b);
          double v = c.get(b);
          if (v != v) {
            v = c.claim(b);
          }
          if (v != v) {
            computed.incrementAndGet(Math.min(a, b) * n + Math.max(a, b));
            Thread.onSpinWait(); // a window for the others to miss the same pair
            c.put(b, expected);
          } else if (v != expected) {
            wrong++;
          }
        }
        c.flush();
      }
      return wrong;
    });
    for (int a = 0; a < n; a++) {
      for (int b = a; b < n; b++) {
        assertEquals(1, computed.get(a * n + b), "pair " + a + "," + b + " computed once");
      }
    }
    assertEquals(0, cache.recomputedConcurrently(), cache.toString());
  }

  /** A task that returns how many wrong values it read, run on four threads at once: each must read none. */
  private interface Part {
    long run(int thread) throws Exception;
  }

  private static void onFourThreads(Part part) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Long>> parts = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        parts.add(pool.submit(() -> part.run(thread)));
      }
      for (Future<Long> f : parts) {
        assertEquals(0L, f.get());
      }
    } finally {
      pool.shutdown();
    }
  }
}
