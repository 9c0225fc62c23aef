package org.altml.core.learner;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Threads a learner may use inside one round ({@link LearnerContext#threads()}): a loop over [0, n) is cut
 * into one contiguous part per thread, the caller runs the first and helper threads the others, and
 * {@link #forEachPart} returns when every part is done. For work of tens of microseconds, repeated in every
 * round (a budgeted kernel learner's merge search over its support vectors): a task handed to a parked pool
 * thread waits for the operating system to wake it, tens of microseconds on this toolkit's test machine,
 * which is as long as the work. So each helper keeps spinning for {@link #SPIN_NANOS} after a part before it
 * parks, and a helper idle for {@link #IDLE_NANOS} ends (the next part starts a new one): a learner that is
 * dropped leaves no thread behind.
 *
 * <p>Results must not depend on the number of threads: parts write disjoint ranges, and whatever depends on
 * order is done by the caller after {@link #forEachPart} returns. Confined to one calling thread (the
 * learner's); the body runs on the caller and on helpers at once.
 */
public final class RoundThreads {
  /** How long a helper spins for its next part before parking. */
  static final long SPIN_NANOS = 200_000L;
  /** How long a parked helper waits for a part before it ends. */
  static final long IDLE_NANOS = 1_000_000_000L;

  /** One thread: {@link #forEachPart} runs the whole range on the caller. */
  public static final RoundThreads ONE = new RoundThreads(1, IDLE_NANOS, false);

  /**
   * System property: {@code true} splits loops even while the JIT compiles (tests of the helpers' path, whose
   * JVMs compile all along).
   */
  public static final String ALWAYS_SPLIT_PROPERTY = "alt.roundThreads.alwaysSplit";

  /** The body of a loop cut into parts: runs the indices [from, to) as part {@code part}. */
  @FunctionalInterface
  public interface PartBody {
    /** Runs [from, to) as part {@code part} (0 on the calling thread) of a {@link RoundThreads#forEachPart} call. */
    void run(int part, int from, int to);
  }

  private final int threads;
  private final Helper[] helpers;
  private final boolean deferToCompiler;

  /** {@code threads} threads whose helpers end after {@code idleNanos} without work. */
  RoundThreads(int threads, long idleNanos, boolean deferToCompiler) {
    this.threads = threads;
    this.deferToCompiler = deferToCompiler;
    this.helpers = new Helper[threads - 1];
    for (int i = 0; i < helpers.length; i++) {
      helpers[i] = new Helper(i + 1, idleNanos);
    }
  }

  /**
   * Up to {@code threads} threads (the caller and threads − 1 helpers, started on first use).
   *
   * @throws IllegalArgumentException if {@code threads < 1}
   */
  public static RoundThreads of(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1: " + threads);
    }
    return threads == 1 ? ONE : new RoundThreads(threads, IDLE_NANOS, !Boolean.getBoolean(ALWAYS_SPLIT_PROPERTY));
  }

  /** Helper threads running now (for tests: idle ones end). */
  int runningHelpers() {
    int n = 0;
    for (Helper h : helpers) {
      n += h.running() ? 1 : 0;
    }
    return n;
  }

  /** The number of threads (parts of a large enough loop). */
  public int threads() {
    return threads;
  }

  /**
   * Runs {@code body} over [0, n) cut into at most {@link #threads()} contiguous parts, each a multiple of
   * {@code align} long except the last, with at least {@code minPart} indices per part (fewer parts for a
   * small n); part 0 on the caller. Returns when every part has run; a failure of a part is rethrown (an
   * unchecked exception or error as it is, anything else in an {@link IllegalStateException}) after all parts
   * handed out have ended. While the JIT compiles, the parts run on the caller in order, and the first
   * failure ends the loop. A helper that cannot be started leaves its part to the caller.
   *
   * @return the number of parts
   */
  public int forEachPart(int n, int align, int minPart, PartBody body) {
    if (n < 0 || align < 1 || minPart < 1) {
      throw new IllegalArgumentException("n " + n + ", align " + align + ", minPart " + minPart);
    }
    int parts = Math.max(1, Math.min(threads, n / minPart));
    if (parts == 1) {
      body.run(0, 0, n);
      return 1;
    }
    long per = ((long) n + parts - 1) / parts;
    int size = (int) Math.min(n, (per + align - 1) / align * align);
    if (deferToCompiler && compilerBusy()) {
      // every part on the caller, in order (they write disjoint ranges: the same results)
      int p = 0;
      for (long from = 0; from < n; from += size, p++) {
        body.run(p, (int) from, (int) Math.min(n, from + size));
      }
      return p;
    }
    int used = 1;
    Throwable failure = null;
    try {
      for (int p = 1; p < parts && (long) p * size < n; p++) {
        helpers[p - 1].post(body, p, p * size, (int) Math.min(n, (p + 1L) * size));
        used++;
      }
      body.run(0, 0, Math.min(n, size));
    } catch (Throwable e) {
      failure = e; // the parts already handed out are waited for all the same
    }
    for (int p = 1; p < used; p++) {
      Throwable t = helpers[p - 1].await();
      if (failure == null) {
        failure = t;
      } else if (t != null && t != failure) {
        failure.addSuppressed(t);
      }
    }
    if (failure instanceof RuntimeException re) {
      throw re;
    }
    if (failure instanceof Error err) {
      throw err;
    }
    if (failure != null) {
      throw new IllegalStateException("a part of a round failed: " + failure, failure); // a checked one, thrown sneakily
    }
    return used;
  }

  /** How often the JIT's total compilation time is looked at. */
  private static final long COMPILER_CHECK_NANOS = 1_000_000L;
  /** How long after the JIT's last finished compilation the helpers stay unused. */
  private static final long COMPILER_QUIET_NANOS = 20_000_000L;
  /** The JIT's bean, looked up on first use (the management classes cost start-up time). */
  private static final class Compiler {
    static final java.lang.management.CompilationMXBean BEAN = compiler();
  }

  private long lastCheck = System.nanoTime() - COMPILER_CHECK_NANOS;
  private long lastCompileMillis = -1;
  private long compilerBusyUntil;

  private static java.lang.management.CompilationMXBean compiler() {
    try {
      java.lang.management.CompilationMXBean bean = java.lang.management.ManagementFactory.getCompilationMXBean();
      return bean != null && bean.isCompilationTimeMonitoringSupported() ? bean : null;
    } catch (RuntimeException | LinkageError e) {
      return null; // no management: always split
    }
  }

  /**
   * Whether the JIT compiled something in the last {@link #COMPILER_QUIET_NANOS}: while a run's code is being
   * compiled (its first second or so), the compiler threads need the cores the helpers would spin on, and the
   * code they would run is not compiled yet anyway; parts then run on the caller.
   */
  private boolean compilerBusy() {
    java.lang.management.CompilationMXBean compiler = Compiler.BEAN;
    if (compiler == null) {
      return false;
    }
    long now = System.nanoTime();
    if (now - lastCheck >= COMPILER_CHECK_NANOS) {
      lastCheck = now;
      long millis = compiler.getTotalCompilationTime();
      if (millis != lastCompileMillis) {
        lastCompileMillis = millis;
        compilerBusyUntil = now + COMPILER_QUIET_NANOS;
      }
    }
    return now - compilerBusyUntil < 0;
  }

  /** One helper thread's mailbox: the part posted (a sequence number), the one claimed and the one finished. */
  private static final class Helper {
    private final int index;
    private final long idleNanos;
    private final AtomicReference<Thread> thread = new AtomicReference<>();
    private final AtomicInteger claimed = new AtomicInteger();
    private volatile int posted;
    private volatile int finished;
    private volatile boolean parked;
    private PartBody body;
    private int part;
    private int from;
    private int to;
    private Throwable failure;

    Helper(int index, long idleNanos) {
      this.index = index;
      this.idleNanos = idleNanos;
    }

    /** Whether a helper thread is running (spinning, parked or at work). */
    boolean running() {
      return thread.get() != null;
    }

    /** Hands [from, to) to the helper thread, starting one if there is none. */
    void post(PartBody body, int part, int from, int to) {
      this.body = body;
      this.part = part;
      this.from = from;
      this.to = to;
      this.failure = null;
      posted = posted + 1; // publishes the fields above
      Thread t = thread.get();
      if (t == null) {
        Thread fresh = new Thread(this::loop, "alt-round-" + index);
        fresh.setDaemon(true);
        if (thread.compareAndSet(null, fresh)) {
          try {
            fresh.start();
          } catch (Throwable e) { // no thread to be had (out of native threads): the caller runs the part
            thread.compareAndSet(fresh, null);
            runHere();
          }
        } // else the helper that was ending took the part back
      } else if (parked) {
        LockSupport.unpark(t);
      }
    }

    /** Runs the posted part on the calling thread unless a helper has claimed it. */
    private void runHere() {
      int p = posted;
      int c = claimed.get();
      if (c != p && claimed.compareAndSet(c, p)) {
        runClaimed(p);
      }
    }

    /** Runs part {@code p}, claimed by this thread, keeping its failure, and marks it finished. */
    private void runClaimed(int p) {
      try {
        body.run(part, from, to);
      } catch (Throwable e) {
        failure = e;
      }
      finished = p;
    }

    /** Waits for the posted part to finish; returns its failure or null. */
    Throwable await() {
      int target = posted;
      long spins = 0;
      while (finished != target) {
        if (++spins < 1_000_000) {
          Thread.onSpinWait();
        } else {
          Thread t = thread.get();
          if (t == null || !t.isAlive()) {
            runHere(); // no helper (it ended and no other took the part): the caller runs it, unless one claims it first
          }
          Thread.yield(); // the helper is not running (a busy machine): give it the core
        }
      }
      body = null; // do not keep the caller's scratch reachable
      Throwable t = failure;
      failure = null;
      return t;
    }

    private void loop() {
      Thread self = Thread.currentThread();
      long idleSince = System.nanoTime();
      while (true) {
        int p = posted;
        int c = claimed.get();
        if (p != c) {
          if (claimed.compareAndSet(c, p)) {
            runClaimed(p);
          }
          idleSince = System.nanoTime();
          continue;
        }
        long idle = System.nanoTime() - idleSince;
        if (idle < SPIN_NANOS) {
          for (int i = 0; i < 64 && posted == c; i++) {
            Thread.onSpinWait();
          }
          continue;
        }
        if (idle < idleNanos) {
          parked = true;
          if (posted == c) {
            LockSupport.parkNanos(this, idleNanos - idle);
          }
          parked = false;
          Thread.interrupted(); // an interrupt would end every later park at once: nobody interrupts a helper for a reason
          continue;
        }
        // idle long enough: end, unless a part was posted meanwhile and no new helper took it
        thread.compareAndSet(self, null);
        if (posted != claimed.get() && thread.compareAndSet(null, self)) {
          idleSince = System.nanoTime();
          continue;
        }
        return;
      }
    }
  }
}
