package org.altml.flink.serve;

import org.altml.flink.training.LearnerWarmup;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.model.CodecSerializer;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.model.OpenModel;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.output.Output;
import org.altml.flink.serve.ServeCounts.Count;
import org.altml.flink.source.PermanentFailure;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedMultiInput;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.Triggerable;
import org.apache.flink.streaming.api.operators.TwoInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;

/**
 * The one learner of {@code alt flink serve} (parallelism 1: the model lives in one place, and every prediction is made by
 * the model of all the labels received before it). Input 1, records keyed by id: each is predicted at once and the
 * prediction line emitted with the model version (the updates so far) that made it; the example and the scores it was
 * served with wait in keyed state for their labels. Input 2, feedback keyed by id: the waiting example is learned and its
 * served prediction scored (prequential metrics of what was served); labels that come first wait for their record.
 *
 * <p>Bounds: every entry leaves when the time to live passes (a processing-time timer per id): a waiting example is then
 * counted expired, waiting labels unknown, a learned example's marker (kept so that labels that come again are counted
 * duplicates) goes. When {@code maxPending} examples wait, the oldest is evicted for a new one (an in-memory order of the
 * waiting ids, rebuilt from the keyed state on restore). The learner, the metrics, the counters and the lag histogram are
 * operator state; the entries and their timers keyed state: a restored job goes on as the failed one would have.
 *
 * <p>Outputs: predictions (main), bad records and messages ({@link Output#BAD}), reports ({@link Output#REPORTS}: every
 * {@code reportEveryMs} and at the end of a bounded run), model versions ({@link #MODELS}, every {@code publishEvery}
 * updates and at the end).
 */
public final class ServeOperator extends AbstractStreamOperator<String>
    implements TwoInputStreamOperator<ServeRecord, LabelMessage, String>, Triggerable<String, VoidNamespace>, BoundedMultiInput {
  /** How long a throwaway learner warms the JIT up when the operator opens ({@link LearnerWarmup}). */
  static final long WARMUP_NANOS = 1_000_000_000L;
  private static final long serialVersionUID = 1L;
  /** The model versions to publish, named {@value #MODEL_NAME}. */
  public static final OutputTag<ModelMessage> MODELS = new OutputTag<>("serve-models", TypeInformation.of(ModelMessage.class)) {};
  /** The name the models are published under (the models topic's key). */
  public static final String MODEL_NAME = "serve";

  private final ServeSettings settings;
  private final OpenSpec open;
  private transient ListState<OpenModel> openState;
  private transient OpenServing openServing;
  private transient ValueState<IdEntry> entries;
  private transient InternalTimerService<VoidNamespace> timers;
  private transient ListState<OnlineMultiLabelLearner> learnerState;
  private transient ListState<EvaluationSuite> suiteState;
  private transient ListState<long[]> countState;
  private transient ListState<long[]> lagState;
  private transient OnlineMultiLabelLearner learner;
  private transient EvaluationSuite suite;
  private transient ServeCounts counts;
  private transient LagHistogram lag;
  /** The ids of the waiting examples, the oldest first. */
  private transient LinkedHashSet<String> order;
  private transient Scores scores;
  private transient Scores served;
  private transient StringBuilder sb;
  private transient int[] predicted;
  private transient int ended;

  /** The operator of {@code settings}. */
  public ServeOperator(ServeSettings settings) {
    this(settings, null);
  }

  /**
   * The operator of {@code settings} with an open model when {@code open} is not null (no L, docs/spec.md#open-streams):
   * its vocabulary is operator state beside the learner, records come as text ({@link ServeRecord#text}) and labels by
   * name ({@link LabelMessage#names}) ({@link OpenServing}).
   */
  public ServeOperator(ServeSettings settings, OpenSpec open) {
    this.settings = settings;
    this.open = open;
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    learnerState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("learner", CodecSerializer.Learners.INSTANCE));
    suiteState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("prequential", CodecSerializer.Suites.INSTANCE));
    countState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("counts",
        PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO));
    lagState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("label-lag", PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO));
    learner = first(learnerState);
    suite = first(suiteState);
    if (open != null) { // the learner with its vocabulary, one model file (a fixed-L learner's state cannot have L = 0)
      openState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("open-model",
          CodecSerializer.OpenModels.INSTANCE));
      OpenModel restored = first(openState);
      learner = restored == null ? null : restored.learner();
      openServing = new OpenServing(open, restored == null ? open.newVocabulary() : restored.vocabulary());
    }
    long[] c = first(countState);
    counts = c == null ? new ServeCounts() : new ServeCounts(c);
    lag = new LagHistogram(first(lagState));
    if (learner == null && open != null) {
      learner = settings.setup().createOpen(0);
      suite = new EvaluationSuite(0, settings.setup().zeroDivision());
    } else if (learner == null) {
      learner = settings.setup().create(0);
      suite = settings.setup().newSuite();
    }
    ValueStateDescriptor<IdEntry> descriptor = entries();
    entries = getPartitionedState(descriptor);
    order = new LinkedHashSet<>();
    if (context.isRestored()) { // the eviction order, from the waiting examples' sequence numbers
      List<Object[]> waiting = new ArrayList<>();
      getKeyedStateBackend().applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor, (key, state) -> {
        IdEntry e = state.value();
        if (e != null && e.kind == IdEntry.PENDING) {
          waiting.add(new Object[] {e.seq, key});
        }
      });
      waiting.sort(Comparator.comparingLong(w -> (Long) w[0]));
      for (Object[] w : waiting) {
        order.add((String) w[1]);
      }
    }
  }

  private static ValueStateDescriptor<IdEntry> entries() {
    return new ValueStateDescriptor<>("ids", TypeInformation.of(IdEntry.class));
  }

  private static <T> T first(ListState<T> state) throws Exception {
    Iterator<T> it = state.get().iterator();
    return it.hasNext() ? it.next() : null;
  }

  @Override
  public void open() throws Exception {
    super.open();
    timers = getInternalTimerService("serve-ttl", VoidNamespaceSerializer.INSTANCE, this);
    int l = settings.setup().numLabels();
    scores = new Scores(l);
    served = new Scores(l);
    sb = new StringBuilder(128);
    predicted = new int[l];
    if (open == null) { // the kernels compiled before the first record, not during the stream (an open learner has no label)
      LearnerWarmup.run(settings.setup(), WARMUP_NANOS);
    }
    if (settings.reportEveryMs() > 0) {
      scheduleReport();
    }
  }

  private void scheduleReport() {
    getProcessingTimeService().registerTimer(now() + settings.reportEveryMs(), t -> {
      report(false);
      scheduleReport();
    });
  }

  private long now() {
    return getProcessingTimeService().getCurrentProcessingTime();
  }

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    if (openServing != null) {
      openState.update(List.of(new OpenModel(learner, openServing.vocabulary())));
    } else {
      learnerState.update(List.of(learner));
    }
    suiteState.update(List.of(suite));
    countState.update(List.of(counts.array().clone()));
    lagState.update(List.of(lag.array()));
  }

  @Override
  public void processElement1(StreamRecord<ServeRecord> element) throws Exception {
    ServeRecord r = element.getValue();
    if (bad(r.reason, r.file, r.line, Count.BAD_RECORDS)) {
      return;
    }
    SparseVector x;
    if (openServing != null) {
      try {
        x = openServing.features(r);
      } catch (org.altml.sparse.io.DataFormatException e) {
        bad(org.altml.flink.source.Parsing.problemOf(e), r.file, r.line, Count.BAD_RECORDS);
        return;
      }
      r.indices = java.util.Arrays.copyOfRange(x.indices(), x.offset(), x.offset() + x.nnz());
      r.values = java.util.Arrays.copyOfRange(x.values(), x.offset(), x.offset() + x.nnz());
      if (scores.numLabels() != learner.numLabels()) { // the labels grew: the served scores cover the ones known now
        scores = new Scores(learner.numLabels());
      }
    }
    x = vector(r.indices, r.values);
    long version = learner.examplesSeen();
    try {
      learner.predict(x, scores);
    } catch (DivergenceException e) {
      throw PermanentFailure.diverged(r.file + ":" + r.line + " (id " + r.id + ")", e);
    }
    counts.inc(Count.SERVED);
    output.collect(new StreamRecord<>(openServing != null ? openServing.prediction(r.id, r.file, r.line, version, scores)
        : ServeLines.prediction(sb, r.id, r.file, r.line, version, scores, predicted)));
    IdEntry e = entries.value();
    long now = now();
    if (e == null) {
      if (counts.get(Count.PENDING) >= settings.maxPending()) {
        evictOldest(r.id);
      }
      float[] s = java.util.Arrays.copyOf(scores.array(), scores.numLabels() + 1);
      entries.update(IdEntry.pending(now, counts.get(Count.SERVED), r.indices, r.values, s));
      timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, now + settings.labelTtlMs());
      order.add(r.id);
      counts.inc(Count.PENDING);
    } else if (e.kind == IdEntry.EARLY) {
      learn(r.id, x, e.labels, scores, 0);
      counts.inc(Count.EARLY_FEEDBACK);
      counts.add(Count.WAITING_FEEDBACK, -1);
      entries.update(e.learned());
    } else {
      counts.inc(Count.DUPLICATE_RECORDS);
    }
  }

  /** A view of a parsed record's features (the parser checked them). */
  private static SparseVector vector(int[] indices, float[] values) {
    SparseVector x = new SparseVector();
    x.reset(indices, values, 0, indices.length);
    return x;
  }

  /** Whether the input at {@code file}:{@code line} is bad ({@code reason} not null): then counted and dead-lettered. */
  private boolean bad(String reason, String file, long line, Count count) {
    if (reason == null) {
      return false;
    }
    counts.inc(count);
    output.collect(Output.BAD, new StreamRecord<>(Output.bad(file, line, reason)));
    return true;
  }

  /** Drops the oldest waiting example (then back to {@code current}'s key). */
  private void evictOldest(String current) throws IOException {
    Iterator<String> it = order.iterator();
    String oldest = it.next();
    it.remove();
    setCurrentKey(oldest);
    IdEntry e = entries.value();
    timers.deleteProcessingTimeTimer(VoidNamespace.INSTANCE, e.at + settings.labelTtlMs());
    entries.clear();
    setCurrentKey(current);
    counts.inc(Count.EVICTED);
    counts.add(Count.PENDING, -1);
  }

  @Override
  public void processElement2(StreamRecord<LabelMessage> element) throws Exception {
    LabelMessage m = element.getValue();
    if (bad(m.reason, m.file, m.line, Count.BAD_FEEDBACK)) {
      return;
    }
    IdEntry e = entries.value();
    if (openServing != null && m.labels == null && (e == null || e.kind == IdEntry.PENDING)) {
      try { // labels seen for the first time grow the learner now (not a duplicate's): the records served from here on score them
        m.labels = openServing.labels(m, learner, suite);
      } catch (org.altml.sparse.io.DataFormatException x) {
        bad(org.altml.flink.source.Parsing.problemOf(x), m.file, m.line, Count.BAD_FEEDBACK);
        return;
      }
    }
    long now = now();
    if (e == null) {
      entries.update(IdEntry.early(now, m.labels));
      timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, now + settings.labelTtlMs());
      counts.inc(Count.WAITING_FEEDBACK);
    } else if (e.kind == IdEntry.PENDING) {
      Scores s = served;
      if (openServing != null) {
        s = OpenServing.served(e.scores, learner.numLabels());
      } else {
        System.arraycopy(e.scores, 0, served.array(), 0, e.scores.length);
      }
      learn(m.id, vector(e.indices, e.values), m.labels, s, now - e.at);
      order.remove(m.id);
      counts.add(Count.PENDING, -1);
      entries.update(e.learned());
    } else {
      counts.inc(Count.DUPLICATE_FEEDBACK);
    }
  }

  /** Scores the served prediction against {@code labels}, learns from the example, publishes when it is time. */
  private void learn(String id, SparseVector x, int[] labels, Scores servedScores, long lagMs) throws IOException {
    LabelSet y = LabelSet.of(labels);
    suite.accept(y, servedScores);
    try {
      learner.update(x, y);
    } catch (DivergenceException e) {
      throw PermanentFailure.diverged("the example of id " + id + " (its labels came)", e);
    }
    lag.add(lagMs);
    counts.inc(Count.LEARNED);
    long every = settings.publishEvery();
    if (every > 0 && learner.examplesSeen() % every == 0) {
      publish();
    }
  }

  private void publish() {
    byte[] model = openServing != null ? new OpenModel(learner, openServing.vocabulary()).toBytes() : Models.toBytes(learner);
    ModelMessage m = ModelMessage.fromFile(learner.examplesSeen(), model, MODEL_NAME);
    output.collect(MODELS, new StreamRecord<>(m));
    counts.inc(Count.PUBLISHED);
  }

  @Override
  public void onProcessingTime(InternalTimer<String, VoidNamespace> timer) throws Exception {
    IdEntry e = entries.value();
    if (e == null || e.at + settings.labelTtlMs() != timer.getTimestamp()) {
      return;
    }
    if (e.kind == IdEntry.PENDING) {
      counts.inc(Count.EXPIRED);
      counts.add(Count.PENDING, -1);
      order.remove(timer.getKey());
    } else if (e.kind == IdEntry.EARLY) {
      counts.inc(Count.UNKNOWN_FEEDBACK);
      counts.add(Count.WAITING_FEEDBACK, -1);
    }
    entries.clear();
  }

  @Override
  public void onEventTime(InternalTimer<String, VoidNamespace> timer) {}

  @Override
  public void endInput(int inputId) {
    if (++ended < 2) {
      return;
    }
    if (learner.examplesSeen() > 0 && (settings.publishEvery() == 0 || learner.examplesSeen() % settings.publishEvery() != 0)) {
      publish(); // the final model, unless the last version published is it
    }
    report(true);
  }

  /** The report of the counts and metrics now (tests). */
  String report() {
    return ServeLines.report(learner.examplesSeen(), suite, counts, lag, false);
  }

  private void report(boolean end) {
    output.collect(Output.REPORTS, new StreamRecord<>(ServeLines.report(learner.examplesSeen(), suite, counts, lag, end)));
  }

  /** The bytes an entry takes serialized (a checkpoint's share of one waiting example, or RocksDB's), without its id. */
  public static int serializedBytes(IdEntry e) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(256);
    TypeInformation.of(IdEntry.class).createSerializer(new SerializerConfigImpl()).serialize(e, out);
    return out.length();
  }
}
