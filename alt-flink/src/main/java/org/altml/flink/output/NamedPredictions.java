package org.altml.flink.output;

import org.altml.core.learner.Scores;
import org.altml.sparse.open.LabelVocabulary;

/**
 * The prediction lines of an open model (docs/spec.md#open-labels): the predicted labels by name, as the records give
 * them (a numeric label id as its number, a label name as a JSON string), in the order of first appearance, so that a
 * line means the same whatever ids the model gave its labels. Otherwise the lines of {@link Output#prediction}.
 */
public final class NamedPredictions {
  private final StringBuilder sb = new StringBuilder(128);
  private int[] predicted = new int[16];

  /**
   * The line of one record.
   *
   * @param scores the served scores over the labels known after the record (those it brought are −∞)
   * @param reported how many labels the prediction knew (L_{t−1}): the scores written with {@code withScores}
   */
  public String line(String file, long line, String key, long modelVersion, Scores scores, int reported, boolean withScores,
      LabelVocabulary labels) {
    if (predicted.length < scores.numLabels()) {
      predicted = new int[Math.max(scores.numLabels(), 2 * predicted.length)];
    }
    int n = scores.predicted(predicted);
    sb.setLength(0);
    sb.append("{\"type\":\"prediction\",\"file\":").append(Output.quote(file)).append(",\"line\":").append(line);
    if (key != null) {
      sb.append(",\"key\":").append(Output.quote(key));
    }
    sb.append(",\"model\":").append(modelVersion).append(",\"labels\":[");
    for (int k = 0; k < n; k++) {
      sb.append(k > 0 ? "," : "");
      appendName(labels, predicted[k]);
    }
    sb.append(']');
    if (withScores) {
      sb.append(",\"names\":[");
      for (int l = 0; l < reported; l++) {
        sb.append(l > 0 ? "," : "");
        appendName(labels, l);
      }
      sb.append("],\"scores\":[");
      for (int l = 0; l < reported; l++) {
        sb.append(l == 0 ? "" : ",").append(scores.label(l));
      }
      sb.append("],\"threshold\":").append(scores.threshold());
    }
    return sb.append('}').toString();
  }

  private void appendName(LabelVocabulary labels, int id) {
    if (labels.isNumeric(id)) {
      sb.append(labels.name(id));
    } else {
      sb.append(Output.quote(labels.name(id)));
    }
  }
}
