package org.altml.core.learner;

import org.altml.sparse.LabelSet;

/**
 * The online round of docs/spec.md#m-steps as a reusable template: after the prediction, up to M
 * inner steps on the same example, each deciding the loss's coefficients from the current scores, stopping
 * as soon as the loss is zero, and otherwise applying one step and rescoring. Linear learners rescore by
 * recomputing x·W; kernel learners update the scores incrementally (s ← s − η·c·K(x, x)) through the same
 * hook. Learning decisions are made in double on double scores, whatever the storage precision.
 */
public final class InnerSteps {
  private InnerSteps() {}

  /** The learner-specific parts of a round. */
  public interface Round {
    /**
     * Fills {@code coeff[0..L]} with the loss gradient's coefficients at {@code scores} and returns the
     * number of violated margins: 0 means zero loss (the round stops), -1 a score or loss that is not finite.
     */
    int coefficients(double[] scores, LabelSet y, double[] coeff);

    /** Applies one update step driven by {@code coeff} to the model. */
    void step(double[] coeff);

    /**
     * Writes the scores after the step just applied into {@code out}; {@code previous} holds the scores
     * before it and {@code coeff} the step's coefficients. {@code previous} may be {@code out}.
     */
    void rescore(double[] previous, double[] coeff, double[] out);
  }

  /**
   * Runs up to {@code maxSteps} steps. The first step decides on {@code first} (read only); later steps on
   * {@code stepScores}, which {@link Round#rescore} fills.
   *
   * @return the number of steps applied (0 when the loss was already zero), or {@code -(k + 1)} when inner
   *     step k saw a non-finite score or loss (the caller reports the divergence; steps before k were applied)
   */
  public static int run(Round round, double[] first, double[] stepScores, LabelSet y, double[] coeff, int maxSteps) {
    double[] s = first;
    for (int step = 0; ; ) {
      int violated = round.coefficients(s, y, coeff);
      if (violated <= 0) {
        return violated < 0 ? -(step + 1) : step; // f_t(W) = 0, or not finite
      }
      round.step(coeff);
      if (++step == maxSteps) {
        return step;
      }
      round.rescore(s, coeff, stepScores);
      s = stepScores;
    }
  }

  /**
   * 0 when {@code s[0..n)} are all finite, NaN otherwise. Four independent probe sums: one chain of
   * dependent floating-point adds would cost an add's latency per score.
   */
  public static float finiteProbe(float[] s, int n) {
    float p0 = 0f;
    float p1 = 0f;
    float p2 = 0f;
    float p3 = 0f;
    int i = 0;
    for (; i + 3 < n; i += 4) {
      p0 += s[i] * 0f;
      p1 += s[i + 1] * 0f;
      p2 += s[i + 2] * 0f;
      p3 += s[i + 3] * 0f;
    }
    for (; i < n; i++) {
      p0 += s[i] * 0f;
    }
    return (p0 + p1) + (p2 + p3);
  }

  /**
   * Rounds double scores into the caller's float {@link Scores} (entries {@code 0..n)}) and returns 0, or
   * NaN when some rounded score is not finite (also beyond float's range). Four independent probe sums
   * rather than one chain of dependent adds.
   */
  public static float roundInto(double[] d, float[] s, int n) {
    float p0 = 0f;
    float p1 = 0f;
    float p2 = 0f;
    float p3 = 0f;
    int i = 0;
    for (; i + 3 < n; i += 4) {
      float v0 = (float) d[i];
      float v1 = (float) d[i + 1];
      float v2 = (float) d[i + 2];
      float v3 = (float) d[i + 3];
      s[i] = v0;
      s[i + 1] = v1;
      s[i + 2] = v2;
      s[i + 3] = v3;
      p0 += v0 * 0f;
      p1 += v1 * 0f;
      p2 += v2 * 0f;
      p3 += v3 * 0f;
    }
    for (; i < n; i++) {
      float v = (float) d[i];
      s[i] = v;
      p0 += v * 0f;
    }
    return (p0 + p1) + (p2 + p3);
  }
}
