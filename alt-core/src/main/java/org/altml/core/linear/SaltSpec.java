package org.altml.core.linear;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;

/** The {@code salt} learner kind: {@link Salt} with η, δ, M (or the M factor), bias and precision. */
public final class SaltSpec extends LinearSpec {

  /** The spec (for {@link java.util.ServiceLoader}). */
  public SaltSpec() {
    super("salt", "SALT, second-order (AdaGrad-style) adaptive label thresholding (paper, section 3.2)",
        List.of(CommonParameters.ETA, CommonParameters.DELTA));
  }

  @Override
  public String paperName() {
    return "SALT";
  }

  @Override
  protected LinearLearner create(Settings settings, int numLabels) {
    return new Salt(settings, numLabels);
  }
}
