package org.altml.core.learner;

import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * An online multi-label learner: at each round it predicts label scores for x, then learns from the
 * true label set Y (paper, Algorithm 1).
 *
 * <p>{@link #predict} cannot see labels, so label leakage is impossible by construction. Learners are
 * single-threaded: {@link #update} must not run concurrently with anything; {@link #predict} on a model
 * that is no longer updated may run from many threads, each with its own {@link Scores}. To start over,
 * build a new learner.
 */
public interface OnlineMultiLabelLearner {
  /** Number of labels L. */
  int numLabels();

  /**
   * Writes the L label scores and the threshold score of {@code x} into {@code out}; never changes the
   * model. Features beyond those seen in training contribute nothing.
   */
  void predict(SparseVector x, Scores out);

  /** One online round of learning on {@code (x, y)}: up to M inner update steps. */
  void update(SparseVector x, LabelSet y);

  /** Predicts {@code x} into {@code out} with the current model, then learns from {@code (x, y)}. */
  default void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
    predict(x, out);
    update(x, y);
  }
}
