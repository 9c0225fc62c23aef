package org.altml.flink;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.flink.source.TextLine;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.LabelSet;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/** Small seeded data, local MiniCluster environments, failure injection: what the job tests share. */
public final class FlinkTesting {
  static final int LABELS = 5;
  static final int FEATURES = 40;

  private FlinkTesting() {}

  /**
   * A seeded LIBSVM file of {@code n} lines with labels from a planted linear model (L = 5, d = 40); the
   * lines listed in {@code bad} (1-based) are replaced by broken ones.
   */
  public static Path libSvm(Path dir, String name, int n, long seed, List<Integer> bad) throws IOException {
    Random r = new Random(seed);
    double[][] w = new double[FEATURES][LABELS + 1];
    Random planted = new Random(42);
    for (double[] row : w) {
      for (int l = 0; l <= LABELS; l++) {
        row[l] = planted.nextGaussian();
      }
    }
    Path file = dir.resolve(name);
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 1; i <= n; i++) {
        if (bad.contains(i)) {
          out.write(i % 2 == 0 ? "1,2 3:x 5:1\n" : "9 1:1\n");
          continue;
        }
        double[] s = new double[LABELS + 1];
        StringBuilder features = new StringBuilder();
        for (int f = 0; f < FEATURES; f++) {
          if (r.nextInt(4) == 0) {
            float v = (float) (r.nextInt(9) + 1) / 4f;
            features.append(' ').append(f + 1).append(':').append(v);
            for (int l = 0; l <= LABELS; l++) {
              s[l] += v * w[f][l];
            }
          }
        }
        List<String> labels = new ArrayList<>();
        for (int l = 0; l < LABELS; l++) {
          if (s[l] > s[LABELS]) {
            labels.add(Integer.toString(l));
          }
        }
        out.write(String.join(",", labels) + features + "\n");
      }
    }
    return file;
  }

  /**
   * The metrics of prediction lines that carry their scores ({@code --scores}), against the true labels of {@code
   * testFile} (LIBSVM, L = 5) by line: what EvaluationSuite computes from the written predictions.
   */
  static EvaluationSuite suiteOf(List<String> predictions, Path testFile, ZeroDivisionPolicy policy) throws IOException {
    Map<Long, LabelSet> truth = new HashMap<>();
    try (LibSvmReader r = LibSvmReader.open(testFile, ReadOptions.defaults().withNumLabels(LABELS))) {
      for (long line = 1; r.advance(); line++) {
        truth.put(line, LabelSet.of(Arrays.copyOf(r.labels().array(), r.labels().size())));
      }
    }
    EvaluationSuite suite = new EvaluationSuite(LABELS, policy);
    Scores scores = new Scores(LABELS);
    Pattern scored = Pattern.compile("\"line\":(\\d+),.*\"scores\":\\[([^]]*)],\"threshold\":([^,}]+)");
    for (String p : predictions) {
      Matcher m = scored.matcher(p);
      if (!m.find()) {
        throw new AssertionError("no scores in " + p);
      }
      String[] s = m.group(2).split(",");
      for (int l = 0; l < s.length; l++) {
        scores.array()[l] = Float.parseFloat(s[l]);
      }
      scores.array()[LABELS] = Float.parseFloat(m.group(3));
      suite.accept(truth.get(Long.parseLong(m.group(1))), scores);
    }
    return suite;
  }

  /** A command line's exit code, standard output and standard error. */
  record Cli(int code, String out, String err) {}

  /** Runs {@code alt flink} with {@code args} in this JVM, capturing its standard output and error. */
  static Cli cli(String... args) {
    return cli(new java.io.ByteArrayOutputStream(), args);
  }

  /** {@link #cli(String...)} with standard error into {@code err}, which another thread may read while the command runs. */
  static Cli cli(java.io.ByteArrayOutputStream err, String... args) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.PrintStream wasOut = System.out;
    java.io.PrintStream wasErr = System.err;
    System.setOut(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = FlinkMain.commandLine().execute(args);
    } finally {
      System.setOut(wasOut);
      System.setErr(wasErr);
    }
    return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A local MiniCluster environment at parallelism {@code p}, checkpoints every 50 ms, quick restarts. */
  static StreamExecutionEnvironment env(int p, String restoreFrom) {
    return env(p, restoreFrom, 3);
  }

  /** As {@link #env(int, String)} with {@code restarts} restarts (0: a failure ends the job with its own cause). */
  static StreamExecutionEnvironment env(int p, String restoreFrom, int restarts) {
    Configuration conf = new Configuration();
    if (restarts > 0) {
      conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
      conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, restarts);
      conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(20));
    } else {
      conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
    }
    if (restoreFrom != null) {
      conf.set(StateRecoveryOptions.SAVEPOINT_PATH, restoreFrom);
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.setParallelism(p);
    env.setMaxParallelism(16);
    env.enableCheckpointing(50);
    return env;
  }

  /** Every line of {@code stream}, collected (exactly once across restarts: checkpoints are on). */
  static List<String> collect(DataStream<String> stream) throws Exception {
    List<String> out = new ArrayList<>();
    CloseableIterator<String> it = stream.executeAndCollect();
    try {
      it.forEachRemaining(out::add);
    } finally {
      it.close();
    }
    return out;
  }

  /** Lines of {@code type} ({@code "prediction"}, {@code "bad"}, {@code "key"}, {@code "mixed"}), sorted. */
  static List<String> ofType(List<String> lines, String type) {
    return lines.stream().filter(l -> l.startsWith("{\"type\":\"" + type + "\"")).sorted().toList();
  }

  /** The falt defaults (any registered kind would do; falt exists in every build). */
  static LearnerSetup setup(String learner) {
    return LearnerSetup.of(LearnerRegistry.get(learner).defaults(), LABELS, 0, 1);
  }

  /**
   * {@code --fail-at n}'s tap ({@link org.altml.flink.source.FailAt}) for a job on {@code env}, with the report that says
   * whether the job restarted: {@code report[0].report() > 0} once the job has ended.
   */
  static java.util.function.UnaryOperator<DataStream<TextLine>> failAt(StreamExecutionEnvironment env, long n,
      org.altml.flink.source.FailAt.Report[] report) {
    report[0] = new org.altml.flink.source.FailAt.Report(n, false);
    env.registerJobListener(report[0]);
    return org.altml.flink.source.FailAt.tap(n);
  }

  /** Slows a stream (so that checkpoints happen while it runs) and counts its records: what the rescale and hot-swap tests watch. */
  static final class Throttle extends RichMapFunction<TextLine, TextLine> {
    private static final long serialVersionUID = 1L;
    /** Records seen by all instances in this JVM. */
    static final AtomicLong SEEN = new AtomicLong();
    private final int sleepEvery;
    private long seen;

    Throttle(int sleepEvery) {
      this.sleepEvery = sleepEvery;
    }

    static void reset() {
      SEEN.set(0);
    }

    @Override
    public TextLine map(TextLine line) throws Exception {
      seen++;
      SEEN.incrementAndGet();
      if (sleepEvery > 0 && seen % sleepEvery == 0) {
        Thread.sleep(2);
      }
      return line;
    }
  }

  /** Sleeps 2 ms every {@code sleepEvery} records (0: never), counting them ({@link Throttle#SEEN}). */
  static java.util.function.UnaryOperator<DataStream<TextLine>> throttle(int sleepEvery) {
    return lines -> lines.map(new Throttle(sleepEvery)).setParallelism(lines.getParallelism()).name("throttle").uid("tap");
  }
}
