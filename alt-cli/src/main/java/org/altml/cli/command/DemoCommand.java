package org.altml.cli.command;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;
import org.altml.cli.options.JsonOption;
import org.altml.cli.options.SeedOptions;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Reports;
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
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.altml.sparse.synth.SparseTextGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt demo}: FALT, SALT and PA-I compared prequentially on a seeded RCV1-shaped stream
 * ({@link SparseTextGenerator} defaults), then linear FALT, FALT(k) without and with a budget and SALT on
 * random Fourier features on a seeded mediamill-shaped stream whose labels are not linearly separable
 * ({@link NonlinearDenseGenerator} defaults); no data files needed. Each learner sees the same stream,
 * regenerated from the seed (never stored). The metrics are a function of the seed, {@code -n} and
 * {@code --nonlinear-examples} only.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Compares FALT, SALT and PA-I prequentially on a seeded synthetic RCV1-shaped stream, then FALT,"
        + " FALT(k) and SALT on random features on a nonlinear mediamill-shaped one.",
    description = {
      "Compares FALT, SALT and PA-I prequentially (predict, score, then learn) on a seeded synthetic",
      "RCV1-shaped stream: 47,236 features, 76 non-zeros per example, unit-length rows, 101 labels,",
      "cardinality 3.2, labels from a planted sparse linear model plus 0.2%% label noise.",
      "Settings (picked on seed 1, not tuned further): FALT eta=1, M=8; SALT eta=1, delta=0.1, M=8;",
      "PA-I C=1, M=1. With M=1, FALT and SALT barely learn on this stream (F1 about 21%%).",
      "Prints progress on stderr (one line updated in place on a terminal; -q turns it off; elsewhere, only",
      "with --progress, a line at each tenth of each stream, so that a log shows the demo advancing) and a table of the paper's",
      "seven metrics (cumulative, in %%),",
      "the F1 over the last --window examples, and examples per second (learning time only).",
      "",
      "Then the nonlinear part: a seeded mediamill-shaped stream (120 dense features, 101 labels, labels",
      "from Voronoi neighbourhoods that no hyperplane separates) with linear FALT, FALT(k) (RBF kernel)",
      "without a budget and with B support vectors kept by merging, and SALT on D random Fourier features.",
      "Sized to stay quick: FALT(k) without a budget costs O(t) kernel rows at example t, so the stream is",
      "--nonlinear-examples long (default 3,000; 0 skips the part); B = 500 support vectors, D = 500 features."
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

  @Option(names = "--nonlinear-examples", defaultValue = "3000", paramLabel = "N",
      description = "Examples in the nonlinear stream (default: ${DEFAULT-VALUE}; 0: no nonlinear part).")
  private int nonlinearExamples;

  @Option(names = "--window", defaultValue = "5000", paramLabel = "W",
      description = "Width of the sliding window (default: ${DEFAULT-VALUE}).")
  private int window;

  @Option(names = {"--no-progress", "-q", "--quiet"}, description = "No progress display on stderr.")
  private boolean noProgress;

  @Option(names = "--progress",
      description = "Progress lines on stderr even when it is not a terminal (a log file, a pipe): a line at each tenth.")
  private boolean progressOffTerminal;

  @Mixin private JsonOption json;

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

  /**
   * The nonlinear part's learners, as {@link #LEARNERS} (picked on seed 1 from a handful of runs, not
   * tuned further). The linear learners get a bias feature (without one they cannot learn a label's base
   * rate here: hamming loss near 50%) and M = 10 like FALT(k); FALT(k) with σ² = 0.5, the width of the
   * stream's neighbourhoods (with M = 1 over 5,000 examples, σ² 1, 4, 16 gave F1 about 61, 48, 26%).
   * B = 500 support vectors kept by merging (BSGD) and D = 500 random features are sized so that the part
   * stays quick (a few seconds per learner on one core at the default 3,000 examples). Seed 1, 3,000
   * examples: FALT F1 about 16%, FALT(k) 68%, FALT(k) B = 500 51%, SALT on random features 19%: 500
   * random features approximate so narrow a kernel poorly and a linear model on them needs far more
   * examples (D = 1,000 or M = 3 do no better).
   */
  public static final List<String> NONLINEAR_LEARNERS = List.of(
      "falt eta=0.25 maxUpdates=10 bias=true",
      "falt-k sigma2=0.5 maxUpdates=10",
      "falt-k sigma2=0.5 maxUpdates=10 budget=500 budgetPolicy=merge",
      "salt+rff mapDim=500 sigma2=1 eta=0.25 delta=0.01 maxUpdates=10 bias=true");

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
    if (noProgress && progressOffTerminal) {
      throw new IllegalArgumentException("give --quiet or --progress, not both");
    }
    if (examples < 1) {
      throw new IllegalArgumentException("--examples must be >= 1: " + examples);
    }
    if (nonlinearExamples < 0) {
      throw new IllegalArgumentException("--nonlinear-examples must be >= 0: " + nonlinearExamples);
    }
    if (window < 1) {
      throw new IllegalArgumentException("--window must be >= 1: " + window);
    }
    long wallStart = System.nanoTime();
    SparseTextGenerator.Config shape = SparseTextGenerator.Config.defaults().withSeed(seed.seed());
    SparseTextGenerator generator = new SparseTextGenerator(shape);
    List<PrequentialResult> results = runPart(LEARNERS, generator::stream,
        new LearnerContext(shape.numLabels(), shape.numFeatures(), examples, seed.seed()), examples);
    double wallSeconds = (System.nanoTime() - wallStart) * 1e-9;

    long nonlinearStart = System.nanoTime();
    NonlinearDenseGenerator.Config denseShape = NonlinearDenseGenerator.Config.defaults().withSeed(seed.seed());
    List<PrequentialResult> nonlinear = List.of();
    if (nonlinearExamples > 0) {
      NonlinearDenseGenerator dense = new NonlinearDenseGenerator(denseShape);
      nonlinear = runPart(NONLINEAR_LEARNERS, dense::stream,
          new LearnerContext(denseShape.numLabels(), denseShape.numFeatures(), nonlinearExamples, seed.seed()),
          nonlinearExamples);
    }
    double nonlinearSeconds = (System.nanoTime() - nonlinearStart) * 1e-9;

    PrintWriter out = spec.commandLine().getOut();
    if (json.value()) {
      printJson(out, shape, results, denseShape, nonlinear);
    } else {
      printHuman(out, shape, results, wallSeconds);
      if (nonlinearExamples > 0) {
        printNonlinear(out, denseShape, nonlinear, nonlinearSeconds);
      }
    }
    out.flush();
    return 0;
  }

  /** Runs each learner of {@code lines} prequentially over a fresh stream of {@code n} examples. */
  private List<PrequentialResult> runPart(List<String> lines, LongFunction<ExampleStream> streams,
      LearnerContext context, int n) throws IOException {
    long every = Math.max(1, Math.min(1000, n / 100));
    Prequential.Config config = new Prequential.Config(window, every, FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, n);
    PrintWriter err = spec.commandLine().getErr();
    boolean terminal = !noProgress && Progress.stderrIsTerminal();
    // off a terminal (a log, a pipe) only when asked: repeated lines there are noise
    boolean shown = !noProgress && (terminal || progressOffTerminal);
    List<PrequentialResult> results = new ArrayList<>();
    for (String line : lines) {
      Settings settings = settings(line);
      ProgressLine progress = !shown ? null : new ProgressLine(err, settings.describe(), n, terminal);
      try (ExampleStream stream = streams.apply(n)) {
        results.add(withStreamSeed(Prequential.run(settings, context, stream, config.withSeed(seed.seed()).withListener(progress))));
      }
      if (progress != null) {
        progress.finish(results.get(results.size() - 1));
      }
    }
    return results;
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
    table(out, results);
    out.println();
    out.printf(Locale.ROOT, "Metrics are cumulative over the stream (%% as in the paper's Table 3; Hamming and ranking loss:"
        + " lower is better); windowF1 is over the last %d examples. Wall time %.1f s (including generating the"
        + " stream once per learner).%n", Math.min(window, examples), wallSeconds);
    out.println(nextLine("", examples, "corpus.svm", LEARNERS.get(0), shape.numLabels()));
  }

  private void printNonlinear(PrintWriter out, NonlinearDenseGenerator.Config shape, List<PrequentialResult> results,
      double wallSeconds) {
    out.println();
    out.printf(Locale.ROOT, "Nonlinear part on a synthetic mediamill-shaped stream (seed %d): %,d examples, %d dense features,"
        + " %d labels from %d neighbourhoods%n", seed.seed(), nonlinearExamples, shape.numFeatures(), shape.numLabels(),
        shape.numCentres());
    out.println();
    table(out, results);
    out.println();
    out.printf(Locale.ROOT, "FALT(k) without a budget keeps every example it learns from as a support vector (time per"
        + " example grows with t): the stream is kept at %,d examples, the budget at B = %s support vectors (merge)"
        + " and the map at D = %s random features so that this part takes seconds (SALT on so few random features"
        + " approximates this narrow kernel poorly and learns slowly). Wall time %.1f s.%n",
        nonlinearExamples, value(NONLINEAR_LEARNERS, "budget="), value(NONLINEAR_LEARNERS, "mapDim="), wallSeconds);
    out.println(nextLine("--kind dense ", nonlinearExamples, "dense.svm", NONLINEAR_LEARNERS.get(2), shape.numLabels()));
  }

  /** The results as a table: learner, settings, examples, speed, the paper's seven metrics, window F1. */
  private static void table(PrintWriter out, List<PrequentialResult> results) {
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
  }

  /**
   * The "Next:" line: the commands that rerun the learner of {@code line} as the demo ran it, on the same stream written
   * to {@code file} (the same seed, length and L, and every setting of the learner: the line dropped M and gave other
   * F1s).
   */
  String nextLine(String kind, int n, String file, String line, int numLabels) {
    String seedOption = seed.seed() == 1 ? "" : " --seed " + seed.seed();
    return "Next: alt generate " + kind + "-n " + n + seedOption + " " + file + ", then alt prequential "
        + org.altml.experiment.Experiment.learnerArgs(settings(line))
        + " --num-labels " + numLabels + " --window " + window + seedOption + " --data " + file;
  }

  /** The value after {@code prefix} in the first line of {@code lines} that has it (for the text). */
  public static String value(List<String> lines, String prefix) {
    for (String line : lines) {
      for (String word : line.split("\\s+")) {
        if (word.startsWith(prefix)) {
          return word.substring(prefix.length());
        }
      }
    }
    return "?";
  }

  private void printJson(PrintWriter out, SparseTextGenerator.Config shape, List<PrequentialResult> results,
      NonlinearDenseGenerator.Config denseShape, List<PrequentialResult> nonlinear) throws IOException {
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
      results(g, results);
      g.writeObjectFieldStart("nonlinear");
      g.writeNumberField("examples", nonlinearExamples);
      g.writeObjectFieldStart("stream");
      g.writeStringField("generator", "NonlinearDenseGenerator");
      g.writeNumberField("numFeatures", denseShape.numFeatures());
      g.writeNumberField("numLabels", denseShape.numLabels());
      g.writeNumberField("numCentres", denseShape.numCentres());
      g.writeNumberField("labelCardinality", denseShape.labelCardinality());
      g.writeNumberField("labelNoise", denseShape.labelNoise());
      g.writeEndObject();
      results(g, nonlinear);
      g.writeEndObject();
      g.writeEndObject();
    }
    out.println();
  }

  private static void results(JsonGenerator g, List<PrequentialResult> results) throws IOException {
      g.writeArrayFieldStart("results");
    for (PrequentialResult r : results) {
      g.writeStartObject();
      g.writeStringField("learner", r.learner().name());
      g.writeStringField("settings", r.learner().settings().describe());
      g.writeNumberField("examples", r.examples());
      Reports.metrics(g, "metrics", r.cumulative());
      Reports.counts(g, r.cumulative());
      Reports.metrics(g, "windowMetrics", r.window());
      g.writeNumberField("windowRankingLossLeftOut", r.window().rankingLossLeftOut());
      Reports.number(g, "learningSeconds", r.learningSeconds());
      Reports.number(g, "examplesPerSecond", PrequentialCommand.examplesPerSecond(r.examples(), r.learningSeconds()));
      Reports.model(g, r.learner());
      Reports.runRecord(g, r.record());
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
