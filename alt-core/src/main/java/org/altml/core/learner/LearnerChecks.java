package org.altml.core.learner;

import org.altml.sparse.LabelSet;

/**
 * The argument checks every learner kind makes on its calls, worded once: a {@link Scores} of the learner's
 * L and labels inside [0, L).
 */
public final class LearnerChecks {
  private LearnerChecks() {}

  /**
   * @throws IllegalArgumentException if {@code out} is not sized for {@code numLabels} labels
   */
  public static void scores(Scores out, int numLabels) {
    if (out.numLabels() != numLabels) {
      throw new IllegalArgumentException("Scores has " + out.numLabels() + " labels, learner has " + numLabels);
    }
  }

  /**
   * @throws IllegalArgumentException if {@code y} holds a label outside [0, numLabels)
   */
  public static void labels(LabelSet y, int numLabels) {
    if (y.maxLabel() >= numLabels) {
      throw new IllegalArgumentException("label " + y.maxLabel() + " outside [0, " + numLabels + ")");
    }
  }
}
