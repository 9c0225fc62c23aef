package org.altml.python;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * The learner's own time per example, for bench_altml.py (compiled by it, never shipped): the same rows as the Python
 * loop, made into vectors and label sets before the clock starts, then {@code update} (or {@code predict}) called in a
 * Java loop on the learner of a PyLearner, so the time has no Python, JPype or packing in it. Each returns {wall
 * seconds, this thread's CPU seconds}.
 */
public final class OwnTime {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private OwnTime() {}

  /** The times of {@code update} over rows [from, to) of the CSR arrays, in order. */
  public static double[] updates(PyLearner p, int[] indptr, int[] indices, float[] data, int[] yPtr, int[] yIds, int from,
      int to) {
    SparseVector[] xs = rows(indptr, indices, data, from, to);
    LabelSet[] ys = new LabelSet[to - from];
    for (int i = from; i < to; i++) {
      ys[i - from] = LabelSet.of(java.util.Arrays.copyOfRange(yIds, yPtr[i], yPtr[i + 1]));
    }
    OnlineMultiLabelLearner learner = p.learner();
    FeatureScaler scaler = p.scaler();
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    for (int k = 0; k < xs.length; k++) {
      learner.update(scaler.transform(xs[k]), ys[k]);
    }
    return times(start, cpu);
  }

  /** The times of {@code predict} (the scores, the threshold, the predicted ids) over rows [from, to). */
  public static double[] predicts(PyLearner p, int[] indptr, int[] indices, float[] data, int from, int to) {
    SparseVector[] xs = rows(indptr, indices, data, from, to);
    OnlineMultiLabelLearner learner = p.learner();
    FeatureScaler scaler = p.scaler();
    Scores scores = new Scores(learner.numLabels());
    int[] predicted = new int[learner.numLabels()];
    long sink = 0;
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    for (SparseVector x : xs) {
      learner.predict(scaler.transform(x), scores);
      sink += scores.predicted(predicted);
    }
    double[] times = times(start, cpu);
    times[0] += sink < 0 ? 1 : 0; // keeps the predictions from being optimized away
    return times;
  }

  /**
   * The times of {@code PyLearner.predictPacked} over rows [from, to), each row first written into {@code buffer} as
   * Python packs it: the Java side of predict_one, without Python and JPype.
   */
  public static double[] packedPredicts(PyLearner p, java.nio.ByteBuffer buffer, int[] indptr, int[] indices,
      float[] data, int from, int to) {
    java.nio.ByteBuffer b = buffer.order(java.nio.ByteOrder.LITTLE_ENDIAN);
    long sink = 0;
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    for (int i = from; i < to; i++) {
      int n = indptr[i + 1] - indptr[i];
      for (int k = 0; k < n; k++) {
        b.putInt(4 * k, indices[indptr[i] + k]);
        b.putFloat(4 * (n + k), data[indptr[i] + k]);
      }
      sink += p.predictPacked(b, n);
    }
    double[] times = times(start, cpu);
    times[0] += sink < 0 ? 1 : 0;
    return times;
  }

  private static double[] times(long start, long cpu) {
    long wall = System.nanoTime() - start;
    return new double[] {wall * 1e-9, (THREADS.getCurrentThreadCpuTime() - cpu) * 1e-9};
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
