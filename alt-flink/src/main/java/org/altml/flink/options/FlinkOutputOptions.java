package org.altml.flink.options;

import java.nio.file.Path;
import org.altml.flink.kafka.KafkaAddress;
import picocli.CommandLine.Option;

/** Where an {@code alt flink} job's results go and what its predictions carry: a picocli mixin of both commands. */
public final class FlinkOutputOptions {
  @Option(names = "--out", paramLabel = "DIR|kafka://HOST:PORT/TOPIC", description = "folder for predictions.jsonl, bad-records.jsonl,"
      + " reports.jsonl and models; or a Kafka topic for the predictions (bad records to TOPIC.dead-letter, reports to"
      + " TOPIC.reports, models to TOPIC.models)")
  String out;
  @Option(names = "--no-predictions", description = "count predictions, do not keep them (throughput runs)")
  boolean noPredictions;
  @Option(names = "--scores", description = "predictions carry the label and threshold scores")
  boolean scores;

  /** Creates the options with their defaults (picocli fills them). */
  public FlinkOutputOptions() {}

  /** {@code --out} as a folder, or null: no files (none given, or a Kafka topic). */
  public Path out() {
    return out == null || KafkaAddress.isKafka(out) ? null : Path.of(out);
  }

  /** {@code --out} as given, or null. */
  public String given() {
    return out;
  }

  /**
   * {@code --out} as a Kafka topic, or null (a folder, or none).
   *
   * @throws IllegalArgumentException when it is a Kafka address that does not parse
   */
  public KafkaAddress kafka() {
    return KafkaAddress.isKafka(out) ? KafkaAddress.parse(out) : null;
  }

  /** Whether the predictions are kept (no {@code --no-predictions}). */
  public boolean keepPredictions() {
    return !noPredictions;
  }

  /** {@code --scores}. */
  public boolean scores() {
    return scores;
  }
}
