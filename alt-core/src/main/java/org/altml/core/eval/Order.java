package org.altml.core.eval;

/** Order of the single training pass of {@link TrainThenTest}. */
public enum Order {
  /** The stored (file) order. */
  FILE,
  /** A uniform random permutation seeded by the protocol's seed ({@link org.altml.sparse.data.Dataset#permutation(long)}). */
  SHUFFLE;

  /** The name on the command line and in run records: {@code file} or {@code shuffle}. */
  public String cliName() {
    return this == FILE ? "file" : "shuffle";
  }
}
