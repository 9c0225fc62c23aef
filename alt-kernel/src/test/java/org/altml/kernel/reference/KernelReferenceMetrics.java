package org.altml.kernel.reference;

import org.altml.sparse.LabelSet;

/**
 * The paper's seven metrics (section 6.2) as docs/spec.md#metrics pins them, a batch accumulator in
 * double written from docs/spec.md for the kernel acceptance test, independent of alt-core's metric classes.
 *
 * <p>Not alt-core's test {@code ReferenceMetrics}: sharing it would need alt-core's test classes on this
 * module's test class path, and with them alt-core's test {@code META-INF/services} entry, which registers
 * the test learner {@code mean-score} in every {@code LearnerRegistry} of alt-kernel's tests.
 *
 * <p>Zero division (the default policy of docs/spec.md#zero-division): a ratio 0/0 is 1 when both sets it compares are empty, else 0.
 * Examples with Y = ∅ or Ȳ = ∅ are left out of the ranking loss (counted by {@link #rankingLeftOut()}).
 */
public final class KernelReferenceMetrics {
  /** Metric names (as {@code org.altml.core.metric.Measure} names them), in {@link #values()} order. */
  public static final String[] NAMES = {"precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"};

  private final int numLabels;
  private final long[] tp;
  private final long[] fp;
  private final long[] fn;
  private double precisionSum;
  private double recallSum;
  private long wrongLabels;
  private double rankingSum;
  private long rankingCount;
  private long n;

  /** An empty accumulator for L labels. */
  public KernelReferenceMetrics(int numLabels) {
    this.numLabels = numLabels;
    this.tp = new long[numLabels];
    this.fp = new long[numLabels];
    this.fn = new long[numLabels];
  }

  /**
   * Adds one example: its truth Y and {@code scores}, the L label scores then the threshold score s_{L+1};
   * Ŷ = { i : s_i &gt; s_{L+1} }.
   */
  public void accept(LabelSet truth, double[] scores) {
    int L = numLabels;
    boolean[] inY = new boolean[L];
    for (int k = 0; k < truth.size(); k++) {
      inY[truth.label(k)] = true;
    }
    int sizeY = truth.size();
    int sizePredicted = 0;
    int both = 0;
    for (int i = 0; i < L; i++) {
      boolean predicted = scores[i] > scores[L];
      if (predicted) {
        sizePredicted++;
      }
      if (predicted && inY[i]) {
        both++;
        tp[i]++;
      } else if (predicted) {
        fp[i]++;
        wrongLabels++;
      } else if (inY[i]) {
        fn[i]++;
        wrongLabels++;
      }
    }
    precisionSum += ratio(both, sizePredicted, sizeY == 0 && sizePredicted == 0);
    recallSum += ratio(both, sizeY, sizeY == 0 && sizePredicted == 0);
    if (sizeY > 0 && sizeY < L) {
      long misordered = 0; // pairs (j, k) ∈ Y × Ȳ with s_j ≤ s_k: ties count as errors
      for (int j = 0; j < L; j++) {
        for (int k = 0; k < L; k++) {
          if (inY[j] && !inY[k] && scores[j] <= scores[k]) {
            misordered++;
          }
        }
      }
      rankingSum += (double) misordered / ((double) sizeY * (L - sizeY));
      rankingCount++;
    }
    n++;
  }

  /** a/b, or for b = 0: 1 when both compared sets are empty, else 0. */
  private static double ratio(double a, double b, boolean bothEmpty) {
    return b == 0 ? (bothEmpty ? 1 : 0) : a / b;
  }

  /** Examples left out of the ranking loss (Y = ∅ or Ȳ = ∅). */
  public long rankingLeftOut() {
    return n - rankingCount;
  }

  /**
   * {precision, recall, f1, macroF1, microF1, hammingLoss, rankingLoss}; F1 is the harmonic mean of the
   * averaged precision and recall (0 when both are 0); ranking loss is NaN when every example was left out.
   */
  public double[] values() {
    double psn = precisionSum / n;
    double rcal = recallSum / n;
    double f1 = psn + rcal == 0 ? 0 : 2 * psn * rcal / (psn + rcal);
    double macro = 0;
    long microNumerator = 0;
    long microDenominator = 0;
    for (int j = 0; j < numLabels; j++) {
      long den = 2 * tp[j] + fp[j] + fn[j];
      macro += ratio(2.0 * tp[j], den, den == 0); // den = 0: label j never present, never predicted
      microNumerator += 2 * tp[j];
      microDenominator += den;
    }
    macro /= numLabels;
    double micro = ratio(microNumerator, microDenominator, microDenominator == 0);
    double hamming = wrongLabels / ((double) n * numLabels);
    double ranking = rankingCount == 0 ? Double.NaN : rankingSum / rankingCount;
    return new double[] {psn, rcal, f1, macro, micro, hamming, ranking};
  }
}
