package org.altml.core.baseline;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;
import org.altml.core.linear.LearnerConfig;

/**
 * The values {@link PaBinaryRelevance} runs with (Crammer et al. 2006, as docs/spec.md#pa-br pins them), read from its
 * {@link Settings} ({@link #of}): a view that holds no defaults and checks nothing of its own (the parameters' ranges
 * and the kind's validation did).
 *
 * @param variant PA-I (τ = min(C, ℓ/||x||²)) or PA-II (τ = ℓ/(||x||² + 1/(2C))), the kind's
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

  /**
   * The values of {@code settings} (of {@code pa1} or {@code pa2}, whose kind is {@code variant}) for {@code numLabels}
   * labels (M resolved).
   */
  public static PaConfig of(Variant variant, Settings settings, int numLabels) {
    return new PaConfig(variant, settings.get(CommonParameters.C),
        CommonParameters.maxUpdates(settings, numLabels));
  }
}
