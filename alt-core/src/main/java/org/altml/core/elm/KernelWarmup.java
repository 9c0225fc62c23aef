package org.altml.core.elm;

import org.altml.core.math.VectorMath;
import org.altml.sparse.SparseVector;

/**
 * Runs the ELM learners' kernels on tiny inputs a few thousand times, once per JVM, before the first
 * learner is built. The blocked least squares and the eigensolver make few, long kernel calls (an initial
 * block of N0 examples is a handful of calls of 10⁸ multiply-adds): in a fresh JVM such a call would run in
 * the interpreter, where each Vector API operation allocates, until the JIT compiles it, and would cost
 * seconds. A few milliseconds of tiny calls get the kernels compiled first. It changes no result.
 */
final class KernelWarmup {
  private static final int CALLS = 3000;

  private KernelWarmup() {}

  private static final class Once {
    static final boolean DONE = run();
  }

  private static final java.util.Set<Integer> WIDTHS = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Warms the kernels up the first time it is called, and the label-score kernel for {@code numLabels}
   * labels the first time that width is seen (its SIMD passes depend on the width); later calls return at
   * once.
   */
  static void ensure(int numLabels) {
    if (!Once.DONE) {
      throw new AssertionError();
    }
    if (VectorMath.bitWidth() > 0 && WIDTHS.add(numLabels)) {
      double[] h = new double[4];
      double[] beta = new double[4 * numLabels];
      double[] out = new double[numLabels];
      for (int call = 0; call < CALLS; call++) {
        VectorMath.combineRows(h, 0, 4, beta, 0, numLabels, out, numLabels);
      }
    }
  }

  private static boolean run() {
    if (VectorMath.bitWidth() == 0) {
      return true; // the scalar kernels are plain loops, which the JIT compiles on the fly (OSR)
    }
    int n = 40;
    double[] a = new double[4 * n];
    double[] p = new double[n * n];
    double[] c = new double[4 * n];
    double[] rc = {0.6, 0.8, 0.6};
    double[] rs = {0.8, 0.6, 0.8};
    int[] first = {0, 1};
    int[] last = {2, 2};
    float[] rows = new float[4 * n];
    double[] h = new double[n];
    SparseVector x = SparseVector.of(new int[] {0, 3}, new float[] {0.5f, -0.25f});
    for (int i = 0; i < a.length; i++) {
      a[i] = 1e-3 * (i % 7);
    }
    for (int call = 0; call < CALLS; call++) {
      VectorMath.multiply(a, 0, n, 4, n, p, 0, n, n, c, 0, n, false);
      VectorMath.multiply(a, 0, n, 1, n, p, 0, n, n, c, 0, n, true);
      VectorMath.symmetricRankUpdate(call % 2 == 0, a, 0, n, 4, n, p, 0, n);
      VectorMath.symmetricRankUpdate(call % 2 == 1, a, 0, n, 1, n, p, 0, n);
      VectorMath.rotateRows(p, 0, n, n, 2, first, last, rc, rs);
      VectorMath.sparseTimesRows(x, rows, 0, n, h, n);
      VectorMath.combineRows(h, 0, 4, p, 0, n, c, n);
      VectorMath.axpy(1e-3, h, 0, c, 0, n);
    }
    return true;
  }
}
