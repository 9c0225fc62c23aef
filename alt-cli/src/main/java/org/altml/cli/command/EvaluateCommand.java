package org.altml.cli.command;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ScalingAdvice;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.JsonOption;
import org.altml.cli.options.MisfitOptions;
import org.altml.cli.options.PredictionsOption;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.options.RegistryLearnerOptions;
import org.altml.cli.options.ScaleOption;
import org.altml.cli.options.SeedOptions;
import org.altml.cli.options.ThreadsOption;
import org.altml.cli.options.ZeroDivisionOption;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Reports;
import org.altml.cli.output.Warnings;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.JitWarmup;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.OutputPaths;
import org.altml.sparse.io.files.DataFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt evaluate}: the train-then-test protocol ({@link TrainThenTest}): one pass over the
 * training file, then the frozen model on the test file. Both files are read into memory before any
 * clock starts; the reported times are learning and predicting only.
 */
@Command(
    name = "evaluate",
    modelTransformer = RegistryLearnerOptions.Required.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Train-then-test: one pass over TRAIN, then the frozen model scored on TEST.",
    description = {
      "Train-then-test: one pass over TRAIN (shuffled with the seed, or in file order), then the frozen",
      "model predicts TEST (on all cores; the metrics do not depend on the thread count).",
      "Prints the paper's seven metrics (percentages, as in its Table 3) and the train and test times",
      "(learning and predicting only: the data is read first); --json prints every metric as a fraction",
      "with the timings and the run record.",
      "L is --num-labels, else the larger of the two files' label counts; test features beyond those",
      "seen in training have no weights in a linear model (kernel, ELM and feature-map scores see them;",
      "2d + 100 or more: a warning), and ARFF labels or features named otherwise",
      "than the training file's are an error. A shape one file declares (ARFF) that the other does not fit",
      "(other L or d, label names against ids, LIBSVM ids beyond it) is an error unless --allow-shape-mismatch",
      "(more features: --allow-new-features). Each file is read once ('-': standard input; the same file or",
      "'-' as both TRAIN and TEST is read once and used for both, with a warning)."
    })
public final class EvaluateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--train", required = true, paramLabel = "FILE",
      description = "Training data (LIBSVM or ARFF; '-': standard input).")
  private Path trainFile;

  @Option(names = "--test", required = true, paramLabel = "FILE",
      description = "Test data ('-': standard input; the same as TRAIN is read once).")
  private Path testFile;

  @Option(names = "--order", defaultValue = "shuffle", paramLabel = "ORDER",
      description = "Training order: file or shuffle (default: ${DEFAULT-VALUE}, seeded by --seed).")
  private String order;

  @Mixin private SeedOptions seed;

  @Option(names = {"-v", "--verbose"},
      description = "Also print the learner's diagnostics (an ELM's ranks, eigenvalues and matrix checks; --json always has them).")
  private boolean verbose;

  @Mixin private ScaleOption scale;

  @Mixin private ZeroDivisionOption zeroDivision;

  @Mixin private ThreadsOption threads;

  @Mixin private PredictionsOption predictions;

  @Mixin private JsonOption json;

  @Mixin private DataOptions data;

  @Mixin private MisfitOptions mismatch;

  @Mixin private ProgressOptions progressOptions;

  /** Creates the command (picocli fills its fields). */
  public EvaluateCommand() {}

  @Override
  public Integer call() throws Exception {
    Settings settings = RegistryLearnerOptions.settings(spec);
    Order trainingOrder = ProtocolOptions.order(order);
    FeatureScaling scaling = ProtocolOptions.scaling(scale.value());
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(zeroDivision.value());
    ProtocolOptions.threads(threads.value());
    TrainThenTest.Config config = new TrainThenTest.Config(trainingOrder, seed.seed(), scaling, policy, threads.value());
    // the same file (or standard input) twice is read once and used for both
    boolean sameData = CliOutput.isStandardStream(trainFile) && CliOutput.isStandardStream(testFile)
        || OutputPaths.sameFile(trainFile, testFile);
    CommandFiles files = new CommandFiles().data("--train", trainFile, data);
    if (!sameData) {
      files.data("--test", testFile, data);
    }
    files.output("--predictions", predictions.value()).check();

    PrintWriter err = spec.commandLine().getErr();
    TrainThenTestResult result;
    Dataset train;
    Dataset test;
    try (Progress progress = progressOptions.progress(spec)) {
      Inputs read = read(settings, sameData, progress);
      train = read.train();
      test = read.test();
      result = run(settings, train, test, config, progress);
    }
    warnAfterTheRun(err, result, sameData, train, test);
    if (predictions.value() != null) {
      writePredictions(result.learner(), test, result.scaler());
    }

    // the report goes to stderr when the predictions take standard output
    PrintWriter out = CliOutput.isStandardOutput(predictions.value()) ? err : spec.commandLine().getOut();
    if (json.value()) {
      printJson(out, result);
    } else {
      printHuman(out, result);
    }
    out.flush();
    return 0;
  }

  /**
   * TRAIN and TEST read (the same file once), checked against each other and the data options, with L labels each,
   * and the scaling and budget advice given.
   */
  private Inputs read(Settings settings, boolean sameData, Progress progress) throws IOException {
    Dataset train;
    Dataset test;
    // all reading (and hashing) happens before the clock starts; the JIT compiles the learner's kernels on the
    // spare core meanwhile, from the start: shaped by --num-labels or by the training file's first examples
    JitWarmup warmup = DataLoading.warmupBeforeReading(settings, trainFile, data);
    try {
      train = DataLoading.readHashed(trainFile, data, progress);
      if (sameData) {
        test = train;
      } else {
        if (warmup == null) {
          warmup = DataLoading.warmup(settings, train.numLabels(), train);
        } else if (data.numLabels != null && DataLoading.warmsDense(train)) {
          // shaped by --num-labels alone (one from the first examples has the data's shape already): dense data
          // takes other code paths (a kernel store's dense rows)
          warmup.close();
          warmup = DataLoading.warmup(settings, train.numLabels(), train);
        }
        test = DataLoading.readHashed(testFile, data, progress);
        DataLoading.checkTestLikeTraining(train, trainFile, test, testFile, mismatch.allowed(), progress);
      }
    } finally {
      if (warmup != null) {
        warmup.close();
      }
    }
    DataLoading.checkFormatOptions(data, trainFile, train, testFile, test);
    int numLabels = DataLoading.requireLabels(
        data.numLabels != null ? data.numLabels : Math.max(train.numLabels(), test.numLabels()), trainFile, data);
    Map<Path, Dataset> inputs = new java.util.LinkedHashMap<>();
    inputs.put(trainFile, train);
    inputs.put(testFile, test);
    String inferred = DataLoading.inferredLabels(data, numLabels, inputs);
    if (inferred != null) {
      progress.warn(inferred);
    }
    train = DataLoading.withLabels(train, numLabels);
    test = sameData ? train : DataLoading.withLabels(test, numLabels);
    String trainName = "the training data " + DataFiles.displayName(trainFile);
    ScalingAdvice.unlessScaled(spec, "--scale", progress, train, trainName);
    ScalingAdvice.ifBudgetNeverActs(progress, settings, train.size(), trainName);
    return new Inputs(train, test);
  }

  /** The training and test data as read, with L labels each (one dataset twice when TRAIN is TEST). */
  private record Inputs(Dataset train, Dataset test) {}

  /** The warnings of a finished run: no examples, test data that is the training data, no label predicted. */
  private void warnAfterTheRun(PrintWriter err, TrainThenTestResult result, boolean sameData, Dataset train, Dataset test)
      throws IOException {
    Warnings.ifNoExamples(err, result.trainExamples(), "the training data " + DataFiles.displayName(trainFile));
    Warnings.ifNoExamples(err, result.testExamples(), "the test data " + DataFiles.displayName(testFile), "nothing was scored,"
        + " and every metric is undefined");
    String same = DataLoading.testIsTraining(trainFile, testFile, sameData, train, test);
    if (same != null) {
      Warnings.print(err, same);
    }
    Warnings.ifAllPredictionsEmpty(err, result.metrics(), result.testExamples(),
        "on the test data " + DataFiles.displayName(testFile), result.learner());
  }

  /** The library's protocol, watched by the progress bar (which counts examples and changes nothing). */
  private static TrainThenTestResult run(Settings settings, Dataset train, Dataset test, TrainThenTest.Config config,
      Progress progress) {
    TrainThenTestResult result = TrainThenTest.run(settings, DataView.of(train), DataView.of(test), config // shapes: DataLoading
        .withDataFiles(DataLoading.dataFiles(train, test)).withShapeCheck(false).withObserver(new TrainThenTest.Observer() {
          @Override
          public void phase(String name, long examples) {
            progress.start(name, examples, false);
          }

          @Override
          public OnlineMultiLabelLearner observe(OnlineMultiLabelLearner learner) {
            return progress.counting(learner);
          }
        }));
    progress.finish();
    return result;
  }

  /**
   * The test predictions as {@code alt predict} writes them: the protocol's scaler and the frozen model, blocks of
   * examples predicted on every core ({@link PredictionPipeline}) and written in order.
   */
  private void writePredictions(OnlineMultiLabelLearner model, Dataset test, FeatureScaler scaler) throws IOException {
    try (CliOutput file = CliOutput.open(spec, predictions.value());
        PredictionPipeline pipeline = new PredictionPipeline(model, scaler, false, file.stream(),
            threads.value() == 0 ? Runtime.getRuntime().availableProcessors() : threads.value())) {
      SparseVector x = new SparseVector();
      for (int i = 0; i < test.size(); i++) {
        pipeline.add(test.features(i, x));
      }
      pipeline.flush();
      file.commit();
    }
  }

  private void printJson(PrintWriter out, TrainThenTestResult result) throws IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      Reports.metrics(g, "metrics", result.metrics());
      Reports.counts(g, result.metrics());
      Reports.number(g, "trainSeconds", result.trainSeconds());
      Reports.number(g, "testSeconds", result.testSeconds());
      g.writeNumberField("trainExamples", result.trainExamples());
      g.writeNumberField("testExamples", result.testExamples());
      Reports.number(g, "trainNanosPerExample", Reports.nanosPerExample(result.trainSeconds(), result.trainExamples()));
      Reports.number(g, "testNanosPerExample", Reports.nanosPerExample(result.testSeconds(), result.testExamples()));
      g.writeNumberField("testThreads", result.threads());
      g.writeNumberField("numLabels", result.learner().numLabels());
      Reports.model(g, result.learner());
      Reports.runRecord(g, result.record());
      g.writeEndObject();
    }
    out.println();
  }

  private void printHuman(PrintWriter out, TrainThenTestResult result) {
    out.printf(Locale.ROOT, "train-then-test: %s, order %s%s, scale %s%n", Reports.describe(result.learner()),
        order.toLowerCase(Locale.ROOT), ProtocolOptions.order(order) == Order.SHUFFLE ? " (seed " + seed.seed() + ")" : "",
        scale.value().toLowerCase(Locale.ROOT));
    out.printf(Locale.ROOT, "train %s: %d examples, %.3f s (%.0f ns/example)%n", DataLoading.shortName(trainFile),
        result.trainExamples(), result.trainSeconds(), Reports.nanosPerExample(result.trainSeconds(), result.trainExamples()));
    out.printf(Locale.ROOT, "test  %s: %d examples, %.3f s (%.0f ns/example, %d threads)%n", DataLoading.shortName(testFile),
        result.testExamples(), result.testSeconds(), Reports.nanosPerExample(result.testSeconds(), result.testExamples()),
        result.threads());
    String statistics = Reports.statisticsLine(result.learner(), verbose);
    if (!statistics.isEmpty()) {
      out.println(statistics);
    }
    out.println();
    Reports.paperTable(result.learner().name(), result.metrics(), result.testExamples(), "test examples", out);
  }
}
