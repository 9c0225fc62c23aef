package org.altml.kernel;

import org.altml.core.math.VectorMath;
import org.altml.sparse.SparseVector;

/**
 * The Gaussian RBF kernel K(x, x') = exp(−||x − x'||² / (2σ²)) (paper, sections 5 and 6.3;
 * docs/spec.md#rbf-kernel).
 *
 * <p>The paper writes the width as δ², which clashes with SALT's δ; here it is {@code sigmaSquared} (the
 * learners' parameter {@code sigma2}, {@link KernelParameters#SIGMA2}).
 *
 * <p>Distances come from one dot product: ||x − x'||² = ||x||² + ||x'||² − 2·x·x', clamped at 0 (the
 * subtraction can round below 0 for nearly equal vectors), with the squared norms computed once per vector
 * by the caller and kept with it ({@link #fromDot}). Every sum is in double over float features (each
 * product of two floats is exact in double); sparse dot products add the products of common features in
 * ascending feature order, so a sparse and a dense layout of the same vectors give the same bits.
 * K(x, x) is exactly 1.
 *
 * <p>Float mode (a kernel learner at {@code precision=float}, its store's {@link
 * org.altml.kernel.store.SupportVectorStore#floatMath()}) computes in float instead: dot products summed in
 * float in the same order, the squared distance (||x||² + ||x'||²) − 2·x·x' from norms rounded to float,
 * the exponent {@link #exponentFromDot(float, float, float)} with 2σ² rounded to float, and K = exp(u) by
 * the toolkit's float exponential ({@link #valueOfExponentFloat}). Immutable and thread-safe.
 */
public final class RbfKernel implements Kernel {
  private final double sigmaSquared;
  private final double twoSigmaSquared;
  private final float twoSigmaSquaredFloat;

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
    this.twoSigmaSquared = 2.0 * sigmaSquared;
    this.twoSigmaSquaredFloat = (float) twoSigmaSquared;
  }

  /** 2σ², the divisor of every squared distance. */
  public double twoSigmaSquared() {
    return twoSigmaSquared;
  }

  /** The width σ² (the paper's δ²). */
  public double sigmaSquared() {
    return sigmaSquared;
  }

  @Override
  public double apply(SparseVector x, SparseVector y) {
    return fromDot(dot(x, y), x.squaredNorm(), y.squaredNorm());
  }

  @Override
  public double apply(float[] x, int xOff, float[] y, int yOff, int n) {
    double dot = 0;
    double nx = 0;
    double ny = 0;
    for (int j = 0; j < n; j++) {
      double a = x[xOff + j];
      double b = y[yOff + j];
      dot += a * b;
      nx += a * a;
      ny += b * b;
    }
    return fromDot(dot, nx, ny);
  }

  /** Always 1: ||x − x||² = 0. */
  @Override
  public double self(SparseVector x) {
    return 1.0;
  }

  /** exp(−max(0, ||x||² + ||y||² − 2·dot) / (2σ²)). */
  @Override
  public double fromDot(double dot, double squaredNormX, double squaredNormY) {
    return fromSquaredDistance(squaredNormX + squaredNormY - 2.0 * dot);
  }

  /** exp(−max(0, d²) / (2σ²)) for a squared distance d², with the toolkit's {@link VectorMath#exp(double)} (the SIMD kernel rows give the same bits). */
  public double fromSquaredDistance(double squaredDistance) {
    return VectorMath.exp(-Math.max(0.0, squaredDistance) / twoSigmaSquared);
  }

  /**
   * In place, the exponents of {@link #fromSquaredDistance}: d[i] = −max(0, d[i]) / (2σ²) for i in [0, n),
   * whose {@link VectorMath#exp(double) exp} (or {@link VectorMath#exp(double[], int, int)} on lanes) is the kernel
   * value, bit for bit.
   */
  public void exponentsFromSquaredDistances(double[] d, int n) {
    for (int i = 0; i < n; i++) {
      d[i] = -Math.max(0.0, d[i]) / twoSigmaSquared;
    }
  }

  /**
   * The exponent of {@link #fromDot}: u = −max(0, ||x||² + ||y||² − 2·dot) / (2σ²), so that K = {@link
   * VectorMath#exp(double) exp}(u) bit for bit (what {@code merge} searches with: K^a = e^{a·u}).
   */
  public double exponentFromDot(double dot, double squaredNormX, double squaredNormY) {
    return -Math.max(0.0, squaredNormX + squaredNormY - 2.0 * dot) / twoSigmaSquared;
  }

  /**
   * In place, {@link #exponentFromDot} of a row of dot products: d[off+i] = −max(0, normX +
   * norms[normsOff+i] − 2·d[off+i]) / (2σ²) for i in [0, n), the arguments {@link
   * VectorMath#gaussianFromDots} takes the exponential of (the same operations, so exp of each is its value).
   */
  public void exponentsFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff) {
    for (int i = 0; i < n; i++) {
      d[off + i] = -Math.max(0.0, normX + norms[normsOff + i] - 2.0 * d[off + i]) / twoSigmaSquared;
    }
  }

  /** Float mode's divisor: 2σ² rounded to float. */
  public float twoSigmaSquaredFloat() {
    return twoSigmaSquaredFloat;
  }

  /**
   * Float mode's exponent: u = −max(0, (||x||² + ||y||²) − 2·dot) / (2σ²) with every operation in float (2σ²
   * rounded to float), so that K = {@link #valueOfExponentFloat}(u).
   */
  public float exponentFromDot(float dot, float squaredNormX, float squaredNormY) {
    return -Math.max(0f, squaredNormX + squaredNormY - 2f * dot) / twoSigmaSquaredFloat;
  }

  /** Float mode's exponent of a squared distance computed in float: −max(0, d²) / (2σ²), in float. */
  public float exponentFromSquaredDistance(float squaredDistance) {
    return -Math.max(0f, squaredDistance) / twoSigmaSquaredFloat;
  }

  /**
   * Float mode's kernel value of an exponent u (a float): the toolkit's float exponential {@link
   * VectorMath#exp(float)}, whose vectorised form {@link VectorMath#exp(float[], int, int)} gives the same bits.
   */
  public static float valueOfExponentFloat(double u) {
    return VectorMath.exp((float) u);
  }

  /** x·y of two sparse vectors, by a merge over their sorted indices, summed in double in ascending feature order. */
  public static double dot(SparseVector x, SparseVector y) {
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
      if (fa == fb) {
        s += (double) xv[a++] * yv[b++];
      } else if (fa < fb) {
        a++;
      } else {
        b++;
      }
    }
    return s;
  }

  /**
   * ||x − y||² of two sparse vectors by a merge over their sorted indices, summed in double: the direct
   * form, exact for tests (the kernel itself uses {@link #fromDot}).
   */
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
