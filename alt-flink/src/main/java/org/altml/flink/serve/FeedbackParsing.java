package org.altml.flink.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Parses the feedback topic's messages, one JSON object each: {@code {"id": "r17", "labels": [0, 4]}} (the id a string or
 * a whole number, the labels whole numbers below L, each once; other fields are ignored). A message without {@code "id"}
 * takes its Kafka key. A message that is not such an object is bad, with the reason.
 */
public final class FeedbackParsing extends ProcessFunction<TextLine, LabelMessage> {
  private static final long serialVersionUID = 1L;
  private final int numLabels;
  private transient JsonFactory json;

  /** Parsing of labels below {@code numLabels}; 0: an open job's labels, by name or id ({@link LabelMessage#names}). */
  public FeedbackParsing(int numLabels) {
    this.numLabels = numLabels;
  }

  @Override
  public void open(OpenContext context) {
    json = JsonFactory.builder().enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<LabelMessage> out) {
    LabelMessage m = new LabelMessage();
    m.file = line.file;
    m.line = line.line;
    try {
      parse(line, m);
    } catch (IOException | IllegalArgumentException e) {
      m.id = line.file + ":" + line.line;
      m.labels = null;
      m.reason = "not a feedback message {\"id\": ..., \"labels\": [...]}: " + e.getMessage().replaceAll("\\s*\\n.*", "");
    }
    out.collect(m);
  }

  private void parse(TextLine line, LabelMessage m) throws IOException {
    try (JsonParser p = json.createParser(line.text)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IllegalArgumentException("not a JSON object");
      }
      String id = null;
      Object labels = null;
      for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken v = p.nextToken();
        if ("id".equals(field)) {
          if (v != JsonToken.VALUE_STRING && v != JsonToken.VALUE_NUMBER_INT) {
            throw new IllegalArgumentException("\"id\" is " + v + ", not a string or a whole number");
          }
          id = p.getText();
        } else if ("labels".equals(field)) {
          labels = labels(p, v);
        } else {
          p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        throw new IllegalArgumentException("more after the object");
      }
      if (id == null || id.isEmpty()) {
        if (line.id == null || line.id.isEmpty()) {
          throw new IllegalArgumentException("no \"id\" (and no Kafka key)");
        }
        id = line.id;
      }
      if (labels == null) {
        throw new IllegalArgumentException("no \"labels\"");
      }
      m.id = id;
      if (labels instanceof int[] ids) {
        m.labels = ids;
      } else {
        Object[] named = (Object[]) labels;
        m.names = (String[]) named[0];
        m.numeric = (boolean[]) named[1];
      }
    }
  }

  private Object labels(JsonParser p, JsonToken v) throws IOException {
    if (v != JsonToken.START_ARRAY) {
      throw new IllegalArgumentException("\"labels\" is " + v + ", not an array");
    }
    if (numLabels == 0) {
      return names(p);
    }
    int[] labels = new int[4];
    int n = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
        throw new IllegalArgumentException("label " + p.getText() + " is not a label id (a whole number)");
      }
      int l = p.getIntValue();
      if (l < 0 || l >= numLabels) {
        throw new IllegalArgumentException("label " + l + " is not between 0 and " + (numLabels - 1) + " (--num-labels " + numLabels + ")");
      }
      if (n == labels.length) {
        labels = Arrays.copyOf(labels, 2 * n);
      }
      labels[n++] = l;
    }
    labels = Arrays.copyOf(labels, n);
    Arrays.sort(labels);
    for (int k = 1; k < n; k++) {
      if (labels[k] == labels[k - 1]) {
        throw new IllegalArgumentException("label " + labels[k] + " twice");
      }
    }
    return labels;
  }

  /**
   * An open job's labels (docs/spec.md#open-labels): names (strings) or label ids (whole numbers), each once; the
   * learner maps them through its vocabulary. Returns the names and their numeric flags.
   */
  private static Object[] names(JsonParser p) throws IOException {
    java.util.List<String> names = new java.util.ArrayList<>();
    java.util.List<Boolean> numeric = new java.util.ArrayList<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      boolean id = t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT && p.getIntValue() >= 0;
      if (!id && t != JsonToken.VALUE_STRING) {
        throw new IllegalArgumentException("label " + p.getText() + " is neither a name (a string) nor a label id (a whole number"
            + " >= 0)");
      }
      String name = id ? Integer.toString(p.getIntValue()) : p.getText();
      if (names.contains(name)) {
        throw new IllegalArgumentException("label " + name + " twice");
      }
      names.add(name);
      numeric.add(id);
    }
    boolean[] flags = new boolean[numeric.size()];
    for (int k = 0; k < flags.length; k++) {
      flags[k] = numeric.get(k);
    }
    return new Object[] {names.toArray(String[]::new), flags};
  }
}
