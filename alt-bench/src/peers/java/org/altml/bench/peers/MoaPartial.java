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
 * the first N examples of the comparison's order (same data, same scaling) in a child JVM that halts
 * itself after a time limit (one MOA example at d = 47,236 takes minutes and cannot be interrupted from
 * inside). The estimate is the steady rate over examples 2..k (the first example also grows MOA's
 * weight vectors one entry at a time and is reported separately), so it favours MOA; with fewer than two
 * examples done it is an upper bound. No metrics.
 */
final class MoaPartial {
  private MoaPartial() {}

  /**
   * The outcome.
   *
   * @param examplesPerSecond steady training rate over examples 2..k, or an upper bound on it, or NaN
   *     when not even the first example finished
   * @param upperBound whether {@code examplesPerSecond} is only an upper bound (fewer than two examples finished)
   * @param note what was measured, for the table notes
   */
  record Result(double examplesPerSecond, boolean upperBound, String note) {}

  /** Runs the estimate in a child JVM that trains MOA for at most {@code o.moaPartialSeconds()}. */
  static Result runIsolated(PeerComparison.Options o, String baseLearner, String dataset) {
    String java = ProcessHandle.current().info().command().orElse("java");
    double limit = o.moaPartialSeconds();
    List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector",
        "-Xmx" + Runtime.getRuntime().maxMemory() / (1 << 20) + "m", "-cp", System.getProperty("java.class.path"),
        MoaPartial.class.getName(), o.data().toString(), dataset, Long.toString(o.seed()), Boolean.toString(o.shuffle()),
        o.scaling(dataset).cliName(), Integer.toString(o.moaPartial()), Double.toString(limit), baseLearner));
    Process p = null;
    try {
      p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      // The child stops itself at the limit; loading and converting the data come on top, and the kill
      // here is only a safety net.
      boolean finished = p.waitFor((long) limit + 300, TimeUnit.SECONDS);
      if (!finished) {
        p.destroyForcibly().waitFor();
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return interpret(out.isEmpty() ? new String[0] : out.split("\n"), o.moaPartial(), limit);
    } catch (IOException e) {
      return new Result(Double.NaN, false, "partial run failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(Double.NaN, false, "partial run interrupted");
    } finally {
      if (p != null && p.isAlive()) {
        p.destroyForcibly();
      }
    }
  }

  /**
   * Reads the child's lines: {@code <examples done> <seconds since the clock started>} per finished
   * example, and {@code stopped <seconds>} when it stopped itself at the limit.
   */
  static Result interpret(String[] lines, int requested, double limit) {
    int k = 0;
    double first = Double.NaN;
    double last = Double.NaN;
    double stopped = Double.NaN;
    for (String line : lines) {
      String[] t = line.strip().split(" ");
      if (t.length != 2) {
        continue;
      }
      if (t[0].equals("stopped")) {
        stopped = Double.parseDouble(t[1]);
        continue;
      }
      k = Integer.parseInt(t[0]);
      last = Double.parseDouble(t[1]);
      if (k == 1) {
        first = last;
      }
    }
    double end = Double.isNaN(stopped) ? limit : stopped;
    if (k == 0) {
      // Only the one-pass rate is bounded here, not the steady rate the other rows report: no number.
      return new Result(Double.NaN, false, String.format(Locale.ROOT,
          "partial: the first training example did not finish within %.0f s (one-pass rate below %.4f ex/s; no steady rate)", end, 1 / end));
    }
    if (k == 1) {
      double bound = 1 / (end - first);
      return new Result(bound, true, String.format(Locale.ROOT,
          "partial: the first training example took %.1f s (MOA's weight vectors grow one entry at a time), the second did not finish "
              + "in the next %.0f s: steady rate below %.4f ex/s (the upper bound is reported; one-pass rate over these examples below %.4f ex/s)",
          first, end - first, bound, 2 / end));
    }
    double rate = (k - 1) / (last - first);
    return new Result(rate, false, String.format(Locale.ROOT,
        "partial: trained on the first %d of %d requested examples (then stopped by %s); first example %.1f s, "
            + "steady rate over examples 2..%d %.4f ex/s (reported; favours MOA; one-pass rate including the first example %.4f ex/s); no metrics",
        k, requested, k >= requested ? "the request" : "the " + Math.round(limit) + " s limit", first, k, rate, k / last));
  }

  /**
   * Child entry point: {@code DATA DATASET SEED SHUFFLE SCALE N LIMIT BASE}. Prints
   * {@code <examples done> <seconds>} after each training example and halts the JVM with
   * {@code stopped <seconds>} once LIMIT seconds of training have passed.
   */
  public static void main(String[] args) throws Exception {
    Path data = Path.of(args[0]);
    String dataset = args[1];
    long seed = Long.parseLong(args[2]);
    boolean shuffle = Boolean.parseBoolean(args[3]);
    FeatureScaling scaling = FeatureScaling.parse(args[4]);
    int n = Integer.parseInt(args[5]);
    double limit = Double.parseDouble(args[6]);
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
    Thread watcher = new Thread(() -> report(stamps, limit), "progress");
    watcher.setDaemon(true);
    long t0 = System.nanoTime();
    start = t0;
    watcher.start();
    moa.train(t0 + (long) (limit * 1e9));
    finished = true;
    watcher.join();
  }

  private static volatile long start;
  private static volatile boolean finished;

  private static void report(long[] stamps, double limit) {
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
      double elapsed = (System.nanoTime() - start) / 1e9;
      if (elapsed > limit) {
        System.out.printf(Locale.ROOT, "stopped %.6f%n", elapsed);
        System.out.flush();
        Runtime.getRuntime().halt(0); // one MOA example cannot be interrupted
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
