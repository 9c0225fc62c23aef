package org.altml.core.linear;

import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.Precision;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hand-computed FALT steps (3 features, 2 labels; lanes are [w^(1), w^(2), threshold]), in both weight
 * precisions: every value here is exact in float and double alike.
 */
class FaltTest {
  /** The default options with weight precision {@code p}. */
  static TestLinear.Opts opts(Precision p) {
    return TestLinear.Opts.defaults().withPrecision(p);
  }

  /** The L+1 bias weights of {@code learner}, in either precision, as floats. */
  static float[] biasRow(LinearLearner learner) {
    float[] r = new float[learner.numLabels() + 1];
    for (int j = 0; j < r.length; j++) {
      r[j] = (float) learner.biasWeight(j);
    }
    return r;
  }

  /** The first {@code n} stored values of W in either precision (for exact comparisons of two models). */
  static double[] storage(LinearLearner learner, int n) {
    WeightMatrix w = learner.weights();
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = w.isDouble() ? w.rowsDouble()[w.rowOffset() + i] : w.rows()[w.rowOffset() + i];
    }
    return out;
  }

  static SparseVector x(int[] idx, float[] val) {
    return SparseVector.of(idx, val);
  }

  /** Row {@code f} of W as its L+1 lanes. */
  static float[] row(LinearLearner learner, int f) {
    float[] r = new float[learner.numLabels() + 1];
    for (int j = 0; j < r.length; j++) {
      r[j] = (float) learner.weights().get(f, j);
    }
    return r;
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void oneStepThenYAllLabels(Precision p) {
    Falt falt = TestLinear.falt(2, 0.5f, 1, opts(p));
    // Example 1: x = {0: 1, 2: 2}, Y = {0}, W = 0 so s = [0, 0 | 0].
    // label 0 ∈ Y: s_0 − t = 0 < 1, a = 1, c_0 = −1/|Y| = −1
    // label 1 ∈ Ȳ: t − s_1 = 0 < 1, b = 1, c_1 = 1/|Ȳ| = 1;  threshold c_2 = a/|Y| − b/|Ȳ| = 0
    // row_f −= η·x_f·c: row0 = −0.5·1·[−1, 1, 0] = [0.5, −0.5, 0]; row2 = −0.5·2·c = [1, −1, 0].
    falt.update(x(new int[] {0, 2}, new float[] {1, 2}), LabelSet.of(0));
    assertEquals(3, falt.numFeatures());
    assertArrayEquals(new float[] {0.5f, -0.5f, 0}, row(falt, 0));
    assertArrayEquals(new float[] {0, 0, 0}, row(falt, 1));
    assertArrayEquals(new float[] {1, -1, 0}, row(falt, 2));
    // Example 2: x = {1: 1, 2: 1}, Y = {0, 1} (all labels, the 1/|Ȳ| term drops out).
    // s = row1 + row2 = [1, −1 | 0]. label 0: 1 − 0 = 1, not < 1, c_0 = 0. label 1: −1 < 1, a = 1,
    // c_1 = −1/2. threshold: c_2 = a/|Y| = 1/2. row1 −= 0.5·[0, −0.5, 0.5] = [0, 0.25, −0.25];
    // row2 = [1, −1, 0] − 0.5·[0, −0.5, 0.5] = [1, −0.75, −0.25].
    Scores out = new Scores(2);
    falt.predictThenUpdate(x(new int[] {1, 2}, new float[] {1, 1}), LabelSet.of(0, 1), out);
    assertEquals(1f, out.label(0));
    assertEquals(-1f, out.label(1));
    assertEquals(0f, out.threshold(), "out keeps the pre-update scores");
    assertArrayEquals(new float[] {0.5f, -0.5f, 0}, row(falt, 0));
    assertArrayEquals(new float[] {0, 0.25f, -0.25f}, row(falt, 1));
    assertArrayEquals(new float[] {1, -0.75f, -0.25f}, row(falt, 2));
    assertEquals(2, falt.updateSteps());
    assertEquals(2, falt.examplesSeen());
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void emptyLabelSetDropsTheRelevantTerm(Precision p) {
    Falt falt = TestLinear.falt(2, 1f, 1, opts(p));
    // x = {0: 2}, Y = ∅: both labels in Ȳ with margin 0 < 1, b = 2, c = [1/2, 1/2, −b/|Ȳ| = −1];
    // row0 = −1·2·c = [−1, −1, 2]; afterwards s = [−2, −2 | 4], nothing predicted.
    falt.update(x(new int[] {0}, new float[] {2}), LabelSet.of());
    assertArrayEquals(new float[] {-1, -1, 2}, row(falt, 0));
    Scores out = new Scores(2);
    falt.predict(x(new int[] {0}, new float[] {2}), out);
    assertEquals(4f, out.threshold());
    assertEquals(0, out.predictedCount());
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void zeroLossChangesNothing(Precision p) {
    Falt falt = TestLinear.falt(2, 1f, 1, opts(p));
    // x = {0: 1}, Y = {0}: c = [−1, 1, 0], row0 = [1, −1, 0]; then s = [1, −1 | 0]: both margins are
    // exactly 1, not < 1, so f_t = 0 and a second update changes nothing.
    SparseVector x = x(new int[] {0}, new float[] {1});
    falt.update(x, LabelSet.of(0));
    assertArrayEquals(new float[] {1, -1, 0}, row(falt, 0));
    falt.update(x, LabelSet.of(0));
    assertArrayEquals(new float[] {1, -1, 0}, row(falt, 0));
    assertEquals(1, falt.updateSteps());
    assertEquals(2, falt.examplesSeen());
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void emptyXChangesNothingUnlessBias(Precision p) {
    SparseVector empty = new SparseVector();
    Falt falt = TestLinear.falt(2, 1f, 3, opts(p));
    falt.update(empty, LabelSet.of(0));
    assertEquals(0, falt.numFeatures());
    assertEquals(0, falt.updateSteps());
    // With the bias feature x is {bias: 1}: c = [−1, 1, 0], bias row = [1, −1, 0] after step 1,
    // then both margins are 1 and the round stops after one step (M = 3).
    Falt biased = TestLinear.falt(2, 1f, 3, opts(p).withBias(true));
    biased.update(empty, LabelSet.of(0));
    assertEquals(0, biased.numFeatures());
    assertArrayEquals(new float[] {1, -1, 0}, biasRow(biased));
    assertEquals(1, biased.updateSteps());
    Scores out = new Scores(2);
    biased.predict(empty, out);
    assertTrue(out.isPredicted(0));
    assertFalse(out.isPredicted(1));
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void maxUpdatesStopsAtZeroLoss(Precision p) {
    // x = {0: 1}, Y = {0}, η = 0.25: each step adds 0.25·[1, −1, 0] to row0 while the margins
    // 0, 0.25, 0.5, 0.75 are < 1; after 4 steps they are exactly 1 and the round stops (M = 10).
    Falt falt = TestLinear.falt(2, 0.25f, 10, opts(p));
    falt.update(x(new int[] {0}, new float[] {1}), LabelSet.of(0));
    assertEquals(4, falt.updateSteps());
    assertArrayEquals(new float[] {1, -1, 0}, row(falt, 0));
    // M = 2 stops after 2 steps with row0 = [0.5, −0.5, 0].
    Falt two = TestLinear.falt(2, 0.25f, 2, opts(p));
    two.update(x(new int[] {0}, new float[] {1}), LabelSet.of(0));
    assertEquals(2, two.updateSteps());
    assertArrayEquals(new float[] {0.5f, -0.5f, 0}, row(two, 0));
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void predictThenUpdateMatchesPredictThenUpdateSeparately(Precision p) {
    Falt a = TestLinear.falt(3, 0.5f, 3, opts(p));
    Falt b = TestLinear.falt(3, 0.5f, 3, opts(p));
    Scores sa = new Scores(3);
    Scores sb = new Scores(3);
    SparseVector[] xs = {x(new int[] {0, 4}, new float[] {1, -2}), x(new int[] {1, 4}, new float[] {0.5f, 3})};
    LabelSet[] ys = {LabelSet.of(1), LabelSet.of(0, 2)};
    for (int r = 0; r < 6; r++) {
      a.predictThenUpdate(xs[r % 2], ys[r % 2], sa);
      b.predict(xs[r % 2], sb);
      b.update(xs[r % 2], ys[r % 2]);
      assertArrayEquals(sb.array(), sa.array(), "round " + r);
    }
    assertArrayEquals(storage(b, 5 * b.stride()), storage(a, 5 * a.stride()));
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void featuresBeyondDContributeNothingInPredict(Precision p) {
    Falt falt = TestLinear.falt(2, 1f, 1, opts(p));
    falt.update(x(new int[] {0}, new float[] {1}), LabelSet.of(0));
    Scores out = new Scores(2);
    falt.predict(x(new int[] {0, 5000}, new float[] {1, 7}), out);
    assertEquals(1f, out.label(0));
    assertEquals(-1f, out.label(1));
    assertEquals(1, falt.numFeatures(), "predict never grows W");
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void rejectsBadArguments(Precision p) {
    Falt falt = TestLinear.falt(2, 1f, 1, opts(p));
    assertThrows(IllegalArgumentException.class, () -> falt.update(new SparseVector(), LabelSet.of(2)));
    assertThrows(IllegalArgumentException.class, () -> falt.predict(new SparseVector(), new Scores(3)));
    assertThrows(IllegalArgumentException.class, () -> TestLinear.falt(-1, 1f, 1, opts(p))); // 0 is an open start
  }

  @org.junit.jupiter.api.Test
  void divergenceThrowsOnceAndThenRefusesUse() {
    // float32 weights: η = 1e38 with x = {0: 1e10}: the first step drives row0 to ±infinity; step 2 of
    // the same round (M = 2) recomputes the scores, sees them non-finite and throws, naming example 0.
    Falt falt = TestLinear.falt(2, 1e38f, 2, opts(Precision.FLOAT));
    SparseVector x = x(new int[] {0}, new float[] {1e10f});
    DivergenceException e = assertThrows(DivergenceException.class, () -> falt.update(x, LabelSet.of(0)));
    assertEquals(0, e.exampleIndex());
    assertTrue(e.getMessage().contains("falt") && e.getMessage().contains("eta=1.0E38")
        && e.getMessage().contains("after learning from 0 examples:"), e.getMessage());
    IllegalStateException s = assertThrows(IllegalStateException.class, () -> falt.predict(x, new Scores(2)));
    assertTrue(s.getMessage().contains("diverged"), s.getMessage());
    assertThrows(IllegalStateException.class, () -> falt.update(x, LabelSet.of(0)));
    // With M = 1 the poisoned weights are caught by the next score computation (here: predict).
    Falt one = TestLinear.falt(2, 1e38f, 1, opts(Precision.FLOAT));
    one.update(x, LabelSet.of(0));
    DivergenceException p = assertThrows(DivergenceException.class, () -> one.predict(x, new Scores(2)));
    assertEquals(1, p.exampleIndex());
    assertTrue(p.getMessage().contains("nothing changed"), p.getMessage());
    // a prediction alone latches nothing (the input may be what is extreme); learning from the example does
    assertThrows(DivergenceException.class, () -> one.predictThenUpdate(x, LabelSet.of(0), new Scores(2)));
    assertThrows(IllegalStateException.class, () -> one.predict(x, new Scores(2)));
  }

  /**
   * A finite input of extreme values whose scores overflow fails its own prediction and nothing else: the model, the
   * learner and its other predictors go on (it disabled the learner and every predictor, a review found).
   */
  @org.junit.jupiter.api.Test
  void anExtremeInputFailsItsOwnPredictionOnly() {
    for (Precision precision : Precision.values()) {
      Falt falt = TestLinear.falt(3, 1f, 1, opts(precision));
      SparseVector small = x(new int[] {0, 1}, new float[] {1f, -1f});
      for (int i = 0; i < 20; i++) {
        falt.update(small, LabelSet.of(i % 3));
      }
      org.altml.core.learner.Predictor other = falt.predictor();
      falt.weights().set(0, 0, 2.0); // a finite weight: 2 · 3e38 is beyond float's range
      Scores before = new Scores(3);
      falt.predict(small, before);
      SparseVector extreme = x(new int[] {0}, new float[] {3e38f});
      assertThrows(DivergenceException.class, () -> falt.predictor().predict(extreme, new Scores(3)), precision.name());
      assertThrows(DivergenceException.class, () -> falt.predict(extreme, new Scores(3)), precision.name());
      Scores after = new Scores(3);
      falt.predict(small, after);
      assertArrayEquals(before.array(), after.array(), precision.name());
      Scores viaOther = new Scores(3);
      other.predict(small, viaOther);
      assertArrayEquals(before.array(), viaOther.array(), precision.name());
      falt.update(small, LabelSet.of(1)); // still learning
      assertEquals(21, falt.examplesSeen());
    }
  }

  @org.junit.jupiter.api.Test
  void divergenceInDoublePrecision() {
    // float64 weights hold η·x = 1e48, so the same steps stay finite inside update; the scores x·W =
    // ±1e58 exceed float's range, and predict, which hands them back as floats, reports divergence.
    Falt one = TestLinear.falt(2, 1e38f, 1, opts(Precision.DOUBLE));
    SparseVector x = x(new int[] {0}, new float[] {1e10f});
    one.update(x, LabelSet.of(0));
    assertEquals(-1e48, one.weights().get(0, 1), 1e42);
    DivergenceException p = assertThrows(DivergenceException.class, () -> one.predict(x, new Scores(2)));
    assertEquals(1, p.exampleIndex());
    assertTrue(p.getMessage().contains("nothing changed"), p.getMessage());
    // a prediction alone latches nothing (the input may be what is extreme); learning from the example does
    assertThrows(DivergenceException.class, () -> one.predictThenUpdate(x, LabelSet.of(0), new Scores(2)));
    assertThrows(IllegalStateException.class, () -> one.predict(x, new Scores(2)));
    // A NaN weight (written through the live array) is caught by the first inner step's coefficients.
    Falt nan = TestLinear.falt(2, 1f, 2, opts(Precision.DOUBLE));
    nan.update(x, LabelSet.of(0));
    nan.weights().set(0, 1, Double.NaN);
    DivergenceException e = assertThrows(DivergenceException.class, () -> nan.update(x, LabelSet.of(0)));
    assertEquals(1, e.exampleIndex());
    assertTrue(e.getMessage().contains("inner step 0"), e.getMessage());
  }

  @org.junit.jupiter.api.Test
  void precisionAccessorsRefuseTheOtherPrecision() {
    Falt d = TestLinear.falt(2, 1f, 1);
    assertEquals(Precision.DOUBLE, d.precision(), "double is the default");
    assertTrue(d.weights().isDouble());
    assertThrows(IllegalStateException.class, () -> d.weights().rows());
    assertThrows(IllegalStateException.class, () -> d.weights().biasRow());
    Falt f = TestLinear.falt(2, 1f, 1, opts(Precision.FLOAT));
    assertFalse(f.weights().isDouble());
    assertThrows(IllegalStateException.class, () -> f.weights().rowsDouble());
    assertThrows(IllegalStateException.class, () -> f.weights().biasRowDouble());
  }
}
