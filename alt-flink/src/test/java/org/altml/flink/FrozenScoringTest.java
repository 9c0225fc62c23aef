package org.altml.flink;

import org.altml.flink.model.ModelMessage;
import org.altml.flink.scoring.FrozenScorer;
import org.altml.flink.source.DataSpec;
import org.altml.flink.training.LearnerSetup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
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
    return labels(scores, FlinkTesting.LABELS);
  }

  private static String labels(Scores scores, int numLabels) {
    StringBuilder b = new StringBuilder();
    for (int l = 0; l < numLabels; l++) {
      if (scores.isPredicted(l)) {
        b.append(b.length() == 0 ? "" : ",").append(l);
      }
    }
    return b.toString();
  }

  /** An ARFF file of three numeric features and two labels at the end (MEKA: --labels-last 2), the labels named as given. */
  private Path arff(String name, String label1, String label2, int rows, long seed) throws java.io.IOException {
    java.util.Random random = new java.util.Random(seed);
    StringBuilder b = new StringBuilder("@relation r\n@attribute f1 numeric\n@attribute f2 numeric\n@attribute f3 numeric\n");
    b.append("@attribute ").append(label1).append(" {0,1}\n@attribute ").append(label2).append(" {0,1}\n@data\n");
    for (int i = 0; i < rows; i++) {
      double f1 = random.nextGaussian();
      double f2 = 5 * random.nextGaussian();
      double f3 = random.nextGaussian();
      b.append(String.format(java.util.Locale.ROOT, "%.4f,%.4f,%.4f,%d,%d%n", f1, f2, f3, f1 + f3 > 0 ? 1 : 0, f3 > 0.5 ? 1 : 0));
    }
    Path file = dir.resolve(name);
    java.nio.file.Files.writeString(file, b);
    return file;
  }

  /**
   * A model trained without an ARFF attribute ({@code alt train --ignore-attributes f2}, recorded in its
   * provenance) scores data read without it, as {@code alt predict} does; data whose labels are named
   * otherwise is refused before the job runs, naming the model and the file.
   */
  @Test
  void arffDataIsReadAsTheModelWasTrainedAndOtherDataIsRefused() throws Exception {
    Path data = arff("data.arff", "up", "high", 400, 3);
    ReadOptions without = ReadOptions.defaults().withLabelsLast(2).withIgnoredAttributes("f2");
    Dataset train = org.altml.sparse.io.files.DataFiles.read(data, without);
    OnlineMultiLabelLearner learner = LearnerSetup.of(org.altml.core.learner.LearnerRegistry.get("falt").defaults(), 2, 0, 1).create(0);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < train.size(); i++) {
      learner.update(train.features(i, x), train.labels(i, y));
    }
    SavedModel saved = new SavedModel(learner, List.of("up", "high"), train.numFeatures(), FeatureScaler.of(FeatureScaling.NONE),
        Map.of(org.altml.core.model.DataFit.IGNORED_ATTRIBUTES, "f2"));
    Path model = dir.resolve("without-f2.model");
    ModelIo.write(saved, model);
    Dataset all = org.altml.sparse.io.files.DataFiles.read(data, ReadOptions.defaults().withLabelsLast(2));
    Scores scores = new Scores(2);
    Map<Long, String> want = new HashMap<>();
    int differ = 0;
    SparseVector z = new SparseVector();
    for (int i = 0; i < train.size(); i++) {
      learner.predict(train.features(i, x), scores);
      String labels = labels(scores, 2);
      learner.predict(all.features(i, z), scores);
      differ += labels.equals(labels(scores, 2)) ? 0 : 1;
      want.put(8L + i, labels); // the header's seven lines, "@data" the last
    }
    assertTrue(differ > 0, "reading f2 must change predictions for this test to mean anything");
    DataSpec spec = new DataSpec(0, 0, false, null, 2);
    StreamExecutionEnvironment env = FlinkTesting.env(2, null);
    List<String> out = FlinkTesting.ofType(FlinkTesting.collect(Jobs.scoreFrozen(env, List.of(data.toString()), spec, 2, model.toString(),
        2, false, null).all()), "prediction");
    assertEquals(want.size(), out.size());
    for (String p : out) {
      long line = Long.parseLong(p.replaceAll(".*\"line\":(\\d+),.*", "$1"));
      assertEquals(want.get(line), p.replaceAll(".*\"labels\":\\[([0-9,]*)\\].*", "$1"), "line " + line);
    }

    // a broadcast model cannot change how the running job reads its data: refused, naming the attribute
    StreamExecutionEnvironment benv = FlinkTesting.env(1, null, 0);
    DataStream<ModelMessage> models = benv.fromData(TypeInformation.of(ModelMessage.class),
        new ModelMessage(1, -1, 1, ModelIo.toBytes(saved), null)).setParallelism(1);
    Exception failed = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> FlinkTesting.collect(
        Jobs.score(benv, List.of(data.toString()), spec, 2, models, 1, false, null).all()));
    StringBuilder messages = new StringBuilder();
    for (Throwable t = failed; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append(" | ");
    }
    assertTrue(messages.toString().contains("model version 1 was trained without the ARFF attributes [f2]"), messages.toString());

    // a broadcast model of other labels (as a watched folder's file brings it): the file's records are bad records
    // naming both files, and the stream goes on
    SavedModel otherLabels = new SavedModel(learner, List.of("left", "right"), 2, FeatureScaler.of(FeatureScaling.NONE), Map.of());
    StreamExecutionEnvironment oenv = FlinkTesting.env(1, null, 0);
    DataStream<ModelMessage> others = oenv.fromData(TypeInformation.of(ModelMessage.class),
        ModelMessage.fromFile(1, ModelIo.toBytes(otherLabels), "watched/left-right.model")).setParallelism(1);
    List<String> scored = FlinkTesting.collect(Jobs.score(oenv, List.of(data.toString()), spec, 2, others, 1, false, null).all());
    List<String> badOnes = FlinkTesting.ofType(scored, "bad");
    assertEquals(0, FlinkTesting.ofType(scored, "prediction").size());
    assertEquals(want.size(), badOnes.size());
    assertTrue(badOnes.get(0).contains("label id 0 is 'up', not 'left'"), badOnes.get(0));
    assertTrue(badOnes.get(0).contains("the model version 1 (watched/left-right.model)"), badOnes.get(0));

    Path other = arff("other.arff", "left", "right", 10, 4);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Jobs.scoreFrozen(FlinkTesting.env(1, null), List.of(other.toString()), spec, 2, model.toString(), 1, false, null));
    assertTrue(e.getMessage().contains("other.arff") && e.getMessage().contains("without-f2.model")
        && e.getMessage().contains("label id 0 is 'left', not 'up'"), e.getMessage());
  }

  /**
   * A saved model applied to ARFF data whose declared shape is not the model's (here: labels named up and high against a
   * model of label ids, as a LIBSVM-trained model has; fewer labels than the model's) is refused before a frozen job runs,
   * naming both files and the option, and its records are bad records for a watched model; accepted, they are scored.
   */
  @Test
  void aDeclaredShapeOtherThanTheModelsIsRefusedUnlessAllowed() throws Exception {
    Path data = arff("named.arff", "up", "high", 20, 5);
    OnlineMultiLabelLearner learner = LearnerSetup.of(org.altml.core.learner.LearnerRegistry.get("falt").defaults(), 2, 0, 1).create(0);
    learner.update(SparseVector.of(new int[] {0, 2}, new float[] {1, 1}), LabelSet.of(0));
    // a model file of LIBSVM data: label ids only, d = 3
    SavedModel ids = new SavedModel(learner, null, 3, FeatureScaler.of(FeatureScaling.NONE),
        Map.of(org.altml.core.model.DataFit.FEATURE_INDEX_BASE, "1"));
    Path model = dir.resolve("ids.model");
    ModelIo.write(ids, model);
    DataSpec spec = new DataSpec(0, 0, false, null, 2);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Jobs.scoreFrozen(FlinkTesting.env(1, null), List.of(data.toString()), spec, 0, model.toString(), 1, false, null));
    assertTrue(e.getMessage().startsWith("the labels of " + data + " have names (up, high), those of the model " + model
        + " are ids only") && e.getMessage().endsWith("(if this data is meant, give --allow-shape-mismatch)"), e.getMessage());
    OnlineMultiLabelLearner three = LearnerSetup.of(org.altml.core.learner.LearnerRegistry.get("falt").defaults(), 3, 0, 1).create(0);
    Path threeModel = dir.resolve("three.model");
    ModelIo.write(new SavedModel(three, List.of("up", "high", "low"), 3, FeatureScaler.of(FeatureScaling.NONE), Map.of()), threeModel);
    IllegalArgumentException fewer = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Jobs.scoreFrozen(FlinkTesting.env(1, null), List.of(data.toString()), spec, 0, threeModel.toString(), 1, false, null));
    assertTrue(fewer.getMessage().startsWith(data + " has 2 labels, the model " + threeModel + " 3"), fewer.getMessage());

    List<String> allowed = FlinkTesting.collect(Jobs.scoreFrozen(FlinkTesting.env(1, null), List.of(data.toString()), spec, 0,
        model.toString(), 1, false, null, new ShapeFit.Allowed(true, false)).all());
    assertEquals(20, FlinkTesting.ofType(allowed, "prediction").size(), String.join("\n", allowed));

    StreamExecutionEnvironment wenv = FlinkTesting.env(1, null, 0);
    DataStream<ModelMessage> watched = wenv.fromData(TypeInformation.of(ModelMessage.class),
        ModelMessage.fromFile(1, ModelIo.toBytes(ids), "watched/ids.model")).setParallelism(1);
    List<String> scored = FlinkTesting.collect(Jobs.score(wenv, List.of(data.toString()), spec, 2, watched, 1, false, null).all());
    List<String> bad = FlinkTesting.ofType(scored, "bad");
    assertEquals(20, bad.size(), String.join("\n", scored));
    assertTrue(bad.get(0).contains("the model version 1 (watched/ids.model) are ids only") && bad.get(0).contains(
        "--allow-shape-mismatch"), bad.get(0));
  }

  /** A LIBSVM record with many more features than the model was trained on is a bad record naming both files. */
  @Test
  void libSvmRecordsOfOtherDataAreBadRecords() throws Exception {
    OnlineMultiLabelLearner learner = FlinkTesting.setup("falt").create(0);
    Path model = dir.resolve("d10.model");
    ModelIo.write(new SavedModel(learner, null, 10, FeatureScaler.of(FeatureScaling.NONE), Map.of()), model);
    String bad = secondLineIsBad(model, "wide.svm", "0 1:0.5 10:1\n1 1:0.5 120:1\n0 2:0.5\n", false);
    assertTrue(bad.contains("features up to 120") && bad.contains("d10.model"), bad);
  }

  /** Scores a LIBSVM file of three lines with the frozen {@code model}; checks that line 2 alone is bad and returns it. */
  private String secondLineIsBad(Path model, String name, String text, boolean scores) throws Exception {
    Path data = dir.resolve(name);
    java.nio.file.Files.writeString(data, text);
    StreamExecutionEnvironment env = FlinkTesting.env(1, null);
    List<String> out = FlinkTesting.collect(Jobs.scoreFrozen(env, List.of(data.toString()), DataSpec.libSvm(FlinkTesting.LABELS),
        FlinkTesting.LABELS, model.toString(), 1, scores, null).all());
    List<String> bad = FlinkTesting.ofType(out, "bad");
    assertEquals(1, bad.size(), out.toString());
    assertTrue(bad.get(0).contains("\"line\":2,"), bad.get(0));
    assertEquals(2, FlinkTesting.ofType(out, "prediction").size());
    return bad.get(0);
  }

  /** A record whose scores overflow (extreme values) is a bad record; the job and the other records go on. */
  @Test
  void aRecordOfExtremeValuesIsABadRecord() throws Exception {
    OnlineMultiLabelLearner learner = FlinkTesting.setup("falt").create(0);
    for (int i = 0; i < 50; i++) {
      learner.update(SparseVector.of(new int[] {0, 1}, new float[] {1f, 1f + i % 3}), org.altml.sparse.LabelSet.of(i % 2));
    }
    Path model = dir.resolve("trained.model");
    ModelIo.write(SavedModel.of(learner), model);
    String bad = secondLineIsBad(model, "extreme.svm", "0 1:0.5 2:1\n1 1:3e38 2:3e38\n0 2:0.5\n", true);
    assertTrue(bad.contains("not finite"), bad);
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
