package org.altml.core.math;

import java.util.Objects;
import org.altml.core.internal.vectorization.VectorOps;
import org.altml.core.internal.vectorization.VectorizationProvider;
import org.altml.sparse.SparseVector;

/**
 * Dense vector kernels used by every learner, checked at this boundary and delegated to the
 * implementation chosen at start-up (scalar, or SIMD through the JDK Vector API).
 *
 * <p>Feature-major weight rows: row {@code f} of a matrix with {@code stride} floats per row starts at
 * {@code f·stride}; kernels run along the row (the label dimension), {@code width <= stride} lanes.
 * Lanes of a row past {@code width} are never written. Padding {@code stride} to a multiple of
 * {@link #preferredLanes()} lets the SIMD kernels use whole-vector loads.
 *
 * <p>The implementation is picked once, when this class initialises, by {@link VectorizationProvider}:
 * the Vector API kernels when the JVM runs with {@code --add-modules jdk.incubator.vector}, the scalar
 * ones otherwise; {@code -Dalt.vectorization=auto|scalar|panama} forces a choice (forcing {@code panama}
 * where it is unavailable makes this class fail to initialise). Element-wise kernels give bit-identical
 * results either way; {@link #dot} and {@link #squaredDistance} sum in a different order and may differ in
 * the last bits. Weight rows come in float or double ({@link org.altml.core.learner.Precision}): the double
 * overloads take float features and double rows, coefficients and outputs. All methods are stateless and thread-safe (arrays written concurrently are the caller's
 * business).
 */
public final class VectorMath {
  private static final VectorOps IMPL = VectorizationProvider.lookup();

  private VectorMath() {}

  /** Name of the active implementation, e.g. {@code "scalar"} or {@code "panama (512 bits)"}. */
  public static String implementation() {
    return IMPL.name();
  }

  /** Bits per SIMD register the active implementation uses (128, 256 or 512); 0 for scalar. */
  public static int bitWidth() {
    return IMPL.bitWidth();
  }

  /**
   * Floats per SIMD register of the active implementation (4, 8 or 16); 1 for scalar. Learners may pad row
   * strides to a multiple of this (or of {@link org.altml.core.learner.Scores#PAD}, which every width
   * divides).
   */
  public static int preferredLanes() {
    return IMPL.lanes();
  }

  /** Σ a_i·b_i over equal-length arrays. */
  public static float dot(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("vector dimensions differ: " + a.length + " != " + b.length);
    }
    return IMPL.dot(a, 0, b, 0, a.length);
  }

  /** Σ (a_i − b_i)² over equal-length arrays. */
  public static float squaredDistance(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("vector dimensions differ: " + a.length + " != " + b.length);
    }
    return IMPL.squaredDistance(a, 0, b, 0, a.length);
  }

  /** In place: y += alpha·x over equal-length arrays. */
  public static void axpy(float alpha, float[] x, float[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("vector dimensions differ: " + x.length + " != " + y.length);
    }
    IMPL.axpy(alpha, x, 0, y, 0, x.length);
  }

  /** In place: y[yOff..yOff+n) += alpha·x[xOff..xOff+n). */
  public static void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    Objects.checkFromIndexSize(xOff, n, x.length);
    Objects.checkFromIndexSize(yOff, n, y.length);
    IMPL.axpy(alpha, x, xOff, y, yOff, n);
  }

  /** In place: x *= alpha. */
  public static void scale(float alpha, float[] x) {
    IMPL.scale(alpha, x, 0, x.length);
  }

  /**
   * Scores of sparse {@code x} against feature-major {@code rows}: out[j] = Σ_k x_k·rows[f_k·stride + j],
   * j in [0, width). Every feature index of x must address a row of {@code rows}.
   */
  public static void sparseTimesRows(SparseVector x, float[] rows, int stride, float[] out, int width) {
    checkRows(x, rows, stride, width);
    if (out.length < width) {
      throw new IllegalArgumentException("out has " + out.length + " entries, need " + width);
    }
    IMPL.sparseTimesRows(x.indices(), x.values(), x.offset(), x.nnz(), rows, stride, out, width);
  }

  /** In place: rows[f_k] += (alpha·x_k)·coeff over the first {@code width} lanes of each touched row. */
  public static void addSparseOuter(SparseVector x, float alpha, float[] coeff, float[] rows, int stride, int width) {
    checkRows(x, rows, stride, width);
    if (coeff.length < width) {
      throw new IllegalArgumentException("coeff has " + coeff.length + " entries, need " + width);
    }
    IMPL.addSparseOuter(x.indices(), x.values(), x.offset(), x.nnz(), alpha, coeff, rows, stride, width);
  }

  /**
   * In place, the SALT step on the rows x touches, gradient g = x_k·grad[j]: acc += g²,
   * w −= η·g/(δ + √acc) (paper, Algorithm 3, with H = δI + diag(√Σg²)).
   */
  public static void adaptiveStep(
      SparseVector x, float[] grad, float eta, float delta, float[] rows, float[] acc, int stride, int width) {
    checkRows(x, rows, stride, width);
    if (acc.length != rows.length) {
      throw new IllegalArgumentException("acc and rows differ in length: " + acc.length + " != " + rows.length);
    }
    if (grad.length < width) {
      throw new IllegalArgumentException("grad has " + grad.length + " entries, need " + width);
    }
    IMPL.adaptiveStep(x.indices(), x.values(), x.offset(), x.nnz(), grad, eta, delta, rows, acc, stride, width);
  }

  /** In place, in double: y[yOff..yOff+n) += alpha·x[xOff..xOff+n) (double-precision weight rows). */
  public static void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
    Objects.checkFromIndexSize(xOff, n, x.length);
    Objects.checkFromIndexSize(yOff, n, y.length);
    IMPL.axpy(alpha, x, xOff, y, yOff, n);
  }

  /**
   * Scores of sparse {@code x} against feature-major double {@code rows}, in double:
   * out[j] = Σ_k x_k·rows[f_k·stride + j], j in [0, width).
   */
  public static void sparseTimesRows(SparseVector x, double[] rows, int stride, double[] out, int width) {
    checkRows(x, rows.length, stride, width);
    if (out.length < width) {
      throw new IllegalArgumentException("out has " + out.length + " entries, need " + width);
    }
    IMPL.sparseTimesRows(x.indices(), x.values(), x.offset(), x.nnz(), rows, stride, out, width);
  }

  /** In place, in double: rows[f_k] += (alpha·x_k)·coeff over the first {@code width} lanes of each touched row. */
  public static void addSparseOuter(SparseVector x, double alpha, double[] coeff, double[] rows, int stride, int width) {
    checkRows(x, rows.length, stride, width);
    if (coeff.length < width) {
      throw new IllegalArgumentException("coeff has " + coeff.length + " entries, need " + width);
    }
    IMPL.addSparseOuter(x.indices(), x.values(), x.offset(), x.nnz(), alpha, coeff, rows, stride, width);
  }

  /** The SALT step of {@link #adaptiveStep(SparseVector, float[], float, float, float[], float[], int, int)} in double. */
  public static void adaptiveStep(
      SparseVector x, double[] grad, double eta, double delta, double[] rows, double[] acc, int stride, int width) {
    checkRows(x, rows.length, stride, width);
    if (acc.length != rows.length) {
      throw new IllegalArgumentException("acc and rows differ in length: " + acc.length + " != " + rows.length);
    }
    if (grad.length < width) {
      throw new IllegalArgumentException("grad has " + grad.length + " entries, need " + width);
    }
    IMPL.adaptiveStep(x.indices(), x.values(), x.offset(), x.nnz(), grad, eta, delta, rows, acc, stride, width);
  }

  private static void checkRows(SparseVector x, float[] rows, int stride, int width) {
    checkRows(x, rows.length, stride, width);
  }

  private static void checkRows(SparseVector x, int rowsLength, int stride, int width) {
    if (width < 0 || width > stride) {
      throw new IllegalArgumentException("width " + width + " outside [0, stride " + stride + "]");
    }
    long needed = ((long) x.maxIndex() + 1) * stride;
    if (needed > rowsLength) {
      throw new IllegalArgumentException(
          "feature index " + x.maxIndex() + " has no row: rows hold " + rowsLength / Math.max(1, stride) + " rows of " + stride);
    }
  }
}
