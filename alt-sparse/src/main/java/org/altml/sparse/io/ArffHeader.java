package org.altml.sparse.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The header of an ARFF file ({@code @relation}, the {@code @attribute}s, up to {@code @data}). */
final class ArffHeader {
  final String relation;
  final List<ArffAttribute> attributes;
  final Map<String, Integer> byName;

  private ArffHeader(String relation, List<ArffAttribute> attributes, Map<String, Integer> byName) {
    this.relation = relation;
    this.attributes = attributes;
    this.byName = byName;
  }

  /** Whether the current line is a comment ({@code %} first after white space): its bytes name nothing, so any are read. */
  private static boolean isComment(LineInput in) {
    for (int i = in.start; i < in.end; i++) {
      byte c = in.buf[i];
      if (c != ' ' && c != '\t') {
        return c == '%';
      }
    }
    return false;
  }

  /** Reads header lines from {@code in} up to and including the {@code @data} line. */
  static ArffHeader read(LineInput in) throws IOException {
    String relation = null;
    List<ArffAttribute> attributes = new ArrayList<>();
    Map<String, Integer> byName = new HashMap<>();
    java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder(); // reports bad bytes, replaces none
    while (in.next()) {
      String line;
      try {
        line = isComment(in) ? "" : utf8.decode(java.nio.ByteBuffer.wrap(in.buf, in.start, in.end - in.start)).toString();
      } catch (java.nio.charset.CharacterCodingException e) {
        // a Latin-1 name would otherwise become U+FFFD: two names would collide, and neither would match the XML's
        throw new DataFormatException(in.file(), in.line, "not UTF-8 text: ALT reads UTF-8 (convert it, e.g. iconv -f"
            + " ISO-8859-1 -t UTF-8)");
      }
      Scanner sc = new Scanner(line, in.file(), in.line);
      sc.skipSpace();
      if (sc.atEnd()) {
        continue;
      }
      if (sc.peek() != '@') {
        throw sc.error(relation == null ? "expected @relation (is this an ARFF file?)"
            : "expected @attribute or @data");
      }
      String keyword = sc.word().toLowerCase(Locale.ROOT);
      switch (keyword) {
        case "@relation" -> {
          if (relation != null || !attributes.isEmpty()) {
            throw sc.error("@relation must appear once, before the attributes");
          }
          sc.skipSpace();
          relation = sc.atEnd() ? "" : sc.name();
        }
        case "@attribute" -> {
          if (relation == null) {
            throw sc.error("expected @relation before the first @attribute");
          }
          ArffAttribute a = sc.attribute();
          if (byName.putIfAbsent(a.name, attributes.size()) != null) {
            throw sc.error("duplicate attribute name " + Numbers.quote(a.name));
          }
          attributes.add(a);
        }
        case "@data" -> {
          if (relation == null) {
            throw sc.error("expected @relation before @data");
          }
          if (attributes.isEmpty()) {
            throw sc.error("@data before any @attribute");
          }
          sc.skipSpace();
          if (!sc.atEnd()) {
            throw sc.error("unexpected text after @data (rows start on the next line)");
          }
          return new ArffHeader(relation, List.copyOf(attributes), byName);
        }
        default -> throw sc.error("unknown keyword " + Numbers.quote(keyword) + " (expected @relation, @attribute or @data)");
      }
    }
    throw new DataFormatException(in.file(), in.line, relation == null
        ? "no @relation line: not an ARFF file" : "missing @data section (the file ends in the header)");
  }

  /** Tokenizer for one header line: quoted names with backslash escapes, {@code %} comments. */
  static final class Scanner {
    private final String s;
    private final String file;
    private final long line;
    private int pos;

    Scanner(String s, String file, long line) {
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
}
