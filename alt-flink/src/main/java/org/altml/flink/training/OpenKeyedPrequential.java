package org.altml.flink.training;

import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.model.CodecSerializer;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.OpenModel;
import org.altml.flink.output.NamedPredictions;
import org.altml.flink.output.Output;
import org.altml.flink.source.OpenParsing;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.source.PermanentFailure;
import org.altml.flink.source.TextLine;
import org.altml.sparse.LabelSet;
import org.altml.sparse.open.OpenRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * One open model per key (no {@code --num-labels}, docs/spec.md#open-streams): as {@link KeyedPrequential}, but each key's
 * labels and features grow as its records bring them. A record is parsed through the key's vocabulary (growing it), and
 * learned in an open round ({@link OpenRounds}: predicted with the labels known before it, the labels it brings scored
 * −∞, then the learner grown to them and updated); the key's prequential metrics grow their labels with it. The learner
 * and its vocabulary are one keyed state value ({@link OpenModel}, a model file of format 4), so checkpoints, restores
 * and the models written or published carry the vocabulary. Predictions name their labels ({@link NamedPredictions}).
 */
public final class OpenKeyedPrequential extends KeyedProcessFunction<String, TextLine, String> {
  private static final long serialVersionUID = 1L;
  private final OpenSpec spec;
  private final LearnerSetup setup;
  private final boolean withModels;
  private final boolean withScores;
  private final long publishEvery;
  private transient ValueState<OpenModel> model;
  private transient ValueState<EvaluationSuite> metrics;
  private transient OpenParsing parsing;
  private transient NamedPredictions lines;
  private transient Scores served;

  /**
   * @param withModels whether reports carry the model (base64 of the model file's bytes)
   * @param withScores whether predictions carry the scores
   * @param publishEvery publish each key's model to {@link KeyedPrequential#MODELS} every N records of the key (0: at the
   *     end of the input; -1: never)
   */
  public OpenKeyedPrequential(OpenSpec spec, LearnerSetup setup, boolean withModels, boolean withScores, long publishEvery) {
    this.spec = spec;
    this.setup = setup;
    this.withModels = withModels;
    this.withScores = withScores;
    this.publishEvery = publishEvery;
  }

  @Override
  public void open(OpenContext context) {
    model = getRuntimeContext().getState(new ValueStateDescriptor<>("open-model", CodecSerializer.OpenModels.INSTANCE));
    metrics = getRuntimeContext().getState(new ValueStateDescriptor<>("prequential", CodecSerializer.Suites.INSTANCE));
    parsing = new OpenParsing(spec);
    lines = new NamedPredictions();
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<String> out) throws Exception {
    String key = ctx.getCurrentKey();
    OpenModel m = model.value();
    EvaluationSuite suite = metrics.value();
    boolean fresh = m == null;
    if (fresh) {
      m = new OpenModel(setup.createOpen(key.hashCode()), spec.newVocabulary());
      suite = new EvaluationSuite(0, setup.zeroDivision());
    }
    OpenRounds rounds = new OpenRounds(m.learner(), m.vocabulary().labels().size());
    int before = rounds.known();
    OpenRecord r = parsing.parse(line, m.vocabulary(), true, true);
    if (r == null) {
      if (parsing.reason() != null) {
        ctx.output(Output.BAD, Output.bad(line.file, line.line, parsing.reason()));
      }
      return; // a key whose records are all bad has no model
    }
    if (fresh) {
      ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
    }
    LabelSet y = r.labels();
    int known = Math.max(before, y.maxLabel() + 1);
    if (served == null || served.numLabels() != known) {
      served = new Scores(known);
    }
    if (known > suite.numLabels()) {
      suite.growLabels(known);
    }
    try {
      rounds.predictThenLearn(OnlineMultiLabelLearner.NO_ID, r.features(), y, served, "line " + line.line + " of " + line.file);
    } catch (DivergenceException e) {
      throw PermanentFailure.diverged(line, e);
    }
    suite.accept(y, served);
    model.update(m);
    metrics.update(suite);
    OnlineMultiLabelLearner l = m.learner();
    out.collect(lines.line(line.file, line.line, key, l.examplesSeen() - 1, served, before, withScores, m.vocabulary().labels()));
    if (publishEvery > 0 && l.examplesSeen() % publishEvery == 0) {
      ctx.output(KeyedPrequential.MODELS, message(key, m));
    }
  }

  /** The key's model as the models topic names it: {@code key-<key>}, version the examples it has seen. */
  private static ModelMessage message(String key, OpenModel m) {
    return ModelMessage.fromFile(m.learner().examplesSeen(), m.toBytes(), "key-" + key);
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
    OpenModel m = model.value();
    if (m != null) {
      ctx.output(Output.REPORTS, Output.report("key", ctx.getCurrentKey(), -1, m.learner().examplesSeen(), metrics.value(),
          withModels ? m.toBytes() : null));
      if (publishEvery >= 0) {
        ctx.output(KeyedPrequential.MODELS, message(ctx.getCurrentKey(), m));
      }
    }
  }
}
