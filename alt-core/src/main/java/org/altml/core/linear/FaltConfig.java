package org.altml.core.linear;

/**
 * Hyperparameters of {@link Falt} (paper, section 3.1).
 *
 * @param eta the learning rate η &gt; 0 of the rule w ← w − η·∇ (paper, eq. rule)
 * @param maxUpdatesPerExample M ≥ 1, the maximum number of update steps per example
 */
public record FaltConfig(float eta, int maxUpdatesPerExample) implements LearnerConfig {
  /** Validates every parameter. */
  public FaltConfig {
    LearnerConfig.checkPositive("eta", eta);
    LearnerConfig.checkMaxUpdates(maxUpdatesPerExample);
  }

  /** The defaults: η = 1, M = 1. */
  public static FaltConfig defaults() {
    return new FaltConfig(1f, 1);
  }

  /** A copy with η replaced. */
  public FaltConfig withEta(float eta) {
    return new FaltConfig(eta, maxUpdatesPerExample);
  }

  /** A copy with M replaced. */
  public FaltConfig withMaxUpdatesPerExample(int maxUpdatesPerExample) {
    return new FaltConfig(eta, maxUpdatesPerExample);
  }
}
