package org.altml.flink.demo;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.flink.kafka.EmbeddedBroker;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaIo;
import org.altml.flink.kafka.KafkaTopics;
import org.altml.flink.output.Output;
import org.altml.flink.serve.ServeJob;
import org.altml.flink.serve.ServeSettings;
import org.altml.flink.source.DataSpec;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.synth.SparseTextGenerator;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The memory of the examples {@code alt flink serve} keeps waiting for their labels, measured on the job itself: the
 * job runs in this JVM (a local MiniCluster, state on the heap as Flink's default backend keeps it), RCV1-shaped
 * records come whose labels never do, and the heap in use after a full collection is read when n/5, 2n/5, ..., n
 * examples wait: the least-squares slope is one waiting example's memory, with every overhead of the state backend,
 * its timer and the eviction order.
 */
final class PendingMemory {
  private PendingMemory() {}

  static void measure(int n, PrintStream out) throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.start("alt-pending-memory")) {
      KafkaAddress records = broker.topic("memory-records");
      KafkaAddress feedback = broker.topic("memory-labels");
      KafkaTopics.ensure(records);
      KafkaTopics.ensure(feedback);
      StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
      env.setParallelism(1);
      LearnerSetup setup = LearnerSetup.of(Settings.parse(LearnerRegistry.get("falt"), new LinkedHashMap<>()), 101, 47_236, 1);
      ServeSettings settings = new ServeSettings(setup, 3_600_000, 10_000_000, 0, 250);
      DataStream<String> reports = ServeJob.build(env, ServeJob.Topics.of(records, feedback, broker.topic("memory-predictions"), null,
          null), DataSpec.libSvm(101), settings, KafkaIo.Start.EARLIEST, false, KafkaIo.Delivery.AT_LEAST_ONCE, null);
      CloseableIterator<String> it = reports.executeAndCollect("pending memory");
      try (ExampleStream examples = new SparseTextGenerator(SparseTextGenerator.Config.defaults().withSeed(5)).stream(n);
          KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", records.bootstrap()), new StringSerializer(),
              new StringSerializer())) {
        int points = 5;
        long[] waiting = new long[points];
        double[] heap = new double[points];
        long sent = 0;
        for (int k = 0; k < points; k++) {
          long upTo = (long) n * (k + 1) / points;
          for (; sent < upTo && examples.advance(); sent++) {
            p.send(new ProducerRecord<>(records.topic(), DelayedLabelStream.id(sent), DelayedLabelStream.featuresLine(examples.features())));
          }
          p.flush();
          while (it.hasNext() && Output.longField(it.next(), "pending") < upTo) {
            // the job has not yet kept them all
          }
          waiting[k] = upTo;
          heap[k] = usedAfterCollection();
        }
        // the least-squares slope of heap against waiting examples: one waiting example's memory
        double mx = 0;
        double my = 0;
        for (int k = 0; k < points; k++) {
          mx += waiting[k] / (double) points;
          my += heap[k] / points;
        }
        double sxy = 0;
        double sxx = 0;
        StringBuilder table = new StringBuilder();
        for (int k = 0; k < points; k++) {
          sxy += (waiting[k] - mx) * (heap[k] - my);
          sxx += (waiting[k] - mx) * (waiting[k] - mx);
          table.append(String.format(Locale.ROOT, "%s%,d: %.1f MB", k == 0 ? "" : ", ", waiting[k], heap[k] / 1e6));
        }
        double per = sxy / sxx;
        out.printf(Locale.ROOT, "memory: serve (FALT, RCV1 shape: 76 non-zeros a record on average, L = 101), heap in use after a full"
            + " collection with N examples waiting: %s; slope %.0f bytes per waiting example; %,d waiting examples fit in 1 GB%n", table,
            per, (long) ((1L << 30) / per));
      } finally {
        it.close();
      }
    }
  }

  private static long usedAfterCollection() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(300);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
