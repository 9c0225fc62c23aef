package org.altml.core.elm;

/**
 * The small dense pieces of the blocked recursive least squares (docs/spec.md#elm-recursion) around the two
 * {@link org.altml.core.math.VectorMath} kernels: the Cholesky factor of the B×B matrix D = W⁻¹ + H_b·P·H_bᵀ
 * with its positivity guard, and forward substitutions with it. Plain loops in a fixed order (B ≤ a few
 * hundred, O(B²·H) against the kernels' O(B·H²)), so the results do not depend on the vector width.
 */
final class Rls {
  /** A pivot may fall below its exact-arithmetic floor 1/w by this relative amount (docs/spec.md#elm-guards). */
  static final double PIVOT_SLACK = 1e-9;

  private Rls() {}

  /**
   * In place, the lower Cholesky factor L of the k×k matrix {@code s} (row-major, stride k; the upper
   * triangle is ignored and left as it is). The b-th pivot (the Schur complement, L[b][b]²) must be at least {@code floor[b]·(1 − 1e-9)}: for D = W⁻¹ + H_b·P·H_bᵀ with P positive semi-definite it is at
   * least 1/w_b in exact arithmetic, so a smaller one means P has lost positive semi-definiteness.
   *
   * @param ratio {@code ratio[0]} receives min_b pivot_b / floor_b (1 or more in exact arithmetic)
   * @return -1 when every pivot passed, else the first failing b
   * @throws ArithmeticException when a pivot is not finite (NaN or infinity in P or the hidden rows)
   */
  static int cholesky(double[] s, int k, double[] floor, double[] ratio) {
    double min = Double.POSITIVE_INFINITY;
    for (int b = 0; b < k; b++) {
      int rb = b * k;
      for (int c = 0; c <= b; c++) {
        int rc = c * k;
        double sum = s[rb + c];
        for (int q = 0; q < c; q++) {
          sum -= s[rb + q] * s[rc + q];
        }
        if (c < b) {
          s[rb + c] = sum / s[rc + c];
        } else {
          if (!Double.isFinite(sum)) {
            throw new ArithmeticException("a least-squares pivot is not finite (" + sum + "): the state P holds a non-finite value");
          }
          double r = sum / floor[b];
          if (!(r >= 1.0 - PIVOT_SLACK)) {
            ratio[0] = Math.min(min, r);
            return b;
          }
          min = Math.min(min, r);
          s[rb + b] = Math.sqrt(sum);
        }
      }
    }
    ratio[0] = min;
    return -1;
  }

  /**
   * In place, rows ← L⁻¹·rows for the k rows {@code rows[off + b·stride .. + len)}: row b becomes
   * (row b − Σ_{c<b} L[b][c]·row c) / L[b][b].
   */
  static void forward(double[] l, int k, double[] rows, int off, int stride, int len) {
    for (int b = 0; b < k; b++) {
      int rb = off + b * stride;
      for (int c = 0; c < b; c++) {
        double f = l[b * k + c];
        if (f != 0.0) {
          int rc = off + c * stride;
          for (int j = 0; j < len; j++) {
            rows[rb + j] -= f * rows[rc + j];
          }
        }
      }
      double pivot = l[b * k + b];
      for (int j = 0; j < len; j++) {
        rows[rb + j] /= pivot;
      }
    }
  }

  /** out (cols×rows, stride rows) = the transpose of the rows×cols block {@code in[off + r·stride + c]}. */
  static void transpose(double[] in, int off, int stride, int rows, int cols, double[] out) {
    for (int r = 0; r < rows; r++) {
      int ri = off + r * stride;
      for (int c = 0; c < cols; c++) {
        out[c * rows + r] = in[ri + c];
      }
    }
  }

  /** max |p[i][j] − p[j][i]| and min p[i][i] of the n×n matrix at {@code off} (stride n): the state checks. */
  static double[] asymmetryAndMinDiagonal(double[] p, int off, int n) {
    double asym = 0.0;
    double minDiag = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      minDiag = Math.min(minDiag, p[off + i * n + i]);
      for (int j = i + 1; j < n; j++) {
        asym = Math.max(asym, Math.abs(p[off + i * n + j] - p[off + j * n + i]));
      }
    }
    return new double[] {asym, n == 0 ? 0.0 : minDiag};
  }
}
