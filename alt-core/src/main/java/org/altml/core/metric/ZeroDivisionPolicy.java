package org.altml.core.metric;

/**
 * What a ratio 0/0 is worth in the metrics that divide by a set size or a count: example-based
 * precision (|Ŷ| = 0), recall (|Y| = 0) and Jaccard accuracy (|Y ∪ Ŷ| = 0), and per-label or pooled F1
 * (2tp + fp + fn = 0). One policy applies to all metrics of a suite; it is chosen at construction.
 *
 * <p>Ranking metrics do not use it: an example whose ranking denominator is zero is left out of that
 * metric's average and counted (see {@link Measure}).
 */
public enum ZeroDivisionPolicy {
  /**
   * The policy of docs/spec.md#zero-division, the default: 0/0 is 1 when both sets it compares are empty (an empty prediction
   * for an empty truth is perfect; a label never present and never predicted has F1 = 1), and 0
   * otherwise (an empty prediction for a non-empty truth has precision 0).
   */
  SPEC,
  /** Every 0/0 is 0, even when both compared sets are empty (scikit-learn's {@code zero_division=0}). */
  ZERO,
  /** Every 0/0 is 1, even when only one compared set is empty (scikit-learn's {@code zero_division=1}). */
  ONE;

  /** The policy used when none is given: {@link #SPEC}. */
  public static ZeroDivisionPolicy defaults() {
    return SPEC;
  }

  /**
   * The policy named {@code name}, case-insensitively ({@code spec}, {@code zero}, {@code one}): the command line's and
   * the Flink job's {@code --zero-division}.
   *
   * @throws IllegalArgumentException "must be spec, zero or one: NAME", with the nearest name, for another name
   */
  public static ZeroDivisionPolicy parse(String name) {
    for (ZeroDivisionPolicy p : values()) {
      if (p.name().equalsIgnoreCase(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException("must be spec, zero or one: " + name
        + org.altml.core.learner.NameSuggestion.didYouMean(name, java.util.List.of("spec", "zero", "one")));
  }

  /**
   * Value of a ratio whose numerator and denominator are both 0.
   *
   * @param bothEmpty whether both sets the ratio compares are empty
   */
  public double zeroOverZero(boolean bothEmpty) {
    return switch (this) {
      case SPEC -> bothEmpty ? 1.0 : 0.0;
      case ZERO -> 0.0;
      case ONE -> 1.0;
    };
  }
}
