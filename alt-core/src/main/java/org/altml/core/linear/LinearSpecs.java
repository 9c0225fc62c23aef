package org.altml.core.linear;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;

/** What the linear learner kinds share when they build a learner from settings. */
public final class LinearSpecs {
  private LinearSpecs() {}

  /** The bias and precision options in {@code settings}. */
  public static LearnerOptions options(Settings settings) {
    return new LearnerOptions(settings.get(CommonParameters.BIAS), CommonParameters.precision(settings));
  }
}
