package org.altml.kernel;

import org.altml.sparse.SparseVector;

/**
 * The Gaussian RBF kernel K(x, x') = exp(−||x − x'||² / (2σ²)) (paper, section 6.3).
 *
 * <p>The paper writes the width as δ², which clashes with SALT's δ; here it is {@code sigmaSquared}.
 * Squared distances of sparse vectors are computed by merging their sorted indices, in double, so the
 * cost is O(nnz(x) + nnz(x')). Immutable and thread-safe.
 */
public final class RbfKernel implements Kernel {
  private final double sigmaSquared;
  private final double gamma;

  /**
   * Creates the kernel of width σ².
   *
   * @throws IllegalArgumentException unless {@code sigmaSquared} is finite and positive
   */
  public RbfKernel(double sigmaSquared) {
    if (!(sigmaSquared > 0) || !Double.isFinite(sigmaSquared)) {
      throw new IllegalArgumentException("sigmaSquared must be finite and > 0: " + sigmaSquared);
    }
    this.sigmaSquared = sigmaSquared;
    this.gamma = 1.0 / (2.0 * sigmaSquared);
  }

  /** The width σ² (the paper's δ²). */
  public double sigmaSquared() {
    return sigmaSquared;
  }

  @Override
  public double apply(SparseVector x, SparseVector y) {
    return Math.exp(-gamma * squaredDistance(x, y));
  }

  /** Always 1: ||x − x||² = 0. */
  @Override
  public double self(SparseVector x) {
    return 1.0;
  }

  /** ||x − y||² of two sparse vectors, by a merge over their sorted indices, summed in double. */
  public static double squaredDistance(SparseVector x, SparseVector y) {
    int[] xi = x.indices();
    float[] xv = x.values();
    int[] yi = y.indices();
    float[] yv = y.values();
    int a = x.offset();
    int aEnd = a + x.nnz();
    int b = y.offset();
    int bEnd = b + y.nnz();
    double s = 0;
    while (a < aEnd && b < bEnd) {
      int fa = xi[a];
      int fb = yi[b];
      double d;
      if (fa == fb) {
        d = (double) xv[a++] - yv[b++];
      } else if (fa < fb) {
        d = xv[a++];
      } else {
        d = yv[b++];
      }
      s += d * d;
    }
    for (; a < aEnd; a++) {
      s += (double) xv[a] * xv[a];
    }
    for (; b < bEnd; b++) {
      s += (double) yv[b] * yv[b];
    }
    return s;
  }

  @Override
  public String toString() {
    return "rbf(sigmaSquared=" + sigmaSquared + ")";
  }
}
