package org.altml.flink.kafka;

import java.util.List;
import java.util.function.UnaryOperator;
import org.altml.flink.source.RecordInput;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A Kafka topic as a job's input ({@code --data kafka://HOST:PORT/TOPIC}): its records as lines ({@link KafkaIo#lines}), and
 * shared out among data-parallel workers by number: one source subtask reads the topic, the records are numbered in the
 * order it reads them (offset order within a partition), and record i goes to worker i mod p (as line i of a file does). With one partition a run is
 * deterministic, whatever the timing and however often it restarts from a checkpoint (the offsets and the numbering are
 * checkpointed together).
 *
 * @param topic the topic
 * @param start where reading starts when the job does not resume from a checkpoint
 * @param bounded whether the job stops at the end the topic has when it starts
 * @param group the consumer group (per job, so that two jobs do not share committed offsets)
 */
public record KafkaInput(KafkaAddress topic, KafkaIo.Start start, boolean bounded, String group) implements RecordInput {
  @Override
  public List<String> names() {
    return List.of(topic.toString());
  }

  @Override
  public DataStream<TextLine> lines(StreamExecutionEnvironment env, int parallelism, String uid) {
    return KafkaIo.lines(env, topic, start, bounded, group, parallelism, uid);
  }

  @Override
  public DataStream<TextLine> shares(StreamExecutionEnvironment env, int p, UnaryOperator<DataStream<TextLine>> tap) {
    DataStream<TextLine> lines = lines(env, 1, "shares");
    if (tap != null) {
      lines = tap.apply(lines);
    }
    DataStream<TextLine> numbered = lines.transform("number the records", TypeInformation.of(TextLine.class), new Numbering())
        .setParallelism(1).uid("numbering");
    return p == 1 ? numbered : numbered.partitionCustom(new ByNumber(), t -> t.seq);
  }

  /** Numbers the records 1, 2, ... in the order they come ({@link TextLine#seq}); the count is checkpointed. */
  static final class Numbering extends AbstractStreamOperator<TextLine> implements OneInputStreamOperator<TextLine, TextLine> {
    private static final long serialVersionUID = 1L;
    private transient ListState<Long> state;
    private transient long count;

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
      super.initializeState(context);
      state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("records-numbered", Types.LONG));
      count = 0;
      for (Long c : state.get()) {
        count += c;
      }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
      super.snapshotState(context);
      state.update(List.of(count));
    }

    @Override
    public void processElement(StreamRecord<TextLine> element) {
      element.getValue().seq = ++count;
      output.collect(element);
    }
  }

  /** Record number i to consumer i mod p, as a file's line number i goes to share i mod p ({@link org.altml.flink.source.ShareSource}). */
  static final class ByNumber implements Partitioner<Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public int partition(Long number, int p) {
      return (int) Math.floorMod(number, (long) p);
    }
  }
}
