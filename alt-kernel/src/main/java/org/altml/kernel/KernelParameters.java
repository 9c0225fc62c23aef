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
  public static final Parameter<Double> SIGMA2 = Parameter.positiveDouble("sigma2", "σ²",
      "RBF width σ² > 0 of K(x, x') = exp(-||x - x'||² / (2σ²)) (the paper's δ²)", 1.0,
      CommonParameters.powersOfTwoD(-10, 10));

  /** B, the most support vectors a kernel learner keeps (0: no limit, the paper's algorithm): {@code --budget}. */
  public static final Parameter<Integer> BUDGET = Parameter.integer("budget", "B",
      "keep at most B support vectors (0 = no limit, as in the paper); needs budgetPolicy", 0, 0, Integer.MAX_VALUE);

  /** How a budgeted learner gets back to B ({@link BudgetPolicies}): {@code --budget-policy}, default none. */
  public static final Parameter<String> BUDGET_POLICY = Parameter.choice("budgetPolicy",
      "how to get back to budget B: remove the oldest, a random or the smallest-||α|| support vector, or merge two (BSGD)",
      BudgetPolicies.NONE, BudgetPolicies.names());

  /**
   * Refuses a budget without a policy, and a policy without a budget.
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
  }
}
