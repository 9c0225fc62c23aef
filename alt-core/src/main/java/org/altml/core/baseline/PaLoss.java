package org.altml.core.baseline;

import java.util.Objects;
import org.altml.sparse.LabelSet;

/**
 * The passive-aggressive step sizes of binary relevance (Crammer et al. 2006, as docs/spec.md#pa-br pins them), for
 * the linear PA learners and their kernel variants: with y_i = +1 for i ∈ Y and −1 otherwise,
 * ℓ_i = max(0, 1 − y_i·s_i), PA-I τ_i = min(C, ℓ_i/n²), PA-II τ_i = ℓ_i/(n² + 1/(2C)), where n² is
 * ||x||² for linear learners and K(x, x) for kernel ones. The coefficient of label i is τ_i·y_i; the
 * threshold's is 0 (binary relevance keeps the threshold score at 0). Decided in double. Holds the
 * current example's n² ({@link #begin}): one instance per learner, not thread-safe.
 */
public final class PaLoss {
  private static final long EXPONENT = 0x7ff0000000000000L;
  private static final long EXPONENT_UNIT = 1L << 52;

  private final boolean pa1;
  private final double c;
  private final double halfInvC;
  private double squaredNorm;
  private double pa2Denominator;

  /** The loss of {@code variant} with aggressiveness {@code c} &gt; 0. */
  public PaLoss(PaConfig.Variant variant, double c) {
    this.pa1 = Objects.requireNonNull(variant, "variant") == PaConfig.Variant.PA1;
    if (!(c > 0) || !Double.isFinite(c)) {
      throw new IllegalArgumentException("C must be positive and finite: " + c);
    }
    this.c = c;
    this.halfInvC = 1.0 / (2.0 * c);
  }

  /** Sets n² of the example the next {@link #coefficients} calls are for (||x||², or K(x, x)). */
  public void begin(double squaredNorm) {
    this.squaredNorm = squaredNorm;
    this.pa2Denominator = squaredNorm + halfInvC;
  }

  /**
   * Fills {@code coeff[0..L]} with τ_i·y_i (and coeff[L] = 0) for the scores {@code s}.
   *
   * @return the number of labels with ℓ_i &gt; 0 (0 also when n² is 0: x·w is 0 and the step would be 0),
   *     or -1 when a score is not finite
   */
  public int coefficients(double[] s, LabelSet y, int numLabels, double[] coeff) {
    final int L = numLabels;
    if (squaredNorm == 0.0) {
      return 0; // n² underflows: the scores are 0 and the update would be 0 too
    }
    final int[] ya = y.array();
    int p = y.offset();
    final int end = p + y.size();
    int next = p < end ? ya[p] : L;
    int violated = 0;
    // Sign bit set iff some score is NaN or infinite (see AltLoss): integer ORs, no floating-point chain.
    long probe = (Double.doubleToRawLongBits(s[L]) & EXPONENT) + EXPONENT_UNIT;
    for (int i = 0; i < L; i++) {
      double si = s[i];
      probe |= (Double.doubleToRawLongBits(si) & EXPONENT) + EXPONENT_UNIT;
      double yi;
      if (i == next) {
        yi = 1.0;
        next = ++p < end ? ya[p] : L;
      } else {
        yi = -1.0;
      }
      double loss = 1.0 - yi * si;
      if (loss > 0.0) {
        violated++;
        double tau = pa1 ? Math.min(c, loss / squaredNorm) : loss / pa2Denominator;
        coeff[i] = tau * yi;
      } else {
        coeff[i] = 0.0;
      }
    }
    coeff[L] = 0.0; // the threshold stays at 0
    return probe >= 0 ? violated : -1;
  }
}
