package org.altml.bench.guard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A speed guard the test command runs: a gross slowdown of the hot paths fails the build, measured as a ratio within one
 * run on this machine, never as an absolute time. Two checks, each at least half the ratio a JMH run recorded:
 *
 * <ul>
 *   <li>{@value #FALT_CHECK}: FALT rounds ({@link GuardWorkloads.FaltRounds}) with the scalar specification's kernels
 *       over the same rounds with the Vector API's (time scalar / time Panama);
 *   <li>{@value #KERNEL_CHECK}: a trained kernel learner's test pass one example at a time over the same pass by
 *       blocks of 64 (time per-example / time block-scored; {@link GuardWorkloads.KernelPass}).
 * </ul>
 *
 * <p>Recorded on this project's 2-core build machine (shared, load average about 10) on 2026-12-07 with {@code java -jar
 * alt-bench/target/benchmarks.jar GuardBenchmark -f 1 -wi 3 -w 1 -i 5 -r 1} (JDK 25.0.3, AVX-512), as the ratios of
 * the thread CPU time per operation that the benchmark counts beside the wall time (wall-time ratios: 3.19 and 8.24):
 * {@value #FALT_RECORDED} and {@value #KERNEL_RECORDED}; the table is in alt-bench/journal/2026-12-07-speed-guard.md.
 * Re-record both, with the command and date here and in the journal, when a deliberate change moves them.
 *
 * <p>The measurement is robust on a shared, noisy machine: two worker JVMs ({@link GuardWorker}; scalar, and Panama)
 * stay warm side by side and the guard alternates them command by command (A then B, B then A), so load that comes and
 * goes hits both; each check is the median of {@value #ALTERNATIONS} ratios of alternating pairs, and a check under its
 * threshold is measured once more before it fails (a noisy moment does not fail the build, a regression does). Where the
 * Vector API is unavailable (no module, vectors under 128 bits) the FALT check is skipped, with the reason.
 */
public final class SpeedGuard {
  /** Name of the Panama-over-scalar FALT check. */
  public static final String FALT_CHECK = "FALT round, scalar time / Panama time";
  /** Name of the block-over-per-example kernel check. */
  public static final String KERNEL_CHECK = "kernel test pass, per-example time / block-scored time";
  /** The recorded speed-up of Panama FALT rounds over scalar ones (JMH, see the class comment). */
  public static final double FALT_RECORDED = 3.36;
  /** The recorded speed-up of the block-scored kernel pass over the per-example one (JMH, see the class comment). */
  public static final double KERNEL_RECORDED = 8.29;
  /** Alternating pairs per check, whose median ratio is the check's. */
  static final int ALTERNATIONS = 7;
  /** Time a measured command is sized to take in the faster configuration. */
  private static final long TARGET_NANOS = 15_000_000L;
  /**
   * Time the fast side of a check runs (the slow side the same counts, up to 4 times as long in all) before it is
   * measured, so that the JIT has compiled what they time: the Vector API is slow until C2 compiles it.
   */
  private static final long WARMUP_NANOS = 600_000_000L;
  /** Longest the guard waits for a worker, start-up included. */
  private static final long DEADLINE_MILLIS = 120_000L;

  private SpeedGuard() {}

  /**
   * One check: its ratio as recorded and as measured now.
   *
   * @param name what is compared
   * @param recorded the ratio a JMH run recorded
   * @param measured the median ratio of this run's alternations (NaN: not measured, see {@code skipped})
   * @param skipped why it was not measured, or null
   */
  public record Check(String name, double recorded, double measured, String skipped) {
    /** The lowest ratio that passes: half the recorded one. */
    public double threshold() {
      return recorded / 2;
    }

    /** Whether the measured ratio is at least the threshold (a skipped check passes). */
    public boolean passes() {
      return skipped != null || measured >= threshold();
    }

    /** One line: the name, the measured and recorded ratios and the threshold, or why it was skipped. */
    public String describe() {
      if (skipped != null) {
        return name + ": skipped (" + skipped + ")";
      }
      return String.format(Locale.ROOT, "%s: %.2f (recorded %.2f, fails under %.2f)%s", name, measured, recorded,
          threshold(), passes() ? "" : " FAILED");
    }
  }

  /**
   * The guard's verdict on {@code checks}: null when every one passes, else a message naming each that does not and
   * what that means.
   */
  public static String verdict(List<Check> checks) {
    List<String> failed = new ArrayList<>();
    for (Check c : checks) {
      if (!c.passes()) {
        failed.add(c.describe());
      }
    }
    return failed.isEmpty() ? null : "speed guard: a ratio fell under half its recorded value, a gross slowdown of the code"
        + " it times (or of the machine's vector unit): " + String.join("; ", failed) + ". Find the change with git bisect;"
        + " re-record the ratio in SpeedGuard only when a slowdown is meant";
  }

  /** The median of {@code values} (the mean of the middle two for an even count). */
  static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** Measures both checks (see the class comment), printing progress to {@code log}. */
  public static List<Check> measure(PrintStream log) throws IOException {
    try (Worker panama = Worker.start("panama"); Worker scalar = Worker.start("scalar")) {
      String panamaReady = panama.ready();
      String scalarReady = scalar.ready();
      log.println("speed guard workers: " + panamaReady + " | " + scalarReady);
      List<Check> checks = new ArrayList<>();
      if (panamaReady.startsWith("unavailable")) {
        checks.add(new Check(FALT_CHECK, FALT_RECORDED, Double.NaN, panamaReady));
      } else {
        checks.add(measureTwice(FALT_CHECK, FALT_RECORDED, scalar, panama, "falt", "falt", log));
      }
      Worker kernelWorker = panamaReady.startsWith("unavailable") ? scalar : panama;
      checks.add(measureTwice(KERNEL_CHECK, KERNEL_RECORDED, kernelWorker, kernelWorker, "single", "block", log));
      return checks;
    }
  }

  /** {@link #measure(String, double, Worker, Worker, String, String)}, once more when the first is under the threshold. */
  private static Check measureTwice(String name, double recorded, Worker slow, Worker fast, String slowCommand,
      String fastCommand, PrintStream log) throws IOException {
    Check c = measure(name, recorded, slow, fast, slowCommand, fastCommand);
    log.println("speed guard " + c.describe());
    if (!c.passes()) {
      c = measure(name, recorded, slow, fast, slowCommand, fastCommand);
      log.println("speed guard, measured again: " + c.describe());
    }
    return c;
  }

  /**
   * The median over {@value #ALTERNATIONS} alternations of time({@code slowCommand} on {@code slow}) / time({@code
   * fastCommand} on {@code fast}), both given the same count, after a warm-up; the order within a pair alternates.
   */
  private static Check measure(String name, double recorded, Worker slow, Worker fast, String slowCommand,
      String fastCommand) throws IOException {
    // warm-up (WARMUP_NANOS), the count doubling while the fast side takes under TARGET_NANOS; then the count that makes
    // the fast side take about TARGET_NANOS
    int n = 1;
    long t = 1;
    long fastSpent = 0;
    long spent = 0;
    while (fastSpent < WARMUP_NANOS && spent < 4 * WARMUP_NANOS) {
      long ts = slow.time(slowCommand, n);
      t = fast.time(fastCommand, n);
      fastSpent += t;
      spent += ts + t;
      if (t < TARGET_NANOS && n < 1 << 24) {
        n *= 2;
      }
    }
    t = fast.time(fastCommand, n);
    n = (int) Math.max(1, Math.min(1 << 24, n * (double) TARGET_NANOS / Math.max(1, t)));
    double[] ratios = new double[ALTERNATIONS];
    for (int i = 0; i < ALTERNATIONS; i++) {
      long ts;
      long tf;
      if (i % 2 == 0) {
        ts = slow.time(slowCommand, n);
        tf = fast.time(fastCommand, n);
      } else {
        tf = fast.time(fastCommand, n);
        ts = slow.time(slowCommand, n);
      }
      ratios[i] = (double) ts / Math.max(1, tf);
    }
    return new Check(name, recorded, median(ratios), null);
  }

  /** A {@link GuardWorker} JVM in one vectorization mode, driven over its standard input and output. */
  private static final class Worker implements AutoCloseable {
    private final Process process;
    private final BufferedReader out;
    private final PrintStream in;
    private final String mode;
    private final long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;

    private Worker(Process process, String mode) {
      this.process = process;
      this.mode = mode;
      this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      this.in = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
      Thread watchdog = new Thread(() -> {
        try {
          if (!process.waitFor(DEADLINE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
          }
        } catch (InterruptedException e) {
          process.destroyForcibly();
        }
      }, "speed-guard-watchdog-" + mode);
      watchdog.setDaemon(true);
      watchdog.start();
    }

    /** Starts a worker forcing {@code mode} ({@code scalar} or {@code panama}) on this JVM's class path. */
    static Worker start(String mode) throws IOException {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> command = new ArrayList<>(List.of(java, "-Xms256m", "-Xmx512m", "-XX:+UseSerialGC"));
      if (mode.equals("panama")) {
        command.add("--add-modules=jdk.incubator.vector");
      }
      command.addAll(List.of("-Dalt.vectorization=" + mode, "-cp", classPath, GuardWorker.class.getName()));
      ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
      return new Worker(builder.start(), mode);
    }

    /**
     * Its first line: {@code ready} and the implementation it runs; or, for a Panama worker, {@code unavailable: why}
     * when the Vector API cannot run here (no module, vectors under 128 bits).
     *
     * @throws IOException when a scalar worker does not start, or a worker runs another implementation than asked
     */
    String ready() throws IOException {
      String line = out.readLine();
      if (line != null && line.startsWith("unavailable") && mode.equals("panama")) {
        return line;
      }
      if (line == null || !line.startsWith("ready ")) {
        throw new IOException("the speed guard's " + mode + " worker did not start (" + (line == null ? "it ended; run "
            + GuardWorker.class.getName() + " by hand to see why" : line) + ")");
      }
      String implementation = line.substring("ready ".length());
      if (!implementation.startsWith(mode)) {
        throw new IOException("the speed guard's " + mode + " worker runs " + implementation);
      }
      return mode + " worker: " + implementation;
    }

    /** Nanoseconds the worker took for {@code command} with count {@code n}. */
    long time(String command, int n) throws IOException {
      in.println(command + " " + n);
      String line = out.readLine();
      if (line == null) {
        throw new IOException("the speed guard's " + mode + " worker ended"
            + (System.currentTimeMillis() > deadline ? " (killed after " + DEADLINE_MILLIS / 1000 + " s)" : "")
            + " during '" + command + " " + n + "'");
      }
      return Long.parseLong(line.trim());
    }

    @Override
    public void close() {
      in.println("quit");
      in.close();
      try {
        if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
