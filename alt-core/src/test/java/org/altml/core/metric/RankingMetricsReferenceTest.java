package org.altml.core.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The four ranking metrics of a suite against their definitions computed by brute force, one example at a time,
 * on tie-heavy random scores (every L from 1 to 40 and the RCV1 101, with 17 lanes straddling SIMD blocks).
 */
class RankingMetricsReferenceTest {
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 5, 8, 15, 16, 17, 31, 33, 40, 101})
  void rankingMetricsMatchTheirDefinitions(int numLabels) {
    SplittableRandom r = new SplittableRandom(77L + numLabels);
    for (int example = 0; example < 400; example++) {
      LabelSet y = MetricTestSupport.randomTruth(r, numLabels);
      Scores s = MetricTestSupport.randomScores(r, numLabels);
      EvaluationSuite suite = new EvaluationSuite(numLabels);
      suite.accept(y, s);
      MetricReport report = suite.report();
      float[] v = s.array();
      boolean[] in = new boolean[numLabels];
      for (int k = 0; k < y.size(); k++) {
        in[y.label(k)] = true;
      }
      int relevant = y.size();
      int irrelevant = numLabels - relevant;
      String where = "L=" + numLabels + " example " + example + " truth " + y + " scores " + s;
      // ranking loss: pairs (relevant i, irrelevant j) with s_j >= s_i, over |Y|·|Ȳ|
      if (relevant > 0 && irrelevant > 0) {
        int bad = 0;
        for (int i = 0; i < numLabels; i++) {
          for (int j = 0; j < numLabels; j++) {
            bad += in[i] && !in[j] && v[j] >= v[i] ? 1 : 0;
          }
        }
        assertEquals((double) bad / ((double) relevant * irrelevant), report.get(Measure.RANKING_LOSS), 1e-15, where);
      }
      if (relevant > 0) {
        // rank(l) = #{l' : s_l' >= s_l}; coverage = max rank of a relevant label - 1
        double top = Double.NEGATIVE_INFINITY;
        for (int l = 0; l < numLabels; l++) {
          top = Math.max(top, v[l]);
        }
        boolean topIrrelevant = false;
        int maxRank = 0;
        double precisionSum = 0;
        for (int l = 0; l < numLabels; l++) {
          topIrrelevant |= v[l] == top && !in[l];
          if (!in[l]) {
            continue;
          }
          int rank = 0;
          int relevantAbove = 0;
          for (int q = 0; q < numLabels; q++) {
            rank += v[q] >= v[l] ? 1 : 0;
            relevantAbove += v[q] >= v[l] && in[q] ? 1 : 0;
          }
          maxRank = Math.max(maxRank, rank);
          precisionSum += (double) relevantAbove / rank;
        }
        assertEquals(topIrrelevant ? 1.0 : 0.0, report.get(Measure.ONE_ERROR), where);
        assertEquals(maxRank - 1, report.get(Measure.COVERAGE), where);
        assertEquals(precisionSum / relevant, report.get(Measure.AVERAGE_PRECISION), 1e-15, where);
      }
    }
  }
}
