package org.altml.core.linear;

/**
 * Widening the rows of a {@link WeightMatrix} for labels that appear mid-stream (docs/spec.md#open-labels), in either
 * precision: in place, each row's last used lane (the threshold weight) moving on to a pad lane, or into a new array of
 * wider rows, one copy. Rows are {@code rows} runs of values from {@code base}, {@code stride} apart; pad lanes are zero.
 */
final class RowWidening {
  private RowWidening() {}

  /** In place: lane {@code from} of every row moves to lane {@code to} (a zero pad lane) and lane {@code from} is zeroed. */
  static void moveLane(double[] a, int base, int stride, int rows, int from, int to) {
    for (int f = 0, at = base; f < rows; f++, at += stride) {
      a[at + to] = a[at + from];
      a[at + from] = 0.0;
    }
  }

  /** {@link #moveLane(double[], int, int, int, int, int)} for float rows. */
  static void moveLane(float[] a, int base, int stride, int rows, int from, int to) {
    for (int f = 0, at = base; f < rows; f++, at += stride) {
      a[at + to] = a[at + from];
      a[at + from] = 0f;
    }
  }

  /**
   * The rows in a new zero array of {@code length} values, {@code newStride} apart from the same base: lanes
   * [0, from) kept, lane {@code from} put at lane {@code to}.
   */
  static double[] widen(double[] a, int base, int stride, int rows, int newStride, int length, int from, int to) {
    double[] wider = new double[length];
    for (int f = 0, at = base, dst = base; f < rows; f++, at += stride, dst += newStride) {
      System.arraycopy(a, at, wider, dst, from);
      wider[dst + to] = a[at + from];
    }
    return wider;
  }

  /** {@link #widen(double[], int, int, int, int, int, int, int)} for float rows. */
  static float[] widen(float[] a, int base, int stride, int rows, int newStride, int length, int from, int to) {
    float[] wider = new float[length];
    for (int f = 0, at = base, dst = base; f < rows; f++, at += stride, dst += newStride) {
      System.arraycopy(a, at, wider, dst, from);
      wider[dst + to] = a[at + from];
    }
    return wider;
  }
}
