package org.altml.flink.serve;

import java.util.function.UnaryOperator;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.kafka.KafkaModels;
import org.altml.flink.kafka.KafkaTopics;
import org.altml.flink.output.Output;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The pipeline of {@code alt flink serve}: the records and feedback topics read and parsed at parallelism p, keyed by id
 * into the one {@link ServeOperator}; its predictions, bad records, reports and models into their topics.
 */
public final class ServeJob {
  private ServeJob() {}

  /**
   * The topics of a serving job.
   *
   * @param records the records to predict (LIBSVM lines, the Kafka key the id)
   * @param feedback their labels ({@code {"id", "labels"}})
   * @param predictions where the predictions go
   * @param deadLetter where bad records and feedback go
   * @param models where model versions go (compacted)
   * @param reports where the reports go
   */
  public record Topics(KafkaAddress records, KafkaAddress feedback, KafkaAddress predictions, KafkaAddress deadLetter, KafkaAddress models,
      KafkaAddress reports) {
    /** The topics of {@code predictions}' cluster named after it: {@code .dead-letter}, {@code .models}, {@code .reports}. */
    public static Topics of(KafkaAddress records, KafkaAddress feedback, KafkaAddress predictions, KafkaAddress deadLetter, KafkaAddress models) {
      return new Topics(records, feedback, predictions,
          deadLetter != null ? deadLetter : predictions.withTopic(predictions.topic() + ".dead-letter"),
          models != null ? models : predictions.withTopic(predictions.topic() + ".models"),
          predictions.withTopic(predictions.topic() + ".reports"));
    }
  }

  /**
   * Builds the job on {@code env} (its parallelism p for sources and parsing).
   *
   * @param spec how records are parsed (LIBSVM, L)
   * @param start where reading starts without a checkpoint
   * @param bounded whether both topics are read to the end they have at the start, then the job ends
   * @param tap applied to the records as they leave their source (failure injection); null for none
   * @return the reports, for the command line to show too
   */
  public static DataStream<String> build(StreamExecutionEnvironment env, Topics topics, DataSpec spec, ServeSettings settings,
      KafkaIo.Start start, boolean bounded, KafkaIo.Delivery delivery, UnaryOperator<DataStream<TextLine>> tap) {
    return build(env, topics, spec, null, settings, start, bounded, delivery, tap);
  }

  /**
   * {@link #build(StreamExecutionEnvironment, Topics, DataSpec, ServeSettings, KafkaIo.Start, boolean, KafkaIo.Delivery,
   * UnaryOperator)} with an open model when {@code open} is not null (no L: labels first seen in the feedback grow it).
   */
  public static DataStream<String> build(StreamExecutionEnvironment env, Topics topics, DataSpec spec, OpenSpec open,
      ServeSettings settings, KafkaIo.Start start, boolean bounded, KafkaIo.Delivery delivery, UnaryOperator<DataStream<TextLine>> tap) {
    int p = env.getParallelism();
    int l = settings.setup().numLabels();
    String group = "alt-flink-serve-" + topics.predictions().topic();
    for (KafkaAddress out : new KafkaAddress[] {topics.predictions(), topics.deadLetter(), topics.reports()}) {
      KafkaTopics.ensure(out);
    }
    DataStream<TextLine> lines = KafkaIo.lines(env, topics.records(), start, bounded, group, p, "records");
    if (tap != null) {
      lines = tap.apply(lines);
    }
    DataStream<ServeRecord> records = lines.process(new RecordParsing(spec, l, open)).setParallelism(lines.getParallelism())
        .name("parse records").uid("parse-records");
    DataStream<TextLine> feedbackLines = KafkaIo.lines(env, topics.feedback(), start, bounded, group, p, "feedback");
    DataStream<LabelMessage> feedback = feedbackLines.process(new FeedbackParsing(l)).setParallelism(p).name("parse feedback")
        .uid("parse-feedback");
    SingleOutputStreamOperator<String> served = records.keyBy(r -> r.id, Types.STRING).connect(feedback.keyBy(m -> m.id, Types.STRING))
        .transform("serve " + settings.setup().learner(), Types.STRING, new ServeOperator(settings, open)).setParallelism(1).setMaxParallelism(1)
        .uid("serve");
    String prefix = "alt-serve-" + topics.predictions().topic();
    KafkaIo.sink(served, topics.predictions(), delivery, prefix + "-predictions", "predictions-out");
    KafkaIo.sink(served.getSideOutput(Output.BAD), topics.deadLetter(), delivery, prefix + "-dead-letter", "dead-letter-out");
    DataStream<String> reports = served.getSideOutput(Output.REPORTS);
    KafkaIo.sink(reports, topics.reports(), delivery, prefix + "-reports", "reports-out");
    KafkaModels.publish(served.getSideOutput(ServeOperator.MODELS), topics.models(), delivery, prefix + "-models", "models-out");
    return reports;
  }
}
