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
 */
public record TuningResult(Grid grid, Tuner.Config config, List<Candidate> candidates, int chosen, int evaluations,
    int computed, int reused) {
  /** Copies the list. */
  public TuningResult {
    candidates = List.copyOf(candidates);
  }

  /**
   * One setting with its cross-validated means.
   *
   * @param gridIndex position in the grid ({@link Grid#coordinates})
   * @param settings the settings
   * @param means fold means of the seven metrics, in {@link Selection#PAPER_MEASURES} order
   * @param score the selection's score (Copeland count, or the metric)
   */
  public record Candidate(int gridIndex, Settings settings, double[] means, double score) {}

  /** The selected settings. */
  public Settings selected() {
    return candidates.get(chosen).settings();
  }

  /** The selected candidate. */
  public Candidate best() {
    return candidates.get(chosen);
  }
}
