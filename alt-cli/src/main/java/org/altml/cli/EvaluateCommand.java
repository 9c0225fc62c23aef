package org.altml.cli;

import org.altml.sparse.io.AtomicOutput;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.RunRecord;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.Scores;
import org.altml.core.linear.LinearLearner;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
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
      "seen in training contribute nothing."
    })
public final class EvaluateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private LearnerSettings learner;

  @Option(names = "--train", required = true, paramLabel = "FILE", description = "Training data (LIBSVM or ARFF).")
  private Path trainFile;

  @Option(names = "--test", required = true, paramLabel = "FILE", description = "Test data.")
  private Path testFile;

  @Option(names = "--order", defaultValue = "shuffle", paramLabel = "ORDER",
      description = "Training order: file or shuffle (default: ${DEFAULT-VALUE}, seeded by --seed).")
  private String order;

  @Mixin private SeedOptions seed;

  @Option(names = "--scale", defaultValue = "none", paramLabel = "SCALING",
      description = "Feature scaling: none, standardize (fitted on TRAIN only) or l2 (default: ${DEFAULT-VALUE}).")
  private String scale;

  @Option(names = "--zero-division", defaultValue = "spec", paramLabel = "POLICY",
      description = "0/0 in the metrics: spec (1 when both sets are empty, else 0), zero or one (default: ${DEFAULT-VALUE}).")
  private String zeroDivision;

  @Option(names = "--threads", defaultValue = "0", paramLabel = "T",
      description = "Threads predicting the test set; 0 = all cores (default: ${DEFAULT-VALUE}).")
  private int threads;

  @Option(names = "--predictions", paramLabel = "FILE",
      description = "Also write the test predictions in the format of 'alt predict' (written atomically).")
  private Path predictions;

  @Option(names = "--json", description = "Print one JSON object: metrics (fractions), timings, run record.")
  private boolean json;

  @Mixin private DataOptions data;

  /** Creates the command (picocli fills its fields). */
  public EvaluateCommand() {}

  @Override
  public Integer call() throws Exception {
    learner.validate();
    Order trainingOrder = ProtocolOptions.order(order);
    FeatureScaling scaling = ProtocolOptions.scaling(scale);
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(zeroDivision);
    TrainThenTest.Config config = new TrainThenTest.Config(trainingOrder, seed.seed(), scaling, policy, threads);

    // all reading (and hashing) happens before the clock starts
    Dataset train = DataLoading.read(trainFile, data);
    Dataset test = DataLoading.read(testFile, data);
    int numLabels = data.numLabels != null ? data.numLabels : Math.max(train.numLabels(), test.numLabels());
    train = DataLoading.withLabels(train, numLabels);
    test = DataLoading.withLabels(test, numLabels);
    LinearLearner model = learner.create(numLabels);
    RunRecord run = RunRecord.of("train-then-test", model.name(), LearnerSettings.settings(model),
        trainingOrder == Order.SHUFFLE ? Map.of("order", seed.seed()) : Map.of(), ProtocolOptions.name(trainingOrder),
        scaling, policy, DataLoading.files(data, trainFile, testFile));

    // d is known from the file: allocate W once, outside the clock, instead of growing it as features appear
    model.ensureFeatures(train.numFeatures());
    FeatureScaler scaler = FeatureScaler.fit(scaling, train);
    TrainThenTest.Training training = TrainThenTest.train(model, train, trainingOrder, seed.seed(), scaler);
    Learners.checkFinite(model);
    TrainThenTest.Testing testing = TrainThenTest.test(model, test, scaler, policy, config.effectiveThreads());
    if (predictions != null) {
      writePredictions(model, test, scaler);
    }

    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      printJson(out, training, testing, run);
    } else {
      printHuman(out, model, training, testing);
    }
    out.flush();
    return 0;
  }

  private void writePredictions(LinearLearner model, Dataset test, FeatureScaler scaler) throws IOException {
    try (AtomicOutput file = AtomicOutput.create(predictions)) {
      Predictions lines = new Predictions(file.writer(), model.numLabels(), false);
      Scores scores = new Scores(model.numLabels());
      SparseVector x = new SparseVector();
      for (int i = 0; i < test.size(); i++) {
        model.predict(scaler.transform(test.features(i, x)), scores);
        lines.write(scores);
      }
      file.commit();
    }
  }

  private static double nanosPerExample(double seconds, long examples) {
    return examples == 0 ? Double.NaN : seconds * 1e9 / examples;
  }

  private void printJson(PrintWriter out, TrainThenTest.Training training, TrainThenTest.Testing testing, RunRecord run)
      throws IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      Reports.metrics(g, "metrics", testing.metrics());
      Reports.counts(g, testing.metrics());
      Reports.number(g, "trainSeconds", training.seconds());
      Reports.number(g, "testSeconds", testing.seconds());
      g.writeNumberField("trainExamples", training.examples());
      g.writeNumberField("testExamples", testing.examples());
      Reports.number(g, "trainNanosPerExample", nanosPerExample(training.seconds(), training.examples()));
      Reports.number(g, "testNanosPerExample", nanosPerExample(testing.seconds(), testing.examples()));
      g.writeNumberField("testThreads", testing.threads());
      Reports.runRecord(g, run);
      g.writeEndObject();
    }
    out.println();
  }

  private void printHuman(PrintWriter out, LinearLearner model, TrainThenTest.Training training, TrainThenTest.Testing testing) {
    out.printf(Locale.ROOT, "train-then-test: %s, order %s%s, scale %s%n", LearnerSettings.describe(model),
        order.toLowerCase(Locale.ROOT), ProtocolOptions.order(order) == Order.SHUFFLE ? " (seed " + seed.seed() + ")" : "",
        scale.toLowerCase(Locale.ROOT));
    out.printf(Locale.ROOT, "train %s: %d examples, %.3f s (%.0f ns/example)%n", trainFile.getFileName(),
        training.examples(), training.seconds(), nanosPerExample(training.seconds(), training.examples()));
    out.printf(Locale.ROOT, "test  %s: %d examples, %.3f s (%.0f ns/example, %d threads)%n", testFile.getFileName(),
        testing.examples(), testing.seconds(), nanosPerExample(testing.seconds(), testing.examples()), testing.threads());
    out.println();
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("learner"));
    header.addAll(Reports.PAPER_HEADERS);
    rows.add(header);
    List<String> row = new ArrayList<>(List.of(model.name()));
    row.addAll(Reports.paperPercentages(testing.metrics()));
    rows.add(row);
    Reports.table(rows, out);
    if (testing.metrics().rankingLossLeftOut() > 0) {
      out.printf(Locale.ROOT, "(ranking loss leaves out %d of %d test examples: no relevant or no irrelevant label)%n",
          testing.metrics().rankingLossLeftOut(), testing.examples());
    }
  }

}
