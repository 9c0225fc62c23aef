package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.model.SavedModel;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.kafka.KafkaTopics;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.serve.ServeJob;
import org.altml.flink.serve.ServeSettings;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.OpenRecord;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code alt flink serve} without {@code --num-labels} (docs/spec.md#open-streams): labels that first appear in the
 * feedback grow the served model; its published versions carry the vocabulary and equal an open learner fed the same
 * examples in the order their labels came, bit for bit.
 */
class OpenServeTest {
  static EmbeddedBroker broker;
  static final String[] NAMES = {"sports", "economy", "arts", "science", "health"};

  @BeforeAll
  static void start() throws Exception {
    broker = EmbeddedBroker.start("alt-open-serve-test");
  }

  @AfterAll
  static void stop() {
    broker.close();
  }

  /** Record i's features (LIBSVM, a feature that tells each label) and its labels, label k born at record 8 k. */
  static String features(int i, List<String> labels) {
    Random r = new Random(i);
    java.util.TreeMap<Integer, Float> x = new java.util.TreeMap<>();
    for (int k = 0; k < 4; k++) {
      x.put(20 + r.nextInt(10 + i), 0.5f);
    }
    for (String l : labels) {
      x.put(1 + java.util.Arrays.asList(NAMES).indexOf(l) * 3, 1f);
    }
    StringBuilder sb = new StringBuilder();
    x.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : " ").append(k).append(':').append(v));
    return sb.toString();
  }

  static List<String> labels(int i) {
    int born = Math.min(NAMES.length, 1 + i / 8);
    List<String> y = new ArrayList<>(List.of(NAMES[i % 8 == 0 && i / 8 < NAMES.length ? i / 8 : i % born]));
    if (i % 3 == 0 && !y.contains(NAMES[0])) {
      y.add(NAMES[0]);
    }
    return y;
  }

  static String feedback(int i) {
    StringBuilder sb = new StringBuilder("{\"id\":\"r" + i + "\",\"labels\":[");
    List<String> y = labels(i);
    for (int k = 0; k < y.size(); k++) {
      sb.append(k > 0 ? "," : "").append('"').append(y.get(k)).append('"');
    }
    return sb.append("]}").toString();
  }

  @Test
  void labelsFirstSeenInTheFeedbackGrowTheServedModel() throws Exception {
    int n = 40;
    ServeJob.Topics t = ServeJob.Topics.of(broker.topic("open-records"), broker.topic("open-feedback"), broker.topic("open-predictions"),
        null, null);
    KafkaTopics.ensure(t.records());
    KafkaTopics.ensure(t.feedback());
    LearnerSetup setup = LearnerSetup.of(LearnerRegistry.get("falt").defaults(), 0, 0, 1);
    StreamExecutionEnvironment env = FlinkTesting.env(2, null, 0);
    ServeJob.build(env, t, new DataSpec(0, 0, false, null, -1, List.of(), -1), new OpenSpec(OpenFormat.LIBSVM, false, 0),
        new ServeSettings(setup, 3_600_000, 1_000_000, 10, 100), KafkaIo.Start.EARLIEST, false, KafkaIo.Delivery.EXACTLY_ONCE, null);
    JobClient job = env.executeAsync("open serve test");
    try {
      for (int phase = 0; phase < 2; phase++) { // served, then labelled: the second half is served by a model of more labels
        List<String[]> records = new ArrayList<>();
        List<String[]> labels = new ArrayList<>();
        for (int i = phase * n / 2; i < (phase + 1) * n / 2; i++) {
          records.add(new String[] {"r" + i, features(i, labels(i))});
          labels.add(new String[] {null, feedback(i)});
        }
        if (phase == 1) {
          labels.add(new String[] {null, "{\"id\":\"r3\",\"labels\":[3]}"}); // a label id where names were used: a duplicate
          labels.add(new String[] {null, "{\"id\":\"zz\",\"labels\":[\"bad name\"]}"}); // not a valid name
        }
        FlinkServeTest.produce(broker, t.records().topic(), records);
        int served = (phase + 1) * n / 2;
        FlinkServeTest.await(broker, t.predictions().topic(), r -> r.size() >= served);
        FlinkServeTest.produce(broker, t.feedback().topic(), labels);
        FlinkServeTest.await(broker, t.reports().topic(), r -> Output.longField(FlinkServeTest.lastText(r), "learned") == served);
      }
      String report = FlinkServeTest.lastText(FlinkServeTest.await(broker, t.reports().topic(),
          r -> Output.longField(FlinkServeTest.lastText(r), "badFeedback") == 1));
      assertEquals(n, Output.longField(report, "served"), report);
      assertEquals(1, Output.longField(report, "duplicateFeedback"), report);
      List<ConsumerRecord<String, byte[]>> models = FlinkServeTest.await(broker, t.models().topic(),
          r -> r.stream().anyMatch(m -> FlinkServeTest.version(m) == n));
      byte[] last = models.stream().filter(m -> FlinkServeTest.version(m) == n).findFirst().orElseThrow().value();
      SavedModel saved = Models.saved(last, "published");
      assertTrue(saved.isOpen(), "the published model carries its vocabulary");
      assertEquals(List.of(NAMES), saved.vocabulary().labels().names(), "labels in the order the feedback first brought them");

      // an open learner fed the examples as the labels came (each record served before its labels): the same model
      Vocabulary v = new OpenSpec(OpenFormat.LIBSVM, false, 0).newVocabulary();
      OpenRounds plain = new OpenRounds(setup.createOpen(0), 0);
      OpenRecord rec = new OpenRecord();
      for (int i = 0; i < n; i++) {
        StringBuilder line = new StringBuilder();
        for (String l : labels(i)) {
          line.append(line.isEmpty() ? "" : ",").append(l);
        }
        OpenStream.parse(line + " " + features(i, labels(i)), OpenFormat.LIBSVM_NAMES, v, true, "plain", i + 1, rec);
        plain.learn(OnlineMultiLabelLearner.NO_ID, rec.features(), rec.labels(), "plain " + i);
      }
      assertEquals(v.labels().names(), saved.vocabulary().labels().names());
      assertArrayEquals(Models.toBytes(plain.learner()), Models.toBytes(saved.learner()), "bit for bit");
      List<String> predictions = FlinkServeTest.await(broker, t.predictions().topic(), r -> r.size() >= n).stream()
          .map(FlinkServeTest::text).toList();
      assertTrue(predictions.stream().anyMatch(p -> p.matches(".*\"labels\":\\[\"[a-z]+\".*")), "labels by name: " + predictions);
    } finally {
      job.cancel().get();
    }
  }
}
