package org.altml.core.baseline;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.core.linear.LinearLearner;
import org.altml.core.linear.LinearSpecs;

/**
 * The {@code pa1} and {@code pa2} learner kinds: {@link PaBinaryRelevance} with C, M (or the M factor),
 * bias and precision. Two kinds of one class: {@link Pa1} and {@link Pa2} are what
 * {@link java.util.ServiceLoader} instantiates.
 */
public abstract sealed class PaSpec implements LearnerSpec permits PaSpec.Pa1, PaSpec.Pa2 {
  static final PaSpec PA1 = new Pa1();
  static final PaSpec PA2 = new Pa2();

  private static final List<Parameter<?>> PARAMETERS = List.of(CommonParameters.C, CommonParameters.MAX_UPDATES,
      CommonParameters.MAX_UPDATES_FACTOR, CommonParameters.BIAS, CommonParameters.PRECISION);

  private final PaConfig.Variant variant;

  private PaSpec(PaConfig.Variant variant) {
    this.variant = variant;
  }

  /** The {@code pa1} kind. */
  public static final class Pa1 extends PaSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Pa1() {
      super(PaConfig.Variant.PA1);
    }
  }

  /** The {@code pa2} kind. */
  public static final class Pa2 extends PaSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Pa2() {
      super(PaConfig.Variant.PA2);
    }
  }

  @Override
  public String name() {
    return variant == PaConfig.Variant.PA1 ? "pa1" : "pa2";
  }

  @Override
  public String description() {
    return (variant == PaConfig.Variant.PA1 ? "PA-I" : "PA-II") + " binary relevance (baseline; Crammer et al. 2006)";
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
    PaConfig config = new PaConfig(variant, settings.get(CommonParameters.C), m);
    PaBinaryRelevance pa = new PaBinaryRelevance(context.numLabels(), config, LinearSpecs.options(settings));
    pa.ensureFeatures(context.numFeatures());
    return pa;
  }

  @Override
  public ModelCodec codec() {
    return LinearLearner.CODEC;
  }
}
