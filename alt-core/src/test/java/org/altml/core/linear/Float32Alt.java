package org.altml.core.linear;

import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A diagnostic twin of {@link ReferenceAlt} for FALT and SALT with float32 weights: the same dense,
 * scalar transcription of docs/spec.md, but weights, accumulators and scores are {@code float}, with the
 * rounding steps of a straightforward float kernel (scores and FALT steps as fused multiply-adds, SALT's g²
 * accumulated with a fused multiply-add). Learning decisions are made in double on the float scores, and
 * the double coefficients are rounded to float once per step, as the toolkit's float storage mode does. It
 * shares no code with the fast learners.
 *
 * <p>Its only purpose: when a fast learner's metrics differ from the float64 reference, showing that this
 * plain float32 transcription differs in the same way tells that the gap comes from single-precision
 * arithmetic itself (rounding of W and of the steps), not from a wrong rule in the fast code.
 */
final class Float32Alt {
  private final boolean salt;
  private final int numLabels;
  private final float eta;
  private final float delta;
  private final int maxUpdates;
  private final boolean bias;
  private float[][] w = new float[0][];
  private float[][] g2 = new float[0][];
  private final float[] biasW;
  private final float[] biasG2;

  /** FALT ({@code salt == false}, δ ignored) or SALT with η, δ, M and the bias option. */
  Float32Alt(boolean salt, int numLabels, float eta, float delta, int maxUpdates, boolean bias) {
    this.salt = salt;
    this.numLabels = numLabels;
    this.eta = eta;
    this.delta = delta;
    this.maxUpdates = maxUpdates;
    this.bias = bias;
    this.biasW = new float[numLabels + 1];
    this.biasG2 = new float[numLabels + 1];
  }

  /** The twin of a fast FALT or SALT learner's settings. */
  static Float32Alt matching(LinearLearner learner) {
    boolean b = learner.hasBias();
    if (learner.config() instanceof FaltConfig f) {
      return new Float32Alt(false, learner.numLabels(), f.eta(), 0f, f.maxUpdatesPerExample(), b);
    }
    SaltConfig s = (SaltConfig) learner.config();
    return new Float32Alt(true, learner.numLabels(), s.eta(), s.delta(), s.maxUpdatesPerExample(), b);
  }

  /** Label scores then the threshold score, widened to double for {@link ReferenceMetrics}. */
  double[] scores(SparseVector x) {
    float[] s = floatScores(x);
    double[] out = new double[numLabels + 1];
    for (int j = 0; j <= numLabels; j++) {
      out[j] = s[j];
    }
    return out;
  }

  private float[] floatScores(SparseVector x) {
    float[] s = new float[numLabels + 1];
    for (int k = 0; k < x.nnz(); k++) {
      if (x.index(k) < w.length) {
        for (int j = 0; j <= numLabels; j++) {
          s[j] = Math.fma(x.value(k), w[x.index(k)][j], s[j]);
        }
      }
    }
    if (bias) {
      for (int j = 0; j <= numLabels; j++) {
        s[j] += biasW[j];
      }
    }
    return s;
  }

  /** One online round: up to M steps, stopping at zero loss (docs/spec.md#m-steps). */
  void update(SparseVector x, LabelSet y) {
    if (x.nnz() == 0 && !bias) {
      return;
    }
    if (x.maxIndex() >= w.length) {
      float[][] nw = java.util.Arrays.copyOf(w, x.maxIndex() + 1);
      float[][] ng = java.util.Arrays.copyOf(g2, x.maxIndex() + 1);
      for (int f = w.length; f < nw.length; f++) {
        nw[f] = new float[numLabels + 1];
        ng[f] = new float[numLabels + 1];
      }
      w = nw;
      g2 = ng;
    }
    int L = numLabels;
    boolean[] relevant = new boolean[L];
    for (int k = 0; k < y.size(); k++) {
      relevant[y.label(k)] = true;
    }
    int ny = y.size();
    double invY = ny > 0 ? 1.0 / ny : 0.0;
    double invYbar = ny < L ? 1.0 / (L - ny) : 0.0;
    for (int step = 0; step < maxUpdates; step++) {
      float[] s = floatScores(x);
      double t = s[L];
      float[] c = new float[L + 1];
      int a = 0;
      int b = 0;
      for (int i = 0; i < L; i++) {
        if (relevant[i] && s[i] - t < 1.0) {
          a++;
          c[i] = (float) -invY;
        } else if (!relevant[i] && t - s[i] < 1.0) {
          b++;
          c[i] = (float) invYbar;
        }
      }
      if (a + b == 0) {
        return;
      }
      c[L] = (float) (a * invY - b * invYbar);
      for (int k = 0; k < x.nnz(); k++) {
        apply(w[x.index(k)], g2[x.index(k)], x.value(k), c);
      }
      if (bias) {
        apply(biasW, biasG2, 1f, c);
      }
    }
  }

  private void apply(float[] row, float[] acc, float v, float[] c) {
    for (int j = 0; j <= numLabels; j++) {
      if (salt) {
        float g = v * c[j];
        acc[j] = Math.fma(g, g, acc[j]);
        row[j] -= eta * g / (delta + (float) Math.sqrt(acc[j]));
      } else {
        row[j] = Math.fma(-eta * v, c[j], row[j]);
      }
    }
  }
}
