package org.altml.kernel.budget;

import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * The budget parameters of alt-kernel's learner kinds ({@code budget}, {@code budgetPolicy}, {@code mergePartners}),
 * defined once beside the policies they choose, so that every kind taking them means one thing by each name and
 * shows one command-line option. They live here, not in {@link org.altml.kernel.KernelParameters}, because the
 * policy parameter's choices are {@link BudgetPolicies#names()}: the kernel package then needs nothing of this one.
 */
public final class BudgetParameters {
  private BudgetParameters() {}

  /** B, the most support vectors a kernel learner keeps (0: no limit, the paper's algorithm): {@code --budget}. */
  public static final Parameter<Integer> BUDGET = Parameter.integer("budget", "B",
      "keep at most B support vectors (0 = no limit, as in the paper); needs budgetPolicy", 0, 0, Integer.MAX_VALUE);

  /** How a budgeted learner gets back to B ({@link BudgetPolicies}): {@code --budget-policy}, default none. */
  public static final Parameter<String> BUDGET_POLICY = Parameter.choice("budgetPolicy",
      "how to get back to budget B: remove the oldest, a random or the smallest-||α|| support vector, or merge two (BSGD)",
      BudgetPolicies.NONE, BudgetPolicies.names());

  /**
   * P, for {@code merge}: search only the P partners of largest K(x_m, x_n) (ties: the older first) instead
   * of every support vector ({@code --merge-partners}, default 0 = every partner, the rule of docs/spec.md#budget-merge),
   * which allows this as a documented speed option: the partners that lose least are near x_m.
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
    if (partners > 0 && !MergePolicy.NAME.equals(policy)) {
      throw new IllegalArgumentException("mergePartners " + partners + " is for budgetPolicy merge only, not " + policy);
    }
  }
}
