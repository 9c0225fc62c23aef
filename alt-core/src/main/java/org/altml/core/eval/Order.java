package org.altml.core.eval;

/** Order of the single training pass of {@link TrainThenTest}. */
public enum Order {
  /** The stored (file) order. */
  FILE,
  /** A uniform random permutation seeded by the protocol's seed ({@link org.altml.sparse.data.Dataset#permutation(long)}). */
  SHUFFLE
}
