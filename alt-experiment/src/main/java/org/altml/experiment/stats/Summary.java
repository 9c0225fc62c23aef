package org.altml.experiment.stats;

/**
 * Mean and sample standard deviation (n − 1 in the denominator, as Matlab's {@code std}) of values summed
 * in the given order, so the same values in the same order give the same bits.
 *
 * @param mean the mean, NaN for no value
 * @param std the sample standard deviation, 0 for one value, NaN for none
 * @param n number of values (NaNs are left out)
 */
public record Summary(double mean, double std, int n) {
  /** The summary of {@code values} (NaNs left out). */
  public static Summary of(double[] values) {
    double sum = 0;
    int n = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        sum += v;
        n++;
      }
    }
    if (n == 0) {
      return new Summary(Double.NaN, Double.NaN, 0);
    }
    double mean = sum / n;
    double ss = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        ss += (v - mean) * (v - mean);
      }
    }
    return new Summary(mean, n > 1 ? Math.sqrt(ss / (n - 1)) : 0, n);
  }
}
