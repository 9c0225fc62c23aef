package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.altml.core.eval.FakeLearners.FixedLinearLearner;
import org.altml.core.eval.FakeLearners.FrequencyLearner;
import org.altml.core.eval.FakeLearners.RecordingLearner;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrainThenTestTest {
  static final double EPS = 1e-15;

  @Test
  void frequencyLearnerByHand() {
    // training labels {0}, {0,1}, {0}, {2}: counts [3,1,1], n = 4, threshold 2 → every test x gets
    // scores [3,1,1 | 2] and Ŷ = {0}, whatever the order
    Dataset train = FakeLearners.withIds(3, new int[][] {{0}, {0, 1}, {0}, {2}});
    Dataset test = FakeLearners.withIds(3, new int[][] {{0}, {1}, {}});
    TrainThenTestResult r =
        TrainThenTest.run(new FrequencyLearner(train.numLabels()), DataView.of(train), DataView.of(test), TrainThenTest.Config.defaults().withThreads(2));
    MetricReport m = r.metrics();
    assertEquals(4, r.trainExamples());
    assertEquals(3, r.testExamples());
    assertEquals(2, r.threads());
    // Y={0}: P=R=1; Y={1}: P=R=0; Y={} with Ŷ={0}: P=0, R=0 (only Ŷ empty-vs-empty counts as 1)
    assertEquals(1.0 / 3, m.get(Measure.PRECISION), EPS);
    assertEquals(1.0 / 3, m.get(Measure.RECALL), EPS);
    // Δ: {} , {0,1}, {0} → 3 of 3·3
    assertEquals(3.0 / 9, m.get(Measure.HAMMING_LOSS), EPS);
    // Y={0}: 3 > 1, 3 > 1 → 0; Y={1}: s_1=1 ≤ s_0=3 and ≤ s_2=1 (tie) → 1; Y={} left out
    assertEquals(0.5, m.get(Measure.RANKING_LOSS), EPS);
    assertEquals(1, m.rankingLossLeftOut());
    // label 0: tp 1 fp 2; label 1: fn 1; label 2: never → 1
    assertEquals((2.0 / 4 + 0 + 1) / 3, m.get(Measure.MACRO_F1), EPS);
    assertEquals(2.0 / (2 + 2 + 1), m.get(Measure.MICRO_F1), EPS);
  }

  @Test
  void fileOrderAndSeededShuffle() {
    Dataset train = FakeLearners.withIds(2, new int[][] {{0}, {1}, {}, {0, 1}, {0}, {1}, {0}});
    Dataset test = FakeLearners.withIds(2, new int[][] {{0}});
    RecordingLearner file = new RecordingLearner(2);
    TrainThenTest.run(file, DataView.of(train), DataView.of(test), TrainThenTest.Config.defaults().withOrder(Order.FILE).withThreads(1));
    assertEquals(List.of("update:1", "update:2", "update:3", "update:4", "update:5", "update:6", "update:7", "predict:1"), file.calls);
    for (long seed : new long[] {1, 2, 99}) {
      RecordingLearner shuffled = new RecordingLearner(2);
      TrainThenTest.run(shuffled, DataView.of(train), DataView.of(test), TrainThenTest.Config.defaults().withSeed(seed).withThreads(1));
      List<String> expected = new ArrayList<>();
      for (int i : train.permutation(seed)) {
        expected.add("update:" + (i + 1));
      }
      expected.add("predict:1");
      assertEquals(expected, shuffled.calls, "seed " + seed);
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {3, 4, 5})
  void parallelTestEqualsSequentialPass(long seed) {
    int numLabels = 9;
    Dataset test = FakeLearners.random(seed, 1500, 12, numLabels);
    FixedLinearLearner learner = new FixedLinearLearner(numLabels, 12, seed);
    EvaluationSuite sequential = new EvaluationSuite(numLabels);
    Scores scores = new Scores(numLabels);
    for (int i = 0; i < test.size(); i++) {
      learner.predict(test.features(i, new SparseVector()), scores);
      sequential.accept(test.labels(i, new LabelSet()), scores);
    }
    for (int threads : new int[] {1, 2, 3, 7}) {
      TrainThenTest.Testing t =
          TrainThenTest.test(learner, test, FeatureScaler.of(FeatureScaling.NONE), ZeroDivisionPolicy.SPEC, threads);
      assertEquals(sequential.report(), t.metrics(), "seed " + seed + " threads " + threads);
      assertEquals(test.size(), t.examples(), "seed " + seed);
      assertEquals(threads, t.threads());
    }
    for (FeatureScaling scaling : FeatureScaling.values()) {
      FeatureScaler scaler = FeatureScaler.fit(scaling, test);
      assertEquals(
          TrainThenTest.test(learner, test, scaler, ZeroDivisionPolicy.SPEC, 1).metrics(),
          TrainThenTest.test(learner, test, scaler, ZeroDivisionPolicy.SPEC, 4).metrics(),
          "seed " + seed + " " + scaling);
    }
  }

  @Test
  void scalingIsFittedOnTrainingDataOnly() {
    // training feature 0 (the id) takes 1..4: mean 2.5, population std sqrt(1.25)
    Dataset train = FakeLearners.withIds(1, new int[][] {{0}, {}, {0}, {}});
    Dataset testA = FakeLearners.withIds(1, new int[][] {{0}, {}});
    Dataset testB = FakeLearners.withIds(1, new int[][] {{0}, {}, {0}, {0}, {}, {}, {}, {}, {}, {0}});
    double std = Math.sqrt(1.25);
    for (Dataset test : List.of(testA, testB)) {
      RecordingLearner learner = new RecordingLearner(1);
      TrainThenTest.run(learner, DataView.of(train), DataView.of(test), TrainThenTest.Config.defaults().withScaling(FeatureScaling.STANDARDIZE).withThreads(1));
      // training examples are standardized with the training statistics too
      List<Float> trained = new ArrayList<>();
      for (SparseVector v : learner.updated) {
        trained.add(v.get(0));
      }
      trained.sort(null);
      List<Float> expected = new ArrayList<>();
      for (int id = 1; id <= 4; id++) {
        expected.add((float) ((id - 2.5) / std));
      }
      assertEquals(expected, trained);
      // test example 1 (value 1) and 2 (value 2) map the same whatever else is in the test set
      assertEquals((float) ((1 - 2.5) / std), learner.predicted.get(0).get(0), "test size " + test.size());
      assertEquals((float) ((2 - 2.5) / std), learner.predicted.get(1).get(0), "test size " + test.size());
    }
  }

  @Test
  void trainingFromAStreamEqualsTrainingFromTheDatasetInFileOrder() throws IOException {
    Dataset train = FakeLearners.random(11, 200, 6, 4);
    Dataset test = FakeLearners.random(12, 100, 6, 4);
    TrainThenTestResult fromDataset =
        TrainThenTest.run(new FrequencyLearner(train.numLabels()), DataView.of(train), DataView.of(test), TrainThenTest.Config.defaults().withOrder(Order.FILE));
    FrequencyLearner learner = new FrequencyLearner(4);
    FeatureScaler scaler = FeatureScaler.of(FeatureScaling.L2);
    TrainThenTest.Training training;
    try (ExampleStream s = train.stream()) {
      training = TrainThenTest.train(learner, s, scaler);
    }
    TrainThenTest.Testing testing;
    try (ExampleStream s = test.stream()) {
      testing = TrainThenTest.test(learner, s, scaler, ZeroDivisionPolicy.SPEC);
    }
    assertEquals(200, training.examples());
    assertEquals(fromDataset.metrics(), testing.metrics());
  }

  @Test
  void rejectsTooManyLabelsAndBadSettings() {
    Dataset train = FakeLearners.withIds(3, new int[][] {{2}});
    Dataset test = FakeLearners.withIds(1, new int[][] {{0}});
    IllegalArgumentException e = assertThrows(
        IllegalArgumentException.class, () -> TrainThenTest.run(new FrequencyLearner(2), DataView.of(train), DataView.of(test), TrainThenTest.Config.defaults()));
    assertEquals("the training set dataset has 3 labels but the learner 2", e.getMessage());
    // a test label beyond the L a LIBSVM training set gives (its largest id + 1): the fix named
    Dataset wider = FakeLearners.withIds(6, new int[][] {{5}});
    IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class,
        () -> TrainThenTest.run(new FrequencyLearner(3), DataView.of(train), DataView.of(wider), TrainThenTest.Config.defaults()));
    assertEquals("the test set dataset has 6 labels but the learner 3 (the L of the training set dataset, its largest label id"
        + " + 1, as LIBSVM declares none): read the training data with ReadOptions.withNumLabels(L) at least 6, or are they the"
        + " same data set?", beyond.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TrainThenTest.Config.defaults().withThreads(-1));
    assertThrows(IllegalArgumentException.class,
        () -> TrainThenTest.test(new FrequencyLearner(1), test, FeatureScaler.of(FeatureScaling.NONE), ZeroDivisionPolicy.SPEC, 0));
  }

  /** ARFF-like data (named features and labels) of {@code labels} and {@code features}, a few examples. */
  private static Dataset declared(List<String> labels, int features, String name) {
    org.altml.sparse.data.DatasetBuilder b = new org.altml.sparse.data.DatasetBuilder().name(name).numLabels(labels.size())
        .numFeatures(features).labelNames(labels)
        .featureNames(java.util.stream.IntStream.range(0, features).mapToObj(f -> "f" + f).toList());
    for (int i = 0; i < 12; i++) {
      b.add(SparseVector.of(new int[] {i % features}, new float[] {1}), LabelSet.of(i % labels.size()));
    }
    return b.build();
  }

  /**
   * The short forms check the test set's declared shape against the training set's, as alt evaluate does (ARFF test
   * data of fewer labels, fewer or more features was scored without a word); withDimensions aligns it on purpose.
   */
  @Test
  void theShortFormsRefuseATestSetOfAnotherDeclaredShape() {
    org.altml.core.learner.Settings falt = org.altml.core.learner.LearnerRegistry.get("falt").defaults();
    Dataset train = declared(List.of("a", "b", "c"), 10, "train.arff");
    Dataset fewerLabels = declared(List.of("a", "b"), 10, "test.arff");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TrainThenTest.run(falt, DataView.of(train), DataView.of(fewerLabels), TrainThenTest.Config.defaults()));
    assertEquals("the test set test.arff has 2 labels, the training set train.arff 3: a model of it would predict label ids up"
        + " to 2, which the data does not have; are they the same data set? (if this data is meant, align it with"
        + " test.withDimensions(train.numFeatures(), train.numLabels()), or run with TrainThenTest.Config.withShapeCheck(false),"
        + " which leaves this check to its caller)", e.getMessage());
    // a caller that checks shapes itself (alt evaluate, accepting a misfit on request) turns the check off
    assertEquals(12, TrainThenTest.run(falt, DataView.of(train), DataView.of(fewerLabels),
        TrainThenTest.Config.defaults().withShapeCheck(false)).testExamples());
    for (int d : new int[] {5, 50}) {
      assertThrows(IllegalArgumentException.class, () -> TrainThenTest.run(new FrequencyLearner(3), DataView.of(train),
          DataView.of(declared(List.of("a", "b", "c"), d, "test.arff")), TrainThenTest.Config.defaults()), "d " + d);
    }
    TrainThenTest.Config defaults = TrainThenTest.Config.defaults();
    TrainThenTest.run(falt, DataView.of(train), DataView.of(fewerLabels.withDimensions(10, 3)), defaults); // aligned: accepted
    TrainThenTest.run(falt, DataView.of(train), DataView.of(declared(List.of("a", "b", "c"), 10, "test.arff")), defaults);
  }

  /**
   * The run record names whole datasets by default (other data, another key), names none for views of some rows (a fold
   * is not its dataset), and names what the options give.
   */
  @Test
  void theRecordNamesWholeDatasetsByDefaultAndWhatTheOptionsGive() {
    org.altml.core.learner.Settings falt = org.altml.core.learner.LearnerRegistry.get("falt").defaults();
    Dataset train = declared(List.of("a", "b", "c"), 10, "train.arff");
    Dataset test = declared(List.of("a", "b", "c"), 10, "test.arff");
    TrainThenTest.Config defaults = TrainThenTest.Config.defaults().withThreads(1);
    assertEquals(List.of(RunRecord.DataFile.of(train), RunRecord.DataFile.of(test)),
        TrainThenTest.run(falt, DataView.of(train), DataView.of(test), defaults).record().dataFiles());
    assertEquals(List.of(RunRecord.DataFile.of(train)),
        TrainThenTest.run(falt, DataView.of(train), DataView.of(train), defaults).record().dataFiles());
    assertEquals(List.of(), TrainThenTest.run(falt, DataView.of(train, new int[] {0, 1, 2}), DataView.of(train, new int[] {3}),
        defaults).record().dataFiles());
    List<RunRecord.DataFile> given = List.of(new RunRecord.DataFile("t.arff", 1, "00"));
    assertEquals(given, TrainThenTest.run(falt, DataView.of(train), DataView.of(test), defaults.withDataFiles(given))
        .record().dataFiles());
  }

  /** A test set whose labels are named otherwise (another dataset's ARFF) is refused; index names are not compared. */
  @Test
  void rejectsATestSetOfOtherLabels() {
    Dataset train = named(List.of("up", "high"));
    assertEquals("the labels of the test set t are not those of the training set t: label id 0 is 'left', not 'up'",
        assertThrows(IllegalArgumentException.class, () -> TrainThenTest.run(new FrequencyLearner(2), DataView.of(train),
            DataView.of(named(List.of("left", "right"))), TrainThenTest.Config.defaults())).getMessage());
    TrainThenTest.run(new FrequencyLearner(2), DataView.of(train), DataView.of(named(List.of("up", "high"))), TrainThenTest.Config.defaults());
    TrainThenTest.run(new FrequencyLearner(2), DataView.of(train), DataView.of(FakeLearners.withIds(2, new int[][] {{0}, {1}})), TrainThenTest.Config.defaults());
  }

  /** A test set whose features are named otherwise (attributes in another order) is refused; unnamed features are not compared. */
  @Test
  void rejectsATestSetOfOtherFeatures() {
    Dataset train = named(List.of("up", "high"), List.of("a", "b"));
    assertEquals("the features of the test set t are not those of the training set t: feature id 0 is 'b', not 'a'",
        assertThrows(IllegalArgumentException.class, () -> TrainThenTest.run(new FrequencyLearner(2), DataView.of(train),
            DataView.of(named(List.of("up", "high"), List.of("b", "a"))), TrainThenTest.Config.defaults())).getMessage());
    // one attribute more: a declared shape other than the training set's, refused as alt evaluate refuses it
    assertThrows(IllegalArgumentException.class, () -> TrainThenTest.run(new FrequencyLearner(2), DataView.of(train),
        DataView.of(named(List.of("up", "high"), List.of("a", "b", "c"))), TrainThenTest.Config.defaults()));
    TrainThenTest.run(new FrequencyLearner(2), DataView.of(train), DataView.of(named(List.of("up", "high"))), TrainThenTest.Config.defaults());
  }

  private static Dataset named(List<String> labels, List<String> features) {
    return new org.altml.sparse.data.DatasetBuilder().name("t").labelNames(labels).numFeatures(features.size()).featureNames(features)
        .add(org.altml.sparse.SparseVector.of(new int[] {0}, new float[] {1}), org.altml.sparse.LabelSet.of(0)).build();
  }

  private static Dataset named(List<String> labels) {
    return new org.altml.sparse.data.DatasetBuilder().name("t").labelNames(labels)
        .add(org.altml.sparse.SparseVector.of(new int[] {0}, new float[] {1}), org.altml.sparse.LabelSet.of(0)).build();
  }
}
