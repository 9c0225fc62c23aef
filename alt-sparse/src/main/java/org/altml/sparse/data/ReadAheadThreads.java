package org.altml.sparse.data;

import java.io.IOException;

/**
 * What the streams that read ahead on threads of their own ({@link ReadAheadStream}, the parallel LIBSVM
 * reader) share: handing a reading thread's failure to the consumer, and waiting briefly for a reading thread
 * when the stream closes.
 */
public final class ReadAheadThreads {
  /** How long {@link #awaitBriefly} waits for a reading thread to end. */
  private static final long CLOSE_WAIT_NANOS = 2_000_000_000L;

  private ReadAheadThreads() {}

  /**
   * A reading thread's failure, to be thrown by the consumer: an {@link IOException} as it is (returned), an
   * unchecked exception or error thrown as it is, anything else wrapped in an {@link IOException} (returned).
   */
  public static IOException rethrow(Throwable error) {
    if (error instanceof IOException io) {
      return io;
    }
    if (error instanceof RuntimeException r) {
      throw r;
    }
    if (error instanceof Error e) {
      throw e;
    }
    return new IOException(error);
  }

  /**
   * Waits up to 2 s for {@code reader} (already interrupted) to end. A reader blocked in a read that an
   * interrupt does not end (standard input) is left to the input's close. An interrupt of the caller meanwhile
   * is kept for after the wait.
   */
  public static void awaitBriefly(Thread reader) {
    boolean interrupted = false;
    long deadline = System.nanoTime() + CLOSE_WAIT_NANOS;
    while (reader.isAlive() && System.nanoTime() < deadline) {
      try {
        reader.join(100);
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
