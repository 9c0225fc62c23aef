package org.altml.experiment.stats;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.FDistribution;

/**
 * The Friedman test over N datasets and k learners with the Nemenyi post-hoc test, as Demšar (2006,
 * "Statistical comparisons of classifiers over multiple data sets", JMLR 7, section 3.2.2) describes
 * them: on each dataset the learners are ranked (1 = best, ties get the average rank); with R_j the
 * average rank of learner j,
 *
 * <pre>
 *   χ²_F = 12N / (k(k+1)) · [Σ_j R_j² − k(k+1)²/4]            (k − 1 degrees of freedom)
 *   F_F  = (N − 1) χ²_F / (N(k − 1) − χ²_F)                   (Iman and Davenport; k − 1 and (k − 1)(N − 1))
 *   CD   = q_α · sqrt(k(k+1) / (6N))                         (Nemenyi: two learners differ when their
 *                                                               average ranks differ by at least CD)
 * </pre>
 *
 * q_α is Demšar's Table 5 (the studentized range statistic divided by √2) for α = 0.05 and 0.10, k = 2 .. 10.
 *
 * @param averageRanks R_j per learner
 * @param chiSquare χ²_F
 * @param chiSquareP its p-value
 * @param imanDavenport F_F (infinite when every dataset ranks the learners alike)
 * @param imanDavenportP its p-value
 * @param criticalDifference the Nemenyi CD at {@code alpha} (NaN when k is outside the table)
 * @param alpha the level of the CD
 * @param datasets N
 */
public record Friedman(double[] averageRanks, double chiSquare, double chiSquareP, double imanDavenport,
    double imanDavenportP, double criticalDifference, double alpha, int datasets) {

  /** q_0.05 for k = 2 .. 10 (Demšar 2006, Table 5a). */
  private static final double[] Q05 = {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
  /** q_0.10 for k = 2 .. 10 (Demšar 2006, Table 5a). */
  private static final double[] Q10 = {1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920};

  /**
   * The test on {@code scores[dataset][learner]}.
   *
   * @param higherIsBetter whether larger scores rank first (false for losses)
   * @param alpha 0.05 or 0.10, the level of the critical difference
   * @throws IllegalArgumentException for fewer than 2 datasets or learners, ragged rows, or another alpha
   */
  public static Friedman test(double[][] scores, boolean higherIsBetter, double alpha) {
    int n = scores.length;
    if (n < 2) {
      throw new IllegalArgumentException("the Friedman test needs at least 2 datasets: " + n);
    }
    int k = scores[0].length;
    if (k < 2) {
      throw new IllegalArgumentException("the Friedman test needs at least 2 learners: " + k);
    }
    if (alpha != 0.05 && alpha != 0.10) {
      throw new IllegalArgumentException("the Nemenyi table has alpha 0.05 and 0.10: " + alpha);
    }
    double[] sum = new double[k];
    for (double[] row : scores) {
      if (row.length != k) {
        throw new IllegalArgumentException("every dataset needs a score for each of the " + k + " learners");
      }
      double[] r = ranks(row, higherIsBetter);
      for (int j = 0; j < k; j++) {
        sum[j] += r[j];
      }
    }
    double[] avg = new double[k];
    for (int j = 0; j < k; j++) {
      avg[j] = sum[j] / n;
    }
    return fromRanks(avg, n, alpha);
  }

  /**
   * The test from the learners' average ranks over {@code n} datasets (how Demšar's worked example gives
   * them).
   *
   * @throws IllegalArgumentException for fewer than 2 datasets or learners, or an alpha other than 0.05 and 0.10
   */
  public static Friedman fromRanks(double[] averageRanks, int n, double alpha) {
    int k = averageRanks.length;
    if (n < 2 || k < 2) {
      throw new IllegalArgumentException("the Friedman test needs at least 2 datasets and 2 learners: " + n + ", " + k);
    }
    if (alpha != 0.05 && alpha != 0.10) {
      throw new IllegalArgumentException("the Nemenyi table has alpha 0.05 and 0.10: " + alpha);
    }
    double[] avg = averageRanks.clone();
    double squares = 0;
    for (double r : avg) {
      squares += r * r;
    }
    double chi = 12.0 * n / (k * (k + 1.0)) * (squares - k * (k + 1.0) * (k + 1.0) / 4.0);
    double chiP = ChiSquaredDistribution.of(k - 1).survivalProbability(chi);
    double denominator = n * (k - 1.0) - chi;
    double f = denominator <= 0 ? Double.POSITIVE_INFINITY : (n - 1.0) * chi / denominator;
    double fP = Double.isInfinite(f) ? 0.0 : FDistribution.of(k - 1.0, (k - 1.0) * (n - 1.0)).survivalProbability(f);
    double[] table = alpha == 0.05 ? Q05 : Q10;
    double cd = k - 2 < table.length ? table[k - 2] * Math.sqrt(k * (k + 1.0) / (6.0 * n)) : Double.NaN;
    return new Friedman(avg, chi, chiP, f, fP, cd, alpha, n);
  }

  /** Ranks of {@code row}, 1 = best, ties sharing the average of their ranks. */
  public static double[] ranks(double[] row, boolean higherIsBetter) {
    int k = row.length;
    Integer[] order = new Integer[k];
    for (int j = 0; j < k; j++) {
      order[j] = j;
    }
    Arrays.sort(order, (a, b) -> higherIsBetter ? Double.compare(row[b], row[a]) : Double.compare(row[a], row[b]));
    double[] r = new double[k];
    for (int i = 0; i < k; ) {
      int j = i;
      while (j + 1 < k && Double.compare(row[order[j + 1]], row[order[i]]) == 0) {
        j++;
      }
      double rank = (i + j) / 2.0 + 1;
      for (int t = i; t <= j; t++) {
        r[order[t]] = rank;
      }
      i = j + 1;
    }
    return r;
  }

  /** Whether learners {@code a} and {@code b} differ significantly by the Nemenyi test. */
  public boolean differ(int a, int b) {
    return Math.abs(averageRanks[a] - averageRanks[b]) >= criticalDifference;
  }
}
