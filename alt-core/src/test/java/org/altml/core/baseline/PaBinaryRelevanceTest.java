package org.altml.core.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.core.learner.Scores;
import org.altml.core.linear.TestLinear;
import org.altml.core.linear.LinearLearner;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.altml.core.learner.Precision;

/** Hand-computed PA-I and PA-II steps (lanes [w^(1), w^(2), threshold]; the threshold stays 0), both precisions. */
class PaBinaryRelevanceTest {
  static float[] row(LinearLearner learner, int f) {
    float[] r = new float[learner.numLabels() + 1];
    for (int j = 0; j < r.length; j++) {
      r[j] = (float) learner.weights().get(f, j);
    }
    return r;
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void pa1ClipsAtC(Precision p) {
    PaBinaryRelevance pa = TestLinear.pa(2, PaConfig.Variant.PA1, 0.25f, 1, TestLinear.Opts.defaults().withPrecision(p));
    assertEquals("pa1", pa.name());
    // x = {0: 1, 1: 1}, ||x||² = 2, Y = {1}, s = 0: label 0 (y = −1) ℓ = 1, τ = min(0.25, 1/2) = 0.25,
    // coefficient τ·y = −0.25; label 1 (y = +1) ℓ = 1, coefficient +0.25. rows 0, 1 = [−0.25, 0.25, 0].
    pa.update(SparseVector.of(new int[] {0, 1}, new float[] {1, 1}), LabelSet.of(1));
    assertArrayEquals(new float[] {-0.25f, 0.25f, 0}, row(pa, 0));
    assertArrayEquals(new float[] {-0.25f, 0.25f, 0}, row(pa, 1));
    // x = {0: 2}, ||x||² = 4, Y = {0}: s = 2·row0 = [−0.5, 0.5 | 0]. label 0 (y = +1): ℓ = 1.5,
    // τ = min(0.25, 1.5/4) = 0.25, coefficient +0.25; label 1 (y = −1): ℓ = 1 + 0.5 = 1.5,
    // coefficient −0.25. row0 += 2·[0.25, −0.25, 0] = [0.25, −0.25, 0].
    Scores out = new Scores(2);
    pa.predictThenUpdate(SparseVector.of(new int[] {0}, new float[] {2}), LabelSet.of(0), out);
    assertEquals(-0.5f, out.label(0));
    assertEquals(0f, out.threshold());
    assertArrayEquals(new float[] {0.25f, -0.25f, 0}, row(pa, 0));
    assertArrayEquals(new float[] {-0.25f, 0.25f, 0}, row(pa, 1));
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void pa2AndStoppingAtZeroLoss(Precision p) {
    PaBinaryRelevance pa = TestLinear.pa(2, PaConfig.Variant.PA2, 0.5f, 1, TestLinear.Opts.defaults().withPrecision(p));
    assertEquals("pa2", pa.name());
    // C = 0.5, 1/(2C) = 1. x = {0: 1, 1: 1}, ||x||² = 2, Y = {1}: ℓ = 1 for both labels,
    // τ = 1/(2 + 1) = 1/3; rows 0, 1 = [−1/3, 1/3, 0].
    pa.update(SparseVector.of(new int[] {0, 1}, new float[] {1, 1}), LabelSet.of(1));
    float third = 1f / 3f;
    assertArrayEquals(new float[] {-third, third, 0}, row(pa, 0));
    assertArrayEquals(new float[] {-third, third, 0}, row(pa, 1));
    // PA-I with C large and M = 5 on x = {0: 1}, Y = {0}: step 1 has ℓ = 1 for both labels,
    // τ = min(10, 1/1) = 1, row0 = [1, −1, 0]; then both y·s = 1, ℓ = 0: the round stops after 1 step.
    PaBinaryRelevance m = TestLinear.pa(2, PaConfig.Variant.PA1, 10f, 5, TestLinear.Opts.defaults().withPrecision(p));
    m.update(SparseVector.of(new int[] {0}, new float[] {1}), LabelSet.of(0));
    assertEquals(1, m.updateSteps());
    assertArrayEquals(new float[] {1, -1, 0}, row(m, 0));
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void pa2WithMultipleStepsAndBias(Precision p) {
    // PA-II, C = 0.5 (1/(2C) = 1), bias on, M = 2, x = {0: 1}: ||x||² = 1 + 1 (bias) = 2, Y = {0}.
    // Step 1: ℓ = 1 for both, τ = 1/3, coefficients [1/3, −1/3, 0] on row0 and on the bias row.
    // Step 2: s = row0 + bias = [2/3, −2/3 | 0], ℓ = 1/3 each, τ = (1/3)/3 = 1/9:
    // row0 = bias = [1/3 + 1/9, −1/3 − 1/9, 0] = [4/9, −4/9, 0].
    PaBinaryRelevance pa = TestLinear.pa(2, PaConfig.Variant.PA2, 0.5f, 2, TestLinear.Opts.defaults().withPrecision(p).withBias(true));
    pa.update(SparseVector.of(new int[] {0}, new float[] {1}), LabelSet.of(0));
    assertEquals(2, pa.updateSteps());
    float[] r = row(pa, 0);
    assertEquals(4.0 / 9, r[0], 1e-6);
    assertEquals(-4.0 / 9, r[1], 1e-6);
    assertEquals(0f, r[2]);
    assertEquals(4.0 / 9, pa.biasWeight(0), 1e-6);
    assertEquals(0f, (float) pa.biasWeight(2));
  }
}
