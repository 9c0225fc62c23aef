package org.altml.core.internal.vectorization;

/**
 * The {@link VectorOps} implementation on the JDK Vector API (Panama), after Lucene's
 * {@code PanamaVectorUtilSupport}: a thin front that delegates each kernel family to its own class
 * ({@link PanamaReductions}, {@link PanamaDenseOps}, {@link PanamaRowScores}, {@link PanamaRowCombinations},
 * {@link PanamaRowUpdates}, {@link PanamaAdaptiveStep}) over the species of {@link PanamaSpecies}. Only
 * {@code Panama*} classes import {@code jdk.incubator.vector}; {@link VectorizationProvider} loads this
 * class by name, so the rest of alt-core runs without the module.
 *
 * <p>The label-dimension kernels give results bit-identical to {@link ScalarVectorOps}: lanes are
 * independent, so each output element sees the same operations in the same order (fused in float,
 * multiply-then-add in double, see {@link VectorOps}). Stateless and thread-safe.
 */
final class PanamaVectorOps implements VectorOps {
  /** Name of the test-only property that overrides the vector width in bits. */
  static final String VECTOR_BITS_PROPERTY = PanamaSpecies.VECTOR_BITS_PROPERTY;

  /** Created reflectively by {@link VectorizationProvider}. */
  PanamaVectorOps() {}

  /** Bits of the hardware's preferred vector, whatever the test override says (called by name by the provider). */
  static int preferredBitSize() {
    return PanamaSpecies.preferredBitSize();
  }

  @Override
  public String name() {
    return "panama (" + PanamaSpecies.FLOAT.vectorBitSize() + " bits)";
  }

  @Override
  public int bitWidth() {
    return PanamaSpecies.FLOAT.vectorBitSize();
  }

  @Override
  public int lanes() {
    return PanamaSpecies.FLOAT_LANES;
  }

  @Override
  public float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    return PanamaReductions.dot(a, aOff, b, bOff, n);
  }

  @Override
  public int indicesAbove(float[] a, int off, int n, float t, int[] out) {
    return PanamaReductions.indicesAbove(a, off, n, t, out);
  }

  @Override
  public int markWithin(float[] a, int off, int n, float c, float band, boolean[] marks, int marksOff) {
    return PanamaReductions.markWithin(a, off, n, c, band, marks, marksOff);
  }

  @Override
  public int countAtLeast(float[] a, int off, int n, float threshold) {
    return PanamaReductions.countAtLeast(a, off, n, threshold);
  }

  @Override
  public float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n) {
    return PanamaReductions.squaredDistance(a, aOff, b, bOff, n);
  }

  @Override
  public void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    PanamaDenseOps.axpy(alpha, x, xOff, y, yOff, n);
  }

  @Override
  public void scale(float alpha, float[] x, int off, int n) {
    PanamaDenseOps.scale(alpha, x, off, n);
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, float[] out, int width) {
    PanamaRowScores.sparseTimesRows(idx, val, off, nnz, rows, rowsOff, stride, out, width);
  }

  @Override
  public void addSparseOuter(int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int width) {
    PanamaRowUpdates.addSparseOuter(idx, val, off, nnz, alpha, coeff, rows, rowsOff, stride, width);
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int rowsOff, int stride, int width) {
    PanamaAdaptiveStep.adaptiveStep(idx, val, off, nnz, grad, eta, delta, rows, acc, rowsOff, stride, width);
  }

  @Override
  public double dot(double[] a, int aOff, double[] b, int bOff, int n) {
    return PanamaReductions.dot(a, aOff, b, bOff, n);
  }

  @Override
  public double squaredDistance(double[] a, int aOff, double[] b, int bOff, int n) {
    return PanamaReductions.squaredDistance(a, aOff, b, bOff, n);
  }

  @Override
  public void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
    PanamaDenseOps.axpy(alpha, x, xOff, y, yOff, n);
  }

  @Override
  public void scale(double alpha, double[] x, int off, int n) {
    PanamaDenseOps.scale(alpha, x, off, n);
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int rowsOff, int stride, double[] out, int width) {
    PanamaRowScores.sparseTimesRows(idx, val, off, nnz, rows, rowsOff, stride, out, width);
  }

  @Override
  public void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int width) {
    PanamaRowUpdates.addSparseOuter(idx, val, off, nnz, alpha, coeff, rows, rowsOff, stride, width);
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int rowsOff, int stride, int width) {
    PanamaAdaptiveStep.adaptiveStep(idx, val, off, nnz, grad, eta, delta, rows, acc, rowsOff, stride, width);
  }

  @Override
  public void combineRows(double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, double[] out, int width) {
    PanamaRowCombinations.combineRows(coeff, coeffOff, n, rows, rowsOff, stride, out, width);
  }

  @Override
  public void combineRows(double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, double[] out, int width) {
    PanamaRowCombinations.combineRows(coeff, coeffOff, n, rows, rowsOff, stride, out, width);
  }

  @Override
  public void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, double[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    PanamaMatrixOps.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, c, cOff, cStride);
  }

  @Override
  public void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    PanamaMatrixOps.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, c, cOff, cStride);
  }

  @Override
  public void multiplyAdd(float[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      float[] c, int cOff, int cStride) {
    PanamaFloatMatrixOps.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, c, cOff, cStride);
  }

  @Override
  public void gaussianFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff, double twoSigmaSquared) {
    PanamaExp.gaussianFromDots(d, off, n, normX, norms, normsOff, twoSigmaSquared);
  }

  @Override
  public void exp(double[] d, int off, int n) {
    PanamaExp.exp(d, off, n);
  }

  @Override
  public void gaussianExponents(float[] d, int off, int n, float normX, float[] norms, int normsOff, float twoSigmaSquared) {
    PanamaExp.gaussianExponents(d, off, n, normX, norms, normsOff, twoSigmaSquared);
  }

  @Override
  public void cos(double[] d, int off, int n) {
    PanamaExp.cos(d, off, n);
  }

  @Override
  public void exp(float[] d, int off, int n) {
    PanamaExp.exp(d, off, n);
  }

  @Override
  public void rowDots(double[] x, int n, float[] rows, int off, int stride, int count, double[] out) {
    PanamaMatrixOps.rowDots(x, n, rows, off, stride, count, out);
  }

  @Override
  public void rowDots(double[] x, int n, double[] rows, int off, int stride, int count, double[] out) {
    PanamaMatrixOps.rowDots(x, n, rows, off, stride, count, out);
  }

  @Override
  public void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f, double[] work) {
    PanamaMergeSearch.mergeSearch(a, b, c, u, off, n, h, f, work);
  }

  @Override
  public void mergeSearchStart(double a, double[] b, double[] c, double[] u, int off, int n, int steps, double[] state, int stateOff,
      int stride, double[] work) {
    PanamaMergeSearch.start(a, b, c, u, off, n, steps, state, stateOff, stride, work, 0);
  }

  @Override
  public void mergeSearchResume(double a, double[] b, double[] c, double[] u, int off, int n, int fromStep, double[] state,
      int stateOff, int stride, double[] h, double[] f, double[] work) {
    PanamaMergeSearch.resume(a, b, c, u, off, n, fromStep, state, stateOff, stride, h, f, work, 0);
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, double[] out, int width) {
    PanamaElmOps.sparseTimesRows(idx, val, off, nnz, rows, rowsOff, stride, out, width);
  }

  @Override
  public void multiply(double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride, int m,
      double[] c, int cOff, int cStride, boolean accumulate) {
    PanamaElmOps.multiply(a, aOff, aStride, k, n, p, pOff, pStride, m, c, cOff, cStride, accumulate);
  }

  @Override
  public void symmetricRankUpdate(boolean subtract, double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride) {
    PanamaElmOps.symmetricRankUpdate(subtract, a, aOff, aStride, k, n, p, pOff, pStride);
  }

  @Override
  public void rotateRows(double[] z, int off, int stride, int width, int chains, int[] first, int[] last, double[] c, double[] s) {
    PanamaElmOps.rotateRows(z, off, stride, width, chains, first, last, c, s);
  }
}
