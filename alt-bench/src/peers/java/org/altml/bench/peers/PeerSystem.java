package org.altml.bench.peers;

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

  /** Whether {@link #predict} fills real scores (otherwise ranking loss is reported as n/a). */
  default boolean hasScores() {
    return true;
  }

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
   * Predicts the prepared test examples with the model of the last {@link #train}, writing predicted
   * sets and scores; stops when {@code System.nanoTime()} passes {@code deadline}.
   *
   * @return the number of test examples predicted
   */
  int predict(boolean[][] predicted, float[][] scores, long deadline) throws Exception;

  /** Frees the model and converted data. */
  default void close() {}
}
