package org.altml.flink.serve;

import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.output.Output;

/** The serving job's JSON lines: a prediction with its id, a report of the served predictions' metrics and the counts. */
final class ServeLines {
  /** The type of the reports. */
  static final String REPORT = "serve";
  private static final String PREDICTION = "{\"type\":\"prediction\",";

  private ServeLines() {}

  /**
   * {@code {"type":"prediction","id":..,"file":..,"line":..,"model":VERSION,"labels":[..]}}: the prediction of the record
   * {@code id} (topic and partition {@code file}, offset {@code line}) by the model after {@code version} updates.
   */
  static String prediction(StringBuilder sb, String id, String file, long line, long version, Scores scores, int[] scratch) {
    String p = Output.prediction(sb, Output.quote(file), line, null, version, scores, false, scratch);
    return PREDICTION + "\"id\":" + Output.quote(id) + "," + p.substring(PREDICTION.length());
  }

  /**
   * {@code {"type":"serve","examples":N,"prequential":{..},"served":..,...,"labelLagMs":{..},"end":B}}: the prequential
   * metrics of the served predictions whose labels came, the counts, the label lag.
   */
  static String report(long learned, EvaluationSuite suite, ServeCounts counts, LagHistogram lag, boolean end) {
    String metrics = Output.report(REPORT, null, -1, learned, suite, null);
    StringBuilder sb = new StringBuilder(metrics.length() + 400).append(metrics, 0, metrics.length() - 1);
    counts.appendTo(sb);
    lag.appendTo(sb);
    return sb.append(",\"end\":").append(end).append('}').toString();
  }
}
