package org.altml.flink.output;

import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.flink.model.Models;

/**
 * The test metrics of {@code alt flink run --test}: merges the predictors' {@link #TYPE} lines ({@link #line}: a
 * predictor's suite at the end of its input) as they arrive at the client, and writes the merged report as {@code alt
 * test --json} has it: every metric of {@link EvaluationSuite} by name (fractions; NaN, a metric of no example, as null), with the counts left out of
 * the ranking metrics. Sums are exact, so the report is the one {@code alt test} gives for the same model and
 * records, whatever p.
 */
public final class TestMetrics {
  /** The type of the report of one predictor's test metrics: {@code {"type":"test-metrics","suite":"base64"}}. */
  public static final String TYPE = "test-metrics";

  private EvaluationSuite merged;

  /** The report line of one predictor's metrics {@code suite}, which {@link #offer} merges. */
  public static String line(EvaluationSuite suite) {
    return "{\"type\":\"" + TYPE + "\",\"suite\":\"" + Base64.getEncoder().encodeToString(Models.toBytes(suite)) + "\"}";
  }

  /** Takes {@code line} when it is a predictor's test metrics; returns whether it was. */
  public boolean offer(String line) {
    if (!line.startsWith("{\"type\":\"" + TYPE + "\"")) {
      return false;
    }
    EvaluationSuite suite = Models.suite(Base64.getDecoder().decode(Output.stringField(line, "suite")));
    if (merged == null) {
      merged = suite;
    } else {
      merged.merge(suite);
    }
    return true;
  }

  /** Whether a predictor reported test metrics (the job scored --test files). */
  boolean any() {
    return merged != null;
  }

  /** How many test records were scored. */
  long examples() {
    return merged == null ? 0 : merged.count();
  }

  /**
   * The merged report's fields as a JSON object: {@code {"examples":N,"zeroDivision":"spec","metrics":{...},
   * "rankingLossLeftOut":n,"emptyTruthLeftOut":n}}; null when no predictor reported.
   */
  public String json() {
    if (merged == null) {
      return null;
    }
    MetricReport report = merged.report();
    StringBuilder sb = new StringBuilder(512).append("{\"examples\":").append(merged.count())
        .append(",\"zeroDivision\":").append(Output.quote(report.policy().name().toLowerCase(Locale.ROOT)))
        .append(",\"metrics\":{");
    boolean first = true;
    for (Map.Entry<String, Double> e : report.values().entrySet()) {
      sb.append(first ? "" : ",").append(Output.quote(e.getKey())).append(':').append(Output.number(e.getValue()));
      first = false;
    }
    return sb.append("},\"rankingLossLeftOut\":").append(report.rankingLossLeftOut())
        .append(",\"emptyTruthLeftOut\":").append(report.emptyTruthLeftOut()).append('}').toString();
  }

  /**
   * The warning when every test prediction was empty (no label scores above the threshold: F1 0 on every record), with
   * the cure a job can take, as {@code alt test} says it; null otherwise. An unscaled dense dataset (emotions) learned
   * by {@code learner} with its defaults gave test F1 0 and an empty-prediction rate of 1 in the summary, without a word.
   */
  String allEmptyWarning(String learner) {
    if (merged == null || merged.count() == 0 || merged.report().get(Measure.EMPTY_PREDICTION_RATE) != 1.0) {
      return null;
    }
    String maxUpdates = CommonParameters.MAX_UPDATES.name();
    boolean has = learner != null && LearnerRegistry.contains(learner) && LearnerRegistry.get(learner).hasParameter(maxUpdates);
    return String.format(Locale.ROOT, "every prediction on the --test files is empty (%,d records: no label scores"
        + " above the threshold); try %sfeatures scaled beforehand to similar ranges (alt flink does not scale them)",
        merged.count(), has ? "a larger --set " + maxUpdates + "=N, or " : "");
  }

  /** The reports.jsonl line: {@code {"type":"test",} and {@link #json()}'s fields; null when no predictor reported. */
  String reportLine() {
    String json = json();
    return json == null ? null : "{\"type\":\"test\"," + json.substring(1);
  }
}
