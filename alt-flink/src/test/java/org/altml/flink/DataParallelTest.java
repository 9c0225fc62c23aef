package org.altml.flink;

import org.altml.flink.model.Models;
import org.altml.flink.output.TestMetrics;
import org.altml.flink.source.DataSpec;
import org.altml.flink.training.LearnerSetup;
import org.altml.flink.training.ParameterMixing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data-parallel training with model averaging on a MiniCluster. */
class DataParallelTest {
  @TempDir Path dir;

  @Test
  void oneWorkerIsTheSequentialLearner() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "train.svm", 1500, 3, List.of());
    LearnerSetup setup = FlinkTesting.setup("falt");
    List<String> out = FlinkTesting.collect(Jobs.parallel(FlinkTesting.env(1, null), List.of(file.toString()),
        DataSpec.libSvm(FlinkTesting.LABELS), setup, 1, 500, List.of(), true, false, null).all());
    List<String> mixed = FlinkTesting.ofType(out, "mixed");
    assertEquals(3, mixed.size(), String.join("\n", mixed)); // rounds 1, 2 and the final one
    String last = mixed.stream().filter(l -> l.contains("\"round\":\"final\"")).findFirst().orElseThrow();

    OnlineMultiLabelLearner sequential = setup.create(0);
    Scores scores = new Scores(FlinkTesting.LABELS);
    try (LibSvmReader r = LibSvmReader.open(file, ReadOptions.defaults().withNumLabels(FlinkTesting.LABELS))) {
      while (r.advance()) {
        sequential.predictThenUpdate(r.features(), r.labels(), scores);
      }
    }
    String expected = Base64.getEncoder().encodeToString(Models.toBytes(sequential));
    assertTrue(last.endsWith("\"model\":\"" + expected + "\"}"), "p = 1 is the sequential learner, bit for bit");
  }

  @Test
  void averagedModelsAndMetricsSurviveAFailureBitForBit() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of(50));
    Path test = FlinkTesting.libSvm(dir, "test.svm", 300, 8, List.of());
    DataSpec data = DataSpec.libSvm(FlinkTesting.LABELS);
    LearnerSetup setup = FlinkTesting.setup("salt");

    List<String> clean = FlinkTesting.collect(Jobs.parallel(FlinkTesting.env(2, null), List.of(train.toString()), data, setup, 2, 500,
        List.of(test.toString()), true, false, null).all());
    List<String> mixed = FlinkTesting.ofType(clean, "mixed");
    assertEquals(4, mixed.size(), String.join("\n", mixed)); // rounds 1-3 and the final one (line 2000 starts no round)
    assertEquals(300, FlinkTesting.ofType(clean, "prediction").size(), "every test line scored once by an averaged model");
    assertEquals(1, FlinkTesting.ofType(clean, "bad").size());
    String last = mixed.stream().filter(l -> l.contains("\"round\":\"final\"")).findFirst().orElseThrow();
    assertTrue(last.contains("\"count\":1999"), last);
    String simulated = Base64.getEncoder().encodeToString(Models.toBytes(
        ParameterMixing.train(setup, ParameterMixing.read(train, data), 2, 500, false)));
    assertTrue(last.endsWith("\"model\":\"" + simulated + "\"}"), "ParameterMixing computes the job's final average bit for bit");

    // (with scores: the test metrics must be those of the predictions collected, each test record scored once)
    org.apache.flink.streaming.api.environment.StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    org.altml.flink.source.FailAt.Report[] report = new org.altml.flink.source.FailAt.Report[1];
    List<String> failed = FlinkTesting.collect(Jobs.parallel(env, List.of(train.toString()), data, setup, 2, 500,
        List.of(test.toString()), true, true, FlinkTesting.failAt(env, 600, report)).all());
    assertTrue(report[0].report() > 0, "the failure was injected and the job restarted");
    assertEquals(mixed, FlinkTesting.ofType(failed, "mixed"), "every averaged model and the merged metrics bit-equal after a restart");
    assertEquals(300, FlinkTesting.ofType(failed, "prediction").size());
    // which average scores which test record depends on timing (they are scored as they are read), so the test
    // metrics are compared with those of the predictions collected, which the restart kept exactly once
    TestMetrics metrics = new TestMetrics();
    assertEquals(2, failed.stream().filter(metrics::offer).count(), "one per predictor");
    org.altml.core.metric.EvaluationSuite expected = FlinkTesting.suiteOf(FlinkTesting.ofType(failed, "prediction"), test,
        org.altml.core.metric.ZeroDivisionPolicy.SPEC);
    assertEquals(300, expected.count());
    TestMetrics fromPredictions = new TestMetrics();
    fromPredictions.offer("{\"type\":\"test-metrics\",\"suite\":\"" + Base64.getEncoder().encodeToString(Models.toBytes(expected)) + "\"}");
    assertEquals(fromPredictions.json(), metrics.json(), "the test metrics are checkpointed with the predictors: each record counted once");
  }
}
