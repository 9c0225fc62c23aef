package org.altml.kernel.learner;

import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.MemoryCheck;

/**
 * A kernel learner's labels growing mid-stream (docs/spec.md#open-labels): the store's coefficient rows widen (each
 * stored vector's new lanes zero, FALT(k)'s threshold lane moved to the new lane L; in place until the rows outgrow
 * their stride, which then doubles: one copy per doubling), and everything sized by L follows: the round's scratch, the
 * block pass's stride (a block's scratch and a {@link KernelPredictor}'s resize on their next use) and M, when an M
 * factor resolves against L (docs/spec.md#m-factor). Between rounds only.
 */
final class LabelGrowth {
  private LabelGrowth() {}

  /** Grows {@code l} to {@code numLabels} labels; the same L is a no-op. */
  static void grow(KernelLearner l, int numLabels) {
    if (OnlineMultiLabelLearner.labelsToAdd(l, numLabels) == 0) {
      return;
    }
    int extra = l.store.width() - l.numLabels; // 1: FALT(k)'s threshold lane, 0: binary relevance
    int maxUpdates = l.maxUpdatesFor(numLabels); // refuses an M past 2^31 - 1 before anything changes
    int stride = Math.max(Scores.paddedLength(numLabels + 1), l.store.grownStrideOf(numLabels + extra));
    if (stride > l.scores.length) {
      MemoryCheck.require(32L * stride, "the scratch of " + numLabels + " labels", "check the number of labels");
    }
    l.store.growWidth(numLabels + extra, extra == 1);
    l.numLabels = numLabels;
    l.maxUpdates = maxUpdates;
    l.scoreStride = stride;
    if (stride > l.scores.length) {
      l.scores = new double[stride];
      l.stepScores = new double[stride];
      l.coeff = new double[stride];
      l.alphaNew = new double[stride];
    }
    l.blockPass.scoreStride(stride);
  }
}
