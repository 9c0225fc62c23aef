package org.altml.cli;

import org.altml.sparse.io.AtomicOutput;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.RunRecord;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Settings;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.ExampleStream;
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
    modelTransformer = LearnerOptions.Required.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Prequential evaluation (predict, score, then learn) over a streamed file.",
    description = {
      "Prequential evaluation: each example of DATA, in file order, is first predicted by the current",
      "model and scored, then learned. The file is streamed, never loaded whole.",
      "Reports cumulative metrics and metrics over the last W examples; every K examples a point of the",
      "learning curve is recorded (--curve writes it as CSV or JSON lines).",
      "L is --num-labels, else declared by the file (ARFF), else found by a first streaming pass (LIBSVM).",
      "--scale standardize keeps running statistics, updated after each prediction (no peeking).",
      "--seed seeds the learner's own random choices (the linear learners make none)."
    })
public final class PrequentialCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "The stream (LIBSVM or ARFF, gzipped or not).")
  private Path dataFile;

  @Option(names = "--window", defaultValue = "1000", paramLabel = "W",
      description = "Sliding-window width (default: ${DEFAULT-VALUE}).")
  private int window;

  @Option(names = "--every", defaultValue = "1000", paramLabel = "K",
      description = "A learning-curve point every K examples (default: ${DEFAULT-VALUE}).")
  private long every;

  @Option(names = "--curve", paramLabel = "FILE",
      description = "Write the learning curve to FILE (atomically), or to stdout when FILE is '-' (the summary then goes to stderr).")
  private String curve;

  @Option(names = "--curve-format", defaultValue = "csv", paramLabel = "FORMAT",
      description = "csv or jsonl (default: ${DEFAULT-VALUE}).")
  private CurveWriter.Format curveFormat;

  @Option(names = "--max-examples", paramLabel = "N", description = "Stop after N examples (default: the whole stream).")
  private Long maxExamples;

  @Option(names = "--scale", defaultValue = "none", paramLabel = "SCALING",
      description = "Feature scaling: none, standardize (running statistics) or l2 (default: ${DEFAULT-VALUE}).")
  private String scale;

  @Option(names = "--zero-division", defaultValue = "spec", paramLabel = "POLICY",
      description = "0/0 in the metrics: spec, zero or one (default: ${DEFAULT-VALUE}).")
  private String zeroDivision;

  @Option(names = "--json", description = "Print the summary as one JSON object (metrics as fractions, run record).")
  private boolean json;

  @Mixin private SeedOptions seed;

  @Mixin private DataOptions data;

  /** Creates the command (picocli fills its fields). */
  public PrequentialCommand() {}

  @Override
  public Integer call() throws Exception {
    Settings settings = LearnerOptions.settings(spec);
    FeatureScaling scaling = ProtocolOptions.scaling(scale);
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(zeroDivision);
    if (maxExamples != null && maxExamples < 1) {
      throw new IllegalArgumentException("--max-examples must be >= 1: " + maxExamples);
    }
    if (window < 1) {
      throw new IllegalArgumentException("--window must be >= 1: " + window);
    }
    if (every < 1) {
      throw new IllegalArgumentException("--every must be >= 1: " + every);
    }
    Prequential.Config config = new Prequential.Config(window, every, scaling, policy,
        maxExamples != null ? maxExamples : Long.MAX_VALUE);

    int numLabels = numLabels();
    List<RunRecord.DataFile> dataFiles = DataLoading.dataFiles(data, dataFile);

    boolean curveToStdout = "-".equals(curve);
    PrintWriter out = spec.commandLine().getOut();
    PrequentialResult result;
    try (ExampleStream stream = openData(dataFile)) {
      // d when the file declares it (ARFF), so the model is allocated once; else it grows with the stream
      LearnerContext context = new LearnerContext(numLabels, Math.max(0, stream.numFeatures()), -1, seed.seed());
      if (curve == null || curveToStdout) {
        Prequential.Listener listener = curveToStdout ? new CurveWriter(out, curveFormat) : null;
        result = Prequential.run(settings, context, seed.seed(), stream, config, listener, dataFiles);
        out.flush();
      } else {
        try (AtomicOutput file = AtomicOutput.create(Path.of(curve))) {
          result = Prequential.run(settings, context, seed.seed(), stream, config,
              new CurveWriter(file.writer(), curveFormat), dataFiles);
          file.commit();
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    result.learner().checkFinite();

    PrintWriter summary = curveToStdout ? spec.commandLine().getErr() : out;
    if (json) {
      printJson(summary, result);
    } else {
      printHuman(summary, result);
    }
    summary.flush();
    return 0;
  }

  private ExampleStream openData(Path file) throws IOException {
    return org.altml.sparse.io.DataFiles.open(file, DataLoading.readOptions(data));
  }

  /** L: the option, else the file's declaration, else the largest label of a first streaming pass, plus one. */
  private int numLabels() throws IOException {
    if (data.numLabels != null) {
      return data.numLabels;
    }
    long limit = maxExamples != null ? maxExamples : Long.MAX_VALUE;
    try (ExampleStream s = openData(dataFile)) {
      if (s.numLabels() > 0) {
        return s.numLabels();
      }
      int max = -1;
      for (long n = 0; n < limit && s.advance(); n++) {
        max = Math.max(max, s.labels().maxLabel());
      }
      if (max < 0) {
        throw new IllegalArgumentException(dataFile + ": no example has a label; give --num-labels");
      }
      return max + 1;
    }
  }

  /** Examples per second of learning time (NaN for no time). */
  static double examplesPerSecond(long examples, double seconds) {
    return seconds > 0 ? examples / seconds : Double.NaN;
  }

  private void printJson(PrintWriter out, PrequentialResult result) throws IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      Reports.metrics(g, "metrics", result.cumulative());
      Reports.counts(g, result.cumulative());
      Reports.metrics(g, "windowMetrics", result.window());
      g.writeNumberField("window", window);
      g.writeNumberField("every", every);
      g.writeNumberField("examples", result.examples());
      Reports.number(g, "learningSeconds", result.learningSeconds());
      Reports.number(g, "examplesPerSecond", examplesPerSecond(result.examples(), result.learningSeconds()));
      g.writeNumberField("curvePoints", result.curve().size());
      g.writeNumberField("numLabels", result.learner().numLabels());
      Reports.runRecord(g, result.record());
      g.writeEndObject();
    }
    out.println();
  }

  private void printHuman(PrintWriter out, PrequentialResult result) {
    out.printf(Locale.ROOT, "prequential: %s, scale %s, %s%n", Reports.describe(result.learner()),
        scale.toLowerCase(Locale.ROOT), dataFile.getFileName());
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
}
