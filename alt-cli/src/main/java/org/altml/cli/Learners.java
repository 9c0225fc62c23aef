package org.altml.cli;

import org.altml.core.learner.DivergenceException;
import org.altml.core.linear.LinearLearner;
import org.altml.core.learner.Precision;
import org.altml.core.linear.Salt;

/** Checks on trained learners shared by the commands that train. */
final class Learners {
  private Learners() {}

  /**
   * Throws unless every weight of {@code learner} (W, the bias row and, for SALT, the accumulator) is
   * finite. The learners already stop at the first non-finite score; this scan makes sure nothing
   * non-finite slipped into a row that no score has read yet.
   *
   * @throws DivergenceException naming the learner, its settings and the examples seen
   */
  static void checkFinite(LinearLearner learner) {
    boolean finite = learner.weights().allFinite() && biasFinite(learner)
        && (!(learner instanceof Salt s) || (s.accumulator().allFinite() && biasAccumulatorFinite(s)));
    if (!finite) {
      throw new DivergenceException(learner.examplesSeen(), LearnerSettings.describe(learner)
          + " ended training with a non-finite weight after " + learner.examplesSeen()
          + " examples; the model is unusable (try a smaller eta or --scale l2)");
    }
  }

  private static boolean biasFinite(LinearLearner learner) {
    for (int j = 0; j <= learner.numLabels(); j++) {
      if (!Double.isFinite(learner.biasWeight(j))) {
        return false;
      }
    }
    return true;
  }

  private static boolean biasAccumulatorFinite(Salt s) {
    if (s.precision() == Precision.DOUBLE) {
      for (double v : s.biasAccumulatorDouble()) {
        if (!Double.isFinite(v)) {
          return false;
        }
      }
      return true;
    }
    return finite(s.biasAccumulator());
  }

  private static boolean finite(float[] a) {
    for (float v : a) {
      if (!Float.isFinite(v)) {
        return false;
      }
    }
    return true;
  }
}
