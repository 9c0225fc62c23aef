package org.altml.core.linear;

import org.altml.core.learner.Precision;
import static org.altml.core.linear.FaltTest.row;
import static org.altml.core.linear.FaltTest.x;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.sparse.LabelSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Hand-computed SALT steps (3 features, 2 labels; lanes [w^(1), w^(2), threshold]). */
class SaltTest {
  @ParameterizedTest
  @EnumSource(Precision.class)
  void twoStepsByHand(Precision p) {
    Salt salt = TestLinear.salt(2, 1f, 1f, 1, FaltTest.opts(p));
    // Example 1: x = {0: 1, 2: 2}, Y = {0}; s = 0 so c = [−1, 1, 0] (as in FaltTest).
    // row0: g = 1·c = [−1, 1, 0], G² = [1, 1, 0], w = −η·g/(δ + √G²) = [1/2, −1/2, 0].
    // row2: g = 2·c = [−2, 2, 0], G² = [4, 4, 0], w = −g/(1 + 2) = [2/3, −2/3, 0].
    salt.update(x(new int[] {0, 2}, new float[] {1, 2}), LabelSet.of(0));
    assertArrayEquals(new float[] {0.5f, -0.5f, 0}, row(salt, 0));
    assertArrayEquals(new float[] {2f / 3f, -2f / 3f, 0}, row(salt, 2));
    assertEquals(4f, salt.accumulator().get(2, 0));
    // Example 2: x = {1: 1, 2: 1}, Y = {0, 1}; s = row1 + row2 = [2/3, −2/3 | 0]: both margins < 1,
    // a = 2, c = [−1/2, −1/2, a/|Y| = 1].
    // row1: g = c, G² = [1/4, 1/4, 1], w = −g/(1 + √G²) = [0.5/1.5, 0.5/1.5, −1/2] = [1/3, 1/3, −1/2].
    // row2: g = c, G² = [4.25, 4.25, 1], w = [2/3 + 0.5/(1 + √4.25), −2/3 + 0.5/(1 + √4.25), −1/2].
    salt.update(x(new int[] {1, 2}, new float[] {1, 1}), LabelSet.of(0, 1));
    double q = 0.5 / (1 + Math.sqrt(4.25));
    float[] r1 = row(salt, 1);
    float[] r2 = row(salt, 2);
    double[] e1 = {1.0 / 3, 1.0 / 3, -0.5};
    double[] e2 = {2.0 / 3 + q, -2.0 / 3 + q, -0.5};
    for (int j = 0; j < 3; j++) {
      assertEquals(e1[j], r1[j], 1e-6, "row1 lane " + j);
      assertEquals(e2[j], r2[j], 1e-6, "row2 lane " + j);
    }
    assertEquals(4.25f, salt.accumulator().get(2, 0));
    assertEquals(1f, salt.accumulator().get(2, 2));
    assertArrayEquals(new float[] {0.5f, -0.5f, 0}, row(salt, 0), "row0 untouched by example 2");
  }

  @ParameterizedTest
  @EnumSource(Precision.class)
  void emptyLabelSetAndZeroLoss(Precision p) {
    // x = {0: 1}, Y = ∅, η = 4, δ = 1: c = [1/2, 1/2, −1]; g = c, G² = [1/4, 1/4, 1];
    // w = −4·g/(1 + √G²) = [−4·0.5/1.5, −4·0.5/1.5, 4/2] = [−4/3, −4/3, 2]. Then s = [−4/3, −4/3 | 2],
    // margins t − s_j = 10/3 ≥ 1: zero loss, a second update changes nothing.
    Salt salt = TestLinear.salt(2, 4f, 1f, 5, FaltTest.opts(p));
    salt.update(x(new int[] {0}, new float[] {1}), LabelSet.of());
    float[] r = row(salt, 0);
    assertEquals(-4.0 / 3, r[0], 1e-6);
    assertEquals(-4.0 / 3, r[1], 1e-6);
    assertEquals(2f, r[2]);
    assertEquals(1, salt.updateSteps(), "the second inner step sees zero loss");
    salt.update(x(new int[] {0}, new float[] {1}), LabelSet.of());
    assertArrayEquals(r, row(salt, 0));
  }
}
