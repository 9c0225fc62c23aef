package org.altml.python;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;

/** {@link PyEval}: the metrics and the prequential run from CSR arrays, as the protocols compute them. */
class PyEvalTest {
  /** Two rows of 2 features over 3 labels: truth {0} and {}. */
  private static final int[] PTR = {0, 1, 2};
  private static final int[] IDX = {0, 1};
  private static final float[] VAL = {1f, 2f};
  private static final int[] Y_PTR = {0, 1, 1};
  private static final int[] Y_IDX = {0};

  /** An untrained FALT: every score 0, the threshold's too, so nothing is predicted. */
  private static PyLearner untrained() {
    PyLearner learner = PyLearner.create("falt", Map.of(), "none", 1);
    learner.start(3, null, 2, 0);
    return learner;
  }

  private static double value(PyMetrics metrics, String name) {
    return metrics.values()[Arrays.asList(metrics.names()).indexOf(name)];
  }

  @Test
  void zeroOverZeroFollowsThePolicyByName() {
    PyMetrics spec = PyEval.evaluate(untrained(), PTR, IDX, VAL, Y_PTR, Y_IDX, 3, "spec");
    assertArrayEquals(Arrays.stream(Measure.values()).map(Measure::metricName).toArray(), spec.names());
    assertEquals(2, spec.examples());
    // row 0: Ŷ = ∅, Y = {0}: precision 0 (only Ŷ empty); row 1: both empty, 1 under spec
    assertEquals(0.5, value(spec, "precision"));
    assertEquals(0.5, value(spec, "recall"));
    assertEquals(0.5, value(spec, "subsetAccuracy"));
    assertEquals(1.0 / 6, value(spec, "hammingLoss"));
    // label 0: tp 0, fn 1 → 0; labels 1 and 2 never true nor predicted: 0/0, 1 under spec
    assertEquals(2.0 / 3, value(spec, "macroF1"), 1e-15);
    assertEquals(0.0, value(spec, "microF1"));
    assertEquals(1, spec.emptyTruthLeftOut());
    assertEquals("spec", spec.zeroDivision());
    PyMetrics zero = PyEval.evaluate(untrained(), PTR, IDX, VAL, Y_PTR, Y_IDX, 3, "ZERO");
    assertEquals(0.0, value(zero, "precision"));
    assertEquals(0.0, value(zero, "macroF1"));
    PyMetrics one = PyEval.evaluate(untrained(), PTR, IDX, VAL, Y_PTR, Y_IDX, 3, "one");
    assertEquals(1.0, value(one, "precision"));
  }

  @Test
  void badInputIsRefusedWithTheFix() {
    IllegalArgumentException labels = assertThrows(IllegalArgumentException.class,
        () -> PyEval.evaluate(untrained(), PTR, IDX, VAL, Y_PTR, Y_IDX, 2, "spec"));
    assertTrue(labels.getMessage().startsWith("Y has 2 label columns but the falt learner has 3 labels"), labels.getMessage());
    IllegalArgumentException policy = assertThrows(IllegalArgumentException.class,
        () -> PyEval.evaluate(untrained(), PTR, IDX, VAL, Y_PTR, Y_IDX, 3, "zer"));
    assertTrue(policy.getMessage().startsWith("zero_division must be spec, zero or one: zer"), policy.getMessage());
    IllegalArgumentException rows = assertThrows(IllegalArgumentException.class,
        () -> PyEval.evaluate(untrained(), PTR, IDX, VAL, new int[] {0, 1}, Y_IDX, 3, "spec"));
    assertTrue(rows.getMessage().contains("X has 2 rows but Y 1"), rows.getMessage());
    IllegalArgumentException window = assertThrows(IllegalArgumentException.class,
        () -> PyEval.prequential(untrained(), PTR, IDX, VAL, Y_PTR, Y_IDX, 2, 3, null, 0, 1, "spec"));
    assertTrue(window.getMessage().startsWith("window must be at least 1"), window.getMessage());
    assertThrows(IllegalStateException.class,
        () -> PyEval.evaluate(PyLearner.create("falt", Map.of(), "none", 1), PTR, IDX, VAL, Y_PTR, Y_IDX, 3, "spec"));
  }

  @Test
  void prequentialFromArraysEqualsTheProtocolOnTheDataset() throws Exception {
    SplittableRandom random = new SplittableRandom(11);
    int n = 500;
    int d = 40;
    int numLabels = 6;
    int[] ptr = new int[n + 1];
    int[] yPtr = new int[n + 1];
    int[] idx = new int[n * d];
    float[] val = new float[n * d];
    int[] yIdx = new int[n * numLabels];
    int nnz = 0;
    int labels = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        if (random.nextInt(4) == 0) {
          idx[nnz] = j;
          val[nnz++] = (float) random.nextGaussian();
        }
      }
      for (int l = 0; l < numLabels; l++) {
        if (random.nextInt(3) == 0) {
          yIdx[labels++] = l;
        }
      }
      ptr[i + 1] = nnz;
      yPtr[i + 1] = labels;
    }
    PyLearner learner = PyLearner.create("salt", Map.of("eta", "0.5"), "standardize", 3);
    PyPrequential ours = PyEval.prequential(learner, ptr, idx, val, yPtr, yIdx, d, numLabels, null, 64, 100, "spec");

    Dataset data = CsrRows.dataset(ptr, idx, val, yPtr, yIdx, d, numLabels, null);
    Settings settings = Settings.parse(LearnerRegistry.get("salt"), Map.of("eta", "0.5"));
    Prequential.Config config = new Prequential.Config(64, 100, FeatureScaling.STANDARDIZE, ZeroDivisionPolicy.SPEC,
        Long.MAX_VALUE).withSeed(3);
    PrequentialResult expected = Prequential.run(settings, new LearnerContext(numLabels, d, -1, 3), data.stream(), config);

    assertArrayEquals(expected.cumulative().values().values().stream().mapToDouble(Double::doubleValue).toArray(),
        ours.cumulative().values());
    assertArrayEquals(expected.window().values().values().stream().mapToDouble(Double::doubleValue).toArray(),
        ours.window().values());
    assertEquals(64, ours.window().examples());
    assertArrayEquals(new long[] {100, 200, 300, 400, 500}, ours.curveExamples());
    double[] window = ours.curveWindow();
    int m = ours.metricCount();
    for (int p = 0; p < 5; p++) {
      double[] point = expected.curve().get(p).window().values().values().stream().mapToDouble(Double::doubleValue).toArray();
      assertArrayEquals(point, Arrays.copyOfRange(window, p * m, (p + 1) * m));
    }
    assertEquals(n, learner.examplesSeen());
  }
}
