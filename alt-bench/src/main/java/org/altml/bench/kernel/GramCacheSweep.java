package org.altml.bench.kernel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.kernel.cache.GramCache;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;

/**
 * The Gram cache's benchmark (a main, not JMH: one sweep takes seconds to minutes): the tuning sweep of the
 * issue, 10-fold cross-validation of {@code falt-k} over σ² = 2^-10 .. 2^10 (21 values) on a training
 * file, each (σ², fold) one train-then-test run as {@code alt tune} does it (training folds in a seeded
 * order, then the held-out fold), run sequentially on one thread, with one shared {@link GramCache}
 * ({@code cached}) and without ({@code plain}). Sweeps alternate (plain, cached, plain, cached, ...) so
 * that a drifting machine load hits both alike; it prints each sweep's wall time, the kernel evaluations,
 * the cache's counters, the median times and their ratio, and checks that both sweeps gave the same
 * metrics bit for bit.
 *
 * <pre>
 * java -cp ... org.altml.bench.kernel.GramCacheSweep ../shared/datasets/scene/scene-train.arff 3 [extra learner options as k=v]
 * </pre>
 */
public final class GramCacheSweep {
  private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

  private GramCacheSweep() {}

  /** Arguments: the training file, the number of sweep pairs (default 3), then learner settings {@code name=value}. */
  public static void main(String[] args) throws Exception {
    Path file = Path.of(args.length > 0 ? args[0] : "../shared/datasets/scene/scene-train.arff");
    int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Dataset train = DataFiles.read(file, ReadOptions.defaults());
    LearnerSpec spec = LearnerRegistry.get("falt-k");
    Map<String, String> fixed = new java.util.LinkedHashMap<>();
    for (int i = 2; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      fixed.put(kv[0], kv[1]);
    }
    int k = 10;
    int[][] heldOut = train.folds(k, 1L);
    int[][] trainingRows = new int[k][];
    for (int f = 0; f < k; f++) {
      trainingRows[f] = Dataset.complement(heldOut[f], train.size());
    }
    List<Settings> grid = new ArrayList<>();
    for (int e = -10; e <= 10; e++) {
      Map<String, String> text = new java.util.LinkedHashMap<>(fixed);
      text.put("sigma2", Double.toString(Math.scalb(1.0, e)));
      grid.add(Settings.parse(spec, text));
    }
    System.out.printf(Locale.ROOT, "%s: %d examples, %d features, %d labels; falt-k %s, sigma2 2^-10..2^10, %d folds: %d runs per"
        + " sweep, one thread; max heap %d MB, %d cores%n", file.getFileName(), train.size(), train.numFeatures(), train.numLabels(),
        fixed, k, grid.size() * k, Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
    double[] plain = new double[pairs];
    double[] cached = new double[pairs];
    double[] plainCpu = new double[pairs];
    double[] cachedCpu = new double[pairs];
    double[] plainMetrics = null;
    // -Dalt.sweep=cached|plain runs one side only (to profile it); both sides, alternating, by default
    String only = System.getProperty("alt.sweep", "both");
    boolean[] sides = only.equals("cached") ? new boolean[] {true} : only.equals("plain") ? new boolean[] {false}
        : new boolean[] {false, true};
    for (int p = 0; p < pairs; p++) {
      for (boolean useCache : sides) {
        SharedResources resources = useCache ? SharedResources.create(train, -1) : SharedResources.NONE;
        long start = System.nanoTime();
        long cpuStart = CPU.getCurrentThreadCpuTime();
        long kernelEvaluations = 0;
        double[] metrics = new double[grid.size() * k];
        int r = 0;
        for (Settings s : grid) {
          for (int f = 0; f < k; f++) {
            TrainThenTest.Config config = new TrainThenTest.Config(Order.SHUFFLE, 1000L + f, FeatureScaling.NONE,
                ZeroDivisionPolicy.SPEC, 1).withResources(resources);
            TrainThenTestResult result = TrainThenTest.run(s, DataView.of(train, trainingRows[f]), DataView.of(train, heldOut[f]),
                config);
            kernelEvaluations += ((Number) result.learner().statistics().get("kernelEvaluations")).longValue();
            metrics[r++] = result.metrics().get(Measure.byName("microF1"));
          }
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        double cpu = (CPU.getCurrentThreadCpuTime() - cpuStart) * 1e-9;
        (useCache ? cached : plain)[p] = seconds;
        (useCache ? cachedCpu : plainCpu)[p] = cpu;
        String counters = "";
        if (useCache) {
          GramCache cache = GramCache.of(resources);
          counters = " cache " + cache.statistics();
          if (plainMetrics != null && !Arrays.equals(metrics, plainMetrics)) {
            throw new AssertionError("the cached sweep's microF1 values differ from the plain sweep's");
          }
        } else {
          plainMetrics = metrics;
        }
        System.out.printf(Locale.ROOT, "sweep %d %-6s %8.2f s wall %8.2f s CPU  kernelEvaluations %,d%s%n", p + 1,
            useCache ? "cached" : "plain", seconds, cpu, kernelEvaluations, counters);
      }
    }
    if (sides.length == 1) {
      double[] wall = sides[0] ? cached : plain;
      double[] cpu = sides[0] ? cachedCpu : plainCpu;
      System.out.printf(Locale.ROOT, "median %s: wall %.2f s, CPU %.2f s%n", sides[0] ? "cached" : "plain", median(wall), median(cpu));
      return;
    }
    double mp = median(plain);
    double mc = median(cached);
    double cp = median(plainCpu);
    double cc = median(cachedCpu);
    System.out.printf(Locale.ROOT, "median wall plain %.2f s, cached %.2f s, ratio %.2fx; median CPU plain %.2f s, cached %.2f s,"
        + " ratio %.2fx; microF1 of all %d runs equal bit for bit%n", mp, mc, mp / mc, cp, cc, cp / cc, grid.size() * k);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
