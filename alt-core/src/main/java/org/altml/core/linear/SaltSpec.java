package org.altml.core.linear;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/** The {@code salt} learner kind: {@link Salt} with η, δ, M (or the M factor), bias and precision. */
public final class SaltSpec implements LearnerSpec {
  static final SaltSpec INSTANCE = new SaltSpec();

  private static final List<Parameter<?>> PARAMETERS = List.of(CommonParameters.ETA, CommonParameters.DELTA,
      CommonParameters.MAX_UPDATES, CommonParameters.MAX_UPDATES_FACTOR, CommonParameters.BIAS, CommonParameters.PRECISION);

  /** The spec (for {@link java.util.ServiceLoader}). */
  public SaltSpec() {}

  @Override
  public String name() {
    return "salt";
  }

  @Override
  public String description() {
    return "SALT, second-order (AdaGrad-style) adaptive label thresholding (paper, section 3.2)";
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
    SaltConfig config = new SaltConfig(settings.get(CommonParameters.ETA), settings.get(CommonParameters.DELTA), m);
    Salt salt = new Salt(context.numLabels(), config, LinearSpecs.options(settings));
    salt.ensureFeatures(context.numFeatures());
    return salt;
  }

  @Override
  public ModelCodec codec() {
    return LinearLearner.CODEC;
  }
}
