package org.altml.flink.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaTopics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The Kafka benchmark ({@code alt-bench/kafka-bench.sh}): on a broker inside this JVM, the RCV1-shaped stream scored by
 * {@code alt flink predict} from a topic to a topic, for FALT and SALT at p = 1 and 2: throughput (the job's own
 * streaming records/s, the topic filled before the job starts, one untimed job before the first so that the broker's JIT
 * has compiled its paths) side by side with {@code alt predict} on the same records from a file (wall time, alternating),
 * and the latency from produce to prediction (p50, p99) with records produced at a
 * steady rate while the job runs. Every job is a separate {@code ./alt} process, as a user runs it.
 */
@Command(name = "kafka-bench", hidden = true, mixinStandardHelpOptions = true, description = "Kafka throughput and latency of alt flink"
    + " predict against alt predict (alt-bench/kafka-bench.sh runs it).")
public final class KafkaBench implements Callable<Integer> {
  @Option(names = "--alt", required = true, description = "the ./alt launcher")
  Path alt;
  @Option(names = "--work", required = true, description = "a folder for the data and models (kept: reused by the next run)")
  Path work;
  @Option(names = "--records", defaultValue = "200000", description = "records scored per throughput run")
  int records;
  @Option(names = "--runs", defaultValue = "3", description = "throughput runs per learner")
  int runs;
  @Option(names = "--learners", defaultValue = "falt,salt", split = ",")
  List<String> learners;
  @Option(names = "--rate", defaultValue = "2000", description = "records/s of the latency runs")
  int rate;
  @Option(names = "--seconds", defaultValue = "30", description = "measured seconds of each latency run")
  int seconds;
  @Option(names = "--checkpoint-ms", defaultValue = "1000", description = "the jobs' checkpoint interval (exactly-once commits)")
  long checkpointMs;
  @Option(names = "--phases", defaultValue = "throughput,latency,memory", split = ",", description = "what to measure")
  List<String> phases;
  @Option(names = "--pending", defaultValue = "100000", description = "memory: examples waiting for labels, measured on top of a"
      + " first fifth as many")
  int pending;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public Integer call() throws Exception {
    Files.createDirectories(work);
    Path train = work.resolve("train.svm");
    Path score = work.resolve("score-" + records + ".svm");
    if (!Files.exists(train)) {
      run(List.of("generate", "-n", "100000", train.toString()));
    }
    if (!Files.exists(score)) {
      run(List.of("generate", "-n", String.valueOf(records), "--skip", "100000", score.toString()));
    }
    for (String learner : learners) {
      Path model = work.resolve(learner + ".model");
      if (!Files.exists(model)) {
        run(List.of("train", "--learner", learner, "--num-labels", "101", "--data", train.toString(), "--model", model.toString(), "-q"));
      }
    }
    List<String> lines = Files.readAllLines(score, StandardCharsets.UTF_8);
    System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + cpu() + ", load " + load());
    if (phases.contains("memory")) {
      PendingMemory.measure(pending, System.out);
    }
    if (!phases.contains("throughput") && !phases.contains("latency")) {
      return 0;
    }
    try (EmbeddedBroker broker = EmbeddedBroker.start("alt-kafka-bench")) {
      KafkaAddress in = broker.topic("bench-in");
      KafkaTopics.ensure(in, 2, Map.of());
      fill(in, lines);
      Map<String, List<Double>> results = new HashMap<>();
      if (phases.contains("throughput")) {
        // untimed: the broker's JVM is as new as the topic, and the first job to read it and write to it transactionally
        // would pay for compiling the broker's fetch and transaction paths (a broker in production has long done so)
        JsonNode warm = scoreTopic(broker, in, work.resolve(learners.get(0) + ".model"), "bench-out-warm-up", 1);
        System.out.printf(Locale.ROOT, "warm-up (untimed: the broker's JIT) %s p=1: %.0f records/s%n", learners.get(0),
            warm.path("streamingRecordsPerSecond").asDouble());
      }
      for (int r = 1; phases.contains("throughput") && r <= runs; r++) {
        for (String learner : learners) {
          Path model = work.resolve(learner + ".model");
          long t0 = System.nanoTime();
          run(List.of("predict", "--model", model.toString(), "--data", score.toString(), "--out", "/dev/null"));
          double cli = lines.size() / ((System.nanoTime() - t0) / 1e9);
          results.computeIfAbsent(learner + " alt predict", k -> new ArrayList<>()).add(cli);
          System.out.printf(Locale.ROOT, "run %d %s alt predict (file, wall): %.0f records/s%n", r, learner, cli);
          for (int p = 1; p <= 2; p++) {
            JsonNode summary = scoreTopic(broker, in, model, "bench-out-" + learner + "-" + p + "-" + r, p);
            double rps = summary.path("streamingRecordsPerSecond").asDouble();
            long n = summary.path("records").asLong();
            if (n != lines.size()) {
              throw new IllegalStateException("the job scored " + n + " records of " + lines.size() + ": " + summary);
            }
            results.computeIfAbsent(learner + " flink p=" + p, k -> new ArrayList<>()).add(rps);
            System.out.printf(Locale.ROOT, "run %d %s alt flink predict kafka->kafka p=%d (streaming): %.0f records/s%n", r, learner, p, rps);
          }
        }
      }
      System.out.println("medians (records/s):");
      for (String learner : phases.contains("throughput") ? learners : List.<String>of()) {
        double cli = median(results.get(learner + " alt predict"));
        double p1 = median(results.get(learner + " flink p=1"));
        double p2 = median(results.get(learner + " flink p=2"));
        System.out.printf(Locale.ROOT, "  %s: alt predict %.0f, flink p=1 %.0f (%.2fx of alt predict), p=2 %.0f (%.2fx p=1)%n", learner, cli,
            p1, p1 / cli, p2, p2 / p1);
      }
      for (String learner : phases.contains("latency") ? learners : List.<String>of()) {
        for (int p = 1; p <= 2; p++) {
          latency(broker, learner, p, lines);
        }
      }
    }
    return 0;
  }

  /** The summary of {@code alt flink predict} scoring all of topic {@code in} with {@code model} into topic {@code out} at parallelism {@code p}. */
  private JsonNode scoreTopic(EmbeddedBroker broker, KafkaAddress in, Path model, String out, int p) throws Exception {
    return JSON.readTree(run(List.of("flink", "predict", "--model", model.toString(), "--data", in.toString(), "--num-labels", "101",
        "--out", broker.topic(out).toString(), "--stop-at-end", "--parallelism", String.valueOf(p), "--checkpoint-ms",
        String.valueOf(checkpointMs))).lines().filter(s -> s.startsWith("{")).reduce((a, b) -> b).orElseThrow());
  }

  /** Fills {@code topic} with the lines, alternating its two partitions. */
  private static void fill(KafkaAddress topic, List<String> lines) throws Exception {
    try (KafkaProducer<String, String> p = producer(topic)) {
      for (int i = 0; i < lines.size(); i++) {
        p.send(new ProducerRecord<>(topic.topic(), i % 2, null, lines.get(i)));
      }
      p.flush();
    }
  }

  private static KafkaProducer<String, String> producer(KafkaAddress topic) {
    return new KafkaProducer<>(Map.of("bootstrap.servers", topic.bootstrap(), "linger.ms", "0", "enable.idempotence", "true"),
        new StringSerializer(), new StringSerializer());
  }

  /**
   * One latency run: the job runs until stopped; records go in at {@link #rate} per second, first a warm-up until the
   * first prediction is seen, then {@link #seconds} measured seconds; each prediction's latency is the time from its
   * record's produce timestamp to the prediction's (written by the job's producer), and its visible latency the time to
   * when a read_committed reader received it (exactly-once outputs are visible at the checkpoint after them).
   */
  private void latency(EmbeddedBroker broker, String learner, int p, List<String> lines) throws Exception {
    KafkaAddress in = broker.topic("lat-in-" + learner + "-" + p);
    KafkaAddress out = broker.topic("lat-out-" + learner + "-" + p);
    KafkaTopics.ensure(in, 2, Map.of());
    KafkaTopics.ensure(out);
    Path log = work.resolve("latency-" + learner + "-" + p + ".log");
    List<String> command = new ArrayList<>(List.of(alt.toString(), "flink", "predict", "--model", work.resolve(learner + ".model").toString(),
        "--data", in.toString(), "--num-labels", "101", "--out", out.toString(), "--parallelism", String.valueOf(p), "--checkpoint-ms",
        String.valueOf(checkpointMs)));
    Process job = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    // "partition:offset" -> produce time (ms), filled by the producer's callbacks as the broker acknowledges
    Map<String, Long> sent = new java.util.concurrent.ConcurrentHashMap<>();
    Map<String, long[]> early = new HashMap<>(); // predictions read before their record's acknowledgement: its times
    List<Long> produce = new ArrayList<>();
    List<Long> visible = new ArrayList<>();
    AtomicBoolean measuring = new AtomicBoolean();
    try (KafkaProducer<String, String> producer = producer(in);
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", out.bootstrap(), "group.id", "lat-" + out.topic(),
            "auto.offset.reset", "earliest", "isolation.level", "read_committed"), new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(out.topic()));
      long warmupEnd = System.currentTimeMillis() + 120_000;
      int i = 0;
      boolean seen = false;
      while (!seen) { // warm-up: until the job's first prediction arrives
        if (System.currentTimeMillis() > warmupEnd || !job.isAlive()) {
          throw new IllegalStateException("the job produced nothing (see " + log + ")");
        }
        producer.send(new ProducerRecord<>(in.topic(), i % 2, null, lines.get(i++ % lines.size())));
        seen = !consumer.poll(Duration.ofMillis(20)).isEmpty();
      }
      Thread.sleep(2 * checkpointMs); // the warm-up's predictions drain
      consumer.poll(Duration.ofMillis(200));
      measuring.set(true);
      long n = (long) rate * seconds;
      long start = System.nanoTime();
      for (long k = 0; k < n; k++) {
        long wait = start + (long) (k * 1e9 / rate) - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(Math.min(wait, 5_000_000));
        }
        producer.send(new ProducerRecord<>(in.topic(), (int) (k % 2), null, lines.get((int) ((i + k) % lines.size()))), (m, e) -> {
          if (m != null) {
            sent.put(m.partition() + ":" + m.offset(), m.timestamp());
          }
        });
        receive(consumer, sent, early, produce, visible);
      }
      producer.flush();
      long end = System.currentTimeMillis() + 10 * checkpointMs + 5000;
      while (produce.size() < n && System.currentTimeMillis() < end) {
        receive(consumer, sent, early, produce, visible);
      }
      System.out.printf(Locale.ROOT, "latency %s p=%d at %d records/s (%d measured of %d): produce->prediction p50 %d ms, p99 %d ms;"
          + " produce->visible (read_committed, checkpoints every %d ms) p50 %d ms, p99 %d ms%n", learner, p, rate, produce.size(), n,
          percentile(produce, 0.5), percentile(produce, 0.99), checkpointMs, percentile(visible, 0.5), percentile(visible, 0.99));
    } finally {
      job.destroy();
      if (!job.waitFor(30, TimeUnit.SECONDS)) {
        job.destroyForcibly();
      }
    }
  }

  /**
   * Reads what is there; a prediction of a measured record adds its two latencies (one read before its record's
   * acknowledgement reached the callback waits in {@code early} for it).
   */
  private static void receive(KafkaConsumer<String, String> consumer, Map<String, Long> sent, Map<String, long[]> early, List<Long> produce,
      List<Long> visible) throws IOException {
    long now = System.currentTimeMillis();
    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ZERO)) {
      JsonNode line = JSON.readTree(r.value());
      String file = line.path("file").asText();
      early.put(file.substring(file.lastIndexOf('#') + 1) + ":" + line.path("line").asLong(), new long[] {r.timestamp(), now});
    }
    for (java.util.Iterator<Map.Entry<String, long[]>> it = early.entrySet().iterator(); it.hasNext();) {
      Map.Entry<String, long[]> e = it.next();
      Long at = sent.get(e.getKey());
      if (at != null) {
        produce.add(e.getValue()[0] - at);
        visible.add(e.getValue()[1] - at);
        it.remove();
      }
    }
  }

  private static long percentile(List<Long> xs, double q) {
    if (xs.isEmpty()) {
      return -1;
    }
    long[] a = xs.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(a);
    return a[(int) Math.min(a.length - 1, Math.floor(q * a.length))];
  }

  private static double median(List<Double> xs) {
    double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
  }

  /** Runs {@code ./alt ARGS}; returns its standard output; fails with its output when it fails. */
  private String run(List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(alt.toString());
    command.addAll(args);
    Path log = Files.createTempFile(work, "run", ".log");
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).redirectOutput(log.toFile()).start();
    int code = process.waitFor();
    String out = Files.readString(log);
    Files.delete(log);
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", command) + " exited with " + code + ": " + out);
    }
    return out;
  }

  private static String cpu() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("?");
    } catch (IOException e) {
      return "?";
    }
  }

  private static String load() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "?";
    }
  }
}
