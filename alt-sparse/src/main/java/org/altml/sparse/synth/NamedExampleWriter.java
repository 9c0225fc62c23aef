package org.altml.sparse.synth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes {@link NamedExample}s as the open formats of docs/spec.md#open-features: JSON lines
 * {@code {"id": 7, "features": {"w17": 1.0, "w4": 2.0}, "labels": ["tag3"]}} and the {@code name:value} LIBSVM
 * variant {@code tag3,tag5 w17:1 w4:2} (labels comma separated, then the features; an example without labels
 * starts with its first feature). Values must be finite; a LIBSVM name must be non-empty without white space,
 * {@code ':'} or {@code ','}, or it could not be read back.
 */
public final class NamedExampleWriter {
  /** The two line formats. */
  public enum Format {
    /** One JSON object per line. */
    JSON_LINES,
    /** LIBSVM with names for label ids and feature indices. */
    LIBSVM
  }

  private NamedExampleWriter() {}

  /** The line of {@code e} (without its line break) in {@code format}. */
  public static String line(NamedExample e, Format format) {
    return format == Format.JSON_LINES ? jsonLine(e) : libsvmLine(e);
  }

  /**
   * Writes each example as one line ending in {@code '\n'} and returns how many were written.
   *
   * @throws IllegalArgumentException naming the example if one cannot be written in the format
   * @throws UncheckedIOException if writing fails
   */
  public static long write(Writer out, Iterator<NamedExample> examples, Format format) {
    long n = 0;
    try {
      while (examples.hasNext()) {
        out.write(line(examples.next(), format));
        out.write('\n');
        n++;
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return n;
  }

  /** {@code {"id": N, "features": {...}, "labels": [...]}}. */
  public static String jsonLine(NamedExample e) {
    StringBuilder b = new StringBuilder(32 + 16 * e.features().size());
    b.append("{\"id\": ").append(e.id()).append(", \"features\": {");
    boolean first = true;
    for (Map.Entry<String, Double> f : e.features().entrySet()) {
      if (!first) {
        b.append(", ");
      }
      first = false;
      quote(b, f.getKey());
      b.append(": ").append(finite(e, f.getKey(), f.getValue()));
    }
    b.append("}, \"labels\": [");
    for (int k = 0; k < e.labels().size(); k++) {
      if (k > 0) {
        b.append(", ");
      }
      quote(b, e.labels().get(k));
    }
    return b.append("]}").toString();
  }

  /** {@code tag3,tag5 w17:1 w4:2.5}: integral values without a fraction. */
  public static String libsvmLine(NamedExample e) {
    StringBuilder b = new StringBuilder(16 + 12 * e.features().size());
    for (int k = 0; k < e.labels().size(); k++) {
      if (k > 0) {
        b.append(',');
      }
      b.append(libsvmName(e, "label", e.labels().get(k)));
    }
    for (Map.Entry<String, Double> f : e.features().entrySet()) {
      if (b.length() > 0) {
        b.append(' ');
      }
      double v = finite(e, f.getKey(), f.getValue());
      b.append(libsvmName(e, "feature", f.getKey())).append(':');
      if (v == Math.rint(v) && Math.abs(v) < 1e15) {
        b.append((long) v);
      } else {
        b.append(v);
      }
    }
    if (b.length() == 0) {
      throw new IllegalArgumentException("example " + e.id() + " has neither labels nor features: a LIBSVM line"
          + " cannot hold it (a blank line is skipped on reading); write JSON lines");
    }
    return b.toString();
  }

  private static String libsvmName(NamedExample e, String what, String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("example " + e.id() + ": an empty " + what + " name cannot be written as LIBSVM");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == ':' || c == ',' || Character.isWhitespace(c)) {
        throw new IllegalArgumentException("example " + e.id() + ": the " + what + " name \"" + name
            + "\" holds '" + c + "', which LIBSVM uses as a separator; write JSON lines");
      }
    }
    return name;
  }

  private static double finite(NamedExample e, String name, Double value) {
    if (value == null || !Double.isFinite(value)) {
      throw new IllegalArgumentException("example " + e.id() + ": feature \"" + name + "\" has the value " + value
          + "; only finite values can be written");
    }
    return value;
  }

  private static void quote(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }
}
