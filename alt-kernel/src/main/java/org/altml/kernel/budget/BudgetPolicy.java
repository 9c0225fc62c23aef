package org.altml.kernel.budget;

import java.io.IOException;
import org.altml.core.learner.RoundThreads;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.kernel.store.SupportVectorStore;

/**
 * How a budgeted kernel learner gets back to its budget B (docs/spec.md#budget): after a round
 * appends a support vector and the store holds more than B, the learner calls {@link #shrink} until it
 * holds B. A policy is a small strategy object, created by name through {@link BudgetPolicies}, so a new
 * policy is a new class and one line there; the learners never name one.
 *
 * <p>A policy may keep state (a random generator): {@link #writeState} and {@link #readState} save it
 * with the model, so that a loaded learner continues exactly. Called by its learner's thread only.
 */
public interface BudgetPolicy {
  /** The name users give ({@code --budget-policy NAME}). */
  String name();

  /**
   * Makes the store one support vector smaller: removes one, or replaces two by one.
   *
   * @throws IllegalStateException if the store is empty (or, for policies that merge, holds only one)
   */
  void shrink(SupportVectorStore store);

  /**
   * {@link #shrink(SupportVectorStore)} right after a round appended the vector in the store's newest slot
   * ({@code store.size() − 1}), with that round's kernel row: {@code newestExponents[k]} = u_k, K(x_new, x_k) =
   * exp(u_k) = exp(−||x_new − x_k||²/(2σ²)) for every slot k &lt; size − 1 ({@link
   * org.altml.kernel.RbfKernel#exponentFromDot}, each dot product summed in ascending feature order as the round's
   * row sums it), or null. A policy that needs distances from that vector may take them from here instead of
   * computing them; the default ignores them.
   */
  default void shrink(SupportVectorStore store, double[] newestExponents) {
    shrink(store);
  }

  /**
   * Whether {@link #shrink(SupportVectorStore, double[])} uses the round's exponents (false by default): a
   * learner keeps them only for a policy that does.
   */
  default boolean usesNewestExponents() {
    return false;
  }

  /**
   * The threads the policy may use inside {@link #shrink} (the learner's {@link
   * org.altml.core.learner.LearnerContext#threads()}); ignored by default. The store must come out the same
   * whatever the threads.
   */
  default void useThreads(RoundThreads threads) {}

  /** Kernel evaluations this policy has made (merging computes kernel rows); 0 for most. */
  default long kernelEvaluations() {
    return 0;
  }

  /** Writes the policy's state (nothing by default). */
  default void writeState(StateOutput out) throws IOException {}

  /** Reads what {@link #writeState} wrote (nothing by default). */
  default void readState(StateInput in) throws IOException {}

  /** Approximate bytes of heap held (scratch included). */
  default long ramBytesUsed() {
    return 16;
  }
}
