package org.altml.sparse.io.arff;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.sparse.io.internal.Numbers;

/**
 * One {@code @attribute} of an ARFF header: its name, type and, for nominal attributes, the declared
 * values and the number each maps to (see {@link ArffReader} for the mapping rule).
 */
final class ArffAttribute {
  /** Attribute types of the ARFF format. */
  enum Kind {
    NUMERIC,
    NOMINAL,
    STRING,
    DATE
  }

  private static final int LINEAR_LOOKUP = 16;

  final String name;
  final Kind kind;
  final List<String> nominalValues;
  final float[] mapped;
  /** Whether the values map to their declaration index (neither numbers nor yes/no, true/false). */
  final boolean byPosition;
  private final byte[][] valueBytes;
  private final Map<String, Integer> index;

  ArffAttribute(String name, Kind kind, List<String> nominalValues) {
    this.name = name;
    this.kind = kind;
    this.nominalValues = List.copyOf(nominalValues);
    int n = nominalValues.size();
    this.valueBytes = new byte[n][];
    for (int k = 0; k < n; k++) {
      valueBytes[k] = nominalValues.get(k).getBytes(StandardCharsets.UTF_8);
    }
    if (n > LINEAR_LOOKUP) {
      index = new HashMap<>(2 * n);
      for (int k = 0; k < n; k++) {
        index.putIfAbsent(nominalValues.get(k), k);
      }
    } else {
      index = null;
    }
    this.mapped = mapNominal(nominalValues, valueBytes);
    this.byPosition = kind == Kind.NOMINAL && n > 0 && !numbers(nominalValues, valueBytes) && !flags(nominalValues);
  }

  /** Whether the values are all yes/no or all true/false (any case): flags that map to 1 and 0. */
  private static boolean flags(List<String> values) {
    return allIn(values, "yes", "no") || allIn(values, "true", "false");
  }

  /** Whether every value is a number (then the values map to their numbers, which may equal their positions). */
  private static boolean numbers(List<String> values, byte[][] bytes) {
    for (int k = 0; k < values.size(); k++) {
      if (!Float.isFinite(Numbers.parseFloat(bytes[k], 0, bytes[k].length))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The mapping rule: all values numeric: each maps to its number; else all values in {yes, no} or all
   * in {true, false} (any case): yes/true map to 1, no/false to 0; else each maps to its declaration
   * index 0, 1, 2, ...
   */
  private static float[] mapNominal(List<String> values, byte[][] bytes) {
    int n = values.size();
    float[] numbers = new float[n];
    boolean numeric = n > 0;
    for (int k = 0; k < n && numeric; k++) {
      numbers[k] = Numbers.parseFloat(bytes[k], 0, bytes[k].length);
      numeric = Float.isFinite(numbers[k]);
    }
    if (numeric) {
      return numbers;
    }
    if (flags(values)) {
      float[] flags = new float[n];
      for (int k = 0; k < n; k++) {
        String v = values.get(k).toLowerCase(Locale.ROOT);
        flags[k] = v.equals("yes") || v.equals("true") ? 1f : 0f;
      }
      return flags;
    }
    float[] positions = new float[n];
    for (int k = 0; k < n; k++) {
      positions[k] = k;
    }
    return positions;
  }

  private static boolean allIn(List<String> values, String a, String b) {
    for (String v : values) {
      if (!v.equalsIgnoreCase(a) && !v.equalsIgnoreCase(b)) {
        return false;
      }
    }
    return true;
  }

  /** Declaration index of the nominal value in {@code b[s, e)}, or -1 when it is not declared. */
  int lookup(byte[] b, int s, int e) {
    if (index == null) {
      for (int k = 0; k < valueBytes.length; k++) {
        if (Arrays.equals(valueBytes[k], 0, valueBytes[k].length, b, s, e)) {
          return k;
        }
      }
      return -1;
    }
    Integer k = index.get(new String(b, s, e - s, StandardCharsets.UTF_8));
    return k == null ? -1 : k;
  }

  /** Declaration index of the nominal value {@code v}, or -1. */
  int lookup(String v) {
    if (index == null) {
      return nominalValues.indexOf(v);
    }
    Integer k = index.get(v);
    return k == null ? -1 : k;
  }

  /** The value of this attribute in a sparse row that omits it: 0, or a nominal attribute's first value. */
  float sparseDefault() {
    return kind == Kind.NOMINAL && mapped.length > 0 ? mapped[0] : 0f;
  }

  /** The declared values for messages, shortened when long. */
  String declaredForMessage() {
    if (nominalValues.size() <= 12) {
      return "{" + String.join(",", nominalValues) + "}";
    }
    return "{" + String.join(",", nominalValues.subList(0, 12)) + ",... (" + nominalValues.size() + " values)}";
  }
}
