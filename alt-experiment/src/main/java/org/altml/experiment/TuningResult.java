package org.altml.experiment;

import java.util.List;
import org.altml.core.learner.Settings;

/**
 * What a {@link Tuner} found.
 *
 * @param grid the grid searched
 * @param config the tuning settings
 * @param candidates every setting evaluated on all k folds (the ones selection chose among), in grid order
 * @param chosen position of the selected setting in {@code candidates}
 * @param evaluations fold runs behind the result (computed and reused)
 * @param computed fold runs computed in this call
 * @param reused fold runs taken from the store
 * @param heldOut for each fold, the positions (0-based, in the training set's order) of the examples it holds out;
 *     a fold trains on every other example
 */
public record TuningResult(Grid grid, Tuner.Config config, List<Candidate> candidates, int chosen, int evaluations,
    int computed, int reused, int[][] heldOut) {
  /** Copies the list. */
  public TuningResult {
    candidates = List.copyOf(candidates);
  }

  /**
   * One setting with its cross-validated means.
   *
   * @param gridIndex position in the grid ({@link Grid#coordinates})
   * @param settings the settings
   * @param means fold means of the seven metrics, in {@link Selection#PAPER_MEASURES} order (each over the folds where
   *     it is defined)
   * @param score the selection's score (Copeland count, or the metric)
   * @param folds the seven metrics of each fold ({@code folds[f][m]}, NaN where a metric is undefined on a fold), the
   *     values behind {@code means}: paired tests between settings compare them fold by fold
   */
  public record Candidate(int gridIndex, Settings settings, double[] means, double score, double[][] folds) {}

  /** The selected settings. */
  public Settings selected() {
    return candidates.get(chosen).settings();
  }

  /** The selected candidate. */
  public Candidate best() {
    return candidates.get(chosen);
  }
}
