package org.altml.cli.command;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ModelFit;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Reports;
import org.altml.cli.output.Warnings;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt test}: the test pass of {@code alt evaluate} for a model saved by {@code alt train}, on a labelled
 * data file streamed through {@link PredictionPipeline}: parsed on every core, predicted and scored in blocks on
 * every core, never held in memory whole. The metrics are those {@code alt evaluate} reports for the same model
 * and test file (metric sums are exact, so neither the blocks nor the threads change them), and the optional
 * predictions file is what {@code alt predict} writes. The time it reports is the whole pass: reading, predicting,
 * scoring and writing.
 */
@Command(
    name = "test",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "The paper's seven metrics of a saved model on labelled DATA (streamed).",
    description = {
      "Scores a model saved by 'alt train' on the labelled examples of DATA,",
      "streamed ('-': standard input): the paper's seven metrics (percentages, as",
      "in its Table 3), the same as 'alt evaluate' reports for that model and test",
      "file, and the time of the whole pass (reading, predicting, scoring, writing).",
      "--json prints every metric as a fraction. DATA must fit the model as for",
      "'alt predict' (no more labels, the same label names, not many more",
      "features; a shape it declares, as an ARFF header or --num-labels does, must be",
      "the model's unless --allow-shape-mismatch), and is scaled as the model's",
      "training data was."
    })
public final class TestCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--model", required = true, paramLabel = "FILE",
      description = "A model saved by 'alt train' ('-': standard input).")
  private Path modelFile;

  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "Labelled examples to score the model on (LIBSVM or ARFF; '-': standard input).")
  private Path dataFile;

  @Option(names = "--predictions", paramLabel = "FILE",
      description = "Also write the predictions in the format of 'alt predict' (written atomically; '-': stdout,"
          + " and the report goes to stderr). Never an input file.")
  private Path predictions;

  @Option(names = "--zero-division", defaultValue = "spec", paramLabel = "POLICY",
      description = "0/0 in the metrics: spec (1 when both sets are empty, else 0), zero or one (default: ${DEFAULT-VALUE}).")
  private String zeroDivision;

  @Option(names = "--threads", defaultValue = "0", paramLabel = "T",
      description = "Threads predicting and scoring (the metrics do not depend on it); 0 = all cores (default: ${DEFAULT-VALUE}).")
  private int threads;

  @Option(names = "--scale", paramLabel = "SCALING",
      description = "Not needed: the model's own scaling is applied. If given, it must be the model's.")
  private String scale;

  @Option(names = "--allow-new-features",
      description = "Score data with many more features than the model was trained on (a warning, not an error).")
  private boolean allowNewFeatures;

  @Option(names = "--allow-shape-mismatch",
      description = "Score data that declares another shape than the model's (fewer labels or features, label names"
          + " against label ids): a warning, not an error.")
  private boolean allowShapeMismatch;

  @Option(names = "--json", description = "Print one JSON object: metrics (fractions), counts, timing, the model.")
  private boolean json;

  @Mixin private DataOptions data;

  @Mixin private ProgressOptions progressOptions;

  /** Creates the command (picocli fills its fields). */
  public TestCommand() {}

  @Override
  public Integer call() throws Exception {
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(zeroDivision);
    ProtocolOptions.threads(threads);
    int workers = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
    new CommandFiles().input("--model", modelFile, "model file").data("--data", dataFile, data)
        .output("--predictions", predictions).check();
    SavedModel saved = ModelFit.readToApply(modelFile, scale, data);
    FeatureScaler scaler = saved.scaler();
    PrintWriter err = spec.commandLine().getErr();
    OnlineMultiLabelLearner model = saved.learner();
    MetricReport report;
    long examples;
    double seconds;
    String trainedOn;
    String beyond;
    try (Progress progress = progressOptions.progress(spec);
        CliOutput out = predictions != null ? CliOutput.open(spec, predictions) : null) {
      ModelFit fit = new ModelFit(saved, modelFile, dataFile, allowNewFeatures, progress).allowShapeMismatch(allowShapeMismatch);
      fit.declaredLabels(data.numLabels);
      long start = System.nanoTime();
      try (ExampleStream stream = PredictCommand.open(dataFile, data, progress, fit, true);
          PredictionPipeline pipeline = PredictionPipeline.withMetrics(model, scaler, out != null ? out.stream() : null,
              workers, policy)) {
        PredictCommand.feed(stream, fit, pipeline, true);
        report = pipeline.metrics().report();
        examples = pipeline.examples();
        trainedOn = fit.trainingData(DataLoading.dataDigest(stream.inputDigests()));
        beyond = fit.featuresBeyond(true);
      }
      seconds = (System.nanoTime() - start) * 1e-9;
      if (out != null) {
        out.commit();
      }
    }
    Warnings.ifNoExamples(err, examples, "the data " + DataFiles.displayName(dataFile), "nothing was scored, and every metric is"
        + " undefined");
    if (trainedOn != null) {
      Warnings.print(err, trainedOn);
    }
    if (beyond != null) {
      Warnings.print(err, beyond);
    }
    Warnings.ifAllPredictionsEmpty(err, report, examples, "on the data " + DataFiles.displayName(dataFile), model);

    // the report goes to stderr when the predictions take standard output
    PrintWriter out = CliOutput.isStandardOutput(predictions) ? err : spec.commandLine().getOut();
    if (json) {
      printJson(out, model, report, examples, seconds, workers);
    } else {
      printHuman(out, model, report, examples, seconds, workers);
    }
    out.flush();
    return 0;
  }

  private void printJson(PrintWriter out, OnlineMultiLabelLearner model, MetricReport report, long examples, double seconds,
      int workers) throws IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      Reports.metrics(g, "metrics", report);
      Reports.counts(g, report);
      Reports.number(g, "seconds", seconds);
      g.writeNumberField("examples", examples);
      Reports.number(g, "nanosPerExample", Reports.nanosPerExample(seconds, examples));
      g.writeNumberField("threads", workers);
      g.writeNumberField("numLabels", model.numLabels());
      g.writeStringField("modelFile", DataFiles.displayName(modelFile));
      g.writeStringField("data", DataFiles.displayName(dataFile));
      Reports.model(g, model);
      g.writeEndObject();
    }
    out.println();
  }

  private void printHuman(PrintWriter out, OnlineMultiLabelLearner model, MetricReport report, long examples,
      double seconds, int workers) {
    out.printf(Locale.ROOT, "test: %s, from %s%n", Reports.describe(model), DataLoading.shortName(modelFile));
    out.printf(Locale.ROOT, "data %s: %d examples, %.3f s end to end (%.0f ns/example, %d threads)%n",
        DataLoading.shortName(dataFile), examples, seconds, Reports.nanosPerExample(seconds, examples), workers);
    out.println();
    Reports.paperTable(model.name(), report, examples, "examples", out);
  }
}
