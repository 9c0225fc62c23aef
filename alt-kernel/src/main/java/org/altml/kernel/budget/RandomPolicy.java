package org.altml.kernel.budget;

import java.io.IOException;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.kernel.store.SupportVectorStore;

/**
 * {@code random}: removes a support vector chosen uniformly among the store's slots with a generator
 * seeded from the learner's seed. The generator is SplitMix64 (Steele, Lea and Flood 2014, the generator
 * behind {@link java.util.SplittableRandom}) written out here so that its one {@code long} of state is saved
 * with the model and a loaded learner draws exactly what the original would have.
 */
public final class RandomPolicy implements BudgetPolicy {
  /** The policy's name. */
  public static final String NAME = "random";

  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private long state;

  /** A policy whose generator starts from {@code seed}. */
  public RandomPolicy(long seed) {
    this.state = mix(seed ^ 0x6a09e667f3bcc909L); // decorrelate from other uses of the learner's seed
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void shrink(SupportVectorStore store) {
    if (store.size() == 0) {
      throw new IllegalStateException("nothing to remove: the store is empty");
    }
    store.remove(nextInt(store.size()));
  }

  /** A uniform int in [0, bound), unbiased (rejection on the top of the 63-bit range). */
  int nextInt(int bound) {
    long u = nextLong() >>> 1;
    long r;
    while (u + (bound - 1) - (r = u % bound) < 0) {
      u = nextLong() >>> 1;
    }
    return (int) r;
  }

  private long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** The generator's state. */
  public long state() {
    return state;
  }

  @Override
  public void writeState(StateOutput out) throws IOException {
    out.writeLong(state);
  }

  @Override
  public void readState(StateInput in) throws IOException {
    state = in.readLong();
  }
}
