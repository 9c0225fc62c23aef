package org.altml.flink;

import org.altml.flink.source.DataSpec;
import org.altml.flink.training.LearnerSetup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stop with a savepoint at parallelism 2, resume at 3: every model comes back (keyed: by key; data-parallel: averaged). */
class RescaleTest {
  @TempDir Path dir;

  /** Runs {@code job} at p = 2, slowed down, and stops it with a savepoint after some 600 records; its path. */
  private String savepointMidway(Function<StreamExecutionEnvironment, Jobs.Streams> job) throws Exception {
    FlinkTesting.Throttle.reset();
    StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    job.apply(env).all().sinkTo(new DiscardingSink<>()).name("discard");
    JobClient client = env.executeAsync();
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (FlinkTesting.Throttle.SEEN.get() < 600 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    String path = client.stopWithSavepoint(false, dir.resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL).get();
    long seen = FlinkTesting.Throttle.SEEN.get();
    assertTrue(seen >= 600 && seen < 2000, "stopped midway: " + seen);
    return path;
  }

  @Test
  void keyedModelsMoveWithTheirKeys() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of());
    DataSpec data = DataSpec.libSvm(FlinkTesting.LABELS);
    LearnerSetup setup = FlinkTesting.setup("pa1");
    List<String> uninterrupted = FlinkTesting.ofType(FlinkTesting.collect(Jobs.keyed(FlinkTesting.env(2, null), List.of(file.toString()),
        data, setup, "mod:5", 2, true, false, FlinkTesting.throttle(0)).all()), "key");

    String savepoint = savepointMidway(env -> Jobs.keyed(env, List.of(file.toString()), data, setup, "mod:5", 2, true, false,
        FlinkTesting.throttle(1)));
    List<String> out = FlinkTesting.collect(Jobs.keyed(FlinkTesting.env(3, savepoint), List.of(file.toString()),
        data, setup, "mod:5", 3, true, false, FlinkTesting.throttle(0)).all());
    long predicted = FlinkTesting.ofType(out, "prediction").size();
    assertTrue(predicted > 0 && predicted <= 1400, "the resumed job predicted only what followed the savepoint: " + predicted);
    List<String> resumed = FlinkTesting.ofType(out, "key");
    assertEquals(5, resumed.size());
    assertEquals(uninterrupted, resumed, "every key's model and metrics as if the job had never stopped");
  }

  @Test
  void dataParallelWorkersResumeFromTheAverage() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of());
    DataSpec data = DataSpec.libSvm(FlinkTesting.LABELS);
    LearnerSetup setup = FlinkTesting.setup("falt");
    String savepoint = savepointMidway(env -> Jobs.parallel(env, List.of(file.toString()), data, setup, 2, 0, List.of(), true, false,
        FlinkTesting.throttle(1)));
    List<String> resumed = FlinkTesting.ofType(FlinkTesting.collect(Jobs.parallel(FlinkTesting.env(3, savepoint), List.of(file.toString()),
        data, setup, 3, 0, List.of(), true, false, FlinkTesting.throttle(0)).all()), "mixed");
    assertEquals(1, resumed.size(), String.join("\n", resumed));
    String last = resumed.get(0);
    // metrics: worker 0 took the merged metrics of both old workers, so every example counts once
    assertTrue(last.contains("\"count\":2000"), last);
    // counters: each of the 3 new workers started from the average of the 2 saved models, whose counter is
    // the sum of theirs (s = examples before the savepoint): 3s + (2000 - s) in all
    long examples = Long.parseLong(last.replaceAll(".*\"examples\":(\\d+),.*", "$1"));
    long before = (examples - 2000) / 2;
    assertEquals(2000 + 2 * before, examples, last);
    assertTrue(before >= 500 && before < 2000, "the savepoint held " + before + " examples: " + last);
  }
}
