package org.altml.flink;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.flink.demo.DelayedLabelStream;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.kafka.KafkaTopics;
import org.altml.flink.options.FlinkJobOptions;
import org.altml.flink.output.Output;
import org.altml.flink.serve.ServeJob;
import org.altml.flink.serve.ServeSettings;
import org.altml.flink.source.DataSpec;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.synth.SparseTextGenerator;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alt flink demo --kafka} ({@code ./alt kafka-demo}): a Kafka broker starts inside this process, a seeded
 * RCV1-shaped stream of records goes to one topic at a steady pace and their labels to another, later, out of order or
 * never ({@link DelayedLabelStream}); {@code serve} predicts each record, learns from its labels when they come, and the
 * live prequential metrics of the served predictions, how far the job is behind the stream and the label lag are printed
 * every second. When every record has been served and every example learned or expired, the job is cancelled and the
 * broker stopped: nothing is left behind.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, description = "Serve a seeded stream with delayed labels through a Kafka broker"
    + " started inside this process, printing the live metrics (./alt kafka-demo).")
final class FlinkDemoCommand implements Callable<Integer> {
  @Option(names = "--kafka", description = "the Kafka demo (the only one: records, labels that come later, alt flink serve)")
  boolean kafka;
  @Option(names = "--records", paramLabel = "N", defaultValue = "20000", description = "records in the stream (default ${DEFAULT-VALUE})")
  long records;
  @Option(names = "--rate", paramLabel = "R", defaultValue = "1000", description = "records per second (default ${DEFAULT-VALUE})")
  double rate;
  @Option(names = "--delay", paramLabel = "D", defaultValue = "1000", description = "a record's labels come about D records later,"
      + " between D/2 and 3D/2 (default ${DEFAULT-VALUE})")
  int delay;
  @Option(names = "--never", paramLabel = "P", defaultValue = "0.05", description = "the share of records whose labels never come"
      + " (default ${DEFAULT-VALUE})")
  double never;
  @Option(names = "--learner", paramLabel = "NAME", defaultValue = "falt", description = "the learner kind (default ${DEFAULT-VALUE})")
  String learner;
  @Option(names = "--set", paramLabel = "NAME=VALUE", description = "a learner parameter by name")
  Map<String, String> set = new LinkedHashMap<>();
  @Option(names = "--label-ttl", paramLabel = "DURATION", defaultValue = "10s", description = "how long an example waits for its labels"
      + " (default ${DEFAULT-VALUE})")
  String labelTtl;
  @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "seed of the stream and the learner")
  long seed;
  @Option(names = "--parallelism", paramLabel = "P", defaultValue = "1", description = "sources and parsers (default ${DEFAULT-VALUE})")
  int parallelism;
  @Spec CommandSpec spec;

  /** Where the live lines go (tests: a buffer). */
  static volatile PrintStream live;

  @Override
  public Integer call() throws Exception {
    if (!kafka) {
      throw new ParameterException(spec.commandLine(), "the demo runs on Kafka: give --kafka (or run ./alt kafka-demo)");
    }
    ServeSettings settings;
    try {
      if (records < 1 || rate <= 0 || delay < 0 || !(never >= 0 && never < 1) || parallelism < 1 || parallelism > 64) {
        throw new IllegalArgumentException("--records and --rate must be > 0, --delay >= 0, --never in [0, 1) and --parallelism 1 to 64");
      }
      SparseTextGenerator.Config shape = SparseTextGenerator.Config.defaults(); // RCV1's shape
      LearnerSetup setup = LearnerSetup.of(Settings.parse(LearnerRegistry.get(learner), set), shape.numLabels(), shape.numFeatures(), seed);
      settings = new ServeSettings(setup, ServeSettings.durationMs("--label-ttl", labelTtl), 1_000_000, 5_000, 1_000);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    PrintStream out = live != null ? live : System.out;
    long started = System.nanoTime();
    out.println("alt flink demo: starting a Kafka broker inside this process ...");
    try (EmbeddedBroker broker = EmbeddedBroker.start("alt-kafka-demo")) {
      KafkaAddress recordsTopic = broker.topic("records");
      KafkaAddress feedbackTopic = broker.topic("labels");
      KafkaAddress predictions = broker.topic("predictions");
      for (KafkaAddress t : List.of(recordsTopic, feedbackTopic)) {
        KafkaTopics.ensure(t);
      }
      out.printf("alt flink demo: broker at %s; %d records at %.0f/s to %s, their labels about %d records later to %s (%.0f%% never),"
          + " served by %s; predictions to %s%n", broker.bootstrap(), records, rate, recordsTopic.topic(), delay, feedbackTopic.topic(),
          never * 100, learner, predictions.topic());
      JobEnvironment environment = new JobEnvironment();
      try {
        // checkpoints every second: predictions (exactly once) and the reports shown here come out at checkpoints
        FlinkJobOptions job = CommandLine.populateCommand(new FlinkJobOptions(), "--parallelism", String.valueOf(parallelism),
            "--checkpoint-ms", "1000");
        StreamExecutionEnvironment env = environment.create(job);
        DataStream<String> reports = ServeJob.build(env, ServeJob.Topics.of(recordsTopic, feedbackTopic, predictions, null, null),
            DataSpec.libSvm(settings.setup().numLabels()), settings, KafkaIo.Start.EARLIEST, false, KafkaIo.Delivery.EXACTLY_ONCE, null);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong produced = new AtomicLong();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        CloseableIterator<String> it = reports.executeAndCollect("alt flink demo");
        try {
          Thread producer = new Thread(() -> {
            try (ExampleStream examples = new SparseTextGenerator(SparseTextGenerator.Config.defaults().withSeed(seed)).stream(records)) {
              new DelayedLabelStream(delay, never, rate, seed).produce(examples, recordsTopic, feedbackTopic, stop::get, produced::incrementAndGet);
            } catch (Exception e) {
              failed.set(e);
            }
          }, "alt-demo-producer");
          producer.setDaemon(true);
          while (it.hasNext()) {
            String r = it.next();
            if (producer.getState() == Thread.State.NEW) { // the job's first report: it runs, the stream starts
              out.printf("alt flink demo: the job runs (%.1f s); the stream starts%n", (System.nanoTime() - started) / 1e9);
              producer.start();
              continue;
            }
            long served = Output.longField(r, "served");
            out.println("alt flink demo: " + String.format("%5.1f s", (System.nanoTime() - started) / 1e9) + ", behind the stream "
                + Math.max(0, produced.get() - served) + " records, " + FlinkServeCommand.readable(r));
            if (failed.get() != null) {
              throw new IllegalStateException("the demo's producer failed: " + failed.get().getMessage(), failed.get());
            }
            if (served >= records && Output.longField(r, "pending") == 0 && !producer.isAlive()) {
              break; // every record served, every example learned or expired
            }
          }
        } finally {
          stop.set(true);
          it.close(); // cancels the job
        }
      } finally {
        environment.removeOwnCheckpoints();
      }
    }
    out.printf("alt flink demo: done in %.1f s; the job was cancelled and the broker stopped%n", (System.nanoTime() - started) / 1e9);
    return 0;
  }
}
