package org.altml.core.linear;

import java.util.Objects;
import org.altml.core.learner.Precision;

/**
 * Options applied to every linear learner alike (SPEC.md, "No bias term unless an option adds a
 * constant feature (then for every learner alike)").
 *
 * @param bias append a constant feature 1 to every example. Its L+1 weights live in a dedicated bias
 *     row, separate from the d feature rows, so it never collides with a feature index; every rule
 *     (scores, gradients, SALT's accumulator, PA's ||x||², which becomes ||x||² + 1) treats it as one
 *     more feature of x. Off by default, as in the paper.
 * @param precision storage precision of the weights and of the learning decisions; {@link
 *     Precision#DOUBLE} by default (matches a float64 implementation of SPEC.md), {@link Precision#FLOAT}
 *     is the fast option
 */
public record LearnerOptions(boolean bias, Precision precision) {
  /** Checks the precision is given. */
  public LearnerOptions {
    Objects.requireNonNull(precision, "precision");
  }

  /** The defaults: no bias feature, double precision. */
  public static LearnerOptions defaults() {
    return new LearnerOptions(false, Precision.DOUBLE);
  }

  /** A copy with {@code bias} replaced. */
  public LearnerOptions withBias(boolean bias) {
    return new LearnerOptions(bias, precision);
  }

  /** A copy with {@code precision} replaced. */
  public LearnerOptions withPrecision(Precision precision) {
    return new LearnerOptions(bias, precision);
  }
}
