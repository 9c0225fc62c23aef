package org.altml.kernel.learner;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.kernel.KernelParameters;
import org.altml.kernel.budget.BudgetParameters;

/**
 * The {@code falt-k} learner kind: {@link KernelFalt} with η, σ², M (or the M factor), the budget B and its
 * policy, and the coefficients' precision.
 */
public final class KernelFaltSpec implements LearnerSpec {
  static final KernelFaltSpec INSTANCE = new KernelFaltSpec();

  private static final List<Parameter<?>> PARAMETERS = List.of(CommonParameters.ETA, CommonParameters.MAX_UPDATES,
      CommonParameters.MAX_UPDATES_FACTOR, KernelParameters.SIGMA2, BudgetParameters.BUDGET,
      BudgetParameters.BUDGET_POLICY, BudgetParameters.MERGE_PARTNERS, CommonParameters.PRECISION);

  /** The spec (for {@link java.util.ServiceLoader}). */
  public KernelFaltSpec() {}

  @Override
  public String name() {
    return "falt-k";
  }

  @Override
  public String paperName() {
    return "FALT(k)";
  }

  @Override
  public String description() {
    return "FALT(k), kernelized FALT with an RBF kernel and an optional support-vector budget (paper, section 5)";
  }

  @Override
  public List<Parameter<?>> parameters() {
    return PARAMETERS;
  }

  @Override
  public void validate(Settings settings) {
    CommonParameters.checkOneMaxUpdates(settings);
    BudgetParameters.checkBudget(settings);
    KernelParameters.checkFloatSigma2(settings);
  }

  @Override
  public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    settings.requireKind(this);
    return new KernelFalt(settings, context);
  }

  @Override
  public ModelCodec codec() {
    return KernelLearner.CODEC;
  }

  @Override
  public Settings warmupSettings(Settings settings) {
    return BudgetParameters.warmupSettings(settings);
  }
}
