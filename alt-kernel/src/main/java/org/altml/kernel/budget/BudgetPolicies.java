package org.altml.kernel.budget;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.learner.Settings;
import org.altml.kernel.Kernel;

/**
 * The budget policies by name ({@code --budget-policy}): {@value #NONE} (no budget, the paper's algorithm),
 * then {@code oldest}, {@code random}, {@code smallest} and {@code merge} (docs/spec.md#budget).
 * Adding a policy means writing its class and one line in {@link #FACTORIES}; the learners and their
 * parameter's choices follow.
 */
public final class BudgetPolicies {
  /** The name of "no budget": the store grows without bound. */
  public static final String NONE = "none";

  /** Builds a policy for a learner's kernel, seed and settings. */
  @FunctionalInterface
  public interface Factory {
    /**
     * A fresh policy.
     *
     * @param kernel the learner's kernel
     * @param seed the learner's seed (its {@link org.altml.core.learner.LearnerContext#seed()})
     * @param settings the learner's settings, for a policy's own parameters (null: their defaults)
     * @throws IllegalArgumentException if the policy cannot work with {@code kernel}
     */
    BudgetPolicy create(Kernel kernel, long seed, Settings settings);
  }

  private static final Map<String, Factory> FACTORIES;

  static {
    Map<String, Factory> f = new LinkedHashMap<>();
    f.put(OldestPolicy.NAME, (kernel, seed, settings) -> new OldestPolicy());
    f.put(RandomPolicy.NAME, (kernel, seed, settings) -> new RandomPolicy(seed));
    f.put(SmallestPolicy.NAME, (kernel, seed, settings) -> new SmallestPolicy());
    f.put(MergePolicy.NAME, (kernel, seed, settings) ->
        new MergePolicy(kernel, (settings == null ? BudgetParameters.MERGE_PARTNERS.defaultValue() : settings.get(BudgetParameters.MERGE_PARTNERS))));
    FACTORIES = Collections.unmodifiableMap(f);
  }

  private BudgetPolicies() {}

  /** Every name, {@value #NONE} first. */
  public static List<String> names() {
    List<String> names = new ArrayList<>();
    names.add(NONE);
    names.addAll(FACTORIES.keySet());
    return List.copyOf(names);
  }

  /**
   * The policy called {@code name} for {@code kernel} and {@code seed}; null for {@value #NONE}.
   *
   * @throws IllegalArgumentException for an unknown name, or a policy that does not fit the kernel
   */
  public static BudgetPolicy create(String name, Kernel kernel, long seed) {
    return create(name, kernel, seed, null);
  }

  /**
   * The policy called {@code name} for {@code kernel}, {@code seed} and a learner's {@code settings} (its
   * policy parameters, e.g. {@link BudgetParameters#MERGE_PARTNERS}); null for {@value #NONE}.
   *
   * @throws IllegalArgumentException for an unknown name, or a policy that does not fit the kernel
   */
  public static BudgetPolicy create(String name, Kernel kernel, long seed, Settings settings) {
    if (NONE.equals(name)) {
      return null;
    }
    Factory f = FACTORIES.get(name);
    if (f == null) {
      throw new IllegalArgumentException("no budget policy called '" + name + "' (known: " + String.join(", ", names()) + ")");
    }
    return f.create(kernel, seed, settings);
  }
}
