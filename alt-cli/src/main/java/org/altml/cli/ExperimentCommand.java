package org.altml.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Tuner;
import org.altml.experiment.report.Analysis;
import org.altml.experiment.report.Outputs;
import org.altml.experiment.store.RunStore;
import org.altml.experiment.store.StoredRun;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.DataFiles;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.OutputPaths;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

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

  @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
      description = "Seed of run 0; run r uses S + r, as 'alt evaluate --seed' (default: ${DEFAULT-VALUE}).")
  private long seed;

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

    @Mixin MismatchOptions mismatch = new MismatchOptions();

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
    PrintWriter err = spec.commandLine().getErr();
    Grid.Mode mode = Grid.Mode.parse(tuning.grid);
    FeatureScaling defaultScaling = ProtocolOptions.scaling(tuning.scale);
    ZeroDivisionPolicy policy = ProtocolOptions.zeroDivision(tuning.zeroDivision);
    Tuner.Config tc = tuning.config(defaultScaling, policy);
    Experiment.Config config = new Experiment.Config(tc, runs, seed, policy, curvePoints);
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
    List<Block> blocks = plan != null ? readPlan(plan) : List.of(new Block(null, 0, dataset, null));
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
    // every learner name and fixed value is checked before any data is read
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Block b : blocks) {
      b.learners = learners(b, mode);
      b.name = b.options.name != null ? b.options.name : defaultName(b.options.train);
      if (!names.add(b.name)) {
        // two blocks of one name would be two table rows that cannot be told apart, sharing a figure file
        throw new IllegalArgumentException(b.where() + "a second dataset named " + b.name + ": give each its own --name");
      }
      try {
        b.scaling = b.options.scale != null ? ProtocolOptions.scaling(b.options.scale) : defaultScaling;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(b.where() + "--data-scale must be none, standardize or l2: " + b.options.scale
            + ProtocolOptions.scalingNear(b.options.scale), e);
      }
    }
    Path created = OutputPaths.firstMissing(out); // the folder (with its missing parents) this run makes, or null
    Files.createDirectories(out);
    try {
      List<Experiment.DatasetOutcome> outcomes = new ArrayList<>();
      long started = System.nanoTime();
      int computed = 0;
      int reused = 0;
      try (RunStore store = RunStore.open(out.resolve(STORE)); Progress progress = progressOptions.progress(spec)) {
        if (store.droppedTornLine()) {
          progress.warn(store.file() + ": the last line was cut off (an interrupted write); it is dropped and recomputed");
        }
        long byFiles = store.all().stream().filter(r -> !r.data().startsWith("content:")).count();
        if (byFiles > 0) {
          // keyed by an earlier build (before 2026-11-28) by the data files' hashes: never this build's keys
          progress.warn(store.file() + ": " + byFiles + " evaluations were stored by an earlier ALT, which keyed them by the"
              + " data files' hashes; this build keys by the data's content, so they are not reused (they are recomputed)");
        }
        List<Experiment.DatasetPlan> plans = new ArrayList<>();
        for (Block b : blocks) {
          Dataset train = DataLoading.readHashed(b.options.train, b.options.data, progress);
          Dataset test = DataLoading.readHashed(b.options.test, b.options.data, progress);
          DataLoading.checkFormatOptions(b.options.data, b.options.train, train, b.options.test, test);
          DataLoading.checkTestLikeTraining(train, b.options.train, test, b.options.test, b.options.mismatch.allowed(),
              progress);
          String same = DataLoading.testIsTraining(b.options.train, b.options.test, false, train, test);
          if (same != null) {
            progress.warn(b.name + ": " + same);
          }
          int numLabels = DataLoading.requireLabels(b.options.data.numLabels != null ? b.options.data.numLabels
              : Math.max(train.numLabels(), test.numLabels()), b.options.train, b.options.data);
          Map<Path, Dataset> inputs = new java.util.LinkedHashMap<>();
          inputs.put(b.options.train, train);
          inputs.put(b.options.test, test);
          String inferred = DataLoading.inferredLabels(b.options.data, numLabels, inputs);
          if (inferred != null) {
            progress.warn(b.name + ": " + inferred);
          }
          String trainName = b.name + ": the training data " + DataFiles.displayName(b.options.train);
          ScalingAdvice.unlessScaled(b.options.scale != null || spec.commandLine().getParseResult().hasMatchedOption("--scale"),
              progress, train, trainName);
          for (Experiment.Learner l : b.learners) {
            ScalingAdvice.ifBudgetNeverActs(progress, l.given() != null ? l.given() : l.grid().base(), train.size(), trainName);
          }
          plans.add(new Experiment.DatasetPlan(b.name, DataLoading.withLabels(train, numLabels), DataLoading.withLabels(test,
              numLabels), b.learners, b.scaling, evaluateArgs(b.options, b.scaling, numLabels)));
        }
        long total = 0;
        for (Experiment.DatasetPlan p : plans) {
          for (Experiment.Learner l : p.learners()) {
            total += (l.given() == null ? Tuner.planned(l.grid(), tc.search(), tc.folds()) : 0) + runs;
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
      Analysis analysis = Analysis.of(outcomes, wilcoxon);
      List<String> written = Outputs.write(out, outcomes, analysis, new Outputs.Provenance(commandLine(), config,
          mode.name().toLowerCase(Locale.ROOT), tc.selection().name(), wilcoxon));
      PrintWriter stdout = spec.commandLine().getOut();
      stdout.printf(Locale.ROOT, "experiment: %d dataset(s), %d evaluations computed, %d taken from %s, %.1f s%n", outcomes.size(),
          computed, reused, out.resolve(STORE), (System.nanoTime() - started) * 1e-9);
      stdout.println();
      stdout.print(org.altml.experiment.report.Tables.table3Markdown(analysis));
      stdout.println();
      stdout.println("written to " + out + ": " + String.join(", ", written));
      stdout.flush();
      err.flush();
      return 0;
    } catch (Exception | Error e) {
      if (created != null) {
        removeIfNothingStored(out, created); // a failure before anything was stored (bad data) leaves no new folder behind
      }
      throw e;
    }
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
    final Path file;
    final int line;
    final DatasetOptions options;
    List<Experiment.Learner> learners;
    /** The name in the tables and the feature scaling, set once the block's options are checked. */
    String name;
    FeatureScaling scaling;

    Block(Path file, int line, DatasetOptions options, List<Experiment.Learner> learners) {
      this.file = file;
      this.line = line;
      this.options = options;
      this.learners = learners;
    }

    String where() {
      return file == null ? "" : file + ":" + line + ": ";
    }
  }

  /** The learners of a block, each with its grid (and given settings), checked against the registry. */
  private static List<Experiment.Learner> learners(Block b, Grid.Mode mode) {
    Map<String, Map<String, String>> given = settingsByLearner(b, b.options.given, "--given");
    Map<String, Map<String, String>> fixed = settingsByLearner(b, b.options.fix, "--fix");
    List<Experiment.Learner> out = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String name : b.options.learners) {
      String n = LearnerRegistry.canonicalName(name.strip()); // FALT is falt
      if (!seen.add(n)) {
        throw new IllegalArgumentException(b.where() + "--learners names " + n + " twice");
      }
      if (given.containsKey(n) && fixed.containsKey(n)) {
        throw new IllegalArgumentException(b.where() + n + ": --given sets every value and skips the tuning, --fix fixes"
            + " values of a tuning: give one of them");
      }
      LearnerSpec learner;
      try {
        learner = LearnerRegistry.get(n);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(b.where() + "--learners: " + e.getMessage(), e);
      }
      try {
        Settings base = Settings.parse(learner, fixed.getOrDefault(n, Map.of()));
        Grid grid = Grid.of(base, mode, Map.of(), fixed.getOrDefault(n, Map.of()).keySet());
        Settings g = given.containsKey(n) ? Settings.parse(learner, given.get(n)) : null;
        out.add(new Experiment.Learner(grid, g));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(b.where() + n + ": " + e.getMessage(), e);
      }
    }
    for (String n : given.keySet()) {
      if (!seen.contains(n)) { // the names of --learners, case ignored
        throw new IllegalArgumentException(b.where() + "--given names " + n + ", which is not in --learners");
      }
    }
    return out;
  }

  private static Map<String, Map<String, String>> settingsByLearner(Block b, List<String> specs, String option) {
    Map<String, Map<String, String>> m = new LinkedHashMap<>();
    for (String s : specs) {
      int colon = s.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(b.where() + option + " takes LEARNER:NAME=VALUE,...: " + s);
      }
      String learnerName = LearnerRegistry.canonicalName(s.substring(0, colon).strip());
      Map<String, String> values = m.computeIfAbsent(learnerName, k -> new LinkedHashMap<>());
      for (String kv : s.substring(colon + 1).split(",")) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException(b.where() + option + " takes LEARNER:NAME=VALUE,...: " + s);
        }
        String parameter = parameterName(learnerName, kv.substring(0, eq).strip());
        if (values.put(parameter, kv.substring(eq + 1).strip()) != null) {
          throw new IllegalArgumentException(b.where() + option + " sets " + learnerName + "'s " + parameter + " twice");
        }
      }
    }
    return m;
  }

  /**
   * A parameter's name as given to --given or --fix: its name ({@code maxUpdatesFactor}) or its command-line option,
   * with or without the dashes ({@code max-updates-factor}, {@code --max-updates-factor}), looked up among the
   * parameters of {@code learnerName}; anything else is returned as it is, for the settings to name as unknown.
   */
  static String parameterName(String learnerName, String given) {
    String option = given.startsWith("--") ? given : "--" + given;
    try {
      for (org.altml.core.learner.Parameter<?> p : LearnerRegistry.get(learnerName).parameters()) {
        if (p.name().equals(given) || p.option().equals(option)) {
          return p.name();
        }
      }
    } catch (IllegalArgumentException e) {
      // an unknown learner: named by the caller's own check
    }
    return given;
  }

  /** The blocks of a plan file, each line parsed with the dataset options; errors name the file and line. */
  private static List<Block> readPlan(Path plan) throws IOException {
    List<Block> blocks = new ArrayList<>();
    if (Files.isDirectory(plan)) {
      throw new IllegalArgumentException("--plan " + plan + ": is a folder, not a plan file");
    }
    if (!Files.exists(plan)) {
      throw new IllegalArgumentException("--plan " + plan + ": no such file");
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(plan, StandardCharsets.UTF_8);
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new DataFormatException(plan.toString(), firstBadLine(plan), "not UTF-8 text (save the plan file as UTF-8)", e);
    }
    Path base = plan.toAbsolutePath().getParent();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (i == 0 && line.startsWith("\uFEFF")) {
        line = line.substring(1);
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher m = Pattern.compile("([A-Za-z0-9._+-]+)\\s*:\\s*(.*)").matcher(line);
      if (!m.matches()) {
        throw new DataFormatException(plan.toString(), i + 1, "expected 'NAME: options'");
      }
      DatasetOptions o = new DatasetOptions();
      CommandLine cl = new CommandLine(o);
      try {
        cl.parseArgs(tokens(m.group(2), plan, i + 1));
      } catch (CommandLine.ParameterException e) {
        throw new DataFormatException(plan.toString(), i + 1, Messages.printable(e.getMessage()));
      }
      try {
        o.check("");
      } catch (IllegalArgumentException e) {
        throw new DataFormatException(plan.toString(), i + 1, e.getMessage().replace(" (or give a plan file with --plan)", ""));
      }
      o.name = o.name != null ? o.name : m.group(1);
      for (Path p : new Path[] {o.train, o.test, o.data.labelsXml}) {
        if (p != null && org.altml.sparse.io.DataFiles.isStandardInput(p)) {
          throw new DataFormatException(plan.toString(), i + 1, "a plan's data are files: standard input ('-') is read by one"
              + " command, not by a plan line");
        }
      }
      o.train = base.resolve(o.train);
      o.test = base.resolve(o.test);
      if (o.data.labelsXml != null) {
        o.data.labelsXml = base.resolve(o.data.labelsXml);
      }
      // a missing file is named with the plan line that gives it (it was named alone, resolved)
      for (String[] f : new String[][] {{"--train", o.train.toString()}, {"--test", o.test.toString()},
          {"--labels-xml", o.data.labelsXml == null ? null : o.data.labelsXml.toString()}}) {
        if (f[1] != null && !Files.exists(Path.of(f[1]))) {
          throw new DataFormatException(plan.toString(), i + 1, f[0] + " " + f[1] + ": no such file");
        }
      }
      blocks.add(new Block(plan, i + 1, o, null));
    }
    if (blocks.isEmpty()) {
      throw new DataFormatException(plan.toString(), lines.size(), "the plan names no dataset");
    }
    return blocks;
  }

  /** The 1-based line of the first byte sequence of {@code file} that is not UTF-8. */
  private static long firstBadLine(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    java.nio.charset.CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
    long line = 1;
    int start = 0;
    for (int i = 0; i <= bytes.length; i++) {
      if (i == bytes.length || bytes[i] == '\n') {
        try {
          decoder.decode(java.nio.ByteBuffer.wrap(bytes, start, i - start));
        } catch (java.nio.charset.CharacterCodingException e) {
          return line;
        }
        line++;
        start = i + 1;
      }
    }
    return 0;
  }

  /**
   * Splits a plan line into words as a shell would, without escapes: white space separates words, single or double
   * quotes keep what they enclose together (spaces, the other quote, '#'), quoted and plain parts of one word join
   * ({@code --train="a b.svm"}), and a '#' that starts a word starts a comment to the end of the line.
   */
  static String[] tokens(String text, Path plan, int line) throws DataFormatException {
    List<String> out = new ArrayList<>();
    StringBuilder word = null;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        if (word != null) {
          out.add(word.toString());
          word = null;
        }
        i++;
      } else if (c == '#' && word == null) {
        break;
      } else if (c == '"' || c == '\'') {
        int close = text.indexOf(c, i + 1);
        if (close < 0) {
          throw new DataFormatException(plan.toString(), line, "an unmatched " + (c == '"' ? "double" : "single") + " quote");
        }
        word = word == null ? new StringBuilder() : word;
        word.append(text, i + 1, close);
        i = close + 1;
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
        i++;
      }
    }
    if (word != null) {
      out.add(word.toString());
    }
    return out.toArray(String[]::new);
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
