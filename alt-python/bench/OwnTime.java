package org.altml.python;

import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * The learner's own time per example, for bench_altml.py (compiled by it, never shipped): the same rows as the Python
 * loop, made into vectors and label sets before the clock starts, then {@code update} (or {@code predict}) called in a
 * Java loop on the learner of a PyLearner, so the time has no Python, JPype or packing in it.
 */
public final class OwnTime {
  private OwnTime() {}

  /** Seconds of {@code update} over rows [from, to) of the CSR arrays, in order. */
  public static double updates(PyLearner p, int[] indptr, int[] indices, float[] data, int[] yPtr, int[] yIds, int from,
      int to) {
    SparseVector[] xs = rows(indptr, indices, data, from, to);
    LabelSet[] ys = new LabelSet[to - from];
    for (int i = from; i < to; i++) {
      ys[i - from] = LabelSet.of(java.util.Arrays.copyOfRange(yIds, yPtr[i], yPtr[i + 1]));
    }
    OnlineMultiLabelLearner learner = p.learner();
    FeatureScaler scaler = p.scaler();
    long start = System.nanoTime();
    for (int k = 0; k < xs.length; k++) {
      learner.update(scaler.transform(xs[k]), ys[k]);
    }
    return (System.nanoTime() - start) * 1e-9;
  }

  /** Seconds of {@code predict} (the scores and the threshold) over rows [from, to). */
  public static double predicts(PyLearner p, int[] indptr, int[] indices, float[] data, int from, int to) {
    SparseVector[] xs = rows(indptr, indices, data, from, to);
    OnlineMultiLabelLearner learner = p.learner();
    FeatureScaler scaler = p.scaler();
    Scores scores = new Scores(learner.numLabels());
    int[] predicted = new int[learner.numLabels()];
    long sink = 0;
    long start = System.nanoTime();
    for (SparseVector x : xs) {
      learner.predict(scaler.transform(x), scores);
      sink += scores.predicted(predicted);
    }
    double seconds = (System.nanoTime() - start) * 1e-9;
    return sink < 0 ? -seconds : seconds;
  }

  private static SparseVector[] rows(int[] indptr, int[] indices, float[] data, int from, int to) {
    SparseVector[] xs = new SparseVector[to - from];
    for (int i = from; i < to; i++) {
      xs[i - from] = SparseVector.of(java.util.Arrays.copyOfRange(indices, indptr[i], indptr[i + 1]),
          java.util.Arrays.copyOfRange(data, indptr[i], indptr[i + 1]));
    }
    return xs;
  }
}
