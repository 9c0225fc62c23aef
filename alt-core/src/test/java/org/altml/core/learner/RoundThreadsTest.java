package org.altml.core.learner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The loop splitter of a learner's round: parts, failures, and helpers that end when idle and come back. */
class RoundThreadsTest {
  @Test
  void everyIndexRunsOnceInAlignedContiguousParts() {
    for (int threads = 1; threads <= 4; threads++) {
      RoundThreads rt = new RoundThreads(threads, RoundThreads.IDLE_NANOS, false);
      for (int n : new int[] {0, 1, 7, 8, 63, 64, 65, 255, 256, 1001, 4096}) {
        for (int align : new int[] {1, 8}) {
          for (int minPart : new int[] {1, 16, 256}) {
            AtomicIntegerArray seen = new AtomicIntegerArray(Math.max(1, n));
            ConcurrentHashMap<Integer, int[]> parts = new ConcurrentHashMap<>();
            Thread caller = Thread.currentThread();
            ConcurrentHashMap<Integer, Thread> runners = new ConcurrentHashMap<>();
            int used = rt.forEachPart(n, align, minPart, (part, from, to) -> {
              parts.put(part, new int[] {from, to});
              runners.put(part, Thread.currentThread());
              for (int i = from; i < to; i++) {
                seen.incrementAndGet(i);
              }
            });
            String at = "threads " + threads + " n " + n + " align " + align + " minPart " + minPart;
            for (int i = 0; i < n; i++) {
              assertEquals(1, seen.get(i), at + " index " + i);
            }
            assertEquals(used, parts.size(), at);
            assertTrue(used >= 1 && used <= threads, at);
            assertTrue(used == 1 || n / used >= minPart / 2, at + ": parts of at least about minPart");
            assertSame(caller, runners.get(0), at + ": part 0 runs on the caller");
            int next = 0;
            for (int p = 0; p < used; p++) {
              int[] r = parts.get(p);
              assertEquals(next, r[0], at + " part " + p);
              if (p < used - 1) {
                assertEquals(0, (r[1] - r[0]) % align, at + " part " + p + " aligned");
              }
              next = r[1];
            }
            assertEquals(n, next, at);
          }
        }
      }
    }
  }

  @Test
  void aFailingPartIsRethrownAfterEveryPartEnded() {
    RoundThreads rt = new RoundThreads(3, RoundThreads.IDLE_NANOS, false);
    IllegalStateException boom = new IllegalStateException("part 2");
    AtomicIntegerArray ran = new AtomicIntegerArray(3);
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> rt.forEachPart(300, 1, 1, (part, from, to) -> {
      ran.incrementAndGet(part);
      if (part == 2) {
        throw boom;
      }
    }));
    assertSame(boom, thrown);
    for (int p = 0; p < 3; p++) {
      assertEquals(1, ran.get(p), "part " + p + " ran");
    }
    // the caller's own failure first, a helper's suppressed in it
    IllegalArgumentException mine = new IllegalArgumentException("part 0");
    IllegalArgumentException t = assertThrows(IllegalArgumentException.class, () -> rt.forEachPart(300, 1, 1, (part, from, to) -> {
      if (part == 0) {
        throw mine;
      }
      throw new UnsupportedOperationException("part " + part);
    }));
    assertSame(mine, t);
    assertEquals(2, t.getSuppressed().length);
    // and the splitter still works afterwards
    AtomicIntegerArray seen = new AtomicIntegerArray(300);
    rt.forEachPart(300, 1, 1, (part, from, to) -> {
      for (int i = from; i < to; i++) {
        seen.incrementAndGet(i);
      }
    });
    for (int i = 0; i < 300; i++) {
      assertEquals(1, seen.get(i));
    }
  }

  @Test
  void idleHelpersEndAndNewOnesTakeTheNextParts() throws InterruptedException {
    RoundThreads rt = new RoundThreads(2, 300_000_000L, false);
    AtomicIntegerArray seen = new AtomicIntegerArray(100);
    for (int round = 0; round < 3; round++) {
      rt.forEachPart(100, 1, 1, (part, from, to) -> {
        for (int i = from; i < to; i++) {
          seen.incrementAndGet(i);
        }
      });
      assertEquals(1, rt.runningHelpers(), "a helper runs after a split");
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (rt.runningHelpers() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertEquals(0, rt.runningHelpers(), "an idle helper ends");
    }
    for (int i = 0; i < 100; i++) {
      assertEquals(3, seen.get(i));
    }
  }

  @Test
  void oneThreadRunsOnTheCaller() {
    assertSame(RoundThreads.ONE, RoundThreads.of(1));
    assertThrows(IllegalArgumentException.class, () -> RoundThreads.of(0));
    Thread caller = Thread.currentThread();
    assertEquals(1, RoundThreads.ONE.forEachPart(10_000, 8, 1, (part, from, to) -> {
      assertSame(caller, Thread.currentThread());
      assertEquals(0, from);
      assertEquals(10_000, to);
    }));
  }
}
