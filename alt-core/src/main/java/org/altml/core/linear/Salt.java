package org.altml.core.linear;

import java.io.IOException;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Second-order adaptive label thresholding, SALT (paper, section 3.2, Algorithm 3): adaptive mirror
 * descent on f_t with H = δI + diag(s), s = √(Σ g²) per element of W (the sum including the current
 * step), up to M steps per example (docs/spec.md#salt). Per element, with g = x_f·c_j:
 * G² += g², w −= η·g/(δ + √G²) ({@link WeightMatrix#adaptiveStep}). The accumulator G² is a second
 * matrix of W's shape and precision ({@link #accumulator()}), saved with the model.
 *
 * <p>Single-threaded; see {@link LinearLearner}.
 */
public final class Salt extends LinearLearner {
  private SaltConfig config;
  private final WeightMatrix acc;
  private final double eta;
  private final double delta;

  /** SALT for {@code numLabels} labels with {@code settings} of {@link SaltSpec} (made by {@link SaltSpec#create}). */
  Salt(Settings settings, int numLabels) {
    super(settings, numLabels);
    this.config = SaltConfig.of(settings, numLabels);
    this.acc = new WeightMatrix(numLabels + 1, 0, precision(), hasBias());
    this.eta = config.eta();
    this.delta = config.delta();
  }

  /** G² grows a zero column per new label, as W (docs/spec.md#open-labels). */
  @Override
  protected void growExtraState(int width) {
    acc.growWidth(width);
  }

  @Override
  protected void labelsGrown(int numLabels) {
    config = SaltConfig.of(settings(), numLabels); // an M factor resolves against the new L
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

  /** The accumulated squared gradients G² (live, same shape, precision and bias row as {@link #weights()}). */
  public WeightMatrix accumulator() {
    return acc;
  }

  @Override
  public long ramBytesUsed() {
    return super.ramBytesUsed() + acc.ramBytesUsed();
  }

  @Override
  public int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return AltLoss.coefficients(scores, y, numLabels(), coeff);
  }

  @Override
  protected void step(SparseVector x, double[] coeff) {
    weights().adaptiveStep(x, coeff, eta, delta, acc);
  }

  @Override
  protected boolean extraStateFinite() {
    return acc.allFinite();
  }

  /**
   * The mean of the models' G², as W: the averaged model then takes the steps a worker took (each worker's
   * G² holds about 1/p of the squared-gradient mass a sequential learner would have), and when the average is
   * mixed back into the workers round after round, G² does not grow p-fold per round as a sum would.
   */
  @Override
  protected void averageExtraState(java.util.List<LinearLearner> models) {
    java.util.List<WeightMatrix> accs = new java.util.ArrayList<>();
    for (LinearLearner m : models) {
      accs.add(((Salt) m).acc);
    }
    averageInto(accs, acc);
  }

  @Override
  protected void writeExtraState(StateOutput out) throws IOException {
    acc.write(out);
  }

  @Override
  protected void readExtraState(StateInput in) throws IOException {
    acc.read(in);
    if (acc.numRows() != weights().numRows()) {
      throw in.corrupt("the accumulator has " + acc.numRows() + " rows, W " + weights().numRows());
    }
  }
}
