package org.altml.core.linear;

import org.altml.sparse.LabelSet;

/** The ALT loss gradient shared by FALT and SALT (paper, eq. rule; SPEC.md). */
final class AltGradient {
  private AltGradient() {}

  /**
   * Fills {@code c[0..L]} with the gradient coefficients of f_t at the scores {@code s} (gradient of
   * row f = x_f·c): c_i = −a_i/|Y| for i ∈ Y, c_j = b_j/|Ȳ| for j ∈ Ȳ, c_L = a/|Y| − b/|Ȳ|, where
   * a_i = [s_i − s_L &lt; 1], b_j = [s_L − s_j &lt; 1] (strict), and the 1/|Y| (1/|Ȳ|) part is dropped
   * when Y (Ȳ) is empty. Returns a + b (0 iff f_t = 0), or -1 when a score or the loss is not finite.
   */
  static int coefficients(float[] s, LabelSet y, int numLabels, float[] c) {
    final int L = numLabels;
    final int ny = y.size();
    final int nbar = L - ny;
    final float invY = ny > 0 ? 1f / ny : 0f;
    final float invYbar = nbar > 0 ? 1f / nbar : 0f;
    final float t = s[L];
    final int[] ya = y.array();
    int p = y.offset();
    final int end = p + ny;
    int next = p < end ? ya[p] : L; // next relevant label (labels are sorted)
    int a = 0;
    int b = 0;
    float lossY = 0f;
    float lossYbar = 0f;
    float probe = t * 0f; // stays 0 unless some score is NaN or infinite
    for (int i = 0; i < L; i++) {
      float si = s[i];
      probe += si * 0f;
      if (i == next) {
        float margin = si - t;
        if (margin < 1f) {
          a++;
          lossY += 1f - margin;
          c[i] = -invY;
        } else {
          c[i] = 0f;
        }
        next = ++p < end ? ya[p] : L;
      } else {
        float margin = t - si;
        if (margin < 1f) {
          b++;
          lossYbar += 1f - margin;
          c[i] = invYbar;
        } else {
          c[i] = 0f;
        }
      }
    }
    c[L] = a * invY - b * invYbar;
    float loss = lossY * invY + lossYbar * invYbar;
    if (probe != 0f || !Float.isFinite(loss)) {
      return -1;
    }
    return a + b;
  }

  /**
   * {@link #coefficients(float[], LabelSet, int, float[])} in double ({@link Precision#DOUBLE}): the same
   * margins, loss and coefficients, decided on double scores.
   */
  static int coefficients(double[] s, LabelSet y, int numLabels, double[] c) {
    final int L = numLabels;
    final int ny = y.size();
    final int nbar = L - ny;
    final double invY = ny > 0 ? 1.0 / ny : 0.0;
    final double invYbar = nbar > 0 ? 1.0 / nbar : 0.0;
    final double t = s[L];
    final int[] ya = y.array();
    int p = y.offset();
    final int end = p + ny;
    int next = p < end ? ya[p] : L; // next relevant label (labels are sorted)
    int a = 0;
    int b = 0;
    double lossY = 0.0;
    double lossYbar = 0.0;
    double probe = t * 0.0; // stays 0 unless some score is NaN or infinite
    for (int i = 0; i < L; i++) {
      double si = s[i];
      probe += si * 0.0;
      if (i == next) {
        double margin = si - t;
        if (margin < 1.0) {
          a++;
          lossY += 1.0 - margin;
          c[i] = -invY;
        } else {
          c[i] = 0.0;
        }
        next = ++p < end ? ya[p] : L;
      } else {
        double margin = t - si;
        if (margin < 1.0) {
          b++;
          lossYbar += 1.0 - margin;
          c[i] = invYbar;
        } else {
          c[i] = 0.0;
        }
      }
    }
    c[L] = a * invY - b * invYbar;
    double loss = lossY * invY + lossYbar * invYbar;
    if (probe != 0.0 || !Double.isFinite(loss)) {
      return -1;
    }
    return a + b;
  }
}
