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
import org.altml.cli.options.JsonOption;
import org.altml.cli.options.MisfitOptions;
import org.altml.cli.options.ModelScaleOption;
import org.altml.cli.options.PredictionsOption;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.options.SavedModelOption;
import org.altml.cli.options.ThreadsOption;
import org.altml.cli.options.ZeroDivisionOption;
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
import org.altml.sparse.io.files.DataFiles;
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
      "training data was.",
      "An open model (alt train --open) reads its kind of records (--format) through its",
      "vocabulary; labels of DATA it never saw count as missed (docs/open-streams.md)."
    })
public final class TestCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private SavedModelOption savedModel;

  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "Labelled examples to score the model on (LIBSVM or ARFF; '-': standard input).")
  private Path dataFile;

  @Mixin private PredictionsOption predictions;

  @Mixin private ZeroDivisionOption zeroDivision;

  @Mixin private ThreadsOption threads;

  @Mixin private ModelScaleOption scale;

  @Mixin private MisfitOptions misfit;

  @Mixin private JsonOption json;

  @Mixin private DataOptions data;

  @Mixin private ProgressOptions progressOptions;

  @Option(names = "--format", paramLabel = "FORMAT",
      description = "An open model's records: libsvm, libsvm-names or json (default: json for .jsonl and .json, else libsvm).")
  private String format;

  /** Creates the command (picocli fills its fields). */
  public TestCommand() {}

  @Override
  public Integer call() throws Exception {
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(zeroDivision.value());
    ProtocolOptions.threads(threads.value());
    int workers = threads.value() == 0 ? Runtime.getRuntime().availableProcessors() : threads.value();
    new CommandFiles().input("--model", savedModel.value(), "model file").data("--data", dataFile, data)
        .output("--predictions", predictions.value()).check();
    SavedModel saved = ModelFit.readToApply(savedModel.value(), scale.value(), data);
    FeatureScaler scaler = saved.scaler();
    PrintWriter err = spec.commandLine().getErr();
    OnlineMultiLabelLearner model = saved.learner();
    MetricReport report;
    long examples;
    double seconds;
    String trainedOn;
    String beyond;
    if (saved.isOpen()) { // an open model: records through its vocabulary, labels by name, on one thread
      if (data.numLabels != null || data.labelsGiven()) {
        throw new IllegalArgumentException("the model " + savedModel.value() + " is open (its labels are those it saw): leave"
            + " --num-labels and the ARFF label options out");
      }
      long start = System.nanoTime();
      org.altml.cli.open.OpenTest run;
      try (CliOutput out = predictions.value() != null ? CliOutput.open(spec, predictions.value()) : null) {
        run = org.altml.cli.open.OpenTest.run(saved, dataFile, org.altml.cli.open.OpenData.format(format, dataFile), policy,
            out == null ? null : out.writer());
        if (out != null) {
          out.commit();
        }
      }
      report = run.report();
      examples = run.examples();
      seconds = (System.nanoTime() - start) * 1e-9;
      trainedOn = null;
      beyond = null;
      workers = 1;
    } else {
      if (format != null) {
        throw new IllegalArgumentException("--format reads the records of an open model; the model " + savedModel.value()
            + " is not open (its data is LIBSVM or ARFF)");
      }
      try (Progress progress = progressOptions.progress(spec);
          CliOutput out = predictions.value() != null ? CliOutput.open(spec, predictions.value()) : null) {
        ModelFit fit = new ModelFit(saved, savedModel.value(), dataFile, misfit.newFeatures, progress)
            .allowShapeMismatch(misfit.shapeMismatch);
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
    }
    Warnings.ifNoExamples(err, examples, "the data " + DataFiles.displayName(dataFile), "nothing was scored, and every metric is"
        + " undefined");
    if (trainedOn != null) {
      Warnings.print(err, trainedOn);
    }
    if (beyond != null) {
      Warnings.print(err, beyond);
    }
    if (!saved.isOpen()) {
      Warnings.ifAllPredictionsEmpty(err, report, examples, "on the data " + DataFiles.displayName(dataFile), model);
    }

    // the report goes to stderr when the predictions take standard output
    PrintWriter out = CliOutput.isStandardOutput(predictions.value()) ? err : spec.commandLine().getOut();
    if (json.value()) {
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
      g.writeStringField("modelFile", DataFiles.displayName(savedModel.value()));
      g.writeStringField("data", DataFiles.displayName(dataFile));
      Reports.model(g, model);
      g.writeEndObject();
    }
    out.println();
  }

  private void printHuman(PrintWriter out, OnlineMultiLabelLearner model, MetricReport report, long examples,
      double seconds, int workers) {
    out.printf(Locale.ROOT, "test: %s, from %s%n", Reports.describe(model), DataLoading.shortName(savedModel.value()));
    out.printf(Locale.ROOT, "data %s: %d examples, %.3f s end to end (%.0f ns/example, %d threads)%n",
        DataLoading.shortName(dataFile), examples, seconds, Reports.nanosPerExample(seconds, examples), workers);
    out.println();
    Reports.paperTable(model.name(), report, examples, "examples", out);
  }
}
