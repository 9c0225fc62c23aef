package org.altml.flink.training;

import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.model.CodecSerializer;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.Parsing;
import org.altml.flink.source.PermanentFailure;
import org.altml.flink.source.TextLine;
import org.altml.sparse.io.files.RecordParser;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * One model per key: every key trains its own learner prequentially (predict, score, then learn) on its
 * records, in their order. The learner and the key's prequential metrics are Flink keyed state, written
 * through the learner kind's codec ({@link CodecSerializer}), so checkpoints, restores and rescaling (keys
 * move with their key groups) carry them. At the end of the input (the final watermark fires a timer at
 * {@code Long.MAX_VALUE}) each key reports its metrics and, when asked, its model.
 *
 * <p>Outputs: a prediction line per example (the labels predicted before learning), bad records to
 * {@link Output#BAD}, the per-key reports to {@link Output#REPORTS}; when it publishes, each key's model to {@link #MODELS}
 * (named {@code key-<key>}, its version the key's examples seen) every N records of the key and at the end of the input,
 * so that a job that runs until cancelled (a Kafka input) makes its models as it goes.
 */
public final class KeyedPrequential extends KeyedProcessFunction<String, TextLine, String> {
  private static final long serialVersionUID = 1L;
  /** The side output of the models published as they come ({@code publishEvery}). */
  public static final OutputTag<ModelMessage> MODELS = new OutputTag<>("key-models", TypeInformation.of(ModelMessage.class));
  private final long publishEvery;
  private final DataSpec data;
  private final LearnerSetup setup;
  private final boolean withModels;
  private final boolean withScores;
  private transient ValueState<OnlineMultiLabelLearner> learner;
  private transient ValueState<EvaluationSuite> metrics;
  private transient Parsing parsing;
  private transient Scores scores;

  /**
   * @param withModels whether reports carry the model (base64 of the model file's bytes)
   * @param withScores whether predictions carry the scores
   */
  public KeyedPrequential(DataSpec data, LearnerSetup setup, boolean withModels, boolean withScores) {
    this(data, setup, withModels, withScores, -1);
  }

  /**
   * As {@link #KeyedPrequential(DataSpec, LearnerSetup, boolean, boolean)}, publishing each key's model to {@link #MODELS}
   * every {@code publishEvery} records of the key (0: only at the end of the input; -1: never).
   */
  public KeyedPrequential(DataSpec data, LearnerSetup setup, boolean withModels, boolean withScores, long publishEvery) {
    this.publishEvery = publishEvery;
    this.data = data;
    this.setup = setup;
    this.withModels = withModels;
    this.withScores = withScores;
  }

  @Override
  public void open(OpenContext context) {
    learner = getRuntimeContext().getState(new ValueStateDescriptor<>("learner", CodecSerializer.Learners.INSTANCE));
    metrics = getRuntimeContext().getState(new ValueStateDescriptor<>("prequential", CodecSerializer.Suites.INSTANCE));
    parsing = new Parsing(data, setup.numLabels());
    scores = new Scores(setup.numLabels());
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<String> out) throws Exception {
    RecordParser p = parsing.parse(line);
    if (p == null) {
      if (parsing.reason() != null) {
        ctx.output(Output.BAD, Output.bad(line.file, line.line, parsing.reason()));
      }
      return;
    }
    String key = ctx.getCurrentKey();
    OnlineMultiLabelLearner l = learner.value();
    EvaluationSuite suite = metrics.value();
    if (l == null) {
      l = setup.create(key.hashCode());
      suite = setup.newSuite();
      ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
    }
    try {
      l.predictThenUpdate(p.features(), p.labels(), scores);
    } catch (DivergenceException e) {
      throw PermanentFailure.diverged(line, e);
    }
    suite.accept(p.labels(), scores);
    learner.update(l);
    metrics.update(suite);
    out.collect(Output.prediction(line.file, line.line, key, l.examplesSeen() - 1, scores, withScores));
    if (publishEvery > 0 && l.examplesSeen() % publishEvery == 0) {
      ctx.output(MODELS, model(key, l));
    }
  }

  /** The key's model as the models topic names it: {@code key-<key>}, version the examples it has seen. */
  private static ModelMessage model(String key, OnlineMultiLabelLearner l) {
    return ModelMessage.fromFile(l.examplesSeen(), Models.toBytes(l), "key-" + key);
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
    OnlineMultiLabelLearner l = learner.value();
    if (l != null) {
      ctx.output(Output.REPORTS, Output.report("key", ctx.getCurrentKey(), -1, l.examplesSeen(), metrics.value(),
          withModels ? Models.toBytes(l) : null));
      if (publishEvery >= 0) {
        ctx.output(MODELS, model(ctx.getCurrentKey(), l));
      }
    }
  }
}
