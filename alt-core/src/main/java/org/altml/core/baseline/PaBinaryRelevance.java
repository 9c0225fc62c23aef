package org.altml.core.baseline;

import org.altml.core.linear.LearnerOptions;
import org.altml.core.linear.LinearLearner;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Passive-aggressive binary relevance, PA-I or PA-II (SPEC.md): one independent PA classifier per
 * label. With y_i = +1 for i ∈ Y and −1 otherwise, ℓ_i = max(0, 1 − y_i·w_i·x),
 * PA-I τ_i = min(C, ℓ_i/||x||²), PA-II τ_i = ℓ_i/(||x||² + 1/(2C)), and w_i ← w_i + τ_i·y_i·x, done for
 * all labels at once as one {@link VectorMath#addSparseOuter} with coefficients τ_i·y_i. Label i is
 * predicted when w_i·x &gt; 0: the threshold lane of W keeps coefficient 0, so the threshold score
 * stays 0. Up to M steps per example, stopping when every ℓ_i = 0. With the bias option, ||x||²
 * includes the constant feature's 1.
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class PaBinaryRelevance extends LinearLearner {
  private final PaConfig config;
  private final boolean pa1;
  private final float c;
  private final double halfInvC;
  private float squaredNorm;
  private float pa2Denominator;
  private double squaredNormDouble;
  private double pa2DenominatorDouble;

  /** PA binary relevance for {@code numLabels} labels without bias. */
  public PaBinaryRelevance(int numLabels, PaConfig config) {
    this(numLabels, config, LearnerOptions.defaults());
  }

  /** PA binary relevance for {@code numLabels} labels with the given options. */
  public PaBinaryRelevance(int numLabels, PaConfig config, LearnerOptions options) {
    super(numLabels, config, options);
    this.config = config;
    this.pa1 = config.variant() == PaConfig.Variant.PA1;
    this.c = config.c();
    this.halfInvC = 1.0 / (2.0 * config.c());
  }

  /** {@code "pa1"} or {@code "pa2"}. */
  @Override
  public String name() {
    return pa1 ? "pa1" : "pa2";
  }

  @Override
  public PaConfig config() {
    return config;
  }

  @Override
  protected void beginRound(SparseVector x) {
    double n2 = x.squaredNorm() + (hasBias() ? 1.0 : 0.0);
    squaredNorm = (float) n2;
    pa2Denominator = (float) (n2 + halfInvC);
    squaredNormDouble = n2;
    pa2DenominatorDouble = n2 + halfInvC;
  }

  @Override
  protected int coefficients(float[] scores, LabelSet y, float[] coeff) {
    final int L = numLabels();
    if (squaredNorm == 0f) {
      return 0; // ||x||² underflows: x·w is 0 and the update would be 0 too
    }
    final int[] ya = y.array();
    int p = y.offset();
    final int end = p + y.size();
    int next = p < end ? ya[p] : L;
    int violated = 0;
    float probe = scores[L] * 0f; // stays 0 unless some score is NaN or infinite
    for (int i = 0; i < L; i++) {
      float si = scores[i];
      probe += si * 0f;
      float yi;
      if (i == next) {
        yi = 1f;
        next = ++p < end ? ya[p] : L;
      } else {
        yi = -1f;
      }
      float loss = 1f - yi * si;
      if (loss > 0f) {
        violated++;
        float tau = pa1 ? Math.min(c, loss / squaredNorm) : loss / pa2Denominator;
        coeff[i] = tau * yi;
      } else {
        coeff[i] = 0f;
      }
    }
    coeff[L] = 0f; // the threshold stays at 0
    return probe == 0f ? violated : -1;
  }

  @Override
  protected void applyStep(SparseVector x, float[] coeff) {
    int stride = stride();
    VectorMath.addSparseOuter(x, 1f, coeff, rows(), stride, stride);
    if (hasBias()) {
      VectorMath.addSparseOuter(BIAS_FEATURE, 1f, coeff, biasWeights(), stride, stride);
    }
  }

  /** {@link #coefficients(float[], LabelSet, float[])} in double: ℓ_i, τ_i and ||x||² in double. */
  @Override
  protected int coefficients(double[] scores, LabelSet y, double[] coeff) {
    final int L = numLabels();
    if (squaredNormDouble == 0.0) {
      return 0; // ||x||² underflows: x·w is 0 and the update would be 0 too
    }
    final double cc = c;
    final int[] ya = y.array();
    int p = y.offset();
    final int end = p + y.size();
    int next = p < end ? ya[p] : L;
    int violated = 0;
    double probe = scores[L] * 0.0; // stays 0 unless some score is NaN or infinite
    for (int i = 0; i < L; i++) {
      double si = scores[i];
      probe += si * 0.0;
      double yi;
      if (i == next) {
        yi = 1.0;
        next = ++p < end ? ya[p] : L;
      } else {
        yi = -1.0;
      }
      double loss = 1.0 - yi * si;
      if (loss > 0.0) {
        violated++;
        double tau = pa1 ? Math.min(cc, loss / squaredNormDouble) : loss / pa2DenominatorDouble;
        coeff[i] = tau * yi;
      } else {
        coeff[i] = 0.0;
      }
    }
    coeff[L] = 0.0; // the threshold stays at 0
    return probe == 0.0 ? violated : -1;
  }

  @Override
  protected void applyStep(SparseVector x, double[] coeff) {
    int stride = stride();
    VectorMath.addSparseOuter(x, 1.0, coeff, rowsDouble(), stride, stride);
    if (hasBias()) {
      VectorMath.addSparseOuter(BIAS_FEATURE, 1.0, coeff, biasWeightsDouble(), stride, stride);
    }
  }
}
