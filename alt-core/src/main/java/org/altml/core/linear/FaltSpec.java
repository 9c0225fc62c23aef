package org.altml.core.linear;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/** The {@code falt} learner kind: {@link Falt} with η, M (or the M factor), bias and precision. */
public final class FaltSpec implements LearnerSpec {
  static final FaltSpec INSTANCE = new FaltSpec();

  private static final List<Parameter<?>> PARAMETERS = List.of(CommonParameters.ETA, CommonParameters.MAX_UPDATES,
      CommonParameters.MAX_UPDATES_FACTOR, CommonParameters.BIAS, CommonParameters.PRECISION);

  /** The spec (for {@link java.util.ServiceLoader}). */
  public FaltSpec() {}

  @Override
  public String name() {
    return "falt";
  }

  @Override
  public String description() {
    return "FALT, first-order adaptive label thresholding (paper, section 3.1)";
  }

  @Override
  public List<Parameter<?>> parameters() {
    return PARAMETERS;
  }

  @Override
  public void validate(Settings settings) {
    CommonParameters.checkOneMaxUpdates(settings);
  }

  @Override
  public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    int m = CommonParameters.maxUpdates(settings, context.numLabels());
    Falt falt = new Falt(context.numLabels(), new FaltConfig(settings.get(CommonParameters.ETA), m), LinearSpecs.options(settings));
    falt.ensureFeatures(context.numFeatures());
    return falt;
  }

  @Override
  public ModelCodec codec() {
    return LinearLearner.CODEC;
  }
}
