package org.altml.kernel.budget;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.kernel.Kernel;

/**
 * The budget policies by name ({@code --budget-policy}): {@value #NONE} (no budget, the paper's algorithm),
 * then {@code oldest}, {@code random}, {@code smallest} and {@code merge} (SPEC.md, "Kernelized FALT").
 * Adding a policy means writing its class and one line in {@link #FACTORIES}; the learners and their
 * parameter's choices follow.
 */
public final class BudgetPolicies {
  /** The name of "no budget": the store grows without bound. */
  public static final String NONE = "none";

  /** Builds a policy for a learner's kernel and seed. */
  @FunctionalInterface
  public interface Factory {
    /**
     * A fresh policy.
     *
     * @param kernel the learner's kernel
     * @param seed the learner's seed (its {@link org.altml.core.learner.LearnerContext#seed()})
     * @throws IllegalArgumentException if the policy cannot work with {@code kernel}
     */
    BudgetPolicy create(Kernel kernel, long seed);
  }

  private static final Map<String, Factory> FACTORIES;

  static {
    Map<String, Factory> f = new LinkedHashMap<>();
    f.put(OldestPolicy.NAME, (kernel, seed) -> new OldestPolicy());
    f.put(RandomPolicy.NAME, (kernel, seed) -> new RandomPolicy(seed));
    f.put(SmallestPolicy.NAME, (kernel, seed) -> new SmallestPolicy());
    f.put(MergePolicy.NAME, (kernel, seed) -> new MergePolicy(kernel));
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
    if (NONE.equals(name)) {
      return null;
    }
    Factory f = FACTORIES.get(name);
    if (f == null) {
      throw new IllegalArgumentException("no budget policy called '" + name + "' (known: " + String.join(", ", names()) + ")");
    }
    return f.create(kernel, seed);
  }
}
