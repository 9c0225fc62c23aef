package org.altml.flink.options;

import java.util.List;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.source.DataSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Refuses the Kafka option values a job cannot take, before anything runs: an address that does not parse, a Kafka topic
 * mixed with files or with another topic in {@code --data}, LIBSVM records over Kafka without {@code --num-labels},
 * exactly-once outputs without checkpoints, and the Kafka options that would be ignored in silence (no Kafka input or
 * output for them).
 */
public final class FlinkKafkaChecks {
  private FlinkKafkaChecks() {}

  /**
   * Checks the Kafka options of the command {@code spec}.
   *
   * @param needsLabels whether the job needs L from the options (LIBSVM records are read without a model that has it)
   * @param makesModels whether the job makes models ({@code run}), which {@code --models} publishes
   * @throws ParameterException (a usage error, exit 2) naming the options and the problem
   */
  public static void check(CommandSpec spec, FlinkKafkaOptions kafka, FlinkDataOptions data, FlinkJobOptions job,
      FlinkOutputOptions output, boolean needsLabels, boolean makesModels) {
    List<String> files = data.files();
    boolean kafkaData = files.stream().anyMatch(KafkaAddress::isKafka);
    if (kafkaData && files.size() > 1) {
      throw usage(spec, "--data takes one Kafka topic or files, not " + files.size() + " inputs with a Kafka topic among them ("
          + String.join(" ", files) + "): run one job per topic");
    }
    if (kafkaData) {
      KafkaAddress topic = address(spec, "--data", files.get(0));
      if (DataSpec.isArff(topic.topic())) {
        throw usage(spec, "--data " + files.get(0) + ": a Kafka topic's records are LIBSVM lines or JSON objects (--format json),"
            + " and a name ending in .arff says ARFF; name the topic otherwise");
      }
      if (needsLabels && data.numLabels() < 1) {
        throw usage(spec, "--data " + files.get(0) + ": a Kafka topic's records (LIBSVM lines or JSON objects) do not declare L:"
            + " give --num-labels L");
      }
    }
    KafkaAddress out = output.given() != null && KafkaAddress.isKafka(output.given()) ? address(spec, "--out", output.given()) : null;
    KafkaAddress deadLetter = kafka.deadLetter == null ? null : address(spec, "--dead-letter", kafka.deadLetter);
    KafkaAddress models = kafka.models == null ? null : address(spec, "--models", kafka.models);
    try {
      kafka.start();
      kafka.delivery();
    } catch (IllegalArgumentException e) {
      throw usage(spec, e.getMessage());
    }
    if (models != null && !makesModels) {
      throw usage(spec, "--models is the topic a run publishes its models to, and " + spec.qualifiedName() + " makes none");
    }
    if (!kafkaData) {
      for (String option : List.of("--start", "--stop-at-end")) {
        if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
          throw usage(spec, option + " is for a Kafka input (--data kafka://HOST:PORT/TOPIC), and every --data input is a file");
        }
      }
    }
    boolean kafkaOutput = out != null || deadLetter != null || models != null;
    if (!kafkaOutput && spec.commandLine().getParseResult().hasMatchedOption("--delivery")) {
      throw usage(spec, "--delivery is how records reach a Kafka output (--out, --dead-letter or --models kafka://HOST:PORT/TOPIC),"
          + " and the job writes none");
    }
    if (kafkaOutput && kafka.delivery() == KafkaIo.Delivery.EXACTLY_ONCE && job.checkpointMs() == 0) {
      throw usage(spec, "--delivery exactly-once commits the Kafka outputs at checkpoints, and --checkpoint-ms 0 takes none: give"
          + " --checkpoint-ms MS (e.g. 1000), or --delivery at-least-once");
    }
  }

  private static KafkaAddress address(CommandSpec spec, String option, String value) {
    try {
      return KafkaAddress.parse(value);
    } catch (IllegalArgumentException e) {
      throw usage(spec, option + " " + e.getMessage());
    }
  }

  private static ParameterException usage(CommandSpec spec, String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
