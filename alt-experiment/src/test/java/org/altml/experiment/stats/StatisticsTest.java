package org.altml.experiment.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The tests against textbook worked examples and against an independent implementation (SciPy 1.17.1,
 * {@code scipy.stats}; the Python lines that produced each expected value are quoted).
 */
class StatisticsTest {
  /** Student's sleep data (Cushny and Peebles 1905), the paired example of R's {@code t.test}: t = -4.0621, df = 9, p = 0.002833. */
  private static final double[] SLEEP_1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
  private static final double[] SLEEP_2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

  @Test
  void pairedTMatchesTheTextbookAndScipy() {
    PairedTests.Result r = PairedTests.pairedT(SLEEP_1, SLEEP_2);
    // R: t = -4.0621, p-value = 0.002833; scipy.stats.ttest_rel(a, b):
    assertEquals(-4.062127683382037, r.statistic(), 1e-12);
    assertEquals(0.002832890197384273, r.p(), 1e-12);
    assertTrue(r.significant(0.05));
  }

  @Test
  void pairedTOnSmallDifferencesMatchesScipy() {
    double[] x = {0.5, 0.61, 0.55, 0.7, 0.42, 0.66, 0.58, 0.49};
    double[] y = {0.45, 0.6, 0.5, 0.66, 0.44, 0.6, 0.5, 0.47};
    PairedTests.Result r = PairedTests.pairedT(x, y);
    // stats.ttest_rel(x, y) -> statistic 3.245197359699241, pvalue 0.014150944451390155
    assertEquals(3.245197359699241, r.statistic(), 1e-9);
    assertEquals(0.014150944451390155, r.p(), 1e-9);
  }

  @Test
  void identicalSamplesAreNotSignificant() {
    double[] x = {0.5, 0.6, 0.7};
    PairedTests.Result r = PairedTests.pairedT(x, x.clone());
    assertEquals(1.0, r.p());
    assertFalse(r.significant(0.05));
    assertEquals(1.0, PairedTests.wilcoxon(x, x.clone()).p());
  }

  @Test
  void wilcoxonMatchesScipy() {
    // the sleep data have one zero difference and ties: Commons Statistics ranks the zero with the others
    // and then drops it (Pratt), with the normal approximation and continuity correction:
    // stats.wilcoxon(a, b, zero_method='pratt', correction=True, method='approx') -> pvalue 0.006801553132897053
    PairedTests.Result r = PairedTests.wilcoxon(SLEEP_1, SLEEP_2);
    assertEquals(0.006801553132897053, r.p(), 1e-9, "p");
    // no tie, no zero, n = 8: the exact distribution; stats.wilcoxon(x, y, method='exact') -> 1.0, 0.015625
    double[] x = {0.51, 0.621, 0.553, 0.7, 0.42, 0.665, 0.58, 0.495};
    double[] y = {0.45, 0.6, 0.5, 0.66, 0.44, 0.6, 0.5, 0.47};
    PairedTests.Result exact = PairedTests.wilcoxon(x, y);
    assertEquals(0.015625, exact.p(), 1e-12);
  }

  /**
   * Demšar (2006), section 3.2.4, the worked example: four classifiers on 14 datasets with average ranks
   * 3.143, 2.000, 2.893, 1.964 give χ²_F = 9.28, F_F = 3.69, and CD = 1.25 at α = 0.05 (1.12 at 0.10).
   */
  @Test
  void friedmanMatchesDemsarsWorkedExample() {
    Friedman f = Friedman.fromRanks(new double[] {3.143, 2.000, 2.893, 1.964}, 14, 0.05);
    assertEquals(9.28, f.chiSquare(), 0.005);
    assertEquals(3.69, f.imanDavenport(), 0.005);
    assertEquals(1.25, f.criticalDifference(), 0.005);
    assertEquals(1.12, Friedman.fromRanks(new double[] {3.143, 2.000, 2.893, 1.964}, 14, 0.10).criticalDifference(), 0.005);
    // Demšar: "C4.5+m+cf is significantly better than C4.5 (3.143 - 1.964 = 1.179 > 1.12) at 0.10, not at 0.05"
    assertFalse(f.differ(0, 3));
    assertTrue(Friedman.fromRanks(new double[] {3.143, 2.000, 2.893, 1.964}, 14, 0.10).differ(0, 3));
  }

  /** A 14 × 4 score table (higher is better) shaped like Demšar's Table 6, against SciPy on the same numbers. */
  @Test
  void friedmanMatchesScipyOnAScoreTable() {
    double[][] d = {
      {0.763, 0.768, 0.771, 0.798}, {0.599, 0.591, 0.590, 0.569}, {0.954, 0.971, 0.968, 0.967},
      {0.628, 0.661, 0.654, 0.657}, {0.882, 0.888, 0.886, 0.898}, {0.936, 0.931, 0.916, 0.931},
      {0.661, 0.668, 0.609, 0.685}, {0.583, 0.583, 0.563, 0.625}, {0.775, 0.838, 0.866, 0.875},
      {1.0, 1.0, 1.0, 1.0}, {0.940, 0.962, 0.965, 0.962}, {0.619, 0.666, 0.614, 0.669},
      {0.972, 0.981, 0.975, 0.975}, {0.957, 0.978, 0.946, 0.970}};
    Friedman f = Friedman.test(d, true, 0.05);
    // np.array([stats.rankdata(-row) for row in D]).mean(0)
    assertArrayEquals(new double[] {3.14285714285714, 2.0, 2.92857142857143, 1.92857142857143}, f.averageRanks(), 1e-12);
    // Demšar's χ²_F (no tie correction) from those ranks; p from stats.chi2.sf(chi, 3), stats.f.sf(F, 3, 39)
    assertEquals(9.857142857142824, f.chiSquare(), 1e-9);
    assertEquals(0.019820334037905146, f.chiSquareP(), 1e-9);
    assertEquals(3.9866666666666495, f.imanDavenport(), 1e-9);
    assertEquals(0.01435244621602403, f.imanDavenportP(), 1e-9);
  }

  @Test
  void ranksAverageTies() {
    assertArrayEquals(new double[] {1, 2.5, 2.5, 4}, Friedman.ranks(new double[] {0.9, 0.5, 0.5, 0.1}, true));
    assertArrayEquals(new double[] {4, 2.5, 2.5, 1}, Friedman.ranks(new double[] {0.9, 0.5, 0.5, 0.1}, false));
  }

  @Test
  void summaryIsMeanAndSampleStd() {
    Summary s = Summary.of(new double[] {1, 2, 3, 4});
    assertEquals(2.5, s.mean());
    assertEquals(Math.sqrt(5.0 / 3.0), s.std(), 1e-15);
    assertEquals(0, Summary.of(new double[] {7}).std());
  }
}
