package org.altml.core.baseline;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.linear.LinearLearner;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Passive-aggressive binary relevance, PA-I or PA-II (SPEC.md): one independent PA classifier per
 * label, τ_i from {@link PaLoss} with n² = ||x||², and w_i ← w_i + τ_i·y_i·x, done for all labels at once
 * as one rank-one update with coefficients τ_i·y_i. Label i is predicted when w_i·x &gt; 0: the threshold
 * lane keeps coefficient 0, so the threshold score stays 0. Up to M steps per example, stopping when every
 * ℓ_i = 0. With the bias option, ||x||² includes the constant feature's 1.
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class PaBinaryRelevance extends LinearLearner {
  private final PaConfig config;
  private final PaLoss loss;
  private final Settings settings;

  /** PA binary relevance for {@code numLabels} labels without bias, in double precision. */
  public PaBinaryRelevance(int numLabels, PaConfig config) {
    this(numLabels, config, LearnerOptions.defaults());
  }

  /** PA binary relevance for {@code numLabels} labels with the given options. */
  public PaBinaryRelevance(int numLabels, PaConfig config, LearnerOptions options) {
    super(numLabels, config, options);
    this.config = config;
    this.loss = new PaLoss(config.variant(), config.c());
    this.settings = baseSettings(spec().defaults().with(CommonParameters.C.name(), config.c()));
  }

  @Override
  public LearnerSpec spec() {
    return config.variant() == PaConfig.Variant.PA1 ? PaSpec.PA1 : PaSpec.PA2;
  }

  @Override
  public Settings settings() {
    return settings;
  }

  @Override
  public PaConfig config() {
    return config;
  }

  @Override
  protected void beginRound(SparseVector x) {
    loss.begin(x.squaredNorm() + (options().bias() ? 1.0 : 0.0));
  }

  @Override
  public int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return loss.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void step(SparseVector x, double[] coeff) {
    weights().addOuter(x, 1.0, coeff);
  }
}
