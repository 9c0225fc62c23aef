package org.altml.cli.command;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ScalingAdvice;
import org.altml.cli.open.OpenData;
import org.altml.cli.open.OpenPrequentialRun;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.OpenOptions;
import org.altml.cli.options.PredictionsOption;
import org.altml.cli.output.Predictions;
import org.altml.cli.options.JsonOption;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.options.RegistryLearnerOptions;
import org.altml.cli.options.ScaleOption;
import org.altml.cli.options.SeedOptions;
import org.altml.cli.options.ZeroDivisionOption;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.CurveWriter;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Reports;
import org.altml.cli.output.Warnings;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.RunRecord;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Settings;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.open.Vocabulary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt prequential}: predict-then-update over one stream ({@link Prequential}), streamed from the
 * file (never loaded whole), with cumulative and sliding-window metrics and a learning curve.
 */
@Command(
    name = "prequential",
    modelTransformer = RegistryLearnerOptions.Required.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Prequential evaluation (predict, score, then learn) over a streamed file.",
    description = {
      "Prequential evaluation: each example of DATA, in file order, is first predicted by the current",
      "model and scored, then learned. The file is streamed, never loaded whole, when L is known.",
      "Reports cumulative metrics and metrics over the last W examples; every K examples a point of the",
      "learning curve is recorded (--curve writes it as CSV or JSON lines).",
      "DATA is read once ('-': standard input). L is --num-labels, else declared by the file (ARFF);",
      "else (LIBSVM) the examples are loaded into memory first, so that L is the largest label + 1.",
      "--scale standardize keeps running statistics, updated after each prediction (no peeking).",
      "--seed seeds the learner's own random choices (the linear learners make none)."
    })
public final class PrequentialCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "The stream (LIBSVM or ARFF, gzipped or not; '-': standard input).")
  private Path dataFile;

  @Option(names = "--window", defaultValue = "1000", paramLabel = "W",
      description = "Sliding-window width (default: ${DEFAULT-VALUE}).")
  private int window;

  @Option(names = "--every", defaultValue = "1000", paramLabel = "K",
      description = "A learning-curve point every K examples (default: ${DEFAULT-VALUE}).")
  private long every;

  @Option(names = "--curve", paramLabel = "FILE",
      description = "Write the learning curve to FILE (atomically), or to stdout when FILE is '-' (the summary then goes"
          + " to stderr). Never an input file.")
  private String curve;

  @Option(names = "--curve-format", paramLabel = "FORMAT",
      description = "csv or jsonl (default: from FILE's extension, .jsonl or .json for jsonl, else csv).")
  private CurveWriter.Format curveFormat;

  @Option(names = "--max-examples", paramLabel = "N", description = "Stop after N examples (default: the whole stream).")
  private Long maxExamples;

  @Mixin private ScaleOption scale;

  @Mixin private ZeroDivisionOption zeroDivision;

  @Mixin private JsonOption json;

  @Mixin private SeedOptions seed;

  @Mixin private DataOptions data;

  @Mixin private ProgressOptions progressOptions;

  @Mixin private OpenOptions open;

  @Mixin private PredictionsOption predictions;

  /** Creates the command (picocli fills its fields). */
  public PrequentialCommand() {}

  @Override
  public Integer call() throws Exception {
    Settings settings = RegistryLearnerOptions.settings(spec);
    FeatureScaling scaling = ProtocolOptions.scaling(scale.value());
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(zeroDivision.value());
    checkOptions();
    OpenData.check(open, data, dataFile);
    long limit = maxExamples != null ? maxExamples : Long.MAX_VALUE;
    Prequential.Config config = new Prequential.Config(window, every, scaling, policy, limit);
    Path curveFile = curve == null ? null : Path.of(curve);
    Path predictionsFile = predictions.value();
    new CommandFiles().data("--data", dataFile, data).output("--curve", curveFile).output("--predictions", predictionsFile)
        .check();
    if (CliOutput.isStandardOutput(curveFile) && CliOutput.isStandardOutput(predictionsFile)) {
      throw new IllegalArgumentException("--curve - and --predictions - cannot both go to standard output");
    }
    if (open.open) {
      return callOpen(settings, config, curveFile, predictionsFile);
    }

    boolean curveToStdout = CliOutput.isStandardOutput(curveFile) || CliOutput.isStandardOutput(predictionsFile);
    PrintWriter err = spec.commandLine().getErr();
    PrequentialResult result;
    List<RunRecord.DataFile> dataFiles;
    try (Progress progress = progressOptions.progress(spec);
        ExampleStream file = DataLoading.open(dataFile, DataLoading.readOptions(data).withInputHashing(true)
            .withParseThreads(DataLoading.parseThreads()), progress);
        CliOutput curveOut = curveFile == null ? null : CliOutput.open(spec, curveFile);
        CliOutput predictionsOut = predictionsFile == null ? null : CliOutput.open(spec, predictionsFile)) {
      DataLoading.checkFormatOptions(data, dataFile, file);
      ExampleStream examples = file;
      int numLabels = data.numLabels != null ? data.numLabels : file.numLabels();
      long loaded = -1;
      if (numLabels < 0) {
        Dataset head = loadForLabels(file, limit, progress);
        numLabels = head.numLabels();
        loaded = head.size();
        progress.start("learning", loaded, false);
        examples = head.stream();
      }
      DataLoading.requireLabels(numLabels, dataFile, data);
      // d when the file declares it (ARFF), so the model is allocated once; else it grows with the stream
      LearnerContext context = new LearnerContext(numLabels, Math.max(0, file.numFeatures()), -1, seed.seed());
      CurveWriter curveWriter = curveOut == null ? null : new CurveWriter(curveOut.writer(), curveFormat(curve, curveFormat));
      // loaded examples: the bar follows the curve points (a streamed file's bar counts its bytes)
      boolean countPoints = loaded >= 0 && progress.shown();
      Prequential.Listener listener = !countPoints ? curveWriter : point -> {
        if (curveWriter != null) {
          curveWriter.onSample(point);
        }
        progress.stepTo(point.examples());
      };
      // ranges seen as the stream is learned from: the scaling advice comes at its end
      ScalingAdvice ranges = spec.commandLine().getParseResult().hasMatchedOption("--scale") ? null : new ScalingAdvice();
      Predictions lines = predictionsOut == null ? null : new Predictions(predictionsOut.writer(), numLabels, false);
      result = Prequential.run(settings, context, ranges == null ? examples : ranges.watching(examples),
          config.withSeed(seed.seed()).withListener(listener), lines == null ? null : (n, truth, scores) -> lines.write(scores));
      if (curveOut != null) {
        curveOut.commit();
      }
      if (predictionsOut != null) {
        predictionsOut.commit();
      }
      progress.finish();
      String streamName = "the data " + DataFiles.displayName(dataFile);
      ScalingAdvice.warn(progress, ranges == null ? null : ranges.warning(streamName));
      ScalingAdvice.ifBudgetNeverActs(progress, settings, result.examples(), streamName);
      boolean atEnd = (loaded >= 0 ? loaded : result.examples()) < limit;
      dataFiles = DataLoading.dataFiles(file, atEnd, dataFile, data);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return report(result, dataFiles, curveToStdout, null);
  }

  /** {@code --open}: the open protocol over a stream whose labels and features grow. */
  private Integer callOpen(Settings settings, Prequential.Config config, Path curveFile, Path predictionsFile)
      throws IOException {
    OpenPrequentialRun run;
    try (Progress progress = progressOptions.progress(spec);
        CliOutput curveOut = curveFile == null ? null : CliOutput.open(spec, curveFile);
        CliOutput predictionsOut = predictionsFile == null ? null : CliOutput.open(spec, predictionsFile)) {
      CurveWriter curveWriter = curveOut == null ? null : new CurveWriter(curveOut.writer(), curveFormat(curve, curveFormat));
      run = OpenPrequentialRun.run(settings, open, data, dataFile, config.withSeed(seed.seed()).withListener(curveWriter),
          predictionsOut == null ? null : predictionsOut.writer());
      if (curveOut != null) {
        curveOut.commit();
      }
      if (predictionsOut != null) {
        predictionsOut.commit();
      }
      progress.finish();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    PrequentialResult result = run.result();
    return report(result, List.of(), CliOutput.isStandardOutput(curveFile) || CliOutput.isStandardOutput(predictionsFile),
        run.vocabulary());
  }

  private Integer report(PrequentialResult result, List<RunRecord.DataFile> dataFiles, boolean summaryToStderr,
      Vocabulary vocabulary) throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    result.learner().checkFinite();
    result = withRecord(result, Reports.record(result.record(), result.record().seeds(), dataFiles));
    Warnings.ifNoExamples(err, result.examples(), "the data " + DataFiles.displayName(dataFile));
    Warnings.ifAllPredictionsEmpty(err, result.cumulative(), result.examples(), "of the stream", result.learner());

    PrintWriter summary = summaryToStderr ? err : spec.commandLine().getOut();
    if (json.value()) {
      printJson(summary, result, vocabulary);
    } else {
      printHuman(summary, result, vocabulary);
    }
    summary.flush();
    return 0;
  }

  private void checkOptions() {
    if (maxExamples != null && maxExamples < 1) {
      throw new IllegalArgumentException("--max-examples must be >= 1: " + maxExamples);
    }
    if (curveFormat != null && curve == null) {
      throw new IllegalArgumentException("--curve-format is the format of --curve FILE, which is not given");
    }
    if (window < 1) {
      throw new IllegalArgumentException("--window must be >= 1: " + window);
    }
    if (every < 1) {
      throw new IllegalArgumentException("--every must be >= 1: " + every);
    }
  }

  /**
   * The stream's first {@code limit} examples, loaded: LIBSVM declares no L, and the learner needs it before the first
   * example, so the examples are loaded once (the file is read once) and L is the largest label + 1.
   */
  private Dataset loadForLabels(ExampleStream file, long limit, Progress progress) throws IOException {
    Dataset head = DataLoading.load(file, DataFiles.displayName(dataFile), limit);
    if (head.numLabels() == 0) {
      throw new IllegalArgumentException(DataFiles.displayName(dataFile) + ": no example has a label; give --num-labels");
    }
    String inferred = DataLoading.inferredLabels(data, head.numLabels(), Map.of(dataFile, head));
    if (inferred != null) {
      progress.warn(inferred);
    }
    return head;
  }

  /** {@code r} with another run record (the data files are known only once the stream has been read). */
  static PrequentialResult withRecord(PrequentialResult r, RunRecord record) {
    return new PrequentialResult(r.cumulative(), r.window(), r.curve(), r.examples(), r.learningSeconds(), r.config(),
        r.learner(), r.scaler(), record);
  }

  /** Examples per second of learning time (NaN for no time). */
  static double examplesPerSecond(long examples, double seconds) {
    return seconds > 0 ? examples / seconds : Double.NaN;
  }

  private void printJson(PrintWriter out, PrequentialResult result, Vocabulary vocabulary) throws IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      Reports.metrics(g, "metrics", result.cumulative());
      Reports.counts(g, result.cumulative());
      Reports.metrics(g, "windowMetrics", result.window());
      g.writeNumberField("windowRankingLossLeftOut", result.window().rankingLossLeftOut());
      g.writeNumberField("window", window);
      g.writeNumberField("every", every);
      g.writeNumberField("examples", result.examples());
      Reports.number(g, "learningSeconds", result.learningSeconds());
      Reports.number(g, "examplesPerSecond", examplesPerSecond(result.examples(), result.learningSeconds()));
      g.writeNumberField("curvePoints", result.curve().size());
      g.writeNumberField("numLabels", vocabulary != null ? vocabulary.labels().size() : result.learner().numLabels());
      if (vocabulary != null) {
        g.writeArrayFieldStart("labels");
        for (String name : vocabulary.labels().names()) {
          g.writeString(name);
        }
        g.writeEndArray();
        g.writeStringField("features", vocabulary.features().describe());
      }
      Reports.model(g, result.learner());
      Reports.runRecord(g, result.record());
      g.writeEndObject();
    }
    out.println();
  }

  private void printHuman(PrintWriter out, PrequentialResult result, Vocabulary vocabulary) {
    out.printf(Locale.ROOT, "prequential: %s, scale %s, %s%n", Reports.describe(result.learner()),
        scale.value().toLowerCase(Locale.ROOT), DataLoading.shortName(dataFile));
    if (vocabulary != null) {
      out.printf(Locale.ROOT, "open stream: %d labels seen, features: %s%n", vocabulary.labels().size(),
          vocabulary.features().describe());
    }
    out.printf(Locale.ROOT, "%d examples, %.3f s learning (%.0f examples/s)%n", result.examples(),
        result.learningSeconds(), examplesPerSecond(result.examples(), result.learningSeconds()));
    out.println();
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("metrics"));
    header.addAll(Reports.PAPER_HEADERS);
    rows.add(header);
    rows.add(row("cumulative", result.cumulative()));
    rows.add(row("last " + Math.min(window, result.examples()), result.window()));
    Reports.table(rows, out);
  }

  private static List<String> row(String name, MetricReport report) {
    List<String> row = new ArrayList<>(List.of(name));
    row.addAll(Reports.paperPercentages(report));
    return row;
  }

  /** The curve's format: the one given, else from the file name's extension (.jsonl, .json: jsonl; else csv). */
  static CurveWriter.Format curveFormat(String file, CurveWriter.Format given) {
    if (given != null) {
      return given;
    }
    String name = file.toLowerCase(java.util.Locale.ROOT);
    return name.endsWith(".jsonl") || name.endsWith(".json") ? CurveWriter.Format.jsonl : CurveWriter.Format.csv;
  }
}
