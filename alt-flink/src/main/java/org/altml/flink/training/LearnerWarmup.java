package org.altml.flink.training;

import java.util.SplittableRandom;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Warms the JIT up for a learning operator before its first record: a throwaway learner of the same setup predicts and
 * learns seeded synthetic examples for a fixed time, and is dropped. The learners' SIMD kernels use the Vector API,
 * which is fast only once C2 has compiled it: without this a serving job met its first thousands of records some ten
 * times slower than later and fell seconds behind a live stream at its start. Results are unchanged: the throwaway
 * learner shares nothing with the real one, and the kernels give the same bits in every JIT tier.
 */
public final class LearnerWarmup {
  private static final int EXAMPLES = 256;
  private static final int NNZ = 64;
  private static final int CHECK_EVERY = 128;
  /** d of the synthetic examples when the setup does not declare one. */
  private static final int UNKNOWN_FEATURES = 4096;

  private LearnerWarmup() {}

  /**
   * Runs a throwaway learner of {@code setup} on synthetic examples for {@code nanos}.
   *
   * @return how many examples it learned
   */
  public static long run(LearnerSetup setup, long nanos) {
    int l = setup.numLabels();
    int d = setup.numFeatures() > 0 ? setup.numFeatures() : UNKNOWN_FEATURES;
    OnlineMultiLabelLearner learner = setup.create(0);
    SplittableRandom random = new SplittableRandom(0x5EEDL);
    SparseVector[] xs = new SparseVector[EXAMPLES];
    LabelSet[] ys = new LabelSet[EXAMPLES];
    int nnz = Math.min(NNZ, d);
    for (int i = 0; i < EXAMPLES; i++) {
      int[] indices = random.ints(0, d).distinct().limit(nnz).sorted().toArray();
      float[] values = new float[indices.length];
      for (int k = 0; k < values.length; k++) {
        values[k] = (float) random.nextDouble();
      }
      xs[i] = SparseVector.of(indices, values);
      int first = random.nextInt(l);
      ys[i] = l > 1 ? LabelSet.of(Math.min(first, (first + 1) % l), Math.max(first, (first + 1) % l)) : LabelSet.of(0);
    }
    Scores scores = new Scores(l);
    long start = System.nanoTime();
    long n = 0;
    try {
      do {
        for (int i = 0; i < CHECK_EVERY; i++, n++) {
          learner.predictThenUpdate(xs[(int) (n % EXAMPLES)], ys[(int) (n % EXAMPLES)], scores);
        }
      } while (System.nanoTime() - start < nanos);
    } catch (RuntimeException e) {
      // a throwaway learner that diverged on random examples has warmed up what it could: the real one is untouched
    }
    return n;
  }
}
