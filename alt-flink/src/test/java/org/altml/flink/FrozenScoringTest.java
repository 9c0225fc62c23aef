package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.LibSvmReader;
import org.altml.sparse.io.ReadOptions;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Frozen scoring: every predictor reads the model file itself, chained to its share of the input. */
class FrozenScoringTest {
  @TempDir Path dir;

  @Test
  void everyLineIsScoredOnceByTheModelAndTheSourceIsChainedToTheScorer() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of());
    Path test = FlinkTesting.libSvm(dir, "test.svm", 3000, 8, List.of(17, 2999));
    OnlineMultiLabelLearner learner = FlinkTesting.setup("falt").create(0);
    ReadOptions options = ReadOptions.defaults().withNumLabels(FlinkTesting.LABELS);
    try (LibSvmReader r = LibSvmReader.open(train, options)) {
      while (r.advance()) {
        learner.update(r.features(), r.labels());
      }
    }
    Path model = dir.resolve("falt.model");
    ModelIo.write(SavedModel.of(learner), model);

    StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    Jobs.Streams streams = Jobs.scoreFrozen(env, List.of(test.toString()), DataSpec.libSvm(FlinkTesting.LABELS), FlinkTesting.LABELS,
        model.toString(), 2, false, null);
    streams.all().print(); // a sink, so that the graph can be built before it runs
    JobGraph graph = env.getStreamGraph(false).getJobGraph();
    boolean chained = false;
    for (JobVertex v : graph.getVertices()) {
      chained |= v.getName().contains("test-lines") && v.getName().contains("frozen scoring") && v.getParallelism() == 2;
    }
    assertTrue(chained, "source and scorer in one task: " + graph.getVerticesSortedTopologicallyFromSources());

    env = FlinkTesting.env(2, null);
    List<String> out = FlinkTesting.collect(Jobs.scoreFrozen(env, List.of(test.toString()), DataSpec.libSvm(FlinkTesting.LABELS),
        FlinkTesting.LABELS, model.toString(), 2, false, null).all());
    List<String> bad = FlinkTesting.ofType(out, "bad");
    assertEquals(2, bad.size(), "the two broken lines, each with its line number: " + bad);
    assertTrue(bad.stream().anyMatch(b -> b.contains("\"line\":17,")) && bad.stream().anyMatch(b -> b.contains("\"line\":2999,")), bad.toString());
    Map<Long, String> byLine = new HashMap<>();
    for (String p : FlinkTesting.ofType(out, "prediction")) {
      byLine.put(Long.parseLong(p.replaceAll(".*\"line\":(\\d+),.*", "$1")), p);
    }
    assertEquals(2998, byLine.size(), "every good line scored exactly once");
    Scores scores = new Scores(FlinkTesting.LABELS);
    int checked = 0;
    try (LibSvmReader r = LibSvmReader.open(test, options)) {
      while (true) {
        try {
          if (!r.advance()) {
            break;
          }
        } catch (DataFormatException e) {
          continue; // the broken lines, refused by the reader as by the job
        }
        learner.predict(r.features(), scores);
        StringBuilder want = new StringBuilder();
        for (int l = 0; l < FlinkTesting.LABELS; l++) {
          if (scores.isPredicted(l)) {
            want.append(want.length() == 0 ? "" : ",").append(l);
          }
        }
        String p = byLine.get(r.lineNumber());
        assertEquals(want.toString(), p.replaceAll(".*\"labels\":\\[([0-9,]*)\\].*", "$1"), "line " + r.lineNumber());
        checked++;
      }
    }
    assertEquals(2998, checked);
  }

  /**
   * A model trained with {@code --scale standardize} carries its fitted statistics: both scoring jobs (the frozen
   * model file and a broadcast model) scale every record with them, as {@code alt predict} does, and so predict
   * what the learner predicts on the scaled examples (not on the raw ones, which differ on this data).
   */
  @Test
  void aModelTrainedWithScalingScalesEveryRecordAsAltPredictDoes() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 1000, 5, List.of());
    Path test = FlinkTesting.libSvm(dir, "test.svm", 600, 6, List.of());
    ReadOptions options = ReadOptions.defaults().withNumLabels(FlinkTesting.LABELS);
    Dataset data = LibSvmReader.read(train, options);
    FeatureScaler scaler = FeatureScaler.fit(FeatureScaling.STANDARDIZE, data);
    OnlineMultiLabelLearner learner = FlinkTesting.setup("falt").create(0);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < data.size(); i++) {
      learner.update(scaler.transform(data.features(i, x)), data.labels(i, y));
    }
    SavedModel saved = new SavedModel(learner, null, data.numFeatures(), scaler, Map.of());
    Path model = dir.resolve("scaled.model");
    ModelIo.write(saved, model);

    Map<Long, String> scaled = new HashMap<>();
    int differ = 0;
    Scores scores = new Scores(FlinkTesting.LABELS);
    try (LibSvmReader r = LibSvmReader.open(test, options)) {
      while (r.advance()) {
        learner.predict(scaler.transform(r.features()), scores);
        String want = labels(scores);
        learner.predict(r.features(), scores);
        differ += want.equals(labels(scores)) ? 0 : 1;
        scaled.put(r.lineNumber(), want);
      }
    }
    assertTrue(differ > 0, "raw and scaled examples must be predicted differently for this test to mean anything");

    StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    List<String> frozen = FlinkTesting.ofType(FlinkTesting.collect(Jobs.scoreFrozen(env, List.of(test.toString()),
        DataSpec.libSvm(FlinkTesting.LABELS), FlinkTesting.LABELS, model.toString(), 2, false, null).all()), "prediction");
    env = FlinkTesting.env(2, null);
    DataStream<ModelMessage> models = env.fromData(TypeInformation.of(ModelMessage.class),
        new ModelMessage(1, -1, 1, ModelIo.toBytes(saved), null)).setParallelism(1);
    List<String> broadcast = FlinkTesting.ofType(FlinkTesting.collect(Jobs.score(env, List.of(test.toString()),
        DataSpec.libSvm(FlinkTesting.LABELS), FlinkTesting.LABELS, models, 2, false, null).all()), "prediction");
    for (List<String> predictions : List.of(frozen, broadcast)) {
      assertEquals(scaled.size(), predictions.size());
      for (String p : predictions) {
        long line = Long.parseLong(p.replaceAll(".*\"line\":(\\d+),.*", "$1"));
        assertEquals(scaled.get(line), p.replaceAll(".*\"labels\":\\[([0-9,]*)\\].*", "$1"), "line " + line);
      }
    }
  }

  /** The predicted labels of {@code scores}, comma separated, as the prediction lines list them. */
  private static String labels(Scores scores) {
    StringBuilder b = new StringBuilder();
    for (int l = 0; l < FlinkTesting.LABELS; l++) {
      if (scores.isPredicted(l)) {
        b.append(b.length() == 0 ? "" : ",").append(l);
      }
    }
    return b.toString();
  }

  @Test
  void aModelOfAnotherLFailsTheJobNamingTheFile() throws Exception {
    Path test = FlinkTesting.libSvm(dir, "test.svm", 100, 8, List.of());
    OnlineMultiLabelLearner learner = FlinkTesting.setup("falt").create(0);
    Path model = dir.resolve("other.model");
    ModelIo.write(SavedModel.of(learner), model);
    StreamExecutionEnvironment env = FlinkTesting.env(1, null, 0);
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> FlinkTesting.collect(Jobs.scoreFrozen(env,
        List.of(test.toString()), DataSpec.libSvm(FlinkTesting.LABELS + 1), FlinkTesting.LABELS + 1, model.toString(), 1, false, null).all()));
    Throwable t = e;
    StringBuilder messages = new StringBuilder();
    for (; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append(" | ");
    }
    assertTrue(messages.toString().contains("other.model") && messages.toString().contains("labels"), messages.toString());
  }

  @Test
  void aMissingOrBrokenModelFileIsNamedAsTheUserGaveIt() throws Exception {
    Path notAModel = FlinkTesting.libSvm(dir, "data.svm", 10, 8, List.of());
    String uri = notAModel.toUri().toString();
    Exception broken = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> FrozenScorer.read(uri, "data.svm"));
    assertTrue(broken.getMessage().startsWith("data.svm: "), broken.getMessage());
    String missing = dir.resolve("none.model").toUri().toString();
    Exception none = org.junit.jupiter.api.Assertions.assertThrows(java.io.FileNotFoundException.class, () -> FrozenScorer.read(missing, "none.model"));
    assertEquals("none.model: no such model file", none.getMessage());
  }
}
