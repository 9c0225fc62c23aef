package org.altml.core.linear;

import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * First-order adaptive label thresholding, FALT (paper, section 3.1, Algorithm 1 with eq. rule):
 * online gradient descent on the ALT loss f_t, W ← W − η·∇f_t(W), up to M steps per example
 * (docs/spec.md#falt). Each step is one scores kernel, one pass over the L+1 lanes for the coefficients
 * ({@link AltLoss}) and one rank-one update of the rows x touches: row_f −= η·x_f·c.
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class Falt extends LinearLearner {
  private FaltConfig config;
  private final double minusEta;

  /** FALT for {@code numLabels} labels with {@code settings} of {@link FaltSpec} (made by {@link FaltSpec#create}). */
  Falt(Settings settings, int numLabels) {
    super(settings, numLabels);
    this.config = FaltConfig.of(settings, numLabels);
    this.minusEta = -(double) config.eta();
  }

  @Override
  protected void labelsGrown(int numLabels) {
    config = FaltConfig.of(settings(), numLabels); // an M factor resolves against the new L
  }

  @Override
  public FaltConfig config() {
    return config;
  }

  @Override
  public int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return AltLoss.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void step(SparseVector x, double[] coeff) {
    weights().addOuter(x, minusEta, coeff);
  }
}
