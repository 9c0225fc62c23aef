package org.altml.cli.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ScalingAdvice;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.MisfitOptions;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.options.SeedOptions;
import org.altml.cli.output.Messages;
import org.altml.cli.output.Progress;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Tuner;
import org.altml.experiment.plan.PlanFile;
import org.altml.experiment.plan.PlanLearners;
import org.altml.experiment.plan.PlanLine;
import org.altml.experiment.report.Analysis;
import org.altml.experiment.report.Outputs;
import org.altml.experiment.report.Tables;
import org.altml.experiment.store.RunStore;
import org.altml.experiment.store.StoredRun;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.OutputPaths;
import org.altml.sparse.io.files.DataFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code alt experiment}: the paper's protocol ({@link Experiment}) over one dataset given on the command
 * line or several from a plan file, resumable through the results store {@code OUT/runs.jsonl}, with the
 * tables, figures and {@code experiment.json} written into {@code OUT} ({@link Outputs}).
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "The paper's protocol: tune by cross-validation, 20 seeded runs, t-tests, Tables 3 and 4, figures.",
    description = {
      "For each dataset and learner: k-fold cross-validated tuning on the training set (or the settings given",
      "with --given), then R runs of train-then-test, run r over the training permutation of seed SEED + r (the",
      "same for every learner); means and standard deviations, paired t-tests against the best learner (bold:",
      "not significantly different at 95%%), Friedman/Nemenyi across datasets. Every finished fold and run is",
      "stored at once in OUT/runs.jsonl; the same command continues an interrupted experiment without",
      "recomputing anything stored. Outputs in OUT: experiment.json, table3/table4 .md .tex, tables.csv,",
      "friedman.md, figures/* as .png, .pdf and .svg with a .caption.txt each. A plan file holds one dataset per",
      "line, 'NAME: options' with the dataset options below (--train, --test, --learners, --data-scale, --given,",
      "--fix, --allow-*, the data options); paths are relative to the plan file; single or double quotes keep",
      "spaces, and '#' starts a comment (at the start of a line or of a word)."
    })
public final class ExperimentCommand implements Callable<Integer> {
  /** The run store in the output folder: every finished run, so that a rerun resumes. */
  static final String STORE = "runs.jsonl";

  @Spec private CommandSpec spec;

  @Mixin private DatasetOptions dataset;

  @Option(names = "--plan", paramLabel = "FILE", description = "A plan file: one dataset per line (see above), instead of"
      + " --train, --test and --learners.")
  private Path plan;

  @Mixin private TuneCommand.TuningOptions tuning;

  @Option(names = "--runs", defaultValue = "20", paramLabel = "R", description = "Runs per learner (default: ${DEFAULT-VALUE}).")
  private int runs;

  @Mixin private SeedOptions seed;

  @Option(names = "--wilcoxon", description = "Also run Wilcoxon signed-rank tests (reported in experiment.json and tables.csv).")
  private boolean wilcoxon;

  @Option(names = "--curve-points", defaultValue = "50", paramLabel = "N",
      description = "Points of each learning curve at most (prequential pass over the training set, the last at its end); 0: no curves (default: ${DEFAULT-VALUE}).")
  private int curvePoints;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder (created; the store in it is resumed).")
  private Path out;

  @Mixin private ProgressOptions progressOptions;

  /** Creates the command (picocli fills its fields). */
  public ExperimentCommand() {}

  /** The options of one dataset block: on the command line or on a line of a plan file. */
  public static final class DatasetOptions {
    @Option(names = "--train", paramLabel = "FILE", description = "Training data.")
    Path train;

    @Option(names = "--test", paramLabel = "FILE", description = "Test data (never seen by tuning).")
    Path test;

    @Option(names = "--name", paramLabel = "NAME", description = "The dataset's name in the tables (default: the training file's).")
    String name;

    @Option(names = "--learners", split = ",", paramLabel = "NAME",
        description = "Learners, comma separated, any registered kind (alt evaluate --help lists them).")
    List<String> learners = new ArrayList<>();

    @Option(names = "--given", paramLabel = "LEARNER:NAME=VALUE,...",
        description = "Settings to use without tuning, e.g. falt:eta=0.25,max-updates-factor=0.125 (repeatable; option or"
            + " parameter names: max-updates-factor or maxUpdatesFactor).")
    List<String> given = new ArrayList<>();

    @Option(names = "--fix", paramLabel = "LEARNER:NAME=VALUE,...",
        description = "Values fixed while the other parameters are tuned, e.g. falt:precision=float (repeatable).")
    List<String> fix = new ArrayList<>();

    @Option(names = "--data-scale", paramLabel = "SCALING", description = "This dataset's feature scaling (default: --scale).")
    String scale;

    @Mixin DataOptions data = new DataOptions();

    @Mixin MisfitOptions mismatch = new MisfitOptions();

    /** Creates the options with their defaults (picocli fills them). */
    public DatasetOptions() {}

    /**
     * Whether any option of a dataset was given (on the command line: then --plan may not be, since each plan line
     * carries its own and one given beside the plan would be ignored).
     */
    boolean any() {
      return train != null || test != null || !learners.isEmpty() || name != null || !given.isEmpty() || !fix.isEmpty()
          || scale != null || data.zeroBased || data.labelsXml != null || data.labelsLast != null || data.labelsFirst != null
          || data.numLabels != null || !data.ignoreAttributes.isEmpty() || mismatch.shapeMismatch || mismatch.newFeatures;
    }

    /**
     * Checks that the block names its data and learners.
     *
     * @throws IllegalArgumentException naming what is missing, prefixed by {@code where}
     */
    void check(String where) {
      List<String> missing = new ArrayList<>();
      if (train == null) {
        missing.add("--train");
      }
      if (test == null) {
        missing.add("--test");
      }
      if (learners.isEmpty()) {
        missing.add("--learners");
      }
      if (!missing.isEmpty()) {
        throw new IllegalArgumentException(where + "missing " + String.join(", ", missing)
            + (where.isEmpty() ? " (or give a plan file with --plan)" : ""));
      }
    }
  }

  @Override
  public Integer call() throws Exception {
    Grid.Mode mode = Grid.Mode.parse(tuning.grid);
    FeatureScaling defaultScaling = ProtocolOptions.scaling(tuning.scale.value());
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(tuning.zeroDivision.value());
    Tuner.Config tc = tuning.config(defaultScaling, policy);
    Experiment.Config config = new Experiment.Config(tc, runs, seed.seed(), policy, curvePoints);
    List<Block> blocks = blocks();
    checkFiles(blocks);
    // every learner name and fixed value is checked before any data is read
    nameAndCheck(blocks, mode, defaultScaling);
    Path created = OutputPaths.firstMissing(out); // the folder (with its missing parents) this run makes, or null
    Files.createDirectories(out);
    try {
      long started = System.nanoTime();
      Totals totals = runAll(blocks, config);
      Analysis analysis = Analysis.of(totals.outcomes(), wilcoxon);
      List<String> written = Outputs.write(out, totals.outcomes(), analysis, new Outputs.Provenance(commandLine(), config,
          mode.name().toLowerCase(Locale.ROOT), tc.selection().name(), wilcoxon));
      printSummary(totals, started, analysis, written);
      return 0;
    } catch (Exception | Error e) {
      if (created != null) {
        removeIfNothingStored(out, created); // a failure before anything was stored (bad data) leaves no new folder behind
      }
      throw e;
    }
  }

  /** The dataset blocks: the plan's lines, or the one of the command line; checks the options that choose them. */
  private List<Block> blocks() throws IOException {
    if (plan != null && dataset.any()) {
      throw new IllegalArgumentException("give --plan or the dataset options (--train, --test, --learners, --name, --given,"
          + " --fix, --data-scale, --allow-*, the data options), not both: each plan line carries its own");
    }
    if (plan == null) {
      dataset.check("");
    }
    if (runs < 2) {
      throw new IllegalArgumentException("--runs must be >= 2 (the paired t-tests need pairs): " + runs);
    }
    return plan != null ? readPlan(plan) : List.of(new Block("", dataset));
  }

  /** Checks the inputs and the output folder before any work. */
  private void checkFiles(List<Block> blocks) throws IOException {
    CommandFiles files = new CommandFiles();
    if (plan != null) {
      files.input("--plan", plan, "plan file");
    }
    for (Block b : blocks) {
      files.data("--train", b.options.train, b.options.data).data("--test", b.options.test, b.options.data);
    }
    files.check();
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new IllegalArgumentException("--out " + out + ": is not a folder");
    }
    List<String> outputs = new ArrayList<>(Outputs.FILES);
    outputs.add(STORE);
    files.checkOutputFolder("--out", out, outputs, Outputs.FIGURES);
  }

  /** Sets each block's learners, name and scaling from its options; two blocks of one name are refused. */
  private static void nameAndCheck(List<Block> blocks, Grid.Mode mode, FeatureScaling defaultScaling) {
    Set<String> names = new HashSet<>();
    for (Block b : blocks) {
      DatasetOptions o = b.options;
      b.learners = PlanLearners.of(b.where, o.learners, o.given, o.fix, mode);
      b.name = o.name != null ? o.name : defaultName(o.train);
      if (!names.add(b.name)) {
        // two blocks of one name would be two table rows that cannot be told apart, sharing a figure file
        throw new IllegalArgumentException(b.where + "a second dataset named " + b.name + ": give each its own --name");
      }
      try {
        b.scaling = o.scale != null ? ProtocolOptions.scaling(o.scale) : defaultScaling;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(b.where + "--data-scale must be none, standardize or l2: " + o.scale
            + ProtocolOptions.scalingNear(o.scale), e);
      }
    }
  }

  /** The outcomes of every dataset, and how many evaluations were computed and how many taken from the store. */
  private record Totals(List<Experiment.DatasetOutcome> outcomes, int computed, int reused) {}

  /** Reads every block's data, then runs the protocol on each, through the store in {@code out}. */
  private Totals runAll(List<Block> blocks, Experiment.Config config) throws IOException {
    List<Experiment.DatasetOutcome> outcomes = new ArrayList<>();
    int computed = 0;
    int reused = 0;
    try (RunStore store = RunStore.open(out.resolve(STORE)); Progress progress = progressOptions.progress(spec)) {
      warnOfStore(store, progress);
      List<Experiment.DatasetPlan> plans = new ArrayList<>();
      for (Block b : blocks) {
        plans.add(datasetPlan(b, progress));
      }
      long total = 0;
      for (Experiment.DatasetPlan p : plans) {
        for (Experiment.Learner l : p.learners()) {
          total += (l.given() == null ? Tuner.planned(l.grid(), config.tuning().search(), config.tuning().folds()) : 0) + runs;
        }
      }
      progress.start("experiment", total, false);
      for (Experiment.DatasetPlan p : plans) {
        Experiment.DatasetOutcome o = Experiment.run(p, config, store, new Experiment.Listener() {
          @Override
          public void finished(long n) {
            progress.stepBy(n);
          }

          @Override
          public void phase(String name) {
            progress.extraMessage(name);
          }
        });
        outcomes.add(o);
        warnEmptyRuns(progress, o);
        computed += o.computed();
        reused += o.reused();
      }
      progress.finish();
    }
    return new Totals(outcomes, computed, reused);
  }

  /** Warns of a torn last line of the store and of evaluations an earlier build stored under keys this one never uses. */
  private static void warnOfStore(RunStore store, Progress progress) {
    if (store.droppedTornLine()) {
      progress.warn(store.file() + ": the last line was cut off (an interrupted write); it is dropped and recomputed");
    }
    long byFiles = store.all().stream().filter(r -> !r.data().startsWith("content:")).count();
    if (byFiles > 0) {
      // keyed by an earlier build (before 2026-11-28) by the data files' hashes: never this build's keys
      progress.warn(store.file() + ": " + byFiles + " evaluations were stored by an earlier ALT, which keyed them by the"
          + " data files' hashes; this build keys by the data's content, so they are not reused (they are recomputed)");
    }
  }

  /** A block's data read and checked (shape, labels, scaling advice), as the protocol's plan of one dataset. */
  private Experiment.DatasetPlan datasetPlan(Block b, Progress progress) throws IOException {
    DatasetOptions o = b.options;
    Dataset train = DataLoading.readHashed(o.train, o.data, progress);
    Dataset test = DataLoading.readHashed(o.test, o.data, progress);
    DataLoading.checkFormatOptions(o.data, o.train, train, o.test, test);
    DataLoading.checkTestLikeTraining(train, o.train, test, o.test, o.mismatch.allowed(), progress);
    String same = DataLoading.testIsTraining(o.train, o.test, false, train, test);
    if (same != null) {
      progress.warn(b.name + ": " + same);
    }
    int numLabels = DataLoading.requireLabels(o.data.numLabels != null ? o.data.numLabels
        : Math.max(train.numLabels(), test.numLabels()), o.train, o.data);
    Map<Path, Dataset> inputs = new LinkedHashMap<>();
    inputs.put(o.train, train);
    inputs.put(o.test, test);
    String inferred = DataLoading.inferredLabels(o.data, numLabels, inputs);
    if (inferred != null) {
      progress.warn(b.name + ": " + inferred);
    }
    String trainName = b.name + ": the training data " + DataFiles.displayName(o.train);
    ScalingAdvice.unlessScaled(o.scale != null || spec.commandLine().getParseResult().hasMatchedOption("--scale"),
        progress, train, trainName);
    for (Experiment.Learner l : b.learners) {
      ScalingAdvice.ifBudgetNeverActs(progress, l.given() != null ? l.given() : l.grid().base(), train.size(), trainName);
    }
    return new Experiment.DatasetPlan(b.name, DataLoading.withLabels(train, numLabels), DataLoading.withLabels(test,
        numLabels), b.learners, b.scaling, evaluateArgs(o, b.scaling, numLabels));
  }

  /** The summary on standard output: counts and time, Table 3, the files written. */
  private void printSummary(Totals totals, long started, Analysis analysis, List<String> written) {
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.printf(Locale.ROOT, "experiment: %d dataset(s), %d evaluations computed, %d taken from %s, %.1f s%n",
        totals.outcomes().size(), totals.computed(), totals.reused(), out.resolve(STORE), (System.nanoTime() - started) * 1e-9);
    stdout.println();
    stdout.print(Tables.table3Markdown(analysis));
    stdout.println();
    stdout.println("written to " + out + ": " + String.join(", ", written));
    stdout.flush();
    spec.commandLine().getErr().flush();
  }

  /**
   * Removes {@code out}'s store when it is empty, then {@code out} and its parents up to {@code created} (the folders
   * this run made) while they are empty.
   */
  private static void removeIfNothingStored(Path out, Path created) {
    try {
      Path store = out.resolve(STORE);
      if (Files.isRegularFile(store) && Files.size(store) == 0) {
        Files.delete(store);
      }
    } catch (IOException e) {
      return; // kept: it holds something
    }
    OutputPaths.removeEmptyUpTo(out, created);
  }

  /** The command line as typed, for experiment.json. */
  private String commandLine() {
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    return "alt " + String.join(" ", args);
  }

  /** The name of a dataset from its training file: {@code emotions-train.arff} → {@code emotions}. */
  static String defaultName(Path train) {
    String n = DataLoading.shortName(train);
    n = n.replaceAll("\\.(gz)$", "").replaceAll("\\.(arff|svm|libsvm|txt)$", "");
    String stem = n.replaceAll("[-_.]?train$", "");
    return stem.isEmpty() ? n : stem;
  }

  private static String evaluateArgs(DatasetOptions o, FeatureScaling scaling, int numLabels) {
    StringBuilder sb = new StringBuilder("--train ").append(o.train).append(" --test ").append(o.test);
    sb.append(" --num-labels ").append(numLabels).append(o.data.readingArgs()).append(o.mismatch.args());
    return sb.append(" --scale ").append(scaling.cliName()).toString();
  }

  /** A dataset block: where it came from (for messages) and its options. */
  private static final class Block {
    /** {@code plan:line: }, or empty for the command line's block. */
    final String where;
    final DatasetOptions options;
    /** The learners, the name in the tables and the feature scaling, set once the block's options are checked. */
    List<Experiment.Learner> learners;
    String name;
    FeatureScaling scaling;

    Block(String where, DatasetOptions options) {
      this.where = where;
      this.options = options;
    }
  }

  /** The blocks of a plan file, each line parsed with the dataset options; errors name the file and line. */
  private static List<Block> readPlan(Path plan) throws IOException {
    if (Files.isDirectory(plan)) {
      throw new IllegalArgumentException("--plan " + plan + ": is a folder, not a plan file");
    }
    if (!Files.exists(plan)) {
      throw new IllegalArgumentException("--plan " + plan + ": no such file");
    }
    List<Block> blocks = new ArrayList<>();
    PlanFile.forEach(plan, line -> blocks.add(new Block(line.where(), datasetOptions(line))));
    return blocks;
  }

  /** A plan line's words as the dataset options, its files resolved against the plan's folder and checked. */
  private static DatasetOptions datasetOptions(PlanLine line) throws DataFormatException {
    DatasetOptions o = new DatasetOptions();
    try {
      new CommandLine(o).parseArgs(line.words().toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      throw line.error(Messages.printable(e.getMessage()));
    }
    try {
      o.check("");
    } catch (IllegalArgumentException e) {
      throw line.error(e.getMessage().replace(" (or give a plan file with --plan)", ""));
    }
    o.name = o.name != null ? o.name : line.name();
    line.requireFiles(o.train, o.test, o.data.labelsXml);
    o.train = line.resolve(o.train);
    o.test = line.resolve(o.test);
    o.data.labelsXml = line.resolve(o.data.labelsXml);
    // a missing file is named with the plan line that gives it (it was named alone, resolved)
    line.requireExists("--train", o.train);
    line.requireExists("--test", o.test);
    line.requireExists("--labels-xml", o.data.labelsXml);
    return o;
  }

  /**
   * Warns about each learner whose runs include one that predicted no label for any test example: its F1 of 0 enters
   * the table's mean and t-test like any other run, as the protocol says, but a user should know it is there.
   */
  private static void warnEmptyRuns(Progress progress, Experiment.DatasetOutcome o) {
    for (Experiment.LearnerOutcome l : o.learners()) {
      List<Long> seeds = new ArrayList<>();
      for (StoredRun r : l.runs()) {
        if (r.metric(Measure.EMPTY_PREDICTION_RATE.metricName()) == 1.0) {
          seeds.add(r.seed());
        }
      }
      if (!seeds.isEmpty()) {
        progress.warn(String.format(Locale.ROOT, "%s, %s: %d of %d runs predicted no label for any test example (seeds %s),"
            + " and count in the table with F1 0 (setting: %s)", o.plan().name(), l.name(),
            seeds.size(), l.runs().size(), seeds, Experiment.learnerArgs(l.settings())));
      }
    }
  }
}
