package org.altml.core.metric;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Immutable values of every {@link Measure} over a set of evaluated examples, with the counts behind
 * them: examples, examples left out of the ranking loss (Y = ∅ or Ȳ = ∅) and of one-error, coverage and
 * average precision (Y = ∅), and per-label tp/fp/fn. Values are fractions in [0, 1] except coverage
 * (in [0, L−1]); NaN means no example counted (or the ranking pass was switched off). Two reports are
 * {@link #equals equal} when every value (bit for bit) and every count is.
 */
public final class MetricReport {
  private final double[] values;
  private final long examples;
  private final long rankingLossLeftOut;
  private final long emptyTruthLeftOut;
  private final long[] tp;
  private final long[] fp;
  private final long[] fn;
  private final ZeroDivisionPolicy policy;
  private final Map<String, Double> map;

  MetricReport(
      double[] values,
      long examples,
      long rankingLossLeftOut,
      long emptyTruthLeftOut,
      long[] tp,
      long[] fp,
      long[] fn,
      ZeroDivisionPolicy policy) {
    this.values = values;
    this.examples = examples;
    this.rankingLossLeftOut = rankingLossLeftOut;
    this.emptyTruthLeftOut = emptyTruthLeftOut;
    this.tp = tp;
    this.fp = fp;
    this.fn = fn;
    this.policy = policy;
    LinkedHashMap<String, Double> m = new LinkedHashMap<>();
    for (Measure measure : Measure.values()) {
      m.put(measure.metricName(), values[measure.ordinal()]);
    }
    this.map = Collections.unmodifiableMap(m);
  }

  /** The value of {@code measure}. */
  public double get(Measure measure) {
    return values[measure.ordinal()];
  }

  /**
   * The value of the metric named {@code name} (e.g. {@code "microF1"}).
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public double get(String name) {
    return get(Measure.byName(name));
  }

  /** Every value by metric name, in {@link Measure} order (the paper's seven first); unmodifiable. */
  public Map<String, Double> values() {
    return map;
  }

  /** Only the paper's seven metrics, in the paper's order; unmodifiable. */
  public Map<String, Double> paperValues() {
    LinkedHashMap<String, Double> m = new LinkedHashMap<>();
    for (Measure measure : Measure.values()) {
      if (measure.paperMetric()) {
        m.put(measure.metricName(), values[measure.ordinal()]);
      }
    }
    return Collections.unmodifiableMap(m);
  }

  /** Number of examples evaluated, N. */
  public long examples() {
    return examples;
  }

  /** Number of examples left out of the ranking loss because Y = ∅ or Ȳ = ∅. */
  public long rankingLossLeftOut() {
    return rankingLossLeftOut;
  }

  /** Number of examples left out of one-error, coverage and average precision because Y = ∅. */
  public long emptyTruthLeftOut() {
    return emptyTruthLeftOut;
  }

  /** Number of labels L. */
  public int numLabels() {
    return tp.length;
  }

  /** The zero-division policy the values were computed with. */
  public ZeroDivisionPolicy policy() {
    return policy;
  }

  /** True positives of {@code label}: examples with the label both relevant and predicted. */
  public long truePositives(int label) {
    return tp[check(label)];
  }

  /** False positives of {@code label}: examples with the label predicted but not relevant. */
  public long falsePositives(int label) {
    return fp[check(label)];
  }

  /** False negatives of {@code label}: examples with the label relevant but not predicted. */
  public long falseNegatives(int label) {
    return fn[check(label)];
  }

  /** Per-label true positives, a new array of length L. */
  public long[] truePositives() {
    return tp.clone();
  }

  /** Per-label false positives, a new array of length L. */
  public long[] falsePositives() {
    return fp.clone();
  }

  /** Per-label false negatives, a new array of length L. */
  public long[] falseNegatives() {
    return fn.clone();
  }

  private int check(int label) {
    if (label < 0 || label >= tp.length) {
      throw new IndexOutOfBoundsException("label " + label + " outside [0, " + tp.length + ")");
    }
    return label;
  }

  /** Same values bit for bit (NaN equals NaN), counts, per-label counts and policy. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof MetricReport r)) {
      return false;
    }
    if (examples != r.examples
        || rankingLossLeftOut != r.rankingLossLeftOut
        || emptyTruthLeftOut != r.emptyTruthLeftOut
        || policy != r.policy) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      if (Double.doubleToLongBits(values[i]) != Double.doubleToLongBits(r.values[i])) {
        return false;
      }
    }
    return Arrays.equals(tp, r.tp) && Arrays.equals(fp, r.fp) && Arrays.equals(fn, r.fn);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(values) + Long.hashCode(examples) + 7 * Arrays.hashCode(tp);
  }

  /** Values and counts as {@code {precision=..., ...} over N examples (...)}. */
  @Override
  public String toString() {
    return map
        + " over "
        + examples
        + " examples (ranking loss left out "
        + rankingLossLeftOut
        + ", empty truth left out "
        + emptyTruthLeftOut
        + ", "
        + policy
        + ")";
  }
}
