package org.altml.flink.source;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Where a job's records come from (files, or a Kafka topic), as the jobs read them: as lines read by some source subtasks,
 * or shared out by number among the data-parallel workers.
 */
public interface RecordInput {
  /** The inputs as messages and the summary name them (the files, or the topic's address). */
  List<String> names();

  /** The records as lines, read by {@code parallelism} source subtasks, the source's operator id {@code uid}. */
  DataStream<TextLine> lines(StreamExecutionEnvironment env, int parallelism, String uid);

  /**
   * The records shared out among {@code p} parallel consumers: consumer k gets those numbered ≡ k (mod p), in order, so that
   * the operator after it at parallelism p sees its share; {@code tap} (null: none) is applied right after the source.
   */
  DataStream<TextLine> shares(StreamExecutionEnvironment env, int p, UnaryOperator<DataStream<TextLine>> tap);
}
