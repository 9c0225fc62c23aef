package org.altml.kernel.budget;

import org.altml.kernel.store.SupportVectorStore;

/** {@code oldest}: removes the support vector appended earliest (the head of the store's age list), in O(1). */
public final class OldestPolicy implements BudgetPolicy {
  /** The policy's name. */
  public static final String NAME = "oldest";

  /** The policy (stateless). */
  public OldestPolicy() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void shrink(SupportVectorStore store) {
    if (store.size() == 0) {
      throw new IllegalStateException("nothing to remove: the store is empty");
    }
    store.remove(store.oldest());
  }
}
