package org.altml.flink.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.model.DataFit;
import org.altml.core.model.SavedModel;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.output.TestMetrics;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithNonKeyedOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.Collector;

/**
 * Scores records with a model broadcast to every parallel predictor (Flink broadcast state), hot-swapped
 * without stopping the stream: a newer model version (a larger {@link ModelMessage#round}) replaces the
 * current one between two records; an older or equal version is ignored. Each prediction names the model
 * version that made it. Records that arrive before the first model wait in operator state (checkpointed)
 * and are scored when it comes.
 *
 * <p>The model's bytes are the broadcast state (so a restore or a rescale brings every predictor the current
 * model); each predictor decodes them once per version into a frozen learner and predicts through its
 * {@link Predictor}, scaling every record as the model was trained (a model file's fitted {@code --scale}).
 * Records of data a model does not fit (many more features than it was trained on, an ARFF file whose labels
 * it names otherwise) are bad records ({@link DataFit}); a model trained without some ARFF attributes fails the
 * job (the data's reading is fixed when the job starts).
 *
 * <p>With metrics ({@link #withMetrics}, {@code run --test}), each predictor also adds every record it scores, with
 * its true labels, to an {@link EvaluationSuite} (checkpointed with the waiting records, so a restore counts every
 * record once), and reports it at the end of its input ({@link EndOfInput}: a {@link TestMetrics#TYPE} line on {@link
 * Output#REPORTS}); the suites' sums are exact, so the merged report does not depend on p or on which predictor
 * scored which record.
 */
public final class BroadcastScorer extends BroadcastProcessFunction<TextLine, ModelMessage, String> implements CheckpointedFunction {
  private static final long serialVersionUID = 1L;
  /** The broadcast state: the current model under the key "model". */
  public static final MapStateDescriptor<String, ModelMessage> MODEL =
      new MapStateDescriptor<>("model", BasicTypeInfo.STRING_TYPE_INFO, TypeInformation.of(ModelMessage.class));
  private static final String KEY = "model";

  private final ZeroDivisionPolicy metricsPolicy; // null: no metrics
  private transient EvaluationSuite metrics;
  private transient ListState<byte[]> metricsState;

  private final DataSpec data;
  private final int numLabels;
  private final boolean withScores;
  private final ShapeFit.Allowed allowed;
  private transient LineScorer scorer;
  private transient long version = Long.MIN_VALUE;
  private transient Predictor predictor;
  private transient FeatureScaler scaler;
  private transient List<TextLine> waiting;
  private transient ListState<TextLine> waitingState;

  /** Scores records of {@code data} with models of L = {@code numLabels}. */
  public BroadcastScorer(DataSpec data, int numLabels, boolean withScores) {
    this(data, numLabels, withScores, ShapeFit.Allowed.NOTHING);
  }

  /** {@link #BroadcastScorer(DataSpec, int, boolean)} accepting the misfits {@code allowed} accepts. */
  public BroadcastScorer(DataSpec data, int numLabels, boolean withScores, ShapeFit.Allowed allowed) {
    this(data, numLabels, withScores, allowed, null);
  }

  private BroadcastScorer(DataSpec data, int numLabels, boolean withScores, ShapeFit.Allowed allowed,
      ZeroDivisionPolicy metricsPolicy) {
    this.allowed = allowed;
    this.data = data;
    this.numLabels = numLabels;
    this.withScores = withScores;
    this.metricsPolicy = metricsPolicy;
  }

  /**
   * Scores labelled records of {@code data} as {@link #BroadcastScorer(DataSpec, int, boolean)} does and also computes
   * their metrics under {@code policy}, reported at the end of the input: the operator ({@link EndOfInput}) to run it in.
   */
  public static EndOfInput withMetrics(DataSpec data, int numLabels, ZeroDivisionPolicy policy, boolean withScores) {
    return new EndOfInput(new BroadcastScorer(data, numLabels, withScores, ShapeFit.Allowed.NOTHING,
        Objects.requireNonNull(policy)));
  }

  @Override
  public void open(OpenContext context) {
    scorer = new LineScorer(data, numLabels, withScores);
    version = Long.MIN_VALUE;
    if (metrics != null) {
      scorer.addMetricsTo(metrics);
    }
  }

  /** The report line of this predictor's metrics so far (null without metrics). */
  String metricsReport() {
    return metrics == null ? null : TestMetrics.line(metrics);
  }

  @Override
  public void processElement(TextLine line, ReadOnlyContext ctx, Collector<String> out) throws Exception {
    ModelMessage current = ctx.getBroadcastState(MODEL).get(KEY);
    if (current == null) {
      waiting.add(line);
      return;
    }
    use(current);
    score(line, ctx, out);
  }

  private void use(ModelMessage m) {
    if (m.round != version) {
      // a watched folder's model by its file and version, which the predictions name
      String named = "version " + m.round + (m.source != null ? " (" + m.source + ")" : "");
      String name = "model " + named;
      SavedModel saved = Models.saved(m.model, name);
      OnlineMultiLabelLearner l = saved.learner();
      if (saved.isOpen()) { // its label ids are the order its stream brought them, not the data's: never printed as such
        throw new IllegalArgumentException(name + " is an open model, whose vocabulary names its labels and features: --watch"
            + " scores with models of fixed L (--num-labels); score it with predict --model FILE");
      }
      if (l.numLabels() != numLabels) {
        throw new IllegalArgumentException(name + " has " + l.numLabels() + " labels, the data " + numLabels);
      }
      if (!DataFit.ignoredAttributes(saved).equals(data.ignoreAttributes())) {
        throw new IllegalArgumentException(name + " was trained without the ARFF attributes " + DataFit.ignoredAttributes(saved)
            + ", which this job reads: score it with --model, which reads the data as the model was trained");
      }
      scorer.checkRecordsAgainst(saved, named, allowed); // messages say "the model version N (file)"
      predictor = l.predictor();
      scaler = FrozenScorer.scalerOf(saved);
      version = m.round;
    }
  }

  private void score(TextLine line, Context ctx, Collector<String> out) throws Exception {
    String prediction = scorer.score(line, predictor, scaler, version);
    if (prediction != null) {
      out.collect(prediction);
    } else if (scorer.bad() != null) {
      ctx.output(Output.BAD, scorer.bad());
    }
  }

  private void score(TextLine line, ReadOnlyContext ctx, Collector<String> out) throws Exception {
    String prediction = scorer.score(line, predictor, scaler, version);
    if (prediction != null) {
      out.collect(prediction);
    } else if (scorer.bad() != null) {
      ctx.output(Output.BAD, scorer.bad());
    }
  }

  @Override
  public void processBroadcastElement(ModelMessage m, Context ctx, Collector<String> out) throws Exception {
    ModelMessage current = ctx.getBroadcastState(MODEL).get(KEY);
    if (current != null && current.round >= m.round) {
      return;
    }
    ctx.getBroadcastState(MODEL).put(KEY, m);
    use(m);
    if (!waiting.isEmpty()) {
      for (TextLine line : waiting) {
        score(line, ctx, out);
      }
      waiting.clear();
    }
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) throws Exception {
    waitingState.update(waiting);
    if (metrics != null) {
      metricsState.update(List.of(Models.toBytes(metrics)));
    }
  }

  @Override
  public void initializeState(FunctionInitializationContext context) throws Exception {
    waitingState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("waiting", TypeInformation.of(TextLine.class)));
    waiting = new ArrayList<>();
    for (TextLine line : waitingState.get()) {
      waiting.add(line);
    }
    if (metricsPolicy != null) {
      // list state: after a rescale each saved suite comes back to one predictor, which adds it to its own
      metricsState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("test-metrics",
          PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
      metrics = new EvaluationSuite(numLabels, metricsPolicy);
      for (byte[] saved : metricsState.get()) {
        metrics.merge(Models.suite(saved));
      }
    }
  }

  /**
   * The broadcast operator of a scorer with metrics, which reports them when both inputs have ended (every record
   * and every model has arrived, so every waiting record has been scored). Flink's own operator has no end-of-input
   * hook for the function.
   */
  public static final class EndOfInput extends CoBroadcastWithNonKeyedOperator<TextLine, ModelMessage, String> {
    private static final long serialVersionUID = 1L;

    EndOfInput(BroadcastScorer scorer) {
      super(scorer, List.of(MODEL));
    }

    @Override
    public void finish() throws Exception {
      String report = ((BroadcastScorer) userFunction).metricsReport();
      if (report != null) {
        output.collect(Output.REPORTS, new StreamRecord<>(report));
      }
      super.finish();
    }
  }
}
