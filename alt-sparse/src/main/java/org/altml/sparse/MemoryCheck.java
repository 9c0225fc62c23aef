package org.altml.sparse;

import java.util.Locale;

/**
 * Checks, before allocating, that an allocation sized by the input fits in the Java heap, so that no
 * input (a stray label id, a huge feature index, a crafted model file, a window width) ends in an
 * {@link OutOfMemoryError}: the caller gets an {@link InsufficientMemoryException} saying what was
 * asked, the bytes needed, the bytes available and what to do.
 *
 * <pre>{@code
 * MemoryCheck.require(8L * rows * stride, "the weight matrix (" + rows + " features)", "check the data for a stray feature index");
 * double[] w = new double[rows * stride];
 * }</pre>
 *
 * <p>Available means {@code Runtime.maxMemory()} minus what is in use, less a reserve of 1/32 of the heap
 * that the rest of the program needs to go on. Garbage not yet collected counts as used, so before
 * refusing, the check asks the collector once ({@link System#gc()}, only on this failure path) and
 * measures again. A passed check is a good estimate, not a guarantee (other threads allocate too); the
 * large allocations of the toolkit also turn a late {@link OutOfMemoryError} into this exception with
 * {@link #allocationFailed}. Thread-safe.
 */
public final class MemoryCheck {
  /** What the messages tell a command-line user to do. */
  public static final String MORE_HEAP = "run with more heap: ALT_JAVA_OPTS=-Xmx8g ./alt ... (java -Xmx8g for the library)";

  private MemoryCheck() {}

  /**
   * Throws unless {@code bytes} more bytes fit in the heap.
   *
   * @param bytes the size of the allocation (negative: overflowed, treated as impossible)
   * @param what what the memory is for, for the message
   * @param hint what else the user could do (may be null), e.g. "give the number of labels explicitly"
   * @throws InsufficientMemoryException if the allocation would not fit
   */
  public static void require(long bytes, String what, String hint) {
    if (bytes >= 0 && bytes <= available()) {
      return;
    }
    if (bytes >= 0 && bytes <= Runtime.getRuntime().maxMemory()) {
      // used memory includes garbage: collect once, on this failure path only, before refusing
      System.gc();
    }
    check(bytes, available(), Runtime.getRuntime().maxMemory(), what, hint);
  }

  /** Bytes an allocation may take now: the heap's maximum minus what is in use, less the reserve. */
  public static long available() {
    Runtime r = Runtime.getRuntime();
    long max = r.maxMemory();
    return Math.max(0L, max - (r.totalMemory() - r.freeMemory()) - reserve(max));
  }

  /**
   * The decision of {@link #require} with injected numbers (for tests and for callers that measure
   * differently).
   *
   * @param available bytes available now
   * @param maxHeap the heap's maximum, for the message
   */
  public static void check(long bytes, long available, long maxHeap, String what, String hint) {
    if (bytes < 0 || bytes > available) {
      throw refusal(bytes, available, maxHeap, what, hint);
    }
  }

  /**
   * The exception for an {@link OutOfMemoryError} caught around one large allocation of {@code bytes}
   * (the failed allocation never happened, so the program can go on); the error is kept as the cause.
   */
  public static InsufficientMemoryException allocationFailed(long bytes, String what, String hint, OutOfMemoryError e) {
    InsufficientMemoryException x = refusal(bytes, available(), Runtime.getRuntime().maxMemory(), what, hint);
    x.initCause(e);
    return x;
  }

  private static InsufficientMemoryException refusal(long bytes, long available, long maxHeap, String what, String hint) {
    String needed = bytes < 0 ? "more than " + formatBytes(Long.MAX_VALUE) : formatBytes(bytes);
    return new InsufficientMemoryException(what, bytes < 0 ? Long.MAX_VALUE : bytes, available,
        "not enough memory for " + what + ": needs " + needed + ", " + formatBytes(available) + " available of a "
            + formatBytes(maxHeap) + " heap; " + MORE_HEAP + (hint == null || hint.isEmpty() ? "" : ", or " + hint));
  }

  /**
   * The size of {@code count} values of {@code bytesEach} bytes, or -1 when it overflows a long (which
   * {@link #require} refuses).
   */
  public static long bytes(long count, long bytesEach) {
    if (count < 0 || bytesEach < 0) {
      return -1;
    }
    try {
      return Math.multiplyExact(count, bytesEach);
    } catch (ArithmeticException e) {
      return -1;
    }
  }

  /** {@code bytes} for a person: "1.5 GiB (1,610,612,736 bytes)". */
  public static String formatBytes(long bytes) {
    String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    if (u == 0) {
      return String.format(Locale.ROOT, "%,d bytes", bytes);
    }
    return String.format(Locale.ROOT, "%.1f %s (%,d bytes)", v, units[u], bytes);
  }

  private static long reserve(long maxHeap) {
    return maxHeap / 32;
  }
}
