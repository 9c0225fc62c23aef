/**
 * Streaming multi-label metrics (paper, section 6.2) and the suite that accumulates all of them in one
 * pass: {@link org.altml.core.metric.EvaluationSuite} (cumulative), {@link
 * org.altml.core.metric.SlidingWindowSuite} (the last W examples, exact), {@link
 * org.altml.core.metric.MetricReport} (immutable values), {@link org.altml.core.metric.Measure} (the
 * metrics, with formulas and zero-division conventions) and {@link
 * org.altml.core.metric.ZeroDivisionPolicy}.
 *
 * <p>Every sum over examples is kept exactly (an integer superaccumulator in units of 2^-1074) and
 * rounded once when a report is made, so the reported values do not depend on the order in which
 * examples were seen or in which per-thread suites were merged: a parallel evaluation gives bit for bit
 * the metrics of a sequential one, and a sliding window gives those of a fresh suite over the same
 * examples.
 *
 * <p>The label set may grow mid-stream ({@code growLabels}, docs/spec.md#open-metrics): per-label counts start when a
 * label first appears, macro averages divide by the labels known at the report, and the Hamming loss divides each
 * example by the L it was evaluated at.
 */
package org.altml.core.metric;
