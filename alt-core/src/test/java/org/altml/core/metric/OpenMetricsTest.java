package org.altml.core.metric;

import static org.altml.core.metric.MetricTestSupport.scores;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.junit.jupiter.api.Test;

/**
 * Metrics over a growing label set (docs/spec.md#open-metrics): counts of new labels start at zero, macro averages
 * divide by the labels known at the report, the Hamming loss divides each example by its own L, −∞ scores of labels the
 * learner did not know are handled by every metric, and suites of different L merge and serialize.
 */
class OpenMetricsTest {
  private static final float NEG = Float.NEGATIVE_INFINITY;

  /** One example of a stream: the L it is accepted at, its truth and its scores (of that L). */
  private record Step(int numLabels, LabelSet truth, Scores scores) {}

  /**
   * Labels 0 and 1 born at example 1 (scored −∞: the learner had no label yet), label 2 at example 3 (−∞ beside the
   * known ones), then an example without labels.
   */
  private static List<Step> stream() {
    return List.of(
        new Step(2, LabelSet.of(0, 1), scores(0f, NEG, NEG)),
        new Step(2, LabelSet.of(1), scores(1f, 0.5f, 2f)),
        new Step(3, LabelSet.of(2), scores(1f, 1.5f, 0f, NEG)),
        new Step(3, LabelSet.of(), scores(0f, -1f, -1f, 0.5f)));
  }

  private static void feed(EvaluationSuite s, List<Step> steps) {
    for (Step step : steps) {
      s.growLabels(step.numLabels());
      s.accept(step.truth(), step.scores());
    }
  }

  /**
   * By hand. Example 1: Ŷ = ∅, |Ŷ Δ Y| / L = 2/2, precision = recall = Jaccard = 0, Ȳ = ∅ (left out of the ranking
   * loss), coverage 1, AP 1, one-error 0. Example 2: perfect, ranking loss 0, coverage 0. Example 3: Ŷ = {0}, 2/3, every
   * ratio 0, ranking loss 2/2 (−∞ ties and loses to both irrelevant labels), one-error 1, coverage 2, AP 1/3. Example 4:
   * Ŷ = {2}, Y = ∅: 1/3, precision 0, recall 0 (spec: 0/0 with a non-empty prediction), left out of the ranking ones.
   * Per label (tp, fp, fn): 0 = (0, 1, 1), 1 = (1, 0, 1), 2 = (0, 1, 1).
   */
  @Test
  void aGrowingSuiteByHand() {
    EvaluationSuite s = new EvaluationSuite(0);
    assertEquals(0, s.numLabels());
    feed(s, stream());
    MetricReport r = s.report();
    assertEquals(3, r.numLabels());
    assertEquals(4, r.examples());
    assertEquals(0.5, r.get(Measure.HAMMING_LOSS), 0.0, "(1 + 0 + 2/3 + 1/3) / 4 rounded once");
    assertEquals(0.25, r.get(Measure.PRECISION), 0.0);
    assertEquals(0.25, r.get(Measure.RECALL), 0.0);
    assertEquals(0.25, r.get(Measure.F1), 0.0);
    assertEquals(0.25, r.get(Measure.JACCARD), 0.0);
    assertEquals(0.25, r.get(Measure.SUBSET_ACCURACY), 0.0);
    assertEquals(0.25, r.get(Measure.EMPTY_PREDICTION_RATE), 0.0);
    assertEquals(0.5, r.get(Measure.RANKING_LOSS), 0.0);
    assertEquals(2, r.rankingLossLeftOut());
    assertEquals(1, r.emptyTruthLeftOut());
    assertEquals(1.0 / 3, r.get(Measure.ONE_ERROR), 0.0);
    assertEquals(1.0, r.get(Measure.COVERAGE), 0.0);
    assertEquals((1 + 1 + 1.0 / 3) / 3, r.get(Measure.AVERAGE_PRECISION), 1e-15);
    assertArrayEquals(new long[] {0, 1, 0}, r.truePositives());
    assertArrayEquals(new long[] {1, 0, 1}, r.falsePositives());
    assertArrayEquals(new long[] {1, 1, 1}, r.falseNegatives());
    assertEquals((2.0 / 3) / 3, r.get(Measure.MACRO_F1), 0.0, "divided by the 3 labels seen");
    assertEquals(2.0 / 7, r.get(Measure.MICRO_F1), 0.0);
    for (double v : r.values().values()) {
      assertFalse(Double.isNaN(v), r.toString());
    }
  }

  /** After the first example the macro F1 divides by the 2 labels seen then, not by the 3 of the end. */
  @Test
  void macroAveragesDivideByTheLabelsSeenAtTheReport() {
    EvaluationSuite s = new EvaluationSuite(0);
    feed(s, stream().subList(0, 2));
    // label 0: (0, 0, 1) -> 0; label 1: (1, 0, 1) -> 2/3
    assertEquals((2.0 / 3) / 2, s.report().get(Measure.MACRO_F1), 0.0);
    assertEquals((1.0 + 0.0) / 2, s.report().get(Measure.HAMMING_LOSS), 0.0);
  }

  /**
   * A window: width 2 holds examples 3 and 4, both at L = 3 (the fixed-L formula); width 3 also example 2 at L = 2.
   * Label 1 has left the width-2 window: (0, 0, 0), F1 = 1 by the spec policy, and it still counts in the macro average.
   */
  @Test
  void aGrowingWindowByHand() {
    SlidingWindowSuite two = new SlidingWindowSuite(0, 2, ZeroDivisionPolicy.SPEC, true);
    SlidingWindowSuite three = new SlidingWindowSuite(0, 3, ZeroDivisionPolicy.SPEC, true);
    for (Step step : stream()) {
      for (SlidingWindowSuite w : List.of(two, three)) {
        w.growLabels(step.numLabels());
        w.accept(step.truth(), step.scores());
      }
    }
    MetricReport r = two.report();
    assertEquals(0.5, r.get(Measure.HAMMING_LOSS), 0.0);
    assertEquals(1.0 / 3, r.get(Measure.MACRO_F1), 0.0);
    assertEquals((0 + 2.0 / 3 + 1.0 / 3) / 3, three.report().get(Measure.HAMMING_LOSS), 0.0);
    EvaluationSuite fresh = new EvaluationSuite(0);
    feed(fresh, stream().subList(1, 4));
    assertEquals(fresh.report(), three.report(), "a window is a fresh suite over its examples");
  }

  /**
   * A long random stream with label births: the window equals a fresh suite over its last W examples at every step, and
   * the suite grown past 64 labels (the ring's words double) keeps its counts.
   */
  @Test
  void randomBirthsWindowsEqualFreshSuites() {
    SplittableRandom r = new SplittableRandom(42);
    List<Step> steps = new ArrayList<>();
    int known = 0;
    for (int t = 0; t < 400; t++) {
      int born = r.nextInt(3) == 0 ? 1 + r.nextInt(2) : 0;
      int now = Math.min(150, known + born);
      LabelSet truth = MetricTestSupport.randomTruth(r, known);
      int[] labels = java.util.stream.IntStream.concat(java.util.Arrays.stream(truth.array(), 0, truth.size()),
          java.util.stream.IntStream.range(known, now)).toArray();
      Scores s = MetricTestSupport.randomScores(r, known);
      Scores grown = new Scores(now);
      System.arraycopy(s.array(), 0, grown.array(), 0, known);
      for (int l = known; l < now; l++) {
        grown.array()[l] = NEG;
      }
      grown.array()[now] = s.array()[known];
      steps.add(new Step(now, LabelSet.of(labels), grown));
      known = now;
    }
    SlidingWindowSuite w = new SlidingWindowSuite(0, 37, ZeroDivisionPolicy.SPEC, true);
    for (int t = 0; t < steps.size(); t++) {
      w.growLabels(steps.get(t).numLabels());
      w.accept(steps.get(t).truth(), steps.get(t).scores());
      if (t % 23 == 0 || t == steps.size() - 1) {
        EvaluationSuite fresh = new EvaluationSuite(0);
        feed(fresh, steps.subList(Math.max(0, t - 36), t + 1));
        fresh.growLabels(steps.get(t).numLabels());
        assertEquals(fresh.report(), w.report(), "after example " + t);
      }
    }
    assertTrue(known > 64, "the labels pass one word of bits: " + known);
  }

  /** −∞ label scores: never predicted (even against a −∞ threshold), ranked below everything, no NaN anywhere. */
  @Test
  void minusInfinityScores() {
    EvaluationSuite s = new EvaluationSuite(3);
    s.accept(LabelSet.of(0), scores(0f, NEG, 0.5f, NEG));
    MetricReport r = s.report();
    assertArrayEquals(new long[] {0, 1, 0}, r.falsePositives());
    assertArrayEquals(new long[] {1, 0, 0}, r.falseNegatives());
    assertEquals(1.0, r.get(Measure.RANKING_LOSS), 0.0, "both pairs (0, 1) and (0, 2) are errors: ties count");
    assertEquals(2.0, r.get(Measure.COVERAGE), 0.0);
    assertEquals(1.0 / 3, r.get(Measure.AVERAGE_PRECISION), 0.0);
    assertEquals(1.0, r.get(Measure.ONE_ERROR), 0.0);
    assertEquals(2.0 / 3, r.get(Measure.HAMMING_LOSS), 0.0);
    EvaluationSuite t = new EvaluationSuite(2);
    t.accept(LabelSet.of(1), scores(NEG, NEG, 1f));
    assertArrayEquals(new long[] {0, 1}, t.report().truePositives());
    assertArrayEquals(new long[] {0, 0}, t.report().falsePositives(), "−∞ is not above a −∞ threshold");
    for (MetricReport each : List.of(r, t.report())) {
      for (double v : each.values().values()) {
        assertFalse(Double.isNaN(v), each.toString());
      }
    }
  }

  /** Suites of different L merge, either way round, into what one suite over every example reports. */
  @Test
  void suitesOfDifferentLabelCountsMerge() {
    EvaluationSuite all = new EvaluationSuite(0);
    feed(all, stream());
    EvaluationSuite early = new EvaluationSuite(0);
    feed(early, stream().subList(0, 2));
    EvaluationSuite late = new EvaluationSuite(3);
    feed(late, stream().subList(2, 4));
    EvaluationSuite a = copy(early);
    a.merge(late);
    assertEquals(3, a.numLabels());
    assertEquals(all.report(), a.report());
    EvaluationSuite b = copy(late);
    b.merge(early);
    assertEquals(3, b.numLabels());
    assertEquals(all.report(), b.report());
    assertEquals(2, early.numLabels(), "the merged suite is not changed");
    MultiLabelMetric one = Measure.MACRO_F1.create(2, ZeroDivisionPolicy.SPEC);
    MultiLabelMetric two = Measure.MACRO_F1.create(0, ZeroDivisionPolicy.SPEC);
    two.growLabels(3);
    for (Step step : stream()) {
      one.growLabels(step.numLabels());
      one.accept(step.truth(), step.scores());
    }
    two.merge(one);
    assertEquals(one.value(), two.value(), 0.0, "a metric grown to 3 labels merges one that grew to them");
    assertEquals(all.report().get(Measure.MACRO_F1), one.value(), 0.0);
    EvaluationSuite other = new EvaluationSuite(3, ZeroDivisionPolicy.ZERO);
    assertThrows(IllegalArgumentException.class, () -> a.merge(other));
  }

  private static EvaluationSuite copy(EvaluationSuite s) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      s.write(new DataOutputStream(bytes));
      return EvaluationSuite.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * A grown suite's state carries its L and each example's: read back, it reports, grows and continues as the original.
   * A suite that never grew writes the form it always wrote (its L first), and an open suite at L = 0 round-trips.
   */
  @Test
  void writeAndReadCarryTheGrownLabels() throws IOException {
    EvaluationSuite s = new EvaluationSuite(0);
    assertEquals(0, copy(s).numLabels());
    feed(s, stream().subList(0, 3));
    EvaluationSuite back = copy(s);
    assertEquals(3, back.numLabels());
    assertEquals(s.report(), back.report());
    feed(s, stream().subList(3, 4));
    feed(back, stream().subList(3, 4));
    assertEquals(s.report(), back.report());
    s.growLabels(5);
    back = copy(s);
    assertEquals(5, back.numLabels());
    assertEquals(s.report(), back.report());

    EvaluationSuite fixed = new EvaluationSuite(3);
    fixed.accept(LabelSet.of(2), scores(0f, 1f, -1f, 2f));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    fixed.write(new DataOutputStream(bytes));
    assertEquals(3, new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())).readInt(), "the fixed-L form");
    assertEquals(fixed.report(), copy(fixed).report());
  }

  /**
   * Before its first label an open stream's examples have L = 0: an empty truth, an empty prediction (perfect by the
   * spec policy), no Hamming loss (nothing to get wrong), a macro average over no label (NaN) until a label appears.
   */
  @Test
  void examplesBeforeTheFirstLabel() {
    EvaluationSuite s = new EvaluationSuite(0);
    SlidingWindowSuite w = new SlidingWindowSuite(0, 2, ZeroDivisionPolicy.SPEC, true);
    for (int i = 0; i < 3; i++) {
      s.accept(LabelSet.of(), new Scores(0));
      w.accept(LabelSet.of(), new Scores(0));
    }
    for (MetricReport r : List.of(s.report(), w.report())) {
      assertEquals(0.0, r.get(Measure.HAMMING_LOSS), 0.0);
      assertEquals(1.0, r.get(Measure.PRECISION), 0.0);
      assertEquals(1.0, r.get(Measure.MICRO_F1), 0.0);
      assertTrue(Double.isNaN(r.get(Measure.MACRO_F1)), "no label to average over");
      assertEquals(0, r.numLabels());
    }
    s.growLabels(1);
    w.growLabels(1);
    s.accept(LabelSet.of(0), scores(0f, NEG));
    w.accept(LabelSet.of(0), scores(0f, NEG));
    assertEquals(0.25, s.report().get(Measure.HAMMING_LOSS), 0.0, "(0 + 0 + 0 + 1/1) / 4");
    assertEquals(0.5, w.report().get(Measure.HAMMING_LOSS), 0.0, "(0 + 1/1) / 2");
    assertEquals(0.0, s.report().get(Measure.MACRO_F1), 0.0);
    assertEquals(s.report(), copy(s).report());
  }

  @Test
  void growingRefusesFewerLabelsAndScoresOfTheOldL() {
    EvaluationSuite s = new EvaluationSuite(2);
    s.growLabels(2);
    assertThrows(IllegalArgumentException.class, () -> s.growLabels(1));
    s.growLabels(4);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.accept(LabelSet.of(0), scores(0f, 1f, 1f)));
    assertEquals("scores have 2 labels, the metrics 4", e.getMessage());
    EvaluationSuite small = new EvaluationSuite(2);
    e = assertThrows(IllegalArgumentException.class, () -> small.accept(LabelSet.of(0), scores(0f, 1f, 1f, 1f)));
    assertEquals("scores have 3 labels, the metrics 2 (grow the metrics with the labels first: growLabels)", e.getMessage());
    SlidingWindowSuite w = new SlidingWindowSuite(2, 5, ZeroDivisionPolicy.SPEC, true);
    assertThrows(IllegalArgumentException.class, () -> w.growLabels(1));
  }

  /** The Hamming loss's rational is rounded once, to nearest even: as a 100-digit decimal quotient rounds. */
  @Test
  void hammingRatioRoundsOnce() {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 20000; i++) {
      BigInteger num = BigInteger.valueOf(r.nextLong(1, 1L << r.nextInt(1, 62)));
      BigInteger den = num.add(BigInteger.valueOf(r.nextLong(0, 1L << r.nextInt(1, 62)))).multiply(BigInteger.valueOf(r.nextInt(1, 1000)));
      double want = new BigDecimal(num).divide(new BigDecimal(den), new MathContext(100)).doubleValue();
      assertEquals(want, HammingSums.ratio(num, den), 0.0, num + "/" + den);
    }
    assertEquals(1.0 / 3, HammingSums.ratio(BigInteger.ONE, BigInteger.valueOf(3)), 0.0);
    assertEquals(0.0, HammingSums.ratio(BigInteger.ZERO, BigInteger.TEN), 0.0);
  }
}
