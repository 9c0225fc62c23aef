package org.altml.experiment.stats;

import org.apache.commons.statistics.inference.TTest;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * Paired two-sample tests between two learners' results over the same R runs (run r of each used the same
 * training permutation), two-sided: Student's paired t-test (the paper's) and the Wilcoxon signed-rank
 * test (optional), both from Apache Commons Statistics. When every difference is zero the learners are
 * indistinguishable: p = 1 (Commons Statistics would give NaN or refuse).
 */
public final class PairedTests {
  private PairedTests() {}

  /**
   * Outcome of one test.
   *
   * @param statistic the t statistic (or Wilcoxon's W), NaN when every difference is zero
   * @param p the two-sided p-value
   */
  public record Result(double statistic, double p) {
    /** Whether the difference is significant at level {@code alpha} (p &lt; alpha). */
    public boolean significant(double alpha) {
      return p < alpha;
    }
  }

  /** Student's paired t-test of {@code x} against {@code y} (mean difference 0), two-sided. */
  public static Result pairedT(double[] x, double[] y) {
    check(x, y);
    if (allEqual(x, y)) {
      return new Result(Double.NaN, 1.0);
    }
    TTest.Result r = TTest.withDefaults().pairedTest(x, y);
    return new Result(r.getStatistic(), r.getPValue());
  }

  /**
   * The Wilcoxon signed-rank test of {@code x} against {@code y}, two-sided, with Commons Statistics'
   * defaults: zero differences are ranked with the others and then dropped (Pratt), the exact p-value for
   * small samples without ties or zeros, else the normal approximation with continuity correction: SciPy's
   * {@code wilcoxon(zero_method='pratt', correction=True)} where no difference is zero. With a zero difference
   * among few pairs SciPy 1.17 may give another p-value (n = 6, one zero, the other five of one sign: 0.0452
   * here, 0.0625 there).
   */
  public static Result wilcoxon(double[] x, double[] y) {
    check(x, y);
    if (allEqual(x, y)) {
      return new Result(Double.NaN, 1.0);
    }
    WilcoxonSignedRankTest.Result r = WilcoxonSignedRankTest.withDefaults().test(x, y);
    return new Result(r.getStatistic(), r.getPValue());
  }

  private static void check(double[] x, double[] y) {
    if (x.length != y.length || x.length < 2) {
      throw new IllegalArgumentException("a paired test needs two samples of one size >= 2: " + x.length + " and " + y.length);
    }
  }

  private static boolean allEqual(double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      if (Double.compare(x[i], y[i]) != 0) {
        return false;
      }
    }
    return true;
  }
}
