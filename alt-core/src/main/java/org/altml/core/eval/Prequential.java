package org.altml.core.eval;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.SlidingWindowSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.ExampleStream;

/**
 * Prequential (interleaved test-then-train) evaluation (paper, section 6.4): for each example of a
 * stream, the learner predicts with its current model, the prediction is scored, then the learner
 * learns from the example ({@link OnlineMultiLabelLearner#predictThenUpdate}). Metrics are kept
 * cumulatively and over a sliding window of the last W examples (exact, every metric; see {@link
 * SlidingWindowSuite}); every k examples a {@link CurvePoint} is recorded and handed to an optional
 * {@link Listener}.
 *
 * <p>With {@link FeatureScaling#STANDARDIZE} the statistics are running ones, updated with each example
 * only after it has been predicted and learned, so no example influences its own transform.
 */
public final class Prequential {
  private Prequential() {}

  /** Receives each curve point as it is recorded (e.g. for a progress display); must not block long. */
  @FunctionalInterface
  public interface Listener {
    /** Called every {@link Config#sampleEvery()} examples, on the evaluating thread. */
    void onSample(CurvePoint point);
  }

  /** A listener that hears nothing. */
  public static final Listener NO_LISTENER = point -> {};

  /**
   * Protocol settings and the run's wiring: the one options record of {@link #run}. Start from {@link #defaults()} and
   * change what differs with the withers.
   *
   * @param window sliding-window width W, at least 1
   * @param sampleEvery learning-curve period k, at least 1
   * @param scaling feature scaling (running statistics)
   * @param zeroDivision the metrics' zero-division policy
   * @param maxExamples stop after this many examples (at least 1; {@link Long#MAX_VALUE} for the whole stream)
   * @param seed the run's seed: a learner built from settings gets {@link Seeds#learner} of it
   * @param listener hears each curve point ({@link #NO_LISTENER} by default)
   * @param dataFiles the files the stream reads, for the run record (empty by default: a stream is known by what its
   *     caller read)
   * @param scaler the scaler to start from, which goes on observing each example after its prediction (a loaded model's
   *     own, {@code SavedModel.scaler()}, so that it continues exactly as its training scaled); null (the default): a
   *     fresh one of {@code scaling}
   */
  public record Config(int window, long sampleEvery, FeatureScaling scaling, ZeroDivisionPolicy zeroDivision, long maxExamples,
      long seed, Listener listener, List<RunRecord.DataFile> dataFiles, FeatureScaler scaler) {
    /** Checks the settings. */
    public Config {
      if (window < 1) {
        throw new IllegalArgumentException("window must be >= 1: " + window);
      }
      if (sampleEvery < 1) {
        throw new IllegalArgumentException("sampleEvery must be >= 1: " + sampleEvery);
      }
      if (maxExamples < 1) {
        throw new IllegalArgumentException("maxExamples must be >= 1: " + maxExamples);
      }
      Objects.requireNonNull(scaling, "scaling");
      Objects.requireNonNull(zeroDivision, "zeroDivision");
      Objects.requireNonNull(listener, "listener (Prequential.NO_LISTENER for none)");
      dataFiles = List.copyOf(dataFiles);
      if (scaler != null && scaler.scaling() != scaling) {
        throw new IllegalArgumentException("the scaler scales by " + scaler.scaling().cliName() + ", the configuration says "
            + scaling.cliName());
      }
    }

    /** The protocol settings with the default wiring: seed 1, no listener, no data named, a fresh scaler. */
    public Config(int window, long sampleEvery, FeatureScaling scaling, ZeroDivisionPolicy zeroDivision, long maxExamples) {
      this(window, sampleEvery, scaling, zeroDivision, maxExamples, 1L, NO_LISTENER, List.of(), null);
    }

    /** W = 1000, k = 1000, no scaling, SPEC zero division, the whole stream, default wiring. */
    public static Config defaults() {
      return new Config(1000, 1000, FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, Long.MAX_VALUE);
    }

    /** This config with another window width. */
    public Config withWindow(int window) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }

    /** This config with another curve period. */
    public Config withSampleEvery(long sampleEvery) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }

    /** This config with another scaling (and a fresh scaler of it). */
    public Config withScaling(FeatureScaling scaling) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, null);
    }

    /** This config with another zero-division policy. */
    public Config withZeroDivision(ZeroDivisionPolicy zeroDivision) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }

    /** This config with another example limit. */
    public Config withMaxExamples(long maxExamples) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }

    /** This config with another run seed. */
    public Config withSeed(long seed) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }

    /** This config heard by {@code listener} (null: none). */
    public Config withListener(Listener listener) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener == null ? NO_LISTENER : listener,
          dataFiles, scaler);
    }

    /** This config naming {@code dataFiles} in the run record. */
    public Config withDataFiles(List<RunRecord.DataFile> dataFiles) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }

    /**
     * This config starting from {@code scaler}; null: a fresh one.
     *
     * @throws IllegalArgumentException if the scaler's scaling is not this config's
     */
    public Config withScaler(FeatureScaler scaler) {
      return new Config(window, sampleEvery, scaling, zeroDivision, maxExamples, seed, listener, dataFiles, scaler);
    }
  }

  /**
   * The protocol: builds the learner of {@code settings} for {@code context} (its seed replaced by {@link Seeds#learner}
   * of {@code config.seed()}), runs predict-then-update over the rest of {@code stream} (not closed) up to {@code
   * config.maxExamples()} examples, and returns the result with the trained learner and a run record. A whole dataset
   * is {@code data.stream()} in its order ({@link org.altml.sparse.data.Dataset#subset} with {@link
   * org.altml.sparse.data.Dataset#permutation} gives another); a learner that waits for a start learns from nothing on a
   * shorter stream: an ELM told no training-set size starts after N0 = H examples ({@code
   * result.learner().notStartedReason()} says so).
   *
   * @throws IllegalArgumentException naming the example when a label is not below the learner's L
   */
  public static PrequentialResult run(Settings settings, LearnerContext context, ExampleStream stream, Config config)
      throws IOException {
    return run(settings, context, stream, config, null);
  }

  /**
   * {@link #run(Settings, LearnerContext, ExampleStream, Config)}, {@code predictions} (null: none) hearing every
   * example's served scores.
   *
   * @throws IllegalArgumentException naming the example when a label is not below the learner's L
   */
  public static PrequentialResult run(Settings settings, LearnerContext context, ExampleStream stream, Config config,
      PredictionListener predictions) throws IOException {
    long learnerSeed = Seeds.learner(config.seed());
    OnlineMultiLabelLearner learner = settings.spec().create(settings, context.withSeed(learnerSeed));
    RunRecord record = RunRecord.of("prequential", settings, context.numLabels(), java.util.Map.of("learner", learnerSeed), "stream",
        config.scaling(), config.zeroDivision(), config.dataFiles());
    return run(learner, stream, config, record, null, predictions);
  }

  /**
   * {@link #run(Settings, LearnerContext, ExampleStream, Config)} with a learner its caller made or loaded (with {@link
   * Config#withScaler} a loaded model continues as its training scaled). Its seed is not known to the protocol: the run
   * record has none.
   *
   * @throws IllegalArgumentException naming the example when a label is not below the learner's L
   */
  public static PrequentialResult run(OnlineMultiLabelLearner learner, ExampleStream stream, Config config) throws IOException {
    RunRecord record = RunRecord.of("prequential", learner.settings(), learner.numLabels(), java.util.Map.of(), "stream",
        config.scaling(), config.zeroDivision(), config.dataFiles());
    return run(learner, stream, config, record);
  }

  /** Hears each example's scores as they were served, in stream order, on the evaluating thread. */
  @FunctionalInterface
  public interface PredictionListener {
    /**
     * Example {@code n} (0-based) had truth {@code truth} and was served {@code scores} (over the labels known then, for
     * an open run); both are the protocol's buffers, valid during the call only.
     */
    void onPrediction(long n, LabelSet truth, Scores scores) throws IOException;
  }

  /**
   * The open protocol (docs/spec.md#open-labels): {@link #run(OnlineMultiLabelLearner, ExampleStream, Config)} over a
   * stream whose labels are vocabulary ids in order of first appearance, where an example that brings a label makes
   * {@code rounds}' learner grow before it learns from it. That example is predicted with the labels known before it
   * (its new ones scored −∞, docs/spec.md#open-prediction); the metrics grow their label set with the stream
   * (docs/spec.md#open-metrics). {@code predictions} (null: none) hears every example's served scores.
   *
   * @throws IllegalArgumentException naming the example when a label passes a fixed kind's capacity
   */
  public static PrequentialResult runOpen(OpenRounds rounds, ExampleStream stream, Config config, PredictionListener predictions)
      throws IOException {
    OnlineMultiLabelLearner learner = rounds.learner();
    RunRecord record = RunRecord.of("prequential", learner.settings(), learner.numLabels(), java.util.Map.of(), "stream",
        config.scaling(), config.zeroDivision(), config.dataFiles());
    return run(learner, stream, config, record, rounds, predictions);
  }

  private static PrequentialResult run(OnlineMultiLabelLearner learner, ExampleStream stream, Config config, RunRecord record)
      throws IOException {
    return run(learner, stream, config, record, null, null);
  }

  /** The loop of both protocols; {@code open} null for a fixed L. */
  private static PrequentialResult run(OnlineMultiLabelLearner learner, ExampleStream stream, Config config, RunRecord record,
      OpenRounds open, PredictionListener predictions) throws IOException {
    FeatureScaler scaler = config.scaler() != null ? config.scaler() : FeatureScaler.of(config.scaling());
    int numLabels = open != null ? open.known() : learner.numLabels();
    EvaluationSuite cumulative = new EvaluationSuite(numLabels, config.zeroDivision());
    SlidingWindowSuite window = new SlidingWindowSuite(numLabels, config.window(), config.zeroDivision(), true);
    ExampleBlock block = new ExampleBlock(ExampleBlock.DEFAULT_CAPACITY);
    Scores[] scores = ExampleBlock.newScores(block.capacity(), learner.numLabels());
    Scores served = open == null ? null : new Scores(numLabels);
    ExampleBlock single = open == null ? null : new ExampleBlock(1);
    List<CurvePoint> curve = new ArrayList<>();
    long nanos = 0;
    long n = 0;
    boolean more = true;
    while (more && n < config.maxExamples()) {
      // a block never crosses a curve point or the example limit, so the curve and timing see the same n
      long room = Math.min(config.maxExamples() - n, config.sampleEvery() - n % config.sampleEvery());
      int want = (int) Math.min(block.capacity(), room);
      block.clear();
      long blockNanos = 0;
      boolean birth = false;
      while (block.size() < want && (more = stream.advance())) {
        SparseVector x = stream.features();
        LabelSet y = stream.labels();
        if (open == null && y.maxLabel() >= numLabels) {
          throw new IllegalArgumentException(TrainThenTest.labelBeyond("example " + (n + block.size()), stream, y.maxLabel(),
              numLabels));
        }
        long start = System.nanoTime();
        // transformed with what the scaler observed before this example, as one round at a time
        block.add(n + block.size(), scaler.transform(x), y);
        scaler.observe(x);
        blockNanos += System.nanoTime() - start;
        if (open != null && open.brings(y)) {
          birth = true; // the block ends with the example that brings a label: it is predicted, then the learner grows
          break;
        }
      }
      if (block.size() == 0) {
        break;
      }
      if (birth) { // the example that brings labels goes alone, after the others
        single.clear();
        int last = block.size() - 1;
        single.add(block.id(last), block.features(last), block.labels(last));
        block.removeLast();
      }
      long start = System.nanoTime();
      if (block.size() > 0) {
        learner.predictThenUpdate(block, scores);
      }
      nanos += blockNanos + System.nanoTime() - start;
      for (int k = 0; k < block.size(); k++) {
        Scores s = scores[k];
        if (open != null && s.numLabels() != open.known()) {
          open.project(s, served); // a kind of fixed capacity: its labels not yet seen are not reported
          s = served;
        }
        n = score(n, block.labels(k), s, cumulative, window, predictions, config, curve, nanos);
      }
      if (birth) {
        LabelSet y = single.labels(0);
        int known = y.maxLabel() + 1;
        served = new Scores(known);
        cumulative.growLabels(known);
        window.growLabels(known);
        start = System.nanoTime();
        open.predictThenLearn(single.id(0), single.features(0), y, served, "example " + n
            + (stream.lineNumber() > 0 ? " (line " + stream.lineNumber() + ")" : ""));
        nanos += System.nanoTime() - start;
        scores = ExampleBlock.newScores(block.capacity(), learner.numLabels());
        n = score(n, y, served, cumulative, window, predictions, config, curve, nanos);
      }
    }
    return new PrequentialResult(cumulative.report(), window.report(), curve, n, nanos * 1e-9, config, learner, scaler, record);
  }

  /** Scores example {@code n}'s served scores and records a curve point when one is due; returns n + 1. */
  private static long score(long n, LabelSet y, Scores s, EvaluationSuite cumulative, SlidingWindowSuite window,
      PredictionListener predictions, Config config, List<CurvePoint> curve, long nanos) throws IOException {
    cumulative.accept(y, s);
    window.accept(y, s);
    if (predictions != null) {
      predictions.onPrediction(n, y, s);
    }
    long next = n + 1;
    if (next % config.sampleEvery() == 0) {
      CurvePoint point = new CurvePoint(next, cumulative.report(), window.report(), nanos * 1e-9);
      curve.add(point);
      config.listener().onSample(point);
    }
    return next;
  }
}
