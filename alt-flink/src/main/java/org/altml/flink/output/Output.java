package org.altml.flink.output;

import java.util.Base64;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.flink.model.ModelMessage;
import org.apache.flink.util.OutputTag;

/**
 * What the jobs emit, as JSON lines (one object per line, a {@code "type"} first): predictions, bad records,
 * per-key reports, mixed models. Text keeps the sinks simple (file sink, collect, Kafka) and the outputs
 * readable with {@code jq}.
 */
public final class Output {
  /** The side output of records that do not parse: {@code {"type":"bad","file":..,"line":..,"reason":..}}. */
  public static final OutputTag<String> BAD = new OutputTag<>("bad-records") {};
  /** The side output of reports (per key at the end, mixed models). */
  public static final OutputTag<String> REPORTS = new OutputTag<>("reports") {};

  private Output() {}

  /** A bad record. */
  public static String bad(String file, long line, String reason) {
    return "{\"type\":\"bad\",\"file\":" + quote(file) + ",\"line\":" + line + ",\"reason\":" + quote(reason) + "}";
  }

  /** A prediction: the predicted labels (and the scores when asked), the model version that made it. */
  public static String prediction(String file, long line, String key, long modelVersion, Scores scores, boolean withScores) {
    return prediction(new StringBuilder(64), quote(file), line, key, modelVersion, scores, withScores, new int[scores.numLabels()]);
  }

  /**
   * {@link #prediction(String, long, String, long, Scores, boolean)} built in {@code sb} (cleared first, so a
   * scorer can keep one) with the file already {@link #quote quoted}, and {@code labels} (room for L) as scratch:
   * the per-record path of a scorer.
   */
  public static String prediction(StringBuilder sb, String quotedFile, long line, String key, long modelVersion, Scores scores,
      boolean withScores, int[] labels) {
    int n = scores.predicted(labels); // without a branch per label: about half the labels pass on some streams
    return prediction(sb, quotedFile, line, key, modelVersion, labels, n, withScores ? scores : null);
  }

  /**
   * The prediction line from its predicted labels {@code labels[0, n)} (ascending) and, when not null, the
   * scores to write with them: the line {@link #prediction(StringBuilder, String, long, String, long, Scores,
   * boolean, int[])} writes for the same labels.
   */
  public static String prediction(StringBuilder sb, String quotedFile, long line, String key, long modelVersion, int[] labels, int n,
      Scores scores) {
    sb.setLength(0);
    sb.append("{\"type\":\"prediction\",\"file\":").append(quotedFile).append(",\"line\":").append(line);
    if (key != null) {
      sb.append(",\"key\":").append(quote(key));
    }
    sb.append(",\"model\":");
    if (modelVersion == ModelMessage.FINAL) {
      sb.append("\"final\""); // the averaged model of the end of the input, as reports name its round
    } else {
      sb.append(modelVersion);
    }
    sb.append(",\"labels\":[");
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        sb.append(',');
      }
      sb.append(labels[k]);
    }
    sb.append(']');
    if (scores != null) {
      sb.append(",\"scores\":[");
      for (int l = 0; l < scores.numLabels(); l++) {
        sb.append(l == 0 ? "" : ",").append(scores.label(l));
      }
      sb.append("],\"threshold\":").append(scores.threshold());
    }
    return sb.append('}').toString();
  }

  /**
   * A report of a model and its prequential metrics: per key at the end of the input ({@code "key"}), or a
   * mixed model of a round ({@code "round"}).
   */
  public static String report(String type, String key, long round, long examples, EvaluationSuite suite, byte[] model) {
    StringBuilder sb = new StringBuilder(128);
    sb.append("{\"type\":").append(quote(type));
    if (key != null) {
      sb.append(",\"key\":").append(quote(key));
    }
    if (round >= 0) {
      sb.append(",\"round\":").append(round == ModelMessage.FINAL ? "\"final\"" : Long.toString(round));
    }
    sb.append(",\"examples\":").append(examples);
    if (suite != null) {
      sb.append(",\"prequential\":{\"count\":").append(suite.count());
      for (Measure m : new Measure[] {Measure.F1, Measure.MACRO_F1, Measure.MICRO_F1, Measure.HAMMING_LOSS}) {
        sb.append(",\"").append(m.metricName()).append("\":").append(number(suite.count() == 0 ? Double.NaN : suite.value(m)));
      }
      sb.append('}');
    }
    if (model != null) {
      CRC32 crc = new CRC32();
      crc.update(model);
      sb.append(",\"modelCrc32\":").append(crc.getValue()).append(",\"model\":\"").append(Base64.getEncoder().encodeToString(model)).append('"');
    }
    return sb.append('}').toString();
  }

  static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "null";
  }

  /** {@code line} without the model it carries (a report's base64 model bytes), as reports.jsonl and the summary show it. */
  public static String withoutModel(String line) {
    return line.replaceAll(",\"model\":\"[^\"]*\"", "");
  }

  /** The whole-number value of field {@code name} in one of these JSON lines, or 0 when it has none. */
  public static long longField(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(\\d+)").matcher(json);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /**
   * The string value of field {@code name} in one of these JSON lines ({@link #quote}'s escapes undone), or null
   * when the line has no such string field.
   */
  public static String stringField(String json, String name) {
    String key = "\"" + name + "\":\"";
    int at = json.indexOf(key);
    if (at < 0) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (int i = at + key.length(); i < json.length(); i++) {
      char c = json.charAt(i);
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\' || i + 1 == json.length()) {
        sb.append(c);
        continue;
      }
      char e = json.charAt(++i);
      switch (e) {
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          if (i + 4 >= json.length()) {
            return null;
          }
          sb.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> sb.append(e); // \" and \\
      }
    }
    return null; // no closing quote
  }

  /** A JSON string. */
  public static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }
}
