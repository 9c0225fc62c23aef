package org.altml.flink.options;

import java.util.Locale;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import picocli.CommandLine.Option;

/**
 * How a job reads and writes Kafka topics ({@code --data}, {@code --out} and the other addresses as {@code
 * kafka://HOST:PORT/TOPIC}): where reading starts, whether it stops at the end the topics have when the job starts, how
 * outputs are delivered, and where bad records and models go. A picocli mixin of the commands that take Kafka.
 */
public final class FlinkKafkaOptions {
  @Option(names = "--start", paramLabel = "earliest|latest|committed", defaultValue = "earliest", description = "Kafka inputs:"
      + " where reading starts when the job does not resume from a checkpoint (default ${DEFAULT-VALUE})")
  String start;
  @Option(names = "--stop-at-end", description = "Kafka inputs: stop at the end the topics have when the job starts, then"
      + " end as a file job does (else run until cancelled)")
  boolean stopAtEnd;
  @Option(names = "--delivery", paramLabel = "exactly-once|at-least-once", defaultValue = "exactly-once", description = "Kafka"
      + " outputs: each record exactly once (transactions committed at checkpoints; readers use read_committed) or at least"
      + " once (default ${DEFAULT-VALUE})")
  String delivery;
  @Option(names = "--dead-letter", paramLabel = "kafka://HOST:PORT/TOPIC", description = "where bad records go with their reason"
      + " (default with a Kafka --out: its topic + '.dead-letter')")
  String deadLetter;
  @Option(names = "--models", paramLabel = "kafka://HOST:PORT/TOPIC", description = "the compacted topic model versions are"
      + " published to (default with a Kafka --out: its topic + '.models'), which predict --watch can follow")
  String models;

  /** Creates the options with their defaults (picocli fills them). */
  public FlinkKafkaOptions() {}

  /** {@code --start}. */
  public KafkaIo.Start start() {
    return KafkaIo.Start.valueOf(word(start, "--start", "earliest, latest or committed"));
  }

  /** {@code --stop-at-end}. */
  public boolean stopAtEnd() {
    return stopAtEnd;
  }

  /** {@code --delivery}. */
  public KafkaIo.Delivery delivery() {
    return KafkaIo.Delivery.valueOf(word(delivery, "--delivery", "exactly-once or at-least-once"));
  }

  /** {@code --dead-letter}, else {@code out}'s topic + ".dead-letter" when {@code out} is Kafka, else null. */
  public KafkaAddress deadLetter(String out) {
    return address(deadLetter, out, ".dead-letter");
  }

  /** {@code --models}, else {@code out}'s topic + ".models" when {@code out} is Kafka, else null. */
  public KafkaAddress models(String out) {
    return address(models, out, ".models");
  }

  private static KafkaAddress address(String given, String out, String suffix) {
    if (given != null) {
      return KafkaAddress.parse(given);
    }
    return KafkaAddress.isKafka(out) ? KafkaAddress.parse(out).withTopic(KafkaAddress.parse(out).topic() + suffix) : null;
  }

  /** The enum constant's name of a word like "at-least-once" (any case). */
  private static String word(String value, String option, String allowed) {
    String name = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    for (String ok : allowed.replace(" or ", ", ").split(", ")) {
      if (ok.toUpperCase(Locale.ROOT).replace('-', '_').equals(name)) {
        return name;
      }
    }
    throw new IllegalArgumentException(option + " is " + allowed + ", not '" + value + "'");
  }
}
