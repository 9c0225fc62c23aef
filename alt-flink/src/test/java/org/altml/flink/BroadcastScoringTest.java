package org.altml.flink;

import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.altml.flink.source.DataSpec;
import org.altml.flink.training.LearnerSetup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broadcast scoring: p predictors, a model swapped while the stream runs. */
class BroadcastScoringTest {
  @TempDir Path dir;

  /** Holds the second model back until the predictors have seen some records. */
  static final class HoldBack implements MapFunction<ModelMessage, ModelMessage> {
    private static final long serialVersionUID = 1L;

    @Override
    public ModelMessage map(ModelMessage m) throws Exception {
      long deadline = System.nanoTime() + 20_000_000_000L;
      while (m.round == 2 && FlinkTesting.Throttle.SEEN.get() < 400 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      return m;
    }
  }

  @Test
  void aNewModelReplacesTheOldOneWithoutStoppingTheStream() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of());
    Path test = FlinkTesting.libSvm(dir, "test.svm", 1000, 8, List.of(1000));
    LearnerSetup setup = FlinkTesting.setup("falt");
    OnlineMultiLabelLearner small = setup.create(0);
    OnlineMultiLabelLearner large = setup.create(0);
    Scores scores = new Scores(FlinkTesting.LABELS);
    ReadOptions options = ReadOptions.defaults().withNumLabels(FlinkTesting.LABELS);
    try (LibSvmReader r = LibSvmReader.open(train, options)) {
      for (int i = 0; r.advance(); i++) {
        if (i < 20) {
          small.update(r.features(), r.labels());
        }
        large.update(r.features(), r.labels());
      }
    }
    Map<Long, OnlineMultiLabelLearner> versions = Map.of(1L, small, 2L, large);

    FlinkTesting.Throttle.reset();
    StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    DataStream<ModelMessage> models = env.fromData(TypeInformation.of(ModelMessage.class),
        new ModelMessage(1, -1, 1, Models.toBytes(small), null), new ModelMessage(2, -1, 1, Models.toBytes(large), null))
        .setParallelism(1).map(new HoldBack()).setParallelism(1);
    List<String> out = FlinkTesting.collect(Jobs.score(env, List.of(test.toString()), DataSpec.libSvm(FlinkTesting.LABELS),
        FlinkTesting.LABELS, models, 2, false, FlinkTesting.throttle(1)).all());

    List<String> predictions = FlinkTesting.ofType(out, "prediction");
    assertEquals(999, predictions.size());
    assertEquals(1, FlinkTesting.ofType(out, "bad").size());
    Map<Long, String> expected = new HashMap<>();
    AtomicLong line = new AtomicLong();
    Map<Long, String> byLine = new HashMap<>();
    for (String p : predictions) {
      long l = Long.parseLong(p.replaceAll(".*\"line\":(\\d+),.*", "$1"));
      byLine.put(l, p);
    }
    assertEquals(999, byLine.size(), "every line scored exactly once");
    long[] perVersion = new long[3];
    try (LibSvmReader r = LibSvmReader.open(test, options.withNumLabels(FlinkTesting.LABELS))) {
      while (advanceSkippingBad(r, line)) {
        String p = byLine.get(r.lineNumber());
        long version = Long.parseLong(p.replaceAll(".*\"model\":(\\d+),.*", "$1"));
        perVersion[(int) version]++;
        versions.get(version).predict(r.features(), scores);
        String labels = p.replaceAll(".*\"labels\":\\[([0-9,]*)\\].*", "$1");
        StringBuilder want = new StringBuilder();
        for (int l = 0; l < FlinkTesting.LABELS; l++) {
          if (scores.isPredicted(l)) {
            want.append(want.length() == 0 ? "" : ",").append(l);
          }
        }
        expected.put(r.lineNumber(), want.toString());
        assertEquals(want.toString(), labels, "line " + r.lineNumber() + " predicted by model version " + version);
      }
    }
    assertTrue(perVersion[1] > 0 && perVersion[2] > 0, "both versions scored records: " + perVersion[1] + " and " + perVersion[2]);
  }

  /** Advances past the one bad line (the last) of the test file, which the reader would refuse. */
  private static boolean advanceSkippingBad(LibSvmReader r, AtomicLong line) throws Exception {
    try {
      return r.advance();
    } catch (org.altml.sparse.io.DataFormatException e) {
      return false;
    }
  }
}
