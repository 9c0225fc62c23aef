package org.altml.core.linear;

/**
 * Hyperparameters of {@link Salt} (paper, section 3.2, Algorithm 3).
 *
 * @param eta the learning rate η &gt; 0
 * @param delta δ &gt; 0 of H = δI + diag(s), which keeps the per-element rate η/(δ + √G²) finite
 * @param maxUpdatesPerExample M ≥ 1, the maximum number of update steps per example
 */
public record SaltConfig(float eta, float delta, int maxUpdatesPerExample) implements LearnerConfig {
  /** Validates every parameter. */
  public SaltConfig {
    LearnerConfig.checkPositive("eta", eta);
    LearnerConfig.checkPositive("delta", delta);
    LearnerConfig.checkMaxUpdates(maxUpdatesPerExample);
  }

  /** The defaults: η = 1, δ = 1, M = 1. */
  public static SaltConfig defaults() {
    return new SaltConfig(1f, 1f, 1);
  }

  /** A copy with η replaced. */
  public SaltConfig withEta(float eta) {
    return new SaltConfig(eta, delta, maxUpdatesPerExample);
  }

  /** A copy with δ replaced. */
  public SaltConfig withDelta(float delta) {
    return new SaltConfig(eta, delta, maxUpdatesPerExample);
  }

  /** A copy with M replaced. */
  public SaltConfig withMaxUpdatesPerExample(int maxUpdatesPerExample) {
    return new SaltConfig(eta, delta, maxUpdatesPerExample);
  }
}
