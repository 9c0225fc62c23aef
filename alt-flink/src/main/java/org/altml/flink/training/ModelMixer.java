package org.altml.flink.training;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * The mixer of data-parallel training (parallelism 1): collects the p workers' models of a round and emits
 * their average ({@link org.altml.core.learner.ModelAveraging}, workers in index order, so the average does
 * not depend on arrival order) as model version r, for the predictors. The final round also merges the
 * workers' prequential metrics and reports the final averaged model. Models of rounds still incomplete are
 * operator state. A round left incomplete at the end of the input (a worker's share ended before its
 * boundary) is dropped: the final round covers it.
 *
 * <p>Flink 2.x has no iterations, so the average cannot flow back into the workers inside one job: the
 * workers never see it (one-shot averaging per round, for the predictors and at the end).
 */
public final class ModelMixer extends AbstractStreamOperator<ModelMessage> implements OneInputStreamOperator<ModelMessage, ModelMessage> {
  private static final long serialVersionUID = 1L;
  private final LearnerSetup setup;
  private final boolean withModels;
  private transient List<ModelMessage> pending;
  private transient ListState<ModelMessage> state;

  /** A mixer of {@code setup}'s models; {@code withModels}: the final report carries the averaged model. */
  public ModelMixer(LearnerSetup setup, boolean withModels) {
    this.setup = setup;
    this.withModels = withModels;
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("pending-models", TypeInformation.of(ModelMessage.class)));
    pending = new ArrayList<>();
    for (ModelMessage m : state.get()) {
      pending.add(m);
    }
  }

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    state.update(pending);
  }

  @Override
  public void processElement(StreamRecord<ModelMessage> element) throws Exception {
    ModelMessage in = element.getValue();
    pending.add(in);
    List<ModelMessage> round = new ArrayList<>();
    for (ModelMessage m : pending) {
      if (m.round == in.round && m.workers == in.workers) {
        round.add(m);
      }
    }
    if (round.size() < in.workers) {
      return;
    }
    pending.removeAll(round);
    round.sort((a, b) -> Integer.compare(a.worker, b.worker));
    List<OnlineMultiLabelLearner> models = new ArrayList<>();
    for (ModelMessage m : round) {
      models.add(Models.learner(m.model, "model of worker " + m.worker + " in round " + m.round));
    }
    OnlineMultiLabelLearner mean = models.size() == 1 ? models.get(0) : setup.averaging().average(models);
    byte[] bytes = models.size() == 1 ? round.get(0).model : Models.toBytes(mean); // one model: already its bytes
    EvaluationSuite suite = null;
    if (in.round == ModelMessage.FINAL) {
      suite = setup.newSuite();
      for (ModelMessage m : round) {
        suite.merge(Models.suite(m.metrics));
      }
      for (Iterator<ModelMessage> it = pending.iterator(); it.hasNext();) {
        it.next();
        it.remove(); // rounds never completed: the final average covers them
      }
    }
    output.collect(new StreamRecord<>(new ModelMessage(in.round, -1, in.workers, bytes, suite == null ? null : Models.toBytes(suite))));
    boolean last = in.round == ModelMessage.FINAL;
    output.collect(Output.REPORTS, new StreamRecord<>(Output.report("mixed", null, in.round, mean.examplesSeen(), suite,
        last && withModels ? bytes : null)));
  }
}
