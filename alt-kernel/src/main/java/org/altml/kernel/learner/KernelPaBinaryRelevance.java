package org.altml.kernel.learner;

import org.altml.core.baseline.PaConfig;
import org.altml.core.baseline.PaLoss;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;

/**
 * Kernel PA-I / PA-II binary relevance (docs/spec.md#kernel-pa): per label,
 * y_i = ±1, ℓ_i = max(0, 1 − y_i·s_i), τ_i from {@link PaLoss} with ||x||² replaced by K(x, x), and one
 * step per round: α_new,i = τ_i·y_i, appended as a support vector with L coefficients when some τ_i ≠ 0.
 * Label i is predicted when s_i &gt; 0 (the threshold score stays 0). Single-threaded; see
 * {@link KernelLearner}.
 */
public final class KernelPaBinaryRelevance extends KernelLearner {
  private final KernelPaSpec spec;
  private final Settings settings;
  private final PaLoss loss;

  /** Kernel PA with {@code settings} of {@code spec} for {@code context}. */
  KernelPaBinaryRelevance(KernelPaSpec spec, Settings settings, LearnerContext context) {
    super(settings, context, context.numLabels(), 1, CommonParameters.precision(settings));
    this.spec = spec;
    this.settings = settings;
    this.loss = new PaLoss(spec.variant(), settings.get(CommonParameters.C));
  }

  @Override
  public LearnerSpec spec() {
    return spec;
  }

  @Override
  public Settings settings() {
    return settings;
  }

  /** PA-I or PA-II. */
  public PaConfig.Variant variant() {
    return spec.variant();
  }

  @Override
  protected void beginRound(double selfKernel) {
    loss.begin(selfKernel);
  }

  @Override
  public int coefficients(double[] scores, LabelSet y, double[] coeff) {
    return loss.coefficients(scores, y, numLabels(), coeff);
  }

  /** α_new,i = τ_i·y_i (one step per round). */
  @Override
  public void step(double[] coeff) {
    System.arraycopy(coeff, 0, alphaNew, 0, numLabels());
  }

  /** Never called: one step per round. */
  @Override
  public void rescore(double[] previous, double[] coeff, double[] out) {
    throw new IllegalStateException("kernel PA takes one step per round");
  }
}
