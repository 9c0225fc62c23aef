package org.altml.flink.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * JSON records ({@code --format json}), one object per line: {@code {"id": "a1", "features": {"3": 0.5, "17": 1},
 * "labels": [0, 4]}}, read with jackson-core's streaming parser and turned into the LIBSVM record they are ({@code 0,4
 * 3:0.5 17:1}, each number as written), which the LIBSVM parser then checks and reads: the same checks (indices
 * positive, or from 0 with {@code --zero-based}; none twice; within {@code --num-features}; labels below L; values finite
 * floats) and the same example as the LIBSVM line. What only JSON can get wrong is said here: not JSON, not an object,
 * a key other than {@code id}, {@code features} and {@code labels} (a typo such as {@code "label"} would otherwise make an
 * unlabelled record), a key twice, a value of the wrong type, NaN or an infinity, text after the object. A record
 * without {@code "labels"} is unlabelled ({@link #labelled()}); {@code "labels": []} is an example with no relevant
 * label. Not thread-safe: one per parsing subtask.
 */
final class JsonRecords {
  private static final String AFTER = "text after the record's object (one JSON object per line)";
  private final JsonFactory factory = JsonFactory.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
  private final StringBuilder line = new StringBuilder();
  private final boolean zeroBased;
  private String id;
  private boolean labelled;
  private String reason;

  /** Records whose feature indices start at 0 when {@code zeroBased}, else at 1. */
  JsonRecords(boolean zeroBased) {
    this.zeroBased = zeroBased;
  }

  /**
   * The LIBSVM line of the JSON record in {@code b[off, off + len)}, or null: for a blank line ({@link #reason()} null),
   * or for a bad record ({@link #reason()} says why).
   */
  byte[] toLibSvm(byte[] b, int off, int len) {
    id = null;
    labelled = false;
    reason = null;
    int first = off;
    while (first < off + len && (b[first] == ' ' || b[first] == '\t' || b[first] == '\r')) {
      first++;
    }
    if (first == off + len) {
      return null; // a blank line
    }
    if (b[first] != '{') {
      return bad("not a JSON object" + (Character.isDigit(b[first]) ? " (a LIBSVM line? --format json reads one JSON object per"
          + " line)" : "") + ": a record is {\"id\": ..., \"features\": {...}, \"labels\": [...]}");
    }
    boolean closed = false;
    try (JsonParser p = factory.createParser(b, off, len)) {
      p.nextToken(); // the '{
      String labels = null;
      String features = null;
      boolean seenId = false;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        JsonToken value = p.nextToken();
        boolean twice = switch (key) {
          case "id" -> seenId;
          case "features" -> features != null;
          case "labels" -> labels != null;
          default -> false;
        };
        if (twice) {
          return bad("key \"" + key + "\" given twice");
        }
        switch (key) {
          case "id" -> {
            seenId = true;
            if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT) {
              return bad("\"id\" must be a string or an integer, not " + describe(value));
            }
            id = p.getText();
          }
          case "features" -> {
            features = features(p, value);
            if (features == null) {
              return null;
            }
          }
          case "labels" -> {
            labels = labels(p, value);
            if (labels == null) {
              return null;
            }
          }
          default -> {
            return bad("unknown key \"" + key + "\" (a record has \"id\", \"features\" and \"labels\")");
          }
        }
      }
      closed = true;
      if (p.nextToken() != null) {
        return bad(AFTER);
      }
      if (features == null) {
        return bad("no \"features\" (give \"features\": {} for a record without features)");
      }
      labelled = labels != null;
      line.setLength(0);
      line.append(labels == null ? "" : labels).append(features);
      if (line.isEmpty()) {
        line.append(zeroBased ? "0:0" : "1:0"); // an example with neither labels nor features, as the LIBSVM writer puts it
      }
      return line.toString().getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      // the parser's own words, without where it was (the record's file and line say it)
      String m = e.getOriginalMessage();
      int at = m.indexOf(" (start marker at");
      return bad(closed ? AFTER : "not valid JSON: " + (at < 0 ? m : m.substring(0, at)));
    } catch (IOException e) { // bytes that are not UTF-8
      return bad("not valid JSON: " + e.getMessage());
    }
  }

  /** The features as LIBSVM's {@code " index:value"} pairs, or null (a bad record). */
  private String features(JsonParser p, JsonToken value) throws IOException {
    if (value != JsonToken.START_OBJECT) {
      bad("\"features\" must be an object of \"index\": value, not " + describe(value));
      return null;
    }
    StringBuilder pairs = new StringBuilder();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      JsonToken v = p.nextToken();
      if (!isIndex(key)) {
        bad("feature key \"" + key + "\" is not a feature index (an integer, as a string)");
        return null;
      }
      if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
        bad("feature \"" + key + "\": the value must be a number, not " + describe(v));
        return null;
      }
      if (p.isNaN()) {
        bad("feature \"" + key + "\": value " + p.getText() + " is NaN or infinite; only finite numbers are allowed");
        return null;
      }
      pairs.append(' ').append(key).append(':').append(p.getText());
    }
    return pairs.toString();
  }

  /** The labels as LIBSVM's comma-separated ids, or null (a bad record). */
  private String labels(JsonParser p, JsonToken value) throws IOException {
    if (value != JsonToken.START_ARRAY) {
      bad("\"labels\" must be an array of label ids, not " + describe(value) + " (an example with no relevant label: [])");
      return null;
    }
    StringBuilder ids = new StringBuilder();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_NUMBER_INT) {
        bad("\"labels\": " + (t == JsonToken.VALUE_NUMBER_FLOAT ? p.getText() : describe(t)) + " is not a label id (an integer)");
        return null;
      }
      ids.append(ids.isEmpty() ? "" : ",").append(p.getText());
    }
    return ids.toString();
  }

  /** Whether {@code key} is an integer (an optional '-', then digits): LIBSVM then says what is wrong with it, if anything. */
  private static boolean isIndex(String key) {
    int start = key.startsWith("-") ? 1 : 0;
    if (key.length() == start) {
      return false;
    }
    for (int i = start; i < key.length(); i++) {
      if (key.charAt(i) < '0' || key.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  private static String describe(JsonToken t) {
    if (t == null) {
      return "nothing";
    }
    return switch (t) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> t.asString() == null ? t.name() : t.asString();
    };
  }

  private byte[] bad(String why) {
    reason = why;
    return null;
  }

  /** The record's {@code "id"}, as text, or null when it has none (or when the line was bad before it). */
  String id() {
    return id;
  }

  /** Whether the record has {@code "labels"} (an empty array included). */
  boolean labelled() {
    return labelled;
  }

  /** Why the last record was bad, or null. */
  String reason() {
    return reason;
  }
}
