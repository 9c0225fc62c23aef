package org.altml.sparse.io.arff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.internal.Numbers;

/**
 * Tokenizer for one ARFF header line ({@link ArffHeader} reads the header with it): quoted names with backslash escapes,
 * {@code %} comments.
 */
final class ArffLineScanner {
  private final String s;
  private final String file;
  private final long line;
  private int pos;

  ArffLineScanner(String s, String file, long line) {
    this.s = s;
    this.file = file;
    this.line = line;
  }

  DataFormatException error(String problem) {
    return new DataFormatException(file, line, problem);
  }

  void skipSpace() {
    while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
      pos++;
    }
  }

  boolean atEnd() {
    return pos >= s.length() || s.charAt(pos) == '%';
  }

  char peek() {
    return s.charAt(pos);
  }

  String word() {
    int start = pos;
    while (pos < s.length() && !Character.isWhitespace(s.charAt(pos)) && s.charAt(pos) != '{') {
      pos++;
    }
    return s.substring(start, pos);
  }

  /** A name: quoted (single or double quotes, backslash escapes) or bare up to white space or '{'. */
  String name() throws DataFormatException {
    char c = s.charAt(pos);
    if (c == '\'' || c == '"') {
      return quoted(c);
    }
    String w = word();
    if (w.isEmpty()) {
      throw error("expected a name");
    }
    return w;
  }

  private String quoted(char quote) throws DataFormatException {
    StringBuilder sb = new StringBuilder();
    pos++;
    while (pos < s.length()) {
      char c = s.charAt(pos++);
      if (c == quote) {
        return sb.toString();
      }
      if (c == '\\' && pos < s.length()) {
        char n = s.charAt(pos++);
        sb.append(switch (n) {
          case 'n' -> '\n';
          case 't' -> '\t';
          case 'r' -> '\r';
          default -> n;
        });
      } else {
        sb.append(c);
      }
    }
    throw error("unterminated quoted name (missing closing " + quote + ")");
  }

  ArffAttribute attribute() throws DataFormatException {
    skipSpace();
    if (atEnd()) {
      throw error("expected an attribute name after @attribute");
    }
    String name = name();
    skipSpace();
    if (atEnd()) {
      throw error("expected a type for attribute " + Numbers.quote(name));
    }
    if (peek() == '{') {
      pos++;
      List<String> values = nominalValues(name);
      return new ArffAttribute(name, ArffAttribute.Kind.NOMINAL, values);
    }
    String type = word().toLowerCase(Locale.ROOT);
    ArffAttribute.Kind kind = switch (type) {
      case "numeric", "real", "integer" -> ArffAttribute.Kind.NUMERIC;
      case "string" -> ArffAttribute.Kind.STRING;
      case "date" -> ArffAttribute.Kind.DATE;
      case "relational" -> throw error("relational attribute " + Numbers.quote(name) + " is not supported");
      default -> throw error("unknown type " + Numbers.quote(type) + " of attribute " + Numbers.quote(name)
          + " (expected numeric, real, integer, {nominal values}, string or date)");
    };
    if (kind != ArffAttribute.Kind.DATE) {
      skipSpace();
      if (!atEnd()) {
        throw error("unexpected text after the type of attribute " + Numbers.quote(name));
      }
    }
    return new ArffAttribute(name, kind, List.of());
  }

  private List<String> nominalValues(String name) throws DataFormatException {
    List<String> values = new ArrayList<>();
    while (true) {
      skipSpace();
      if (pos >= s.length()) {
        throw error("unterminated nominal list of attribute " + Numbers.quote(name) + " (missing '}')");
      }
      char c = s.charAt(pos);
      if (c == '}' && values.isEmpty()) {
        throw error("empty nominal list of attribute " + Numbers.quote(name));
      }
      String v;
      if (c == '\'' || c == '"') {
        v = quoted(c);
      } else {
        int start = pos;
        while (pos < s.length() && s.charAt(pos) != ',' && s.charAt(pos) != '}') {
          pos++;
        }
        v = s.substring(start, pos).strip();
        if (v.isEmpty()) {
          throw error("empty nominal value in attribute " + Numbers.quote(name));
        }
      }
      values.add(v);
      skipSpace();
      if (pos >= s.length()) {
        throw error("unterminated nominal list of attribute " + Numbers.quote(name) + " (missing '}')");
      }
      char sep = s.charAt(pos++);
      if (sep == '}') {
        break;
      }
      if (sep != ',') {
        throw error("expected ',' or '}' in the nominal list of attribute " + Numbers.quote(name));
      }
    }
    skipSpace();
    if (!atEnd()) {
      throw error("unexpected text after the nominal list of attribute " + Numbers.quote(name));
    }
    return values;
  }
}
