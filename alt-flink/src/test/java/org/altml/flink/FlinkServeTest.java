package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.kafka.KafkaModels;
import org.altml.flink.kafka.KafkaTopics;
import org.altml.flink.model.Models;
import org.altml.flink.output.Output;
import org.altml.flink.serve.ServeJob;
import org.altml.flink.serve.ServeSettings;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.FailAt;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.RecordParser;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alt flink serve} against a real broker: labels that come after their predictions are learned in the order they
 * come (the published model equals a plain learner's fed the same examples in that order, bit for bit), bad records and
 * feedback go to the dead-letter topic, examples expire and are evicted with the job's own clock, and a job that fails mid-stream and restarts from its checkpoint writes each
 * prediction once and learns each label once.
 */
class FlinkServeTest {
  static EmbeddedBroker broker;
  static final LearnerSetup SETUP = FlinkTesting.setup("falt");

  @BeforeAll
  static void start() throws Exception {
    broker = EmbeddedBroker.start("alt-serve-test");
  }

  @AfterAll
  static void stop() {
    broker.close();
  }

  /** Seeded examples (FlinkTesting's planted model): each record's features as a LIBSVM line without labels, its labels. */
  record Examples(List<String> features, List<int[]> labels) {
    static Examples of(Path dir, int n, long seed) throws Exception {
      List<String> features = new ArrayList<>();
      List<int[]> labels = new ArrayList<>();
      for (String line : Files.readAllLines(FlinkTesting.libSvm(dir, "s" + seed + ".svm", n, seed, List.of()))) {
        int space = line.indexOf(' ');
        String head = line.substring(0, space);
        features.add(line.substring(space + 1));
        labels.add(head.isEmpty() ? new int[0] : java.util.Arrays.stream(head.split(",")).mapToInt(Integer::parseInt).toArray());
      }
      return new Examples(features, labels);
    }

    String feedback(int i) {
      return "{\"id\":\"r" + i + "\",\"labels\":" + java.util.Arrays.toString(labels.get(i)).replace(" ", "") + "}";
    }

    SparseVector x(int i) throws Exception {
      RecordParser p = RecordParser.libSvm("test", ReadOptions.defaults().withNumLabels(FlinkTesting.LABELS));
      p.parse(features.get(i), 1);
      return p.features().copy();
    }
  }

  static void produce(String topic, List<String[]> keyed) {
    produce(broker, topic, keyed);
  }

  /** Sends {@code keyed} (key, value) to {@code topic} of {@code broker}. */
  static void produce(EmbeddedBroker broker, String topic, List<String[]> keyed) {
    try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", broker.bootstrap()), new StringSerializer(),
        new StringSerializer())) {
      for (String[] kv : keyed) {
        p.send(new ProducerRecord<>(topic, kv[0], kv[1]));
      }
    }
  }

  /** The committed records of {@code topic} once {@code done} holds for them (read_committed), within 60 s. */
  static List<ConsumerRecord<String, byte[]>> await(String topic, Predicate<List<ConsumerRecord<String, byte[]>>> done) {
    return await(broker, topic, done);
  }

  /** {@link #await(String, Predicate)} on {@code broker}. */
  static List<ConsumerRecord<String, byte[]>> await(EmbeddedBroker broker, String topic,
      Predicate<List<ConsumerRecord<String, byte[]>>> done) {
    List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(Map.of("bootstrap.servers", broker.bootstrap(), "auto.offset.reset",
        "earliest", "group.id", "t" + System.nanoTime(), "isolation.level", "read_committed"), new StringDeserializer(),
        new ByteArrayDeserializer())) {
      c.subscribe(List.of(topic));
      long end = System.currentTimeMillis() + 60_000;
      while (!done.test(out)) {
        if (System.currentTimeMillis() > end) {
          throw new AssertionError(topic + ": not there within 60 s; got " + out.size() + " records, the last "
              + (out.isEmpty() ? "none" : text(out.get(out.size() - 1))));
        }
        c.poll(Duration.ofMillis(200)).forEach(out::add);
      }
    }
    return out;
  }

  static String text(ConsumerRecord<String, byte[]> r) {
    return new String(r.value(), StandardCharsets.UTF_8);
  }

  static String lastText(List<ConsumerRecord<String, byte[]>> records) {
    return records.isEmpty() ? "" : text(records.get(records.size() - 1));
  }

  static ServeJob.Topics topics(String name) {
    return ServeJob.Topics.of(broker.topic(name + "-records"), broker.topic(name + "-feedback"), broker.topic(name + "-predictions"),
        null, null);
  }

  @Test
  void delayedLabelsAreLearnedInTheOrderTheyComeAndBadInputGoesToTheDeadLetterTopic(@TempDir Path dir) throws Exception {
    int n = 200;
    Examples ex = Examples.of(dir, n, 11);
    ServeJob.Topics t = topics("delayed");
    List<String[]> records = new ArrayList<>();
    for (int i = 0; i < n; i++) { // r5 carries labels of its own: served the same, not learned from
      records.add(new String[] {"r" + i, (i == 5 ? "0,1,2,3,4 " : "") + ex.features().get(i)});
    }
    records.add(100, new String[] {"poison", "1:x 3:1"});
    KafkaTopics.ensure(t.records());
    KafkaTopics.ensure(t.feedback());
    produce(t.records().topic(), records);
    StreamExecutionEnvironment env = FlinkTesting.env(2, null, 0);
    DataStream<String> reports = ServeJob.build(env, t, new DataSpec(FlinkTesting.LABELS, 0, false, null, -1, List.of(), -1),
        new ServeSettings(SETUP, 3_600_000, 1_000_000, 50, 100), KafkaIo.Start.EARLIEST, false, KafkaIo.Delivery.EXACTLY_ONCE, null);
    JobClient job = env.executeAsync("serve test");
    try {
      List<ConsumerRecord<String, byte[]>> predictions = await(t.predictions().topic(), r -> r.size() >= n);
      for (ConsumerRecord<String, byte[]> p : predictions) {
        assertTrue(text(p).contains(",\"model\":0,"), "no labels yet, so the first model: " + text(p));
      }
      // every record served: the labels, out of order, then one again and a message that is not JSON
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        order.add(i);
      }
      Collections.shuffle(order, new Random(5));
      List<String[]> feedback = new ArrayList<>();
      for (int i : order) {
        feedback.add(new String[] {null, ex.feedback(i)});
      }
      feedback.add(new String[] {null, ex.feedback(order.get(0))});
      feedback.add(new String[] {null, "{oops"});
      produce(t.feedback().topic(), feedback);
      String report = lastText(await(t.reports().topic(), r -> Output.longField(lastText(r), "duplicateFeedback") == 1
          && Output.longField(lastText(r), "badFeedback") == 1 && Output.longField(lastText(r), "learned") == n));
      assertEquals(n, Output.longField(report, "served"), report);
      assertEquals(0, Output.longField(report, "pending"), report);
      assertEquals(1, Output.longField(report, "badRecords"), report);
      assertEquals(0, Output.longField(report, "unknownFeedback"), report);
      List<ConsumerRecord<String, byte[]>> models = await(t.models().topic(), r -> r.stream().anyMatch(m -> version(m) == n));
      ConsumerRecord<String, byte[]> last = models.stream().filter(m -> version(m) == n).findFirst().orElseThrow();
      assertEquals("serve", last.key());
      OnlineMultiLabelLearner plain = SETUP.create(0);
      for (int i : order) {
        plain.update(ex.x(i), LabelSet.of(ex.labels().get(i)));
      }
      assertArrayEquals(Models.toBytes(plain), last.value(), "the published model is a plain learner's fed the labels' order");
      List<String> dead = await(t.deadLetter().topic(), r -> r.size() >= 2).stream().map(FlinkServeTest::text).sorted().toList();
      assertEquals(2, dead.size(), dead.toString());
      assertTrue(dead.get(0).contains(t.feedback() + "#0") && dead.get(0).contains("not a feedback message"), dead.get(0));
      assertTrue(dead.get(1).contains(t.records() + "#0\",\"line\":100") && dead.get(1).contains("\"reason\":"), dead.get(1));
    } finally {
      job.cancel().get();
    }
  }

  @Test
  void theBoundsHoldInARunningJob(@TempDir Path dir) throws Exception {
    int n = 50;
    Examples ex = Examples.of(dir, n, 13);
    ServeJob.Topics t = topics("bounds");
    List<String[]> records = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      records.add(new String[] {"r" + i, ex.features().get(i)});
    }
    KafkaTopics.ensure(t.records());
    KafkaTopics.ensure(t.feedback());
    produce(t.records().topic(), records);
    StreamExecutionEnvironment env = FlinkTesting.env(1, null, 0);
    // at most 30 waiting (r0 to r19 evicted for the later ones), each for 5 s of the job's clock
    ServeJob.build(env, t, new DataSpec(FlinkTesting.LABELS, 0, false, null, -1, List.of(), -1),
        new ServeSettings(SETUP, 5_000, 30, 0, 100), KafkaIo.Start.EARLIEST, false, KafkaIo.Delivery.EXACTLY_ONCE, null);
    JobClient job = env.executeAsync("serve bounds test");
    try {
      await(t.predictions().topic(), r -> r.size() >= n);
      // r45 learned; r46 learned and its labels again; r3 evicted and a never-served id: unknown when their time passes
      produce(t.feedback().topic(), List.of(new String[] {null, ex.feedback(45)}, new String[] {null, ex.feedback(46)},
          new String[] {null, ex.feedback(46)}, new String[] {null, ex.feedback(3)}, new String[] {"ghost", "{\"labels\":[1]}"}));
      String report = lastText(await(t.reports().topic(), r -> Output.longField(lastText(r), "expired") == 28
          && Output.longField(lastText(r), "unknownFeedback") == 2));
      assertEquals(20, Output.longField(report, "evicted"), report);
      assertEquals(2, Output.longField(report, "learned"), report);
      assertEquals(1, Output.longField(report, "duplicateFeedback"), report);
      assertEquals(0, Output.longField(report, "pending"), report);
      assertEquals(0, Output.longField(report, "waitingFeedback"), report);
      assertEquals(0, Output.longField(report, "earlyFeedback"), report);
    } finally {
      job.cancel().get();
    }
  }

  static long version(ConsumerRecord<String, byte[]> m) {
    return java.nio.ByteBuffer.wrap(m.headers().lastHeader(KafkaModels.VERSION).value()).getLong();
  }

  @Test
  void aFailureMidStreamLosesAndRepeatsNothing() throws Exception {
    int n = 600;
    Path dir = Files.createTempDirectory("alt-serve-failure");
    Examples ex = Examples.of(dir, n, 12);
    ServeJob.Topics in = topics("failure");
    List<String[]> records = new ArrayList<>();
    List<String[]> feedback = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      records.add(new String[] {"r" + i, ex.features().get(i)});
      if (i % 10 != 9) { // a tenth of the labels never come
        feedback.add(new String[] {null, ex.feedback(i)});
      }
    }
    produce(in.records().topic(), records);
    produce(in.feedback().topic(), feedback);
    // uninterrupted, from the command line
    String out = "kafka://" + broker.bootstrap() + "/failure-clean";
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream live = new ByteArrayOutputStream();
    PrintStream was = System.out;
    System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
    FlinkServeCommand.reportStream = new PrintStream(live, true, StandardCharsets.UTF_8);
    try {
      assertEquals(0, FlinkMain.commandLine().execute("serve", "--data", in.records().toString(), "--feedback", in.feedback().toString(),
          "--out", out, "--learner", "falt", "--num-labels", "5", "--stop-at-end", "--checkpoint-ms", "100", "--publish-every", "100"));
    } finally {
      System.setOut(was);
      FlinkServeCommand.reportStream = null;
    }
    String clean = stdout.toString(StandardCharsets.UTF_8).trim();
    assertTrue(clean.startsWith("{\"type\":\"serve\"") && clean.endsWith("\"end\":true}") && !clean.contains("\n"), clean);
    assertTrue(live.toString(StandardCharsets.UTF_8).contains("alt flink serve: served " + n + ", learned 540,"), live.toString());
    // failing once after 400 records and a checkpoint (2 ms a record, so that checkpoints complete before), restarted from it
    ServeJob.Topics failing = ServeJob.Topics.of(in.records(), in.feedback(), broker.topic("failure-restarted"), null, null);
    StreamExecutionEnvironment env = FlinkTesting.env(1, null, 1);
    FailAt.Report failure = new FailAt.Report(400, false);
    env.registerJobListener(failure);
    // each record on at once: predictions made after the last checkpoint reach the topic before the failure (with
    // at-least-once delivery they would then come twice)
    env.setBufferTimeout(0);
    DataStream<String> reports = ServeJob.build(env, failing, new DataSpec(FlinkTesting.LABELS, 0, false, null, -1, List.of(), -1),
        new ServeSettings(SETUP, 3_600_000, 1_000_000, 100, 0), KafkaIo.Start.EARLIEST, true, KafkaIo.Delivery.EXACTLY_ONCE,
        lines -> FailAt.tap(400).apply(FlinkTesting.throttle(1).apply(lines))); // --fail-at's tap, as the command line passes it
    List<String> got = FlinkTesting.collect(reports);
    assertEquals(1, failure.report(), "the job failed once and restarted");
    String restarted = got.get(got.size() - 1);
    for (String count : List.of("served", "learned", "pending", "expired", "evicted", "unknownFeedback", "duplicateFeedback",
        "duplicateRecords", "badRecords", "badFeedback", "waitingFeedback")) {
      assertEquals(Output.longField(clean, count), Output.longField(restarted, count), count + ": " + clean + " vs " + restarted);
    }
    assertEquals(n, Output.longField(restarted, "served"));
    assertEquals(540, Output.longField(restarted, "learned"));
    assertEquals(60, Output.longField(restarted, "pending"));
    await(failing.predictions().topic(), r -> r.size() >= n);
    Map<String, Integer> seen = new HashMap<>();
    for (ConsumerRecord<String, byte[]> p : await(failing.predictions().topic(), quiet(n))) { // the job has ended: all of it
      seen.merge(Output.stringField(text(p), "id"), 1, Integer::sum);
    }
    assertEquals(n, seen.size());
    assertEquals(List.of(1), seen.values().stream().distinct().toList(), "each prediction once");
  }

  /** Done when at least {@code n} records came and then no more for a second. */
  static Predicate<List<ConsumerRecord<String, byte[]>>> quiet(int n) {
    int[] last = {-1};
    long[] since = {System.currentTimeMillis()};
    return r -> {
      if (r.size() != last[0]) {
        last[0] = r.size();
        since[0] = System.currentTimeMillis();
      }
      return r.size() >= n && System.currentTimeMillis() - since[0] > 1000;
    };
  }

  @Test
  void optionsServeCannotTakeAreUsageErrors() {
    String k = "kafka://127.0.0.1:1/";
    for (String[] args : new String[][] {
        {"--data", "records.svm", "--feedback", k + "f", "--out", k + "o"},
        {"--data", k + "r", "--feedback", k + "r", "--out", k + "o"},
        {"--data", k + "r", "--feedback", k + "f", "--out", k + "o", "--label-ttl", "10"},
        {"--data", k + "r", "--feedback", k + "f", "--out", k + "o", "--max-pending", "0"},
        {"--data", k + "r", "--feedback", k + "f", "--out", k + "o", "--checkpoint-ms", "0"},
        {"--data", k + "r", "--feedback", k + "f", "--out", k + "o", "--set", "nope=1"}}) {
      List<String> all = new ArrayList<>(List.of("serve", "--learner", "falt", "--num-labels", "5"));
      all.addAll(List.of(args));
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream was = System.err;
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      try {
        assertEquals(2, FlinkMain.commandLine().execute(all.toArray(String[]::new)), String.join(" ", all));
      } finally {
        System.setErr(was);
      }
      assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("alt flink: "), err.toString(StandardCharsets.UTF_8));
    }
  }
}
