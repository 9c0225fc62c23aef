package org.altml.python;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
import org.altml.core.model.DataFit;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Tuner;
import org.altml.experiment.plan.PlanLearners;
import org.altml.experiment.report.Analysis;
import org.altml.experiment.report.Outputs;
import org.altml.experiment.report.Tables;
import org.altml.experiment.stats.Friedman;
import org.altml.experiment.store.RunStore;
import org.altml.experiment.store.StoredRun;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.OutputPaths;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;

/**
 * {@code altml.experiment}: the protocol of {@code alt experiment} ({@link Experiment}: tuning, seeded runs, tests)
 * on data files, its outputs (tables, figures, {@code experiment.json}) written into a folder through the same
 * resumable store {@code runs.jsonl}, and its tables laid out for Python (rows of text by column name).
 */
public final class PyExperiment {
  /** The store in the output folder, as {@code alt experiment} keeps it. */
  static final String STORE = "runs.jsonl";

  private final List<Experiment.DatasetOutcome> outcomes;
  private final Analysis analysis;
  private final List<String> written;

  private PyExperiment(List<Experiment.DatasetOutcome> outcomes, Analysis analysis, List<String> written) {
    this.outcomes = outcomes;
    this.analysis = analysis;
    this.written = written;
  }

  /**
   * Runs the protocol on each dataset ({@code names}, {@code trains}, {@code tests}, {@code scales} in step; a null
   * scale is {@code scale}) for {@code learners}, tuned over the grid of {@code mode} with {@code fix}'s values held,
   * or run with {@code given}'s ({@code LEARNER:NAME=VALUE,...} each, as {@code alt experiment --given/--fix}), and
   * writes the outputs into {@code out}: {@code runs} runs from seed {@code seed}, tuning over {@code folds} folds of
   * cross-validation seed {@code cvSeed}.
   *
   * @param command how the experiment was asked for, recorded in {@code experiment.json}
   * @throws IllegalArgumentException for an unknown learner or value, a misfit test set, or an output folder that
   *     would replace an input
   */
  public static PyExperiment run(List<String> names, List<String> trains, List<String> tests, List<String> scales,
      List<String> learners, List<String> given, List<String> fix, String out, int runs, long seed, int folds, long cvSeed,
      String mode, String search, String select, String scale, String zeroDivision, int threads, boolean wilcoxon, int curvePoints,
      String command) throws IOException {
    Grid.Mode gridMode = PyTuner.named("mode", () -> Grid.Mode.parse(mode));
    Tuner.Config tuning = PyTuner.config(folds, cvSeed, search, select, scale, zeroDivision, threads);
    Experiment.Config config = PyTuner.named("runs", () -> new Experiment.Config(tuning, runs, seed, tuning.zeroDivision(),
        curvePoints));
    List<Experiment.Learner> plan = PyTuner.named("learners", () -> PlanLearners.of("", learners, given, fix, gridMode));
    Path dir = Path.of(out);
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("out " + dir + ": is not a folder");
    }
    Set<String> seen = new HashSet<>();
    List<Experiment.DatasetPlan> plans = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if (!seen.add(names.get(i))) {
        throw new IllegalArgumentException("a second dataset named " + names.get(i) + ": give each its own name");
      }
      Path train = Path.of(trains.get(i));
      Path test = Path.of(tests.get(i));
      checkNotReplaced(dir, train);
      checkNotReplaced(dir, test);
      String own = scales.get(i);
      FeatureScaling scaling = own == null ? tuning.scaling() : PyTuner.named("scale", () -> FeatureScaling.parse(own));
      plans.add(plan(names.get(i), train, test, plan, scaling));
    }
    Files.createDirectories(dir);
    List<Experiment.DatasetOutcome> outcomes = new ArrayList<>();
    try (RunStore store = RunStore.open(dir.resolve(STORE))) {
      for (Experiment.DatasetPlan p : plans) {
        outcomes.add(Experiment.run(p, config, store, Experiment.Listener.NONE));
      }
    }
    Analysis analysis = Analysis.of(outcomes, wilcoxon);
    List<String> written = Outputs.write(dir, outcomes, analysis, new Outputs.Provenance(command, config,
        gridMode.name().toLowerCase(Locale.ROOT), tuning.selection().name(), wilcoxon));
    return new PyExperiment(outcomes, analysis, written);
  }

  /** An output of the experiment never replaces one of its inputs. */
  private static void checkNotReplaced(Path dir, Path input) throws IOException {
    List<String> outputs = new ArrayList<>(Outputs.FILES);
    outputs.add(STORE);
    for (String name : outputs) {
      if (OutputPaths.sameFile(dir.resolve(name), input)) {
        throw new IllegalArgumentException(input + " is in " + dir + " as " + name + ", which the experiment writes:"
            + " give another out folder, or keep the input elsewhere");
      }
    }
  }

  /**
   * One dataset read as {@code alt experiment} reads it: L the larger of the two files', label and feature names alike,
   * the shapes they declare fitting.
   */
  private static Experiment.DatasetPlan plan(String name, Path trainFile, Path testFile, List<Experiment.Learner> learners,
      FeatureScaling scaling) throws IOException {
    ReadOptions options = ReadOptions.defaults().withInputHashing(true);
    Dataset train = DataFiles.read(trainFile, options);
    Dataset test = DataFiles.read(testFile, options);
    String trainName = "the training data " + DataFiles.displayName(trainFile);
    String testName = "the test data " + DataFiles.displayName(testFile);
    DataFit.checkLabelNames(train.labelNames(), trainName, testName, test.labelNames(), DataFit.SAME_DATA);
    int f = train.firstFeatureNameDifference(test);
    if (f >= 0) {
      throw new IllegalArgumentException("the features of " + testName + " are not those of " + trainName + ": feature id "
          + f + " is '" + test.featureNames().get(f) + "', not '" + train.featureNames().get(f) + "'");
    }
    // the shapes the two files declare (ARFF) must fit, as alt experiment requires without its --allow-* options
    for (ShapeFit.Misfit m : DataFit.testMisfits(ShapeFit.Shape.of(train, trainName), ShapeFit.Shape.of(test, testName))) {
      throw new IllegalArgumentException(m.problem() + "; " + m.question());
    }
    int numLabels = Math.max(train.numLabels(), test.numLabels());
    train = train.numLabels() == numLabels ? train : train.withDimensions(train.numFeatures(), numLabels);
    test = test.numLabels() == numLabels ? test : test.withDimensions(test.numFeatures(), numLabels);
    String evaluateArgs = "--train " + trainFile + " --test " + testFile + " --num-labels " + numLabels + " --scale "
        + scaling.cliName();
    return new Experiment.DatasetPlan(name, train, test, learners, scaling, evaluateArgs);
  }

  /** The files written, relative to the output folder. */
  public List<String> written() {
    return written;
  }

  /** Both tables as {@code tables.csv} holds them (dataset, learner, column, mean, std, runs, best, bold, tP, wilcoxonP). */
  public String csv() {
    return Tables.csv(analysis);
  }

  /** Table 3 as Markdown, as {@code alt experiment} prints it. */
  public String table3Markdown() {
    return Tables.table3Markdown(analysis);
  }

  /** Every run: dataset, learner, run, seed, the metrics, trainSeconds, testSeconds (numbers as Java writes them). */
  public List<Map<String, String>> runs() {
    List<Map<String, String>> rows = new ArrayList<>();
    for (Experiment.DatasetOutcome d : outcomes) {
      for (Experiment.LearnerOutcome l : d.learners()) {
        for (StoredRun r : l.runs()) {
          Map<String, String> row = new LinkedHashMap<>();
          row.put("dataset", d.plan().name());
          row.put("learner", l.name());
          row.put("run", Integer.toString(r.index()));
          row.put("seed", Long.toString(r.seed()));
          r.metrics().forEach((k, v) -> row.put(k, Double.toString(v)));
          row.put("trainSeconds", Double.toString(r.trainSeconds()));
          row.put("testSeconds", Double.toString(r.testSeconds()));
          rows.add(row);
        }
      }
    }
    return rows;
  }

  /**
   * The settings of every learner's runs: dataset, learner, tuned (true or false) and each parameter set (as text by
   * registry name).
   */
  public List<Map<String, String>> settings() {
    List<Map<String, String>> rows = new ArrayList<>();
    for (Experiment.DatasetOutcome d : outcomes) {
      for (Experiment.LearnerOutcome l : d.learners()) {
        Map<String, String> row = new LinkedHashMap<>();
        row.put("dataset", d.plan().name());
        row.put("learner", l.name());
        row.put("tuned", Boolean.toString(l.tuning() != null));
        row.putAll(PyTuner.setValues(l.settings()));
        rows.add(row);
      }
    }
    return rows;
  }

  /** The learners the Friedman tests rank, in column order. */
  public List<String> friedmanLearners() {
    return analysis.friedmanLearners();
  }

  /**
   * Per metric, the Friedman test across datasets: metric, chiSquare, chiSquareP, imanDavenport, imanDavenportP,
   * criticalDifference, datasets, then each learner's average rank by its name (none with fewer than 2 datasets).
   */
  public List<Map<String, String>> friedman() {
    List<Map<String, String>> rows = new ArrayList<>();
    for (Map.Entry<String, Friedman> e : analysis.friedman().entrySet()) {
      Friedman f = e.getValue();
      Map<String, String> row = new LinkedHashMap<>();
      row.put("metric", e.getKey());
      row.put("chiSquare", Double.toString(f.chiSquare()));
      row.put("chiSquareP", Double.toString(f.chiSquareP()));
      row.put("imanDavenport", Double.toString(f.imanDavenport()));
      row.put("imanDavenportP", Double.toString(f.imanDavenportP()));
      row.put("criticalDifference", Double.toString(f.criticalDifference()));
      row.put("datasets", Integer.toString(f.datasets()));
      for (int l = 0; l < f.averageRanks().length; l++) {
        row.put(analysis.friedmanLearners().get(l), Double.toString(f.averageRanks()[l]));
      }
      rows.add(row);
    }
    return rows;
  }
}
