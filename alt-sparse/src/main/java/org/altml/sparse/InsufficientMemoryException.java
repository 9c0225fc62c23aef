package org.altml.sparse;

/**
 * An allocation sized by the input (a dataset, a weight matrix, a model file, a metric window) would not
 * fit in the Java heap: thrown before the allocation by {@link MemoryCheck}, instead of an
 * {@link OutOfMemoryError} that would leave the program in an unknown state. The message says what was
 * asked, the bytes needed and available, and what to do.
 */
public class InsufficientMemoryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String what;
  private final long requestedBytes;
  private final long availableBytes;

  /** Creates the exception; {@code message} is the whole text shown to the user. */
  public InsufficientMemoryException(String what, long requestedBytes, long availableBytes, String message) {
    super(message);
    this.what = what;
    this.requestedBytes = requestedBytes;
    this.availableBytes = availableBytes;
  }

  /** What the memory was for, e.g. {@code "the weight matrix (2,000,000 features x 104 values)"}. */
  public String what() {
    return what;
  }

  /** Bytes the allocation needs ({@link Long#MAX_VALUE} when the size overflows a long). */
  public long requestedBytes() {
    return requestedBytes;
  }

  /** Bytes the heap could still give when the check ran. */
  public long availableBytes() {
    return availableBytes;
  }
}
