package org.altml.kernel.learner;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.linear.AltLoss;
import org.altml.sparse.LabelSet;

/**
 * Kernelized FALT, FALT(k) (paper, section 5; docs/spec.md#kernel-falt): FALT's gradient step taken in
 * the RBF feature space. The gradient of coefficient row i is c_i·φ(x_t), with c the ALT loss's coefficients
 * ({@link AltLoss}), so each step is α_new ← α_new − η·c and s ← s − η·c·K(x_t, x_t); the round's α_new,
 * the paper's τ terms, becomes one new support vector with L+1 coefficients. Label i is predicted when
 * s_i &gt; s_{L+1}. Single-threaded; see {@link KernelLearner}.
 */
public final class KernelFalt extends KernelLearner {
  private final Settings settings;
  private final double eta;

  /** FALT(k) with {@code settings} of {@link KernelFaltSpec} for {@code context}. */
  KernelFalt(Settings settings, LearnerContext context) {
    this(settings, context, CommonParameters.maxUpdates(settings, context.numLabels()));
  }

  private KernelFalt(Settings settings, LearnerContext context, int maxUpdates) {
    super(settings, context, context.numLabels() + 1, maxUpdates, CommonParameters.precision(settings));
    this.eta = settings.get(CommonParameters.ETA);
    this.settings = settings; // as given: an M factor stays a factor, maxUpdates() is the M it resolved to
  }

  @Override
  public LearnerSpec spec() {
    return KernelFaltSpec.INSTANCE;
  }

  @Override
  public Settings settings() {
    return settings;
  }

  /** An M factor resolved against the grown L (docs/spec.md#open-labels); a fixed M stays. */
  @Override
  protected int maxUpdatesFor(int numLabels) {
    return CommonParameters.maxUpdates(settings, numLabels);
  }

  /** η as a double (the float parameter widened). */
  public double eta() {
    return eta;
  }

  @Override
  public int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return AltLoss.coefficients(scores, y, numLabels(), coeff);
  }

  /** α_new ← α_new − η·c over the L+1 lanes. */
  @Override
  public void step(double[] coeff) {
    double[] a = alphaNew;
    for (int j = 0; j <= numLabels(); j++) {
      a[j] -= eta * coeff[j];
    }
  }

  /** s ← s − η·c·K(x_t, x_t): the new support vector's contribution to its own scores. */
  @Override
  public void rescore(double[] previous, double[] coeff, double[] out) {
    double self = currentSelfKernel();
    for (int j = 0; j <= numLabels(); j++) {
      out[j] = previous[j] - eta * coeff[j] * self;
    }
  }
}
