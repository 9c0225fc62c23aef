package org.altml.flink;

import org.altml.flink.source.DataSpec;
import org.altml.flink.source.PermanentFailure;
import org.altml.flink.training.LearnerSetup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One model per key on a MiniCluster: results, bad records, and exactly-once state across a failure. */
class KeyedPrequentialTest {
  @TempDir Path dir;

  @Test
  void everyKeyLearnsAndAFailureChangesNothing() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of(100, 333));
    DataSpec data = DataSpec.libSvm(FlinkTesting.LABELS);
    LearnerSetup setup = FlinkTesting.setup("salt");

    List<String> clean = FlinkTesting.collect(Jobs.keyed(FlinkTesting.env(2, null), List.of(file.toString()), data, setup, "mod:3", 2,
        true, false, null).all());
    List<String> reports = FlinkTesting.ofType(clean, "key");
    assertEquals(3, reports.size(), String.join("\n", reports));
    assertEquals(1998, FlinkTesting.ofType(clean, "prediction").size());
    List<String> bad = FlinkTesting.ofType(clean, "bad");
    assertEquals(2, bad.size());
    // the reader's own message, without the "file:line: " prefix that the record's fields carry
    assertTrue(bad.get(0).endsWith("\"line\":100,\"reason\":\"token '3:x': value 'x' is not a number\"}"), bad.get(0));
    assertTrue(bad.get(1).contains("\"line\":333,\"reason\":") && bad.get(1).contains("9"), bad.get(1));

    org.apache.flink.streaming.api.environment.StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    org.altml.flink.source.FailAt.Report[] report = new org.altml.flink.source.FailAt.Report[1];
    List<String> failed = FlinkTesting.collect(Jobs.keyed(env, List.of(file.toString()), data, setup, "mod:3", 2,
        true, false, FlinkTesting.failAt(env, 1000, report)).all());
    assertTrue(report[0].report() > 0, "the failure was injected and the job restarted");
    assertEquals(reports, FlinkTesting.ofType(failed, "key"), "models and prequential metrics bit-equal after a restart");
    assertEquals(FlinkTesting.ofType(clean, "prediction"), FlinkTesting.ofType(failed, "prediction"));
    assertFalse(reports.get(0).contains("\"f1\":null"));
  }

  /**
   * A truncated gzip file ends the job at once with the file's message, whatever the restart strategy allows: a
   * restart would read the same bytes (the job's environment allows 3 restarts).
   */
  @Test
  void brokenDataEndsTheJobWithoutRestarts() throws Exception {
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(gz)) {
      z.write(java.nio.file.Files.readAllBytes(FlinkTesting.libSvm(dir, "whole.svm", 4000, 7, List.of())));
    }
    Path broken = dir.resolve("broken.svm.gz");
    java.nio.file.Files.write(broken, java.util.Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
    DataSpec data = DataSpec.libSvm(FlinkTesting.LABELS);
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> FlinkTesting.collect(Jobs.keyed(
        FlinkTesting.env(2, null, 3), List.of(broken.toString()), data, FlinkTesting.setup("falt"), "mod:3", 2, true, false, null).all()));
    Throwable root = e;
    boolean restartRefused = false;
    for (Throwable t = e; t != null; t = t.getCause()) {
      root = t;
      // Flink's words for a failure it ends the job on at once; a restarted one says "Recovery is suppressed by
      // FixedDelayRestartBackoffTimeStrategy" after its attempts
      restartRefused |= t instanceof org.apache.flink.runtime.JobException && "The failure is not recoverable".equals(t.getMessage());
    }
    assertTrue(restartRefused, e.toString());
    assertTrue(root instanceof PermanentFailure && root.getMessage().matches(".*broken\\.svm\\.gz:\\d+: truncated or corrupt gzip data: .*"),
        root.toString());
  }

  /** A keyed run that publishes (a Kafka run's models topic) makes each key's model every N of its records and at the end. */
  @Test
  void aKeyPublishesItsModelEveryNRecordsAndAtTheEnd() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "publish.svm", 500, 3, List.of());
    Jobs.Built built = Jobs.keyed(FlinkTesting.env(2, null), Jobs.files(List.of(file.toString())), DataSpec.libSvm(FlinkTesting.LABELS),
        FlinkTesting.setup("falt"), "mod:2", 2, false, false, 100, null);
    List<String> versions = FlinkTesting.collect(built.models().map(m -> m.source + " " + m.round)
        .returns(org.apache.flink.api.common.typeinfo.Types.STRING)).stream().sorted().toList();
    long k0 = FlinkTesting.ofType(FlinkTesting.collect(Jobs.keyed(FlinkTesting.env(1, null), List.of(file.toString()),
        DataSpec.libSvm(FlinkTesting.LABELS), FlinkTesting.setup("falt"), "mod:2", 1, false, false, null).main()), "prediction")
        .stream().filter(l -> l.contains("\"key\":\"k0\"")).count();
    assertEquals(List.of("key-k0 100", "key-k0 200", "key-k0 " + k0, "key-k1 100", "key-k1 200", "key-k1 " + (500 - k0)).stream()
        .sorted().toList(), versions);
  }
}
