package org.altml.core.linear;

import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Second-order adaptive label thresholding, SALT (paper, section 3.2, Algorithm 3): adaptive mirror
 * descent on f_t with H = δI + diag(s), s = √(Σ g²) per element of W (the sum including the current
 * step), up to M steps per example (SPEC.md). Per element, with g = x_f·c_j:
 * G² += g², w −= η·g/(δ + √G²), through {@link VectorMath#adaptiveStep}. The accumulator G² is a
 * second matrix of W's shape ({@link #accumulator()}).
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class Salt extends LinearLearner {
  private final SaltConfig config;
  private final WeightMatrix acc;
  private final float[] biasAcc;
  private float touched; // sink of touch(): keeps its loads
  private final double[] biasAccDouble;

  /** SALT for {@code numLabels} labels without bias. */
  public Salt(int numLabels, SaltConfig config) {
    this(numLabels, config, LearnerOptions.defaults());
  }

  /** SALT for {@code numLabels} labels with the given options. */
  public Salt(int numLabels, SaltConfig config, LearnerOptions options) {
    super(numLabels, config, options);
    this.config = config;
    this.acc = new WeightMatrix(numLabels + 1, 0, options.precision());
    this.biasAcc = new float[stride()];
    this.biasAccDouble = options.precision() == Precision.DOUBLE ? new double[stride()] : null;
  }

  /** {@code "salt"}. */
  @Override
  public String name() {
    return "salt";
  }

  @Override
  public SaltConfig config() {
    return config;
  }

  /** Grows W and the accumulator G² together (they always have the same shape and capacity). */
  @Override
  public void ensureFeatures(int numFeatures) {
    super.ensureFeatures(numFeatures);
    acc.ensureRows(numFeatures);
  }

  /** The accumulated squared gradients G² (live, same shape and precision as {@link #weights()}). */
  public WeightMatrix accumulator() {
    return acc;
  }

  /**
   * The bias row's accumulated squared gradients (live; zero when the bias option is off).
   *
   * @throws IllegalStateException in {@link Precision#DOUBLE} mode (use {@link #biasAccumulatorDouble()})
   */
  public float[] biasAccumulator() {
    if (biasAccDouble != null) {
      throw new IllegalStateException("the accumulator is stored in double: use biasAccumulatorDouble()");
    }
    return biasAcc;
  }

  /**
   * Reads one float per 64-byte line of every accumulator row x touches, before the step. The rows of W
   * are in cache (the scores just read them) but G² rows are not; these loads are independent, so their
   * misses overlap, whereas inside the step each miss heads a chain through sqrt and divide that holds
   * the out-of-order window and serialises the misses. Changes nothing; the sum only keeps the loads.
   */
  private void touch(SparseVector x, float[] g2, int stride) {
    int[] idx = x.indices();
    float s = 0f;
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      int base = idx[k] * stride;
      for (int j = 0; j < stride; j += 16) {
        s += g2[base + j];
      }
    }
    touched = s;
  }

  /**
   * The bias row's accumulated squared gradients in {@link Precision#DOUBLE} mode (live).
   *
   * @throws IllegalStateException in {@link Precision#FLOAT} mode (use {@link #biasAccumulator()})
   */
  public double[] biasAccumulatorDouble() {
    if (biasAccDouble == null) {
      throw new IllegalStateException("the accumulator is stored in float: use biasAccumulator()");
    }
    return biasAccDouble;
  }

  @Override
  protected int coefficients(float[] scores, LabelSet y, float[] coeff) {
    return AltGradient.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void applyStep(SparseVector x, float[] coeff) {
    int stride = stride();
    float eta = config.eta();
    float delta = config.delta();
    float[] g2 = acc.rows();
    touch(x, g2, stride);
    VectorMath.adaptiveStep(x, coeff, eta, delta, rows(), g2, stride, stride);
    if (hasBias()) {
      VectorMath.adaptiveStep(BIAS_FEATURE, coeff, eta, delta, biasWeights(), biasAcc, stride, stride);
    }
  }

  @Override
  protected int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return AltGradient.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void applyStep(SparseVector x, double[] coeff) {
    int stride = stride();
    double eta = config.eta();
    double delta = config.delta();
    VectorMath.adaptiveStep(x, coeff, eta, delta, rowsDouble(), acc.rowsDouble(), stride, stride);
    if (hasBias()) {
      VectorMath.adaptiveStep(BIAS_FEATURE, coeff, eta, delta, biasWeightsDouble(), biasAccDouble, stride, stride);
    }
  }
}
