package org.altml.flink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaTopics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Topics of the Kafka job tests: lines produced into a topic, a topic read to its end as a read_committed consumer sees it. */
final class KafkaTesting {
  private KafkaTesting() {}

  /** Produces {@code lines} into {@code topic} (created first), one record each, in order. */
  static void produce(EmbeddedBroker broker, String topic, List<String> lines) {
    KafkaTopics.ensure(broker.topic(topic));
    Map<String, Object> config = Map.of("bootstrap.servers", broker.bootstrap(), "max.request.size", String.valueOf(8 << 20));
    try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (String line : lines) {
        p.send(new ProducerRecord<>(topic, line.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      }
    }
  }

  /** The lines of a data file, as records. */
  static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file);
  }

  /** Every record value of {@code topic}, as a read_committed consumer reads it (what an aborted transaction wrote is not there). */
  static List<String> read(EmbeddedBroker broker, String topic) {
    List<String> out = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : records(broker, topic)) {
      out.add(new String(r.value(), java.nio.charset.StandardCharsets.UTF_8));
    }
    return out;
  }

  /** The newest value of every key of {@code topic} (a models topic: the newest version of each model), read_committed. */
  static Map<String, byte[]> newest(EmbeddedBroker broker, String topic) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : records(broker, topic)) {
      out.put(new String(r.key(), java.nio.charset.StandardCharsets.UTF_8), r.value());
    }
    return out;
  }

  /** The records of {@code topic} up to its end (the last stable offset: read_committed). */
  static List<ConsumerRecord<byte[], byte[]>> records(EmbeddedBroker broker, String topic) {
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
    Map<String, Object> config = Map.of("bootstrap.servers", broker.bootstrap(), "isolation.level", "read_committed",
        "auto.offset.reset", "earliest", "enable.auto.commit", "false", "max.partition.fetch.bytes", String.valueOf(64 << 20));
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = c.partitionsFor(topic, Duration.ofSeconds(10)).stream()
          .map(p -> new TopicPartition(topic, p.partition())).toList();
      c.assign(partitions);
      c.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = c.endOffsets(partitions);
      long deadline = System.currentTimeMillis() + 30_000;
      while (partitions.stream().anyMatch(p -> c.position(p) < end.get(p))) {
        if (System.currentTimeMillis() > deadline) {
          throw new AssertionError(topic + ": not read to its end " + end + " in 30 s");
        }
        c.poll(Duration.ofMillis(200)).forEach(out::add);
      }
    }
    return out;
  }

  /** The lines of {@code lines} that occur more than once. */
  static long repeated(List<String> lines) {
    return lines.size() - Set.copyOf(lines).size();
  }
}
