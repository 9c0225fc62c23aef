package org.altml.flink.demo;

import java.io.IOException;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.ExampleStream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A seeded stream of records and their labels arriving later, as a live tagging service sees them: record i (key
 * {@code r<i>}, a LIBSVM line of features only) goes to the records topic, and its labels ({@code {"id":"r<i>",
 * "labels":[...]}}) go to the feedback topic after a delay of about {@code delay} records, drawn uniformly from {@code
 * [delay/2, 3·delay/2]} (so labels arrive out of order), or never, with probability {@code never}. What the demo and
 * the benchmark feed {@code alt flink serve} with.
 *
 * @param delay the mean delay of a record's labels, in records
 * @param never the probability that a record's labels never come
 * @param recordsPerSecond the pace of the records (0: as fast as the producer goes)
 * @param seed the seed of the delays and of which labels never come
 */
public record DelayedLabelStream(int delay, double never, double recordsPerSecond, long seed) {
  /** The id of record {@code i}. */
  public static String id(long i) {
    return "r" + i;
  }

  /** The record's line: its features as LIBSVM ({@code index:value}, 1-based), no labels. */
  public static String featuresLine(SparseVector x) {
    StringBuilder sb = new StringBuilder(x.nnz() * 12);
    int[] ix = x.indices();
    float[] vx = x.values();
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      if (k > x.offset()) {
        sb.append(' ');
      }
      sb.append(ix[k] + 1).append(':').append(vx[k]);
    }
    return sb.toString();
  }

  /** The feedback message of record {@code id}: {@code {"id":"...","labels":[...]}}. */
  public static String feedback(String id, LabelSet y) {
    StringBuilder sb = new StringBuilder(32).append("{\"id\":\"").append(id).append("\",\"labels\":[");
    for (int k = 0; k < y.size(); k++) {
      sb.append(k > 0 ? "," : "").append(y.label(k));
    }
    return sb.append("]}").toString();
  }

  private record Due(long at, long seq, String message) {}

  /**
   * Produces every example of {@code examples} to {@code records} and their labels to {@code feedback} (the labels still
   * due when the records end are sent then, in their order), until {@code stop} says so, calling {@code sent} after each
   * record (the demo counts them).
   *
   * @return the number of records produced
   */
  public long produce(ExampleStream examples, KafkaAddress records, KafkaAddress feedback, BooleanSupplier stop, Runnable sent)
      throws IOException, InterruptedException {
    SplittableRandom random = new SplittableRandom(seed);
    PriorityQueue<Due> due = new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    long n = 0;
    long start = System.nanoTime();
    try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", records.bootstrap(), "linger.ms", "5",
        "enable.idempotence", "true"), new StringSerializer(), new StringSerializer())) {
      while (!stop.getAsBoolean() && examples.advance()) {
        String id = id(n);
        p.send(new ProducerRecord<>(records.topic(), id, featuresLine(examples.features())));
        boolean comes = random.nextDouble() >= never;
        long at = n + delay / 2 + (delay > 0 ? random.nextLong(delay + 1) : 0);
        if (comes) {
          due.add(new Due(at, n, feedback(id, examples.labels())));
        }
        while (!due.isEmpty() && due.peek().at <= n) {
          p.send(new ProducerRecord<>(feedback.topic(), null, due.poll().message));
        }
        n++;
        sent.run();
        if (recordsPerSecond > 0) {
          long wait = start + (long) (n * 1e9 / recordsPerSecond) - System.nanoTime();
          if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
          }
        }
      }
      while (!due.isEmpty() && !stop.getAsBoolean()) {
        p.send(new ProducerRecord<>(feedback.topic(), null, due.poll().message));
      }
      p.flush();
    }
    return n;
  }
}
