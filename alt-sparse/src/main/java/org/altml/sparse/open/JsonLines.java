package org.altml.sparse.open;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.internal.Numbers;

/**
 * Parses a JSON lines record into an {@link OpenRecord}, before any vocabulary, with jackson-core's streaming parser and
 * the conventions of the Flink jobs' JSON records: one object per line, the keys {@code "id"} (a string or an integer),
 * {@code "features"} (or {@code "words"}: an object of name to number) and {@code "labels"} (an array of string names
 * and integer ids); no other key, no key twice, no text after the object; values finite numbers, parsed as LIBSVM's
 * are. A record without {@code "labels"} is unlabelled. A blank line is no record.
 */
final class JsonLines {
  /**
   * Feature names are keys, as many as the stream's vocabulary: interning them, and keeping them in the factory's shared
   * table of names, cost more than the rest of the parse (a tenth of the records per second).
   */
  private static final JsonFactory FACTORY = JsonFactory.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .disable(JsonFactory.Feature.INTERN_FIELD_NAMES).disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES).build();
  private static final String AFTER = "text after the record's object (one JSON object per line)";
  private static final String SHAPE = "a record is {\"id\": ..., \"features\": {\"name\": value, ...}, \"labels\": [...]}";

  private JsonLines() {}

  /** Parses {@code b[s, e)} into {@code r} (cleared first); false for a blank line. */
  static boolean parse(byte[] b, int s, int e, OpenRecord r, String file, long line) throws DataFormatException {
    r.clear();
    int first = s;
    while (first < e && (b[first] == ' ' || b[first] == '\t' || b[first] == '\r')) {
      first++;
    }
    if (first == e) {
      return false;
    }
    if (b[first] != '{') {
      throw new DataFormatException(file, line, "not a JSON object" + (Character.isDigit(b[first])
          ? " (a LIBSVM line? --format json reads one JSON object per line)" : "") + ": " + SHAPE);
    }
    boolean closed = false;
    try (JsonParser p = FACTORY.createParser(b, s, e - s)) {
      p.nextToken(); // the '{'
      String features = null;
      boolean seenId = false;
      boolean labelled = false;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        JsonToken value = p.nextToken();
        switch (key) {
          case "id" -> {
            once(seenId, key, file, line);
            seenId = true;
            if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT) {
              throw new DataFormatException(file, line, "\"id\" must be a string or an integer, not " + describe(value));
            }
            r.setId(p.getText());
          }
          case "features", "words" -> {
            if (features != null) {
              throw new DataFormatException(file, line, features.equals(key) ? "key \"" + key + "\" given twice"
                  : "both \"features\" and \"words\": a record has one of them");
            }
            features = key;
            features(p, value, key, r, file, line);
          }
          case "labels" -> {
            once(labelled, key, file, line);
            labelled = true;
            labels(p, value, r, file, line);
          }
          default -> throw new DataFormatException(file, line, "unknown key \"" + key + "\" (" + SHAPE
              + "; \"words\" may stand for \"features\")");
        }
      }
      closed = true;
      if (p.nextToken() != null) {
        throw new DataFormatException(file, line, AFTER);
      }
      if (features == null) {
        throw new DataFormatException(file, line, "no \"features\" (give \"features\": {} for a record without features)");
      }
      r.setLabelled(labelled);
      return true;
    } catch (JsonProcessingException x) {
      // the parser's own words, without where it was (the record's file and line say it)
      String m = x.getOriginalMessage();
      int at = m.indexOf(" (start marker at");
      throw new DataFormatException(file, line, closed ? AFTER : "not valid JSON: " + (at < 0 ? m : m.substring(0, at)));
    } catch (DataFormatException x) {
      throw x;
    } catch (IOException x) { // bytes that are not UTF-8
      throw new DataFormatException(file, line, "not valid JSON: " + x.getMessage());
    }
  }

  private static void once(boolean seen, String key, String file, long line) throws DataFormatException {
    if (seen) {
      throw new DataFormatException(file, line, "key \"" + key + "\" given twice");
    }
  }

  private static void features(JsonParser p, JsonToken value, String key, OpenRecord r, String file, long line)
      throws IOException {
    if (value != JsonToken.START_OBJECT) {
      throw new DataFormatException(file, line, "\"" + key + "\" must be an object of \"name\": value, not " + describe(value));
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      String problem = OpenNames.problem(name);
      if (problem != null) {
        throw new DataFormatException(file, line, "feature " + problem);
      }
      if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
        throw new DataFormatException(file, line, "feature " + OpenNames.quote(name) + ": the value must be a number, not "
            + describe(v));
      }
      String text = p.getText();
      byte[] t = new byte[text.length()];
      for (int i = 0; i < t.length; i++) {
        t[i] = (byte) text.charAt(i); // a JSON number is ASCII
      }
      float f = p.isNaN() ? Float.NaN : Numbers.parseFloat(t, 0, t.length);
      if (!Float.isFinite(f)) {
        throw new DataFormatException(file, line, "feature " + OpenNames.quote(name) + ": " + Numbers.floatProblem(t, 0, t.length));
      }
      r.addEntry(name, -1, f);
    }
  }

  private static void labels(JsonParser p, JsonToken value, OpenRecord r, String file, long line) throws IOException {
    if (value != JsonToken.START_ARRAY) {
      throw new DataFormatException(file, line, "\"labels\" must be an array of label names (strings) and ids (integers),"
          + " not " + describe(value) + " (a record with no relevant label: [])");
    }
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t == JsonToken.VALUE_STRING) {
        String name = p.getText();
        String problem = OpenNames.problem(name);
        if (problem != null) {
          throw new DataFormatException(file, line, "label " + problem);
        }
        r.addLabel(name, false);
      } else if (t == JsonToken.VALUE_NUMBER_INT) {
        String text = p.getText();
        long id = text.startsWith("-") ? -1 : NumericFeatures.indexOf(text);
        if (id < 0) {
          throw new DataFormatException(file, line, "\"labels\": label id " + text + (id == -2 ? " is too large"
              : " is negative") + " (a numeric label id is a non-negative int)");
        }
        r.addLabel(Long.toString(id), true);
      } else {
        throw new DataFormatException(file, line, "\"labels\": " + (t == JsonToken.VALUE_NUMBER_FLOAT ? p.getText()
            : describe(t)) + " is neither a label name (a string) nor a label id (an integer)");
      }
    }
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
}
