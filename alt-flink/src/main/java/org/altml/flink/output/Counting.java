package org.altml.flink.output;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Counts the records of a stream per subtask, forwards them when asked (a stream of lines), and emits at the end of its input one
 * {@code {"type":"count",...}} line with the count and the wall-clock times (ms) of its first and last line:
 * the throughput the runner reports, without the job's start-up.
 */
public final class Counting<T> extends AbstractStreamOperator<String> implements OneInputStreamOperator<T, String> {
  private static final long serialVersionUID = 1L;
  private final boolean forward;
  private transient long count;
  private transient long first;
  private transient long last;

  /** Counts the records, forwarding them when {@code forward} (a stream of lines). */
  public Counting(boolean forward) {
    this.forward = forward;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void processElement(StreamRecord<T> element) {
    long now = System.currentTimeMillis();
    if (count++ == 0) {
      first = now;
    }
    last = now;
    if (forward) {
      output.collect((StreamRecord<String>) element);
    }
  }

  @Override
  public void finish() throws Exception {
    output.collect(new StreamRecord<>("{\"type\":\"count\",\"n\":" + count + ",\"firstMs\":" + first + ",\"lastMs\":" + last + "}"));
    super.finish();
  }
}
