package org.altml.core.learner;

/**
 * Storage precision of a linear learner's weights (and SALT's accumulator), and the precision of every
 * learning decision made from them.
 *
 * <p>FALT's hinge dynamics are chaotic: a margin decided at exactly {@code < 1} one way in float32 and the
 * other way in float64 sends the two runs on different trajectories, so float32 weights can end up a few
 * points of F1 away from a float64 implementation of docs/spec.md on long runs with M &gt; 1 or the bias option.
 * {@link #DOUBLE} is therefore the default: it matches a float64 implementation. {@link #FLOAT} halves the
 * memory traffic of the weight rows and is the fast option (what the speed comparison with the float C
 * yardstick uses). Scores handed to callers ({@link org.altml.core.learner.Scores}) are float either way.
 */
public enum Precision {
  /** float32 weights, scores and learning decisions: half the memory traffic, the fast option. */
  FLOAT,
  /**
   * float64 weights (and SALT accumulator); scores, margins, losses and coefficients in double; only the
   * scores given to the caller are rounded to float. Faithful to the float64 rules of docs/spec.md#precision. The default.
   */
  DOUBLE
}
