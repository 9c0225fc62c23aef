package org.altml.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.ProtocolThreads;
import org.altml.core.eval.Seeds;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.store.RunStore;
import org.altml.experiment.store.StoredRun;
import org.altml.sparse.data.Dataset;

/**
 * Cross-validated tuning on a training set (docs/spec.md#tuning): seeded k-fold split, and for each setting
 * of a {@link Grid} and each fold one train-then-test run (one seeded online pass over the other k−1
 * folds, evaluation on the held-out fold); the settings' fold means of the seven metrics go to a
 * {@link Selection}. The tuner sees only the training set: the test set is not an argument.
 *
 * <p>Runs are spread over the shared pool ({@link ProtocolThreads}) as settings × folds tasks on
 * {@link Config#threads()} workers, each run single-threaded; every result lands in its own slot and
 * means are summed in fold order, so the selection does not depend on the thread count. Each finished
 * run goes to the {@link RunStore} when one is given, and a run already stored is taken from it, not
 * recomputed (a resumed experiment). Learners of one fold share a {@link SharedResources} (a kernel
 * learner's Gram cache): one for every fold when the features do not depend on the training folds (no
 * scaling, L2), one per fold for standardization (fitted on the training folds). Not thread-safe itself.
 */
public final class Tuner {
  /**
   * Tuning settings.
   *
   * @param folds k, at least 2
   * @param seed the cross-validation seed: the fold split and each fold's training order derive from it
   * @param search how much of the grid to evaluate
   * @param selection how to pick the setting
   * @param scaling feature scaling, fitted on the training folds
   * @param zeroDivision the metrics' zero-division policy
   * @param threads workers; 0 = every core
   * @param sharedCacheBytes heap the learners' shared per-dataset caches may hold ({@link SharedResources}, a
   *     kernel learner's Gram cache): -1 for their default, 0 for none; results do not depend on it
   */
  public record Config(int folds, long seed, Search search, Selection selection, FeatureScaling scaling,
      ZeroDivisionPolicy zeroDivision, int threads, long sharedCacheBytes) {
    /** Settings with the caches' default budget. */
    public Config(int folds, long seed, Search search, Selection selection, FeatureScaling scaling,
        ZeroDivisionPolicy zeroDivision, int threads) {
      this(folds, seed, search, selection, scaling, zeroDivision, threads, -1L);
    }

    /** Checks the values. */
    public Config {
      if (sharedCacheBytes < -1) {
        throw new IllegalArgumentException("the shared cache budget must be >= 0, or -1 for the default: " + sharedCacheBytes);
      }
      if (folds < 2) {
        throw new IllegalArgumentException("--folds must be >= 2: " + folds);
      }
      if (threads < 0) {
        throw new IllegalArgumentException("--threads must be >= 0 (0 = all cores): " + threads);
      }
      Objects.requireNonNull(search, "search");
      Objects.requireNonNull(selection, "selection");
      Objects.requireNonNull(scaling, "scaling");
      Objects.requireNonNull(zeroDivision, "zeroDivision");
    }

    /** 10 folds, seed 1, the full grid, the paper's rule, no scaling, SPEC zero division, every core. */
    public static Config defaults() {
      return new Config(10, 1L, Search.FULL, Selection.paper(), FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, 0);
    }

    /** This config with k = {@code folds}. */
    public Config withFolds(int folds) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another cross-validation seed. */
    public Config withSeed(long seed) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another search strategy. */
    public Config withSearch(Search search) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another selection rule. */
    public Config withSelection(Selection selection) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another feature scaling. */
    public Config withScaling(FeatureScaling scaling) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another zero-division policy. */
    public Config withZeroDivision(ZeroDivisionPolicy zeroDivision) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another worker count (0 = every core). */
    public Config withThreads(int threads) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** This config with another budget for the shared caches, in bytes (-1: their default; 0: none). */
    public Config withSharedCacheBytes(long sharedCacheBytes) {
      return new Config(folds, seed, search, selection, scaling, zeroDivision, threads, sharedCacheBytes);
    }

    /** The worker count: {@link #threads()}, or the number of cores when 0. */
    public int effectiveThreads() {
      return threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
    }
  }

  /** Coarse-to-fine search: how many of the best coarse settings are refined. */
  static final int REFINE_TOP = 3;
  /** Successive halving's rate: keep a third, triple the folds. */
  static final int HALVING_RATE = 3;

  private final Dataset train;
  private final String datasetName;
  private final String dataHash;
  private final Config config;
  private final RunStore store;
  private final LongConsumer progress;
  private final int[][] heldOut;
  private final int[][] trainingRows;
  private final SharedResources[] resources;
  private final Map<String, StoredRun> cells = new HashMap<>();
  private int computed;
  private int reused;

  /**
   * A tuner over {@code train}.
   *
   * @param datasetName the dataset's name (stored with each run)
   * @param dataHash identifies the training data's content (stored runs are looked up by it): {@link
   *     Experiment#hash}{@code (train)}, which the experiment and the CLI use, and which null stands for (a null key
   *     would let the runs of one dataset be taken for another's)
   * @param store where finished runs go and are looked up, or null
   * @param progress told the number of runs finished (computed or found in the store) as they finish
   * @throws IllegalArgumentException if the training set has fewer examples than folds
   */
  public Tuner(Dataset train, String datasetName, String dataHash, Config config, RunStore store, LongConsumer progress) {
    this.train = Objects.requireNonNull(train, "train");
    this.datasetName = datasetName;
    this.dataHash = dataHash != null ? dataHash : Experiment.hash(train);
    this.config = Objects.requireNonNull(config, "config");
    this.store = store;
    this.progress = progress == null ? n -> {} : progress;
    if (train.size() < config.folds()) {
      throw new IllegalArgumentException("the training set " + datasetName + " has " + train.size()
          + " examples, fewer than the " + config.folds() + " folds");
    }
    this.heldOut = train.folds(config.folds(), Seeds.derive(config.seed(), "folds"));
    this.trainingRows = new int[heldOut.length][];
    for (int f = 0; f < heldOut.length; f++) {
      trainingRows[f] = Dataset.complement(heldOut[f], train.size());
    }
    boolean perFold = config.scaling() == FeatureScaling.STANDARDIZE;
    this.resources = new SharedResources[heldOut.length];
    // unscaled (or per-example scaled) rows: one instance for every fold, told which dataset the ids index
    SharedResources one = SharedResources.create(train, config.sharedCacheBytes());
    for (int f = 0; f < heldOut.length; f++) {
      resources[f] = perFold ? SharedResources.create(train.size(), config.sharedCacheBytes()) : one;
    }
  }

  /** Runs computed by this tuner so far. */
  public int computed() {
    return computed;
  }

  /**
   * The counters of the shared resources ({@link SharedResources#statistics()}: a Gram cache's hits and
   * misses), one map per distinct instance (one for every fold, or one per fold with standardization).
   */
  public List<Map<String, Map<String, Object>>> sharedResourceStatistics() {
    List<Map<String, Map<String, Object>>> out = new ArrayList<>();
    java.util.Set<SharedResources> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (SharedResources r : resources) {
      if (seen.add(r)) {
        out.add(r.statistics());
      }
    }
    return out;
  }

  /** Runs taken from the store so far. */
  public int reused() {
    return reused;
  }

  /**
   * Number of train-then-test runs a search of {@code gridSize} settings over {@code k} folds evaluates
   * (for {@link Search#REFINE} an upper bound: neighbours may coincide).
   */
  public static long planned(Grid grid, Search search, int k) {
    int n = grid.size();
    return switch (search) {
      case FULL -> (long) n * k;
      case HALVING -> {
        long total = 0;
        int survivors = n;
        int[] budgets = budgets(k);
        int done = 0;
        for (int r = 0; r < budgets.length; r++) {
          total += (long) survivors * (budgets[r] - done);
          done = budgets[r];
          survivors = keep(survivors);
        }
        yield total;
      }
      case REFINE -> {
        long coarse = coarsePositions(grid).stream().mapToLong(List::size).reduce(1, (a, b) -> a * b);
        long neighbours = Math.min(REFINE_TOP, coarse) * (long) Math.pow(3, grid.axes().size());
        yield Math.min(n, coarse + neighbours) * k;
      }
    };
  }

  /** Successive halving's cumulative fold budgets: 1, 3, 9, ..., k. */
  static int[] budgets(int k) {
    List<Integer> b = new ArrayList<>();
    for (int f = 1; f < k; f *= HALVING_RATE) {
      b.add(f);
    }
    b.add(k);
    return b.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int keep(int survivors) {
    return Math.max(1, (survivors + HALVING_RATE - 1) / HALVING_RATE);
  }

  /** Tunes over {@code grid} with the configured search. */
  public TuningResult tune(Grid grid) {
    List<Settings> all = grid.settings();
    List<Integer> candidates;
    int folds = config.folds();
    switch (config.search()) {
      case FULL -> {
        candidates = range(all.size());
        evaluate(all, candidates, 0, folds);
      }
      case HALVING -> {
        List<Integer> survivors = range(all.size());
        int done = 0;
        int[] budgets = budgets(folds);
        for (int r = 0; r < budgets.length; r++) {
          evaluate(all, survivors, done, budgets[r]);
          done = budgets[r];
          if (r < budgets.length - 1) {
            int[] ranking = config.selection().ranking(means(all, survivors, done));
            List<Integer> next = new ArrayList<>();
            for (int i = 0; i < keep(survivors.size()); i++) {
              next.add(survivors.get(ranking[i]));
            }
            next.sort(null); // grid order, for ties
            survivors = next;
          }
        }
        candidates = survivors;
      }
      case REFINE -> {
        List<List<Integer>> positions = coarsePositions(grid);
        List<Integer> coarse = product(grid, positions);
        evaluate(all, coarse, 0, folds);
        int[] ranking = config.selection().ranking(means(all, coarse, folds));
        TreeSet<Integer> union = new TreeSet<>(coarse);
        for (int t = 0; t < Math.min(REFINE_TOP, coarse.size()); t++) {
          int[] c = grid.coordinates(coarse.get(ranking[t]));
          List<List<Integer>> around = new ArrayList<>();
          for (int a = 0; a < c.length; a++) {
            List<Integer> p = new ArrayList<>();
            for (int d = -1; d <= 1; d++) {
              int v = c[a] + d;
              if (v >= 0 && v < grid.axes().get(a).values().size()) {
                p.add(v);
              }
            }
            around.add(p);
          }
          union.addAll(product(grid, around));
        }
        candidates = new ArrayList<>(union);
        evaluate(all, candidates, 0, folds);
      }
      default -> throw new AssertionError(config.search());
    }
    List<double[]> means = means(all, candidates, folds);
    int chosen = config.selection().select(means);
    double[] scores = config.selection().scores(means);
    List<TuningResult.Candidate> list = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      int g = candidates.get(i);
      list.add(new TuningResult.Candidate(g, all.get(g), means.get(i), scores[i], foldValues(all.get(g), folds)));
    }
    int[][] held = new int[heldOut.length][];
    for (int f = 0; f < heldOut.length; f++) {
      held[f] = heldOut[f].clone();
    }
    return new TuningResult(grid, config, list, chosen, evaluatedCells(), computed, reused, held);
  }

  private int evaluatedCells() {
    return cells.size();
  }

  /** The positions of each axis in its coarse sub-grid ({@link Grid#coarse}'s parity rule). */
  static List<List<Integer>> coarsePositions(Grid grid) {
    List<List<Integer>> positions = new ArrayList<>();
    for (Grid.Axis a : grid.axes()) {
      Object d = a.parameter().defaultValue();
      int anchor = d == null ? -1 : a.values().indexOf(d);
      if (anchor < 0) {
        anchor = a.values().size() / 2;
      }
      List<Integer> p = new ArrayList<>();
      for (int i = anchor % 2; i < a.values().size(); i += 2) {
        p.add(i);
      }
      positions.add(p);
    }
    return positions;
  }

  private static List<Integer> product(Grid grid, List<List<Integer>> positions) {
    List<Integer> out = new ArrayList<>();
    int[] c = new int[positions.size()];
    int[] at = new int[positions.size()];
    while (true) {
      for (int a = 0; a < c.length; a++) {
        c[a] = positions.get(a).get(at[a]);
      }
      out.add(grid.index(c));
      int a = c.length - 1;
      while (a >= 0 && ++at[a] == positions.get(a).size()) {
        at[a] = 0;
        a--;
      }
      if (a < 0) {
        break;
      }
    }
    out.sort(null);
    return out;
  }

  private static List<Integer> range(int n) {
    List<Integer> r = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      r.add(i);
    }
    return r;
  }

  /** The seven metrics of each of folds 0 .. folds-1 for {@code s}. */
  private double[][] foldValues(Settings s, int folds) {
    double[][] values = new double[folds][Selection.PAPER_MEASURES.size()];
    for (int f = 0; f < folds; f++) {
      StoredRun run = cells.get(key(s, f));
      for (int m = 0; m < values[f].length; m++) {
        values[f][m] = run.metric(Selection.PAPER_MEASURES.get(m).metricName());
      }
    }
    return values;
  }

  /** Fold means of the seven metrics over folds 0 .. folds-1 for each of {@code which}. */
  private List<double[]> means(List<Settings> all, List<Integer> which, int folds) {
    List<double[]> means = new ArrayList<>(which.size());
    for (int g : which) {
      double[] sum = new double[Selection.PAPER_MEASURES.size()];
      int[] count = new int[sum.length];
      for (double[] fold : foldValues(all.get(g), folds)) {
        for (int m = 0; m < sum.length; m++) {
          double v = fold[m];
          if (!Double.isNaN(v)) {
            sum[m] += v;
            count[m]++;
          }
        }
      }
      for (int m = 0; m < sum.length; m++) {
        sum[m] = count[m] == 0 ? Double.NaN : sum[m] / count[m];
      }
      means.add(sum);
    }
    return means;
  }

  /** The store key of fold {@code fold} of {@code settings}. */
  String key(Settings settings, int fold) {
    return "fold|" + dataHash + "|" + settings.key() + "|k=" + config.folds() + "|cv=" + config.seed() + "|f=" + fold
        + "|" + config.scaling().cliName() + "|" + config.zeroDivision().name();
  }

  /** Evaluates folds [from, to) of the settings {@code which} that are not evaluated yet. */
  private void evaluate(List<Settings> all, List<Integer> which, int from, int to) {
    List<int[]> todo = new ArrayList<>();
    for (int g : which) {
      for (int f = from; f < to; f++) {
        String key = key(all.get(g), f);
        if (cells.containsKey(key)) {
          continue;
        }
        StoredRun stored = store == null ? null : store.get(key);
        if (stored != null) {
          cells.put(key, stored);
          reused++;
          progress.accept(1);
        } else {
          todo.add(new int[] {g, f});
        }
      }
    }
    if (todo.isEmpty()) {
      return;
    }
    StoredRun[] results = new StoredRun[todo.size()];
    AtomicInteger next = new AtomicInteger();
    int workers = Math.min(config.effectiveThreads(), todo.size());
    List<Callable<Void>> tasks = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      tasks.add(() -> {
        for (int i = next.getAndIncrement(); i < results.length; i = next.getAndIncrement()) {
          int[] cell = todo.get(i);
          results[i] = run(all.get(cell[0]), cell[1]);
          progress.accept(1);
        }
        return null;
      });
    }
    ProtocolThreads.invokeAll(tasks);
    for (int i = 0; i < results.length; i++) {
      cells.put(results[i].key(), results[i]);
    }
    computed += results.length;
  }

  /** One train-then-test run: training folds of {@code fold} in a seeded order, then the held-out fold. */
  private StoredRun run(Settings settings, int fold) {
    TrainThenTest.Config protocol = new TrainThenTest.Config(Order.SHUFFLE, foldSeed(fold), config.scaling(),
        config.zeroDivision(), 1);
    TrainThenTestResult r = TrainThenTest.run(settings, DataView.of(train, trainingRows[fold]),
        DataView.of(train, heldOut[fold]), protocol.withResources(resources[fold]));
    // the settings as run (maxUpdates beside a factor is the M it resolved to)
    StoredRun run = new StoredRun(key(settings, fold), "fold", datasetName, dataHash, settings.learner(),
        org.altml.core.learner.CommonParameters.asTextAsRun(settings, train.numLabels()),
        config.seed(), fold, config.folds(), config.scaling().cliName(), new LinkedHashMap<>(r.metrics().values()),
        r.trainSeconds(), r.testSeconds(), "");
    if (store != null) {
      try {
        store.put(run, false);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return run;
  }

  /** The seed of the training order in fold {@code fold}: the same for every setting (paired comparisons). */
  long foldSeed(int fold) {
    return Seeds.derive(config.seed(), "fold-order-" + fold);
  }

  /** The held-out rows of each fold (dataset row indices, ascending); a copy. */
  public int[][] heldOut() {
    int[][] c = new int[heldOut.length][];
    for (int f = 0; f < c.length; f++) {
      c[f] = Arrays.copyOf(heldOut[f], heldOut[f].length);
    }
    return c;
  }
}
