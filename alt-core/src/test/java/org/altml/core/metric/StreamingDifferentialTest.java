package org.altml.core.metric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming suite against a straightforward batch computation written from the formulas (sets,
 * nested loops, plain double sums), merging against sequential accumulation, and the sliding window
 * against a fresh suite over the last W examples, on seeded random data with many ties.
 */
class StreamingDifferentialTest {
  record Example(LabelSet truth, Scores scores) {}

  static List<Example> data(long seed, int n, int numLabels) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Example> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new Example(MetricTestSupport.randomTruth(r, numLabels), MetricTestSupport.randomScores(r, numLabels)));
    }
    return out;
  }

  static Set<Integer> truthSet(LabelSet y) {
    Set<Integer> s = new HashSet<>();
    for (int k = 0; k < y.size(); k++) {
      s.add(y.label(k));
    }
    return s;
  }

  /** The batch reference: each metric computed on its own from the definitions, SPEC policy. */
  static double[] batch(List<Example> data, int L) {
    double p = 0, r = 0, jac = 0, subset = 0, empty = 0, ham = 0, rl = 0, oe = 0, cov = 0, ap = 0;
    int rlCount = 0, rankedCount = 0;
    long[] tp = new long[L], fp = new long[L], fn = new long[L];
    for (Example e : data) {
      Set<Integer> y = truthSet(e.truth());
      Set<Integer> pred = new HashSet<>();
      for (int l = 0; l < L; l++) {
        if (e.scores().isPredicted(l)) {
          pred.add(l);
        }
      }
      Set<Integer> inter = new HashSet<>(y);
      inter.retainAll(pred);
      Set<Integer> union = new HashSet<>(y);
      union.addAll(pred);
      p += pred.isEmpty() ? (y.isEmpty() ? 1 : 0) : (double) inter.size() / pred.size();
      r += y.isEmpty() ? (pred.isEmpty() ? 1 : 0) : (double) inter.size() / y.size();
      jac += union.isEmpty() ? 1 : (double) inter.size() / union.size();
      subset += y.equals(pred) ? 1 : 0;
      empty += pred.isEmpty() ? 1 : 0;
      ham += union.size() - inter.size();
      for (int l = 0; l < L; l++) {
        if (y.contains(l) && pred.contains(l)) {
          tp[l]++;
        } else if (pred.contains(l)) {
          fp[l]++;
        } else if (y.contains(l)) {
          fn[l]++;
        }
      }
      if (!y.isEmpty() && y.size() < L) {
        int errors = 0;
        for (int j : y) {
          for (int k = 0; k < L; k++) {
            if (!y.contains(k) && e.scores().label(j) <= e.scores().label(k)) {
              errors++;
            }
          }
        }
        rl += (double) errors / (y.size() * (L - y.size()));
        rlCount++;
      }
      if (!y.isEmpty()) {
        rankedCount++;
        float top = Float.NEGATIVE_INFINITY;
        for (int k = 0; k < L; k++) {
          top = Math.max(top, e.scores().label(k));
        }
        boolean error = false;
        for (int k = 0; k < L; k++) {
          error |= e.scores().label(k) == top && !y.contains(k);
        }
        oe += error ? 1 : 0;
        int maxRank = 0;
        double prec = 0;
        for (int j : y) {
          int rank = 0, relevantAbove = 0;
          for (int k = 0; k < L; k++) {
            if (e.scores().label(k) >= e.scores().label(j)) {
              rank++;
              relevantAbove += y.contains(k) ? 1 : 0;
            }
          }
          maxRank = Math.max(maxRank, rank);
          prec += (double) relevantAbove / rank;
        }
        cov += maxRank - 1;
        ap += prec / y.size();
      }
    }
    int n = data.size();
    double macro = 0;
    long num = 0, den = 0;
    for (int l = 0; l < L; l++) {
      long d = 2 * tp[l] + fp[l] + fn[l];
      macro += d == 0 ? 1 : 2.0 * tp[l] / d;
      num += 2 * tp[l];
      den += d;
    }
    double prec = p / n, rec = r / n;
    return new double[] {
      prec, rec, prec + rec == 0 ? 0 : 2 * prec * rec / (prec + rec), macro / L, den == 0 ? 1 : (double) num / den,
      ham / ((double) n * L), rlCount == 0 ? Double.NaN : rl / rlCount, subset / n, jac / n,
      rankedCount == 0 ? Double.NaN : oe / rankedCount, rankedCount == 0 ? Double.NaN : cov / rankedCount,
      rankedCount == 0 ? Double.NaN : ap / rankedCount, empty / n
    };
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2024})
  void streamingMatchesBatch(long seed) {
    for (int L : new int[] {1, 2, 7, 70}) {
      List<Example> data = data(seed * 31 + L, 300, L);
      EvaluationSuite suite = new EvaluationSuite(L);
      for (Example e : data) {
        suite.accept(e.truth(), e.scores());
      }
      double[] expected = batch(data, L);
      MetricReport report = suite.report();
      for (Measure m : Measure.values()) {
        assertEquals(expected[m.ordinal()], report.get(m), 1e-12, "seed " + seed + " L " + L + " " + m.metricName());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {5, 6, 7})
  void mergeInAnyOrderEqualsSequential(long seed) {
    int L = 13;
    List<Example> data = data(seed, 1000, L);
    EvaluationSuite sequential = new EvaluationSuite(L);
    for (Example e : data) {
      sequential.accept(e.truth(), e.scores());
    }
    SplittableRandom r = new SplittableRandom(seed);
    List<EvaluationSuite> parts = new ArrayList<>();
    int start = 0;
    while (start < data.size()) {
      int end = Math.min(data.size(), start + 1 + r.nextInt(200));
      EvaluationSuite part = new EvaluationSuite(L);
      for (Example e : data.subList(start, end)) {
        part.accept(e.truth(), e.scores());
      }
      parts.add(part);
      start = end;
    }
    // merge in reverse order: exact sums make the order irrelevant
    EvaluationSuite merged = new EvaluationSuite(L);
    for (int k = parts.size() - 1; k >= 0; k--) {
      merged.merge(parts.get(k));
    }
    assertEquals(sequential.report(), merged.report(), "seed " + seed);
    assertEquals(sequential.count(), merged.count(), "seed " + seed);
    MultiLabelMetric a = Measure.MICRO_F1.create(L, ZeroDivisionPolicy.SPEC);
    MultiLabelMetric b = Measure.MICRO_F1.create(L, ZeroDivisionPolicy.SPEC);
    for (int i = 0; i < data.size(); i++) {
      (i % 2 == 0 ? a : b).accept(data.get(i).truth(), data.get(i).scores());
    }
    a.merge(b);
    assertEquals(sequential.value(Measure.MICRO_F1), a.value(), "seed " + seed);
    assertEquals(data.size(), a.count());
  }

  @ParameterizedTest
  @ValueSource(longs = {8, 9, 10})
  void slidingWindowEqualsFreshSuiteOverLastW(long seed) {
    for (int L : new int[] {3, 64, 65, 130}) {
      int width = 1 + new SplittableRandom(seed + L).nextInt(40);
      List<Example> data = data(seed * 7 + L, 150, L);
      SlidingWindowSuite window = new SlidingWindowSuite(L, width, ZeroDivisionPolicy.SPEC, true);
      for (int i = 0; i < data.size(); i++) {
        window.accept(data.get(i).truth(), data.get(i).scores());
        if (i % 7 == 0 || i == data.size() - 1) {
          EvaluationSuite fresh = new EvaluationSuite(L);
          for (int k = Math.max(0, i + 1 - width); k <= i; k++) {
            fresh.accept(data.get(k).truth(), data.get(k).scores());
          }
          MetricReport expected = fresh.report();
          MetricReport actual = window.report();
          String where = "seed " + seed + " L " + L + " width " + width + " after " + (i + 1);
          assertEquals(expected, actual, where);
          assertArrayEquals(expected.truePositives(), actual.truePositives(), where);
          assertEquals(Math.min(i + 1, width), window.size(), where);
        }
      }
    }
  }

  /** A window wider than its first slots grows as examples arrive (1,024 -> 2,048 -> 2,500 here), then wraps. */
  @Test
  void aGrowingWindowEqualsFreshSuiteOverLastW() {
    int L = 65;
    int width = 2_500;
    List<Example> data = data(11, 6_000, L);
    SlidingWindowSuite window = new SlidingWindowSuite(L, width, ZeroDivisionPolicy.SPEC, true);
    for (int i = 0; i < data.size(); i++) {
      window.accept(data.get(i).truth(), data.get(i).scores());
      if (i == 1_023 || i == 1_024 || i == 2_048 || i == 2_499 || i == 2_500 || i % 997 == 0 || i == data.size() - 1) {
        EvaluationSuite fresh = new EvaluationSuite(L);
        for (int k = Math.max(0, i + 1 - width); k <= i; k++) {
          fresh.accept(data.get(k).truth(), data.get(k).scores());
        }
        String where = "after " + (i + 1);
        assertEquals(fresh.report(), window.report(), where);
        assertArrayEquals(fresh.report().falseNegatives(), window.report().falseNegatives(), where);
        assertEquals(Math.min(i + 1, width), window.size(), where);
      }
    }
  }
}
