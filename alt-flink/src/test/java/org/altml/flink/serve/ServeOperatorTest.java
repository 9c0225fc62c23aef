package org.altml.flink.serve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.source.TextLine;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

/**
 * The serving operator on its own, processing time in the test's hands: delayed and early labels, the time to live,
 * eviction, duplicates, unknown ids, bad input, a restore from a snapshot; the memory of a waiting example.
 */
class ServeOperatorTest {
  static final int L = 5;
  static final LearnerSetup SETUP = LearnerSetup.of(LearnerRegistry.get("falt").defaults(), L, 0, 1);

  static KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> harness(long ttlMs, long maxPending,
      long publishEvery) throws Exception {
    KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> h = new KeyedTwoInputStreamOperatorTestHarness<>(
        new ServeOperator(new ServeSettings(SETUP, ttlMs, maxPending, publishEvery, 0)), r -> r.id, m -> m.id, Types.STRING);
    return h;
  }

  /** Seeded examples: features and labels of a planted model (L = 5, d = 20). */
  static final class Data {
    final List<SparseVector> x = new ArrayList<>();
    final List<int[]> y = new ArrayList<>();

    Data(int n, long seed) {
      Random r = new Random(seed);
      for (int i = 0; i < n; i++) {
        List<Integer> idx = new ArrayList<>();
        List<Float> val = new ArrayList<>();
        for (int f = 0; f < 20; f++) {
          if (r.nextInt(3) == 0) {
            idx.add(f);
            val.add(1 + r.nextInt(4) / 2f);
          }
        }
        int[] ix = idx.stream().mapToInt(Integer::intValue).toArray();
        float[] vx = new float[val.size()];
        for (int k = 0; k < vx.length; k++) {
          vx[k] = val.get(k);
        }
        x.add(SparseVector.of(ix, vx));
        List<Integer> labels = new ArrayList<>();
        for (int l = 0; l < L; l++) {
          if (ix.length > 0 && (ix[0] + l) % 3 == 0) {
            labels.add(l);
          }
        }
        y.add(labels.stream().mapToInt(Integer::intValue).toArray());
      }
    }

    ServeRecord record(int i) {
      ServeRecord r = new ServeRecord();
      r.id = "r" + i;
      r.file = "kafka://h:1/records#0";
      r.line = i;
      r.indices = x.get(i).indices().clone();
      r.values = x.get(i).values().clone();
      return r;
    }

    LabelMessage labels(int i) {
      return ServeOperatorTest.labels("r" + i, y.get(i));
    }
  }

  static LabelMessage labels(String id, int... labels) {
    LabelMessage m = new LabelMessage();
    m.id = id;
    m.file = "kafka://h:1/feedback#0";
    m.labels = labels;
    return m;
  }

  static String lastReport(KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> h) {
    String last = null;
    for (StreamRecord<String> r : h.getSideOutput(Output.REPORTS)) {
      last = r.getValue();
    }
    return last;
  }

  /** The report of the operator now (a snapshot of the counts between the periodic ones). */
  static String report(KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> h) {
    return ((ServeOperator) h.getOperator()).report();
  }

  static long count(String report, String field) {
    return Output.longField(report, field);
  }

  @Test
  void delayedLabelsAreLearnedInTheirOrderAndTheServedPredictionsScored() throws Exception {
    Data d = new Data(40, 3);
    var h = harness(3_600_000, 1000, 10);
    h.open();
    for (int i = 0; i < 40; i++) {
      h.processElement1(d.record(i), 0);
      if (i >= 20 && i % 2 == 0) { // half of the later labels come while records are still served
        h.processElement2(d.labels(i - 20), 0);
      }
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      if (!(i < 20 && i % 2 == 0)) {
        order.add(i);
      }
    }
    java.util.Collections.shuffle(order, new Random(7));
    for (int i : order) {
      h.setProcessingTime(h.getProcessingTime() + 3);
      h.processElement2(d.labels(i), 0);
    }
    // a plain learner: each record predicted by the model of the labels received before it, learned in feedback order
    OnlineMultiLabelLearner plain = SETUP.create(0);
    EvaluationSuite suite = SETUP.newSuite();
    Scores[] served = new Scores[40];
    List<Integer> feedbackOrder = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      served[i] = new Scores(L);
      plain.predict(d.x.get(i), served[i]);
      if (i >= 20 && i % 2 == 0) {
        learn(plain, suite, d, i - 20, served);
        feedbackOrder.add(i - 20);
      }
    }
    for (int i : order) {
      learn(plain, suite, d, i, served);
    }
    List<String> predictions = h.extractOutputValues();
    assertEquals(40, predictions.size());
    assertTrue(predictions.get(0).startsWith("{\"type\":\"prediction\",\"id\":\"r0\",\"file\":\"kafka://h:1/records#0\",\"line\":0,\"model\":0,"),
        predictions.get(0));
    assertTrue(predictions.get(39).contains("\"model\":10,"), predictions.get(39));
    List<ModelMessage> models = new ArrayList<>();
    h.getSideOutput(ServeOperator.MODELS).forEach(r -> models.add(r.getValue()));
    assertEquals(List.of(10L, 20L, 30L, 40L), models.stream().map(m -> m.round).toList());
    assertEquals("serve", models.get(3).source);
    assertArrayEquals(Models.toBytes(plain), models.get(3).model);
    h.endAllInputs();
    String report = lastReport(h);
    assertEquals(40, count(report, "served"));
    assertEquals(40, count(report, "learned"));
    assertEquals(0, count(report, "pending"));
    assertEquals(4, count(report, "published")); // the last version is the final model: not published twice
    assertTrue(report.contains(",\"f1\":" + suite.value(org.altml.core.metric.Measure.F1) + ","), report + " vs " + suite.report());
    assertTrue(report.endsWith(",\"end\":true}"), report);
    h.close();
  }

  private static void learn(OnlineMultiLabelLearner plain, EvaluationSuite suite, Data d, int i, Scores[] served) {
    suite.accept(LabelSet.of(d.y.get(i)), served[i]);
    plain.update(d.x.get(i), LabelSet.of(d.y.get(i)));
  }

  @Test
  void examplesWhoseLabelsDoNotComeExpireAndLateLabelsAreUnknown() throws Exception {
    Data d = new Data(10, 4);
    var h = harness(1000, 1000, 0);
    h.open();
    for (int i = 0; i < 10; i++) {
      h.processElement1(d.record(i), 0);
    }
    h.setProcessingTime(500);
    h.processElement2(d.labels(3), 0);
    h.setProcessingTime(999);
    h.processElement2(d.labels(3), 0); // the marker is still there: a duplicate
    h.setProcessingTime(1000); // the time to live of the nine others, and of r3's marker
    h.processElement2(d.labels(5), 0); // too late: waits for a record that does not come
    h.processElement2(labels("never-served", 1), 0);
    h.setProcessingTime(1500);
    h.processElement2(d.labels(3), 0); // the marker has gone: waits, unknown
    h.setProcessingTime(2499);
    assertEquals(1, count(report(h), "waitingFeedback"));
    h.setProcessingTime(2500);
    h.endAllInputs();
    String report = lastReport(h);
    assertEquals(9, count(report, "expired"), report);
    assertEquals(1, count(report, "learned"), report);
    assertEquals(0, count(report, "pending"), report);
    assertEquals(3, count(report, "unknownFeedback"), report);
    assertEquals(1, count(report, "duplicateFeedback"), report);
    assertEquals(0, count(report, "waitingFeedback"), report);
    assertEquals(0, h.numKeyedStateEntries(), "every entry leaves with its time to live");
    assertTrue(report.contains("\"labelLagMs\":{\"count\":1,\"p50\":500,\"p99\":500,\"max\":500}"), report);
    h.close();
  }

  @Test
  void theOldestWaitingExampleIsEvictedWhenFullAlsoAfterARestore() throws Exception {
    Data d = new Data(6, 5);
    var h = harness(60_000, 3, 0);
    h.open();
    for (int i = 0; i < 4; i++) {
      h.setProcessingTime(i);
      h.processElement1(d.record(i), 0); // r0 evicted for r3
    }
    OperatorSubtaskState snapshot = h.snapshot(1, 10);
    h.close();
    var restored = harness(60_000, 3, 0);
    restored.initializeState(snapshot);
    restored.open();
    restored.processElement1(d.record(4), 0); // r1, the oldest after the restore, evicted for r4
    restored.processElement2(d.labels(0), 0); // evicted: waits, then unknown
    restored.processElement2(d.labels(2), 0);
    restored.processElement2(d.labels(1), 0);
    restored.setProcessingTime(120_000);
    restored.endAllInputs();
    String report = lastReport(restored);
    assertEquals(2, count(report, "evicted"), report);
    assertEquals(1, count(report, "learned"), report);
    assertEquals(2, count(report, "expired"), report); // r3, r4
    assertEquals(2, count(report, "unknownFeedback"), report);
    assertEquals(5, count(report, "served"), report);
    restored.close();
  }

  @Test
  void labelsBeforeTheirRecordAreLearnedWhenItComesAndBadInputIsCounted() throws Exception {
    Data d = new Data(3, 6);
    var h = harness(60_000, 10, 1);
    h.open();
    h.processElement2(d.labels(1), 0);
    h.processElement2(d.labels(1), 0); // the same labels again before the record: a duplicate
    h.setProcessingTime(100);
    h.processElement1(d.record(1), 0);
    h.processElement1(d.record(1), 0); // the same record again: predicted, not held again
    ServeRecord bad = new ServeRecord();
    bad.id = "kafka://h:1/records#0:7";
    bad.file = "kafka://h:1/records#0";
    bad.line = 7;
    bad.reason = "expected index:value";
    h.processElement1(bad, 0);
    LabelMessage badLabels = labels("kafka://h:1/feedback#0:9");
    badLabels.line = 9;
    badLabels.reason = "no \"labels\"";
    h.processElement2(badLabels, 0);
    h.endAllInputs();
    String report = lastReport(h);
    assertEquals(1, count(report, "earlyFeedback"), report);
    assertEquals(1, count(report, "learned"), report);
    assertEquals(1, count(report, "duplicateFeedback"), report);
    assertEquals(1, count(report, "duplicateRecords"), report);
    assertEquals(2, count(report, "served"), report);
    assertEquals(1, count(report, "badRecords"), report);
    assertEquals(1, count(report, "badFeedback"), report);
    assertTrue(report.contains("\"labelLagMs\":{\"count\":1,\"p50\":0,"), report);
    List<String> bads = h.getSideOutput(Output.BAD).stream().map(StreamRecord::getValue).toList();
    assertEquals(List.of(Output.bad("kafka://h:1/records#0", 7, "expected index:value"), Output.bad("kafka://h:1/feedback#0", 9,
        "no \"labels\"")), bads);
    h.close();
  }

  @Test
  void aWaitingExampleOfRcv1sShapeTakesAboutOneAndAHalfKilobytes() throws Exception {
    Random r = new Random(1);
    int[] idx = r.ints(0, 47_236).distinct().limit(100).sorted().toArray();
    float[] val = new float[100];
    java.util.Arrays.fill(val, 0.1f);
    IdEntry e = IdEntry.pending(0, 0, idx, val, new float[102]);
    int serialized = ServeOperator.serializedBytes(e);
    long heap = e.heapBytes(12);
    System.out.println("a waiting example of RCV1's shape (100 non-zeros, L = 101): " + serialized + " bytes serialized, about "
        + heap + " bytes of heap; 1 GB holds about " + (1L << 30) / heap + " of them");
    assertTrue(serialized > 1200 && serialized < 1400, "serialized " + serialized);
    assertTrue(heap > 1300 && heap < 1700, "heap " + heap);
    assertTrue(ServeOperator.serializedBytes(e.learned()) < 40, "a learned example's marker is small");
  }

  @Test
  void feedbackMessagesAreReadOrRefusedWithTheirReason() {
    FeedbackParsing p = new FeedbackParsing(L);
    p.open(null);
    assertEquals("r1 [0, 3]", parse(p, "{\"id\": \"r1\", \"labels\": [3, 0], \"ts\": {\"a\": [1]}}", null));
    assertEquals("17 []", parse(p, "{\"labels\":[],\"id\":17}", null));
    assertEquals("key9 [4]", parse(p, "{\"labels\":[4]}", "key9"));
    for (String[] bad : new String[][] {{"[1]", "not a JSON object"}, {"{\"id\":\"a\"}", "no \"labels\""},
        {"{\"labels\":[1]}", "no \"id\""}, {"{\"id\":\"a\",\"labels\":[5]}", "label 5 is not between 0 and 4"},
        {"{\"id\":\"a\",\"labels\":[1,1]}", "label 1 twice"}, {"{\"id\":\"a\",\"labels\":[1.5]}", "label 1.5 is not a label id"},
        {"{\"id\":\"a\",\"labels\":\"1\"}", "not an array"}, {"{\"id\":[1],\"labels\":[1]}", "not a string"},
        {"{\"id\":\"a\",\"labels\":[1]} x", ""}, {"{\"id\":\"a\",\"id\":\"b\",\"labels\":[1]}", "Duplicate field"},
        {"{\"id\":\"a\",\"labels\":[1]", ""}, {"", ""}, {"{\"id\":\"a\",\"labels\":[99999999999]}", "not a label id"}}) {
      String got = parse(p, bad[0], null);
      assertTrue(got.startsWith("bad: not a feedback message") && got.contains(bad[1]), bad[0] + " -> " + got);
    }
  }

  static String parse(FeedbackParsing p, String json, String key) {
    TextLine line = new TextLine("kafka://h:1/feedback#0", 3, json.getBytes(StandardCharsets.UTF_8));
    line.id = key;
    List<LabelMessage> out = new ArrayList<>();
    p.processElement(line, null, new Collector<>() {
      @Override
      public void collect(LabelMessage m) {
        out.add(m);
      }

      @Override
      public void close() {}
    });
    LabelMessage m = out.get(0);
    return m.reason != null ? "bad: " + m.reason : m.id + " " + java.util.Arrays.toString(m.labels);
  }
}
