package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.kit.OpenStreams;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Labels that appear mid-stream in the linear learners (docs/spec.md#open-labels): growth when every label is in the
 * first example is the fixed-L run bit for bit; growth one label at a time across the stride's doublings is, bit for
 * bit, a learner rebuilt at each birth as a fresh learner of the new L holding the old weights (the definition, through
 * the public get/set, never through growWidth), and within rounding the float64 reference grown by the definition;
 * saving mid-growth, loading and continuing is the uninterrupted run; L never shrinks; L = 0 predicts nothing.
 */
class LabelGrowthTest {
  private static final int D = 30;

  /** FALT, SALT, PA-I, PA-II × double and float × bias or not × absolute M or an M factor. */
  static Stream<Settings> settings() {
    List<Settings> all = new ArrayList<>();
    for (String kind : List.of("falt", "salt", "pa1", "pa2")) {
      for (String precision : List.of("double", "float")) {
        for (boolean bias : new boolean[] {false, true}) {
          Settings base = LearnerRegistry.get(kind).defaults().with("bias", bias).with("precision", precision);
          all.add(base.with("maxUpdates", 3));
          all.add(base.with("maxUpdatesFactor", 0.25));
        }
      }
    }
    return all.stream();
  }

  private static LinearLearner create(Settings s, int numLabels) {
    return (LinearLearner) s.spec().create(s, LearnerContext.of(numLabels));
  }

  /** n examples over D features, labels over [0, L_t): example t carries every label born at t. */
  private record Stream2(SparseVector[] x, LabelSet[] y, int[] labelsAt) {}

  private static Stream2 births(long seed, int n, int[] birthAt, int finalLabels) {
    SplittableRandom rnd = new SplittableRandom(seed);
    SparseVector[] x = new SparseVector[n];
    LabelSet[] y = new LabelSet[n];
    int[] at = new int[n];
    int born = 0;
    for (int t = 0; t < n; t++) {
      int before = born;
      while (born < finalLabels && birthAt[born] <= t) {
        born++;
      }
      x[t] = RandomData.vector(rnd, D, 1, 8);
      int[] buf = new int[born];
      int c = 0;
      for (int l = 0; l < born; l++) {
        if (l >= before || rnd.nextDouble() < 0.3) {
          buf[c++] = l;
        }
      }
      y[t] = LabelSet.of(Arrays.copyOf(buf, c));
      at[t] = born;
    }
    return new Stream2(x, y, at);
  }

  @ParameterizedTest
  @MethodSource("settings")
  void everyLabelInTheFirstExampleIsTheFixedRunBitForBit(Settings s) throws IOException {
    int labels = 7;
    int[] birth = new int[labels]; // all at example 0
    Stream2 data = births(11, 120, birth, labels);
    LinearLearner open = create(s, 0);
    LinearLearner fixed = create(s, labels);
    assertEquals(1, open.weights().width(), "L = 0: the threshold alone");
    for (int t = 0; t < data.x().length; t++) {
      float[] openScores = OpenStreams.round(open, t, data.x()[t], data.y()[t], data.labelsAt()[t]);
      Scores out = new Scores(labels);
      fixed.predictThenUpdate(data.x()[t], data.y()[t], out);
      if (t > 0) {
        OpenStreams.assertBitEqual(Arrays.copyOf(out.array(), labels + 1), openScores, s.key() + ", example " + t);
      } else {
        assertEquals(1, openScores.length, "example 0 is predicted with the threshold alone");
      }
    }
    assertEquals(fixed.maxUpdates(), open.maxUpdates(), "M resolved against the grown L");
    assertEquals(fixed.config(), open.config());
    assertEquals(fixed.updateSteps(), open.updateSteps());
    assertArrayEquals(OpenStreams.state(fixed), OpenStreams.state(open), s.key() + ": the model state");
  }

  @ParameterizedTest
  @MethodSource("settings")
  void growthOneLabelAtATimeAcrossDoublingsIsTheRebuiltLearner(Settings s) {
    int labels = 40; // strides 8, 16, 32, 64 (double) or 16, 32, 64 (float): every growth in place or a doubling
    int[] birth = new int[labels];
    for (int l = 0; l < labels; l++) {
      birth[l] = 1 + 4 * l;
    }
    Stream2 data = births(5, 4 * labels + 40, birth, labels);
    LinearLearner open = create(s, 0);
    LinearLearner oracle = create(s, 0);
    int doublings = 0;
    for (int t = 0; t < data.x().length; t++) {
      int lt = data.labelsAt()[t];
      int strideBefore = open.stride();
      float[] grown = OpenStreams.round(open, t, data.x()[t], data.y()[t], lt);
      doublings += open.stride() != strideBefore ? 1 : 0;
      Scores out = new Scores(oracle.numLabels());
      oracle.predict(data.x()[t], out);
      OpenStreams.assertBitEqual(Arrays.copyOf(out.array(), oracle.numLabels() + 1), grown, s.key() + ", example " + t);
      if (lt != oracle.numLabels()) {
        oracle = rebuilt(oracle, lt);
      }
      oracle.update(data.x()[t], data.y()[t]);
      assertSameWeights(oracle, open, s.key() + ", after example " + t);
    }
    assertTrue(doublings >= 2, "the stride doubled " + doublings + " times");
    assertEquals(labels, open.numLabels());
  }

  /**
   * A fresh learner of {@code numLabels} labels (its stride just wide enough) holding {@code l}'s weights per the
   * definition: label lanes kept, the new labels' zero, the threshold weight last.
   */
  private static LinearLearner rebuilt(LinearLearner l, int numLabels) {
    LinearLearner r = create(l.settings(), numLabels);
    r.ensureFeatures(l.numFeatures());
    copyGrown(l.weights(), r.weights(), l.numLabels(), numLabels);
    if (l instanceof Salt salt) {
      copyGrown(salt.accumulator(), ((Salt) r).accumulator(), l.numLabels(), numLabels);
    }
    return r;
  }

  private static void copyGrown(WeightMatrix from, WeightMatrix to, int oldLabels, int newLabels) {
    for (int f = 0; f < from.numRows(); f++) {
      for (int j = 0; j < oldLabels; j++) {
        to.set(f, j, from.get(f, j));
      }
      to.set(f, newLabels, from.get(f, oldLabels));
    }
    for (int j = 0; j <= oldLabels; j++) {
      int lane = j < oldLabels ? j : newLabels;
      if (to.isDouble()) {
        to.biasRowDouble()[lane] = from.biasRowDouble()[j];
      } else {
        to.biasRow()[lane] = from.biasRow()[j];
      }
    }
  }

  private static void assertSameWeights(LinearLearner expected, LinearLearner actual, String where) {
    assertEquals(expected.numLabels(), actual.numLabels(), where);
    assertEquals(expected.maxUpdates(), actual.maxUpdates(), where + ": M");
    assertEquals(expected.numFeatures(), actual.numFeatures(), where);
    assertEquals(expected.weights().lanes(), actual.weights().lanes(), where + ": the lanes computed, a fresh learner's");
    for (int f = 0; f < expected.numFeatures(); f++) {
      for (int j = 0; j <= expected.numLabels(); j++) {
        same(expected.weights().get(f, j), actual.weights().get(f, j), where + ": w[" + f + "][" + j + "]");
        if (expected instanceof Salt e) {
          same(e.accumulator().get(f, j), ((Salt) actual).accumulator().get(f, j), where + ": G²[" + f + "][" + j + "]");
        }
      }
    }
    for (int j = 0; j <= expected.numLabels(); j++) {
      same(expected.biasWeight(j), actual.biasWeight(j), where + ": bias[" + j + "]");
    }
    assertPadLanesZero(actual, where);
  }

  private static void assertPadLanesZero(LinearLearner l, String where) {
    WeightMatrix w = l.weights();
    for (int f = 0; f < w.numRows(); f++) {
      for (int j = w.width(); j < w.stride(); j++) {
        double v = w.isDouble() ? w.rowsDouble()[w.rowOffset() + f * w.stride() + j] : w.rows()[w.rowOffset() + f * w.stride() + j];
        assertEquals(0.0, v, where + ": pad lane " + j + " of row " + f);
      }
    }
  }

  private static void same(double expected, double actual, String what) {
    if (Double.doubleToRawLongBits(expected) != Double.doubleToRawLongBits(actual)) {
      fail(what + ": " + expected + " vs " + actual);
    }
  }

  /** The double learners against the float64 reference grown by the definition (|Ȳ| = L_t − |Y| included). */
  @ParameterizedTest
  @MethodSource("settings")
  void doubleLearnersFollowTheGrownFloat64Reference(Settings s) {
    if (!s.get(org.altml.core.learner.CommonParameters.PRECISION).equals("double") || s.isSet(
        org.altml.core.learner.CommonParameters.MAX_UPDATES_FACTOR)) {
      return; // the reference runs float64 with an absolute M
    }
    int labels = 12;
    int[] birth = new int[labels];
    for (int l = 0; l < labels; l++) {
      birth[l] = 3 * l * l; // births thinning out over the stream
    }
    Stream2 data = births(23, 500, birth, labels);
    LinearLearner fast = create(s, 0);
    ReferenceAlt ref = ReferenceAlt.matching(fast);
    for (int t = 0; t < data.x().length; t++) {
      double[] expected = ref.scores(data.x()[t]);
      float[] got = OpenStreams.round(fast, t, data.x()[t], data.y()[t], data.labelsAt()[t]);
      for (int j = 0; j < expected.length; j++) {
        assertEquals(expected[j], got[j], 1e-6 * Math.max(1, Math.abs(expected[j])), s.key() + ", example " + t + ", lane " + j);
      }
      ref.growLabels(data.labelsAt()[t]);
      ref.update(data.x()[t], data.y()[t]);
    }
    for (int f = 0; f < ref.numFeatures(); f++) {
      for (int j = 0; j <= labels; j++) {
        assertEquals(ref.weight(f, j), fast.weights().get(f, j), 1e-10 * Math.max(1, Math.abs(ref.weight(f, j))), "w[" + f + "][" + j + "]");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("settings")
  void savedMidGrowthLoadedAndContinuedIsTheUninterruptedRun(Settings s) throws IOException {
    int labels = 24;
    int[] birth = new int[labels];
    for (int l = 0; l < labels; l++) {
      birth[l] = 2 * l;
    }
    Stream2 data = births(17, 90, birth, labels);
    LinearLearner uninterrupted = create(s, 0);
    LinearLearner first = create(s, 0);
    int cut = 21; // L = 11 then: past the first doubling of a double row, inside a float row's first stride
    for (int t = 0; t < cut; t++) {
      OpenStreams.round(first, t, data.x()[t], data.y()[t], data.labelsAt()[t]);
    }
    OnlineMultiLabelLearner continued = OpenStreams.load(s, LearnerContext.of(first.numLabels()), OpenStreams.state(first));
    for (int t = 0; t < data.x().length; t++) {
      float[] a = OpenStreams.round(uninterrupted, t, data.x()[t], data.y()[t], data.labelsAt()[t]);
      if (t >= cut) {
        float[] b = OpenStreams.round(continued, t, data.x()[t], data.y()[t], data.labelsAt()[t]);
        OpenStreams.assertBitEqual(a, b, s.key() + ", example " + t);
      }
    }
    assertArrayEquals(OpenStreams.state(uninterrupted), OpenStreams.state(continued), s.key());
    assertEquals(uninterrupted.examplesSeen(), continued.examplesSeen());
    if (!s.isSet(org.altml.core.learner.CommonParameters.MAX_UPDATES_FACTOR)) {
      // a model file (ModelIo) at a grown L, loaded and grown further, too
      OnlineMultiLabelLearner viaFile = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(first)), "grown model").learner();
      viaFile.growLabels(labels);
      first.growLabels(labels);
      assertArrayEquals(OpenStreams.state(first), OpenStreams.state(viaFile), s.key() + ": through a model file");
    }
  }

  @Test
  void labelsNeverShrinkAndTheSameLIsNothing() {
    for (Settings s : settings().toList()) {
      LinearLearner l = create(s, 3);
      assertTrue(l.growsLabels());
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> l.growLabels(2), s.key());
      assertTrue(e.getMessage().contains("3") && e.getMessage().contains("2"), e.getMessage());
      int stride = l.stride();
      l.growLabels(3);
      assertEquals(3, l.numLabels());
      assertEquals(stride, l.stride());
    }
  }

  @Test
  void anOpenLearnerBeforeItsFirstLabelPredictsNothingAndLearnsNothing() throws IOException {
    for (Settings s : settings().toList()) {
      LinearLearner l = create(s, 0);
      SparseVector x = SparseVector.of(new int[] {1, 4}, new float[] {0.5f, -1f});
      Scores out = new Scores(0);
      l.predictThenUpdate(x, LabelSet.of(new int[0]), out);
      assertEquals(0, out.predicted(new int[0]), s.key());
      assertEquals(0f, out.threshold(), s.key());
      assertEquals(1, l.examplesSeen());
      assertEquals(0, l.updateSteps(), "no label, no loss: " + s.key());
      assertThrows(IllegalArgumentException.class, () -> l.update(x, LabelSet.of(new int[] {0})), "label 0 before growth");
      OnlineMultiLabelLearner loaded = OpenStreams.load(s, LearnerContext.of(0), OpenStreams.state(l));
      assertEquals(0, loaded.numLabels());
      assertTrue(l.ramBytesUsed() > 0);
    }
  }

  @Test
  void ramFollowsTheGrownRows() {
    LinearLearner l = create(LearnerRegistry.get("salt").defaults(), 0);
    l.ensureFeatures(1000);
    long before = l.ramBytesUsed();
    l.growLabels(100);
    assertTrue(before < 2L * 1000 * 16 * Double.BYTES && l.ramBytesUsed() > 2L * 1000 * 101 * Double.BYTES,
        before + " -> " + l.ramBytesUsed());
  }
}
