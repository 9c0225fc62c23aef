package org.altml.bench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.junit.jupiter.api.Test;

class YardstickComparisonTest {

  private static Dataset data(SparseVector x, LabelSet y, int d, int numLabels) {
    return new DatasetBuilder().numFeatures(d).numLabels(numLabels).add(x, y).build();
  }

  @Test
  void kernelRoundFollowsTheCProgramsFaltStep() {
    // L = 3, x = {1: 2}, Y = {0}. Zero model: every score 0, threshold 0.
    // relevant 0: s - th = 0 < 1 -> a = 1, coefficient 1/|Y| = 1; s <= th counts one error
    // irrelevant 1, 2: th - s = 0 < 1 -> b = 2, coefficients -1/|Ybar| = -1/2
    // threshold coefficient -(a/|Y| - b/|Ybar|) = -(1 - 1) = 0
    // row 1 += 2·[1, -1/2, -1/2, 0] = [2, -1, -1, 0]
    Dataset one = data(SparseVector.of(new int[] {1}, new float[] {2f}), LabelSet.of(0), 3, 3);
    YardstickComparison.KernelContender c = new YardstickComparison.KernelContender(3, 3);
    c.reset();
    assertEquals(1.0, c.trainPass(one), "training errors of the zero model");
    // scores now [4, -2, -2 | 0]: label 0 predicted only
    assertEquals(1.0, c.predictPass(one), "labels predicted after one step");
    // second round: s0 - th = 4 >= 1, th - s_j = 2 >= 1: no violation, no error, no update
    assertEquals(0.0, c.trainPass(one), "no error once the margins hold");
    assertEquals(1.0, c.predictPass(one));
    c.reset();
    assertEquals(1.0, c.trainPass(one), "reset starts again from the zero model");
  }

  @Test
  void thresholdMovesWhenViolationsAreUnbalanced() {
    // L = 4, x = {0: 1}, Y = {0, 1}: a = 2, b = 2 -> coefficients 1/2, 1/2, -1/2, -1/2 and threshold
    // -(2/2 - 2/2) = 0. Then Y = {0}: from scores [1/2, 1/2, -1/2, -1/2 | 0], label 0 has margin 1/2 < 1
    // (a = 1), label 1 irrelevant with th - s = -1/2 < 1 (b = 1, error), labels 2, 3 margin 1/2 < 1 (b = 3):
    // threshold coefficient -(1/1 - 3/3) = 0 again; scores after: [3/2, 1/6, -5/6, -5/6 | 0] -> 2 predicted.
    SparseVector x = SparseVector.of(new int[] {0}, new float[] {1f});
    Dataset data = new DatasetBuilder().numFeatures(1).numLabels(4)
        .add(x, LabelSet.of(0, 1)).add(x, LabelSet.of(0)).build();
    YardstickComparison.KernelContender c = new YardstickComparison.KernelContender(4, 1);
    c.reset();
    // errors: round 1: labels 0 and 1 relevant with s <= th (2); round 2: label 1 irrelevant, s > th (1)
    assertEquals(3.0, c.trainPass(data));
    assertEquals(2.0 + 2.0, c.predictPass(data), "labels 0 and 1 predicted for both examples");
  }

  @Test
  void unknownModeIsRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> YardstickComparison.contender("fastest", 3, 3));
    assertTrue(e.getMessage().contains("falt"), "names the registered learners: " + e.getMessage());
  }

  @Test
  void everyRegisteredLearnerIsAModeWithTheCProgramsSettings() {
    Dataset one = data(SparseVector.of(new int[] {1}, new float[] {2f}), LabelSet.of(0), 3, 3);
    for (String name : LearnerRegistry.names()) {
      LearnerYardstickContender c = (LearnerYardstickContender) YardstickComparison.contender(name, 3, 3);
      Settings s = c.settings();
      assertEquals(name, s.learner());
      if (s.spec().hasParameter(CommonParameters.PRECISION.name())) {
        assertEquals("float", s.get(CommonParameters.PRECISION), name);
      }
      if (s.spec().hasParameter(CommonParameters.ETA.name())) {
        assertEquals(1f, s.get(CommonParameters.ETA), name);
      }
      c.reset();
      assertEquals(0.0, c.trainPass(one), name + ": the zero model predicts no label before its first update");
      assertEquals(1.0, c.predictPass(one), name + ": after one update label 0 is predicted");
    }
  }
}
