package org.altml.kernel;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.kernel.budget.BudgetPolicies;

/**
 * The parameters of alt-kernel's learner kinds, defined once so that every kind taking them (kernel
 * FALT and PA, the random-feature maps) means one thing by each name and shows one command-line option.
 */
public final class KernelParameters {
  private KernelParameters() {}

  /**
   * σ², the RBF width (the paper writes δ², SPEC.md calls it {@code sigmaSquared}): option
   * {@code --sigma2}, default 1, the paper's grid 2^[-10..10].
   */
  public static final Parameter<Double> SIGMA2 = CommonParameters.SIGMA2;

  /** B, the most support vectors a kernel learner keeps (0: no limit, the paper's algorithm): {@code --budget}. */
  public static final Parameter<Integer> BUDGET = Parameter.integer("budget", "B",
      "keep at most B support vectors (0 = no limit, as in the paper); needs budgetPolicy", 0, 0, Integer.MAX_VALUE);

  /** How a budgeted learner gets back to B ({@link BudgetPolicies}): {@code --budget-policy}, default none. */
  public static final Parameter<String> BUDGET_POLICY = Parameter.choice("budgetPolicy",
      "how to get back to budget B: remove the oldest, a random or the smallest-||α|| support vector, or merge two (BSGD)",
      BudgetPolicies.NONE, BudgetPolicies.names());

  /**
   * P, for {@code merge}: search only the P partners of largest K(x_m, x_n) (ties: the older first) instead
   * of every support vector ({@code --merge-partners}, default 0 = every partner, SPEC.md's rule). SPEC.md
   * allows this as a documented speed option: the partners that lose least are near x_m.
   */
  public static final Parameter<Integer> MERGE_PARTNERS = Parameter.integer("mergePartners", "P",
      "merge only: search the P partners nearest in the kernel (largest K) instead of all (0 = all, the exact rule)", 0, 0,
      Integer.MAX_VALUE);

  /** The budget a JIT warm-up uses at most: small enough that its budget maintenance (and merging) runs at once. */
  static final int WARMUP_BUDGET = 256;

  /**
   * A kernel learner's {@code LearnerSpec.warmupSettings}: a budget of at most {@value #WARMUP_BUDGET}, so that
   * the throwaway learner of a JIT warm-up reaches its budget policy (the same code, smaller loops) within the
   * warm-up; unbudgeted settings unchanged.
   */
  public static Settings warmupSettings(Settings settings) {
    int budget = settings.get(BUDGET);
    return budget > WARMUP_BUDGET ? settings.with(BUDGET.name(), WARMUP_BUDGET) : settings;
  }

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

  /**
   * Refuses a budget without a policy, a policy without a budget, and merge partners without merging.
   *
   * @throws IllegalArgumentException naming both parameters
   */
  public static void checkBudget(Settings settings) {
    int budget = settings.get(BUDGET);
    String policy = settings.get(BUDGET_POLICY);
    if (budget > 0 && BudgetPolicies.NONE.equals(policy)) {
      throw new IllegalArgumentException("budget " + budget + " needs a budgetPolicy ("
          + String.join(", ", BudgetPolicies.names().subList(1, BudgetPolicies.names().size())) + ")");
    }
    if (budget == 0 && !BudgetPolicies.NONE.equals(policy)) {
      throw new IllegalArgumentException("budgetPolicy " + policy + " needs a budget > 0 (budget 0 means no limit)");
    }
    int partners = settings.get(MERGE_PARTNERS);
    if (partners > 0 && !org.altml.kernel.budget.MergePolicy.NAME.equals(policy)) {
      throw new IllegalArgumentException("mergePartners " + partners + " is for budgetPolicy merge only, not " + policy);
    }
  }
}
