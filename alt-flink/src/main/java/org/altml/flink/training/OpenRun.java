package org.altml.flink.training;

import java.util.List;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.OpenSpec;
import org.altml.sparse.open.FeatureHashing;

/**
 * When an {@code alt flink} job's models are open (docs/spec.md#open-streams), and what an open job refuses: L not
 * given and no ARFF input (an ARFF header declares L) makes the models open.
 */
public final class OpenRun {
  private OpenRun() {}

  /** Whether a job of {@code --num-labels numLabels} (0: not given) over {@code inputs} has open models. */
  public static boolean isOpen(int numLabels, List<String> inputs) {
    return numLabels <= 0 && inputs.stream().noneMatch(DataSpec::isArff);
  }

  /**
   * The open spec of a run, after the checks: data-parallel training refused (each worker's labels would get ids in the
   * order it meets them, so the workers' models cannot be averaged), the options of a fixed shape refused, the hash bits
   * in range, and the learner kind one that grows its labels.
   *
   * @param parallel whether the run is {@code --mode parallel}
   * @param hashBits {@code --hash-bits}, or null
   * @throws IllegalArgumentException saying the problem and the fix
   */
  public static OpenSpec check(boolean parallel, DataSpec data, Integer hashBits, LearnerSetup setup) {
    if (parallel) {
      throw new IllegalArgumentException("--mode parallel needs --num-labels L: without it each worker's model is open, its"
          + " labels numbered in the order that worker meets them, so the workers' models cannot be averaged; give"
          + " --num-labels L, or --mode keyed for one open model per key");
    }
    if (data.numFeatures() > 0) {
      throw new IllegalArgumentException("--num-features is for a model of fixed shape (with --num-labels L): an open model's"
          + " features grow with the records");
    }
    if (hashBits != null && (hashBits < FeatureHashing.MIN_BITS || hashBits > FeatureHashing.MAX_BITS)) {
      throw new IllegalArgumentException("--hash-bits must be between " + FeatureHashing.MIN_BITS + " and "
          + FeatureHashing.MAX_BITS + ", not " + hashBits);
    }
    try {
      setup.createOpen(0);
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw new IllegalArgumentException(e.getMessage() + " (a job without --num-labels has open models: give --num-labels L,"
          + " or a kind that grows its labels)", e);
    }
    return OpenSpec.of(data.format(), data.zeroBased(), hashBits == null ? 0 : hashBits);
  }
}
