package org.altml.sparse.synth;

import org.altml.sparse.MemoryCheck;

/** Memory checks shared by the generators: their sizes come from the caller's configuration. */
final class Footprint {
  /** Largest array length the VM allocates (as in fastutil). */
  private static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
  private static final String HINT = "choose a smaller configuration";

  private Footprint() {}

  /**
   * {@code n} as an array length.
   *
   * @throws IllegalArgumentException if no array can be that long
   */
  static int length(long n, String what) {
    if (n < 0 || n > MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(what + " needs " + n + " entries in one array, more than " + MAX_ARRAY_LENGTH);
    }
    return (int) n;
  }

  /** Throws {@link org.altml.sparse.InsufficientMemoryException} unless the model of {@code what} fits. */
  static void requireModel(long bytes, String what) {
    MemoryCheck.require(bytes, what, HINT);
  }

  /**
   * Throws {@link org.altml.sparse.InsufficientMemoryException} unless {@code n} generated examples of
   * about {@code bytesEach} bytes fit in memory.
   */
  static void requireExamples(long n, double bytesEach, String generator) {
    double bytes = n * bytesEach;
    MemoryCheck.require(bytes >= Long.MAX_VALUE ? -1 : (long) bytes, n + " examples of " + generator,
        "stream the examples instead of generating them in memory, or " + HINT);
  }
}
