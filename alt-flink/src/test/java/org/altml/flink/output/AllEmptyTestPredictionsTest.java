package org.altml.flink.output;

import org.altml.flink.model.Models;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.junit.jupiter.api.Test;

/**
 * {@code alt flink run --test}: when every test prediction is empty (emotions unscaled, falt's defaults) the summary gave
 * test F1 0 and an empty-prediction rate of 1 without a word, where {@code alt test} names it with the cure. The merged
 * test metrics now carry the warning; a run with any non-empty prediction has none. No job runs.
 */
class AllEmptyTestPredictionsTest {
  private static String line(boolean anyPredicted) {
    EvaluationSuite suite = new EvaluationSuite(3, ZeroDivisionPolicy.SPEC);
    org.altml.core.learner.Scores scores = new org.altml.core.learner.Scores(3);
    for (int i = 0; i < 4; i++) {
      float[] s = scores.array(); // labels 0..2, then the threshold score (0)
      s[0] = anyPredicted && i == 2 ? 1 : -1;
      s[1] = -1;
      s[2] = -1;
      s[3] = 0;
      suite.accept(LabelSet.of(i % 3), scores);
    }
    return "{\"type\":\"" + TestMetrics.TYPE + "\",\"suite\":\""
        + java.util.Base64.getEncoder().encodeToString(Models.toBytes(suite)) + "\"}";
  }

  @Test
  void everyTestPredictionEmptyIsNamedWithTheCure() {
    TestMetrics empty = new TestMetrics();
    empty.offer(line(false));
    empty.offer(line(false)); // two predictors
    assertEquals("every prediction on the --test files is empty (8 records: no label scores above the threshold); try a larger"
        + " --set maxUpdates=N, or features scaled beforehand to similar ranges (alt flink does not scale them)",
        empty.allEmptyWarning("falt"));
    TestMetrics some = new TestMetrics();
    some.offer(line(false));
    some.offer(line(true));
    assertNull(some.allEmptyWarning("falt"));
  }
}
