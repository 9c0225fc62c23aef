package org.altml.bench.peers;

import org.altml.core.learner.Scores;
import org.altml.sparse.data.Dataset;

/**
 * One system of the comparison. {@link #prepare} converts the data into the system's own format and is
 * never timed; {@link #train} and {@link #predict} are the timed parts.
 */
public interface PeerSystem {
  /** Row label in the results table. */
  String name();

  /** The settings used, for the table notes. */
  String settings();

  /**
   * Converts {@code train} (to be visited in {@code order}) and {@code test} into the system's format.
   * Called once, before any clock starts.
   */
  void prepare(Dataset train, int[] order, Dataset test) throws Exception;

  /**
   * Builds a fresh model and trains it on the prepared training examples in the prepared order (one
   * pass or one epoch). Online systems stop when {@code System.nanoTime()} passes {@code deadline}.
   *
   * @return the number of training examples consumed (all of them unless the deadline stopped it)
   */
  int train(long deadline) throws Exception;

  /**
   * Predicts the prepared test examples with the model of the last {@link #train}, writing each one's
   * label scores and a threshold score into {@code out[i]} such that the labels scoring strictly above
   * the threshold are exactly the system's own predicted set (so one {@code EvaluationSuite} scores
   * every system); stops when {@code System.nanoTime()} passes {@code deadline}.
   *
   * @return the number of test examples predicted
   */
  int predict(Scores[] out, long deadline) throws Exception;

  /**
   * Number of test examples of the last {@link #predict} whose native predicted set (as the library
   * returns it) differs from the set its {@link Scores} imply, e.g. by float rounding at a tie with the
   * threshold; 0 for systems that only expose scores.
   */
  default long disagreements() {
    return 0;
  }

  /** Frees the model and converted data. */
  default void close() {}
}
