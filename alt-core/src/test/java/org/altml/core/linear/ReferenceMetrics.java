package org.altml.core.linear;

import org.altml.sparse.LabelSet;

/**
 * Test-scope batch accumulator of the paper's seven metrics exactly as docs/spec.md#metrics defines them (including
 * the zero-division policy), in double, independent of the metric classes under test.
 */
public final class ReferenceMetrics {
  private final int numLabels;
  private final long[] tp;
  private final long[] fp;
  private final long[] fn;
  private double precisionSum;
  private double recallSum;
  private long symmetricDifference;
  private double rankingSum;
  private long rankingCount;
  private long n;

  /** An empty accumulator for L labels. */
  public ReferenceMetrics(int numLabels) {
    this.numLabels = numLabels;
    this.tp = new long[numLabels];
    this.fp = new long[numLabels];
    this.fn = new long[numLabels];
  }

  /** Adds one example: its truth and the L label scores followed by the threshold score. */
  public void accept(LabelSet truth, double[] scores) {
    int L = numLabels;
    boolean[] relevant = new boolean[L];
    for (int k = 0; k < truth.size(); k++) {
      relevant[truth.label(k)] = true;
    }
    int inter = 0;
    int predicted = 0;
    for (int i = 0; i < L; i++) {
      boolean p = scores[i] > scores[L];
      predicted += p ? 1 : 0;
      if (p && relevant[i]) {
        inter++;
        tp[i]++;
      } else if (p) {
        fp[i]++;
        symmetricDifference++;
      } else if (relevant[i]) {
        fn[i]++;
        symmetricDifference++;
      }
    }
    int ny = truth.size();
    precisionSum += predicted == 0 ? (ny == 0 ? 1 : 0) : (double) inter / predicted;
    recallSum += ny == 0 ? (predicted == 0 ? 1 : 0) : (double) inter / ny;
    if (ny > 0 && ny < L) {
      long bad = 0;
      for (int j = 0; j < L; j++) {
        for (int k = 0; k < L; k++) {
          if (relevant[j] && !relevant[k] && scores[j] <= scores[k]) {
            bad++;
          }
        }
      }
      rankingSum += (double) bad / ((long) ny * (L - ny));
      rankingCount++;
    }
    n++;
  }

  /** {precision, recall, f1, macroF1, microF1, hammingLoss, rankingLoss}. */
  public double[] values() {
    double p = precisionSum / n;
    double r = recallSum / n;
    double f1 = p + r == 0 ? 0 : 2 * p * r / (p + r);
    double macro = 0;
    long stp = 0;
    long sden = 0;
    for (int j = 0; j < numLabels; j++) {
      long den = 2 * tp[j] + fp[j] + fn[j];
      macro += den == 0 ? 1 : 2.0 * tp[j] / den;
      stp += tp[j];
      sden += den;
    }
    macro /= numLabels;
    double micro = sden == 0 ? 1 : 2.0 * stp / sden;
    double hamming = (double) symmetricDifference / ((double) n * numLabels);
    double ranking = rankingSum / rankingCount; // NaN when every example was left out
    return new double[] {p, r, f1, macro, micro, hamming, ranking};
  }

  /** Metric names in {@link #values()} order. */
  public static final String[] NAMES = {"precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"};
}
