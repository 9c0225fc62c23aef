package org.altml.experiment;

import java.util.List;
import java.util.Locale;
import org.altml.core.metric.Measure;

/**
 * How tuning picks one setting from the cross-validated means of the paper's seven metrics.
 *
 * <p><b>The paper's rule</b> (docs/spec.md#selection) compares two settings: keep the one better on more of the
 * seven metrics (lower is better for Hamming and ranking loss; an equal value counts for neither). The
 * rule is not transitive, so over a whole grid it is made well defined as a Copeland count: each setting
 * scores the number of other settings it beats under the pairwise rule; the highest score wins, ties go
 * to the higher F1, then to the earlier setting in grid order. A Condorcet winner (a setting that beats
 * every other) is always chosen. {@link #metric(Measure)} is the alternative: the best mean of one metric,
 * ties to the earlier setting.
 */
public final class Selection {
  /** The paper's seven metrics, in the paper's order: the columns of every {@code double[]} here. */
  public static final List<Measure> PAPER_MEASURES = List.of(Measure.PRECISION, Measure.RECALL, Measure.F1,
      Measure.MACRO_F1, Measure.MICRO_F1, Measure.HAMMING_LOSS, Measure.RANKING_LOSS);

  private static final int F1 = PAPER_MEASURES.indexOf(Measure.F1);

  private final Measure metric;

  private Selection(Measure metric) {
    this.metric = metric;
  }

  /** The paper's many-metrics rule, made a Copeland count over the grid (class comment). */
  public static Selection paper() {
    return new Selection(null);
  }

  /**
   * The best mean of {@code metric} (its direction respected).
   *
   * @throws IllegalArgumentException unless it is one of {@link #PAPER_MEASURES} (the means tuning keeps)
   */
  public static Selection metric(Measure metric) {
    java.util.Objects.requireNonNull(metric, "metric");
    if (!PAPER_MEASURES.contains(metric)) {
      // tuning keeps the cross-validated means of the seven only: refused before any fold is run
      throw new IllegalArgumentException("tuning selects by the paper's rule or one of its seven metrics (" + names() + "), not "
          + metric.metricName());
    }
    return new Selection(metric);
  }

  /** {@code paper} or one of the seven metrics' names ({@code f1}, {@code microF1}, ..., case-insensitively). */
  public static Selection parse(String text) {
    if (text.strip().equalsIgnoreCase("paper")) {
      return paper();
    }
    for (Measure m : Measure.values()) {
      if (m.metricName().equalsIgnoreCase(text.strip())) {
        return metric(m);
      }
    }
    java.util.List<String> known = new java.util.ArrayList<>(java.util.List.of("paper"));
    known.addAll(java.util.List.of(names().split(", ")));
    throw new IllegalArgumentException("--select is paper or one of the paper's metrics (" + names() + "): " + text
        + org.altml.core.learner.NameSuggestion.didYouMean(text.strip(), known));
  }

  private static String names() {
    return String.join(", ", PAPER_MEASURES.stream().map(Measure::metricName).toList());
  }

  /** {@code paper} or the metric's name. */
  public String name() {
    return metric == null ? "paper" : metric.metricName();
  }

  /** The single metric, or null for the paper's rule. */
  public Measure measure() {
    return metric;
  }

  /**
   * Whether {@code a} beats {@code b} under the paper's pairwise rule: better on more of the seven metrics
   * than {@code b} is. NaN compares as worse than any number.
   */
  public static boolean beats(double[] a, double[] b) {
    int wins = 0;
    int losses = 0;
    for (int m = 0; m < PAPER_MEASURES.size(); m++) {
      int c = compare(PAPER_MEASURES.get(m), a[m], b[m]);
      if (c > 0) {
        wins++;
      } else if (c < 0) {
        losses++;
      }
    }
    return wins > losses;
  }

  /** Positive when {@code a} is better than {@code b} on {@code m}, negative when worse, 0 when equal. */
  static int compare(Measure m, double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Double.isNaN(a) == Double.isNaN(b) ? 0 : Double.isNaN(a) ? -1 : 1;
    }
    int c = Double.compare(a, b);
    return m.lowerIsBetter() ? -c : c;
  }

  /** A value of {@code m} from a row of the seven metrics, or of the extended row (index by measure). */
  private double value(double[] row) {
    int i = PAPER_MEASURES.indexOf(metric);
    if (i < 0) {
      throw new IllegalArgumentException(metric.metricName() + " is not one of the paper's seven metrics");
    }
    return row[i];
  }

  /**
   * Scores of every candidate (higher is better): Copeland counts for the paper's rule, the metric (negated
   * when lower is better) otherwise.
   *
   * @param means per candidate, the seven metrics' means in {@link #PAPER_MEASURES} order
   */
  public double[] scores(List<double[]> means) {
    int n = means.size();
    double[] s = new double[n];
    if (metric != null) {
      for (int i = 0; i < n; i++) {
        double v = value(means.get(i));
        s[i] = Double.isNaN(v) ? Double.NEGATIVE_INFINITY : metric.lowerIsBetter() ? -v : v;
      }
      return s;
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (beats(means.get(i), means.get(j))) {
          s[i]++;
        } else if (beats(means.get(j), means.get(i))) {
          s[j]++;
        }
      }
    }
    return s;
  }

  /**
   * The candidates ranked best first: by {@link #scores}, ties by higher F1 (paper's rule), then by
   * position. {@code ranking(means)[0]} is the selected one.
   */
  public int[] ranking(List<double[]> means) {
    double[] s = scores(means);
    Integer[] order = new Integer[means.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> {
      int c = Double.compare(s[b], s[a]);
      if (c != 0) {
        return c;
      }
      if (metric == null) {
        c = compare(Measure.F1, means.get(a)[F1], means.get(b)[F1]);
        if (c != 0) {
          return -c;
        }
      }
      return Integer.compare(a, b);
    });
    int[] r = new int[order.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = order[i];
    }
    return r;
  }

  /** The position of the selected candidate. */
  public int select(List<double[]> means) {
    if (means.isEmpty()) {
      throw new IllegalArgumentException("nothing to select from");
    }
    return ranking(means)[0];
  }

  @Override
  public String toString() {
    return metric == null ? "the paper's rule (most pairwise wins on the seven metrics, ties by F1)"
        : "best mean " + metric.metricName() + String.format(Locale.ROOT, "%s", metric.lowerIsBetter() ? " (lowest)" : "");
  }
}
