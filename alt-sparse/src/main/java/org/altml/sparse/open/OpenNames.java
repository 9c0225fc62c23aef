package org.altml.sparse.open;

/**
 * The rule every label and feature name follows, in every format (so that a model's names can be written in any of
 * them): not empty, no whitespace, no control character, no {@code ','} and no {@code ':'} (the separators of the
 * LIBSVM formats). And the decimal text of a numeric id.
 */
final class OpenNames {
  private OpenNames() {}

  /** What is wrong with {@code name} as a label or feature name, or null when it is a valid name. */
  static String problem(String name) {
    if (name.isEmpty()) {
      return "empty name";
    }
    for (int i = 0; i < name.length(); ) {
      int c = name.codePointAt(i);
      String what = c == ',' ? "a ','"
          : c == ':' ? "a ':'"
          : Character.isWhitespace(c) || Character.isSpaceChar(c) ? "whitespace"
          : Character.isISOControl(c) ? "a control character"
          : Character.isSurrogate((char) c) ? "an unpaired surrogate (it is not Unicode text)"
          : null;
      if (what != null) {
        return "name " + quote(name) + " contains " + what + " (a name has no whitespace, control character, ',' or ':')";
      }
      i += Character.charCount(c);
    }
    return null;
  }

  /** Whether {@code s} is the decimal text of a non-negative int as {@link Integer#toString} writes it. */
  static boolean isDecimal(String s) {
    int n = s.length();
    if (n == 0 || n > 10 || (n > 1 && s.charAt(0) == '0')) {
      return false;
    }
    long v = 0;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      v = v * 10 + (c - '0');
    }
    return v <= Integer.MAX_VALUE;
  }

  /** A name quoted for a message, at most 60 characters of it. */
  static String quote(String name) {
    return "\"" + (name.length() > 60 ? name.substring(0, 60) + "..." : name) + "\"";
  }
}
