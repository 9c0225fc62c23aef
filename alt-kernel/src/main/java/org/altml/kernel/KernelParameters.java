package org.altml.kernel;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * The kernel parameters of alt-kernel's learner kinds, defined once so that every kind taking them (kernel
 * FALT and PA, the random-feature maps) means one thing by each name and shows one command-line option. The
 * budget's parameters are {@link org.altml.kernel.budget.BudgetParameters}, beside the policies they name.
 */
public final class KernelParameters {
  private KernelParameters() {}

  /**
   * σ², the RBF width (the paper writes δ², docs/spec.md#rbf-kernel): option
   * {@code --sigma2}, default 1, the paper's grid 2^[-10..10].
   */
  public static final Parameter<Double> SIGMA2 = CommonParameters.SIGMA2;

  /**
   * Refuses a σ² that float mode cannot hold, when {@code settings} are at {@code precision=float}: float mode divides
   * by 2σ² rounded to float (a kernel learner) or draws Ω with entries of about 1/σ as floats (random Fourier
   * features), so 2σ² must be a finite, normal float. Otherwise 1e-300 would divide by 0 (a NaN K(x, x)) and 1e300
   * make every kernel value 1, or the map's rows infinite.
   *
   * @throws IllegalArgumentException naming the parameter and the range
   */
  public static void checkFloatSigma2(Settings settings) {
    if (settings.spec().hasParameter(org.altml.core.learner.CommonParameters.PRECISION.name())
        && org.altml.core.learner.CommonParameters.precision(settings) == org.altml.core.learner.Precision.FLOAT) {
      checkFloatSigma2(settings.get(SIGMA2));
    }
  }

  /** {@link #checkFloatSigma2(Settings)} for a σ² known to be used in float. */
  public static void checkFloatSigma2(double sigma2) {
    float twice = (float) (2 * sigma2);
    if (!(twice >= Float.MIN_NORMAL) || Float.isInfinite(twice)) {
      throw new IllegalArgumentException("sigma2 (σ²) must be within a float's range with precision=float (about 5.9e-39"
          + " to 1.7e38, so that 2σ² is a normal float): " + sigma2 + "; give such a σ², or precision=double");
    }
  }
}
