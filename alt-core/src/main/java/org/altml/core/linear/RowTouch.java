package org.altml.core.linear;

import org.altml.sparse.SparseVector;

/**
 * Reads one value per 64-byte line of every accumulator row x touches, before SALT's step ({@link
 * WeightMatrix#adaptiveStep}). The weight rows are in cache (the scores just read them) but the G² rows are not; these
 * loads are independent, so their misses overlap, whereas inside the step each miss heads a chain through sqrt and
 * divide that holds the out-of-order window and serialises the misses. Changes nothing; the caller keeps the sum so
 * that the loads stay.
 */
final class RowTouch {
  private RowTouch() {}

  /** The sum of one value per line of the rows of x's features in {@code g2} (from {@code base}, {@code stride} apart). */
  static float touch(SparseVector x, float[] g2, int base, int stride, int lanes) {
    int[] idx = x.indices();
    float s = 0f;
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      int at = base + idx[k] * stride;
      for (int j = 0; j < lanes; j += 16) {
        s += g2[at + j];
      }
    }
    return s;
  }

  /** {@link #touch(SparseVector, float[], int, int, int)} for double rows. */
  static float touch(SparseVector x, double[] g2, int base, int stride, int lanes) {
    int[] idx = x.indices();
    double s = 0.0;
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      int at = base + idx[k] * stride;
      for (int j = 0; j < lanes; j += 8) {
        s += g2[at + j];
      }
    }
    return (float) s;
  }
}
