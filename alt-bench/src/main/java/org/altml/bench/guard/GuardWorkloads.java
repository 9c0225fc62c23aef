package org.altml.bench.guard;

import java.util.Map;
import org.altml.bench.state.RegisteredLearners;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.altml.sparse.synth.SparseTextGenerator;

/**
 * The two workloads of the speed guard, built through the learner registry so that they run the library's own code
 * (the learners, {@code VectorMath} and whatever kernels it dispatches to), never a copy of it: FALT rounds on an RCV1-like
 * shape, whose speed-up from the Vector API the guard compares with the scalar specification's, and the test pass of a
 * trained kernel learner, block-scored against one example at a time. The JMH benchmark that recorded the ratios
 * ({@link GuardBenchmark}) and the guard's own measurement ({@link SpeedGuard}) both run these.
 */
public final class GuardWorkloads {
  /** The linear kind whose rounds are timed, in float weights (the fast option). */
  public static final String LINEAR = "falt";
  /** The kernel kind whose test pass is timed. */
  public static final String KERNEL = "falt-k";
  /**
   * Features of the FALT stream: RCV1's 76 non-zeros a row and L = 101, over d = 2,000 so that W (0.8 MB) stays in
   * cache: the ratio measures the kernels' arithmetic, which a shared machine's memory traffic would blur.
   */
  static final int LINEAR_FEATURES = 2_000;
  /** Examples of the FALT stream: the rounds of an episode. */
  public static final int LINEAR_EXAMPLES = 1_000;
  /** Examples the kernel learner is trained on: its support vectors (no budget). */
  static final int KERNEL_TRAINING = 600;
  /** Examples of the kernel test pass: four blocks of 64. */
  static final int KERNEL_TEST = 256;
  /** Examples per block of the block-scored pass (the learners' test block). */
  static final int BLOCK = 64;

  private GuardWorkloads() {}

  /**
   * FALT learning online: an episode is a fresh learner of the registry's defaults (float weights, d given) taking the
   * {@value GuardWorkloads#LINEAR_EXAMPLES} examples of the stream in order, one {@code predictThenUpdate} each. Every
   * episode does the same work, however many ran before, so a scalar and a Panama JVM that ran different numbers of
   * them still time the same thing (a learner that went on learning would update less and less).
   */
  public static final class FaltRounds {
    private final Dataset data;
    private final Settings settings;
    private final Scores scores;
    private final SparseVector x = new SparseVector();
    private final LabelSet y = new LabelSet();

    /** Builds the stream and the settings. */
    public FaltRounds() {
      data = new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(LINEAR_FEATURES))
          .generate(LINEAR_EXAMPLES);
      settings = RegisteredLearners.settings(LINEAR, Map.of("precision", "float"));
      scores = new Scores(data.numLabels());
    }

    /** {@code episodes} episodes; returns a value that depends on every round. */
    public double run(int episodes) {
      double sink = 0;
      for (int e = 0; e < episodes; e++) {
        OnlineMultiLabelLearner learner =
            settings.spec().create(settings, new LearnerContext(data.numLabels(), data.numFeatures(), data.size(), 1L));
        for (int i = 0; i < data.size(); i++) {
          data.features(i, x);
          data.labels(i, y);
          learner.predictThenUpdate(x, y, scores);
          sink += scores.label(0);
        }
      }
      return sink;
    }
  }

  /** A kernel learner trained on the mediamill shape, predicting a test set by blocks or one example at a time. */
  public static final class KernelPass {
    private final OnlineMultiLabelLearner learner;
    private final ExampleBlock[] blocks;
    private final Scores[] scores;

    /** Trains the registry's default kernel FALT on {@value GuardWorkloads#KERNEL_TRAINING} generated examples. */
    public KernelPass() {
      Dataset all = new NonlinearDenseGenerator(NonlinearDenseGenerator.Config.defaults()).generate(KERNEL_TRAINING + KERNEL_TEST);
      Settings settings = RegisteredLearners.settings(KERNEL, Map.of());
      learner = settings.spec().create(settings, new LearnerContext(all.numLabels(), all.numFeatures(), KERNEL_TRAINING, 1L));
      Scores s = new Scores(all.numLabels());
      for (int i = 0; i < KERNEL_TRAINING; i++) {
        learner.predictThenUpdate(all.example(i).features(), all.example(i).labels(), s);
      }
      blocks = new ExampleBlock[KERNEL_TEST / BLOCK];
      for (int b = 0; b < blocks.length; b++) {
        blocks[b] = new ExampleBlock(BLOCK);
        for (int k = 0; k < BLOCK; k++) {
          int i = KERNEL_TRAINING + b * BLOCK + k;
          blocks[b].add(OnlineMultiLabelLearner.NO_ID, all.example(i).features(), all.example(i).labels());
        }
      }
      scores = ExampleBlock.newScores(BLOCK, all.numLabels());
    }

    /** The test set's scores by blocks of {@value GuardWorkloads#BLOCK}, each block in one pass over the support vectors. */
    public double blocks() {
      double sink = 0;
      for (ExampleBlock block : blocks) {
        learner.predict(block, scores);
        sink += scores[BLOCK - 1].label(0);
      }
      return sink;
    }

    /** The same scores one example at a time, a pass over the support vectors each. */
    public double single() {
      double sink = 0;
      for (ExampleBlock block : blocks) {
        for (int k = 0; k < block.size(); k++) {
          learner.predict(block.features(k), scores[k]);
        }
        sink += scores[BLOCK - 1].label(0);
      }
      return sink;
    }
  }
}
