package org.altml.flink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A topic's records reach a job as lines (offset, key) and a job's lines reach a topic, exactly once. */
class KafkaIoTest {
  static EmbeddedBroker broker;

  @BeforeAll
  static void start() throws Exception {
    broker = EmbeddedBroker.start("alt-kafka-io-test");
  }

  @AfterAll
  static void stop() {
    broker.close();
  }

  @Test
  void linesGoThroughAJobExactlyOnce() throws Exception {
    KafkaAddress in = broker.topic("io-in");
    KafkaAddress out = broker.topic("io-out");
    KafkaTopics.ensure(in);
    try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", broker.bootstrap()), new StringSerializer(),
        new StringSerializer())) {
      for (int i = 0; i < 300; i++) {
        p.send(new ProducerRecord<>(in.topic(), i % 2 == 0 ? "id" + i : null, "1 " + i + ":1"));
      }
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(1);
    env.enableCheckpointing(100);
    KafkaIo.sink(KafkaIo.lines(env, in, KafkaIo.Start.EARLIEST, true, "g", 1, "lines").map(KafkaIoTest::describe).returns(Types.STRING),
        out, KafkaIo.Delivery.EXACTLY_ONCE, "io-test", "sink");
    env.execute("kafka io");
    List<String> got = new ArrayList<>(EmbeddedBrokerTest.read(broker, out.topic()));
    assertEquals(300, got.size());
    assertEquals(in + "#0 0 id0 1 0:1", got.get(0));
    assertEquals(in + "#0 299 null 1 299:1", got.get(299));
  }

  static String describe(TextLine t) {
    return t.file + " " + t.line + " " + t.id + " " + new String(t.text, StandardCharsets.UTF_8);
  }

  @Test
  void aTombstoneIsAnEmptyLine() {
    List<TextLine> got = new ArrayList<>();
    new KafkaIo.LineDeserializer("kafka://h:1/t").deserialize(new org.apache.kafka.clients.consumer.ConsumerRecord<>("t", 2, 7L, null, null),
        new org.apache.flink.util.Collector<>() {
          @Override
          public void collect(TextLine t) {
            got.add(t);
          }

          @Override
          public void close() {}
        });
    assertEquals("kafka://h:1/t#2", got.get(0).file);
    assertEquals(0, got.get(0).text.length);
    assertNull(got.get(0).id);
  }
}
