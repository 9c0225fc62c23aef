package org.altml.core.linear;

import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * First-order adaptive label thresholding, FALT (paper, section 3.1, Algorithm 1 with eq. rule):
 * online gradient descent on the ALT loss f_t, W ← W − η·∇f_t(W), up to M steps per example
 * (SPEC.md). Each step is one scores kernel, one pass over the L+1 lanes for the coefficients and the
 * loss, and one {@link VectorMath#addSparseOuter} over the rows x touches: row_f −= η·x_f·c.
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class Falt extends LinearLearner {
  private final FaltConfig config;
  private final float minusEta;
  private final double minusEtaDouble;

  /** FALT for {@code numLabels} labels without bias. */
  public Falt(int numLabels, FaltConfig config) {
    this(numLabels, config, LearnerOptions.defaults());
  }

  /** FALT for {@code numLabels} labels with the given options. */
  public Falt(int numLabels, FaltConfig config, LearnerOptions options) {
    super(numLabels, config, options);
    this.config = config;
    this.minusEta = -config.eta();
    this.minusEtaDouble = -(double) config.eta();
  }

  /** {@code "falt"}. */
  @Override
  public String name() {
    return "falt";
  }

  @Override
  public FaltConfig config() {
    return config;
  }

  @Override
  protected int coefficients(float[] scores, LabelSet y, float[] coeff) {
    return AltGradient.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void applyStep(SparseVector x, float[] coeff) {
    int stride = stride();
    VectorMath.addSparseOuter(x, minusEta, coeff, rows(), stride, stride);
    if (hasBias()) {
      VectorMath.addSparseOuter(BIAS_FEATURE, minusEta, coeff, biasWeights(), stride, stride);
    }
  }

  @Override
  protected int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return AltGradient.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void applyStep(SparseVector x, double[] coeff) {
    int stride = stride();
    VectorMath.addSparseOuter(x, minusEtaDouble, coeff, rowsDouble(), stride, stride);
    if (hasBias()) {
      VectorMath.addSparseOuter(BIAS_FEATURE, minusEtaDouble, coeff, biasWeightsDouble(), stride, stride);
    }
  }
}
