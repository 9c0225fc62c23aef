package org.altml.core.linear;

import org.altml.sparse.LabelSet;

/**
 * The ALT loss f_t and its gradient coefficients (paper, eq. loss and eq. rule; docs/spec.md#alt-loss), shared by FALT,
 * SALT and kernelized FALT. Decided in double on double scores whatever the weights' precision.
 */
public final class AltLoss {
  private static final long EXPONENT = 0x7ff0000000000000L;
  private static final long EXPONENT_UNIT = 1L << 52;

  private AltLoss() {}

  /**
   * Fills {@code c[0..L]} with the gradient coefficients of f_t at the scores {@code s} (the gradient of a
   * feature row f is x_f·c; of a support vector's coefficient row, c·φ(x)): c_i = −a_i/|Y| for i ∈ Y,
   * c_j = b_j/|Ȳ| for j ∈ Ȳ, c_L = a/|Y| − b/|Ȳ|, where a_i = [s_i − s_L &lt; 1], b_j = [s_L − s_j &lt; 1]
   * (strict), a = Σa_i, b = Σb_j, and the 1/|Y| (1/|Ȳ|) part is dropped when Y (Ȳ) is empty. Entries of
   * {@code c} past L are not touched.
   *
   * @param s the L label scores and the threshold score s[L]
   * @return a + b (0 iff f_t = 0), or -1 when a score or the loss is not finite
   */
  public static int coefficients(double[] s, LabelSet y, int numLabels, double[] c) {
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
    // Sign bit set iff some score is NaN or infinite: an all-ones exponent plus one exponent unit carries
    // into the sign bit. Integer ORs, so the check adds no floating-point dependency chain to the loop.
    long probe = (Double.doubleToRawLongBits(t) & EXPONENT) + EXPONENT_UNIT;
    for (int i = 0; i < L; i++) {
      double si = s[i];
      probe |= (Double.doubleToRawLongBits(si) & EXPONENT) + EXPONENT_UNIT;
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
    if (probe < 0 || !Double.isFinite(loss)) {
      return -1;
    }
    return a + b;
  }
}
