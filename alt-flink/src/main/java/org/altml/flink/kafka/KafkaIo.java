package org.altml.flink.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Properties;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Kafka topics as the jobs' inputs and outputs: a topic's records as {@link TextLine}s (so that every job parses them as
 * it parses a file's lines), and a stream of text lines into a topic, exactly once (Kafka transactions committed with
 * Flink's checkpoints) or at least once.
 */
public final class KafkaIo {
  /**
   * Kafka's broker-side ceiling on a transaction's timeout is 15 minutes by default, below the connector's default
   * (one hour), which the broker would refuse: transactions are committed at every checkpoint, far sooner.
   */
  static final String TRANSACTION_TIMEOUT_MS = String.valueOf(10 * 60 * 1000);

  /**
   * The most a fetch of records brings, over all its partitions. The consumer reads a fetch's response into one array of
   * its size, and G1 (the JVM's default collector) treats an array of half a heap region or more as a humongous object,
   * whose allocation starts a concurrent collection cycle: reading a backlog from a topic of two partitions at 8 MB a
   * partition, a job scoring a topic into a topic started 15 cycles in a 5 s stream (Kafka's defaults, 1 MB a partition
   * and 50 MB a fetch, would still allocate 2 MB a fetch). 960 KB, with room for the response's headers, stays below half a
   * region for heaps over 2 GB (regions of 2 MB and more), and is about a thousand records of RCV1's shape.
   */
  static final int FETCH_BYTES = 960 << 10;

  private KafkaIo() {}

  /** How records reach an output topic. */
  public enum Delivery {
    /** Each record once, visible to {@code read_committed} readers when the checkpoint after it completes. */
    EXACTLY_ONCE(DeliveryGuarantee.EXACTLY_ONCE),
    /** Each record at least once (a restart may repeat those after the last checkpoint); visible at once. */
    AT_LEAST_ONCE(DeliveryGuarantee.AT_LEAST_ONCE);

    final DeliveryGuarantee guarantee;

    Delivery(DeliveryGuarantee guarantee) {
      this.guarantee = guarantee;
    }
  }

  /** Where reading a topic starts when the job does not resume from a checkpoint. */
  public enum Start {
    /** The topic's first record: a run reads all of it, as it reads a file. */
    EARLIEST,
    /** The records written after the job starts. */
    LATEST,
    /** Where the job's consumer group last committed (at checkpoints), else the first record. */
    COMMITTED
  }

  /**
   * The records of {@code topic} as lines: {@code file} is {@code kafka://HOST:PORT/TOPIC#PARTITION}, {@code line} the
   * record's offset, {@code text} its value, {@code id} its key (UTF-8) or null. Only committed records are read
   * ({@code read_committed}: what an exactly-once writer aborted never arrives). The offsets are the source's checkpointed
   * state: a job restored from a checkpoint goes on from there, neither losing nor repeating a record.
   *
   * @param bounded whether to stop at the end offsets the topic has when the job starts (the job then ends as a file job
   *     does), else run until cancelled
   * @param group the consumer group (offsets are committed there at checkpoints, for monitoring and {@link Start#COMMITTED})
   */
  @SuppressWarnings("deprecation") // the connector takes the reset strategy in the type Kafka 4 deprecated (AutoOffsetResetStrategy's older form)
  public static DataStream<TextLine> lines(StreamExecutionEnvironment env, KafkaAddress topic, Start start, boolean bounded,
      String group, int parallelism, String uid) {
    KafkaSourceBuilder<TextLine> b = KafkaSource.<TextLine>builder().setBootstrapServers(topic.bootstrap()).setTopics(topic.topic())
        .setGroupId(group).setDeserializer(new LineDeserializer(topic.toString()))
        .setProperty("isolation.level", "read_committed")
        // a fetch's response is read into one array of its size: at most FETCH_BYTES, so that it is an ordinary object
        // for the JVM's default collector (a record larger than that still comes, alone)
        .setProperty("max.partition.fetch.bytes", String.valueOf(FETCH_BYTES))
        .setProperty("fetch.max.bytes", String.valueOf(FETCH_BYTES))
        .setProperty("client.id.prefix", uid);
    b.setStartingOffsets(switch (start) {
      case EARLIEST -> OffsetsInitializer.earliest();
      case LATEST -> OffsetsInitializer.latest();
      case COMMITTED -> OffsetsInitializer.committedOffsets(org.apache.kafka.clients.consumer.OffsetResetStrategy.EARLIEST);
    });
    if (bounded) {
      b.setBounded(OffsetsInitializer.latest());
    }
    return env.fromSource(b.build(), WatermarkStrategy.noWatermarks(), "records of " + topic).setParallelism(parallelism).name(uid)
        .uid(uid);
  }

  /**
   * Writes {@code lines} into {@code topic}, one record per line (no key).
   *
   * @param transactionalIdPrefix the prefix of the sink's Kafka transactional ids (exactly once): unique per job and
   *     output, and the same when the job is restored, so that transactions a failed run left open are aborted
   */
  public static void sink(DataStream<String> lines, KafkaAddress topic, Delivery delivery, String transactionalIdPrefix, String uid) {
    String name = topic.topic();
    KafkaSink<String> sink = KafkaSink.<String>builder().setBootstrapServers(topic.bootstrap())
        // no timestamp from the stream (an end-of-input timer's is Long.MAX_VALUE, which a broker refuses): the producer's clock
        .setRecordSerializer((KafkaRecordSerializationSchema<String>) (line, context, timestamp) -> new ProducerRecord<>(name, null,
            line.getBytes(StandardCharsets.UTF_8)))
        .setDeliveryGuarantee(delivery.guarantee).setTransactionalIdPrefix(transactionalIdPrefix)
        .setProperty("transaction.timeout.ms", TRANSACTION_TIMEOUT_MS)
        .setProperty("max.request.size", String.valueOf(256 << 20))
        // predictions are small (about 100 bytes): batches of up to 1 MB that wait up to 20 ms to fill, instead of
        // Kafka's 16 KB sent at once, doubled the throughput of a job scoring a topic into a topic (fewer requests
        // for the producer and the broker; performance.md); exactly once only, where a record is visible at the next
        // checkpoint anyway: at least once sends at once, as Kafka does
        .setProperty("batch.size", delivery == Delivery.EXACTLY_ONCE ? String.valueOf(1 << 20) : "16384")
        .setProperty("linger.ms", delivery == Delivery.EXACTLY_ONCE ? "20" : "0")
        .build();
    // at the parallelism of what it writes: chained to it, and the lines of one subtask in their order
    lines.sinkTo(sink).name("to " + topic).uid(uid).setParallelism(lines.getParallelism());
  }

  /**
   * A topic's record as a {@link TextLine}. The records of a partition share one file name string, so that the scorers'
   * per-record look-ups by file (its parser, its checks) compare references and reuse its hash instead of reading a new
   * string for every record.
   */
  static final class LineDeserializer implements KafkaRecordDeserializationSchema<TextLine> {
    private static final long serialVersionUID = 1L;
    private final String address;
    private transient String[] files; // by partition, made as partitions come

    LineDeserializer(String address) {
      this.address = address;
    }

    /** {@code kafka://HOST:PORT/TOPIC#PARTITION}, the same string for every record of the partition. */
    String file(int partition) {
      if (files == null || partition >= files.length) {
        files = files == null ? new String[Math.max(partition + 1, 8)] : Arrays.copyOf(files, Math.max(partition + 1, 2 * files.length));
      }
      String f = files[partition];
      if (f == null) {
        f = files[partition] = address + "#" + partition;
      }
      return f;
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<TextLine> out) {
      byte[] value = record.value() == null ? new byte[0] : record.value();
      TextLine line = new TextLine(file(record.partition()), record.offset(), value);
      line.id = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
      out.collect(line);
    }

    @Override
    public TypeInformation<TextLine> getProducedType() {
      return TypeInformation.of(TextLine.class);
    }
  }

  /** The properties of a plain client (admin, producer, consumer) of {@code topic}'s cluster. */
  public static Properties client(KafkaAddress topic) {
    Properties p = new Properties();
    p.put("bootstrap.servers", topic.bootstrap());
    return p;
  }
}
