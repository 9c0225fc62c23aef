package org.altml.core.baseline;

import java.util.Objects;
import org.altml.core.linear.LearnerConfig;

/**
 * Hyperparameters of {@link PaBinaryRelevance} (Crammer et al. 2006, as SPEC.md pins them).
 *
 * @param variant PA-I (τ = min(C, ℓ/||x||²)) or PA-II (τ = ℓ/(||x||² + 1/(2C)))
 * @param c the aggressiveness C &gt; 0
 * @param maxUpdatesPerExample M ≥ 1, the maximum number of update steps per example
 */
public record PaConfig(Variant variant, float c, int maxUpdatesPerExample) implements LearnerConfig {
  /** The passive-aggressive variant. */
  public enum Variant {
    /** PA-I: τ = min(C, ℓ/||x||²). */
    PA1,
    /** PA-II: τ = ℓ/(||x||² + 1/(2C)). */
    PA2
  }

  /** Validates every parameter. */
  public PaConfig {
    Objects.requireNonNull(variant, "variant");
    LearnerConfig.checkPositive("c", c);
    LearnerConfig.checkMaxUpdates(maxUpdatesPerExample);
  }

  /** The defaults: PA-I, C = 1, M = 1. */
  public static PaConfig defaults() {
    return new PaConfig(Variant.PA1, 1f, 1);
  }

  /** A copy with the variant replaced. */
  public PaConfig withVariant(Variant variant) {
    return new PaConfig(variant, c, maxUpdatesPerExample);
  }

  /** A copy with C replaced. */
  public PaConfig withC(float c) {
    return new PaConfig(variant, c, maxUpdatesPerExample);
  }

  /** A copy with M replaced. */
  public PaConfig withMaxUpdatesPerExample(int maxUpdatesPerExample) {
    return new PaConfig(variant, c, maxUpdatesPerExample);
  }
}
