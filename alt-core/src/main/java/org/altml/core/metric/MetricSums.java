package org.altml.core.metric;

import java.util.Arrays;
import org.altml.sparse.MemoryCheck;

/**
 * The sufficient statistics of every metric: exact sums of per-example contributions, counts, and
 * per-label tp/fp/fn. Adding and removing examples (with sign −1, for sliding windows) is exact. The labels may grow
 * ({@link #grow}, docs/spec.md#open-metrics): the new labels' counts start at zero, macro averages divide by the L of
 * the report, and the Hamming loss divides each example by the L it was evaluated at ({@link HammingSums}).
 */
final class MetricSums {
  int numLabels;
  final ZeroDivisionPolicy policy;
  long examples;
  final ExactSum precision = new ExactSum();
  final ExactSum recall = new ExactSum();
  final ExactSum jaccard = new ExactSum();
  long exactMatches;
  long emptyPredictions;
  /** Σ |Ŷ Δ Y| per L of the examples. */
  final HammingSums hamming = new HammingSums();
  long rankingExamples;
  long rankingLeftOut;
  final ExactSum rankingLoss = new ExactSum();
  long truthNonEmpty;
  long truthEmpty;
  final ExactSum oneError = new ExactSum();
  final ExactSum coverage = new ExactSum();
  final ExactSum averagePrecision = new ExactSum();
  /** Per-label counts: the first {@link #numLabels} entries (capacity doubles as labels grow). */
  long[] tp;
  long[] fp;
  long[] fn;

  MetricSums(int numLabels, ZeroDivisionPolicy policy) {
    this.numLabels = numLabels;
    this.policy = policy;
    MemoryCheck.require(24L * numLabels, "the per-label counts of " + numLabels + " labels", "check the number of labels");
    this.tp = new long[numLabels];
    this.fp = new long[numLabels];
    this.fn = new long[numLabels];
  }

  /** Grows L to {@code numLabels} (at least L): the new labels' counts are zero; capacity doubles. */
  void grow(int numLabels) {
    if (numLabels > tp.length) {
      int capacity = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(numLabels, 2L * tp.length));
      MemoryCheck.require(24L * capacity, "the per-label counts of " + numLabels + " labels", "check the number of labels");
      tp = Arrays.copyOf(tp, capacity);
      fp = Arrays.copyOf(fp, capacity);
      fn = Arrays.copyOf(fn, capacity);
    }
    this.numLabels = numLabels;
  }

  /**
   * Adds (sign = 1) or removes (sign = −1) one example's contributions, not its per-label counts.
   * NaN ranking contributions mean "left out".
   */
  void addExample(
      int sign,
      double p,
      double r,
      double j,
      boolean exact,
      boolean emptyPrediction,
      int symDiff,
      int labels,
      double rl,
      double oe,
      double cov,
      double ap) {
    examples += sign;
    precision.add(sign * p);
    recall.add(sign * r);
    jaccard.add(sign * j);
    if (exact) {
      exactMatches += sign;
    }
    if (emptyPrediction) {
      emptyPredictions += sign;
    }
    hamming.add(sign, labels, symDiff);
    if (Double.isNaN(rl)) {
      rankingLeftOut += sign;
    } else {
      rankingExamples += sign;
      rankingLoss.add(sign * rl);
    }
    if (Double.isNaN(oe)) {
      truthEmpty += sign;
    } else {
      truthNonEmpty += sign;
      oneError.add(sign * oe);
      coverage.add(sign * cov);
      averagePrecision.add(sign * ap);
    }
  }

  /** Adds the last example of {@code e}, including per-label counts. */
  void add(ExampleEvaluator e) {
    addExample(
        1,
        e.precision,
        e.recall,
        e.jaccard,
        e.exactMatch,
        e.predictedSize == 0,
        e.symmetricDifference(),
        e.numLabels,
        e.rankingLoss,
        e.oneError,
        e.coverage,
        e.averagePrecision);
    // O(|Y| + |Ŷ|), not O(L): tp and fp over the predicted labels, fn over the true ones
    int[] bits = e.truthBits;
    int[] predicted = e.predictedLabels;
    for (int k = 0; k < e.predictedSize; k++) {
      int l = predicted[k];
      tp[l] += bits[l];
      fp[l] += bits[l] ^ 1;
    }
    float[] s = e.scores;
    float t = s[numLabels];
    int[] truth = e.truthLabels;
    for (int k = e.truthOffset, end = e.truthOffset + e.truthSize; k < end; k++) {
      int l = truth[k];
      if (!(s[l] > t)) {
        fn[l]++;
      }
    }
  }

  /**
   * Adds {@code o}'s examples; labels of both are indices in the order of first appearance, so sums over fewer labels
   * count zero for the others, and these grow to {@code o}'s L when it has more.
   */
  void merge(MetricSums o) {
    if (o.policy != policy) {
      throw new IllegalArgumentException(
          "cannot merge metrics over " + o.numLabels + " labels with " + o.policy + " into " + numLabels + " labels with " + policy);
    }
    if (o.numLabels > numLabels) {
      grow(o.numLabels);
    }
    examples += o.examples;
    precision.add(o.precision);
    recall.add(o.recall);
    jaccard.add(o.jaccard);
    exactMatches += o.exactMatches;
    emptyPredictions += o.emptyPredictions;
    hamming.merge(o.hamming);
    rankingExamples += o.rankingExamples;
    rankingLeftOut += o.rankingLeftOut;
    rankingLoss.add(o.rankingLoss);
    truthNonEmpty += o.truthNonEmpty;
    truthEmpty += o.truthEmpty;
    oneError.add(o.oneError);
    coverage.add(o.coverage);
    averagePrecision.add(o.averagePrecision);
    for (int l = 0; l < o.numLabels; l++) {
      tp[l] += o.tp[l];
      fp[l] += o.fp[l];
      fn[l] += o.fn[l];
    }
  }

  void clear() {
    examples = 0;
    precision.clear();
    recall.clear();
    jaccard.clear();
    exactMatches = 0;
    emptyPredictions = 0;
    hamming.clear();
    rankingExamples = 0;
    rankingLeftOut = 0;
    rankingLoss.clear();
    truthNonEmpty = 0;
    truthEmpty = 0;
    oneError.clear();
    coverage.clear();
    averagePrecision.clear();
    Arrays.fill(tp, 0);
    Arrays.fill(fp, 0);
    Arrays.fill(fn, 0);
  }

  /** The value of one metric (NaN when no example counts towards it). */
  double value(Measure m) {
    double n = examples;
    return switch (m) {
      case PRECISION -> mean(precision, examples);
      case RECALL -> mean(recall, examples);
      case F1 -> {
        if (examples == 0) {
          yield Double.NaN;
        }
        double p = precision.value() / n;
        double r = recall.value() / n;
        yield p + r == 0.0 ? 0.0 : 2.0 * p * r / (p + r);
      }
      case MACRO_F1 -> {
        if (examples == 0) {
          yield Double.NaN;
        }
        ExactSum sum = new ExactSum();
        for (int l = 0; l < numLabels; l++) {
          long den = 2 * tp[l] + fp[l] + fn[l];
          sum.add(den == 0 ? policy.zeroOverZero(true) : 2.0 * tp[l] / den);
        }
        yield sum.value() / numLabels;
      }
      case MICRO_F1 -> {
        if (examples == 0) {
          yield Double.NaN;
        }
        long num = 0;
        long den = 0;
        for (int l = 0; l < numLabels; l++) {
          num += 2 * tp[l];
          den += 2 * tp[l] + fp[l] + fn[l];
        }
        yield den == 0 ? policy.zeroOverZero(true) : (double) num / den;
      }
      case HAMMING_LOSS -> hamming.value(examples);
      case RANKING_LOSS -> mean(rankingLoss, rankingExamples);
      case SUBSET_ACCURACY -> examples == 0 ? Double.NaN : exactMatches / n;
      case JACCARD -> mean(jaccard, examples);
      case ONE_ERROR -> mean(oneError, truthNonEmpty);
      case COVERAGE -> mean(coverage, truthNonEmpty);
      case AVERAGE_PRECISION -> mean(averagePrecision, truthNonEmpty);
      case EMPTY_PREDICTION_RATE -> examples == 0 ? Double.NaN : emptyPredictions / n;
    };
  }

  private static double mean(ExactSum sum, long count) {
    return count == 0 ? Double.NaN : sum.value() / count;
  }

  MetricReport report(boolean ranking) {
    double[] values = new double[Measure.values().length];
    for (Measure m : Measure.values()) {
      values[m.ordinal()] = !ranking && m.needsRanking() ? Double.NaN : value(m);
    }
    return new MetricReport(values, examples, rankingLeftOut, truthEmpty, Arrays.copyOf(tp, numLabels), Arrays.copyOf(fp, numLabels),
        Arrays.copyOf(fn, numLabels), policy);
  }

  /**
   * Whether {@link #write} with {@code withHamming} false keeps everything: every example was evaluated at the current L
   * (a fixed-L run's state, in the form it always had).
   */
  boolean fixedLabels() {
    return numLabels > 0 && hamming.allAt(numLabels);
  }

  /**
   * Writes every sum and count (not L or the policy, which the caller writes), and with {@code withHamming} the
   * Hamming loss's sums per L (else their total, all at the current L: {@link #fixedLabels}).
   */
  void write(java.io.DataOutput out, boolean withHamming) throws java.io.IOException {
    long[] counts = {examples, exactMatches, emptyPredictions, hamming.totalDifference(), rankingExamples, rankingLeftOut,
        truthNonEmpty, truthEmpty};
    for (long c : counts) {
      out.writeLong(c);
    }
    for (ExactSum sum : sums()) {
      sum.write(out);
    }
    for (int l = 0; l < numLabels; l++) {
      out.writeLong(tp[l]);
      out.writeLong(fp[l]);
      out.writeLong(fn[l]);
    }
    if (withHamming) {
      hamming.write(out);
    }
  }

  /** Reads what {@link #write} wrote into these (empty) sums of the same L. */
  void read(java.io.DataInput in, boolean withHamming) throws java.io.IOException {
    examples = in.readLong();
    exactMatches = in.readLong();
    emptyPredictions = in.readLong();
    long symmetricDifference = in.readLong();
    rankingExamples = in.readLong();
    rankingLeftOut = in.readLong();
    truthNonEmpty = in.readLong();
    truthEmpty = in.readLong();
    for (ExactSum sum : sums()) {
      sum.read(in);
    }
    for (int l = 0; l < numLabels; l++) {
      tp[l] = in.readLong();
      fp[l] = in.readLong();
      fn[l] = in.readLong();
    }
    if (withHamming) {
      hamming.read(in);
      if (hamming.totalDifference() != symmetricDifference) {
        throw new java.io.IOException("not an evaluation suite state: Hamming sums disagree");
      }
    } else if (examples > 0) {
      hamming.addGroup(numLabels, symmetricDifference, examples); // the fixed-L form: every example at this L
    }
  }

  private ExactSum[] sums() {
    return new ExactSum[] {precision, recall, jaccard, rankingLoss, oneError, coverage, averagePrecision};
  }
}
