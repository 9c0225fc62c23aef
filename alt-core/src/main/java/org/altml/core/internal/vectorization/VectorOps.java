package org.altml.core.internal.vectorization;

/**
 * Dense float kernels behind {@link org.altml.core.math.VectorMath}. Arguments are trusted (the facade
 * checks them). {@link ScalarVectorOps} is the specification; the Panama implementation must match it
 * bit for bit on the lane-wise kernels ({@link #sparseTimesRows}, {@link #addSparseOuter},
 * {@link #adaptiveStep}, {@link #axpy}, {@link #scale}: each output element sees the same operations
 * in the same order, with fused multiply-adds where the specification uses {@link Math#fma}), and
 * within a bound scaling with {@code n·Σ|a_i·b_i|·ulp} on the reductions ({@link #dot},
 * {@link #squaredDistance}), whose summation order differs.
 */
public interface VectorOps {
  /** Short name of this implementation: {@code "scalar"} or {@code "panama (512 bits)"}. */
  String name();

  /** Bits per SIMD register this implementation computes with; 0 for the scalar implementation. */
  int bitWidth();

  /** Floats per SIMD register ({@code bitWidth() / 32}); 1 for the scalar implementation. */
  int lanes();

  /** Σ a[aOff+i]·b[bOff+i] for i in [0, n). */
  float dot(float[] a, int aOff, float[] b, int bOff, int n);

  /** Σ (a[aOff+i] − b[bOff+i])² for i in [0, n). */
  float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n);

  /** In place: y[yOff+i] += alpha·x[xOff+i] for i in [0, n) (one fma per element). */
  void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n);

  /** In place: x[off+i] *= alpha for i in [0, n). */
  void scale(float alpha, float[] x, int off, int n);

  /**
   * Scores of a sparse x against feature-major rows: out[j] = Σ_k val[k]·rows[idx[k]·stride + j] for j in
   * [0, width), k over the nnz entries from {@code off}, accumulated in k order with one fma per term,
   * starting from 0. Entries of {@code out} past {@code width} are untouched.
   */
  void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int stride, float[] out, int width);

  /**
   * In place, the rank-one update of the rows x touches: rows[idx[k]·stride + j] += (alpha·val[k])·coeff[j]
   * (one fma per element) for every entry k and j in [0, width). FALT's step is alpha = −η.
   */
  void addSparseOuter(int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int stride, int width);

  /**
   * In place, the SALT (AdaGrad) step on the rows x touches: with g = val[k]·grad[j],
   * acc = fma(g, g, acc); w −= (eta·g) / (delta + sqrt(acc)), for every entry k and j in [0, width),
   * where w and acc are rows[idx[k]·stride + j] and acc[idx[k]·stride + j].
   */
  void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int stride, int width);

  // Double-precision weight rows (Precision.DOUBLE): the same kernels with float features x and double
  // rows, accumulators and coefficients; each output element sees the same operations in the same order
  // as in the float versions, in double, and the Panama implementation matches the scalar one bit for bit.

  /** In place: y[yOff+i] += alpha·x[xOff+i] for i in [0, n) (one fma per element), in double. */
  void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n);

  /**
   * As {@link #sparseTimesRows(int[], float[], int, int, float[], int, float[], int)} on double rows:
   * out[j] = Σ_k val[k]·rows[idx[k]·stride + j], one double fma per term in k order, starting from 0.
   */
  void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int stride, double[] out, int width);

  /**
   * As {@link #addSparseOuter(int[], float[], int, int, float, float[], float[], int, int)} on double rows:
   * rows[idx[k]·stride + j] = fma(alpha·val[k], coeff[j], rows[idx[k]·stride + j]) in double.
   */
  void addSparseOuter(int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int stride, int width);

  /**
   * As {@link #adaptiveStep(int[], float[], int, int, float[], float, float, float[], float[], int, int)} on
   * double rows and accumulator: g = val[k]·grad[j]; acc = fma(g, g, acc); w −= (eta·g) / (delta + sqrt(acc)).
   */
  void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int stride, int width);
}
