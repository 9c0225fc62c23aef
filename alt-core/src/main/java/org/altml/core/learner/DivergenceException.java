package org.altml.core.learner;

/**
 * Training produced a non-finite (NaN or infinite) score, loss or weight, or a prediction a non-finite score. The
 * message names the example index (0-based count of update rounds since the learner was created or loaded), the
 * learner and its settings. A learner that threw while learning refuses every further call with an {@link
 * IllegalStateException}, so a poisoned model can never be used silently; a prediction alone (predict, a predictor)
 * changes nothing and fails only its own call, since the input may be what is extreme.
 */
public final class DivergenceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final long exampleIndex;

  /** Creates the exception for {@code exampleIndex} with a message that already names the learner. */
  public DivergenceException(long exampleIndex, String message) {
    super(message);
    this.exampleIndex = exampleIndex;
  }

  /** Index of the example (update round) at which the divergence was detected. */
  public long exampleIndex() {
    return exampleIndex;
  }
}
