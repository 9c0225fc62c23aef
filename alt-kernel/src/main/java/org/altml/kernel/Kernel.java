package org.altml.kernel;

import org.altml.sparse.SparseVector;

/**
 * A Mercer kernel K(x, x') on sparse and dense feature vectors, written for callers that keep each
 * vector's squared norm next to it: {@link #fromDot} turns one dot product and two cached squared norms
 * into K, so a kernel row against many stored vectors costs one dot product per pair. Implementations are
 * immutable and thread-safe.
 */
public interface Kernel {
  /** K(x, y) of two sparse vectors (their norms computed here: for tests and one-off values). */
  double apply(SparseVector x, SparseVector y);

  /** K(x, y) of two dense float vectors {@code x[xOff..xOff+n)} and {@code y[yOff..yOff+n)}, in double. */
  double apply(float[] x, int xOff, float[] y, int yOff, int n);

  /** K(x, x), which kernel PA uses in place of ||x||² and kernel FALT in its incremental rescoring. */
  double self(SparseVector x);

  /**
   * K(x, y) from the dot product x·y and the squared norms ||x||², ||y||² (all in double): the form hot
   * loops use, with the norms computed once per vector and kept with it.
   */
  double fromDot(double dot, double squaredNormX, double squaredNormY);
}
