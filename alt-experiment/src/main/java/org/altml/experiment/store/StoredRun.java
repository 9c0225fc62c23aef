package org.altml.experiment.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One finished evaluation as the results store keeps it: a cross-validation fold of a tuning run
 * ({@code kind = "fold"}) or one of the R train-then-test runs ({@code kind = "run"}). Everything needed to
 * recompute it is here: the learner's settings in text form, the seed, the scaling, the data's hash.
 *
 * @param key what identifies the evaluation (dataset hash, settings key, protocol, fold or seed): the
 *     store's primary key, so a resumed experiment finds what it has already computed
 * @param kind {@code "fold"} or {@code "run"}
 * @param dataset the dataset's name in the experiment
 * @param data hash of the data's content (training, and test for runs: {@code Experiment.hash}), so changed data is
 *     never confused with the old
 * @param learner the learner kind's name
 * @param settings every parameter's text value ({@link org.altml.core.learner.Settings#asText()})
 * @param seed the run seed ({@code alt evaluate --seed}) for a run; the cross-validation seed for a fold
 * @param index the run number (0 .. R-1) or the fold number (0 .. k-1)
 * @param folds k for a fold, 0 for a run
 * @param scaling the feature scaling's command-line name
 * @param metrics every metric's value (fractions; NaN for an average over no example), in report order
 * @param trainSeconds learning time of the pass
 * @param testSeconds prediction time on the test set or held-out fold
 * @param runKey the run record's key ({@link org.altml.core.eval.RunRecord#key()}), "" for folds
 */
public record StoredRun(
    String key,
    String kind,
    String dataset,
    String data,
    String learner,
    Map<String, String> settings,
    long seed,
    int index,
    int folds,
    String scaling,
    Map<String, Double> metrics,
    double trainSeconds,
    double testSeconds,
    String runKey) {
  /** Copies the maps, keeping their order. */
  public StoredRun {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(kind, "kind");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
  }

  /** The value of the metric {@code name}, NaN when absent. */
  public double metric(String name) {
    Double v = metrics.get(name);
    return v == null ? Double.NaN : v;
  }
}
