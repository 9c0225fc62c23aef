package org.altml.core.math;

import java.util.Objects;
import org.altml.core.internal.vectorization.ScalarVectorOps;
import org.altml.core.internal.vectorization.VectorOps;
import org.altml.core.internal.vectorization.VectorizationProvider;
import org.altml.sparse.SparseVector;

/**
 * Dense vector kernels used by every learner, checked at this boundary and delegated to the
 * implementation chosen at start-up (scalar, or SIMD through the JDK Vector API).
 *
 * <p>Feature-major weight rows: row {@code f} of a matrix with {@code stride} entries per row starts at
 * {@code f·stride}; kernels run along the row (the label dimension), {@code width <= stride} lanes.
 * Lanes of a row past {@code width} are never written. Padding {@code stride} to a multiple of
 * {@link #preferredLanes()} lets the SIMD kernels use whole-vector loads.
 *
 * <p>Weight rows come in float or double (the learners' {@code Precision}): the double overloads
 * take float features and double rows, coefficients and outputs. Float kernels fuse each multiply-add
 * ({@link Math#fma}, one rounding); double kernels multiply, then add (two roundings, never fused), as a
 * plain float64 implementation of the paper's rules does, so that double runs agree with one.
 *
 * <p>The implementation is picked once, when this class initialises, by {@link VectorizationProvider}:
 * the Vector API kernels when the JVM runs with {@code --add-modules jdk.incubator.vector}, the scalar
 * ones otherwise; {@code -Dalt.vectorization=auto|scalar|panama} forces a choice (forcing {@code panama}
 * where it is unavailable makes this class fail to initialise). Element-wise kernels (everything but
 * {@code dot} and {@code squaredDistance}) give bit-identical results either way; {@code dot} and
 * {@code squaredDistance} sum in a different order and may differ in the last bits, even from one call to
 * the next in one JVM: the Vector API leaves the order of its final lane reduction open, and interpreted
 * and JIT-compiled code use different ones. Callers that need reproducible decisions from a reduction
 * should not compare its result for exact equality. All methods are stateless and thread-safe (arrays
 * written concurrently are the caller's business).
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

  /**
   * #{i in [0, n) : a[off+i] >= threshold}, NaN entries not counted; exact (the ranking metrics count how
   * many scores reach each relevant label's score with it).
   */
  public static int countAtLeast(float[] a, int off, int n, float threshold) {
    Objects.checkFromIndexSize(off, n, a.length);
    return IMPL.countAtLeast(a, off, n, threshold);
  }

  /**
   * Writes, ascending, every i in [0, n) with a[off+i] > t (NaN never is) into out and returns how many; out needs
   * room for n (entries past the count may be overwritten). Exact.
   */
  public static int indicesAbove(float[] a, int off, int n, float t, int[] out) {
    Objects.checkFromIndexSize(off, n, a.length);
    Objects.checkFromIndexSize(0, n, out.length);
    return IMPL.indicesAbove(a, off, n, t, out);
  }

  /**
   * Marks the lanes near c: marks[marksOff+i] = true for every i in [0, n) with |fl(a[off+i] − c)| ≤ band (the float
   * difference), others left as they are; returns how many are near (exact).
   */
  public static int markWithin(float[] a, int off, int n, float c, float band, boolean[] marks, int marksOff) {
    Objects.checkFromIndexSize(off, n, a.length);
    Objects.checkFromIndexSize(marksOff, n, marks.length);
    return IMPL.markWithin(a, off, n, c, band, marks, marksOff);
  }

  /** Σ a[aOff+i]·b[bOff+i] for i in [0, n) (float, fused multiply-adds; SIMD sums in another order). */
  public static float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    Objects.checkFromIndexSize(aOff, n, a.length);
    Objects.checkFromIndexSize(bOff, n, b.length);
    return IMPL.dot(a, aOff, b, bOff, n);
  }

  /** Σ a[aOff+i]·b[bOff+i] for i in [0, n), in double (each product rounded, then summed; SIMD sums in another order). */
  public static double dot(double[] a, int aOff, double[] b, int bOff, int n) {
    Objects.checkFromIndexSize(aOff, n, a.length);
    Objects.checkFromIndexSize(bOff, n, b.length);
    return IMPL.dot(a, aOff, b, bOff, n);
  }

  /** Σ (a[aOff+i] − b[bOff+i])² for i in [0, n) (float, fused multiply-adds; SIMD sums in another order). */
  public static float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n) {
    Objects.checkFromIndexSize(aOff, n, a.length);
    Objects.checkFromIndexSize(bOff, n, b.length);
    return IMPL.squaredDistance(a, aOff, b, bOff, n);
  }

  /** Σ (a[aOff+i] − b[bOff+i])² for i in [0, n), in double (each square rounded, then summed; SIMD sums in another order). */
  public static double squaredDistance(double[] a, int aOff, double[] b, int bOff, int n) {
    Objects.checkFromIndexSize(aOff, n, a.length);
    Objects.checkFromIndexSize(bOff, n, b.length);
    return IMPL.squaredDistance(a, aOff, b, bOff, n);
  }

  /** In place: y[yOff..yOff+n) += alpha·x[xOff..xOff+n) (one fused multiply-add per element). */
  public static void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    Objects.checkFromIndexSize(xOff, n, x.length);
    Objects.checkFromIndexSize(yOff, n, y.length);
    IMPL.axpy(alpha, x, xOff, y, yOff, n);
  }

  /** In place, in double: y[yOff..yOff+n) += alpha·x[xOff..xOff+n) (multiply, then add). */
  public static void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
    Objects.checkFromIndexSize(xOff, n, x.length);
    Objects.checkFromIndexSize(yOff, n, y.length);
    IMPL.axpy(alpha, x, xOff, y, yOff, n);
  }

  /** In place: x[off..off+n) *= alpha. */
  public static void scale(float alpha, float[] x, int off, int n) {
    Objects.checkFromIndexSize(off, n, x.length);
    IMPL.scale(alpha, x, off, n);
  }

  /** In place, in double: x[off..off+n) *= alpha. */
  public static void scale(double alpha, double[] x, int off, int n) {
    Objects.checkFromIndexSize(off, n, x.length);
    IMPL.scale(alpha, x, off, n);
  }

  /**
   * Scores of sparse {@code x} against feature-major {@code rows}: out[j] = Σ_k x_k·rows[rowsOff + f_k·stride + j],
   * j in [0, width). Every feature index of x must address a row of {@code rows}.
   */
  public static void sparseTimesRows(SparseVector x, float[] rows, int rowsOff, int stride, float[] out, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (out.length < width) {
      throw new IllegalArgumentException("out has " + out.length + " entries, need " + width);
    }
    IMPL.sparseTimesRows(x.indices(), x.values(), x.offset(), x.nnz(), rows, rowsOff, stride, out, width);
  }

  /** In place: rows[f_k] += (alpha·x_k)·coeff over the first {@code width} lanes of each touched row. */
  public static void addSparseOuter(SparseVector x, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (coeff.length < width) {
      throw new IllegalArgumentException("coeff has " + coeff.length + " entries, need " + width);
    }
    IMPL.addSparseOuter(x.indices(), x.values(), x.offset(), x.nnz(), alpha, coeff, rows, rowsOff, stride, width);
  }

  /**
   * In place, the SALT step on the rows x touches, gradient g = x_k·grad[j]: acc += g²,
   * w −= η·g/(δ + √acc) (paper, Algorithm 3, with H = δI + diag(√Σg²)).
   */
  public static void adaptiveStep(
      SparseVector x, float[] grad, float eta, float delta, float[] rows, float[] acc, int rowsOff, int stride, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (acc.length != rows.length) {
      throw new IllegalArgumentException("acc and rows differ in length: " + acc.length + " != " + rows.length);
    }
    if (grad.length < width) {
      throw new IllegalArgumentException("grad has " + grad.length + " entries, need " + width);
    }
    IMPL.adaptiveStep(x.indices(), x.values(), x.offset(), x.nnz(), grad, eta, delta, rows, acc, rowsOff, stride, width);
  }

  /**
   * Scores of sparse {@code x} against feature-major double {@code rows}, in double:
   * out[j] = Σ_k x_k·rows[rowsOff + f_k·stride + j], j in [0, width).
   */
  public static void sparseTimesRows(SparseVector x, double[] rows, int rowsOff, int stride, double[] out, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (out.length < width) {
      throw new IllegalArgumentException("out has " + out.length + " entries, need " + width);
    }
    IMPL.sparseTimesRows(x.indices(), x.values(), x.offset(), x.nnz(), rows, rowsOff, stride, out, width);
  }

  /** In place, in double: rows[f_k] += (alpha·x_k)·coeff over the first {@code width} lanes of each touched row. */
  public static void addSparseOuter(SparseVector x, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (coeff.length < width) {
      throw new IllegalArgumentException("coeff has " + coeff.length + " entries, need " + width);
    }
    IMPL.addSparseOuter(x.indices(), x.values(), x.offset(), x.nnz(), alpha, coeff, rows, rowsOff, stride, width);
  }

  /**
   * The SALT step of {@link #adaptiveStep(SparseVector, float[], float, float, float[], float[], int, int, int)}
   * in double.
   */
  public static void adaptiveStep(
      SparseVector x, double[] grad, double eta, double delta, double[] rows, double[] acc, int rowsOff, int stride, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (acc.length != rows.length) {
      throw new IllegalArgumentException("acc and rows differ in length: " + acc.length + " != " + rows.length);
    }
    if (grad.length < width) {
      throw new IllegalArgumentException("grad has " + grad.length + " entries, need " + width);
    }
    IMPL.adaptiveStep(x.indices(), x.values(), x.offset(), x.nnz(), grad, eta, delta, rows, acc, rowsOff, stride, width);
  }

  /**
   * A combination of dense rows stored back to back, with double coefficients (kernel scores Σ_k K_k·α_k
   * over contiguous support-vector rows, ELM's h·β): out[j] = Σ_{k=0..n−1} coeff[coeffOff+k]·rows[rowsOff +
   * k·stride + j] for j in [0, width), summed in k order from 0, each term multiplied then added in
   * double. Bit-identical whichever implementation is active; entries of {@code out} past {@code width}
   * are untouched.
   *
   * @param stride distance between the starts of consecutive rows, at least {@code width}
   * @throws IllegalArgumentException if {@code width} is outside [0, stride], {@code rows} ends before the
   *     last row's {@code width} lanes, or {@code out} is shorter than {@code width}
   * @throws IndexOutOfBoundsException if {@code coeff[coeffOff..coeffOff+n)} is out of bounds
   */
  public static void combineRows(double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, double[] out, int width) {
    VectorArguments.checkCombine(coeff.length, coeffOff, n, rows.length, rowsOff, stride, out.length, width);
    IMPL.combineRows(coeff, coeffOff, n, rows, rowsOff, stride, out, width);
  }

  /**
   * {@link #combineRows(double[], int, int, double[], int, int, double[], int)} over float rows, in double:
   * each row value is widened to double (exactly) before it is multiplied.
   */
  public static void combineRows(double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, double[] out, int width) {
    VectorArguments.checkCombine(coeff.length, coeffOff, n, rows.length, rowsOff, stride, out.length, width);
    IMPL.combineRows(coeff, coeffOff, n, rows, rowsOff, stride, out, width);
  }

  /**
   * The ELM hidden layer's pre-activation: sparse {@code x} against feature-major float {@code rows},
   * accumulated in double, out[j] = Σ_k (double) x_k·(double) rows[rowsOff + f_k·stride + j] for j in [0, width),
   * in k order from 0 (each product of widened floats is exact; only the sums round). Bit-identical
   * whichever implementation is active. Every feature index of x must address a row of {@code rows}.
   */
  public static void sparseTimesRows(SparseVector x, float[] rows, int rowsOff, int stride, double[] out, int width) {
    VectorArguments.checkRows(x, rows.length, rowsOff, stride, width);
    if (out.length < width) {
      throw new IllegalArgumentException("out has " + out.length + " entries, need " + width);
    }
    IMPL.sparseTimesRows(x.indices(), x.values(), x.offset(), x.nnz(), rows, rowsOff, stride, out, width);
  }

  /**
   * The matrix product C = A·P, or C += A·P when {@code accumulate}, of row-major double matrices with row
   * strides: A is k×n at {@code a[aOff + b·aStride + i]}, P is n×m at {@code p[pOff + i·pStride + j]}, C
   * is k×m at {@code c[cOff + b·cStride + j]}. Every output element is a chain of fused multiply-adds in i
   * order ({@link Math#fma}, one rounding each, as BLAS computes), so the result is bit-identical whichever
   * implementation is active. Costs 2·k·n·m flops; the SIMD kernel is register-blocked (4 rows × 4
   * vectors) and runs near the FMA units' peak when k ≥ 4 and m is a multiple of the vector length.
   *
   * @throws IllegalArgumentException if a size is negative, a stride is shorter than its row, or C
   *     shares an array with A or P
   * @throws IndexOutOfBoundsException if a matrix does not fit its array
   */
  public static void multiply(double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride, int m,
      double[] c, int cOff, int cStride, boolean accumulate) {
    if (k < 0 || n < 0 || m < 0) {
      throw new IllegalArgumentException("negative size: k=" + k + ", n=" + n + ", m=" + m);
    }
    if (c == a || c == p) {
      throw new IllegalArgumentException("C must not share an array with A or P");
    }
    VectorArguments.checkMatrix("A", a.length, aOff, aStride, k, n);
    VectorArguments.checkMatrix("P", p.length, pOff, pStride, n, m);
    VectorArguments.checkMatrix("C", c.length, cOff, cStride, k, m);
    IMPL.multiply(a, aOff, aStride, k, n, p, pOff, pStride, m, c, cOff, cStride, accumulate);
  }

  /**
   * In place, the symmetric rank-k update P ← P − AᵀA ({@code subtract}) or P + AᵀA of the n×n row-major
   * matrix P ({@code p[pOff + i·pStride + j]}) by the k×n matrix A ({@code a[aOff + b·aStride + i]}): each
   * entry on or above the diagonal becomes a chain of fused multiply-adds over b in order,
   * p[i][j] = fma(±a[b][i], a[b][j], p[i][j]), and the entry below the diagonal is set to it. The result
   * is bitwise symmetric (whatever the lower triangle held) and bit-identical whichever implementation is
   * active. Costs k·n·(n+1) flops (the upper triangle); for k = 1 it is the RLS rank-one downdate
   * P ← P − u·uᵀ with u given pre-scaled.
   *
   * @throws IllegalArgumentException if a size is negative, a stride is shorter than its row, or A and P
   *     share an array
   * @throws IndexOutOfBoundsException if a matrix does not fit its array
   */
  public static void symmetricRankUpdate(boolean subtract, double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride) {
    if (k < 0 || n < 0) {
      throw new IllegalArgumentException("negative size: k=" + k + ", n=" + n);
    }
    if (a == p) {
      throw new IllegalArgumentException("A must not share an array with P");
    }
    VectorArguments.checkMatrix("A", a.length, aOff, aStride, k, n);
    VectorArguments.checkMatrix("P", p.length, pOff, pStride, n, n);
    IMPL.symmetricRankUpdate(subtract, a, aOff, aStride, k, n, p, pOff, pStride);
  }

  /**
   * In place, chains of plane rotations over consecutive rows of the row-major matrix z (row i's
   * {@code width} entries from {@code off + i·stride}): for each chain t in order, for i = last[t]−1 down to
   * first[t], rows i and i+1 become z_{i+1} = s·z_i + c·z_{i+1} and z_i = c·z_i − s·z_{i+1} (the old value),
   * multiplied then added, never fused, with c and s taken in that order from index 0: the eigenvector
   * accumulation of implicit QL sweeps. Bit-identical whichever implementation is active; the SIMD kernel
   * passes over z once for all chains, a block of columns at a time.
   *
   * @throws IllegalArgumentException if a chain's rows do not fit the array, a chain is reversed, or c and s
   *     hold fewer rotations than the chains need
   */
  public static void rotateRows(double[] z, int off, int stride, int width, int chains, int[] first, int[] last, double[] c, double[] s) {
    if (width < 0 || stride < width || chains < 0 || chains > first.length || chains > last.length) {
      throw new IllegalArgumentException("width " + width + ", stride " + stride + ", " + chains + " chains");
    }
    long rotations = 0;
    for (int t = 0; t < chains; t++) {
      if (first[t] < 0 || last[t] < first[t]) {
        throw new IllegalArgumentException("chain " + t + " runs from row " + first[t] + " to " + last[t]);
      }
      if (last[t] > first[t] && width > 0) {
        VectorArguments.checkMatrix("z", z.length, off + first[t] * stride, stride, last[t] - first[t] + 1, width);
      }
      rotations += last[t] - first[t];
    }
    if (rotations > c.length || rotations > s.length) {
      throw new IllegalArgumentException(chains + " chains need " + rotations + " rotations, c and s hold " + c.length + " and " + s.length);
    }
    IMPL.rotateRows(z, off, stride, width, chains, first, last, c, s);
  }

  /**
   * In place, C += A·B over row-major matrices: c[cOff + i·cStride + j] += Σ_p a[aOff + i·aStride + p]·
   * b[bOff + p·bStride + j] for i in [0, rows), j in [0, cols), accumulated in p order onto the value already
   * in c, each term multiplied then added (never fused). Every element's result is independent of the
   * other elements and of the shape of the call (the same bits from the SIMD kernel, for 1 row or 64), so
   * callers may split a product into blocks of rows (threads) without changing any bit. The blocked
   * kernel rows and scores of the kernel learners.
   *
   * @throws IndexOutOfBoundsException if a matrix is out of its array
   */
  public static void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, double[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    VectorArguments.checkProduct(a.length, aOff, aStride, rows, depth, b.length, bOff, bStride, cols, c.length, cOff, cStride);
    IMPL.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, c, cOff, cStride);
  }

  /** {@link #multiplyAdd(double[], int, int, int, int, double[], int, int, int, double[], int, int)} with float B (widened exactly). */
  public static void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    VectorArguments.checkProduct(a.length, aOff, aStride, rows, depth, b.length, bOff, bStride, cols, c.length, cOff, cStride);
    IMPL.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, c, cOff, cStride);
  }

  /**
   * {@link #multiplyAdd(double[], int, int, int, int, double[], int, int, int, double[], int, int)} entirely in float:
   * each element accumulated in float, in p order, multiplied then added (never fused), the same bits from every
   * implementation and any shape of the call. The float mode of the kernel learners' block products.
   */
  public static void multiplyAdd(float[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      float[] c, int cOff, int cStride) {
    VectorArguments.checkProduct(a.length, aOff, aStride, rows, depth, b.length, bOff, bStride, cols, c.length, cOff, cStride);
    IMPL.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, c, cOff, cStride);
  }

  /**
   * In place, RBF kernel values from dot products and cached squared norms: d[off+i] = {@link #exp(double)
   * exp}(−max(0, (normX + norms[normsOff+i]) − 2·d[off+i]) / twoSigmaSquared) for i in [0, n), bit-identical
   * in every implementation (and to {@code RbfKernel.fromDot}).
   */
  public static void gaussianFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff, double twoSigmaSquared) {
    Objects.checkFromIndexSize(off, n, d.length);
    Objects.checkFromIndexSize(normsOff, n, norms.length);
    IMPL.gaussianFromDots(d, off, n, normX, norms, normsOff, twoSigmaSquared);
  }

  /**
   * The toolkit's exponential: e^x within 2 units in the last place of {@link Math#exp}, made of IEEE
   * additions, multiplications and fused multiply-adds only (range reduction by n·ln 2, a degree-13
   * polynomial, scaling by 2^n), so that {@link #exp(double[], int, int)} and the RBF kernel's SIMD loops give
   * the same bits as this scalar function in every lane, every JIT tier and every thread. Neither
   * {@link Math#exp} (an intrinsic whose bits may differ from the interpreter's) nor the Vector API's SVML
   * exponential has that property. 0 below −746, +∞ above ln({@link Double#MAX_VALUE}), NaN for NaN.
   */
  public static double exp(double x) {
    return org.altml.core.internal.vectorization.ScalarVectorOps.exp(x);
  }

  /** In place, d[off+i] = {@link #exp(double) exp}(d[off+i]) for i in [0, n), on SIMD lanes, bit-identical to the scalar function. */
  public static void exp(double[] d, int off, int n) {
    Objects.checkFromIndexSize(off, n, d.length);
    IMPL.exp(d, off, n);
  }

  /**
   * The toolkit's cosine: absolute error below 4.5e-16 for |x| ≤ 2^20 ({@link StrictMath#cos} beyond), with only
   * IEEE operations, so that {@link #cos(double[], int, int)} on SIMD lanes gives the same bits (the random Fourier
   * features' cosines).
   */
  public static double cos(double x) {
    return ScalarVectorOps.cos(x);
  }

  /** In place, d[off+i] = {@link #cos(double)}(d[off+i]) for i in [0, n), on SIMD lanes where available (the same bits). */
  public static void cos(double[] d, int off, int n) {
    Objects.checkFromIndexSize(off, n, d.length);
    IMPL.cos(d, off, n);
  }

  /**
   * The toolkit's float exponential: e^x within 2 units in the last place of the correctly rounded float, with
   * only IEEE float operations, so that {@link #exp(float[], int, int)} on SIMD lanes gives the same bits (the
   * float mode of the kernel learners).
   */
  public static float exp(float x) {
    return ScalarVectorOps.exp(x);
  }

  /**
   * In place, the float RBF exponents of a row of float dot products and squared norms: d[off+i] = −max(0, (normX +
   * norms[normsOff+i]) − 2·d[off+i]) / twoSigmaSquared, every operation in float, bit-identical in every implementation
   * ({@link #exp(float[], int, int)} of them are the kernel values of the kernel learners' float mode).
   */
  public static void gaussianExponents(float[] d, int off, int n, float normX, float[] norms, int normsOff, float twoSigmaSquared) {
    Objects.checkFromIndexSize(off, n, d.length);
    Objects.checkFromIndexSize(normsOff, n, norms.length);
    IMPL.gaussianExponents(d, off, n, normX, norms, normsOff, twoSigmaSquared);
  }

  /** In place, d[off+i] = {@link #exp(float)}(d[off+i]) for i in [0, n), on SIMD lanes where available (the same bits). */
  public static void exp(float[] d, int off, int n) {
    Objects.checkFromIndexSize(off, n, d.length);
    IMPL.exp(d, off, n);
  }

  /**
   * Dot products of x[0..n) with {@code count} float rows (row k at {@code off + k·stride}) into out[0..count),
   * on SIMD lanes in a fixed order: eight interleaved partial sums (residues j mod 8, each in j order, multiply
   * then add) combined pairwise, ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7)). Bit-identical in every
   * implementation and tier; not the sequential order of {@link #dot}.
   */
  public static void rowDots(double[] x, int n, float[] rows, int off, int stride, int count, double[] out) {
    VectorArguments.checkRowDots(x.length, n, rows.length, off, stride, count, out.length);
    IMPL.rowDots(x, n, rows, off, stride, count, out);
  }

  /** {@link #rowDots(double[], int, float[], int, int, int, double[])} over double rows, in the same fixed order. */
  public static void rowDots(double[] x, int n, double[] rows, int off, int stride, int count, double[] out) {
    VectorArguments.checkRowDots(x.length, n, rows.length, off, stride, count, out.length);
    IMPL.rowDots(x, n, rows, off, stride, count, out);
  }

  /**
   * Budgeted SGD's merge search (Wang, Crammer and Vucetic, JMLR 2012, §4.3, for RBF kernels) for n partners
   * at once, on SIMD lanes: for each i, h[i] in [0, 1] maximizing ||α_z||² = f_i(h) = a·k_m² + b[i]·k_n² +
   * 2c[i]·k_m·k_n with k_m = {@link #exp(double) exp}(u[i]·(1−h)²) = K(x_m, z), k_n = exp(u[i]·h²) = K(x_n, z)
   * (u[i] = ln K(x_m, x_n) = −||x_m − x_n||²/(2σ²), a = ||α_m||², b[i] = ||α_n||², c[i] = α_m·α_n), by 20
   * golden-section steps from [0, 1] (a final bracket of 6.6e-5); f[i] = f_i(h[i]). Each partner's result is
   * the scalar search's bit for bit, whatever n and the lanes.
   *
   * @param work scratch of at least 9n doubles
   */
  public static void mergeSearch(double a, double[] b, double[] c, double[] u, int n, double[] h, double[] f, double[] work) {
    mergeSearch(a, b, c, u, 0, n, h, f, work);
  }

  /**
   * {@link #mergeSearch(double, double[], double[], double[], int, double[], double[], double[])} of the partners
   * [off, off + n) of b, c, u, h and f (so that threads can search disjoint ranges, each with its own
   * {@code work} of at least 9n doubles).
   */
  public static void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f,
      double[] work) {
    Objects.checkFromIndexSize(off, n, b.length);
    Objects.checkFromIndexSize(off, n, c.length);
    Objects.checkFromIndexSize(off, n, u.length);
    Objects.checkFromIndexSize(off, n, h.length);
    Objects.checkFromIndexSize(off, n, f.length);
    if (work.length < 9L * n || work.length < 2) {
      throw new IllegalArgumentException("merge search scratch of " + work.length + " doubles for " + n + " partners (needs 9n, at least 2)");
    }
    IMPL.mergeSearch(a, b, c, u, off, n, h, f, work);
  }

  /** Golden-section steps of a merge search ({@link #mergeSearch}). */
  public static final int MERGE_STEPS = ScalarVectorOps.MERGE_STEPS;

  /**
   * The first {@code steps} steps of {@link #mergeSearch(double, double[], double[], double[], int, int, double[],
   * double[], double[])} for the partners [off, off + n), stopped there: partner off + i's bracket lo, hi,
   * inner points x1, x2 and their values f(x1), f(x2) are left at state[stateOff + i + j·stride] for j =
   * 0..5 (so the bracket is [state[stateOff + i], state[stateOff + i + stride]]: the final h lies in it).
   * {@link #mergeSearchResume} from {@code steps} on gives the same h and f as the whole search, bit for bit.
   * {@code work}: at least 3n doubles of scratch.
   */
  public static void mergeSearchStart(double a, double[] b, double[] c, double[] u, int off, int n, int steps, double[] state,
      int stateOff, int stride, double[] work) {
    VectorArguments.checkMergeState(b, c, u, off, n, state, stateOff, stride, work);
    if (steps < 0 || steps > MERGE_STEPS) {
      throw new IllegalArgumentException("steps " + steps + " outside [0, " + MERGE_STEPS + "]");
    }
    IMPL.mergeSearchStart(a, b, c, u, off, n, steps, state, stateOff, stride, work);
  }

  /**
   * Ends searches stopped by {@link #mergeSearchStart} after {@code fromStep} steps: h[off + i] and f[off + i]
   * as the whole search gives them; the state is spent.
   */
  public static void mergeSearchResume(double a, double[] b, double[] c, double[] u, int off, int n, int fromStep, double[] state,
      int stateOff, int stride, double[] h, double[] f, double[] work) {
    VectorArguments.checkMergeState(b, c, u, off, n, state, stateOff, stride, work);
    Objects.checkFromIndexSize(off, n, h.length);
    Objects.checkFromIndexSize(off, n, f.length);
    if (fromStep < 1 || fromStep > MERGE_STEPS) {
      throw new IllegalArgumentException("fromStep " + fromStep + " outside [1, " + MERGE_STEPS + "]");
    }
    IMPL.mergeSearchResume(a, b, c, u, off, n, fromStep, state, stateOff, stride, h, f, work);
  }

}
