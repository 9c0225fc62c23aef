package org.altml.flink.serve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.model.SavedModel;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.open.OpenFormat;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

/**
 * The serving operator with an open model (no L, docs/spec.md#open-streams): labels first seen in the feedback grow it, a
 * record served before its label existed counts as not predicting it, and a restore from a snapshot taken mid-growth goes
 * on to the same model, vocabulary included, bit for bit.
 */
class OpenServeOperatorTest {
  static final LearnerSetup SETUP = LearnerSetup.of(LearnerRegistry.get("falt").defaults(), 0, 0, 1);

  static KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> harness() throws Exception {
    return new KeyedTwoInputStreamOperatorTestHarness<>(new ServeOperator(new ServeSettings(SETUP, 60_000, 100, 0, 0),
        new OpenSpec(OpenFormat.LIBSVM, false, 0)), r -> r.id, m -> m.id, Types.STRING);
  }

  static ServeRecord record(int i, String text) {
    ServeRecord r = new ServeRecord();
    r.id = "r" + i;
    r.file = "kafka://h:1/records#0";
    r.line = i;
    r.text = text;
    return r;
  }

  static LabelMessage feedback(int i, Object... labels) {
    LabelMessage m = new LabelMessage();
    m.id = "r" + i;
    m.file = "kafka://h:1/feedback#0";
    m.line = i;
    m.names = new String[labels.length];
    m.numeric = new boolean[labels.length];
    for (int k = 0; k < labels.length; k++) {
      m.names[k] = labels[k].toString();
      m.numeric[k] = labels[k] instanceof Integer;
    }
    return m;
  }

  /** The first half of the stream: labels a and b born. */
  static void first(KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> h) throws Exception {
    h.processElement1(record(0, "1:1 2:1"), 0);
    h.processElement2(feedback(0, "a"), 0);
    h.processElement1(record(1, "2:1 3:1"), 0);
    h.processElement2(feedback(1, "a", "b"), 0);
    h.processElement1(record(2, "3:1 4:1"), 0);
  }

  /** The second: label c born by r2's feedback (r2 was served before c existed), label 7 by r3's; a bad name. */
  static void second(KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> h) throws Exception {
    h.processElement2(feedback(2, "c"), 0);
    h.processElement1(record(3, "1:1 5:2"), 0);
    h.processElement2(feedback(3, "b", 7), 0);
    h.processElement2(feedback(9, "no good"), 0);
    h.processElement1(record(4, "1:1 x"), 0);
    h.endAllInputs();
  }

  static byte[] lastModel(KeyedTwoInputStreamOperatorTestHarness<String, ServeRecord, LabelMessage, String> h) {
    byte[] last = null;
    for (StreamRecord<ModelMessage> m : h.getSideOutput(ServeOperator.MODELS)) {
      last = m.getValue().model;
    }
    return last;
  }

  @Test
  void feedbackLabelsGrowTheModelAndARestoreGoesOnBitForBit() throws Exception {
    var whole = harness();
    whole.open();
    first(whole);
    second(whole);
    SavedModel model = Models.saved(lastModel(whole), "served");
    assertEquals(List.of("a", "b", "c", "7"), model.vocabulary().labels().names());
    assertEquals(4, model.learner().numLabels());
    assertEquals(4, model.learner().examplesSeen());
    String report = ServeOperatorTest.lastReport(whole);
    assertEquals(1, Output.longField(report, "badFeedback"), report);
    assertEquals(1, Output.longField(report, "badRecords"), report);
    assertTrue(whole.extractOutputValues().stream().allMatch(p -> p.contains("\"labels\":[")), whole.extractOutputValues().toString());

    var h = harness();
    h.open();
    first(h);
    OperatorSubtaskState snapshot = h.snapshot(1, 10);
    h.close();
    var restored = harness();
    restored.initializeState(snapshot);
    restored.open();
    second(restored);
    assertArrayEquals(lastModel(whole), lastModel(restored), "the model and its vocabulary after a restore mid-growth");
    assertEquals(report, ServeOperatorTest.lastReport(restored));
    whole.close();
    restored.close();
  }
}
