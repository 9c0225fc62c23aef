package org.altml.flink;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.options.FlinkJobOptions;
import org.altml.flink.options.FlinkKafkaOptions;
import org.altml.flink.output.Output;
import org.altml.flink.serve.ServeJob;
import org.altml.flink.serve.ServeSettings;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.FailAt;
import org.altml.flink.source.RecordFormat;
import org.altml.flink.training.LearnerSetup;
import org.altml.flink.training.OpenRun;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alt flink serve}: records from a topic predicted at once, their labels learned when they come on a feedback topic
 * ({@link ServeJob}). The reports go to the predictions topic + {@code .reports} and, as they come, to stderr; a bounded
 * run ({@code --stop-at-end}) prints its last report, the summary, as one JSON line on stdout.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Serve predictions from a Kafka topic and learn from"
    + " their labels when they arrive later on a feedback topic (delayed labels): one learner, the examples waiting for"
    + " labels in checkpointed state, the model published every N updates.")
final class FlinkServeCommand implements Callable<Integer> {
  @Option(names = "--data", required = true, paramLabel = "kafka://HOST:PORT/TOPIC", description = "the records to predict:"
      + " LIBSVM lines (labels, if any, are ignored), the Kafka key their id")
  String data;
  @Option(names = "--feedback", required = true, paramLabel = "kafka://HOST:PORT/TOPIC", description = "their labels, later:"
      + " JSON {\"id\": ..., \"labels\": [..]}")
  String feedback;
  @Option(names = "--out", required = true, paramLabel = "kafka://HOST:PORT/TOPIC", description = "the predictions"
      + " (reports to its topic + '.reports')")
  String out;
  @Option(names = "--learner", required = true, paramLabel = "NAME", description = "a registered learner kind (alt evaluate --help lists them)")
  String learner;
  @Option(names = "--set", paramLabel = "NAME=VALUE", description = "a learner parameter by name, e.g. --set eta=0.5")
  Map<String, String> set = new LinkedHashMap<>();
  @Option(names = "--num-labels", paramLabel = "L", defaultValue = "0", description = "L: label ids are 0 to L-1; without it the"
      + " model is open: labels by name or id, each new one in the feedback grows it")
  int numLabels;
  @Option(names = "--hash-bits", paramLabel = "B", description = "open model (no --num-labels): feature names into 2^B rows by"
      + " MurmurHash3 rather than by a dictionary")
  Integer hashBits;
  @Option(names = "--num-features", paramLabel = "D", defaultValue = "0", description = "d when declared (records with larger"
      + " indices are bad)")
  int numFeatures;
  @Option(names = "--format", paramLabel = "libsvm|json", defaultValue = "libsvm", description = "the records: LIBSVM lines (the"
      + " Kafka key the id) or JSON objects {\"id\", \"features\"} (default ${DEFAULT-VALUE})")
  RecordFormat format;
  @Option(names = "--zero-based", description = "feature indices start at 0")
  boolean zeroBased;
  @Option(names = "--label-ttl", paramLabel = "DURATION", defaultValue = "1h", description = "how long an example waits for its"
      + " labels, and labels for their record, e.g. 30s, 10m, 1h (default ${DEFAULT-VALUE})")
  String labelTtl;
  @Option(names = "--max-pending", paramLabel = "N", defaultValue = "1000000", description = "the most examples waiting for"
      + " labels; when full the oldest is evicted (default ${DEFAULT-VALUE})")
  long maxPending;
  @Option(names = "--publish-every", paramLabel = "N", defaultValue = "10000", description = "publish the model to the models"
      + " topic every N updates and at the end of a bounded run (0: only at the end; default ${DEFAULT-VALUE})")
  long publishEvery;
  @Option(names = "--report-every-ms", paramLabel = "MS", defaultValue = "5000", description = "a report every MS (0: only"
      + " at the end of a bounded run; default ${DEFAULT-VALUE})")
  long reportEveryMs;
  @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "seed of the learner's random choices")
  long seed;
  @Option(names = "--zero-division", paramLabel = "POLICY", defaultValue = "spec", description = "0/0 in the metrics, as alt"
      + " evaluate's: spec, zero or one (default: ${DEFAULT-VALUE})")
  String zeroDivision;
  @Mixin FlinkKafkaOptions kafka = new FlinkKafkaOptions();
  @Mixin FlinkJobOptions job = new FlinkJobOptions();
  @Spec CommandSpec spec;

  /** Where the live reports go (tests: a buffer). */
  static volatile PrintStream reportStream;

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  @Override
  public Integer call() throws Exception {
    ServeJob.Topics topics;
    ServeSettings settings;
    org.altml.flink.source.OpenSpec openSpec = null;
    KafkaIo.Start start;
    KafkaIo.Delivery delivery;
    try {
      for (String[] a : new String[][] {{"--data", data}, {"--feedback", feedback}, {"--out", out}}) {
        if (!KafkaAddress.isKafka(a[1])) {
          throw new IllegalArgumentException(a[0] + " " + a[1] + ": serve reads and writes Kafka topics, kafka://HOST:PORT/TOPIC");
        }
      }
      topics = ServeJob.Topics.of(KafkaAddress.parse(data), KafkaAddress.parse(feedback), KafkaAddress.parse(out), kafka.deadLetter(out),
          kafka.models(out));
      if (topics.records().topic().equals(topics.feedback().topic())) {
        throw new IllegalArgumentException("--data and --feedback name the same topic " + topics.records().topic()
            + ": records and their labels come on two topics");
      }
      if (numLabels < 0) {
        throw new IllegalArgumentException("--num-labels must be >= 1 (or left out: an open model), not " + numLabels);
      }
      if (numFeatures < 0) {
        throw new IllegalArgumentException("--num-features must be >= 0 (0: from the data), not " + numFeatures);
      }
      Settings learnerSettings = Settings.parse(LearnerRegistry.get(learner), set);
      LearnerSetup setup = LearnerSetup.of(learnerSettings, numLabels, numFeatures, seed)
          .withZeroDivision(FlinkRunCommand.zeroDivisionPolicy(zeroDivision));
      if (numLabels == 0) {
        openSpec = OpenRun.check(false, new DataSpec(0, numFeatures, zeroBased, null, -1, List.of(), -1, format, false), hashBits, setup);
      } else if (hashBits != null) {
        throw new IllegalArgumentException("--hash-bits is for an open model (no --num-labels): --num-labels " + numLabels
            + " fixes the labels and features");
      }
      settings = new ServeSettings(setup, ServeSettings.durationMs("--label-ttl", labelTtl), maxPending, publishEvery, reportEveryMs);
      start = kafka.start();
      delivery = kafka.delivery();
      checkJob();
      if (delivery == KafkaIo.Delivery.EXACTLY_ONCE && job.checkpointMs() == 0) {
        throw new IllegalArgumentException("--delivery exactly-once commits the outputs at checkpoints, and --checkpoint-ms 0"
            + " takes none: give --checkpoint-ms MS or --delivery at-least-once");
      }
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    JobEnvironment environment = new JobEnvironment();
    try {
      StreamExecutionEnvironment env = environment.create(job);
      DataSpec dataSpec = new DataSpec(numLabels, numFeatures, zeroBased, null, -1, List.of(), -1, format, false);
      FailAt.Report failed = null;
      if (job.failAt() > 0) {
        failed = new FailAt.Report(job.failAt(), !kafka.stopAtEnd());
        env.registerJobListener(failed);
      }
      DataStream<String> reports = ServeJob.build(env, topics, dataSpec, openSpec, settings, start, kafka.stopAtEnd(), delivery,
          job.failAt() > 0 ? FailAt.tap(job.failAt()) : null);
      int code = watch(reports, reportStream != null ? reportStream : System.err);
      if (failed != null) {
        failed.report();
      }
      return code;
    } finally {
      environment.removeOwnCheckpoints();
    }
  }

  /** The job options serve cannot take. */
  private void checkJob() {
    if (job.parallelism() < 1 || job.parallelism() > FlinkJobOptions.MAX_PARALLELISM) {
      throw new IllegalArgumentException("--parallelism must be 1 to " + FlinkJobOptions.MAX_PARALLELISM + ", not " + job.parallelism());
    }
    if (job.checkpointMs() < 0 || job.restarts() < 0) {
      throw new IllegalArgumentException("--checkpoint-ms and --restarts must be >= 0");
    }
    if (job.restarts() > 0 && job.checkpointMs() == 0) {
      throw new IllegalArgumentException("--restarts resumes from the last checkpoint, and --checkpoint-ms 0 takes none");
    }
    String failAt = job.failAtProblem();
    if (failAt != null) {
      throw new IllegalArgumentException(failAt);
    }
    if (job.checkpointDir() != null && job.checkpointMs() == 0) {
      throw new IllegalArgumentException("--checkpoint-dir " + job.checkpointDir() + " is where checkpoints go, and --checkpoint-ms 0"
          + " turns them off");
    }
  }

  /** Runs the job, showing each report as it comes; the last one of a bounded run goes to stdout as the summary. */
  private static int watch(DataStream<String> reports, PrintStream live) throws Exception {
    String last = null;
    CloseableIterator<String> it = reports.executeAndCollect("alt flink serve");
    try {
      while (it.hasNext()) {
        last = it.next();
        live.println("alt flink serve: " + readable(last));
        live.flush();
      }
    } finally {
      it.close();
    }
    if (last != null && last.endsWith(",\"end\":true}")) {
      System.out.println(last);
    }
    return 0;
  }

  /** A report as a person reads it: the counts, F1 and the lag. */
  static String readable(String report) {
    StringBuilder sb = new StringBuilder();
    for (String f : new String[] {"served", "learned", "pending", "expired", "evicted", "waitingFeedback", "earlyFeedback",
        "unknownFeedback", "duplicateFeedback", "badRecords", "badFeedback", "published"}) {
      sb.append(f).append(' ').append(Output.longField(report, f)).append(", ");
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"(f1|microF1|macroF1)\":([-0-9.Ee]+|null)").matcher(report);
    while (m.find()) {
      sb.append(m.group(1)).append(' ').append(m.group(2).length() > 6 ? m.group(2).substring(0, 6) : m.group(2)).append(", ");
    }
    m = java.util.regex.Pattern.compile("\"labelLagMs\":\\{\"count\":\\d+,\"p50\":(\\w+),\"p99\":(\\w+)").matcher(report);
    if (m.find()) {
      sb.append("label lag p50 ").append(m.group(1)).append(" ms, p99 ").append(m.group(2)).append(" ms");
    }
    return sb.toString();
  }
}
