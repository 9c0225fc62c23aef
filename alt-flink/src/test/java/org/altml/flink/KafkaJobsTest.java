package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.altml.core.eval.ShapeFit;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaInput;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.kafka.KafkaModels;
import org.altml.flink.kafka.KafkaOutputs;
import org.altml.flink.kafka.KafkaTopics;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.altml.flink.model.Models;
import org.altml.flink.source.DataSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alt flink run} and {@code predict} with Kafka in and out, against a real broker in this JVM: a job that fails
 * mid-stream and is restored from its checkpoint writes each record's prediction exactly once (read_committed) and the same
 * models bit for bit as an uninterrupted run; at least once it repeats some; a broker outage is survived; poison records go
 * to the dead-letter topic with their reason and offset.
 */
class KafkaJobsTest {
  static EmbeddedBroker broker;
  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    broker = EmbeddedBroker.start("alt-kafka-jobs-test");
  }

  @AfterAll
  static void stop() {
    broker.close();
  }

  @AfterEach
  void noTap() {
    FlinkCommand.testTap = null;
  }

  private String topic(String name) {
    return broker.topic(name).toString();
  }

  /** The training records: 1500 LIBSVM lines (L = 5), lines 100 and 701 broken. */
  private List<String> records(String topic) throws Exception {
    List<String> lines = KafkaTesting.lines(FlinkTesting.libSvm(dir, topic + ".svm", 1500, 11, List.of(100, 701)));
    KafkaTesting.produce(broker, topic, lines);
    return lines;
  }

  private static int run(String... args) {
    return FlinkMain.commandLine().execute(args);
  }

  /** Runs a command that must succeed; returns what it said on standard error. */
  private static String stderrOf(String... args) {
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream was = System.err;
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(0, run(args), () -> err.toString(java.nio.charset.StandardCharsets.UTF_8));
    } finally {
      System.setErr(was);
    }
    return err.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String[] concat(String[] args, String... more) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  private static String[] keyed(String in, String out, String... more) {
    List<String> args = new ArrayList<>(List.of("run", "--mode", "keyed", "--learner", "falt", "--key-by", "mod:3", "--num-labels", "5",
        "--data", in, "--stop-at-end", "--out", out, "--checkpoint-ms", "100", "--restarts", "10"));
    args.addAll(List.of(more));
    return args.toArray(new String[0]);
  }

  /** The (partition, offset) of a prediction or a bad record. */
  private static String where(String line) {
    return line.replaceAll(".*\"file\":\"([^\"]*)\",\"line\":(\\d+).*", "$1@$2");
  }

  @Test
  void aKeyedRunRestoredFromItsCheckpointWritesEachPredictionOnceAndTheSameModels() throws Exception {
    String in = topic("keyed-in");
    records("keyed-in");
    assertEquals(0, run(keyed(in, topic("keyed-clean"))));
    // the failure of the at-least-once test below, which repeats predictions there
    FailAfterOutput.FAILED.set(false);
    FlinkCommand.testTap = lines -> lines.map(new FailAfterOutput()).setParallelism(lines.getParallelism()).uid("tap");
    assertEquals(0, run(keyed(in, topic("keyed-failed"))));
    assertTrue(FailAfterOutput.FAILED.get(), "the failure was injected");

    List<String> clean = KafkaTesting.read(broker, "keyed-clean");
    List<String> failed = KafkaTesting.read(broker, "keyed-failed");
    assertEquals(1498, failed.size(), "every good record's prediction, exactly once");
    assertEquals(0, KafkaTesting.repeated(failed.stream().map(KafkaJobsTest::where).toList()));
    assertEquals(clean.stream().sorted().toList(), failed.stream().sorted().toList(), "the same predictions, by the same models");
    Map<String, byte[]> models = KafkaTesting.newest(broker, "keyed-failed.models");
    Map<String, byte[]> cleanModels = KafkaTesting.newest(broker, "keyed-clean.models");
    assertEquals(List.of("key-k0", "key-k1", "key-k2"), models.keySet().stream().sorted().toList());
    for (String key : cleanModels.keySet()) {
      assertArrayEquals(cleanModels.get(key), models.get(key), key + ": the final model bit for bit");
    }
    List<String> dead = KafkaTesting.read(broker, "keyed-failed.dead-letter");
    assertEquals(2, dead.size(), String.join("\n", dead));
    assertTrue(dead.get(0).contains("\"topic\":\"keyed-in\",\"partition\":0,\"offset\":99"), dead.get(0));
    assertEquals(3, KafkaTesting.read(broker, "keyed-failed.reports").size(), "one report per key");
  }

  /** A keyed run without --num-labels over a topic: each key's model open, published with its vocabulary. */
  @Test
  void anOpenKeyedRunPublishesEachKeysGrownModel() throws Exception {
    Path file = OpenKeyedTest.births(dir, "open-in.svm", 300, false);
    KafkaTesting.produce(broker, "open-in", KafkaTesting.lines(file));
    assertEquals(0, run("run", "--mode", "keyed", "--learner", "salt", "--key-by", "mod:2", "--data", topic("open-in"),
        "--stop-at-end", "--out", topic("open-out"), "--checkpoint-ms", "100"));
    Map<String, byte[]> models = KafkaTesting.newest(broker, "open-out.models");
    assertEquals(List.of("key-k0", "key-k1"), models.keySet().stream().sorted().toList());
    for (String key : List.of("k0", "k1")) {
      OpenKeyedTest.Expected e = OpenKeyedTest.expected(file, 2, key, new org.altml.flink.source.OpenSpec(
          org.altml.sparse.open.OpenFormat.LIBSVM, false, 0), "salt", 0);
      org.altml.core.model.SavedModel saved = org.altml.flink.model.Models.saved(models.get("key-" + key), key);
      assertEquals(e.vocabulary(), saved.vocabulary(), key);
      assertArrayEquals(org.altml.flink.model.Models.toBytes(e.learner()), org.altml.flink.model.Models.toBytes(saved.learner()), key);
    }
    List<String> predictions = KafkaTesting.read(broker, "open-out");
    assertEquals(299, predictions.size());
    assertTrue(predictions.stream().anyMatch(p -> p.contains("\"labels\":[49")), "labels by name (the file's ids)");
  }

  /**
   * The same failed run delivered at least once: the predictions made between the last checkpoint and the failure are
   * written again after the restart. This is what the exactly-once test above would see with exactly-once switched off.
   */
  @Test
  void atLeastOnceRepeatsThePredictionsAfterTheLastCheckpoint() throws Exception {
    String in = topic("alo-in");
    records("alo-in");
    FailAfterOutput.FAILED.set(false);
    FlinkCommand.testTap = lines -> lines.map(new FailAfterOutput()).setParallelism(lines.getParallelism()).uid("tap");
    assertEquals(0, run(keyed(in, topic("alo-out"), "--delivery", "at-least-once")));
    assertTrue(FailAfterOutput.FAILED.get(), "the failure was injected");
    List<String> out = KafkaTesting.read(broker, "alo-out");
    long repeated = KafkaTesting.repeated(out.stream().map(KafkaJobsTest::where).toList());
    System.out.println("at-least-once after a failure past record 800: " + out.size() + " predictions of 1498 records, " + repeated
        + " repeated");
    assertTrue(repeated > 0, "at least once repeats what came after the last checkpoint: " + out.size());
    assertEquals(1498, out.stream().map(KafkaJobsTest::where).distinct().count(), "none lost");
  }

  @Test
  void aParallelRunRestoredFromItsCheckpointPublishesTheFileRunsModelBitForBit() throws Exception {
    String in = topic("par-in");
    List<String> lines = records("par-in");
    String[] args = {"run", "--mode", "parallel", "--learner", "falt", "--num-labels", "5", "--parallelism", "2", "--mix-every", "500",
        "--data", in, "--stop-at-end", "--checkpoint-ms", "100", "--restarts", "3", "--out", null};
    args[args.length - 1] = topic("par-clean");
    assertEquals(0, run(args));
    // --fail-at, as anyone can give it (the records slowed so that checkpoints complete while they come)
    FlinkCommand.testTap = FlinkTesting.throttle(2);
    args[args.length - 1] = topic("par-failed");
    String said = stderrOf(concat(args, "--fail-at", "800"));
    assertTrue(said.contains("--fail-at 800: the injected failure stopped the job, which restarted from checkpoint"), said);

    List<String> reports = KafkaTesting.read(broker, "par-failed.reports");
    assertEquals(3, reports.size(), String.join("\n", reports)); // rounds 1, 2 (record 1500 starts none) and the final one
    assertEquals(KafkaTesting.read(broker, "par-clean.reports"), reports, "every round's average and the metrics, exactly once");
    Map<String, byte[]> models = KafkaTesting.newest(broker, "par-failed.models");
    assertEquals(List.of("final", "mixed"), models.keySet().stream().sorted().toList());
    assertArrayEquals(KafkaTesting.newest(broker, "par-clean.models").get("final"), models.get("final"));
    // the topic's records shared out by number are the file's lines shared out by line number: the same final average
    Path file = dir.resolve("par-in.svm");
    assertEquals(lines, KafkaTesting.lines(file));
    List<String> fromFile = FlinkTesting.collect(Jobs.parallel(FlinkTesting.env(2, null), List.of(file.toString()),
        DataSpec.libSvm(FlinkTesting.LABELS), FlinkTesting.setup("falt"), 2, 500, List.of(), true, false, null).all());
    String last = FlinkTesting.ofType(fromFile, "mixed").stream().filter(l -> l.contains("\"round\":\"final\"")).findFirst().orElseThrow();
    assertTrue(last.endsWith("\"model\":\"" + Base64.getEncoder().encodeToString(models.get("final")) + "\"}"));

    // predictions of that model, p = 2, failed and restored: each record's once
    Path model = dir.resolve("final.model");
    java.nio.file.Files.write(model, Models.toBytes(Models.learner(models.get("final"), "final")));
    said = stderrOf("predict", "--model", model.toString(), "--data", in, "--stop-at-end", "--parallelism", "2", "--out",
        topic("par-predicted"), "--checkpoint-ms", "100", "--restarts", "3", "--fail-at", "350");
    assertTrue(said.contains("--fail-at 350: the injected failure stopped the job, which restarted from checkpoint"), said);
    List<String> predicted = KafkaTesting.read(broker, "par-predicted");
    assertEquals(1498, predicted.size());
    assertEquals(1498, predicted.stream().map(KafkaJobsTest::where).distinct().count());
    assertEquals(2, KafkaTesting.read(broker, "par-predicted.dead-letter").size());
  }

  @Test
  void aBrokerOutageWhileTheJobRunsLosesAndRepeatsNothing() throws Exception {
    String in = topic("outage-in");
    records("outage-in");
    FlinkTesting.Throttle.reset();
    FlinkCommand.testTap = FlinkTesting.throttle(2); // about 1.5 s of records
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> job = pool.submit(() -> run(keyed(in, topic("outage-out"))));
      long deadline = System.currentTimeMillis() + 60_000;
      while (FlinkTesting.Throttle.SEEN.get() < 300 && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(FlinkTesting.Throttle.SEEN.get() >= 300, "the job runs");
      broker.stop();
      Thread.sleep(2000);
      broker.start();
      assertEquals(0, job.get(120, TimeUnit.SECONDS));
    } finally {
      broker.start();
      pool.shutdownNow();
    }
    List<String> out = KafkaTesting.read(broker, "outage-out");
    assertEquals(1498, out.size());
    assertEquals(1498, out.stream().map(KafkaJobsTest::where).distinct().count(), "each prediction exactly once");
  }

  @Test
  void poisonRecordsGoToTheDeadLetterTopicAndTheJobGoesOn() throws Exception {
    List<String> lines = new ArrayList<>(KafkaTesting.lines(FlinkTesting.libSvm(dir, "poison.svm", 200, 5, List.of())));
    List<String> poison = List.of("hello world", "1 0:1", "1 abc:1", "7 1:1", "1 " + "x".repeat(2_000_000));
    for (int i = 0; i < poison.size(); i++) {
      lines.add(40 * i + 10, poison.get(i));
    }
    KafkaTesting.produce(broker, "poison-in", lines);
    assertEquals(0, run(keyed(topic("poison-in"), topic("poison-out"))));
    long good = lines.stream().filter(l -> !l.isBlank()).count() - poison.size(); // a blank line is no record
    assertEquals(good, KafkaTesting.read(broker, "poison-out").size());
    List<String> dead = KafkaTesting.read(broker, "poison-out.dead-letter");
    assertEquals(poison.size(), dead.size());
    for (int i = 0; i < poison.size(); i++) {
      String d = dead.get(i);
      assertTrue(d.startsWith("{\"type\":\"bad\"") && d.contains("\"reason\":\""), d.substring(0, Math.min(300, d.length())));
      assertTrue(d.contains("\"topic\":\"poison-in\",\"partition\":0,\"offset\":" + lines.indexOf(poison.get(i)) + "}"),
          d.substring(Math.max(0, d.length() - 300)));
    }
    assertTrue(dead.get(3).contains("'7': label beyond"), dead.get(3));
    // a topic that is not there is not read as an empty one
    String err = FlinkMainTest.executeWithErr(2, keyed(topic("poison-typo"), topic("poison-out2")));
    assertTrue(err.contains("--data " + topic("poison-typo") + ": no such topic on the cluster"), err);
  }

  @Test
  void predictWatchSwapsToEachNewModelOfTheTopicARunPublishes() throws Exception {
    List<String> lines = KafkaTesting.lines(FlinkTesting.libSvm(dir, "watch.svm", 900, 9, List.of()));
    KafkaTesting.produce(broker, "watch-in", lines.subList(0, 100));
    KafkaTesting.produce(broker, "watch-train", lines.subList(600, 900));
    KafkaAddress models = broker.topic("watch-models");
    KafkaTopics.ensureModels(models);
    StreamExecutionEnvironment env = FlinkTesting.env(1, null);
    // as predict --watch kafka://... builds its job
    Jobs.Streams scored = Jobs.score(env, new KafkaInput(broker.topic("watch-in"), KafkaIo.Start.EARLIEST, false, "watch-in"),
        DataSpec.libSvm(FlinkTesting.LABELS), FlinkTesting.LABELS, KafkaModels.follow(env, models, FlinkTesting.LABELS, "watch"), 1,
        false, null, ShapeFit.Allowed.NOTHING);
    new KafkaOutputs(broker.topic("watch-out"), null, null, KafkaIo.Delivery.EXACTLY_ONCE, "predict").predictions(scored.main());
    JobClient job = env.executeAsync("predict --watch");
    try {
      // version 1, as a producer of models publishes it
      try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Map.of("bootstrap.servers", broker.bootstrap()),
          new ByteArraySerializer(), new ByteArraySerializer())) {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(models.topic(), "mixed".getBytes(StandardCharsets.UTF_8),
            Models.toBytes(FlinkTesting.setup("falt").create(0)));
        r.headers().add(KafkaModels.VERSION, ByteBuffer.allocate(Long.BYTES).putLong(1).array());
        p.send(r);
      }
      List<String> out = awaitPredictions("watch-out", 100, l -> true);
      assertTrue(out.stream().allMatch(l -> l.contains("\"model\":1,")), out.get(0));
      // the final model of a run that publishes to the topic replaces it while the job runs
      assertEquals(0, run("run", "--mode", "parallel", "--learner", "falt", "--num-labels", "5", "--data", topic("watch-train"),
          "--stop-at-end", "--models", models.toString(), "--out", dir.resolve("run").toString(), "--checkpoint-ms", "100"));
      long deadline = System.currentTimeMillis() + 60_000;
      int sent = 100;
      while (out.stream().noneMatch(l -> l.contains("\"model\":\"final\"")) && System.currentTimeMillis() < deadline && sent < 600) {
        KafkaTesting.produce(broker, "watch-in", lines.subList(sent, sent + 20));
        sent += 20;
        Thread.sleep(300);
        out = KafkaTesting.read(broker, "watch-out");
      }
      int swapped = out.indexOf(out.stream().filter(l -> l.contains("\"model\":\"final\"")).findFirst().orElseThrow());
      assertTrue(swapped >= 100, "the first 100 records were scored by version 1");
      assertTrue(out.subList(swapped, out.size()).stream().allMatch(l -> l.contains("\"model\":\"final\"")), "never back to version 1");
      assertTrue(dir.resolve("run").resolve("final.model").toFile().isFile(), "--models with --out DIR: the files too");
    } finally {
      job.cancel().get();
    }
  }

  /** A run without --stop-at-end learns as records come: predictions and each key's model versions reach their topics live. */
  @Test
  void aLiveKeyedRunPublishesItsModelsAsRecordsCome() throws Exception {
    List<String> lines = KafkaTesting.lines(FlinkTesting.libSvm(dir, "live.svm", 800, 13, List.of()));
    KafkaTesting.produce(broker, "live-in", lines.subList(0, 600));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    STOP.set(false);
    FlinkCommand.testTap = records -> records.map(new StopTap()).setParallelism(records.getParallelism()).uid("stop-tap");
    try {
      Future<Integer> job = pool.submit(() -> run("run", "--mode", "keyed", "--learner", "falt", "--key-by", "mod:2", "--num-labels",
          "5", "--data", topic("live-in"), "--out", topic("live-out"), "--publish-every", "100", "--checkpoint-ms", "100"));
      awaitPredictions("live-out", 600, l -> true);
      KafkaTesting.produce(broker, "live-in", lines.subList(600, 800));
      awaitPredictions("live-out", 800, l -> true);
      long deadline = System.currentTimeMillis() + 30_000;
      Map<String, byte[]> models = KafkaTesting.newest(broker, "live-out.models");
      while (!(models.size() == 2 && models.values().stream().allMatch(m -> Models.learner(m, "m").examplesSeen() == 400))
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
        models = KafkaTesting.newest(broker, "live-out.models");
      }
      for (byte[] m : models.values()) { // offsets 0-799, keys by offset mod 2: 400 each, published at 100, ..., 400
        assertEquals(400, Models.learner(m, "a key's model").examplesSeen());
      }
      assertEquals(List.of("key-k0", "key-k1"), models.keySet().stream().sorted().toList());
      assertTrue(!job.isDone(), "the job runs until cancelled");
      // ended as a failure ends it (no restarts): the next record fails the job
      STOP.set(true);
      KafkaTesting.produce(broker, "live-in", lines.subList(0, 1));
      assertTrue(job.get(60, TimeUnit.SECONDS) != 0, "ended by the failure");
    } finally {
      pool.shutdownNow();
    }
    List<String> out = KafkaTesting.read(broker, "live-out");
    assertEquals(800, out.size());
    assertEquals(800, out.stream().map(KafkaJobsTest::where).distinct().count());
  }

  /**
   * Fails the job once, after record 800 and 30 records past a completed checkpoint, 200 ms after the last (so that their
   * predictions have left the at-least-once producer): what a restart repeats is then in the topic for sure.
   */
  static final class FailAfterOutput implements org.apache.flink.api.common.functions.MapFunction<org.altml.flink.source.TextLine,
      org.altml.flink.source.TextLine>, org.apache.flink.api.common.state.CheckpointListener {
    private static final long serialVersionUID = 1L;
    static final java.util.concurrent.atomic.AtomicBoolean FAILED = new java.util.concurrent.atomic.AtomicBoolean();
    private long seen;
    private long sinceCheckpoint = -1;

    @Override
    public org.altml.flink.source.TextLine map(org.altml.flink.source.TextLine line) throws Exception {
      seen++;
      if (sinceCheckpoint >= 0) {
        sinceCheckpoint++;
      }
      Thread.sleep(1);
      if (seen >= 800 && sinceCheckpoint >= 30 && !FAILED.get()) {
        Thread.sleep(200);
        FAILED.set(true);
        throw new IllegalStateException("injected failure " + sinceCheckpoint + " records after a checkpoint");
      }
      return line;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      sinceCheckpoint = 0;
    }
  }

  /** Set: the next record fails the job (a live run's end in a test). */
  static final java.util.concurrent.atomic.AtomicBoolean STOP = new java.util.concurrent.atomic.AtomicBoolean();

  /** Fails the job at the first record after {@link #STOP} is set. */
  static final class StopTap implements org.apache.flink.api.common.functions.MapFunction<org.altml.flink.source.TextLine,
      org.altml.flink.source.TextLine> {
    private static final long serialVersionUID = 1L;

    @Override
    public org.altml.flink.source.TextLine map(org.altml.flink.source.TextLine line) {
      if (STOP.get()) {
        throw new IllegalStateException("the test ends the live run");
      }
      return line;
    }
  }

  /** The predictions of {@code topic} once there are at least {@code n} (read_committed), within 60 s. */
  private static List<String> awaitPredictions(String topic, int n, java.util.function.Predicate<String> which) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    List<String> out = KafkaTesting.read(broker, topic);
    while (out.stream().filter(which).count() < n && System.currentTimeMillis() < deadline) {
      Thread.sleep(200);
      out = KafkaTesting.read(broker, topic);
    }
    assertTrue(out.size() >= n, topic + ": " + out.size() + " predictions, not " + n);
    return out;
  }
}
