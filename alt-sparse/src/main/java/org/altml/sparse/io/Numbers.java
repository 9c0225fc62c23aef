package org.altml.sparse.io;

import ch.randelshofer.fastdoubleparser.JavaFloatParser;
import java.nio.charset.StandardCharsets;

/** Byte-level number parsing shared by the readers: no allocation on the success path. */
final class Numbers {
  /** {@link #parseIndex} result: the token is empty or holds a character other than a digit. */
  static final long NOT_AN_INTEGER = -1;
  /** {@link #parseIndex} result: the token starts with a minus sign followed by digits. */
  static final long NEGATIVE = -2;
  /** {@link #parseIndex} result: the value does not fit an {@code int}. */
  static final long TOO_LARGE = -3;

  // 10^k for k <= 10 are exact floats (5^10 < 2^24), so m / 10^k for m < 2^24 computed in double and
  // rounded to float is correctly rounded (double rounding is innocuous for / when 53 >= 2*24 + 2).
  private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10};

  private Numbers() {}

  /**
   * Parses the non-negative decimal integer in {@code b[s, e)}; returns it, or one of the negative codes
   * {@link #NOT_AN_INTEGER}, {@link #NEGATIVE}, {@link #TOO_LARGE}.
   */
  static long parseIndex(byte[] b, int s, int e) {
    if (s >= e) {
      return NOT_AN_INTEGER;
    }
    if (b[s] == '-') {
      for (int i = s + 1; i < e; i++) {
        if (b[i] < '0' || b[i] > '9') {
          return NOT_AN_INTEGER;
        }
      }
      return e - s > 1 ? NEGATIVE : NOT_AN_INTEGER;
    }
    if (b[s] == '+') {
      s++;
      if (s >= e) {
        return NOT_AN_INTEGER;
      }
    }
    long v = 0;
    for (int i = s; i < e; i++) {
      int c = b[i] - '0';
      if (c < 0 || c > 9) {
        return NOT_AN_INTEGER;
      }
      v = v * 10 + c;
      if (v > Integer.MAX_VALUE) {
        // keep scanning so that "99999999999x" is still reported as not an integer
        for (int j = i + 1; j < e; j++) {
          if (b[j] < '0' || b[j] > '9') {
            return NOT_AN_INTEGER;
          }
        }
        return TOO_LARGE;
      }
    }
    return v;
  }

  /**
   * Parses the decimal floating-point number in {@code b[s, e)} (optional sign, digits, optional fraction
   * and exponent), correctly rounded to float. Returns NaN when the token is not such a number (including
   * the words NaN and Infinity, hexadecimal and Java's {@code f}/{@code d} suffixes) and an infinity when
   * it overflows; the caller rejects both and explains with {@link #floatProblem}.
   */
  static float parseFloat(byte[] b, int s, int e) {
    // fast path (Clinger): [-+]digits[.digits] with a mantissa below 2^24 and at most 10 decimals
    int i = s;
    boolean negative = false;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    long m = 0;
    int digits = 0;
    int fraction = 0;
    boolean dot = false;
    for (; i < e; i++) {
      int c = b[i] - '0';
      if (c >= 0 && c <= 9) {
        m = m * 10 + c;
        digits++;
        if (dot) {
          fraction++;
        }
        if (m >= (1 << 24)) {
          return slowParse(b, s, e);
        }
      } else if (b[i] == '.' && !dot) {
        dot = true;
      } else {
        return slowParse(b, s, e);
      }
    }
    if (digits == 0 || fraction > 10) {
      return slowParse(b, s, e);
    }
    float v = fraction == 0 ? (float) m : (float) (m / POW10[fraction]);
    return negative ? -v : v;
  }

  private static float slowParse(byte[] b, int s, int e) {
    if (s >= e) {
      return Float.NaN;
    }
    for (int i = s; i < e; i++) {
      byte c = b[i];
      if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) {
        return Float.NaN;
      }
    }
    try {
      return JavaFloatParser.parseFloat(b, s, e - s);
    } catch (NumberFormatException ex) {
      return Float.NaN;
    }
  }

  /** Explains why {@link #parseFloat} rejected {@code b[s, e)}. */
  static String floatProblem(byte[] b, int s, int e) {
    String t = token(b, s, e).toLowerCase(java.util.Locale.ROOT);
    if (t.equals("nan") || t.matches("[+-]?(nan|inf|infinity)")) {
      return "value " + quote(t) + " is NaN or infinite; only finite numbers are allowed";
    }
    float v = slowParse(b, s, e);
    if (Float.isInfinite(v)) {
      return "value " + quote(t) + " is outside the float range";
    }
    return "value " + quote(t) + " is not a number";
  }

  /** The bytes {@code b[s, e)} as text for messages, at most 60 characters. */
  static String token(byte[] b, int s, int e) {
    int n = Math.min(e - s, 60);
    String t = new String(b, s, Math.max(n, 0), StandardCharsets.UTF_8);
    return e - s > n ? t + "..." : t;
  }

  /** Quotes a token for a message. */
  static String quote(String token) {
    return "'" + token + "'";
  }
}
