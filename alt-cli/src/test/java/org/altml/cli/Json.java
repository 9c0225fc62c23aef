package org.altml.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Flattens a JSON document into {@code a.b.c -> text} (arrays indexed {@code a[0].b}), for assertions. */
public final class Json {
  private Json() {}

  public static Map<String, String> flatten(String json) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    try (JsonParser p = new JsonFactory().createParser(json)) {
      walk(p, p.nextToken(), "", out);
      if (p.nextToken() != null) {
        throw new AssertionError("more than one JSON value in " + json);
      }
    }
    return out;
  }

  private static void walk(JsonParser p, JsonToken t, String path, Map<String, String> out) throws IOException {
    if (t == JsonToken.START_OBJECT) {
      out.put(path, "{}");
      for (JsonToken f = p.nextToken(); f != JsonToken.END_OBJECT; f = p.nextToken()) {
        String name = p.currentName();
        walk(p, p.nextToken(), path.isEmpty() ? name : path + "." + name, out);
      }
    } else if (t == JsonToken.START_ARRAY) {
      out.put(path, "[]");
      int i = 0;
      for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
        walk(p, e, path + "[" + i++ + "]", out);
      }
    } else {
      out.put(path, t == JsonToken.VALUE_NULL ? "null" : p.getText());
    }
  }

  public static double number(Map<String, String> json, String path) {
    String v = json.get(path);
    if (v == null) {
      throw new AssertionError(path + " missing in " + json.keySet());
    }
    return Double.parseDouble(v);
  }
}
