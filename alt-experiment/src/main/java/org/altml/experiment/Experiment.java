package org.altml.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.altml.core.eval.CurvePoint;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.ProtocolThreads;
import org.altml.core.eval.RunRecord;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.store.RunStore;
import org.altml.experiment.store.StoredRun;
import org.altml.sparse.data.Dataset;

/**
 * The paper's experiment protocol (section 6.4, docs/spec.md#runs): for each dataset and learner, tune
 * on the training set by cross-validation ({@link Tuner}) unless settings are given, then R train-then-test
 * runs, run r over the training permutation of seed {@code firstSeed + r} (the same permutations for
 * every learner, so the runs pair up for the t-tests), the frozen model scored on the test set. Every
 * finished fold and run goes to the {@link RunStore} at once and is taken from it when the experiment is
 * run again, so a killed experiment resumes where it stopped and ends with the same numbers. A run's
 * recorded settings and seed reproduce it with {@code alt evaluate --seed SEED} and those settings.
 *
 * <p>The learning curves are one prequential pass per learner over the training set in the permutation of
 * {@code firstSeed} (not stored: one pass each, recomputed on resume; they feed only the figures).
 */
public final class Experiment {
  private Experiment() {}

  /**
   * One learner of a dataset block: tuned over a grid, or run with given settings.
   *
   * @param grid the grid to tune over (its base holds the user's fixed values); may be null when {@code given} is set
   * @param given settings to use without tuning, or null to tune; when both are set, of the grid's learner kind
   */
  public record Learner(Grid grid, Settings given) {
    /** Checks that there is something to run, and one learner kind. */
    public Learner {
      if (grid == null && given == null) {
        throw new IllegalArgumentException("a learner needs a grid to tune over or the settings to run");
      }
      if (grid != null && given != null && !grid.base().learner().equals(given.learner())) {
        throw new IllegalArgumentException("the given settings are " + given.learner() + "'s, the grid is "
            + grid.base().learner() + "'s");
      }
    }

    /** A learner tuned over {@code grid}. */
    public static Learner tuned(Grid grid) {
      return new Learner(Objects.requireNonNull(grid, "grid"), null);
    }

    /** A learner run with {@code settings}, without tuning. */
    public static Learner given(Settings settings) {
      return new Learner(null, Objects.requireNonNull(settings, "settings"));
    }

    /** The learner kind's name. */
    public String name() {
      return given != null ? given.learner() : grid.base().learner();
    }
  }

  /**
   * One dataset block.
   *
   * @param name the dataset's name in tables
   * @param train the training set (tuning sees only this)
   * @param test the test set (same L as {@code train})
   * @param learners the learners, in table order
   * @param scaling the feature scaling, fitted on the training data of each run and fold
   * @param evaluateArgs the data options of {@code alt evaluate} that read this block's data (e.g.
   *     {@code --train a.arff --test b.arff --scale standardize}), for the reproduction commands
   */
  public record DatasetPlan(String name, Dataset train, Dataset test, List<Learner> learners, FeatureScaling scaling,
      String evaluateArgs) {
    /** Checks and copies. */
    public DatasetPlan {
      Objects.requireNonNull(name, "name");
      learners = List.copyOf(learners);
      if (train.numLabels() != test.numLabels()) {
        throw new IllegalArgumentException(name + ": the training set has " + train.numLabels() + " labels, the test set "
            + test.numLabels());
      }
    }
  }

  /**
   * Experiment settings.
   *
   * @param tuning the tuning settings (folds, cross-validation seed, search, selection, threads); its scaling
   *     and zero-division policy are replaced by each block's
   * @param runs R, at least 2 (the t-tests need pairs)
   * @param firstSeed the seed of run 0; run r uses {@code firstSeed + r}
   * @param zeroDivision the metrics' zero-division policy
   * @param curvePoints the most points per learning curve (0: no curves): every ⌈n/N⌉ examples and at the end of the pass
   */
  public record Config(Tuner.Config tuning, int runs, long firstSeed, ZeroDivisionPolicy zeroDivision, int curvePoints) {
    /** Checks the values. */
    public Config {
      Objects.requireNonNull(tuning, "tuning");
      if (runs < 2) {
        throw new IllegalArgumentException("--runs must be >= 2 (the paired t-tests need pairs): " + runs);
      }
      if (curvePoints < 0) {
        throw new IllegalArgumentException("curve points must be >= 0: " + curvePoints);
      }
    }

    /** The seed of run {@code r}. */
    public long seed(int r) {
      return firstSeed + r;
    }
  }

  /** Told how the work goes (progress displays); called from worker threads. */
  public interface Listener {
    /** No-op. */
    Listener NONE = new Listener() {};

    /** {@code n} more evaluations are planned. */
    default void planned(long n) {}

    /** {@code n} evaluations finished (computed or found in the store). */
    default void finished(long n) {}

    /** A phase starts, e.g. {@code "tune emotions/falt"}. */
    default void phase(String name) {}
  }

  /**
   * A learning curve.
   *
   * @param examples examples predicted and learned at each point
   * @param cumulative the seven metrics over all predictions so far at each point ({@link Selection#PAPER_MEASURES} order)
   */
  public record Curve(long[] examples, double[][] cumulative) {}

  /**
   * What one learner on one dataset gave.
   *
   * @param tuning the tuning result, or null when the settings were given
   * @param settings the settings of the runs
   * @param runs the R runs, in run order
   * @param curve the learning curve, or null
   */
  public record LearnerOutcome(String name, TuningResult tuning, Settings settings, List<StoredRun> runs, Curve curve) {}

  /**
   * What one dataset gave, learners in plan order.
   *
   * @param runCaches the counters of the caches the permutation runs shared ({@link SharedResources#statistics()}:
   *     a Gram cache's hits and misses over every learner's runs), empty when none was made
   */
  public record DatasetOutcome(DatasetPlan plan, List<LearnerOutcome> learners, int computed, int reused,
      Map<String, Map<String, Object>> runCaches) {}

  /** The data files of a dataset as the run records list them (label file first), hashed as read. */
  public static List<RunRecord.DataFile> files(Dataset... data) {
    List<RunRecord.DataFile> files = new ArrayList<>();
    for (Dataset d : data) {
      files.addAll(RunRecord.DataFile.of(d.inputDigests()));
    }
    return files;
  }

  /**
   * What identifies a dataset's content in a {@link RunStore}: the SHA-256 of the examples themselves ({@link
   * Dataset#contentSha256()}: d, L, label names, every feature and label; one pass over the data, once per
   * dataset object), so that changed data never meets stored results. Not its files' hashes: the same files read
   * with other options ({@code --ignore-attributes}, {@code --zero-based}, {@code --labels-last}, a declared d or
   * L) or widened to more labels ({@link Dataset#withDimensions}) hold other examples, and a store keyed by the
   * files handed their results back.
   */
  public static String hash(Dataset d) {
    return "content:" + d.contentSha256().substring(0, 32);
  }

  /** Runs one dataset block. */
  public static DatasetOutcome run(DatasetPlan plan, Config config, RunStore store, Listener listener) {
    Tuner.Config tc = new Tuner.Config(config.tuning().folds(), config.tuning().seed(), config.tuning().search(),
        config.tuning().selection(), plan.scaling(), config.zeroDivision(), config.tuning().threads(),
        config.tuning().sharedCacheBytes());
    String trainHash = hash(plan.train());
    String testHash = hash(plan.test());
    int computed = 0;
    int reused = 0;
    List<TuningResult> tunings = new ArrayList<>();
    List<Settings> chosen = new ArrayList<>();
    for (Learner l : plan.learners()) {
      if (l.given() == null) {
        listener.planned(Tuner.planned(l.grid(), tc.search(), tc.folds()));
      }
      listener.planned(config.runs());
    }
    for (Learner l : plan.learners()) {
      if (l.given() != null) {
        tunings.add(null);
        chosen.add(l.given());
        continue;
      }
      listener.phase("tune " + plan.name() + "/" + l.name());
      Tuner tuner = new Tuner(plan.train(), plan.name(), trainHash, tc, store, listener::finished);
      TuningResult t = tuner.tune(l.grid());
      // the plan counted an upper bound for coarse-to-fine: settle the difference
      listener.finished(Tuner.planned(l.grid(), tc.search(), tc.folds()) - t.computed() - t.reused());
      computed += t.computed();
      reused += t.reused();
      tunings.add(t);
      chosen.add(t.selected());
    }
    listener.phase("runs " + plan.name());
    List<RunRecord.DataFile> files = files(plan.train(), plan.test());
    int learners = plan.learners().size();
    StoredRun[][] runs = new StoredRun[learners][config.runs()];
    List<int[]> todo = new ArrayList<>();
    for (int l = 0; l < learners; l++) {
      for (int r = 0; r < config.runs(); r++) {
        String key = runKey(trainHash, testHash, chosen.get(l), plan, config, r);
        StoredRun stored = store == null ? null : store.get(key);
        if (stored != null) {
          runs[l][r] = stored;
          reused++;
          listener.finished(1);
        } else {
          todo.add(new int[] {l, r});
        }
      }
    }
    // every learner's runs share one set of resources over the training rows and the test rows after them (the
    // training set's transform is the same in every run); each run visits each id once, in its own order, so a
    // cache is made only if it holds every pair
    SharedResources shared = SharedResources.create(List.of(plan.train(), plan.test()), tc.sharedCacheBytes(), true);
    AtomicInteger next = new AtomicInteger();
    List<Callable<Void>> tasks = new ArrayList<>();
    for (int w = 0; w < Math.min(tc.effectiveThreads(), todo.size()); w++) {
      tasks.add(() -> {
        for (int i = next.getAndIncrement(); i < todo.size(); i = next.getAndIncrement()) {
          int l = todo.get(i)[0];
          int r = todo.get(i)[1];
          runs[l][r] = runOnce(plan, chosen.get(l), config, r, trainHash, testHash, files, store, shared);
          listener.finished(1);
        }
        return null;
      });
    }
    ProtocolThreads.invokeAll(tasks);
    computed += todo.size();
    List<LearnerOutcome> outcomes = new ArrayList<>();
    for (int l = 0; l < learners; l++) {
      Curve curve = config.curvePoints() == 0 ? null : curve(plan, chosen.get(l), config, files);
      outcomes.add(new LearnerOutcome(plan.learners().get(l).name(), tunings.get(l), chosen.get(l), List.of(runs[l]), curve));
    }
    return new DatasetOutcome(plan, outcomes, computed, reused, shared.statistics());
  }

  private static String runKey(String trainHash, String testHash, Settings s, DatasetPlan plan, Config config, int r) {
    return "run|" + trainHash + "|" + testHash + "|" + s.key() + "|L=" + plan.train().numLabels() + "|seed=" + config.seed(r)
        + "|" + plan.scaling().cliName() + "|" + config.zeroDivision().name();
  }

  private static StoredRun runOnce(DatasetPlan plan, Settings settings, Config config, int r, String trainHash, String testHash,
      List<RunRecord.DataFile> files, RunStore store, SharedResources shared) {
    TrainThenTest.Config protocol = new TrainThenTest.Config(Order.SHUFFLE, config.seed(r), plan.scaling(),
        config.zeroDivision(), 1);
    // the plan's data was read for this run as given: its shapes are not checked here (they never were)
    TrainThenTestResult result = TrainThenTest.run(settings, DataView.of(plan.train()), DataView.of(plan.test()),
        protocol.withDataFiles(files).withShapeCheck(false).withResources(shared));
    StoredRun run = new StoredRun(runKey(trainHash, testHash, settings, plan, config, r), "run", plan.name(),
        trainHash + "|" + testHash, settings.learner(),
        org.altml.core.learner.CommonParameters.asTextAsRun(settings, plan.train().numLabels()), config.seed(r), r, 0,
        plan.scaling().cliName(),
        new LinkedHashMap<>(result.metrics().values()), result.trainSeconds(), result.testSeconds(), result.record().key());
    if (store != null) {
      try {
        store.put(run, true);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return run;
  }

  private static Curve curve(DatasetPlan plan, Settings settings, Config config, List<RunRecord.DataFile> files) {
    Dataset train = plan.train();
    int n = train.size();
    // at most N points, evenly spaced, and the last at the end of the pass (n / N rounded down gave more than N
    // and left the last examples out: 55 points ending at 385 of 391 for N = 50)
    long every = Math.max(1, (n + config.curvePoints() - 1) / config.curvePoints());
    Prequential.Config pc = new Prequential.Config(Math.max(1, n / 10), every, plan.scaling(), config.zeroDivision(), Long.MAX_VALUE);
    LearnerContext context = new LearnerContext(train.numLabels(), train.numFeatures(), n, 0L);
    PrequentialResult result;
    try {
      result = Prequential.run(settings, context, train.stream(train.permutation(config.firstSeed())),
          pc.withSeed(config.firstSeed()).withDataFiles(files));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<CurvePoint> points = new ArrayList<>(result.curve());
    if (n > 0 && (points.isEmpty() || points.get(points.size() - 1).examples() != n)) {
      points.add(new CurvePoint(n, result.cumulative(), result.window(), result.learningSeconds()));
    }
    long[] examples = new long[points.size()];
    double[][] values = new double[points.size()][];
    for (int i = 0; i < points.size(); i++) {
      examples[i] = points.get(i).examples();
      double[] v = new double[Selection.PAPER_MEASURES.size()];
      for (int m = 0; m < v.length; m++) {
        v[m] = points.get(i).cumulative().get(Selection.PAPER_MEASURES.get(m));
      }
      values[i] = v;
    }
    return new Curve(examples, values);
  }

  /** The metrics of {@code runs} for {@code metric} (or {@code trainSeconds}/{@code testSeconds}), in run order. */
  public static double[] values(List<StoredRun> runs, String metric) {
    double[] v = new double[runs.size()];
    for (int i = 0; i < v.length; i++) {
      StoredRun r = runs.get(i);
      v[i] = switch (metric) {
        case "trainSeconds" -> r.trainSeconds();
        case "testSeconds" -> r.testSeconds();
        default -> r.metric(metric);
      };
    }
    return v;
  }

  /**
   * The learner options of {@code alt evaluate} for {@code s}: {@code --learner NAME} and every parameter
   * whose value is not its default.
   */
  public static String learnerArgs(Settings s) {
    // a composite kind LEARNER+MAP is --learner LEARNER --feature-map MAP on the command line
    String name = s.learner();
    int plus = name.indexOf(org.altml.core.learner.LearnerComposer.SEPARATOR);
    StringBuilder sb = new StringBuilder("--learner ").append(plus < 0 ? name
        : name.substring(0, plus) + " --feature-map " + name.substring(plus + 1));
    for (org.altml.core.learner.Parameter<?> p : s.spec().parameters()) {
      Object v = s.values().get(p.name());
      if (v == null || v.equals(p.defaultValue())) {
        continue;
      }
      sb.append(' ').append(p.option());
      if (!p.isFlag()) {
        sb.append(' ').append(p.format(v));
      }
    }
    return sb.toString();
  }

  /** Settings as text by name, only the values set (for reports). */
  public static Map<String, String> setValues(Settings s) {
    Map<String, String> m = new LinkedHashMap<>();
    s.asText().forEach((k, v) -> {
      if (!v.isEmpty()) {
        m.put(k, v);
      }
    });
    return m;
  }
}
