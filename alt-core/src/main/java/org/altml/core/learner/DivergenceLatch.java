package org.altml.core.learner;

/**
 * A learner's memory of its divergence, worded once for every kind: the first non-finite score or loss met while
 * learning is reported as a {@link DivergenceException} naming the example, and from then on every call is refused.
 * A prediction alone that computes a non-finite score ({@link #notFinite}) fails that call only: it changes nothing,
 * and an input of extreme values must not disable a model that other inputs still score (and that predictors on
 * other threads are using). Single-threaded, like the learner that owns it; {@link #notFinite} and {@link
 * #checkUsable} only read it.
 */
public final class DivergenceLatch {
  private final String hint;
  private String failure;

  /** A latch whose messages end with {@code hint}, what the user may try (e.g. "try a smaller eta"). */
  public DivergenceLatch(String hint) {
    this.hint = java.util.Objects.requireNonNull(hint, "hint");
  }

  /**
   * Latches the divergence of {@code learner} (its settings in one line) after it learned from {@code example}
   * examples (the 0-based index of the update round it was in, or of the next one when it diverged predicting)
   * and returns the exception to throw.
   */
  public DivergenceException diverged(String learner, long example, String what) {
    failure = learner + " diverged after learning from " + example + (example == 1 ? " example" : " examples") + ": " + what
        + "; the model is unusable (" + hint + ")";
    return new DivergenceException(example, failure);
  }

  /**
   * The exception for a prediction (no learning) of {@code learner} that computed a non-finite score, after it learned
   * from {@code example} examples; the learner stays usable.
   */
  public DivergenceException notFinite(String learner, long example, String what) {
    return new DivergenceException(example, learner + " predicted a non-finite score after learning from " + example
        + (example == 1 ? " example" : " examples") + ": " + what + "; nothing changed (an input of extreme values, or a model"
        + " whose last update diverged: " + hint + ")");
  }

  /**
   * @throws IllegalStateException once the learner has diverged
   */
  public void checkUsable() {
    if (failure != null) {
      throw new IllegalStateException("learner refused: it diverged earlier: " + failure);
    }
  }
}
