package org.altml.flink.kafka;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.output.Output;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * A job's outputs into Kafka ({@code --out kafka://HOST:PORT/TOPIC}): the predictions into TOPIC, the bad records into the
 * dead-letter topic (with the topic, partition and offset of a Kafka record, or the file and line of a file's), the reports
 * into TOPIC.reports (without the model bytes they carry), the model versions into the compacted models topic ({@link
 * KafkaModels}). Each sink's transactional ids start with a prefix made of the job's name, a digest of its input and
 * output addresses and the output's name: the same when the job restarts (so that a failed run's open transactions are
 * aborted), distinct between the outputs of a job and between jobs.
 *
 * @param out the predictions' topic, or null (the predictions go to files)
 * @param deadLetter the bad records' topic, or null
 * @param models the models topic, or null
 * @param delivery exactly once or at least once
 * @param job the job's name and inputs, as the transactional ids are made of ("keyed kafka://h:9092/in")
 */
public record KafkaOutputs(KafkaAddress out, KafkaAddress deadLetter, KafkaAddress models, KafkaIo.Delivery delivery, String job) {
  /** The suffix of the reports' topic after the predictions' topic. */
  public static final String REPORTS = ".reports";

  /** The reports' topic, or null. */
  public KafkaAddress reports() {
    return out == null ? null : out.withTopic(out.topic() + REPORTS);
  }

  /** The prefix of the transactional ids of output {@code name}. */
  public String transactionalIdPrefix(String name) {
    CRC32 crc = new CRC32();
    crc.update((job + " -> " + out + " " + deadLetter + " " + models).getBytes(StandardCharsets.UTF_8));
    return "alt-flink-" + job.split(" ", 2)[0] + "-" + Long.toHexString(crc.getValue()) + "-" + name;
  }

  /** Creates the topics written (unless they exist): the predictions', the reports', the dead letters'; models by {@link #models}. */
  public void ensureTopics() {
    for (KafkaAddress a : new KafkaAddress[] {out, reports(), deadLetter}) {
      if (a != null) {
        KafkaTopics.ensure(a);
      }
    }
  }

  /** The predictions into {@link #out}. */
  public void predictions(DataStream<String> predictions) {
    KafkaIo.sink(predictions, out, delivery, transactionalIdPrefix("predictions"), "kafka-predictions");
  }

  /** The bad records into {@link #deadLetter}, each with where it came from ({@link #deadLetter(String)}). */
  public void badRecords(DataStream<String> bad) {
    KafkaIo.sink(bad.map(KafkaOutputs::deadLetter).returns(Types.STRING).setParallelism(bad.getParallelism()).uid("dead-letters"),
        deadLetter, delivery, transactionalIdPrefix("dead-letter"), "kafka-dead-letter");
  }

  /** The reports, without the model bytes they carry, into {@link #reports()}. */
  public void reports(DataStream<String> reports) {
    KafkaIo.sink(reports.map(Output::withoutModel).returns(Types.STRING).setParallelism(reports.getParallelism()).uid("reports-lines"),
        reports(), delivery, transactionalIdPrefix("reports"), "kafka-reports");
  }

  /** The model versions into {@link #models}, each keyed by its name ({@link ModelMessage#source}). */
  public void models(DataStream<ModelMessage> versions) {
    KafkaModels.publish(versions, models, delivery, transactionalIdPrefix("models"), "kafka-models");
  }

  /** A parallel run's averages as model versions: each round as "mixed" (its version the round), the final one as "final". */
  public static DataStream<ModelMessage> named(DataStream<ModelMessage> mixed) {
    return mixed.map(m -> {
      ModelMessage v = ModelMessage.fromFile(m.round, m.model, m.round == ModelMessage.FINAL ? "final" : "mixed");
      return v;
    }).returns(TypeInformation.of(ModelMessage.class)).setParallelism(1).uid("model-names");
  }

  /**
   * A bad record's line with where it came from: {@code "topic"}, {@code "partition"} and {@code "offset"} for a Kafka
   * record (its file is {@code kafka://HOST:PORT/TOPIC#PARTITION}, its line the offset), as it is for a file's (file and
   * line).
   */
  public static String deadLetter(String bad) {
    String file = Output.stringField(bad, "file");
    int hash = file == null || !KafkaAddress.isKafka(file) ? -1 : file.lastIndexOf('#');
    if (hash < 0 || !bad.endsWith("}")) {
      return bad;
    }
    String topic = file.substring(file.lastIndexOf('/', hash) + 1, hash);
    String partition = file.substring(hash + 1);
    if (!partition.matches("\\d{1,9}")) {
      return bad;
    }
    return bad.substring(0, bad.length() - 1) + ",\"topic\":" + Output.quote(topic) + ",\"partition\":" + partition + ",\"offset\":"
        + Output.longField(bad, "line") + "}";
  }
}
