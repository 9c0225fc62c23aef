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
 * records come whose labels never do, and the heap in use after a full collection is read once {@code n/5} examples
 * wait and again once {@code n} more do: the difference over {@code n} is one waiting example's memory, with every
 * overhead of the state backend, its timer and the eviction order.
 */
final class PendingMemory {
  private PendingMemory() {}

  static void measure(int n, PrintStream out) throws Exception {
    int first = Math.max(1, n / 5);
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
      try (ExampleStream examples = new SparseTextGenerator(SparseTextGenerator.Config.defaults().withSeed(5)).stream(first + n);
          KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", records.bootstrap()), new StringSerializer(),
              new StringSerializer())) {
        long[] heap = new long[2];
        long sent = 0;
        for (int phase = 0; phase < 2; phase++) {
          long upTo = phase == 0 ? first : first + n;
          for (; sent < upTo && examples.advance(); sent++) {
            p.send(new ProducerRecord<>(records.topic(), DelayedLabelStream.id(sent), DelayedLabelStream.featuresLine(examples.features())));
          }
          p.flush();
          while (it.hasNext() && Output.longField(it.next(), "pending") < upTo) {
            // the job has not yet kept them all
          }
          heap[phase] = usedAfterCollection();
        }
        double per = (double) (heap[1] - heap[0]) / n;
        out.printf(Locale.ROOT, "memory: serve (FALT, RCV1 shape: 76 non-zeros a record on average, L = 101), %d then %d examples waiting:"
            + " heap %.1f MB -> %.1f MB, %.0f bytes per waiting example; %,d waiting examples fit in 1 GB%n", first, first + n,
            heap[0] / 1e6, heap[1] / 1e6, per, (long) ((1L << 30) / per));
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
