package org.altml.cli.command;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ScalingAdvice;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.JsonOption;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.options.RegistryLearnerOptions;
import org.altml.cli.options.ScaleOption;
import org.altml.cli.options.ThreadsOption;
import org.altml.cli.options.ZeroDivisionOption;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Reports;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Search;
import org.altml.experiment.Selection;
import org.altml.experiment.Tuner;
import org.altml.experiment.TuningResult;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt tune}: k-fold cross-validated tuning of one learner on a training file ({@link Tuner}). A
 * learner option given one value fixes it; given a list ({@code --eta 0.25,0.5,1} or {@code --eta
 * 2^-4..2^2}) it is searched over that list; every other parameter with a paper grid is searched over it
 * ({@code --grid paper}), every other value of it ({@code --grid coarse}), or not at all ({@code --grid none}).
 */
@Command(
    name = "tune",
    modelTransformer = RegistryLearnerOptions.Required.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Cross-validated tuning of a learner on a training set.",
    description = {
      "k-fold cross-validation (seeded folds) on TRAIN only: for each setting of the grid and each fold, one",
      "online pass over the other folds, then the held-out fold is scored; the setting is chosen from the fold",
      "means of the paper's seven metrics. Learner options take one value (fixed) or a list: comma-separated",
      "values and power-of-two ranges, e.g. --eta 2^-4..2^2 --max-updates-factor 0.25,1. Runs on every core;",
      "the choice does not depend on the thread count.",
      "Selection 'paper': between two settings the one better on more of the seven metrics wins; over a grid,",
      "the setting that wins the most such pairwise comparisons, ties by F1, then grid order."
    })
public final class TuneCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--train", required = true, paramLabel = "FILE", description = "Training data (LIBSVM or ARFF; '-': standard input).")
  private Path trainFile;

  @Mixin private TuningOptions tuning;

  @Mixin private JsonOption json;

  @Option(names = "--top", defaultValue = "10", paramLabel = "N", description = "Settings listed in the human report (0: none,"
      + " the selected one only; default: ${DEFAULT-VALUE}).")
  private int top;

  @Mixin private DataOptions data;

  @Mixin private ProgressOptions progressOptions;

  /** Creates the command (picocli fills its fields). */
  public TuneCommand() {}

  /**
   * The grid of the learner named by {@code --learner}: fixed values and lists from the learner options,
   * the rest from {@code mode}.
   *
   * @throws IllegalArgumentException naming the option of a bad value
   */
  static Grid grid(CommandSpec spec, Grid.Mode mode) {
    LearnerSpec learner = RegistryLearnerOptions.learner(spec); // with --feature-map, the composite kind LEARNER+MAP
    Map<String, String> given = RegistryLearnerOptions.givenText(spec);
    for (org.altml.core.learner.Parameter<?> p : learner.parameters()) {
      // two ways to give one value (--max-updates-factor instead of --max-updates): as evaluate says it
      if (p.alternativeTo() != null && given.containsKey(p.name()) && given.containsKey(p.alternativeTo())) {
        throw new IllegalArgumentException("give " + RegistryLearnerOptions.optionOf(p.alternativeTo()) + " or "
            + RegistryLearnerOptions.optionOf(p.name()) + ", not both");
      }
    }
    Map<String, String> fixed = new LinkedHashMap<>();
    Map<String, List<String>> lists = new LinkedHashMap<>();
    given.forEach((name, text) -> {
      List<String> values;
      try {
        values = Grid.parseList(text);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(RegistryLearnerOptions.optionOf(name) + ": " + e.getMessage(), e);
      }
      if (values.size() == 1) {
        fixed.put(name, values.get(0));
      } else {
        lists.put(name, values);
      }
    });
    try {
      // the base holds each list's first value too: parameters validated together (a budget and its policy) then
      // start valid, and every grid point sets its own values
      Map<String, String> first = new LinkedHashMap<>(fixed);
      lists.forEach((name, values) -> first.put(name, values.get(0)));
      Settings base = Settings.parse(learner, first);
      return Grid.of(base, mode, lists, fixed.keySet());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(RegistryLearnerOptions.withOptionNames(Objects.requireNonNullElse(e.getMessage(), "invalid settings")), e);
    }
  }

  @Override
  public Integer call() throws Exception {
    if (top < 0) {
      throw new IllegalArgumentException("--top must be >= 0: " + top);
    }
    Grid grid = grid(spec, Grid.Mode.parse(tuning.grid));
    Tuner.Config config = tuning.config(ProtocolOptions.scaling(tuning.scale.value()), ProtocolOptions.zeroDivision(tuning.zeroDivision.value()));
    new CommandFiles().data("--train", trainFile, data).check();
    PrintWriter err = spec.commandLine().getErr();
    TuningResult result;
    List<Map<String, Map<String, Object>>> shared;
    try (Progress progress = progressOptions.progress(spec)) {
      Dataset train = DataLoading.readHashed(trainFile, data, progress);
      DataLoading.checkFormatOptions(data, trainFile, train);
      int numLabels = DataLoading.requireLabels(data.numLabels != null ? data.numLabels : train.numLabels(), trainFile, data);
      String inferred = DataLoading.inferredLabels(data, numLabels, Map.of(trainFile, train));
      if (inferred != null) {
        progress.warn(inferred);
      }
      train = DataLoading.withLabels(train, numLabels);
      String trainName = "the training data " + DataFiles.displayName(trainFile);
      ScalingAdvice.unlessScaled(spec, "--scale", progress, train, trainName);
      ScalingAdvice.ifBudgetNeverActs(progress, grid.base(), train.size(), trainName);
      progress.start("tuning " + grid.base().learner(), Tuner.planned(grid, config.search(), config.folds()), false);
      Tuner tuner = new Tuner(train, DataLoading.shortName(trainFile), Experiment.hash(train), config, null, progress::stepBy);
      result = tuner.tune(grid);
      shared = tuner.sharedResourceStatistics();
      progress.finish();
      org.altml.core.metric.Measure chosenBy = config.selection().measure();
      if (chosenBy != null && result.candidates().stream()
          .allMatch(c -> Double.isNaN(c.means()[Selection.PAPER_MEASURES.indexOf(chosenBy)]))) {
        // every fold left it undefined (ranking loss of data whose examples have no label or every one): no choice made
        progress.warn("every setting's " + chosenBy.metricName() + " is undefined on these folds, so --select "
            + chosenBy.metricName() + " chose nothing: the grid's first setting is reported; select by another metric");
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.value()) {
      printJson(out, result, shared);
    } else {
      printHuman(out, result, shared);
    }
    out.flush();
    err.flush();
    return 0;
  }

  private void printHuman(PrintWriter out, TuningResult r, List<Map<String, Map<String, Object>>> shared) {
    Tuner.Config c = r.config();
    out.printf(Locale.ROOT, "tune %s on %s: %d-fold cross-validation (seed %d), %s search, selection %s%n", r.selected().learner(),
        DataLoading.shortName(trainFile), c.folds(), c.seed(), c.search().cliName(), c.selection().name());
    out.printf(Locale.ROOT, "grid: %s; %,d fold runs%n", r.grid().describe(), r.evaluations());
    out.println();
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("rank", "setting", "score"));
    header.addAll(Reports.PAPER_HEADERS);
    rows.add(header);
    int[] ranking = c.selection().ranking(r.candidates().stream().map(TuningResult.Candidate::means).toList());
    for (int i = 0; i < Math.min(top, ranking.length); i++) {
      TuningResult.Candidate cand = r.candidates().get(ranking[i]);
      List<String> row = new ArrayList<>(List.of(Integer.toString(i + 1), describe(r.grid(), cand.settings()),
          String.format(Locale.ROOT, "%.4g", cand.score())));
      for (double v : cand.means()) {
        row.add(Reports.percent(v));
      }
      rows.add(row);
    }
    if (top > 0) {
      Reports.table(rows, 2, out);
      out.println();
    }
    // one instance for every fold, or one per fold (standardized features are fitted per fold): the first one's
    // counters stand for the others here, --json lists them all
    if (!shared.isEmpty() && !shared.get(0).isEmpty()) {
      shared.get(0).forEach((key, stats) -> out.println("shared " + key + ": " + stats.entrySet().stream()
          .map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(", "))));
      if (shared.size() > 1) {
        out.printf(Locale.ROOT, "(the first of %d, one per fold; --json lists every one)%n", shared.size());
      }
    }
    StringBuilder selected = new StringBuilder(r.selected().learner());
    r.selected().asTextInEffect().forEach((k, v) -> selected.append(v.isEmpty() ? "" : " " + k + "=" + v));
    out.println("selected: " + selected);
    out.println("evaluate with: alt evaluate " + evaluateArgs(r) + " --train ... --test ...");
  }

  /**
   * The {@code alt evaluate} options that reproduce the tuned setting: the learner's, the data options that decided
   * how the training file was read, and the scaling and zero-division policy the folds were scored under when they
   * are not evaluate's defaults.
   */
  String evaluateArgs(TuningResult r) {
    StringBuilder args = new StringBuilder(Experiment.learnerArgs(r.selected())).append(data.readingArgs());
    if (data.numLabels != null) {
      args.append(" --num-labels ").append(data.numLabels);
    }
    if (r.config().scaling() != FeatureScaling.NONE) {
      args.append(" --scale ").append(r.config().scaling().cliName());
    }
    if (r.config().zeroDivision() != ZeroDivisionPolicy.SPEC) {
      args.append(" --zero-division ").append(r.config().zeroDivision().name().toLowerCase(Locale.ROOT));
    }
    return args.toString();
  }

  /** The searched values of {@code s}, e.g. {@code eta=0.25 maxUpdatesFactor=1.0}. */
  private static String describe(Grid grid, Settings s) {
    StringBuilder sb = new StringBuilder();
    for (Grid.Axis a : grid.axes()) {
      sb.append(sb.length() == 0 ? "" : " ").append(a.parameter().name()).append('=').append(s.asText().get(a.parameter().name()));
    }
    return sb.length() == 0 ? s.describe() : sb.toString();
  }

  private void printJson(PrintWriter out, TuningResult r, List<Map<String, Map<String, Object>>> shared)
      throws java.io.IOException {
    try (JsonGenerator g = Reports.json(out, true)) {
      g.writeStartObject();
      g.writeStringField("learner", r.selected().learner());
      g.writeObjectFieldStart("selected");
      for (Map.Entry<String, String> e : r.selected().asTextInEffect().entrySet()) { // not maxUpdates=1 beside a factor
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeStringField("evaluateOptions", evaluateArgs(r));
      g.writeObjectFieldStart("selectedCvMeans");
      for (int m = 0; m < Selection.PAPER_MEASURES.size(); m++) {
        Reports.number(g, Selection.PAPER_MEASURES.get(m).metricName(), r.best().means()[m]);
      }
      g.writeEndObject();
      g.writeNumberField("folds", r.config().folds());
      g.writeNumberField("seed", r.config().seed());
      g.writeStringField("search", r.config().search().cliName());
      g.writeStringField("select", r.config().selection().name());
      g.writeStringField("grid", r.grid().describe());
      g.writeNumberField("foldRuns", r.evaluations());
      writeSharedResources(g, shared);
      writeCandidates(g, r);
      g.writeArrayFieldStart("heldOut"); // per fold, the 0-based positions of the training examples it holds out
      for (int[] fold : r.heldOut()) {
        g.writeArray(fold, 0, fold.length);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.println();
  }

  /** Per distinct shared resource (one, or one per fold with standardization): its counters. */
  private static void writeSharedResources(JsonGenerator g, List<Map<String, Map<String, Object>>> shared)
      throws java.io.IOException {
    g.writeArrayFieldStart("sharedResources");
    for (Map<String, Map<String, Object>> resources : shared) {
      g.writeStartObject();
      for (Map.Entry<String, Map<String, Object>> e : resources.entrySet()) {
        g.writeObjectFieldStart(e.getKey());
        for (Map.Entry<String, Object> v : e.getValue().entrySet()) {
          if (v.getValue() instanceof Number n) {
            Reports.number(g, v.getKey(), n);
          } else {
            g.writeStringField(v.getKey(), String.valueOf(v.getValue()));
          }
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** Every setting of the last stage: its grid values, score, fold means and each metric's value on each fold. */
  private static void writeCandidates(JsonGenerator g, TuningResult r) throws java.io.IOException {
    g.writeArrayFieldStart("candidates");
    for (TuningResult.Candidate c : r.candidates()) {
      g.writeStartObject();
      for (Grid.Axis a : r.grid().axes()) {
        g.writeStringField(a.parameter().name(), c.settings().asText().get(a.parameter().name()));
      }
      Reports.number(g, "score", c.score());
      for (int m = 0; m < Selection.PAPER_MEASURES.size(); m++) {
        Reports.number(g, Selection.PAPER_MEASURES.get(m).metricName(), c.means()[m]);
      }
      g.writeObjectFieldStart("folds"); // each metric's value on fold 0, 1, ... (null where undefined)
      for (int m = 0; m < Selection.PAPER_MEASURES.size(); m++) {
        g.writeArrayFieldStart(Selection.PAPER_MEASURES.get(m).metricName());
        for (double[] fold : c.folds()) {
          if (Double.isFinite(fold[m])) {
            g.writeNumber(fold[m]);
          } else {
            g.writeNull();
          }
        }
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** The tuning options {@code tune} and {@code experiment} share (a picocli mixin). */
  public static final class TuningOptions {
    @Option(names = "--folds", defaultValue = "10", paramLabel = "K", description = "Cross-validation folds (default: ${DEFAULT-VALUE}).")
    int folds;

    @Option(names = "--grid", defaultValue = "paper", paramLabel = "GRID",
        description = "Values of parameters not given as lists: paper (the paper's grids, docs/spec.md#grids), coarse (every other value) or none"
            + " (default: ${DEFAULT-VALUE}).")
    String grid;

    @Option(names = "--search", defaultValue = "full", paramLabel = "SEARCH",
        description = "full (every setting, every fold), halving (successive halving over folds) or refine (coarse grid,"
            + " then the neighbours of the best three) (default: ${DEFAULT-VALUE}).")
    String search;

    @Option(names = "--select", defaultValue = "paper", paramLabel = "RULE",
        description = "paper (most pairwise wins on the seven metrics, ties by F1) or one of them: precision, recall,"
            + " f1, macroF1, microF1, hammingLoss, rankingLoss (default: ${DEFAULT-VALUE}).")
    String select;

    @Option(names = "--cv-seed", defaultValue = "1", paramLabel = "S",
        description = "Seed of the fold split and the folds' training orders (default: ${DEFAULT-VALUE}).")
    long cvSeed;

    @Mixin ScaleOption scale;

    @Mixin ZeroDivisionOption zeroDivision;

    @Mixin ThreadsOption threads;

    @Option(names = "--gram-cache-mb", paramLabel = "MB",
        description = "Heap for the caches the learners share across settings and folds (the kernel learners' Gram"
            + " cache of squared distances): a full matrix when it fits, else LRU rows; 0 = none; results do not"
            + " depend on it (default: a quarter of the maximum heap). alt experiment's runs share one more over the"
            + " training and test rows, only as a full matrix.")
    Long gramCacheMb;

    /** Creates the options with their defaults (picocli fills them). */
    public TuningOptions() {}

    /** The tuner's settings. */
    Tuner.Config config(FeatureScaling scaling, ZeroDivisionPolicy policy) {
      if (gramCacheMb != null && (gramCacheMb < 0 || gramCacheMb > Long.MAX_VALUE / (1L << 20))) {
        throw new IllegalArgumentException("--gram-cache-mb must be >= 0: " + gramCacheMb);
      }
      return new Tuner.Config(folds, cvSeed, Search.parse(search), Selection.parse(select), scaling, policy,
          ProtocolOptions.threads(threads.value()),
          gramCacheMb == null ? -1L : gramCacheMb << 20);
    }
  }
}
