package org.altml.core.elm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/** The toy problem of docs/spec.md#elm-worked-examples and helpers shared by the ELM tests. */
final class ElmTestSupport {
  private ElmTestSupport() {}

  static final double TOL = 1e-9;

  static final double[][] W2 = {{0.5, -0.25}, {-0.75, 1.0}};
  static final double[] B2 = {0.1, 0.2};
  static final double[][] W3 = {{0.5, -0.25, 0.3}, {-0.75, 1.0, -0.6}};
  static final double[] B3 = {0.1, 0.2, 0.4};
  static final double[][] X = {{1, 0}, {0, 1}, {1, 1}, {0.5, -1}};
  static final int[][] Y = {{0}, {1, 2}, {0, 2}, {1}};
  static final int L = 3;

  static SparseVector x(int i) {
    int nnz = 0;
    for (double v : X[i]) {
      nnz += v != 0 ? 1 : 0;
    }
    int[] idx = new int[nnz];
    float[] val = new float[nnz];
    int k = 0;
    for (int f = 0; f < X[i].length; f++) {
      if (X[i][f] != 0) {
        idx[k] = f;
        val[k++] = (float) X[i][f];
      }
    }
    return SparseVector.of(idx, val);
  }

  static LabelSet y(int i) {
    return LabelSet.of(Y[i]);
  }

  static Settings settings(String learner) {
    return LearnerRegistry.get(learner).defaults();
  }

  static ElmLearner explicit(Settings s, double[][] w, double[] b, long n0) {
    return ((ElmSpec) s.spec()).create(s, L, HiddenLayer.explicit(w, b, Activation.SIGMOID), n0);
  }

  static void assertBeta(double[][] expected, ElmLearner l, String what) {
    for (int i = 0; i < expected.length; i++) {
      for (int p = 0; p < expected[i].length; p++) {
        assertEquals(expected[i][p], l.beta(i, p), TOL, what + " β[" + i + "][" + p + "]");
      }
    }
  }

  static void assertMatrix(double[][] expected, double[] actual, String what) {
    int n = expected.length;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        assertEquals(expected[i][j], actual[i * n + j], TOL, what + "[" + i + "][" + j + "]");
      }
    }
  }

  /** Scores (as doubles from β, not the float Scores) of example i. */
  static double[] scores(ElmLearner l, double[] h) {
    double[] o = new double[l.numLabels()];
    for (int p = 0; p < o.length; p++) {
      for (int i = 0; i < h.length; i++) {
        o[p] += h[i] * l.beta(i, p);
      }
    }
    return o;
  }

  static double[] hidden(ElmLearner l, SparseVector x) {
    double[] h = new double[l.hidden()];
    l.layer().compute(x, h, new float[l.hidden()], new SparseVector());
    return h;
  }

  static void assertScores(double[] expected, ElmLearner l, int example, String what) {
    double[] o = scores(l, hidden(l, x(example)));
    for (int p = 0; p < expected.length; p++) {
      assertEquals(expected[p], o[p], TOL, what + " score of x" + (example + 1) + " label " + p);
    }
    Scores s = new Scores(l.numLabels());
    l.predict(x(example), s);
    for (int p = 0; p < expected.length; p++) {
      assertEquals(expected[p], s.label(p), 1e-6, what + " float score of x" + (example + 1) + " label " + p);
    }
    assertEquals(0f, s.threshold());
  }
}
