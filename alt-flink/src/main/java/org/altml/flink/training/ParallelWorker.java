package org.altml.flink.training;

import java.util.ArrayList;
import java.util.List;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.Parsing;
import org.altml.flink.source.PermanentFailure;
import org.altml.flink.source.TextLine;
import org.altml.sparse.io.files.RecordParser;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * One of p data-parallel workers: learns online (prequentially: predict, score, learn) from its share of the
 * stream, and sends its model to the mixer every {@code mixEvery} records of the stream and at the end of
 * its input. The stream's clock is the line number after the ARFF header (if any), so rounds do not depend on
 * timing: the worker sends round r (its model after every record of its share with clock ≤ r·N) when it first
 * sees a record beyond r·N,
 * and round {@link ModelMessage#FINAL} with its prequential metrics at the end of the input.
 *
 * <p>The model is operator state, snapshotted through the learner kind's codec (union list state of
 * {@link ModelMessage}s). A restore at the same parallelism gives every worker back its own model exactly; a
 * restore at another parallelism (rescaling from a savepoint) gives every new worker the average of all the
 * saved models ({@link org.altml.core.learner.ModelAveraging}), and worker 0 the merged metrics.
 */
public final class ParallelWorker extends AbstractStreamOperator<ModelMessage> implements OneInputStreamOperator<TextLine, ModelMessage> {
  private static final long serialVersionUID = 1L;
  private final DataSpec data;
  private final LearnerSetup setup;
  private final long mixEvery;
  private transient Parsing parsing;
  private transient Scores scores;
  private transient OnlineMultiLabelLearner learner;
  private transient EvaluationSuite suite;
  private transient long nextRound;
  private transient ListState<ModelMessage> state;
  private transient int worker;
  private transient int workers;

  /** Workers learning {@code setup} from records of {@code data}, mixed every {@code mixEvery} lines (0: only at the end). */
  public ParallelWorker(DataSpec data, LearnerSetup setup, long mixEvery) {
    this.data = data;
    this.setup = setup;
    this.mixEvery = mixEvery;
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    worker = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    workers = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
    parsing = new Parsing(data, setup.numLabels());
    scores = new Scores(setup.numLabels());
    state = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>("worker-models", TypeInformation.of(ModelMessage.class)));
    List<ModelMessage> saved = new ArrayList<>();
    if (context.isRestored()) {
      for (ModelMessage m : state.get()) {
        saved.add(m);
      }
    }
    saved.sort((a, b) -> Integer.compare(a.worker, b.worker));
    nextRound = 1;
    if (saved.isEmpty()) {
      learner = setup.create(worker);
      suite = setup.newSuite();
    } else if (saved.size() == workers && saved.get(worker).worker == worker && saved.get(0).workers == workers) {
      ModelMessage own = saved.get(worker);
      learner = Models.learner(own.model, "checkpoint of worker " + worker);
      suite = Models.suite(own.metrics);
      nextRound = own.round;
    } else {
      List<OnlineMultiLabelLearner> models = new ArrayList<>();
      suite = setup.newSuite();
      for (ModelMessage m : saved) {
        models.add(Models.learner(m.model, "savepoint of worker " + m.worker));
        if (worker == 0) {
          suite.merge(Models.suite(m.metrics));
        }
        nextRound = Math.max(nextRound, m.round);
      }
      learner = setup.averaging().average(models);
    }
  }

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    state.update(List.of(new ModelMessage(nextRound, worker, workers, Models.toBytes(learner), Models.toBytes(suite))));
  }

  @Override
  public void processElement(StreamRecord<TextLine> element) throws Exception {
    TextLine line = element.getValue();
    // the stream's number of the record when the job numbered it (Kafka), else its line; an ARFF header's lines do not count
    long clock = line.seq > 0 ? line.seq : line.line - parsing.parser(line.file).headerLines();
    while (mixEvery > 0 && clock > nextRound * mixEvery) {
      output.collect(new StreamRecord<>(new ModelMessage(nextRound, worker, workers, Models.toBytes(learner), null)));
      nextRound++;
    }
    RecordParser p = parsing.parse(line);
    if (p == null) {
      if (parsing.reason() != null) {
        output.collect(Output.BAD, new StreamRecord<>(Output.bad(line.file, line.line, parsing.reason())));
      }
      return;
    }
    try {
      learner.predictThenUpdate(p.features(), p.labels(), scores);
    } catch (DivergenceException e) {
      throw PermanentFailure.diverged(line, e);
    }
    suite.accept(p.labels(), scores);
  }

  @Override
  public void finish() throws Exception {
    output.collect(new StreamRecord<>(new ModelMessage(ModelMessage.FINAL, worker, workers, Models.toBytes(learner), Models.toBytes(suite))));
    super.finish();
  }
}
