package org.altml.sparse.io;

import ch.randelshofer.fastdoubleparser.JavaFloatParser;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Byte-level number parsing shared by the readers: no allocation on the success path. */
final class Numbers {
  /** {@link #parseIndex} result: the token is empty or holds a character other than a digit. */
  static final long NOT_AN_INTEGER = -1;
  /** {@link #parseIndex} result: the token starts with a minus sign followed by digits. */
  static final long NEGATIVE = -2;
  /** {@link #parseIndex} result: the value does not fit an {@code int}. */
  static final long TOO_LARGE = -3;

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

  /** {@link #scanFloat} result when the text at the position is not a plain decimal it can round exactly. */
  static final long NO_FAST_FLOAT = -1L;

  // 10^k, k <= 22, are exact doubles (5^22 < 2^53)
  private static final double[] POW10_EXACT = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
  };
  private static final long TWO_53 = 1L << 53;
  /** Below it, m·10^7 plus seven digits stays below 2^53: eight digits appended one by one never reach the check. */
  private static final long EIGHT_DIGITS_LIMIT = (TWO_53 - 10_000_000L) / 10_000_000L;
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * The value of the eight ASCII digits {@code b[i, i + 8)} (the first the most significant), or -1 when one
   * of the bytes is not a digit (SWAR: a byte is a digit iff subtracting '0' leaves it in [0, 9]; the lowest
   * offending byte sets its high bit in d or in d + 0x76, whatever the bytes above it do).
   */
  static long eightDigits(byte[] b, int i) {
    long v = (long) LONG_LE.get(b, i);
    long d = v - 0x3030303030303030L;
    if ((((d + 0x7676767676767676L) | d) & 0x8080808080808080L) != 0) {
      return -1;
    }
    d = (d * 10) + (d >>> 8); // pairs: each even byte holds 10·a + b
    d = ((d & 0x000000FF000000FFL) * (100 + (1_000_000L << 32)) + ((d >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32))) >>> 32;
    return d;
  }

  /**
   * Parses the decimal floating-point number in {@code b[s, e)} (optional sign, digits, optional fraction
   * and exponent), correctly rounded to float. Returns NaN when the token is not such a number (including
   * the words NaN and Infinity, hexadecimal and Java's {@code f}/{@code d} suffixes) and an infinity when
   * it overflows; the caller rejects both and explains with {@link #floatProblem}.
   */
  static float parseFloat(byte[] b, int s, int e) {
    long r = scanFloat(b, s, e);
    if (r != NO_FAST_FLOAT && (int) (r >>> 32) == e) {
      return Float.intBitsToFloat((int) r);
    }
    return slowParse(b, s, e);
  }

  /**
   * One-pass fast path shared by the readers: scans the longest {@code [-+]digits[.digits][(e|E)[-+]digits]}
   * starting at {@code s} (before {@code e}) and, when its value can be rounded to float exactly here,
   * returns {@code (end << 32) | floatBits}, end being the position after the number; otherwise
   * {@link #NO_FAST_FLOAT} (the caller then takes the general path, which gives the same float for every
   * token this accepts). The caller checks that a delimiter follows {@code end}.
   *
   * <p>Exact rounding (Clinger's fast path, widened to double): with a decimal mantissa m below 2^53 and
   * a power of ten 10^q, |q| <= 22, both are exact doubles, so m·10^q or m/10^−q is one correctly rounded
   * double operation, d = RN(x). Rounding d to float gives RN_float(x) unless d is exactly a midpoint
   * between two floats (a midpoint strictly between x and d would be a double closer to x than d): such
   * ties, and their neighbours to be safe, go to the general path.
   */
  static long scanFloat(byte[] b, int s, int e) {
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
      // eight digits at once (long fractions such as %.9g's): the same m, digits and fraction as eight
      // turns of the loop below, whose m >= 2^53 check cannot fire while m < EIGHT_DIGITS_LIMIT
      if (m < EIGHT_DIGITS_LIMIT && e - i >= 8) {
        long eight = eightDigits(b, i);
        if (eight >= 0) {
          m = m * 100_000_000L + eight;
          digits += 8;
          if (dot) {
            fraction += 8;
          }
          i += 7;
          continue;
        }
      }
      int c = b[i] - '0';
      if (c >= 0 && c <= 9) {
        if (m >= TWO_53) {
          return NO_FAST_FLOAT; // too many significant digits for an exact double mantissa
        }
        m = m * 10 + c;
        digits++;
        if (dot) {
          fraction++;
        }
      } else if (b[i] == '.' && !dot) {
        dot = true;
      } else {
        break;
      }
    }
    if (digits == 0 || m >= TWO_53) {
      return NO_FAST_FLOAT;
    }
    int q = -fraction;
    if (i < e && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      boolean negativeExponent = false;
      if (i < e && (b[i] == '-' || b[i] == '+')) {
        negativeExponent = b[i] == '-';
        i++;
      }
      int x = 0;
      int expDigits = 0;
      while (i < e && b[i] >= '0' && b[i] <= '9' && expDigits < 4) {
        x = x * 10 + (b[i] - '0');
        expDigits++;
        i++;
      }
      if (expDigits == 0 || (i < e && b[i] >= '0' && b[i] <= '9')) {
        return NO_FAST_FLOAT;
      }
      q += negativeExponent ? -x : x;
    }
    float v;
    if (m == 0) {
      v = 0f;
    } else if (q == 0 && m < (1 << 24)) {
      v = (float) m; // exact
    } else {
      if (q < -22 || q > 22) {
        return NO_FAST_FLOAT;
      }
      double d = q < 0 ? m / POW10_EXACT[-q] : m * POW10_EXACT[q];
      if (d > Float.MAX_VALUE) {
        return NO_FAST_FLOAT;
      }
      // the 29 bits a double carries below a (normal) float's last bit: 1 << 28 is the midpoint
      long low = Double.doubleToRawLongBits(d) & ((1L << 29) - 1);
      if (Math.abs(low - (1L << 28)) <= 1) {
        return NO_FAST_FLOAT;
      }
      v = (float) d;
    }
    if (negative) {
      v = -v;
    }
    return ((long) i << 32) | (Float.floatToRawIntBits(v) & 0xffffffffL);
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
