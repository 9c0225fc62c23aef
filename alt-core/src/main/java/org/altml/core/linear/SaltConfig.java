package org.altml.core.linear;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;

/**
 * The values {@link Salt} runs with (paper, section 3.2, Algorithm 3), read from its {@link Settings} ({@link #of}):
 * a view that holds no defaults and checks nothing of its own (the parameters' ranges and {@link SaltSpec#validate}
 * did).
 *
 * @param eta the learning rate η &gt; 0
 * @param delta δ &gt; 0 of H = δI + diag(s), which keeps the per-element rate η/(δ + √G²) finite
 * @param maxUpdatesPerExample M ≥ 1, the maximum number of update steps per example
 */
public record SaltConfig(float eta, float delta, int maxUpdatesPerExample) implements LearnerConfig {
  /** The values of {@code settings} (of {@code salt}) for {@code numLabels} labels (M resolved from the M factor). */
  public static SaltConfig of(Settings settings, int numLabels) {
    return new SaltConfig(settings.get(CommonParameters.ETA), settings.get(CommonParameters.DELTA),
        CommonParameters.maxUpdates(settings, numLabels));
  }
}
