package org.altml.core.eval;

import java.util.Objects;
import java.util.SplittableRandom;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * Warms the JIT up for one learner setting on a spare core while the caller does something else (reads the
 * test file), so that a one-pass run starts on compiled code.
 *
 * <p>Why: the learners' SIMD kernels use the Vector API, which is fast only once C2 has compiled it; in the
 * interpreter and in C1 code every vector operation is a boxed object, so the first few thousand examples of
 * a run cost 30-500 µs each instead of 2 µs. On the RCV1-shaped stream that is 0.6-1.2 s of a 1-2 s training
 * pass. A throwaway learner of the same settings and number of labels L (the kernels' code paths depend on L)
 * trains and predicts on synthetic examples, and a throwaway {@link EvaluationSuite} scores them, until
 * {@link #close()}; the hot methods are then compiled for the real pass.
 *
 * <p>Results are unchanged: the throwaway learner shares nothing with the real one (its own context, no
 * {@link SharedResources}, a fixed seed), and the warm-up changes only when the JIT compiles, which the
 * learners' SIMD kernels do not depend on: they are lane-wise and bit-identical to the scalar specification
 * in every tier (the lane reductions of {@code VectorMath.dot}, whose order may differ between interpreted
 * and compiled code, serve no learner). The
 * warm-up is best effort: a learner that refuses the synthetic data (for instance one whose initial block
 * needs more examples) simply stops warming. It runs on one daemon thread and stops after {@code maxNanos}
 * on its own. It does not start on a heap more than half full, and drops a throwaway learner that holds more
 * than a sixteenth of the heap ({@link OnlineMultiLabelLearner#ramBytesUsed()}), checked before every block.
 */
public final class JitWarmup implements AutoCloseable {
  /** Rows of the throwaway learner's feature space: small, so its model stays in cache. */
  private static final int FEATURES = 4096;
  /** The training-set size the throwaway learner is told (learners with an initial block size it from this). */
  private static final long TRAINING_SIZE = 4096;
  /**
   * Most non-zeros per synthetic example: the interpreted and C1 code a warm-up runs first costs in proportion
   * to them, and the JIT's thresholds count calls and loop iterations, so short examples reach the compiled code
   * sooner; 16 still takes the kernels' unrolled paths.
   */
  private static final int MAX_NNZ = 16;
  /**
   * Widest dense shape warmed up as dense: data whose examples fill at least half of at most this many
   * features gets dense synthetic examples of the same width, because learners choose code paths by density
   * (a kernel learner's support-vector store keeps dense rows and scores blocks by matrix products).
   */
  static final int MAX_DENSE_FEATURES = 2048;
  /**
   * Every this many blocks the warm-up scores through frozen predictors, the test pass's path. A fresh set each
   * time (the model changes between blocks), and a set may copy the model (a double linear W's float copy: at 4,
   * the warm-up of a 300,000-example evaluate allocated 848 MB of copies), so not often.
   */
  private static final int FROZEN_EVERY = 32;

  private final Thread thread;
  private volatile boolean stop;
  private volatile long examples;
  private volatile Throwable failure;

  private JitWarmup(Settings settings, int numLabels, int nnz, int denseFeatures, long maxNanos) {
    this.thread = new Thread(() -> run(settings, numLabels, nnz, denseFeatures, maxNanos), "alt-jit-warmup");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
  }

  /**
   * Starts warming up {@code settings} for {@code numLabels} labels on examples of about {@code nnz}
   * non-zeros, for at most {@code maxNanos}.
   *
   * @throws IllegalArgumentException if {@code numLabels < 1}
   */
  public static JitWarmup start(Settings settings, int numLabels, int nnz, long maxNanos) {
    return start(settings, numLabels, nnz, 0, maxNanos);
  }

  /**
   * Starts warming up {@code settings} for {@code numLabels} labels on examples shaped like data of
   * {@code numFeatures} features (0: unknown) and about {@code nnz} non-zeros each, for at most
   * {@code maxNanos}: dense synthetic examples of the same width when the data is dense (at least half of at
   * most {@value #MAX_DENSE_FEATURES} features), short sparse ones otherwise.
   *
   * @throws IllegalArgumentException if {@code numLabels < 1}
   */
  public static JitWarmup start(Settings settings, int numLabels, int nnz, int numFeatures, long maxNanos) {
    Objects.requireNonNull(settings, "settings");
    if (numLabels < 1) {
      throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
    }
    int dense = isDense(nnz, numFeatures) ? numFeatures : 0;
    JitWarmup w = new JitWarmup(settings, numLabels, Math.max(1, Math.min(nnz, MAX_NNZ)), dense, maxNanos);
    w.thread.start();
    return w;
  }

  /** Whether examples of about {@code nnz} non-zeros over {@code numFeatures} features are warmed up as dense rows. */
  public static boolean isDense(int nnz, int numFeatures) {
    return numFeatures > 0 && numFeatures <= MAX_DENSE_FEATURES && 2L * nnz >= numFeatures;
  }

  /** Synthetic examples processed so far (for reports and tests). */
  public long examples() {
    return examples;
  }

  /**
   * Why the warm-up stopped early, or null: the learner refused the synthetic stream (the warm-up is best
   * effort, so this is for tests and diagnostics, never an error of the caller's run).
   */
  public Throwable failure() {
    return failure;
  }

  /** Stops the warm-up and waits for its thread. */
  @Override
  public void close() {
    stop = true;
    boolean interrupted = false;
    while (true) {
      try {
        thread.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void run(Settings settings, int numLabels, int sparseNnz, int denseFeatures, long maxNanos) {
    int nnz = denseFeatures > 0 ? denseFeatures : sparseNnz;
    int features = denseFeatures > 0 ? denseFeatures : FEATURES;
    long deadline = System.nanoTime() + maxNanos;
    SplittableRandom random = new SplittableRandom(0x5eed);
    int blockSize = ExampleBlock.DEFAULT_CAPACITY;
    int[][] indices = new int[blockSize][];
    float[][] values = new float[blockSize][];
    int[][] labels = new int[blockSize][];
    for (int k = 0; k < blockSize; k++) {
      indices[k] = new int[nnz];
      values[k] = new float[nnz];
    }
    try {
      // the caller's run comes first: no warm-up on a heap already half full, and none that would hold more
      // than a sixteenth of it (ELM-OMLL's L·H² matrices, a growing support set)
      Runtime runtime = Runtime.getRuntime();
      long budget = runtime.maxMemory() / 16;
      if (MemoryCheck.available() < runtime.maxMemory() / 2) {
        failure = new IllegalStateException("not warmed up: the heap is more than half full");
        return;
      }
      OnlineMultiLabelLearner learner =
          settings.spec().create(settings.spec().warmupSettings(settings),
              new LearnerContext(numLabels, features, TRAINING_SIZE, 1L, SharedResources.NONE));
      EvaluationSuite suite = new EvaluationSuite(numLabels, ZeroDivisionPolicy.SPEC);
      ExampleBlock block = new ExampleBlock(blockSize);
      Scores[] scores = ExampleBlock.newScores(blockSize, numLabels);
      SparseVector x = new SparseVector();
      LabelSet y = new LabelSet();
      long blocks = 0;
      while (!stop && System.nanoTime() < deadline) {
        if (learner.ramBytesUsed() > budget) {
          failure = new IllegalStateException("not warmed up further: the throwaway learner holds " + learner.ramBytesUsed()
              + " bytes, more than a sixteenth of the heap");
          return;
        }
        block.clear();
        for (int k = 0; k < blockSize; k++) {
          example(random, indices[k], values[k], features);
          labels[k] = labels(random, numLabels);
          x.reset(indices[k], values[k], 0, nnz);
          y.reset(labels[k], 0, labels[k].length);
          block.add(OnlineMultiLabelLearner.NO_ID, x, y);
        }
        if (++blocks % FROZEN_EVERY == 0) {
          // the test pass's path (TrainThenTest): frozen predictors' scores for the metrics
          learner.frozenPredictors(Long.MAX_VALUE).get().predictForMetrics(block, scores);
        } else {
          learner.predictor().predict(block, scores); // a predictor per block, as the model changes
        }
        for (int k = 0; k < blockSize; k++) {
          suite.accept(block.labels(k), scores[k]);
        }
        learner.update(block);
        examples += blockSize;
      }
    } catch (RuntimeException | OutOfMemoryError e) {
      failure = e; // best effort: a learner that cannot take the synthetic stream is simply not warmed up
    }
  }

  /** Distinct sorted feature indices below {@code features} (all of them when there are as many as indices) with values of unit norm. */
  private static void example(SplittableRandom random, int[] idx, float[] val, int features) {
    int n = idx.length;
    int step = features / n;
    double norm = 0;
    for (int k = 0; k < n; k++) {
      idx[k] = k * step + random.nextInt(step);
      val[k] = (float) random.nextDouble();
      norm += (double) val[k] * val[k];
    }
    float scale = (float) (1.0 / Math.sqrt(Math.max(norm, 1e-12)));
    for (int k = 0; k < n; k++) {
      val[k] *= scale;
    }
  }

  /** One to five distinct sorted labels. */
  private static int[] labels(SplittableRandom random, int numLabels) {
    int m = Math.min(numLabels, 1 + random.nextInt(5));
    java.util.BitSet set = new java.util.BitSet(numLabels);
    while (set.cardinality() < m) {
      set.set(random.nextInt(numLabels));
    }
    return set.stream().toArray();
  }
}
