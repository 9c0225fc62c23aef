package org.altml.bench.peers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.altml.core.eval.FeatureScaling;
import org.altml.sparse.data.Dataset;

/**
 * A partial MOA training-throughput estimate for datasets too wide for a full MOA run: MOA trains on
 * the first N examples of the comparison's order (same data, same scaling) in a child JVM that is
 * killed when the time budget runs out (one MOA example at d = 47,236 cannot be interrupted from
 * inside). The estimate is the steady rate over examples 2..k (the first example also grows MOA's
 * weight vectors one entry at a time and is reported separately), so it favours MOA. No metrics.
 */
final class MoaPartial {
  private MoaPartial() {}

  /**
   * The outcome: {@code examplesPerSecond} is NaN when fewer than two examples finished.
   *
   * @param examplesPerSecond steady training rate over examples 2..k
   * @param note what was measured, for the table notes
   */
  record Result(double examplesPerSecond, String note) {}

  /** Runs the estimate in a child JVM for {@code o.budgetSeconds()} of MOA training at most. */
  static Result runIsolated(PeerComparison.Options o, String baseLearner, String dataset) {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector",
        "-Xmx" + Runtime.getRuntime().maxMemory() / (1 << 20) + "m", "-cp", System.getProperty("java.class.path"),
        MoaPartial.class.getName(), o.data().toString(), dataset, Long.toString(o.seed()), Boolean.toString(o.shuffle()),
        o.scaling(dataset).cliName(), Integer.toString(o.moaPartial()), Double.toString(o.budgetSeconds()), baseLearner));
    Process p = null;
    try {
      p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      // Loading and converting the data comes on top of the training budget.
      long waitSeconds = (long) o.budgetSeconds() + 120;
      boolean finished = p.waitFor(waitSeconds, TimeUnit.SECONDS);
      if (!finished) {
        p.destroyForcibly().waitFor();
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      String[] lines = out.isEmpty() ? new String[0] : out.split("\n");
      return interpret(lines, o.moaPartial(), o.budgetSeconds(), finished);
    } catch (IOException e) {
      return new Result(Double.NaN, "partial run failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(Double.NaN, "partial run interrupted");
    } finally {
      if (p != null && p.isAlive()) {
        p.destroyForcibly();
      }
    }
  }

  /** Reads the child's progress lines ({@code <examples done> <seconds since the clock started>}, one per example). */
  static Result interpret(String[] lines, int requested, double budget, boolean finished) {
    int k = 0;
    double first = Double.NaN;
    double last = Double.NaN;
    for (String line : lines) {
      String[] t = line.strip().split(" ");
      if (t.length != 2) {
        continue;
      }
      k = Integer.parseInt(t[0]);
      last = Double.parseDouble(t[1]);
      if (k == 1) {
        first = last;
      }
    }
    String killed = finished ? "" : " (child JVM killed at the budget)";
    if (k == 0) {
      return new Result(Double.NaN, String.format(Locale.ROOT,
          "partial: not even the first training example finished within the %.0f s budget%s, so below %.4f ex/s", budget, killed, 1 / budget));
    }
    if (k == 1) {
      return new Result(Double.NaN, String.format(Locale.ROOT,
          "partial: first training example took %.1f s; no second one within the %.0f s budget%s", first, budget, killed));
    }
    double rate = (k - 1) / (last - first);
    return new Result(rate, String.format(Locale.ROOT,
        "partial: trained on the first %d of %d requested examples (then stopped by %s); first example %.1f s, "
            + "steady rate over examples 2..%d %.2f ex/s (reported; favours MOA); no metrics",
        k, requested, k >= requested ? "the request" : "the budget" + killed, first, k, rate));
  }

  /**
   * Child entry point: {@code DATA DATASET SEED SHUFFLE SCALE N BUDGET BASE}. Prints
   * {@code <examples done> <seconds>} after each training example (flushed, so a kill keeps them).
   */
  public static void main(String[] args) throws Exception {
    Path data = Path.of(args[0]);
    String dataset = args[1];
    long seed = Long.parseLong(args[2]);
    boolean shuffle = Boolean.parseBoolean(args[3]);
    FeatureScaling scaling = FeatureScaling.parse(args[4]);
    int n = Integer.parseInt(args[5]);
    double budget = Double.parseDouble(args[6]);
    String base = args[7];
    PeerData.Split split = PeerData.scaled(PeerData.load(data, dataset, seed), scaling);
    Dataset train = split.train();
    int[] order = shuffle ? Dataset.permutation(train.size(), seed) : identity(train.size());
    int[] first = Arrays.copyOf(order, Math.min(n, order.length));
    MoaSystem moa = new MoaSystem(base, base);
    moa.prepare(train, first, split.test().subset(new int[] {0}));
    long[] stamps = new long[first.length];
    moa.recordStamps(stamps);
    // Progress is printed by a watcher thread, since one trainOnInstance may take minutes.
    Thread watcher = new Thread(() -> report(stamps), "progress");
    watcher.setDaemon(true);
    long t0 = System.nanoTime();
    start = t0;
    watcher.start();
    moa.train(t0 + (long) (budget * 1e9));
    finished = true;
    watcher.join();
  }

  private static volatile long start;
  private static volatile boolean finished;

  private static void report(long[] stamps) {
    int printed = 0;
    while (true) {
      boolean done = finished;
      while (printed < stamps.length && stamps[printed] != 0) {
        System.out.printf(Locale.ROOT, "%d %.6f%n", printed + 1, (stamps[printed] - start) / 1e9);
        printed++;
      }
      System.out.flush();
      if (done || printed == stamps.length) {
        return;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static int[] identity(int n) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    return p;
  }
}
