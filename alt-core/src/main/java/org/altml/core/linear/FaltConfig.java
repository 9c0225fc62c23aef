package org.altml.core.linear;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;

/**
 * The values {@link Falt} runs with (paper, section 3.1), read from its {@link Settings} ({@link #of}): a view that
 * holds no defaults and checks nothing of its own (the parameters' ranges and {@link FaltSpec#validate} did).
 *
 * @param eta the learning rate η &gt; 0 of the rule w ← w − η·∇ (paper, eq. rule)
 * @param maxUpdatesPerExample M ≥ 1, the maximum number of update steps per example
 */
public record FaltConfig(float eta, int maxUpdatesPerExample) implements LearnerConfig {
  /** The values of {@code settings} (of {@code falt}) for {@code numLabels} labels (M resolved from the M factor). */
  public static FaltConfig of(Settings settings, int numLabels) {
    return new FaltConfig(settings.get(CommonParameters.ETA), CommonParameters.maxUpdates(settings, numLabels));
  }
}
