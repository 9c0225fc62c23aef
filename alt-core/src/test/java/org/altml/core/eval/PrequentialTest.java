package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.altml.core.eval.FakeLearners.FrequencyLearner;
import org.altml.core.eval.FakeLearners.RecordingLearner;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PrequentialTest {
  @Test
  void predictsEachExampleBeforeLearningFromIt() throws IOException {
    Dataset data = FakeLearners.withIds(2, new int[][] {{0}, {1}, {0, 1}});
    RecordingLearner learner = new RecordingLearner(2);
    try (ExampleStream s = data.stream()) {
      Prequential.run(learner, s, Prequential.Config.defaults());
    }
    assertEquals(List.of("predict:1", "update:1", "predict:2", "update:2", "predict:3", "update:3"), learner.calls);
  }

  @Test
  void frequencyLearnerByHand() throws IOException {
    // L = 2, labels {0}, {0}, {1}, {0}. Predictions before each update (scores = counts, threshold n/2):
    // 1: [0,0|0] Ŷ={} ; 2: [1,0|0.5] Ŷ={0}; 3: [2,0|1] Ŷ={0}; 4: [2,1|1.5] Ŷ={0}
    Dataset data = FakeLearners.withIds(2, new int[][] {{0}, {0}, {1}, {0}});
    PrequentialResult r;
    try (ExampleStream s = data.stream()) {
      r = Prequential.run(new FrequencyLearner(2), s, Prequential.Config.defaults().withWindow(2).withSampleEvery(2));
    }
    // precision: 0 (Ŷ={}, Y={0}), 1, 0, 1 → 1/2; window (last 2): 0, 1 → 1/2; recall same
    assertEquals(0.5, r.cumulative().get(Measure.PRECISION), 1e-15);
    assertEquals(0.5, r.window().get(Measure.PRECISION), 1e-15);
    // Hamming: 1, 0, 2, 0 over 4·2 → 3/8; window: 2, 0 over 2·2 → 1/2
    assertEquals(3.0 / 8, r.cumulative().get(Measure.HAMMING_LOSS), 1e-15);
    assertEquals(0.5, r.window().get(Measure.HAMMING_LOSS), 1e-15);
    assertEquals(4, r.examples());
    assertEquals(2, r.curve().size());
    // first point after 2 examples: precision 0, 1 → 1/2, Hamming 1/4
    assertEquals(2, r.curve().get(0).examples());
    assertEquals(0.25, r.curve().get(0).cumulative().get(Measure.HAMMING_LOSS), 1e-15);
    assertEquals(r.cumulative(), r.curve().get(1).cumulative());
  }

  /** Wraps a learner and keeps a copy of every (truth, prediction) pair the protocol scored. */
  static final class Capturing extends FakeLearners.Fake {
    final OnlineMultiLabelLearner inner;
    final List<LabelSet> truths = new ArrayList<>();
    final List<Scores> scores = new ArrayList<>();

    Capturing(OnlineMultiLabelLearner inner) {
      this.inner = inner;
    }

    @Override
    public int numLabels() {
      return inner.numLabels();
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      inner.predict(x, out);
    }

    @Override
    public void update(SparseVector x, LabelSet y) {
      inner.update(x, y);
    }

    @Override
    public void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
      inner.predict(x, out);
      Scores copy = new Scores(out.numLabels());
      copy.copyFrom(out);
      scores.add(copy);
      truths.add(y.copy());
      inner.update(x, y);
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void windowsAndCurveAgainstBruteForce(long seed) throws IOException {
    int numLabels = 6;
    Dataset data = FakeLearners.random(seed, 257, 8, numLabels);
    int width = 13 + (int) seed * 5;
    int every = 10 + (int) seed;
    Capturing learner = new Capturing(new FakeLearners.FixedLinearLearner(numLabels, 8, seed));
    List<CurvePoint> heard = new ArrayList<>();
    PrequentialResult r;
    try (ExampleStream s = data.stream()) {
      r = Prequential.run(learner, s, Prequential.Config.defaults().withWindow(width).withSampleEvery(every).withListener(heard::add));
    }
    assertEquals(257 / every, r.curve().size(), "seed " + seed);
    assertEquals(r.curve(), heard, "seed " + seed);
    for (int p = 0; p < r.curve().size(); p++) {
      CurvePoint point = r.curve().get(p);
      long n = (long) (p + 1) * every;
      assertEquals(n, point.examples(), "seed " + seed);
      EvaluationSuite cumulative = new EvaluationSuite(numLabels);
      EvaluationSuite window = new EvaluationSuite(numLabels);
      for (int i = 0; i < n; i++) {
        cumulative.accept(learner.truths.get(i), learner.scores.get(i));
        if (i >= n - width) {
          window.accept(learner.truths.get(i), learner.scores.get(i));
        }
      }
      assertEquals(cumulative.report(), point.cumulative(), "seed " + seed + " at " + n);
      assertEquals(window.report(), point.window(), "seed " + seed + " at " + n);
    }
    assertEquals(257, r.cumulative().examples());
    assertEquals(width, r.window().examples());
  }

  @Test
  void runningStandardizationUsesOnlyEarlierExamples() throws IOException {
    // ids 1, 3, 5 in feature 0: example 1 sees no statistics (identity), example 2 sees {1}
    // (mean 1, σ 0 → centred only: 3 − 1 = 2), example 3 sees {1, 3} (mean 2, σ 1 → 3)
    Dataset data = new org.altml.sparse.data.DatasetBuilder()
        .add(SparseVector.of(new int[] {0}, new float[] {1}), LabelSet.of(0))
        .add(SparseVector.of(new int[] {0}, new float[] {3}), LabelSet.of(0))
        .add(SparseVector.of(new int[] {0}, new float[] {5}), LabelSet.of(0))
        .build();
    RecordingLearner learner = new RecordingLearner(1);
    try (ExampleStream s = data.stream()) {
      Prequential.run(learner, s, Prequential.Config.defaults().withScaling(FeatureScaling.STANDARDIZE));
    }
    List<Float> seen = new ArrayList<>();
    for (SparseVector x : learner.predicted) {
      seen.add(x.get(0));
    }
    assertEquals(List.of(1f, 2f, 3f), seen);
  }

  @Test
  void stopsAtMaxExamplesAndRejectsBadInput() throws IOException {
    Dataset data = FakeLearners.withIds(2, new int[][] {{0}, {1}, {0}, {1}});
    try (ExampleStream s = data.stream()) {
      assertEquals(3, Prequential.run(new FrequencyLearner(2), s, Prequential.Config.defaults().withMaxExamples(3)).examples());
    }
    try (ExampleStream s = data.stream()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Prequential.run(new FrequencyLearner(1), s, Prequential.Config.defaults()));
      assertEquals("example 1 (0-based) has label 1 but the learner has 1 labels (0 to 0): a learner's L is fixed when it is"
          + " made; make it with an L of at least 2 (LearnerContext; for LIBSVM data, whose L is its largest label id + 1, read"
          + " the data it is made for with ReadOptions.withNumLabels), or is this other data?", e.getMessage());
    }
  }

  /** A streamed file's label beyond the learner's L: its line named (the message gave only the 0-based example). */
  @Test
  void aLabelBeyondTheLearnersLNamesItsLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
    java.nio.file.Path file = dir.resolve("p.svm");
    java.nio.file.Files.writeString(file, "0 1:1\n1 2:1\n5 3:1\n");
    try (ExampleStream s = org.altml.sparse.io.files.DataFiles.open(file)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Prequential.run(new FrequencyLearner(3), s, Prequential.Config.defaults()));
      assertTrue(e.getMessage().startsWith("example 2 (0-based, line 3 of its file) has label 5 but the learner has 3 labels"),
          e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> Prequential.Config.defaults().withWindow(0));
    assertThrows(IllegalArgumentException.class, () -> Prequential.Config.defaults().withSampleEvery(0));
  }

  /** The short forms' run keys tell data apart by content; a given scaler is used and goes on observing. */
  @Test
  void runKeysNameTheDataAndAGivenScalerIsUsed() throws IOException {
    Dataset a = FakeLearners.random(1, 120, 8, 3);
    Dataset b = FakeLearners.random(2, 120, 8, 3);
    org.altml.core.learner.Settings falt = org.altml.core.learner.LearnerRegistry.get("falt").defaults();
    Prequential.Config config = Prequential.Config.defaults();
    String keyA = run(falt, a, config).record().key();
    assertEquals(keyA, run(falt, FakeLearners.random(1, 120, 8, 3), config).record().key(), "same content");
    org.junit.jupiter.api.Assertions.assertNotEquals(keyA, run(falt, b, config).record().key());
    TrainThenTest.Config defaults = TrainThenTest.Config.defaults();
    org.junit.jupiter.api.Assertions.assertNotEquals(TrainThenTest.run(falt, DataView.of(a), DataView.of(a), defaults).record().key(),
        TrainThenTest.run(falt, DataView.of(b), DataView.of(b), defaults).record().key());

    // a scaler fitted elsewhere (a loaded model's) scales the stream, and observes it as the protocol's own would
    Prequential.Config standardize = config.withScaling(FeatureScaling.STANDARDIZE);
    FeatureScaler given = FeatureScaler.of(FeatureScaling.STANDARDIZE);
    FeatureScaler expected = FeatureScaler.of(FeatureScaling.STANDARDIZE);
    for (int i = 0; i < 60; i++) {
      given.observe(b.example(i).features());
      expected.observe(b.example(i).features());
    }
    OnlineMultiLabelLearner viaProtocol = falt.spec().create(falt, new org.altml.core.learner.LearnerContext(3, 8, -1, 5));
    PrequentialResult r;
    try (ExampleStream s = a.stream()) {
      r = Prequential.run(viaProtocol, s, standardize.withScaler(given));
    }
    OnlineMultiLabelLearner byHand = falt.spec().create(falt, new org.altml.core.learner.LearnerContext(3, 8, -1, 5));
    EvaluationSuite suite = new EvaluationSuite(3);
    Scores scores = new Scores(3);
    for (int i = 0; i < a.size(); i++) {
      SparseVector x = a.example(i).features();
      byHand.predictThenUpdate(expected.transform(x), a.example(i).labels(), scores);
      expected.observe(x);
      suite.accept(a.example(i).labels(), scores);
    }
    assertEquals(suite.report(), r.cumulative());
    assertThrows(IllegalArgumentException.class, () -> standardize.withScaler(FeatureScaler.of(FeatureScaling.NONE)));
  }

  /** The protocol over {@code data} in its order, L and d from it, the data named by its content. */
  private static PrequentialResult run(org.altml.core.learner.Settings settings, Dataset data, Prequential.Config config)
      throws IOException {
    try (ExampleStream stream = data.stream()) {
      return Prequential.run(settings, new org.altml.core.learner.LearnerContext(data.numLabels(), data.numFeatures(), -1, 1),
          stream, config.withDataFiles(List.of(RunRecord.DataFile.of(data))));
    }
  }
}
