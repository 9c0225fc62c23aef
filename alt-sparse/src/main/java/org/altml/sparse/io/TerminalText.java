package org.altml.sparse.io;

import java.util.Locale;

/**
 * Text that came from a data file, made safe to print as one line on a terminal: a reader's message quotes the
 * offending token as it was, which may hold control characters (a newline, escape sequences from a binary file),
 * Unicode format characters (bidirectional overrides) or line separators. The command line and the Flink adapter
 * print every message through {@link #printable}.
 */
public final class TerminalText {
  private TerminalText() {}

  /** {@code line} with control, format and separator characters as {@code \\xNN} or {@code \\uNNNN}. */
  public static String printable(String line) {
    StringBuilder out = new StringBuilder(line.length());
    line.codePoints().forEach(cp -> {
      int type = Character.getType(cp);
      if (Character.isISOControl(cp) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
          || type == Character.PARAGRAPH_SEPARATOR) {
        out.append(cp < 0x100 ? String.format(Locale.ROOT, "\\x%02x", cp) : String.format(Locale.ROOT, "\\u%04x", cp));
      } else {
        out.appendCodePoint(cp);
      }
    });
    return out.toString();
  }
}
