package org.altml.kernel.budget;

import org.altml.kernel.Kernel;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.SparseVector;

/**
 * {@code merge}: budget maintenance by merging (budgeted SGD, Wang, Crammer and Vucetic, JMLR 2012, §4.3),
 * extended to the L+1 (or L) outputs of a coefficient row as SPEC.md pins it.
 *
 * <p>m is the support vector {@code smallest} would remove ({@link SmallestPolicy#select}). For every other
 * n, with k = K(x_m, x_n), the merged point is z = h·x_m + (1−h)·x_n, and the RBF closed forms
 * K(x_m, z) = k^{(1−h)²}, K(x_n, z) = k^{h²} give α_z = α_m·k^{(1−h)²} + α_n·k^{h²}. h ∈ [0, 1]
 * maximizes ||α_z||² = A·k^{2(1−h)²} + B·k^{2h²} + 2C·k^{(1−h)²+h²} (A = ||α_m||², B = ||α_n||²,
 * C = α_m·α_n), found by golden-section search to a bracket of {@value #PRECISION}. The weight degradation
 * summed over the outputs, ||α_m||² + ||α_n||² + 2k·(α_m·α_n) − ||α_z||², is the squared distance in the
 * feature space between α_m·φ(x_m) + α_n·φ(x_n) and α_z·φ(z); m merges with the n of least degradation
 * (the oldest on ties), and (z, α_z) replaces n in n's age position while m is removed. This is the exact
 * multi-output objective, not BSGD's per-class ratio heuristic: FALT's coefficient rows sum to about zero,
 * so α_m + α_n ≈ 0 is common and the ratio is undefined.
 *
 * <p>Per merge: one kernel row of x_m against the store (size kernel evaluations, counted), two dot
 * products of coefficient rows and one line search per partner. The merged point's features are rounded to
 * float like every stored feature; its coefficients come from the closed forms in double. Needs an
 * {@link RbfKernel}. Scratch grows with the store; no allocation per merge in steady state.
 */
public final class MergePolicy implements BudgetPolicy {
  /** The policy's name. */
  public static final String NAME = "merge";

  /** Width of the final golden-section bracket on h. */
  public static final double PRECISION = 1e-4;

  private static final double INV_PHI = (Math.sqrt(5.0) - 1.0) / 2.0;

  private final RbfKernel kernel;
  private final SupportVectorStore.KernelRow row = new SupportVectorStore.KernelRow();
  private final SupportVectorStore.VectorBuffer merged = new SupportVectorStore.VectorBuffer();
  private double[] alphaM = new double[0];
  private double[] alphaN = new double[0];
  private long kernelEvaluations;
  private double lastH = Double.NaN;
  private double lastDegradation = Double.NaN;

  /**
   * A merge policy for {@code kernel}.
   *
   * @throws IllegalArgumentException unless {@code kernel} is an {@link RbfKernel} (the closed forms are RBF's)
   */
  public MergePolicy(Kernel kernel) {
    if (!(kernel instanceof RbfKernel rbf)) {
      throw new IllegalArgumentException("the merge budget policy needs an RBF kernel, not " + kernel);
    }
    this.kernel = rbf;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void shrink(SupportVectorStore store) {
    int size = store.size();
    if (size < 2) {
      throw new IllegalStateException("merging needs two support vectors, the store holds " + size);
    }
    int width = store.width();
    if (alphaM.length < width) {
      alphaM = new double[width];
      alphaN = new double[width];
    }
    int m = SmallestPolicy.select(store);
    store.kernelRow(kernel, m, row);
    kernelEvaluations += size;
    double[] k = row.values();
    double a = store.coefficientSquaredNorm(m);
    int best = -1;
    double bestH = 0;
    double bestDegradation = Double.POSITIVE_INFINITY;
    // in age order, so that a strict improvement keeps the oldest partner among equals
    for (int n = store.oldest(); n >= 0; n = store.younger(n)) {
      if (n == m) {
        continue;
      }
      double b = store.coefficientSquaredNorm(n);
      double c = store.coefficientDot(m, n);
      double kn = k[n];
      double h = bestH(a, b, c, kn);
      double degradation = a + b + 2.0 * kn * c - mergedSquaredNorm(a, b, c, kn, h);
      if (degradation < bestDegradation || best < 0) {
        best = n;
        bestH = h;
        bestDegradation = degradation;
      }
    }
    double kmn = k[best];
    double km = Math.pow(kmn, (1.0 - bestH) * (1.0 - bestH)); // K(x_m, z)
    double kn = Math.pow(kmn, bestH * bestH); // K(x_n, z)
    store.coefficients(m, alphaM);
    store.coefficients(best, alphaN);
    for (int j = 0; j < width; j++) {
      alphaM[j] = alphaM[j] * km + alphaN[j] * kn; // α_z, into alphaM's scratch
    }
    SparseVector z = store.interpolate(m, best, bestH, merged);
    store.replace(best, z, alphaM);
    store.remove(m);
    lastH = bestH;
    lastDegradation = bestDegradation;
  }

  /**
   * ||α_z||² at h: A·k^{2(1−h)²} + B·k^{2h²} + 2C·k^{(1−h)²+h²}, from K(x_m, z) = k^{(1−h)²} and
   * K(x_n, z) = k^{h²}.
   */
  static double mergedSquaredNorm(double a, double b, double c, double k, double h) {
    double km = Math.pow(k, (1.0 - h) * (1.0 - h));
    double kn = Math.pow(k, h * h);
    return a * km * km + b * kn * kn + 2.0 * c * km * kn;
  }

  /**
   * The h in [0, 1] maximizing {@link #mergedSquaredNorm} by golden-section search: the bracket [lo, hi]
   * shrinks by 1/φ per step, keeping the better of its two inner points (the upper one on ties), until it is
   * narrower than {@link #PRECISION}; returns its midpoint.
   */
  static double bestH(double a, double b, double c, double k) {
    double lo = 0.0;
    double hi = 1.0;
    double x1 = hi - (hi - lo) * INV_PHI;
    double x2 = lo + (hi - lo) * INV_PHI;
    double f1 = mergedSquaredNorm(a, b, c, k, x1);
    double f2 = mergedSquaredNorm(a, b, c, k, x2);
    while (hi - lo > PRECISION) {
      if (f1 > f2) {
        hi = x2;
        x2 = x1;
        f2 = f1;
        x1 = hi - (hi - lo) * INV_PHI;
        f1 = mergedSquaredNorm(a, b, c, k, x1);
      } else {
        lo = x1;
        x1 = x2;
        f1 = f2;
        x2 = lo + (hi - lo) * INV_PHI;
        f2 = mergedSquaredNorm(a, b, c, k, x2);
      }
    }
    return 0.5 * (lo + hi);
  }

  /** h of the last merge (NaN before the first), for tests and diagnostics. */
  public double lastH() {
    return lastH;
  }

  /** The weight degradation of the last merge (NaN before the first). */
  public double lastDegradation() {
    return lastDegradation;
  }

  @Override
  public long kernelEvaluations() {
    return kernelEvaluations;
  }

  @Override
  public long ramBytesUsed() {
    return 96 + row.ramBytesUsed() + merged.ramBytesUsed() + 16L * alphaM.length;
  }
}
