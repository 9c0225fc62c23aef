package org.altml.core.metric;

import static org.altml.core.metric.MetricTestSupport.scores;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Stream;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hand-computed values of every metric on five examples over L = 4 labels. Ranks: rank(j) = #{k : s_k
 * >= s_j}. The examples:
 *
 * <pre>
 * A: Y={0,1}     s=[3,1,2,-1] t=1.5  Ŷ={0,2}  |Y∩Ŷ|=1  typical
 * B: Y={}        s=[0,0,0,0]  t=0    Ŷ={}               empty truth, empty prediction
 * C: Y={0,1,2,3} s=[1,1,0,0]  t=0.5  Ŷ={0,1}            all labels relevant
 * D: Y={2}       s=[2,2,1,0]  t=3    Ŷ={}               empty prediction, non-empty truth
 * E: Y={1}       s=[1,1,0,0]  t=0    Ŷ={0,1}            top score tied with an irrelevant label
 * </pre>
 */
class EvaluationSuiteTest {
  static final double EPS = 1e-15;

  record Case(String name, LabelSet truth, Scores scores) {}

  static final Case A = new Case("A", LabelSet.of(0, 1), scores(1.5f, 3, 1, 2, -1));
  static final Case B = new Case("B", LabelSet.of(), scores(0, 0, 0, 0, 0));
  static final Case C = new Case("C", LabelSet.of(0, 1, 2, 3), scores(0.5f, 1, 1, 0, 0));
  static final Case D = new Case("D", LabelSet.of(2), scores(3, 2, 2, 1, 0));
  static final Case E = new Case("E", LabelSet.of(1), scores(0, 1, 1, 0, 0));

  /**
   * Expected values in {@link Measure} order: precision, recall, f1, macroF1, microF1, hammingLoss,
   * rankingLoss, subsetAccuracy, jaccard, oneError, coverage, averagePrecision, emptyPredictionRate.
   */
  static Stream<Arguments> singleExamples() {
    double nan = Double.NaN;
    return Stream.of(
        // A: P=1/2 R=1/2; per label l0 tp, l1 fn, l2 fp, l3 never → macro (1+0+0+1)/4; micro 2/(2+1+1);
        // Δ={1,2}; pairs (0,2)ok (0,3)ok (1,2)err (1,3)ok → 1/4; rank(0)=1 rank(1)=3 → cov 2,
        // AP=(1/1 + 2/3)/2; top label 0 ∈ Y
        Arguments.of(A, new double[] {.5, .5, .5, .5, .5, .5, .25, 0, 1.0 / 3, 0, 2, 5.0 / 6, 0}),
        // B: every 0/0 compares two empty sets → 1; ranking metrics left out
        Arguments.of(B, new double[] {1, 1, 1, 1, 1, 0, nan, 1, 1, nan, nan, nan, 1}),
        // C: P=2/2 R=2/4 F1=2/3; macro (1+1+0+0)/4; micro 4/(4+2); Δ={2,3}; Ȳ=∅ → ranking loss left out;
        // rank(2)=rank(3)=4 → cov 3; every label ranked above a relevant one is relevant → AP 1
        Arguments.of(C, new double[] {1, .5, 2.0 / 3, .5, 2.0 / 3, .5, nan, 0, .5, 0, 3, 1, 0}),
        // D: P=0 (Ŷ=∅, Y≠∅) R=0 F1=0; macro (1+1+0+1)/4; micro 0/1; rank(2)=3 with 0,1 irrelevant
        // above → RL 2/3, AP 1/3, cov 2; top labels 0,1 ∉ Y
        Arguments.of(D, new double[] {0, 0, 0, .75, 0, .25, 2.0 / 3, 0, 0, 1, 2, 1.0 / 3, 1}),
        // E: P=1/2 R=1 F1=2/3; macro (0+1+1+1)/4; micro 2/(2+1); s_1 = s_0 with 0 ∉ Y: the tie is an
        // error in RL (1/3), rank(1)=2 → AP 1/2, cov 1, one-error 1
        Arguments.of(E, new double[] {.5, 1, 2.0 / 3, .75, 2.0 / 3, .25, 1.0 / 3, 0, .5, 1, 1, .5, 0}));
  }

  @ParameterizedTest
  @MethodSource("singleExamples")
  void singleExampleValues(Case c, double[] expected) {
    EvaluationSuite suite = new EvaluationSuite(4);
    suite.accept(c.truth(), c.scores());
    MetricReport report = suite.report();
    for (Measure m : Measure.values()) {
      assertEquals(expected[m.ordinal()], report.get(m), EPS, c.name() + " " + m.metricName());
      MultiLabelMetric single = m.create(4, ZeroDivisionPolicy.SPEC);
      single.accept(c.truth(), c.scores());
      assertEquals(expected[m.ordinal()], single.value(), EPS, c.name() + " standalone " + m.metricName());
      assertEquals(m.metricName(), single.name());
      assertEquals(1, single.count());
    }
  }

  @Test
  void allFiveExamples() {
    EvaluationSuite suite = new EvaluationSuite(4);
    for (Case c : List.of(A, B, C, D, E)) {
      suite.accept(c.truth(), c.scores());
    }
    MetricReport r = suite.report();
    assertEquals(5, r.examples());
    // P = (1/2+1+1+0+1/2)/5, R = (1/2+1+1/2+0+1)/5, F1 of the averages
    assertEquals(0.6, r.get("precision"), EPS);
    assertEquals(0.6, r.get("recall"), EPS);
    assertEquals(0.6, r.get("f1"), EPS);
    // per label: l0 tp2 fp1 fn0, l1 tp2 fp0 fn1, l2 tp0 fp1 fn2, l3 tp0 fp0 fn1
    assertArrayEquals(new long[] {2, 2, 0, 0}, r.truePositives());
    assertArrayEquals(new long[] {1, 0, 1, 0}, r.falsePositives());
    assertArrayEquals(new long[] {0, 1, 2, 1}, r.falseNegatives());
    assertEquals((0.8 + 0.8 + 0 + 0) / 4, r.get("macroF1"), EPS);
    assertEquals(8.0 / 14, r.get("microF1"), EPS);
    assertEquals(6.0 / 20, r.get("hammingLoss"), EPS);
    // A 1/4, D 2/3, E 1/3; B (Y=∅) and C (Ȳ=∅) left out
    assertEquals((0.25 + 2.0 / 3 + 1.0 / 3) / 3, r.get("rankingLoss"), EPS);
    assertEquals(2, r.rankingLossLeftOut());
    assertEquals(0.2, r.get("subsetAccuracy"), EPS);
    assertEquals((1.0 / 3 + 1 + 0.5 + 0 + 0.5) / 5, r.get("jaccard"), EPS);
    // A, C, D, E (B left out)
    assertEquals(1, r.emptyTruthLeftOut());
    assertEquals(0.5, r.get("oneError"), EPS);
    assertEquals(2.0, r.get("coverage"), EPS);
    assertEquals((5.0 / 6 + 1 + 1.0 / 3 + 0.5) / 4, r.get("averagePrecision"), EPS);
    assertEquals(0.4, r.get("emptyPredictionRate"), EPS);
    assertEquals(
        List.of("precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss", "subsetAccuracy",
            "jaccard", "oneError", "coverage", "averagePrecision", "emptyPredictionRate"),
        List.copyOf(r.values().keySet()));
    assertEquals(List.of("precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"),
        List.copyOf(r.paperValues().keySet()));
  }

  @Test
  void zeroPolicyMakesEveryZeroOverZeroZero() {
    EvaluationSuite suite = new EvaluationSuite(4, ZeroDivisionPolicy.ZERO);
    for (Case c : List.of(A, B, C, D, E)) {
      suite.accept(c.truth(), c.scores());
    }
    MetricReport r = suite.report();
    // B now scores 0 on precision, recall and Jaccard
    assertEquals(0.4, r.get("precision"), EPS);
    assertEquals(0.4, r.get("recall"), EPS);
    assertEquals(0.4, r.get("f1"), EPS);
    assertEquals((1.0 / 3 + 0 + 0.5 + 0 + 0.5) / 5, r.get("jaccard"), EPS);
    assertEquals(0.2, r.get("subsetAccuracy"), EPS);
    assertEquals(ZeroDivisionPolicy.ZERO, r.policy());
  }

  @Test
  void onePolicyGivesEmptyPredictionForNonEmptyTruthPrecisionOne() {
    EvaluationSuite suite = new EvaluationSuite(4, ZeroDivisionPolicy.ONE);
    suite.accept(D.truth(), D.scores());
    assertEquals(1.0, suite.value(Measure.PRECISION), EPS);
    assertEquals(0.0, suite.value(Measure.RECALL), EPS);
  }

  @Test
  void labelNeverSeenCountsInMacroF1ByPolicy() {
    // L = 5: label 4 is never relevant and never predicted; example A padded with s_4 = -5
    Scores s = scores(1.5f, 3, 1, 2, -1, -5);
    EvaluationSuite spec = new EvaluationSuite(5);
    EvaluationSuite zero = new EvaluationSuite(5, ZeroDivisionPolicy.ZERO);
    spec.accept(A.truth(), s);
    zero.accept(A.truth(), s);
    // labels: l0 tp → 1, l1 fn → 0, l2 fp → 0, l3 and l4 never → 1 (SPEC) or 0 (ZERO)
    assertEquals(3.0 / 5, spec.value(Measure.MACRO_F1), EPS);
    assertEquals(1.0 / 5, zero.value(Measure.MACRO_F1), EPS);
    assertEquals(0.5, spec.value(Measure.MICRO_F1), EPS);
    assertEquals(2.0 / 5, spec.value(Measure.HAMMING_LOSS), EPS);
    // three irrelevant labels now: pairs with label 1 (s=1): only label 2 scores >= 1 → 1 error of 6
    assertEquals(1.0 / 6, spec.value(Measure.RANKING_LOSS), EPS);
    assertEquals(0, spec.report().truePositives(4) + spec.report().falsePositives(4) + spec.report().falseNegatives(4));
  }

  @Test
  void microF1WithNothingEverPresentOrPredicted() {
    EvaluationSuite spec = new EvaluationSuite(4);
    EvaluationSuite zero = new EvaluationSuite(4, ZeroDivisionPolicy.ZERO);
    spec.accept(B.truth(), B.scores());
    zero.accept(B.truth(), B.scores());
    assertEquals(1.0, spec.value(Measure.MICRO_F1));
    assertEquals(0.0, zero.value(Measure.MICRO_F1));
  }

  @Test
  void noExamplesGiveNaN() {
    MetricReport r = new EvaluationSuite(3).report();
    for (Measure m : Measure.values()) {
      assertEquals(Double.NaN, r.get(m), m.metricName());
    }
    assertEquals(0, r.examples());
  }

  @Test
  void rankingSwitchedOffReportsNaNButKeepsTheRest() {
    EvaluationSuite suite = new EvaluationSuite(4, ZeroDivisionPolicy.SPEC, false);
    EvaluationSuite full = new EvaluationSuite(4);
    for (Case c : List.of(A, B, C, D, E)) {
      suite.accept(c.truth(), c.scores());
      full.accept(c.truth(), c.scores());
    }
    for (Measure m : Measure.values()) {
      double expected = m.needsRanking() ? Double.NaN : full.value(m);
      assertEquals(expected, suite.report().get(m), m.metricName());
    }
    assertEquals(2, suite.report().rankingLossLeftOut());
    assertEquals(1, suite.report().emptyTruthLeftOut());
  }

  @Test
  void resetForgetsEverything() {
    EvaluationSuite suite = new EvaluationSuite(4);
    suite.accept(A.truth(), A.scores());
    suite.reset();
    suite.accept(D.truth(), D.scores());
    EvaluationSuite fresh = new EvaluationSuite(4);
    fresh.accept(D.truth(), D.scores());
    assertEquals(fresh.report(), suite.report());
  }

  @Test
  void rejectsBadInput() {
    EvaluationSuite suite = new EvaluationSuite(4);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> suite.accept(LabelSet.of(4), A.scores()));
    assertEquals("true label 4 outside [0, 4)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> suite.accept(A.truth(), new Scores(3)));
    assertThrows(IllegalArgumentException.class, () -> suite.accept(A.truth(), scores(0, 1, Float.NaN, 0, 0)));
    assertThrows(IllegalArgumentException.class, () -> new EvaluationSuite(-1)); // 0: an open stream's first labels
    assertThrows(IllegalArgumentException.class, () -> suite.merge(new EvaluationSuite(4, ZeroDivisionPolicy.ZERO)));
    assertThrows(IllegalArgumentException.class, () -> Measure.byName("accuracy"));
    assertEquals(Measure.F1, Measure.byName("F1"));
    assertEquals(Measure.MICRO_F1, Measure.byName("MICRO_F1"));
    assertEquals(Measure.HAMMING_LOSS, Measure.byName("hammingloss"));
    MultiLabelMetric p = Measure.PRECISION.create(4, ZeroDivisionPolicy.SPEC);
    assertThrows(IllegalArgumentException.class, () -> p.merge(Measure.RECALL.create(4, ZeroDivisionPolicy.SPEC)));
  }

  @Test
  void byNameRoundTrips() {
    for (Measure m : Measure.values()) {
      assertEquals(m, Measure.byName(m.metricName()));
      assertEquals(m, Measure.byName(m.name()), "the constant's name finds the same measure");
    }
  }
}
