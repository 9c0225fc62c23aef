package org.altml.core.eval;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;

/**
 * The train-then-test protocol (paper, section 6.4): one pass of {@code update} over the training set in
 * file order or a seeded permutation, then the frozen model predicts the test set.
 *
 * <p>Test prediction runs on several threads: the test set is cut into contiguous chunks, each thread
 * has its own {@link Scores}, {@link FeatureScaler} copy and {@link EvaluationSuite}, and the suites are
 * merged in chunk order. Metric sums are exact, so the report equals bit for bit that of a sequential
 * pass, whatever the thread count. This relies on {@link OnlineMultiLabelLearner#predict} being
 * read-only, as that interface requires.
 *
 * <p>Both passes hand the learner blocks of {@link ExampleBlock#DEFAULT_CAPACITY} examples (its block entry
 * points), so learners that share work across examples (the kernel learners) can; the others loop.
 *
 * <p>Feature scaling is fitted on the training set only ({@link FeatureScaler#fit(FeatureScaling,
 * Dataset)}; fitting is not part of the training time) and then applied unchanged to both sets.
 */
public final class TrainThenTest {
  private TrainThenTest() {}

  /**
   * Protocol settings and the run's wiring: the one options record of {@link #run}. Start from {@link #defaults()} and
   * change what differs with the withers.
   *
   * @param order training order
   * @param seed seed of the training permutation (used when {@code order} is {@link Order#SHUFFLE}) and of the learner
   *     ({@link Seeds#learner}) when the protocol builds it from settings
   * @param scaling feature scaling, fitted on the training set
   * @param zeroDivision the metrics' zero-division policy
   * @param threads threads predicting the test set; 0 means {@link Runtime#availableProcessors()}
   * @param dataFiles the files the data came from, for the run record; null (the default): named from the data when
   *     both views are whole datasets ({@link RunRecord.DataFile#of(Dataset)}, so runs on other data have other keys),
   *     else none
   * @param shapeCheck whether a test set whose declared shape does not fit the training set's is refused ({@link
   *     #checkShapes}; the default); false leaves that check to the caller (a command that accepts misfits on request)
   * @param observer watches the run ({@link Observer#NONE} by default)
   * @param resources the learner's per-dataset resources, e.g. a Gram cache shared across the settings and folds of a
   *     tuning run ({@link SharedResources#NONE} by default); the result is the same without them
   */
  public record Config(Order order, long seed, FeatureScaling scaling, ZeroDivisionPolicy zeroDivision, int threads,
      List<RunRecord.DataFile> dataFiles, boolean shapeCheck, Observer observer, SharedResources resources) {
    /** Checks the settings. */
    public Config {
      Objects.requireNonNull(order, "order");
      Objects.requireNonNull(scaling, "scaling");
      Objects.requireNonNull(zeroDivision, "zeroDivision");
      Objects.requireNonNull(observer, "observer (Observer.NONE for none)");
      Objects.requireNonNull(resources, "resources (SharedResources.NONE for none)");
      if (threads < 0) {
        throw new IllegalArgumentException("threads must be >= 0 (0 = all cores): " + threads);
      }
      dataFiles = dataFiles == null ? null : List.copyOf(dataFiles);
    }

    /** The protocol settings with the default wiring: data named from the data, shapes checked, no observer or resources. */
    public Config(Order order, long seed, FeatureScaling scaling, ZeroDivisionPolicy zeroDivision, int threads) {
      this(order, seed, scaling, zeroDivision, threads, null, true, Observer.NONE, SharedResources.NONE);
    }

    /** Shuffled order, seed 1, no scaling, SPEC zero division, all cores (the CLI's defaults), default wiring. */
    public static Config defaults() {
      return new Config(Order.SHUFFLE, 1L, FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, 0);
    }

    /** This config with another order. */
    public Config withOrder(Order order) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config with another seed. */
    public Config withSeed(long seed) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config with another scaling. */
    public Config withScaling(FeatureScaling scaling) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config with another zero-division policy. */
    public Config withZeroDivision(ZeroDivisionPolicy zeroDivision) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config with another thread count (0 = all cores). */
    public Config withThreads(int threads) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config naming the data {@code dataFiles} in the run record (empty: none; null: named from the data). */
    public Config withDataFiles(List<RunRecord.DataFile> dataFiles) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config checking the test set's declared shape against the training set's (true), or leaving it to the caller. */
    public Config withShapeCheck(boolean shapeCheck) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config watched by {@code observer}. */
    public Config withObserver(Observer observer) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** This config giving the learner {@code resources}. */
    public Config withResources(SharedResources resources) {
      return new Config(order, seed, scaling, zeroDivision, threads, dataFiles, shapeCheck, observer, resources);
    }

    /** The thread count to use: {@link #threads()}, or the number of cores when it is 0. */
    public int effectiveThreads() {
      return threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
    }
  }

  /**
   * Outcome of a training pass.
   *
   * @param examples examples learned from
   * @param seconds wall-clock seconds of the pass (scaling and {@code update} calls)
   */
  public record Training(long examples, double seconds) {}

  /**
   * Outcome of evaluating a frozen model.
   *
   * @param metrics every metric over the test examples
   * @param examples examples evaluated
   * @param seconds wall-clock seconds of predicting them (scaling, {@code predict} and metrics)
   * @param threads threads used
   */
  public record Testing(MetricReport metrics, long examples, double seconds, int threads) {}

  /**
   * The protocol: builds the learner of {@code settings} for the training view (L of the training set, d known, so
   * linear learners allocate W once; the learner's seed derived from {@code config.seed()} by {@link Seeds#learner}; its
   * rounds may use {@code config.threads()}), fits the scaling on the training view, trains one pass in the configured
   * order, checks the model is finite, and evaluates it on the test view with {@code config.threads()} threads of the
   * shared pool. Views select rows without copying (folds); {@link DataView#of(Dataset)} views a whole dataset.
   *
   * @throws IllegalArgumentException when the test set does not fit the training set ({@link Config#shapeCheck}, label
   *     and feature names) or has more labels than it
   * @throws org.altml.core.learner.DivergenceException if training diverges
   */
  public static TrainThenTestResult run(Settings settings, DataView train, DataView test, Config config) {
    checkShapes(train, test, config);
    long learnerSeed = Seeds.learner(config.seed());
    // the learner may split its rounds over the run's threads (protocols running learners side by side pass 1)
    LearnerContext context = new LearnerContext(train.numLabels(), train.numFeatures(), train.size(), learnerSeed,
        config.resources(), config.effectiveThreads());
    OnlineMultiLabelLearner learner = settings.spec().create(settings, context);
    java.util.Map<String, Long> seeds = orderSeed(config);
    seeds.put("learner", learnerSeed);
    return run(learner, train, test, config, RunRecord.of("train-then-test", settings, context.numLabels(), seeds,
        config.order().cliName(), config.scaling(), config.zeroDivision(), dataOf(train, test, config)));
  }

  /**
   * {@link #run(Settings, DataView, DataView, Config)} with a fresh learner its caller made (a kind that is not
   * registered, a learner of its own L). Its seed is not known to the protocol, so the run record has the order's seed
   * only: two learners of different seeds share a key (give {@code Settings} to have it in the key).
   *
   * @throws IllegalArgumentException if either set has more labels than the learner, or as the settings form
   */
  public static TrainThenTestResult run(OnlineMultiLabelLearner learner, DataView train, DataView test, Config config) {
    checkShapes(train, test, config);
    return run(learner, train, test, config, RunRecord.of("train-then-test", learner.settings(), learner.numLabels(),
        orderSeed(config), config.order().cliName(), config.scaling(), config.zeroDivision(), dataOf(train, test, config)));
  }

  /** The shape check of {@link Config#shapeCheck} on the views' datasets. */
  private static void checkShapes(DataView train, DataView test, Config config) {
    if (config.shapeCheck()) {
      checkShapes(train.dataset(), test.dataset());
    }
  }

  /**
   * Refuses a test set whose declared shape does not fit the training set's, by the rule {@code alt evaluate} follows
   * ({@link ShapeFit#testMisfits}): ARFF data declaring fewer or more labels or features than ARFF training data, label
   * names against label ids, LIBSVM test data using label or feature ids beyond what ARFF training data declares. LIBSVM
   * and LIBSVM fit. {@link #run} calls it unless {@link Config#withShapeCheck} turns it off (ARFF test data of 6 labels
   * was scored against a model of 14 without a word).
   *
   * @throws IllegalArgumentException naming both sets and the first misfit
   */
  public static void checkShapes(Dataset train, Dataset test) {
    if (train == test) {
      return;
    }
    List<ShapeFit.Misfit> misfits = ShapeFit.testMisfits(ShapeFit.Shape.of(train, "the training set " + train.name()),
        ShapeFit.Shape.of(test, "the test set " + test.name()));
    if (!misfits.isEmpty()) {
      ShapeFit.Misfit m = misfits.get(0);
      throw new IllegalArgumentException(m.problem() + "; " + m.question() + " (if this data is meant, align it with"
          + " test.withDimensions(train.numFeatures(), train.numLabels()), or run with TrainThenTest.Config.withShapeCheck"
          + "(false), which leaves this check to its caller)");
    }
  }

  /**
   * The run record's data: {@code config.dataFiles()} when given; else, for whole datasets, the training set's identity,
   * then the test set's (once when they are one); else none.
   */
  private static List<RunRecord.DataFile> dataOf(DataView train, DataView test, Config config) {
    if (config.dataFiles() != null) {
      return config.dataFiles();
    }
    if (train.rows() != null || test.rows() != null) {
      return List.of();
    }
    return train.dataset() == test.dataset() ? List.of(RunRecord.DataFile.of(train.dataset()))
        : List.of(RunRecord.DataFile.of(train.dataset()), RunRecord.DataFile.of(test.dataset()));
  }

  /** The seed of the training order, when it is shuffled (a mutable map). */
  private static java.util.Map<String, Long> orderSeed(Config config) {
    java.util.Map<String, Long> seeds = new java.util.LinkedHashMap<>();
    if (config.order() == Order.SHUFFLE) {
      seeds.put("order", Seeds.order(config.seed()));
    }
    return seeds;
  }

  /**
   * Watches a run without changing it, e.g. a progress display: told when each phase starts, and given the
   * chance to wrap the learner each phase uses (a wrapper that counts calls and delegates them; it must not
   * change what the learner computes).
   */
  public interface Observer {
    /** An observer that does nothing. */
    Observer NONE = new Observer() {};

    /** Phase {@code name} ({@code "training"} or {@code "testing"}) starts, over {@code examples} examples. */
    default void phase(String name, long examples) {}

    /** The learner the coming phase calls: {@code learner} itself, or a delegating wrapper of it. */
    default OnlineMultiLabelLearner observe(OnlineMultiLabelLearner learner) {
      return learner;
    }
  }

  private static TrainThenTestResult run(OnlineMultiLabelLearner learner, DataView train, DataView test, Config config,
      RunRecord record) {
    Observer observer = config.observer();
    SharedResources resources = config.resources();
    checkLabels(learner, train.dataset(), "training", null);
    checkLabels(learner, test.dataset(), "test", train.dataset());
    checkSameLabelNames(train.dataset(), test.dataset());
    FeatureScaler scaler = FeatureScaler.fit(config.scaling(), train);
    // example ids: the resources' id of each dataset's row 0 when they were made for it, else the row index itself
    // for the training rows and for test rows of the same dataset (a held-out fold); the rows of another file have
    // no id then, since theirs would name other vectors, which a learner's cache must not be asked about
    long trainBase = Math.max(0, resources.firstId(train.dataset()));
    long testBase = resources.firstId(test.dataset());
    if (testBase < 0) {
      testBase = test.dataset() == train.dataset() ? trainBase : -1;
    }
    observer.phase("training", train.size());
    Training training = train(observer.observe(learner), train, config.order(), config.seed(), scaler, trainBase);
    learner.checkFinite();
    observer.phase("testing", test.size());
    Testing testing = test(observer.observe(learner), test, scaler, config.zeroDivision(), config.effectiveThreads(),
        testBase);
    return new TrainThenTestResult(testing.metrics(), training.seconds(), testing.seconds(), training.examples(),
        testing.examples(), config, testing.threads(), learner, scaler, record);
  }

  /**
   * Refuses a test set whose labels are named otherwise than the training set's, position by position (ARFF data
   * of another dataset: its scores would be compared with the wrong labels). A position named by its index on
   * either side (LIBSVM data, or labels past the end of a shorter header) is not compared. So are the feature
   * names ({@link Dataset#firstFeatureNameDifference}: ARFF data of another attribute order).
   */
  private static void checkSameLabelNames(Dataset train, Dataset test) {
    if (train == test) {
      return;
    }
    List<String> a = train.labelNames();
    List<String> b = test.labelNames();
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      String index = Integer.toString(i);
      if (!a.get(i).equals(b.get(i)) && !a.get(i).equals(index) && !b.get(i).equals(index)) {
        throw new IllegalArgumentException("the labels of the test set " + test.name() + " are not those of the training set "
            + train.name() + ": label id " + i + " is '" + b.get(i) + "', not '" + a.get(i) + "'");
      }
    }
    int f = train.firstFeatureNameDifference(test);
    if (f >= 0) {
      throw new IllegalArgumentException("the features of the test set " + test.name() + " are not those of the training set "
          + train.name() + ": feature id " + f + " is '" + test.featureNames().get(f) + "', not '" + train.featureNames().get(f) + "'");
    }
  }

  /**
   * The message of a streamed example whose label is not below the learner's L: the example (0-based), its line when
   * the stream reads lines, and the fix (the stream gave only "example 2 (0-based) has label 5", no line, no way out).
   */
  static String labelBeyond(String example, ExampleStream stream, int label, int numLabels) {
    long line = stream.lineNumber();
    return example + " (0-based" + (line > 0 ? ", line " + line + " of its file" : "") + ") has label " + label
        + " but the learner has " + numLabels + " labels (0 to " + (numLabels - 1) + "): a learner's L is fixed when it is"
        + " made; make it with an L of at least " + (label + 1) + " (LearnerContext; for LIBSVM data, whose L is its largest"
        + " label id + 1, read the data it is made for with ReadOptions.withNumLabels), or is this other data?";
  }

  /**
   * Refuses data of more labels than the learner; for a test set, when the learner's L is the training set's and that
   * set declares none (LIBSVM: L is its largest label id + 1), names the fix (a test file's label 155 against an L of
   * 151 inferred from the training file was all the message said).
   */
  private static void checkLabels(OnlineMultiLabelLearner learner, Dataset data, String role, Dataset train) {
    if (data.numLabels() > learner.numLabels()) {
      boolean inferred = train != null && train.featureNames().isEmpty() && train.numLabels() == learner.numLabels()
          && ShapeFit.isIndexNames(train.labelNames());
      throw new IllegalArgumentException("the " + role + " set " + data.name() + " has " + data.numLabels() + " labels but the"
          + " learner " + learner.numLabels() + (inferred ? " (the L of the training set " + train.name() + ", its largest"
          + " label id + 1, as LIBSVM declares none): read the training data with ReadOptions.withNumLabels(L) at least "
          + data.numLabels() + ", or are they the same data set?" : ""));
    }
  }

  /**
   * One training pass over {@code train} in the given order, each example scaled by {@code scaler}
   * (which is not updated).
   */
  public static Training train(OnlineMultiLabelLearner learner, Dataset train, Order order, long seed, FeatureScaler scaler) {
    return train(learner, DataView.of(train), order, seed, scaler);
  }

  /**
   * One training pass over the view {@code train} in the given order ({@link DataView#order}), each example
   * scaled by {@code scaler} (not updated) and passed with its dataset row index as id.
   */
  public static Training train(OnlineMultiLabelLearner learner, DataView train, Order order, long seed, FeatureScaler scaler) {
    return train(learner, train, order, seed, scaler, 0);
  }

  /** {@link #train(OnlineMultiLabelLearner, DataView, Order, long, FeatureScaler)} with ids {@code idBase} + row index. */
  private static Training train(OnlineMultiLabelLearner learner, DataView train, Order order, long seed, FeatureScaler scaler,
      long idBase) {
    int n = train.size();
    int[] permutation = train.order(order, seed);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    ExampleBlock block = new ExampleBlock(ExampleBlock.DEFAULT_CAPACITY);
    long start = System.nanoTime();
    for (int k = 0; k < n; k++) {
      int i = permutation == null ? k : permutation[k];
      train.features(i, x);
      train.labels(i, y);
      SparseVector scaled = scaler.transform(x);
      if (scaled == x) {
        block.addView(idBase + train.row(i), x, y); // the dataset's own rows and labels: nothing to copy
      } else {
        block.add(idBase + train.row(i), scaled, y);
      }
      if (block.isFull() || k == n - 1) {
        learner.update(block);
        block.clear();
      }
    }
    double seconds = (System.nanoTime() - start) * 1e-9;
    return new Training(n, seconds);
  }

  /**
   * One training pass over the rest of {@code stream} in its order (for files larger than memory); the
   * time counts only scaling and {@code update}, not reading. The stream is not closed.
   *
   * @throws IllegalArgumentException naming the example when a label is not below the learner's L
   */
  public static Training train(OnlineMultiLabelLearner learner, ExampleStream stream, FeatureScaler scaler) throws IOException {
    long nanos = 0;
    long n = 0;
    int numLabels = learner.numLabels();
    while (stream.advance()) {
      LabelSet y = stream.labels();
      if (y.maxLabel() >= numLabels) {
        throw new IllegalArgumentException(labelBeyond("training example " + n, stream, y.maxLabel(), numLabels));
      }
      long start = System.nanoTime();
      learner.update(scaler.transform(stream.features()), y);
      nanos += System.nanoTime() - start;
      n++;
    }
    return new Training(n, nanos * 1e-9);
  }

  /**
   * Evaluates the frozen {@code learner} on {@code test} with {@code threads} threads (contiguous chunks,
   * suites merged in chunk order; the report does not depend on {@code threads}).
   *
   * @throws IllegalArgumentException if {@code threads < 1}, or a test label is not below the learner's L
   */
  public static Testing test(
      OnlineMultiLabelLearner learner, Dataset test, FeatureScaler scaler, ZeroDivisionPolicy policy, int threads) {
    return test(learner, DataView.of(test), scaler, policy, threads);
  }

  /**
   * Evaluates the frozen {@code learner} on the view {@code test} with up to {@code threads} tasks on the
   * shared pool ({@link ProtocolThreads}): contiguous chunks, each with its own {@link Predictor},
   * {@link Scores}, scaler copy and suite, merged in chunk order, so the report does not depend on
   * {@code threads} (metric sums are exact).
   *
   * @throws IllegalArgumentException if {@code threads < 1}, or a test label is not below the learner's L
   */
  public static Testing test(
      OnlineMultiLabelLearner learner, DataView test, FeatureScaler scaler, ZeroDivisionPolicy policy, int threads) {
    return test(learner, test, scaler, policy, threads, 0);
  }

  /**
   * {@link #test(OnlineMultiLabelLearner, DataView, FeatureScaler, ZeroDivisionPolicy, int)} with ids {@code idBase} +
   * row index, or every example {@code NO_ID} when {@code idBase} is negative.
   */
  private static Testing test(
      OnlineMultiLabelLearner learner, DataView test, FeatureScaler scaler, ZeroDivisionPolicy policy, int threads, long idBase) {
    java.util.Objects.requireNonNull(scaler, "scaler (FeatureScaler.of(FeatureScaling.NONE) for none)");
    java.util.Objects.requireNonNull(policy, "policy");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1: " + threads);
    }
    checkLabels(learner, test.dataset(), "test", null);
    int n = test.size();
    int chunks = Math.max(1, Math.min(threads, n));
    int numLabels = learner.numLabels();
    long start = System.nanoTime();
    // the model is frozen from here: predictors that may share a faster copy of it, when the pass pays for one
    long nonZeros = 0;
    for (int k = 0; k < n; k++) {
      nonZeros += test.dataset().nnz(test.row(k));
    }
    java.util.function.Supplier<Predictor> predictors = learner.frozenPredictors(nonZeros);
    EvaluationSuite total;
    if (chunks == 1) {
      total = evaluateChunk(predictors.get(), numLabels, test, 0, n, scaler, new EvaluationSuite(numLabels, policy), idBase);
    } else {
      total = new EvaluationSuite(numLabels, policy);
      List<Callable<EvaluationSuite>> parts = new ArrayList<>(chunks);
      for (int c = 0; c < chunks; c++) {
        int from = (int) ((long) n * c / chunks);
        int to = (int) ((long) n * (c + 1) / chunks);
        FeatureScaler own = scaler.copy();
        Predictor predictor = predictors.get();
        parts.add(() -> evaluateChunk(predictor, numLabels, test, from, to, own, new EvaluationSuite(numLabels, policy), idBase));
      }
      for (EvaluationSuite part : ProtocolThreads.invokeAll(parts)) {
        total.merge(part);
      }
    }
    double seconds = (System.nanoTime() - start) * 1e-9;
    return new Testing(total.report(), n, seconds, chunks);
  }

  private static EvaluationSuite evaluateChunk(Predictor predictor, int numLabels, DataView test, int from, int to,
      FeatureScaler scaler, EvaluationSuite suite, long idBase) {
    ExampleBlock block = new ExampleBlock(Math.max(1, predictor.preferredBlockSize()));
    Scores[] scores = ExampleBlock.newScores(block.capacity(), numLabels);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int start = from; start < to; start += block.capacity()) {
      int end = Math.min(to, start + block.capacity());
      block.clear();
      for (int k = start; k < end; k++) {
        SparseVector scaled = scaler.transform(test.features(k, x));
        long id = idBase >= 0 ? idBase + test.row(k) : OnlineMultiLabelLearner.NO_ID;
        if (scaled == x) {
          block.addView(id, x, test.labels(k, y)); // the dataset's own row: nothing to copy
        } else {
          block.add(id, scaled, test.labels(k, y));
        }
      }
      // only the metrics read these scores: they need every comparison right, not every value exact
      predictor.predictForMetrics(block, scores);
      for (int k = start; k < end; k++) {
        suite.accept(block.labels(k - start), scores[k - start]);
      }
    }
    return suite;
  }

  /**
   * Evaluates the frozen {@code learner} sequentially on the rest of {@code stream} (for test files
   * larger than memory); the time counts scaling, {@code predict} and metrics, not reading. The stream
   * is not closed.
   */
  public static Testing test(OnlineMultiLabelLearner learner, ExampleStream stream, FeatureScaler scaler, ZeroDivisionPolicy policy)
      throws IOException {
    java.util.Objects.requireNonNull(scaler, "scaler (FeatureScaler.of(FeatureScaling.NONE) for none)");
    int numLabels = learner.numLabels();
    EvaluationSuite suite = new EvaluationSuite(numLabels, policy);
    Scores scores = new Scores(numLabels);
    long nanos = 0;
    long n = 0;
    while (stream.advance()) {
      LabelSet y = stream.labels();
      if (y.maxLabel() >= numLabels) {
        throw new IllegalArgumentException(labelBeyond("test example " + n, stream, y.maxLabel(), numLabels));
      }
      long start = System.nanoTime();
      learner.predict(scaler.transform(stream.features()), scores);
      suite.accept(y, scores);
      nanos += System.nanoTime() - start;
      n++;
    }
    return new Testing(suite.report(), n, nanos * 1e-9, 1);
  }
}
