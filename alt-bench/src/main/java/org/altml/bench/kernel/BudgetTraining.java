package org.altml.bench.kernel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.kernel.learner.KernelLearner;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;

/**
 * Issue 9's budget timings in one JVM: FALT(k) (σ² = 64, η = 1, M = 1, double, file order) with a budget of B
 * support vectors under each policy, trained on the mediamill-shaped stream ({@code mm-train.svm} and
 * {@code mm-test.svm}: the first 30,993 and the last 12,914 examples of {@code alt generate --kind dense -n 43907
 * --seed 1}, as alt-bench/yardstick-kernel.sh makes them) with 1 and with 2 round threads ({@code
 * LearnerContext.threads}, what {@code alt evaluate --threads} gives), alternating, R rounds. Prints every run's training seconds and
 * micro-F1 (which must not depend on the threads), the store's memory against B·(d + L + 1)·8 bytes, then per
 * policy and thread count the first run (a cold JIT, as a one-pass command line run) and the median of the others.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp alt-bench/target/benchmarks.jar org.altml.bench.kernel.BudgetTraining \
 *     mm-train.svm mm-test.svm [rounds=4] [budget=1000] [policies=oldest,random,smallest,merge] [threads=1,2]
 * </pre>
 */
public final class BudgetTraining {
  private BudgetTraining() {}

  /** Arguments: training file, test file, rounds, budget, policies, thread counts (comma-separated). */
  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: BudgetTraining TRAIN TEST [rounds=4] [budget=1000] [policies=oldest,random,smallest,merge] [threads=1,2]");
      System.exit(2);
    }
    Dataset train = DataFiles.read(Path.of(args[0]), ReadOptions.defaults());
    Dataset test = DataFiles.read(Path.of(args[1]), ReadOptions.defaults().withNumLabels(train.numLabels()));
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 4;
    int budget = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
    String[] policies = (args.length > 4 ? args[4] : "oldest,random,smallest,merge").split(",");
    int[] threads = Arrays.stream((args.length > 5 ? args[5] : "1,2").split(",")).mapToInt(Integer::parseInt).toArray();
    LearnerSpec spec = LearnerRegistry.get("falt-k");
    System.out.printf(Locale.ROOT, "%s: %d examples, d = %d, L = %d; test %d; falt-k sigma2 64, eta 1, budget %d; %d cores, max heap %d MB%n",
        args[0], train.size(), train.numFeatures(), train.numLabels(), test.size(), budget,
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    Map<String, Double> microF1 = new LinkedHashMap<>();
    for (int r = 0; r < rounds; r++) {
      for (String policy : policies) {
        Settings settings = Settings.parse(spec, Map.of("sigma2", "64", "eta", "1", "budget", Integer.toString(budget),
            "budgetPolicy", policy));
        for (int t : threads) {
          TrainThenTest.Config config = new TrainThenTest.Config(Order.FILE, 1L, FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, t);
          TrainThenTestResult result = TrainThenTest.run(settings, DataView.of(train), DataView.of(test), config);
          double f1 = result.metrics().get(Measure.MICRO_F1);
          Double before = microF1.putIfAbsent(policy, f1);
          if (before != null && before != f1) {
            throw new AssertionError(policy + ": micro-F1 " + f1 + " with " + t + " threads, " + before + " before");
          }
          KernelLearner learner = (KernelLearner) result.learner();
          long store = learner.store().ramBytesUsed();
          long bound = (long) budget * (train.numFeatures() + train.numLabels() + 1) * Double.BYTES;
          seconds.computeIfAbsent(policy + " threads " + t, k -> new ArrayList<>()).add(result.trainSeconds());
          System.out.printf(Locale.ROOT, "round %d %-8s threads %d train %6.2f s  test %5.2f s  microF1 %.6f  store %,d bytes (%.3f of B(d+L+1)8)%n",
              r + 1, policy, t, result.trainSeconds(), result.testSeconds(), f1, store, (double) store / bound);
        }
      }
    }
    System.out.println("policy, threads: first run (cold JIT), median of the others");
    for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
      List<Double> v = e.getValue();
      double[] rest = v.subList(1, v.size()).stream().mapToDouble(Double::doubleValue).sorted().toArray();
      double median = rest.length == 0 ? Double.NaN
          : rest.length % 2 == 1 ? rest[rest.length / 2] : (rest[rest.length / 2 - 1] + rest[rest.length / 2]) / 2;
      System.out.printf(Locale.ROOT, "%-20s first %6.2f s  median %6.2f s  (%s)%n", e.getKey(), v.get(0), median, v);
    }
  }
}
