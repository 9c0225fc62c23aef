package org.altml.core.linear;

/**
 * Options applied to every linear learner alike (SPEC.md, "No bias term unless an option adds a
 * constant feature (then for every learner alike)").
 *
 * @param bias append a constant feature 1 to every example. Its L+1 weights live in a dedicated bias
 *     row, separate from the d feature rows, so it never collides with a feature index; every rule
 *     (scores, gradients, SALT's accumulator, PA's ||x||², which becomes ||x||² + 1) treats it as one
 *     more feature of x. Off by default, as in the paper.
 */
public record LearnerOptions(boolean bias) {
  /** The defaults: no bias feature. */
  public static LearnerOptions defaults() {
    return new LearnerOptions(false);
  }

  /** A copy with {@code bias} replaced. */
  public LearnerOptions withBias(boolean bias) {
    return new LearnerOptions(bias);
  }
}
