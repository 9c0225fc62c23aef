package org.altml.sparse.io.arff;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.internal.LineInput;
import org.altml.sparse.io.internal.Numbers;

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
      ArffLineScanner sc = new ArffLineScanner(line, in.file(), in.line);
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
}
