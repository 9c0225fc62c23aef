package org.altml.flink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The broker the Kafka tests and the demo run against: records go in and come out, and survive a stop and a start. */
class EmbeddedBrokerTest {
  @Test
  void recordsSurviveAStopAndAStart() throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.start("alt-broker-test")) {
      produce(broker, "a", 0, 50);
      assertEquals(50, read(broker, "a").size());
      broker.stop();
      broker.start();
      produce(broker, "a", 50, 60);
      List<String> all = read(broker, "a");
      assertEquals(60, all.size());
      assertEquals("r59", all.get(59));
    }
  }

  @Test
  void addressesAreCheckedWithTheirForm() {
    KafkaAddress a = KafkaAddress.parse("kafka://127.0.0.1:9092,h2:9093/news.in-1");
    assertEquals("127.0.0.1:9092,h2:9093", a.bootstrap());
    assertEquals("news.in-1", a.topic());
    assertEquals("kafka://127.0.0.1:9092,h2:9093/news.in-1", a.toString());
    for (String bad : List.of("kafka://h:9092", "kafka:///t", "kafka://h/t", "kafka://h:99999/t", "kafka://h:1/a b", "kafka://h:1/",
        "kafka://h:1/..", "file.svm")) {
      assertThrows(IllegalArgumentException.class, () -> KafkaAddress.parse(bad), bad);
    }
  }

  static void produce(EmbeddedBroker broker, String topic, int from, int to) {
    try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", broker.bootstrap()), new StringSerializer(),
        new StringSerializer())) {
      for (int i = from; i < to; i++) {
        p.send(new ProducerRecord<>(topic, "r" + i));
      }
    }
  }

  static List<String> read(EmbeddedBroker broker, String topic) {
    List<String> out = new ArrayList<>();
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of("bootstrap.servers", broker.bootstrap(), "auto.offset.reset",
        "earliest", "group.id", "t" + System.nanoTime()), new StringDeserializer(), new StringDeserializer())) {
      c.subscribe(List.of(topic));
      long end = System.currentTimeMillis() + 15_000;
      int empty = 0;
      while (System.currentTimeMillis() < end && empty < 5) {
        int n = 0;
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(300))) {
          out.add(r.value());
          n++;
        }
        empty = n == 0 && !out.isEmpty() ? empty + 1 : 0;
      }
    }
    return out;
  }
}
