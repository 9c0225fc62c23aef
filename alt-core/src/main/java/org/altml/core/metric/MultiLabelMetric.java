package org.altml.core.metric;

import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;

/**
 * One streaming multi-label metric: accepts (truth, scores) pairs one at a time and reports its value
 * over all pairs accepted so far. Implementations keep {@code double} sums and {@code long} counts and
 * allocate nothing per example. Create one with {@link Measure#create(int, ZeroDivisionPolicy)}; to
 * compute several metrics, use one {@link EvaluationSuite}, which shares the per-example work.
 *
 * <p>Not thread-safe: give each thread its own instance and {@link #merge} them at the end.
 */
public interface MultiLabelMetric {
  /**
   * Adds one example: {@code truth} is the relevant set Y, {@code scores} the L label scores and the
   * threshold score (the predicted set is Ŷ = {i : s_i > s_{L+1}}).
   *
   * @throws IllegalArgumentException if a label of {@code truth} is not below L, {@code scores} has a
   *     different L, or a score is NaN
   */
  void accept(LabelSet truth, Scores scores);

  /**
   * Grows L to {@code numLabels} when labels first appear in an open stream ({@link EvaluationSuite#growLabels}).
   *
   * @throws IllegalArgumentException if {@code numLabels} is below L
   */
  void growLabels(int numLabels);

  /** The metric's value over the accepted examples; NaN when no example counts towards it. */
  double value();

  /** The metric's name, as in {@link Measure#metricName()} (e.g. {@code "microF1"}). */
  String name();

  /** Number of examples accepted (including any left out of this metric's average). */
  long count();

  /**
   * In place: adds every example accepted by {@code other} to this metric, as if they had been accepted
   * here; the result does not depend on the order of merging.
   *
   * @throws IllegalArgumentException if {@code other} is a different metric or policy (a different L merges as {@link
   *     EvaluationSuite#merge} says)
   */
  void merge(MultiLabelMetric other);

  /** Forgets every accepted example. */
  void reset();
}
