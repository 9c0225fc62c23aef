package org.altml.core.linear;

/**
 * Hyperparameters shared by every linear learner: M, the maximum number of update steps per example
 * (SPEC.md, "M learning times"). Implemented by the immutable config records
 * ({@link FaltConfig}, {@link SaltConfig}, {@code PaConfig}).
 */
public interface LearnerConfig {
  /** M ≥ 1: at most this many inner update steps per example, stopping early at zero loss. */
  int maxUpdatesPerExample();

  /**
   * Converts the paper's M factor {@code m} (searched in [2^-3, 2^2]) into M = max(1, ceil(m·L))
   * (SPEC.md).
   *
   * @throws IllegalArgumentException if {@code m} is not positive and finite, {@code numLabels < 1},
   *     or M would exceed {@link Integer#MAX_VALUE}
   */
  static int maxUpdatesFromFactor(double m, int numLabels) {
    if (!(m > 0) || !Double.isFinite(m)) {
      throw new IllegalArgumentException("M factor m must be positive and finite: " + m);
    }
    if (numLabels < 1) {
      throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
    }
    double updates = Math.ceil(m * numLabels);
    if (updates > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("M = ceil(" + m + "·" + numLabels + ") exceeds " + Integer.MAX_VALUE);
    }
    return Math.max(1, (int) updates);
  }

  /** Checks M ≥ 1, naming the parameter and value. */
  static void checkMaxUpdates(int maxUpdatesPerExample) {
    if (maxUpdatesPerExample < 1) {
      throw new IllegalArgumentException("maxUpdatesPerExample (M) must be >= 1: " + maxUpdatesPerExample);
    }
  }

  /** Checks {@code value > 0} and finite, naming the parameter and value. */
  static void checkPositive(String name, float value) {
    if (!(value > 0f) || !Float.isFinite(value)) {
      throw new IllegalArgumentException(name + " must be positive and finite: " + value);
    }
  }
}
