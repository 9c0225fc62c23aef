package org.altml.flink.kafka;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The models topic: model versions as Kafka records, compacted by name (the newest version of each model is kept).
 * A record's key is the model's name ({@link ModelMessage#source}: "final", "key-K", "serve", ...), its value the
 * ALT model file's bytes ({@code alt predict --model} reads them saved to a file), its header {@value #VERSION} the
 * version ({@link ModelMessage#round}) as 8 big-endian bytes.
 */
public final class KafkaModels {
  /** The header of a model record that holds its version. */
  public static final String VERSION = "alt-model-version";
  private static final Logger LOG = Logger.getLogger(KafkaModels.class.getName());

  private KafkaModels() {}

  /**
   * Publishes {@code models} to {@code topic} (created compacted when missing), each keyed by its {@link
   * ModelMessage#source} name.
   */
  public static void publish(DataStream<ModelMessage> models, KafkaAddress topic, KafkaIo.Delivery delivery, String transactionalIdPrefix,
      String uid) {
    KafkaTopics.ensureModels(topic);
    String name = topic.topic();
    KafkaSink<ModelMessage> sink = KafkaSink.<ModelMessage>builder().setBootstrapServers(topic.bootstrap())
        .setRecordSerializer((KafkaRecordSerializationSchema<ModelMessage>) (m, context, timestamp) -> {
          ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(name, m.source.getBytes(StandardCharsets.UTF_8), m.model);
          r.headers().add(VERSION, ByteBuffer.allocate(Long.BYTES).putLong(m.round).array());
          return r;
        })
        .setDeliveryGuarantee(delivery.guarantee).setTransactionalIdPrefix(transactionalIdPrefix)
        .setProperty("transaction.timeout.ms", KafkaIo.TRANSACTION_TIMEOUT_MS)
        .setProperty("max.request.size", String.valueOf(256 << 20))
        // the producer's buffer must hold a whole model (38 MB of doubles for RCV1's W; Kafka's default is 32 MB)
        .setProperty("buffer.memory", String.valueOf(512L << 20))
        .build();
    // at the parallelism of what it writes: the versions of one subtask in their order
    models.sinkTo(sink).name("models to " + topic).uid(uid).setParallelism(models.getParallelism());
  }

  /**
   * The model versions of {@code topic} from its first record on, as they come (the job runs until cancelled): each a
   * {@link ModelMessage} of the record's version, its {@code source} naming the topic, partition and offset. A record that
   * is not a model of {@code numLabels} labels is skipped with a warning naming it; the current model stays.
   */
  public static DataStream<ModelMessage> follow(StreamExecutionEnvironment env, KafkaAddress topic, int numLabels, String group) {
    KafkaSource<ModelMessage> source = KafkaSource.<ModelMessage>builder().setBootstrapServers(topic.bootstrap())
        .setTopics(topic.topic()).setGroupId(group).setStartingOffsets(OffsetsInitializer.earliest())
        .setDeserializer(new ModelDeserializer(topic.toString(), numLabels))
        .setProperty("isolation.level", "read_committed")
        .setProperty("max.partition.fetch.bytes", String.valueOf(256 << 20))
        .setProperty("fetch.max.bytes", String.valueOf(256 << 20))
        .build();
    return env.fromSource(source, WatermarkStrategy.noWatermarks(), "models of " + topic).setParallelism(1).uid("models");
  }

  /** A model record as a {@link ModelMessage}, or nothing (with a warning) when it is not a model for the job. */
  static final class ModelDeserializer implements KafkaRecordDeserializationSchema<ModelMessage> {
    private static final long serialVersionUID = 1L;
    private final String address;
    private final int numLabels;

    ModelDeserializer(String address, int numLabels) {
      this.address = address;
      this.numLabels = numLabels;
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<ModelMessage> out) {
      String where = address + "#" + record.partition() + "@" + record.offset();
      if (record.value() == null) {
        return; // a deleted model (a tombstone): the current one stays
      }
      Header h = record.headers().lastHeader(VERSION);
      long version = h != null && h.value().length == Long.BYTES ? ByteBuffer.wrap(h.value()).getLong() : record.offset();
      try {
        int labels = Models.learner(record.value(), where).numLabels();
        if (labels != numLabels) {
          throw new IllegalArgumentException(where + ": a model of " + labels + " labels, the data has " + numLabels);
        }
      } catch (RuntimeException e) {
        String why = e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage();
        LOG.warning("skipped a record that is not a model for this job: " + why + "; the current model stays");
        return;
      }
      out.collect(ModelMessage.fromFile(version, record.value(), where));
    }

    @Override
    public TypeInformation<ModelMessage> getProducedType() {
      return TypeInformation.of(ModelMessage.class);
    }
  }
}
