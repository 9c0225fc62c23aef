package org.altml.core.metric;

/**
 * The metrics of a {@link MetricReport}, in report order: the paper's seven (section 6.2) first, then
 * the extras. Over N evaluated examples with truth Y_i, prediction Ŷ_i = {j : s_j > s_{L+1}} and label
 * scores s_1..s_L; Ȳ is the complement of Y. Zero-division conventions follow the suite's {@link
 * ZeroDivisionPolicy} (written "0/0 → policy" below; the default {@link ZeroDivisionPolicy#SPEC} gives 1
 * when both compared sets are empty, else 0). Every average over zero examples is NaN.
 *
 * <p>Ranks: rank(j) = #{k : s_k ≥ s_j}, so tied labels all take the worst (largest) rank; ties count
 * against the learner, as in the ranking loss of docs/spec.md#ranking-loss.
 */
public enum Measure {
  /** Example-based precision Psn = (1/N) Σ_i |Y_i ∩ Ŷ_i| / |Ŷ_i|; |Ŷ_i| = 0: 0/0 → policy (compares Y_i, Ŷ_i). */
  PRECISION("precision", false, true),
  /** Example-based recall Rcal = (1/N) Σ_i |Y_i ∩ Ŷ_i| / |Y_i|; |Y_i| = 0: 0/0 → policy (compares Y_i, Ŷ_i). */
  RECALL("recall", false, true),
  /**
   * F1 = 2·Psn·Rcal / (Psn + Rcal), the harmonic mean of the two averages (the paper's formula), not the
   * mean of per-example F1; 0 when Psn + Rcal = 0.
   */
  F1("f1", false, true),
  /**
   * MacroF1 = (1/L) Σ_j 2tp_j / (2tp_j + fp_j + fn_j); a label never present and never predicted has
   * 0/0 → policy (both sets empty, so 1 under SPEC).
   */
  MACRO_F1("macroF1", false, true),
  /** MicroF1 = 2Σ_j tp_j / Σ_j (2tp_j + fp_j + fn_j); 0/0 (nothing ever present or predicted) → policy. */
  MICRO_F1("microF1", false, true),
  /**
   * Hamming loss = (1/(N·L)) Σ_i |Ŷ_i Δ Y_i|; lower is better. Over a growing label set, (1/N) Σ_i |Ŷ_i Δ Y_i| / L_i with
   * L_i the labels known at example i (docs/spec.md#open-metrics).
   */
  HAMMING_LOSS("hammingLoss", true, true),
  /**
   * Ranking loss = mean over examples of #{(j,k) ∈ Y_i × Ȳ_i : s_j ≤ s_k} / (|Y_i|·|Ȳ_i|); ties are
   * errors; examples with Y_i = ∅ or Ȳ_i = ∅ are left out and counted ({@link
   * MetricReport#rankingLossLeftOut()}); lower is better.
   */
  RANKING_LOSS("rankingLoss", true, true),
  /** Subset accuracy = (1/N) Σ_i 1[Ŷ_i = Y_i]; an empty prediction for an empty truth is exact. */
  SUBSET_ACCURACY("subsetAccuracy", false, false),
  /**
   * Example-based (Jaccard) accuracy = (1/N) Σ_i |Y_i ∩ Ŷ_i| / |Y_i ∪ Ŷ_i|; Y_i = Ŷ_i = ∅: 0/0 → policy
   * (both empty).
   */
  JACCARD("jaccard", false, false),
  /**
   * One-error = mean of 1[some top-scored label is not in Y_i], the top-scored labels being all k with
   * s_k = max_l s_l (ties count as errors); examples with Y_i = ∅ are left out and counted ({@link
   * MetricReport#emptyTruthLeftOut()}); lower is better.
   */
  ONE_ERROR("oneError", true, false),
  /**
   * Coverage = mean of max_{j ∈ Y_i} rank(j) − 1 (Zhang and Zhou 2014, not normalized: in [0, L−1],
   * how far down the ranking one must go to cover all relevant labels); examples with Y_i = ∅ are left
   * out and counted; lower is better.
   */
  COVERAGE("coverage", true, false),
  /**
   * Average precision = mean of (1/|Y_i|) Σ_{j ∈ Y_i} #{k ∈ Y_i : s_k ≥ s_j} / rank(j); examples with
   * Y_i = ∅ are left out and counted.
   */
  AVERAGE_PRECISION("averagePrecision", false, false),
  /** Empty-prediction rate = (1/N) Σ_i 1[Ŷ_i = ∅] (a diagnostic, neither higher nor lower is better). */
  EMPTY_PREDICTION_RATE("emptyPredictionRate", true, false);

  private final String metricName;
  private final boolean lowerIsBetter;
  private final boolean paperMetric;

  Measure(String metricName, boolean lowerIsBetter, boolean paperMetric) {
    this.metricName = metricName;
    this.lowerIsBetter = lowerIsBetter;
    this.paperMetric = paperMetric;
  }

  /** The name used in reports and machine output, e.g. {@code "hammingLoss"}. */
  public String metricName() {
    return metricName;
  }

  /** Whether smaller values are better (losses, one-error, coverage). */
  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /** Whether the metric is one of the paper's seven (section 6.2). */
  public boolean paperMetric() {
    return paperMetric;
  }

  /** Whether computing this metric needs the ranking pass (O(|Y|·L) per example). */
  boolean needsRanking() {
    return this == RANKING_LOSS || this == ONE_ERROR || this == COVERAGE || this == AVERAGE_PRECISION;
  }

  /**
   * The measure with this {@link #metricName()} ({@code "microF1"}), or its constant's name ({@code "MICRO_F1"}), in
   * any case and with or without underscores ({@code "F1"}, {@code "microf1"}).
   *
   * @throws IllegalArgumentException if no measure has that name
   */
  public static Measure byName(String name) {
    for (Measure m : values()) {
      if (m.metricName.equals(name)) {
        return m;
      }
    }
    String loose = name == null ? "" : name.replace("_", "").toLowerCase(java.util.Locale.ROOT);
    for (Measure m : values()) {
      if (m.metricName.toLowerCase(java.util.Locale.ROOT).equals(loose)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown metric \"" + name + "\"; known: " + java.util.Arrays.stream(values()).map(Measure::metricName).toList());
  }

  /**
   * A standalone streaming accumulator for this metric over {@code numLabels} labels.
   *
   * @throws IllegalArgumentException if {@code numLabels < 1}
   */
  public MultiLabelMetric create(int numLabels, ZeroDivisionPolicy policy) {
    return new SingleMetric(this, numLabels, policy);
  }
}
