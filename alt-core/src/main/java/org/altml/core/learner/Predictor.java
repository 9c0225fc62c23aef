package org.altml.core.learner;

import org.altml.sparse.SparseVector;

/**
 * Prediction with a learner's current model and scratch of its own ({@link
 * OnlineMultiLabelLearner#predictor()}): thread-confined, so each thread of a parallel test pass has one,
 * and nothing is allocated per example. Never changes the model.
 */
public interface Predictor {
  /**
   * Writes the L label scores and the threshold score of {@code x} into {@code out}.
   *
   * @throws DivergenceException when a score is not finite
   */
  void predict(SparseVector x, Scores out);

  /** {@link #predict(SparseVector, Scores)} of the example with id {@code id} (its position in its dataset). */
  default void predict(long id, SparseVector x, Scores out) {
    predict(x, out);
  }

  /**
   * {@code out[k]} receives the scores of {@code block}'s example k, bit for bit those of the one-example
   * call whatever the block (so a test pass split across threads in any blocks gives the same report). By
   * default one example at a time.
   */
  default void predict(ExampleBlock block, Scores[] out) {
    for (int k = 0; k < block.size(); k++) {
      predict(block.id(k), block.features(k), out[k]);
    }
  }

  /**
   * The labels {@link #predict(ExampleBlock, Scores[])} predicts for each example of {@code block}: those whose
   * score, as written to its {@link Scores}, beats the threshold score ({@link Scores#predicted}), ascending into
   * {@code labels[k]} (room for L each), how many into {@code counts[k]}. Always those labels; a predictor may
   * find them without computing every score exactly. By default: the scores into {@code scratch}, then
   * {@link Scores#predicted}.
   *
   * @throws DivergenceException when a score is not finite
   */
  default void predictLabels(ExampleBlock block, Scores[] scratch, int[][] labels, int[] counts) {
    predict(block, scratch);
    for (int k = 0; k < block.size(); k++) {
      counts[k] = scratch[k].predicted(labels[k]);
    }
  }

  /**
   * {@link #predictLabels(ExampleBlock, Scores[], int[][], int[])} of one example: its labels into {@code out}
   * (room for L), returning how many; by default {@link #predict(SparseVector, Scores)} into {@code scratch}, then
   * {@link Scores#predicted}.
   */
  default int predictLabels(SparseVector x, Scores scratch, int[] out) {
    predict(x, scratch);
    return scratch.predicted(out);
  }

  /**
   * Scores of {@code block}'s examples for the metrics against their true labels ({@link ExampleBlock#labels}):
   * values that compare as {@link #predict(ExampleBlock, Scores[])}'s do in every comparison the metrics make
   * ({@link org.altml.core.metric.EvaluationSuite}: each label's score against the threshold score, {@code >},
   * and every label's score against each true label's, {@code >=}, ties included), so every metric is the same;
   * the values themselves may differ from predict's. A predictor may then decide most comparisons without
   * computing every score exactly. By default predict's scores.
   *
   * @throws DivergenceException when a score is not finite
   */
  default void predictForMetrics(ExampleBlock block, Scores[] out) {
    predict(block, out);
  }

  /**
   * How many examples a test pass should hand {@link #predict(ExampleBlock, Scores[])} at a time:
   * {@link ExampleBlock#DEFAULT_CAPACITY} by default. A predictor whose block scoring makes one pass over a
   * large model per block (a kernel learner's support vectors) asks for larger blocks to stream the model
   * fewer times; results do not depend on it.
   */
  default int preferredBlockSize() {
    return ExampleBlock.DEFAULT_CAPACITY;
  }
}
