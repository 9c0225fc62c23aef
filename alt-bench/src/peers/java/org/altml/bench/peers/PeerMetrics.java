package org.altml.bench.peers;

import org.altml.sparse.LabelSet;
import org.altml.sparse.data.Dataset;

/**
 * The paper's seven metrics as SPEC.md defines them, computed identically for every system from its
 * predicted label sets and (when it has any) its label scores. Temporary: once
 * {@code org.altml.core.metric} lands, {@link #of} should delegate to its evaluation suite.
 *
 * <p>Zero division (SPEC.md): a ratio 0/0 is 1 when both sets it compares are empty, 0 otherwise.
 * Ranking loss counts ties as errors and leaves out examples with Y = ∅ or Ȳ = ∅; it is NaN when the
 * system exposes no scores.
 *
 * @param precision example-based precision, mean of |Y∩Ŷ|/|Ŷ|
 * @param recall example-based recall, mean of |Y∩Ŷ|/|Y|
 * @param f1 harmonic mean of {@code precision} and {@code recall}
 * @param macroF1 mean over labels of 2tp/(2tp+fp+fn)
 * @param microF1 2Σtp / Σ(2tp+fp+fn)
 * @param hamming Σ|ŶΔY| / (N·L)
 * @param rankingLoss mean fraction of mis-ordered (relevant, irrelevant) pairs, NaN without scores
 */
public record PeerMetrics(
    double precision, double recall, double f1, double macroF1, double microF1, double hamming, double rankingLoss) {

  /**
   * Metrics of {@code predicted[i][l]} (and {@code scores[i][l]}, or {@code scores == null}) against the
   * labels of {@code truth}, over its first {@code predicted.length} examples.
   */
  public static PeerMetrics of(Dataset truth, boolean[][] predicted, float[][] scores) {
    int n = predicted.length;
    int numLabels = truth.numLabels();
    long[] tp = new long[numLabels];
    long[] fp = new long[numLabels];
    long[] fn = new long[numLabels];
    double sumP = 0;
    double sumR = 0;
    long sym = 0;
    double sumRank = 0;
    long rankCount = 0;
    LabelSet y = new LabelSet();
    for (int i = 0; i < n; i++) {
      boolean[] t = PeerData.labelMask(truth, i, y);
      boolean[] p = predicted[i];
      int inter = 0;
      int np = 0;
      int nt = 0;
      for (int l = 0; l < numLabels; l++) {
        if (p[l]) {
          np++;
        }
        if (t[l]) {
          nt++;
        }
        if (p[l] && t[l]) {
          inter++;
          tp[l]++;
        } else if (p[l]) {
          fp[l]++;
          sym++;
        } else if (t[l]) {
          fn[l]++;
          sym++;
        }
      }
      sumP += ratio(inter, np, nt == 0);
      sumR += ratio(inter, nt, np == 0);
      if (scores != null && nt > 0 && nt < numLabels) {
        float[] s = scores[i];
        long bad = 0;
        for (int j = 0; j < numLabels; j++) {
          if (!t[j]) {
            continue;
          }
          for (int k = 0; k < numLabels; k++) {
            if (!t[k] && !(s[j] > s[k])) {
              bad++;
            }
          }
        }
        sumRank += (double) bad / ((double) nt * (numLabels - nt));
        rankCount++;
      }
    }
    double precision = n == 0 ? Double.NaN : sumP / n;
    double recall = n == 0 ? Double.NaN : sumR / n;
    double f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    double macro = 0;
    long tpAll = 0;
    long denomAll = 0;
    for (int l = 0; l < numLabels; l++) {
      long denom = 2 * tp[l] + fp[l] + fn[l];
      macro += denom == 0 ? 1.0 : 2.0 * tp[l] / denom;
      tpAll += tp[l];
      denomAll += denom;
    }
    double micro = denomAll == 0 ? 1.0 : 2.0 * tpAll / denomAll;
    double hamming = (double) sym / ((double) n * numLabels);
    double rank = scores == null || rankCount == 0 ? Double.NaN : sumRank / rankCount;
    return new PeerMetrics(precision, recall, f1, macro / numLabels, micro, hamming, rank);
  }

  /** a/b with the zero-division policy: 0/0 is 1 when the other set is empty too, else 0. */
  private static double ratio(int a, int b, boolean otherEmpty) {
    if (b == 0) {
      return otherEmpty ? 1.0 : 0.0;
    }
    return (double) a / b;
  }
}
