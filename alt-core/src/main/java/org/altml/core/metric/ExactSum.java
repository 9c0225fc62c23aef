package org.altml.core.metric;

import java.util.Arrays;

/**
 * An exact sum of doubles (Shewchuk's non-overlapping expansion, as Python's {@code math.fsum}): {@link
 * #value()} is the correctly rounded sum of everything added, so it does not depend on the order of
 * additions, and subtracting a value added earlier removes it exactly. Values must be finite. The
 * expansion holds at most a few dozen partials (bounded by the exponent range), so adding is cheap and
 * allocates only when the array first grows.
 */
final class ExactSum {
  private double[] partials = new double[8];
  private int size;

  /** In place: adds {@code x} exactly. */
  void add(double x) {
    assert Double.isFinite(x) : x;
    int i = 0;
    for (int j = 0; j < size; j++) {
      double y = partials[j];
      if (Math.abs(x) < Math.abs(y)) {
        double t = x;
        x = y;
        y = t;
      }
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) {
        partials[i++] = lo;
      }
      x = hi;
    }
    if (i == partials.length) {
      partials = Arrays.copyOf(partials, partials.length * 2);
    }
    partials[i] = x;
    size = i + 1;
  }

  /** In place: adds every value added to {@code other}, exactly. */
  void add(ExactSum other) {
    for (int k = 0; k < other.size; k++) {
      add(other.partials[k]);
    }
  }

  /** The correctly rounded sum. */
  double value() {
    int n = size;
    if (n == 0) {
      return 0.0;
    }
    double hi = partials[--n];
    double lo = 0.0;
    while (n > 0) {
      double x = hi;
      double y = partials[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) {
        break;
      }
    }
    // round half to even correctly when the rest of the expansion breaks the tie (fsum's final step)
    if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
      double y = lo * 2.0;
      double x = hi + y;
      double yr = x - hi;
      if (y == yr) {
        hi = x;
      }
    }
    return hi;
  }

  void clear() {
    size = 0;
  }

  void copyFrom(ExactSum other) {
    if (partials.length < other.size) {
      partials = new double[other.partials.length];
    }
    System.arraycopy(other.partials, 0, partials, 0, other.size);
    size = other.size;
  }
}
