package org.altml.core.linear;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;

/** The {@code falt} learner kind: {@link Falt} with η, M (or the M factor), bias and precision. */
public final class FaltSpec extends LinearSpec {

  /** The spec (for {@link java.util.ServiceLoader}). */
  public FaltSpec() {
    super("falt", "FALT, first-order adaptive label thresholding (paper, section 3.1)", List.of(CommonParameters.ETA));
  }

  @Override
  public String paperName() {
    return "FALT(l)";
  }

  @Override
  protected LinearLearner create(Settings settings, int numLabels) {
    return new Falt(settings, numLabels);
  }
}
