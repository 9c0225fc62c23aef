package org.altml.core.internal.vectorization;

/**
 * Dense kernels behind {@link org.altml.core.math.VectorMath}, on float rows and on double rows. Arguments
 * are trusted (the facade checks them). {@link ScalarVectorOps} is the specification.
 *
 * <p><b>Rounding.</b> The float kernels fuse: every multiply-add of a float kernel is one
 * {@link Math#fma} (one rounding). The double kernels do <em>not</em> fuse: every multiply-add is a
 * multiplication, rounded to double, then an addition, rounded again, as a plain float64 implementation of
 * the paper's rules (numpy, or C compiled without floating-point contraction) computes. Double precision is
 * the toolkit's reference mode, and agreement with such an implementation is its point: an fma rounds once
 * and, in long runs, decides exact margin ties differently.
 *
 * <p><b>SIMD agreement.</b> A SIMD implementation must match the specification bit for bit on the lane-wise
 * kernels ({@code sparseTimesRows}, {@code addSparseOuter}, {@code adaptiveStep}, {@code combineRows},
 * {@code axpy}, {@code scale}, both precisions): each output element sees the same operations in the same
 * order (fused in float, multiply-then-add in double), and lanes past {@code width} are never written. The
 * reductions ({@code dot}, {@code squaredDistance}) sum in a different order and agree within a bound
 * scaling with {@code n·Σ|a_i·b_i|·ulp}.
 */
public interface VectorOps {
  /** Short name of this implementation: {@code "scalar"} or {@code "panama (512 bits)"}. */
  String name();

  /** Bits per SIMD register this implementation computes with; 0 for the scalar implementation. */
  int bitWidth();

  /** Floats per SIMD register ({@code bitWidth() / 32}); 1 for the scalar implementation. */
  int lanes();

  /** Σ a[aOff+i]·b[bOff+i] for i in [0, n), one fma per term in the specification. */
  float dot(float[] a, int aOff, float[] b, int bOff, int n);

  /** Σ (a[aOff+i] − b[bOff+i])² for i in [0, n), one fma per term in the specification. */
  float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n);

  /** #{i in [0, n) : a[off+i] >= threshold} (NaN entries are not counted): an exact count, the same in every implementation. */
  int countAtLeast(float[] a, int off, int n, float threshold);

  /**
   * The lanes above t: writes, ascending, every i in [0, n) with a[off+i] > t into out[0, count) and returns the count
   * (NaN is never above). Entries of out from the count to n may be overwritten; out needs room for n. Exact, the same
   * in every implementation.
   */
  int indicesAbove(float[] a, int off, int n, float t, int[] out);

  /**
   * Marks the lanes near c: marks[marksOff+i] = true for every i in [0, n) with |fl(a[off+i] − c)| <= band (the float
   * difference, rounded once); other marks are left as they are. Returns how many lanes are near (marked before or
   * not): an exact count, the same in every implementation.
   */
  int markWithin(float[] a, int off, int n, float c, float band, boolean[] marks, int marksOff);

  /** In place: y[yOff+i] = fma(alpha, x[xOff+i], y[yOff+i]) for i in [0, n). */
  void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n);

  /** In place: x[off+i] *= alpha for i in [0, n). */
  void scale(float alpha, float[] x, int off, int n);

  /**
   * Scores of a sparse x against feature-major rows: out[j] = Σ_k val[k]·rows[rowsOff + idx[k]·stride + j] for j in
   * [0, width), k over the nnz entries from {@code off}, accumulated in k order with one fma per term,
   * starting from 0. Entries of {@code out} past {@code width} are untouched.
   */
  void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, float[] out, int width);

  /**
   * In place, the rank-one update of the rows x touches: rows[rowsOff + idx[k]·stride + j] = fma(alpha·val[k],
   * coeff[j], rows[rowsOff + idx[k]·stride + j]) (alpha·val[k] rounded to float first) for every entry k and j in
   * [0, width). FALT's step is alpha = −η.
   */
  void addSparseOuter(int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int width);

  /**
   * In place, the SALT (AdaGrad) step on the rows x touches: with g = val[k]·grad[j],
   * acc = fma(g, g, acc); w −= (eta·g) / (delta + sqrt(acc)), for every entry k and j in [0, width) with
   * grad[j] ≠ 0, where w and acc are rows[rowsOff + idx[k]·stride + j] and acc[rowsOff + idx[k]·stride + j]. Lanes with
   * grad[j] = 0 are skipped: their g is ±0, which would leave acc and w as they are (but for a w of −0, which
   * a step of −0 would turn into +0; weights that start at +0 never become −0).
   */
  void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int rowsOff, int stride, int width);

  // Double-precision weight rows (Precision.DOUBLE): float features x, double rows, accumulators and
  // coefficients; every multiply-add is a multiplication then an addition (never fused).

  /** Σ a[aOff+i]·b[bOff+i] for i in [0, n), in double: s = s + a·b in i order in the specification. */
  double dot(double[] a, int aOff, double[] b, int bOff, int n);

  /** Σ (a[aOff+i] − b[bOff+i])² for i in [0, n), in double: d = a − b; s = s + d·d in the specification. */
  double squaredDistance(double[] a, int aOff, double[] b, int bOff, int n);

  /** In place: y[yOff+i] = y[yOff+i] + alpha·x[xOff+i] for i in [0, n), in double. */
  void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n);

  /** In place: x[off+i] *= alpha for i in [0, n), in double. */
  void scale(double alpha, double[] x, int off, int n);

  /**
   * As {@link #sparseTimesRows(int[], float[], int, int, float[], int, float[], int)} on double rows:
   * out[j] = out[j] + (double) val[k]·rows[rowsOff + idx[k]·stride + j] in k order, starting from 0.
   */
  void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int rowsOff, int stride, double[] out, int width);

  /**
   * As {@link #addSparseOuter(int[], float[], int, int, float, float[], float[], int, int)} on double rows:
   * rows[rowsOff + idx[k]·stride + j] = rows[rowsOff + idx[k]·stride + j] + a·coeff[j] with a = alpha·val[k] rounded to double.
   */
  void addSparseOuter(int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int width);

  /**
   * As {@link #adaptiveStep(int[], float[], int, int, float[], float, float, float[], float[], int, int)} on
   * double rows and accumulator: g = val[k]·grad[j]; acc = acc + g·g; w −= (eta·g) / (delta + sqrt(acc)).
   */
  void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int rowsOff, int stride, int width);

  /**
   * A combination of dense rows stored back to back with double coefficients: out[j] = Σ_{k<n}
   * coeff[coeffOff+k]·rows[rowsOff + k·stride + j] for j in [0, width), starting from 0 and summed in k
   * order, out[j] = out[j] + c·r (multiply, then add). Entries of {@code out} past {@code width} are
   * untouched.
   */
  void combineRows(double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, double[] out, int width);

  /**
   * As {@link #combineRows(double[], int, int, double[], int, int, double[], int)} on float rows, in double:
   * out[j] = out[j] + c·(double) r.
   */
  void combineRows(double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, double[] out, int width);

  // Matrix products for blocks of examples (the kernel learners' kernel rows and scores of many examples in
  // one pass over the support vectors): row-major, multiply then add in double, never fused.

  /**
   * In place, C += A·B: c[cOff + i·cStride + j] = c[...] + a[aOff + i·aStride + p]·b[bOff + p·bStride + j],
   * accumulated in p order from the value already in c (multiply, then add), for i in [0, rows), j in
   * [0, cols), p in [0, depth). Element-wise in (i, j): a SIMD implementation matches bit for bit, and each
   * element's result does not depend on rows, cols or the other elements.
   */
  void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, double[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride);

  /** As the double version with float B, each value widened to double (exactly) before it is multiplied. */
  void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride);

  /**
   * As the double version entirely in float: each element of C accumulated in float, in p order, each term
   * multiplied then added (never fused), onto the value already in c.
   */
  void multiplyAdd(float[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      float[] c, int cOff, int cStride);

  /**
   * In place, Gaussian kernel values from dot products: d[off+i] = exp(−max(0, (normX + norms[normsOff+i])
   * − 2·d[off+i]) / twoSigmaSquared) for i in [0, n) (the RBF kernel from cached squared norms), with
   * {@link ScalarVectorOps#exp(double)} (bit-identical in every implementation; not {@link Math#exp}, whose
   * bits, like those of the Vector API's SVML exponential, may depend on the JIT tier).
   */
  void gaussianFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff, double twoSigmaSquared);

  /**
   * In place, the float RBF exponents of a row of float dot products: d[off+i] = −max(0, (normX + norms[normsOff+i]) −
   * 2·d[off+i]) / twoSigmaSquared, every operation in float; bit-identical in every implementation.
   */
  void gaussianExponents(float[] d, int off, int n, float normX, float[] norms, int normsOff, float twoSigmaSquared);

  /** In place, d[off+i] = {@link ScalarVectorOps#exp(double)}(d[off+i]) for i in [0, n), bit-identical in every implementation. */
  void exp(double[] d, int off, int n);

  /** In place, d[off+i] = {@link ScalarVectorOps#cos(double)}(d[off+i]) for i in [0, n): bit-identical in every implementation. */
  void cos(double[] d, int off, int n);

  /** In place, d[off+i] = {@link ScalarVectorOps#exp(float)}(d[off+i]) for i in [0, n): bit-identical in every implementation. */
  void exp(float[] d, int off, int n);

  /**
   * Budgeted SGD's merge search for n partners at once: for each i, the h in [0, 1] maximizing
   * f_i(h) = a·k_m² + b_i·k_n² + 2c_i·k_m·k_n with k_m = exp(u_i·(1−h)²), k_n = exp(u_i·h²), by
   * {@link ScalarVectorOps#MERGE_STEPS} golden-section steps from [0, 1]; h[i] = the final bracket's midpoint,
   * f[i] = f_i(h[i]). Element-wise ({@link ScalarVectorOps#mergeSearch(double, double, double, double, double[], int)}
   * per element, bit for bit), over the elements [off, off + n) of b, c, u, h and f; {@code work} holds at
   * least 9n doubles of scratch.
   */
  void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f, double[] work);

  /**
   * The first {@code steps} golden-section steps of {@link #mergeSearch} for the partners [off, off + n) of b,
   * c and u, leaving each partner's state in {@code state}: partner off + i's lo, hi, x1, x2, f(x1), f(x2) at
   * state[stateOff + i + j·stride], j = 0..5 (stride at least n). {@code work} holds at least 3n doubles of
   * scratch. {@link #mergeSearchResume} from {@code steps} on completes the same search, bit for bit, as
   * {@link ScalarVectorOps#mergeSearchSteps} per partner specifies.
   */
  void mergeSearchStart(double a, double[] b, double[] c, double[] u, int off, int n, int steps, double[] state, int stateOff,
      int stride, double[] work);

  /**
   * Continues the searches of {@link #mergeSearchStart} from their state after {@code fromStep} steps to
   * {@link ScalarVectorOps#MERGE_STEPS} and ends them: h[off + i] and f[off + i] as {@link #mergeSearch} gives
   * them. {@code work} holds at least 3n doubles of scratch; the state is left spent.
   */
  void mergeSearchResume(double a, double[] b, double[] c, double[] u, int off, int n, int fromStep, double[] state, int stateOff,
      int stride, double[] h, double[] f, double[] work);

  /**
   * Dot products of a double vector with float rows in eight interleaved partial sums: out[k] = the sum over
   * j in [0, n) of x[j]·rows[off + k·stride + j] (each float widened exactly, multiply then add), the terms
   * of each residue j mod 8 summed in j order from 0, the eight sums then combined as ((p0 + p1) + (p2 + p3)) +
   * ((p4 + p5) + (p6 + p7)) ({@link ScalarVectorOps#combineEight}); for k in [0, count). A fixed order that
   * SIMD lanes follow bit for bit.
   */
  void rowDots(double[] x, int n, float[] rows, int off, int stride, int count, double[] out);

  /** {@link #rowDots(double[], int, float[], int, int, int, double[])} over double rows, in the same order. */
  void rowDots(double[] x, int n, double[] rows, int off, int stride, int count, double[] out);

  // Dense matrix kernels for the ELM learners' recursive least squares (org.altml.core.elm): double
  // matrices stored row-major with a row stride, every multiply-add fused (one Math.fma, one rounding), as
  // BLAS does; the lane-wise ones are bit-identical between implementations.

  /**
   * Scores of a sparse x against feature-major float rows, accumulated in double: out[j] = out[j] +
   * (double) val[k]·(double) rows[rowsOff + idx[k]·stride + j] in k order, starting from 0, for j in [0, width). The
   * product of two widened floats is exact in double, so only the additions round. Entries of {@code out}
   * past {@code width} are untouched.
   */
  void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, double[] out, int width);

  /**
   * A matrix product C = A·P (or C += A·P): for b in [0, k) and j in [0, m), c[cOff + b·cStride + j] =
   * fma(a[b][n−1], p[n−1][j], … fma(a[b][0], p[0][j], c0)) with c0 = the old value when {@code accumulate},
   * else 0; a[b][i] = a[aOff + b·aStride + i], p[i][j] = p[pOff + i·pStride + j]. Summed in i order, each
   * output element independently (lane-wise): bit-identical across implementations. C must not overlap A
   * or P.
   */
  void multiply(double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride, int m,
      double[] c, int cOff, int cStride, boolean accumulate);

  /**
   * The symmetric rank-k update P ← P ± Aᵀ·A of an n×n matrix, in place: for i ≤ j, p[i][j] =
   * fma(±a[k−1][i], a[k−1][j], … fma(±a[0][i], a[0][j], p[i][j])) with a[b][i] = a[aOff + b·aStride + i]
   * and p[i][j] = p[pOff + i·pStride + j]; then the lower triangle is set to the upper one, p[j][i] =
   * p[i][j]. The upper triangle is the source: the result is bitwise symmetric whatever the lower
   * triangle held. Bit-identical across implementations. A must not overlap P.
   *
   * @param subtract true for P − AᵀA (the RLS downdate), false for P + AᵀA (Gram accumulation)
   */
  void symmetricRankUpdate(boolean subtract, double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride);

  /**
   * In place, chains of plane rotations over consecutive rows of a row-major matrix (the eigenvector
   * accumulation of implicit QL sweeps): for each chain t in order, for i = last[t]−1 down to first[t], rows
   * i and i+1 (each {@code width} entries from {@code off + i·stride}) become, element by element,
   * z_{i+1} = s·z_i + c·z_{i+1} and z_i = c·z_i − s·z_{i+1}(old), multiplied then added, never fused; c and s
   * are read in that order from index 0 (chain t takes last[t] − first[t] of them). Lane-wise: bit-identical
   * across implementations.
   */
  void rotateRows(double[] z, int off, int stride, int width, int chains, int[] first, int[] last, double[] c, double[] s);
}
