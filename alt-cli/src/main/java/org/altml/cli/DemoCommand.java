package org.altml.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.core.eval.CurvePoint;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.RunRecord;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.synth.SparseTextGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt demo}: FALT, SALT and PA-I compared prequentially on a seeded RCV1-shaped stream
 * ({@link SparseTextGenerator} defaults), needing no data files. Each learner sees the same stream,
 * regenerated from the seed (never stored). The metrics are a function of the seed and {@code -n} only.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Compares FALT, SALT and PA-I prequentially on a seeded synthetic RCV1-shaped stream.",
    description = {
      "Compares FALT, SALT and PA-I prequentially (predict, score, then learn) on a seeded synthetic",
      "RCV1-shaped stream: 47,236 features, 76 non-zeros per example, unit-length rows, 101 labels,",
      "cardinality 3.2, labels from a planted sparse linear model plus 0.2%% label noise.",
      "Settings (picked on seed 1, not tuned further): FALT eta=1, M=8; SALT eta=1, delta=0.1, M=8;",
      "PA-I C=1, M=1. With M=1, FALT and SALT barely learn on this stream (F1 about 21%%).",
      "Prints a progress line on stderr and a table of the paper's seven metrics (cumulative, in %%),",
      "the F1 over the last --window examples, and examples per second (learning time only)."
    })
public final class DemoCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private SeedOptions seed;

  @Option(
      names = {"-n", "--examples"},
      defaultValue = "50000",
      paramLabel = "N",
      description = "Examples in the stream (default: ${DEFAULT-VALUE}).")
  private int examples;

  @Option(names = "--window", defaultValue = "5000", paramLabel = "W",
      description = "Width of the sliding window (default: ${DEFAULT-VALUE}).")
  private int window;

  @Option(names = {"--no-progress", "-q", "--quiet"}, description = "No progress display on stderr.")
  private boolean noProgress;

  @Option(names = "--json", description = "Print the results as one JSON object (metrics as fractions, run records).")
  private boolean json;

  /** Creates the command (picocli fills its fields). */
  public DemoCommand() {}

  /**
   * The demo's learners and their settings, as {@code --learner} and parameter values (name=value, the
   * registry's parameter names). M = 8 for FALT and SALT: with one step per example (M = 1) their margins
   * grow too slowly on this stream (cumulative F1 about 0.21 after 50,000 examples for any η); M = 8 (the
   * paper's m = 8/101) lets them learn (FALT about 0.38, window 0.50).
   */
  static final List<String> LEARNERS = List.of(
      "falt eta=1 maxUpdates=8",
      "salt eta=1 delta=0.1 maxUpdates=8",
      "pa1 c=1 maxUpdates=1");

  /** The settings of one line of {@link #LEARNERS}: a learner name, then name=value pairs. */
  static Settings settings(String line) {
    String[] words = line.trim().split("\\s+");
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 1; i < words.length; i++) {
      int eq = words[i].indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("not name=value: '" + words[i] + "' in '" + line + "'");
      }
      values.put(words[i].substring(0, eq), words[i].substring(eq + 1));
    }
    return Settings.parse(LearnerRegistry.get(words[0]), values);
  }

  @Override
  public Integer call() throws Exception {
    if (examples < 1) {
      throw new IllegalArgumentException("--examples must be >= 1: " + examples);
    }
    if (window < 1) {
      throw new IllegalArgumentException("--window must be >= 1: " + window);
    }
    SparseTextGenerator.Config shape = SparseTextGenerator.Config.defaults().withSeed(seed.seed());
    SparseTextGenerator generator = new SparseTextGenerator(shape);
    long every = Math.max(1, Math.min(1000, examples / 100));
    Prequential.Config config = new Prequential.Config(window, every, FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, examples);
    PrintWriter err = spec.commandLine().getErr();
    boolean terminal = !noProgress && Progress.stderrIsTerminal();

    LearnerContext context = new LearnerContext(shape.numLabels(), shape.numFeatures(), examples, seed.seed());
    List<PrequentialResult> results = new ArrayList<>();
    long wallStart = System.nanoTime();
    for (String line : LEARNERS) {
      Settings settings = settings(line);
      ProgressLine progress = noProgress ? null : new ProgressLine(err, settings.describe(), examples, terminal);
      try (ExampleStream stream = generator.stream(examples)) {
        results.add(withStreamSeed(
            Prequential.run(settings, context, seed.seed(), stream, config, progress, List.of())));
      }
      if (progress != null) {
        progress.finish(results.get(results.size() - 1));
      }
    }
    double wallSeconds = (System.nanoTime() - wallStart) * 1e-9;

    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      printJson(out, shape, results);
    } else {
      printHuman(out, shape, results, wallSeconds);
    }
    out.flush();
    return 0;
  }

  /**
   * The progress display: an in-place line (carriage return) on a terminal, else a plain line at each
   * tenth of the stream.
   */
  private static final class ProgressLine implements Prequential.Listener {
    private final PrintWriter err;
    private final String name;
    private final long total;
    private final boolean terminal;
    private long nextPlain;
    private long printed = -1;

    ProgressLine(PrintWriter err, String name, long total, boolean terminal) {
      this.err = err;
      this.name = name;
      this.total = total;
      this.terminal = terminal;
      this.nextPlain = Math.max(1, total / 10);
    }

    @Override
    public void onSample(CurvePoint p) {
      if (terminal) {
        err.print("\r" + line(p.examples(), p.cumulative().get(Measure.F1), p.window().get(Measure.F1), p.learningSeconds()));
        err.flush();
      } else if (p.examples() >= nextPlain) {
        err.println(line(p.examples(), p.cumulative().get(Measure.F1), p.window().get(Measure.F1), p.learningSeconds()));
        err.flush();
        printed = p.examples();
        nextPlain += Math.max(1, total / 10);
      }
    }

    void finish(PrequentialResult r) {
      String last = line(r.examples(), r.cumulative().get(Measure.F1), r.window().get(Measure.F1), r.learningSeconds());
      if (terminal) {
        err.print("\r" + last + "\n");
      } else if (r.examples() != printed) {
        err.println(last);
      }
      err.flush();
    }

    private String line(long n, double f1, double windowF1, double seconds) {
      int percent = (int) (100 * n / Math.max(1, total));
      return String.format(Locale.ROOT, "%-40s %3d%%  %,d/%,d examples  F1 %s%%  window F1 %s%%  %,.0f examples/s",
          name, percent, n, total, Reports.percent(f1), Reports.percent(windowF1),
          PrequentialCommand.examplesPerSecond(n, seconds));
    }
  }

  /** The result with the stream's seed in its run record (and so in its key): the stream is generated from it. */
  private PrequentialResult withStreamSeed(PrequentialResult r) {
    RunRecord run = r.record();
    Map<String, Long> seeds = new LinkedHashMap<>(Map.of("stream", seed.seed()));
    seeds.putAll(run.seeds());
    return PrequentialCommand.withRecord(r, Reports.record(run, seeds, run.dataFiles()));
  }

  private void printHuman(PrintWriter out, SparseTextGenerator.Config shape, List<PrequentialResult> results,
      double wallSeconds) {
    out.printf(Locale.ROOT, "Prequential demo on a synthetic RCV1-shaped stream (seed %d): %,d examples, %,d features,"
        + " %d non-zeros per example, %d labels%n", seed.seed(), examples, shape.numFeatures(),
        shape.meanNonZeros(), shape.numLabels());
    out.println();
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("learner", "settings", "examples", "examples/s"));
    header.addAll(Reports.PAPER_HEADERS);
    header.add("windowF1%");
    rows.add(header);
    for (PrequentialResult r : results) {
      Settings settings = r.learner().settings();
      List<String> row = new ArrayList<>();
      row.add(settings.learner());
      // describe() starts with the learner's name, already in the first column
      row.add(settings.describe().substring(settings.learner().length()).strip());
      row.add(Long.toString(r.examples()));
      row.add(String.format(Locale.ROOT, "%.0f", PrequentialCommand.examplesPerSecond(r.examples(), r.learningSeconds())));
      row.addAll(Reports.paperPercentages(r.cumulative()));
      row.add(Reports.percent(r.window().get(Measure.F1)));
      rows.add(row);
    }
    Reports.table(rows, 2, out);
    out.println();
    out.printf(Locale.ROOT, "Metrics are cumulative over the stream (%% as in the paper's Table 3; Hamming and ranking loss:"
        + " lower is better); windowF1 is over the last %d examples. Wall time %.1f s (including generating the"
        + " stream once per learner).%n", Math.min(window, examples), wallSeconds);
    out.println("Next: alt generate -n 100000 corpus.svm, then alt prequential --learner falt --data corpus.svm");
  }

  private void printJson(PrintWriter out, SparseTextGenerator.Config shape, List<PrequentialResult> results)
      throws IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      g.writeNumberField("seed", seed.seed());
      g.writeNumberField("examples", examples);
      g.writeNumberField("window", window);
      g.writeObjectFieldStart("stream");
      g.writeStringField("generator", "SparseTextGenerator");
      g.writeNumberField("numFeatures", shape.numFeatures());
      g.writeNumberField("meanNonZeros", shape.meanNonZeros());
      g.writeNumberField("numLabels", shape.numLabels());
      g.writeNumberField("labelCardinality", shape.labelCardinality());
      g.writeNumberField("labelNoise", shape.labelNoise());
      g.writeNumberField("modelNonZerosPerLabel", shape.modelNonZerosPerLabel());
      g.writeEndObject();
      g.writeArrayFieldStart("results");
      for (PrequentialResult r : results) {
        g.writeStartObject();
        g.writeStringField("learner", r.learner().name());
        g.writeNumberField("examples", r.examples());
        Reports.metrics(g, "metrics", r.cumulative());
        Reports.counts(g, r.cumulative());
        Reports.metrics(g, "windowMetrics", r.window());
        Reports.number(g, "learningSeconds", r.learningSeconds());
        Reports.number(g, "examplesPerSecond", PrequentialCommand.examplesPerSecond(r.examples(), r.learningSeconds()));
        Reports.model(g, r.learner());
        Reports.runRecord(g, r.record());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.println();
  }
}
