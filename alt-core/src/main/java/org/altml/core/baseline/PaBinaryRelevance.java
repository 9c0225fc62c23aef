package org.altml.core.baseline;

import org.altml.core.learner.Settings;
import org.altml.core.linear.LinearLearner;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Passive-aggressive binary relevance, PA-I or PA-II (docs/spec.md#pa-br): one independent PA classifier per
 * label, τ_i from {@link PaLoss} with n² = ||x||², and w_i ← w_i + τ_i·y_i·x, done for all labels at once
 * as one rank-one update with coefficients τ_i·y_i. Label i is predicted when w_i·x &gt; 0: the threshold
 * lane keeps coefficient 0, so the threshold score stays 0. Up to M steps per example, stopping when every
 * ℓ_i = 0. With the bias option, ||x||² includes the constant feature's 1.
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class PaBinaryRelevance extends LinearLearner {
  private PaConfig config;
  private final PaLoss loss;

  /** PA binary relevance for {@code numLabels} labels with {@code settings} of {@code pa1} or {@code pa2} ({@link PaSpec}). */
  PaBinaryRelevance(Settings settings, int numLabels, PaConfig.Variant variant) {
    super(settings, numLabels);
    this.config = PaConfig.of(variant, settings, numLabels);
    this.loss = new PaLoss(config.variant(), config.c());
  }

  @Override
  protected void labelsGrown(int numLabels) {
    config = PaConfig.of(config.variant(), settings(), numLabels); // an M factor resolves against the new L
  }

  @Override
  public PaConfig config() {
    return config;
  }

  @Override
  protected void beginRound(SparseVector x) {
    loss.begin(x.squaredNorm() + (hasBias() ? 1.0 : 0.0));
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
