package org.altml.kernel.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.kernel.reference.KernelReference.Policy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

/**
 * The kernel reference on tiny cases worked out by hand from docs/spec.md (numbers in the comments), so that
 * the acceptance test compares the learners with something that is itself checked.
 */
class KernelReferenceTest {
  private static final double EPS = 1e-15;
  /** e^-1, the RBF value of two points at distance 1 when σ² = 1/2 (2σ² = 1). */
  private static final double K1 = Math.exp(-1);

  /** A one-feature example (d = 1). */
  private static SparseVector x1(float v) {
    return v == 0 ? new SparseVector() : SparseVector.of(new int[] {0}, new float[] {v});
  }

  @Test
  void rbfIsComputedOnTheDenseDifference() {
    // x = (1, 0, 2), x' = (0, 3, 2): ||x - x'||² = 1 + 9 + 0 = 10; σ² = 2.5 -> exp(-10 / 5) = exp(-2)
    double[] a = {1, 0, 2};
    double[] b = {0, 3, 2};
    assertEquals(Math.exp(-2), KernelReference.rbf(a, b, 2.5), EPS);
    assertEquals(1.0, KernelReference.rbf(a, a, 2.5), 0.0);
    KernelReference ref = KernelReference.falt(2, 3, 1, 2.5, 1, 0, Policy.NONE);
    assertArrayEquals(a, ref.dense(SparseVector.of(new int[] {0, 2}, new float[] {1f, 2f})), 0.0);
    // an empty store scores everything 0, so the first prediction is the empty set
    assertArrayEquals(new double[3], ref.scores(SparseVector.of(new int[] {1}, new float[] {5f})), 0.0);
  }

  @Test
  void faltTwoRoundsByHand() {
    // L = 2, d = 1, σ² = 1/2 so K(x, x') = exp(-(x - x')²); η = 1, M = 1.
    // Round 1, x = 0, Y = {0}: s = (0, 0 | 0). Label 0 (relevant): s_0 - s_t = 0 < 1, a = 1, c_0 = -1/|Y| = -1.
    //   Label 1 (irrelevant): s_t - s_1 = 0 < 1, b = 1, c_1 = 1/|Ȳ| = 1. c_t = a/|Y| - b/|Ȳ| = 0.
    //   α_1 = -η·c = (1, -1, 0).
    // Round 2, x = 1, Y = {1}: K(0, 1) = e^-1 = k, s = k·α_1 = (k, -k | 0), so label 0 is predicted.
    //   Label 1 (relevant): -k - 0 < 1, c_1 = -1. Label 0 (irrelevant): 0 - k < 1, c_0 = 1. c_t = 1 - 1 = 0.
    //   α_2 = (-1, 1, 0).
    // Query x = 0: s = 1·α_1 + k·α_2 = (1 - k, -1 + k, 0). Query x = 2: K(0,2) = e^-4, K(1,2) = e^-1:
    //   s = (e^-4 - k, -e^-4 + k, 0).
    KernelReference ref = KernelReference.falt(2, 1, 1, 0.5, 1, 0, Policy.NONE);
    ref.update(x1(0), LabelSet.of(0));
    assertArrayEquals(new double[] {1, -1, 0}, ref.alpha(0), EPS);
    assertArrayEquals(new double[] {K1, -K1, 0}, ref.scores(x1(1)), EPS);
    ref.update(x1(1), LabelSet.of(1));
    assertEquals(2, ref.size());
    assertArrayEquals(new double[] {-1, 1, 0}, ref.alpha(1), EPS);
    assertArrayEquals(new double[] {1 - K1, -1 + K1, 0}, ref.scores(x1(0)), EPS);
    double e4 = Math.exp(-4);
    assertArrayEquals(new double[] {e4 - K1, -e4 + K1, 0}, ref.scores(x1(2)), EPS);
    assertEquals(2, ref.updateSteps());
  }

  @Test
  void faltMStepsStopAtZeroLossAndAppendOnce() {
    // L = 3, one example x with Y = {0}, η = 1, so K(x, x) = 1 and s moves by -c each step.
    // Step 1, s = (0, 0, 0 | 0): all margins 0 < 1: c = (-1, 1/2, 1/2 | 1 - 1) -> α = (1, -1/2, -1/2 | 0).
    // Step 2, s = α: label 0: 1 - 0 = 1, not < 1 (a = 0); labels 1, 2: 0 + 1/2 < 1 (b = 2):
    //   c = (0, 1/2, 1/2 | 0 - 1) -> α = (1, -1, -1 | 1).
    // Step 3: label 0: 1 - 1 = 0 < 1 (a = 1); labels 1, 2: 1 + 1 = 2 (b = 0): c = (-1, 0, 0 | 1)
    //   -> α = (2, -1, -1 | 0).
    // Step 4: label 0: 2 - 0 = 2; labels 1, 2: 0 + 1 = 1, not < 1: loss 0, stop. So M = 5 takes 3 steps.
    SparseVector x = SparseVector.of(new int[] {0, 1}, new float[] {3f, -4f});
    double[][] expected = {{1, -0.5, -0.5, 0}, {1, -1, -1, 1}, {2, -1, -1, 0}, {2, -1, -1, 0}, {2, -1, -1, 0}};
    for (int m = 1; m <= 5; m++) {
      KernelReference ref = KernelReference.falt(3, 2, 1, 0.5, m, 0, Policy.NONE);
      ref.update(x, LabelSet.of(0));
      assertEquals(1, ref.size(), "M = " + m + ": one support vector per round");
      assertArrayEquals(expected[m - 1], ref.alpha(0), EPS, "M = " + m);
      assertEquals(Math.min(m, 3), ref.updateSteps(), "M = " + m);
      assertArrayEquals(expected[m - 1], ref.scores(x), EPS, "M = " + m + ": K(x, x) = 1");
      // the next round on the same example: zero loss from step 3 on, so nothing is appended
      ref.update(x, LabelSet.of(0));
      assertEquals(m >= 3 ? 1 : 2, ref.size(), "M = " + m + ", second round");
    }
  }

  @Test
  void faltWithEmptyAndFullLabelSets() {
    // L = 3, η = 1, M = 1; x = 0 and x = 100 with σ² = 1/2: K = exp(-10^4) = 0, the two never interact.
    // Y = ∅: the relevant term is dropped, b = 3, c_j = 1/3, c_t = -b/|Ȳ| = -1 -> α = (-1/3, -1/3, -1/3 | 1).
    // Y = {0,1,2}: the irrelevant term is dropped, a = 3, c_i = -1/3, c_t = a/|Y| = 1 -> α = (1/3, 1/3, 1/3 | -1).
    KernelReference ref = KernelReference.falt(3, 1, 1, 0.5, 1, 0, Policy.NONE);
    ref.update(x1(0), LabelSet.of());
    ref.update(x1(100), LabelSet.of(0, 1, 2));
    double t = 1.0 / 3;
    assertArrayEquals(new double[] {-t, -t, -t, 1}, ref.alpha(0), EPS);
    assertArrayEquals(new double[] {t, t, t, -1}, ref.alpha(1), EPS);
    assertArrayEquals(new double[] {t, t, t, -1}, ref.scores(x1(100)), EPS);
  }

  @Test
  void paOneAndTwoByHand() {
    // L = 2, d = 1, σ² = 1/2, C = 1/2; k = e^-1. K(x, x) = 1 replaces ||x||².
    // PA-I round 1, x = 0, Y = {0}: s = 0, ℓ = (1, 1), τ = min(1/2, 1/1) = 1/2, α_1 = τ·y = (1/2, -1/2).
    // Round 2, x = 1, Y = {0, 1}: s = k·α_1 = (k/2, -k/2); ℓ_0 = 1 - k/2 ≈ 0.82, ℓ_1 = 1 + k/2: both τ = 1/2,
    //   α_2 = (1/2, 1/2). Query x = 0: s = α_1 + k·α_2 = (1/2 + k/2, -1/2 + k/2 | 0): predicts {0} only.
    // PA-II, 1/(2C) = 1: round 1 τ = 1/(1 + 1) = 1/2, α_1 = (1/2, -1/2); round 2 τ_0 = (1 - k/2)/2,
    //   τ_1 = (1 + k/2)/2.
    KernelReference pa1 = KernelReference.pa(false, 2, 1, 0.5, 0.5, 0, Policy.NONE);
    KernelReference pa2 = KernelReference.pa(true, 2, 1, 0.5, 0.5, 0, Policy.NONE);
    for (KernelReference ref : new KernelReference[] {pa1, pa2}) {
      ref.update(x1(0), LabelSet.of(0));
      assertArrayEquals(new double[] {0.5, -0.5}, ref.alpha(0), EPS);
      ref.update(x1(1), LabelSet.of(0, 1));
    }
    assertArrayEquals(new double[] {0.5, 0.5}, pa1.alpha(1), EPS);
    assertArrayEquals(new double[] {0.5 + K1 / 2, -0.5 + K1 / 2, 0}, pa1.scores(x1(0)), EPS);
    assertArrayEquals(new double[] {(1 - K1 / 2) / 2, (1 + K1 / 2) / 2}, pa2.alpha(1), EPS);
  }

  @Test
  void paAppendsNothingAtZeroLoss() {
    // PA-I, C = 2: x = 0, Y = {0}: τ = min(2, 1) = 1, α = (1, -1). The same example again: s = (1, -1),
    // ℓ = (0, 0), every τ = 0: nothing appended, no step.
    KernelReference ref = KernelReference.pa(false, 2, 1, 2, 0.5, 0, Policy.NONE);
    ref.update(x1(0), LabelSet.of(0));
    ref.update(x1(0), LabelSet.of(0));
    assertEquals(1, ref.size());
    assertEquals(1, ref.updateSteps());
    assertArrayEquals(new double[] {1, -1}, ref.alpha(0), EPS);
  }

  @Test
  void budgetPoliciesByHand() {
    // FALT, L = 3, η = 1, M = 1; x = 0, 100, 200, 300, 400 never interact (K = 0), so each α comes from
    // s = 0 alone:
    //   x = 0,   Y = {0}:    α = (1, -1/2, -1/2 | 0),        ||α||² = 1.5
    //   x = 100, Y = ∅:      α = (-1/3, -1/3, -1/3 | 1),     ||α||² = 4/3
    //   x = 200, Y = {0, 1}: α = (1/2, 1/2, -1 | 1 - 1 = 0), ||α||² = 1.5
    //   x = 300, Y = {0}:    1.5
    //   x = 400, Y = ∅:      4/3
    // smallest, B = 2: after 200 remove 100 (4/3) -> [0, 200]; after 300 all three tie at 1.5, the oldest
    // goes -> [200, 300]; after 400 the newest is the smallest and goes itself -> [200, 300].
    // oldest, B = 2: [300, 400]. none (or B = 0): all five.
    int[][] labels = {{0}, {}, {0, 1}, {0}, {}};
    KernelReference smallest = KernelReference.falt(3, 1, 1, 0.5, 1, 2, Policy.SMALLEST);
    KernelReference oldest = KernelReference.falt(3, 1, 1, 0.5, 1, 2, Policy.OLDEST);
    KernelReference none = KernelReference.falt(3, 1, 1, 0.5, 1, 0, Policy.SMALLEST);
    for (int t = 0; t < labels.length; t++) {
      for (KernelReference ref : new KernelReference[] {smallest, oldest, none}) {
        ref.update(x1(100 * t), LabelSet.of(labels[t]));
      }
      if (t == 2) {
        assertEquals(0, smallest.supportVector(0)[0], 0.0);
        assertEquals(200, smallest.supportVector(1)[0], 0.0);
      }
    }
    assertEquals(2, smallest.size());
    assertEquals(200, smallest.supportVector(0)[0], 0.0);
    assertEquals(300, smallest.supportVector(1)[0], 0.0);
    assertArrayEquals(new double[] {0.5, 0.5, -1, 0}, smallest.alpha(0), EPS);
    assertEquals(3, smallest.removed());
    assertEquals(300, oldest.supportVector(0)[0], 0.0);
    assertEquals(400, oldest.supportVector(1)[0], 0.0);
    assertEquals(5, none.size());
    assertEquals(5, none.appended());
  }

  @Test
  void smallestTiesWithinRelativeOneInABillion() {
    // min = 1: 1 + 5e-10 is within 1e-9·1 of it and older, so it is removed; 1 + 2e-9 is not a tie.
    assertEquals(0, KernelReference.smallestToRemove(new double[] {1 + 5e-10, 1, 2}));
    assertEquals(1, KernelReference.smallestToRemove(new double[] {1 + 2e-9, 1, 2}));
    assertEquals(1, KernelReference.smallestToRemove(new double[] {3, 2, 2}));
    assertEquals(2, KernelReference.smallestToRemove(new double[] {3, 2, 0.5}));
    // relative: at 1e6 a gap of 5e-4 is still a tie
    assertEquals(0, KernelReference.smallestToRemove(new double[] {1e6 + 5e-4, 1e6}));
  }

  @Test
  void metricsByHand() {
    // L = 3. Scores are (s_0, s_1, s_2 | threshold).
    // e1: Y = {0, 1}, (0.9, 0.2, 0.5 | 0.4): Ŷ = {0, 2}, |Y∩Ŷ| = 1: Psn 1/2, Rcal 1/2; tp_0, fn_1, fp_2;
    //     |Ŷ Δ Y| = 2; pairs (0,2): 0.9 <= 0.5 no, (1,2): 0.2 <= 0.5 yes -> ranking 1/2.
    // e2: Y = ∅, all 0: Ŷ = ∅: Psn = Rcal = 1 (both empty); left out of the ranking loss.
    // e3: Y = {2}, (0.1, 0.3, 0.3 | 0.5): Ŷ = ∅: Psn = Rcal = 0; fn_2; |Ŷ Δ Y| = 1;
    //     pairs (2,0): 0.3 <= 0.1 no, (2,1): 0.3 <= 0.3 yes (a tie is an error) -> 1/2.
    // Psn = Rcal = (1/2 + 1 + 0)/3 = 1/2, F1 = 1/2. Per label 2tp/(2tp+fp+fn): 2/2, 0/1, 0/2 -> macro 1/3;
    // micro 2/(2 + 1 + 2) = 2/5. Hamming 3/(3·3) = 1/3. Ranking (1/2 + 1/2)/2 = 1/2, one left out.
    KernelReferenceMetrics m = new KernelReferenceMetrics(3);
    m.accept(LabelSet.of(0, 1), new double[] {0.9, 0.2, 0.5, 0.4});
    m.accept(LabelSet.of(), new double[] {0, 0, 0, 0});
    m.accept(LabelSet.of(2), new double[] {0.1, 0.3, 0.3, 0.5});
    assertArrayEquals(new double[] {0.5, 0.5, 0.5, 1.0 / 3, 0.4, 1.0 / 3, 0.5}, m.values(), EPS);
    assertEquals(1, m.rankingLeftOut());
    // L = 2, Y = {0}, (1, 0 | 0.5): Ŷ = {0}; label 1 never present, never predicted: its F1 is 1 -> macro 1.
    KernelReferenceMetrics perfect = new KernelReferenceMetrics(2);
    perfect.accept(LabelSet.of(0), new double[] {1, 0, 0.5});
    assertArrayEquals(new double[] {1, 1, 1, 1, 1, 0, 0}, perfect.values(), EPS);
  }
}
