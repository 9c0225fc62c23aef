package org.altml.kernel.learner;

import java.util.List;
import org.altml.core.baseline.PaConfig;
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
 * The {@code pa1-k} and {@code pa2-k} learner kinds: {@link KernelPaBinaryRelevance} with C, σ², the budget
 * B and its policy, and the coefficients' precision (one step per round, so no M). {@link Pa1} and
 * {@link Pa2} are what {@link java.util.ServiceLoader} instantiates.
 */
public abstract sealed class KernelPaSpec implements LearnerSpec permits KernelPaSpec.Pa1, KernelPaSpec.Pa2 {
  private static final List<Parameter<?>> PARAMETERS = List.of(CommonParameters.C, KernelParameters.SIGMA2,
      BudgetParameters.BUDGET, BudgetParameters.BUDGET_POLICY, BudgetParameters.MERGE_PARTNERS, CommonParameters.PRECISION);

  private final PaConfig.Variant variant;
  private final String name;
  private final String title;

  private KernelPaSpec(PaConfig.Variant variant, String name, String title) {
    this.variant = variant;
    this.name = name;
    this.title = title;
  }

  /** The {@code pa1-k} kind. */
  public static final class Pa1 extends KernelPaSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Pa1() {
      super(PaConfig.Variant.PA1, "pa1-k", "PA-I");
    }
  }

  /** The {@code pa2-k} kind. */
  public static final class Pa2 extends KernelPaSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Pa2() {
      super(PaConfig.Variant.PA2, "pa2-k", "PA-II");
    }
  }

  /** PA-I or PA-II. */
  public PaConfig.Variant variant() {
    return variant;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String paperName() {
    return title + "-BR(k)";
  }

  @Override
  public String description() {
    return "kernel " + title + " binary relevance with an RBF kernel and an optional support-vector budget (baseline)";
  }

  @Override
  public List<Parameter<?>> parameters() {
    return PARAMETERS;
  }

  @Override
  public void validate(Settings settings) {
    BudgetParameters.checkBudget(settings);
    KernelParameters.checkFloatSigma2(settings);
  }

  @Override
  public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    settings.requireKind(this);
    return new KernelPaBinaryRelevance(this, settings, context);
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
