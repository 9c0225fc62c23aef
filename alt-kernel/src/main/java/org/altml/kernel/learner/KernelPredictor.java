package org.altml.kernel.learner;

import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.kernel.cache.GramCursor;
import org.altml.kernel.store.KernelRow;
import org.altml.sparse.SparseVector;

/**
 * A kernel learner's {@link KernelLearner#predictor()}: predictions over the learner's live store with scratch of
 * its own (a kernel row, a Gram cache cursor, block scratch), so that other threads predict while nobody trains.
 */
final class KernelPredictor implements Predictor {
  private final KernelLearner learner;
  private final KernelRow own = new KernelRow();
  private final GramCursor cursor;
  private double[] d;
  private final BlockScratch ownBlock = new BlockScratch();

  /** A predictor of {@code learner} reading its Gram cache through {@code cursor} (null: no cache). */
  KernelPredictor(KernelLearner learner, GramCursor cursor) {
    this.learner = learner;
    this.cursor = cursor;
    this.d = new double[learner.scoreStride];
  }

  @Override
  public void predict(SparseVector x, Scores out) {
    predict(OnlineMultiLabelLearner.NO_ID, x, out);
  }

  @Override
  public void predict(long id, SparseVector x, Scores out) {
    learner.checkUsable();
    learner.checkScores(out);
    if (d.length < learner.scoreStride) {
      d = new double[learner.scoreStride]; // the learner's labels grew since this predictor was made
    }
    learner.scores(id, x, own, cursor, d, false);
    learner.roundPrediction(d, out);
  }

  @Override
  public void predict(ExampleBlock block, Scores[] out) {
    learner.checkUsable();
    if (cursor != null && learner.cachedBlock(block, cursor)) {
      for (int k = 0; k < block.size(); k++) {
        predict(block.id(k), block.features(k), out[k]);
      }
      return;
    }
    learner.predictBlock(block, out, ownBlock);
  }

  /** Each block streams the whole store (features and coefficient rows) once: larger blocks, fewer passes. */
  @Override
  public int preferredBlockSize() {
    return KernelLearner.TEST_BLOCK;
  }
}
