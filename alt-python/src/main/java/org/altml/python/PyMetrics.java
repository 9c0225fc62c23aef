package org.altml.python;

import java.util.Locale;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;

/**
 * One {@link MetricReport} as {@code altml.Metrics} reads it: the metric names (those of the command line's JSON,
 * {@link Measure#metricName()}) and their values in the same order, with the counts behind them. A value is NaN where
 * the JSON has null (an average over no example).
 */
public final class PyMetrics {
  private final MetricReport report;

  PyMetrics(MetricReport report) {
    this.report = report;
  }

  /** The metric names in report order (the paper's seven first). */
  public String[] names() {
    return report.values().keySet().toArray(new String[0]);
  }

  /** The values of {@link #names()}, in that order. */
  public double[] values() {
    return report.values().values().stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Examples scored. */
  public long examples() {
    return report.examples();
  }

  /** Examples left out of the ranking loss (no relevant or no irrelevant label). */
  public long rankingLossLeftOut() {
    return report.rankingLossLeftOut();
  }

  /** Examples left out of one-error, coverage and average precision (no relevant label). */
  public long emptyTruthLeftOut() {
    return report.emptyTruthLeftOut();
  }

  /** The zero-division policy's name as {@code --zero-division} takes it (spec, zero, one). */
  public String zeroDivision() {
    return report.policy().name().toLowerCase(Locale.ROOT);
  }
}
