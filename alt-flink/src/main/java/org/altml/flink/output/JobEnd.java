package org.altml.flink.output;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * The last operator before the job's results leave it (parallelism 1, chained to the collect sink): forwards every
 * line, and when its input has ended (every operator before it has finished: the last record learned or scored, the
 * final average, the reports) emits {@code {"type":"end","endMs":T}}, the wall-clock time (ms) of the end of the
 * job's work inside the job. With the first record's arrival ({@link Counting}) it bounds the streaming part of the
 * job, without the start-up before it and the shutdown after it.
 */
final class JobEnd extends AbstractStreamOperator<String> implements OneInputStreamOperator<String, String> {
  private static final long serialVersionUID = 1L;
  /** How its line starts. */
  static final String TYPE = "{\"type\":\"end\"";

  @Override
  public void processElement(StreamRecord<String> element) {
    output.collect(element);
  }

  @Override
  public void finish() throws Exception {
    output.collect(new StreamRecord<>(TYPE + ",\"endMs\":" + System.currentTimeMillis() + "}"));
    super.finish();
  }
}
