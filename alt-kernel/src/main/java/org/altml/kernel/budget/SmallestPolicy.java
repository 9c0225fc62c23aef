package org.altml.kernel.budget;

import org.altml.kernel.store.SupportVectorStore;

/**
 * {@code smallest}: removes the support vector with the smallest ||α_k||² (in double); values within a
 * relative 1e-9 of the minimum are ties, and the oldest of the tied ones goes (the newest vector may be
 * removed too). O(size·width) per removal. Stateless.
 *
 * <p>A float store ({@link SupportVectorStore#floatMath()}) ties within {@link #FLOAT_TIE_TOLERANCE} instead: its
 * norms come from coefficients rounded to float (each norm off by up to about 1.2e-7 relative), so rows whose
 * norms the double rule of docs/spec.md#budget-smallest ties would otherwise differ by their rounding, and the oldest of them would no longer
 * go. With it, float mode's {@code smallest} makes the removals of the float64 reference on emotions, birds,
 * yeast and scene ({@code KernelAgreementTest}); with 1e-9 it made other ones and drifted by up to 0.36 in a
 * metric.
 */
public final class SmallestPolicy implements BudgetPolicy {
  /** The policy's name. */
  public static final String NAME = "smallest";

  /** Relative tolerance within which two squared norms count as equal. */
  public static final double TIE_TOLERANCE = 1e-9;

  /** {@link #TIE_TOLERANCE} of a float store: above float rounding's effect on a squared norm. */
  public static final double FLOAT_TIE_TOLERANCE = 1e-6;

  /** The policy. */
  public SmallestPolicy() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void shrink(SupportVectorStore store) {
    store.remove(select(store));
  }

  /**
   * The slot of the support vector {@code smallest} removes (and {@code merge} merges away): the oldest of
   * those whose ||α_k||² is within a relative {@link #TIE_TOLERANCE} of the minimum ({@link #FLOAT_TIE_TOLERANCE} in a
   * float store).
   *
   * @throws IllegalStateException if the store is empty
   */
  public static int select(SupportVectorStore store) {
    int n = store.size();
    if (n == 0) {
      throw new IllegalStateException("nothing to remove: the store is empty");
    }
    double min = Double.POSITIVE_INFINITY;
    for (int k = 0; k < n; k++) {
      min = Math.min(min, store.coefficientSquaredNorm(k));
    }
    double limit = min + (store.floatMath() ? FLOAT_TIE_TOLERANCE : TIE_TOLERANCE) * min;
    for (int k = store.oldest(); k >= 0; k = store.younger(k)) {
      if (store.coefficientSquaredNorm(k) <= limit) {
        return k;
      }
    }
    throw new IllegalStateException("no coefficient row is finite"); // NaN norms: the learner checks before this
  }
}
