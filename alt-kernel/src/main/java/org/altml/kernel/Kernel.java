package org.altml.kernel;

import org.altml.sparse.SparseVector;

/** A Mercer kernel K(x, x') on sparse vectors. Implementations are immutable and thread-safe. */
public interface Kernel {
  /** K(x, y). */
  double apply(SparseVector x, SparseVector y);

  /** K(x, x), which kernel PA uses in place of ||x||². */
  double self(SparseVector x);
}
