package org.altml.sparse.io.internal;

import ch.randelshofer.fastdoubleparser.JavaFloatParser;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Byte-level number parsing shared by the readers: no allocation on the success path. */
public final class Numbers {
  /** {@link #parseIndex} result: the token is empty or holds a character other than a digit. */
  static final long NOT_AN_INTEGER = -1;
  /** {@link #parseIndex} result: the token starts with a minus sign followed by digits. */
  public static final long NEGATIVE = -2;
  /** {@link #parseIndex} result: the value does not fit an {@code int}. */
  public static final long TOO_LARGE = -3;

  private Numbers() {}

  /**
   * Parses the non-negative decimal integer in {@code b[s, e)}; returns it, or one of the negative codes
   * {@link #NOT_AN_INTEGER}, {@link #NEGATIVE}, {@link #TOO_LARGE}.
   */
  public static long parseIndex(byte[] b, int s, int e) {
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

  /** 10^k, k < 8, as longs. */
  private static final long[] POW10_LONG = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L};

  /**
   * How many of the eight bytes {@code b[i, i + 8)} are digits before the first one that is not (0 to 8): the
   * lowest byte flagged by {@link #eightDigits}' test, which flags no digit below the first non-digit.
   */
  public static int leadingDigits(byte[] b, int i) {
    long d = (long) LONG_LE.get(b, i) - 0x3030303030303030L;
    long bad = ((d + 0x7676767676767676L) | d) & 0x8080808080808080L;
    return Long.numberOfTrailingZeros(bad) >>> 3; // 64 >>> 3 = 8 when all are digits
  }

  /**
   * The value of the k < 8 digits {@code b[i, i + k)} (k = {@link #leadingDigits}; eight bytes readable from i):
   * the word shifted so that they are its last k bytes behind 8 − k zero digits, then {@link #eightDigits}'
   * combination.
   */
  public static long digitsValue(byte[] b, int i, int k) {
    long d = ((long) LONG_LE.get(b, i) - 0x3030303030303030L) << (8 * (8 - k)); // k = 0 shifts by 0 (64 mod 64) ...
    d = (d * 10) + (d >>> 8);
    long v = ((d & 0x000000FF000000FFL) * (100 + (1_000_000L << 32)) + ((d >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32))) >>> 32;
    return v & -((k + 7) >>> 3); // ... and is masked to 0 here, without a branch (k varies from token to token)
  }

  /**
   * Parses the decimal floating-point number in {@code b[s, e)} (optional sign, digits, optional fraction
   * and exponent), correctly rounded to float. Returns NaN when the token is not such a number (including
   * the words NaN and Infinity, hexadecimal and Java's {@code f}/{@code d} suffixes) and an infinity when
   * it overflows; the caller rejects both and explains with {@link #floatProblem}.
   */
  public static float parseFloat(byte[] b, int s, int e) {
    float[] value = new float[1];
    if (scanFloat(b, s, e, value, 0) == e) {
      return value[0];
    }
    return slowParse(b, s, e);
  }

  /** {@link #scanFloat(byte[], int, int, float[], int)} packed as {@code (end << 32) | floatBits}, or {@link #NO_FAST_FLOAT}. */
  public static long scanFloat(byte[] b, int s, int e) {
    float[] value = new float[1];
    int end = scanFloat(b, s, e, value, 0);
    return end == NO_FAST_END ? NO_FAST_FLOAT : ((long) end << 32) | (Float.floatToRawIntBits(value[0]) & 0xffffffffL);
  }

  /** {@link #scanFloat(byte[], int, int, float[], int)} result when the text is not a plain decimal it can round exactly. */
  public static final int NO_FAST_END = -1;

  /**
   * One-pass fast path shared by the readers: scans the longest {@code [-+]digits[.digits][(e|E)[-+]digits]}
   * starting at {@code s} (before {@code e}) and, when its value can be rounded to float exactly here,
   * writes the float to {@code out[at]} and returns the position after the number; otherwise
   * {@link #NO_FAST_END} (the caller then takes the general path, which gives the same float for every
   * token this accepts). The caller checks that a delimiter follows the end.
   *
   * <p>The end does not depend on the value: the value's division and rounding checks end in a store and in
   * branches, so a reader moves on to the next token while they complete (returned packed with the value,
   * the end waited for the division, and every token's parse waited for the one before).
   *
   * <p>Exact rounding (Clinger's fast path, widened to double): with a decimal mantissa m below 2^53 and
   * a power of ten 10^q, |q| <= 22, both are exact doubles, so m·10^q or m/10^−q is one correctly rounded
   * double operation, d = RN(x). Rounding d to float gives RN_float(x) unless d is exactly a midpoint
   * between two floats (a midpoint strictly between x and d would be a double closer to x than d): such
   * ties, and their neighbours to be safe, go to the general path.
   */
  public static int scanFloat(byte[] b, int s, int e, float[] out, int at) {
    int i = s;
    boolean negative = false;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    // the integer digits, then an optional '.' and the fraction's digits; eight fraction digits at a time while
    // eight bytes remain (the long fractions of %.9g), which is the same m as eight turns of the digit loop
    // (whose m >= 2^53 check cannot fire while m < EIGHT_DIGITS_LIMIT). Two plain loops and the eight-digit step
    // tried only inside the fraction: trying it at every position (a '0.' before the fraction, the byte after
    // the last digit) made this method 60% of a LIBSVM parse.
    long m = 0;
    int start = i;
    for (; i < e; i++) {
      int c = b[i] - '0';
      if (c < 0 || c > 9) {
        break;
      }
      if (m >= TWO_53) {
        return NO_FAST_END; // too many significant digits for an exact double mantissa
      }
      m = m * 10 + c;
    }
    int digits = i - start;
    int fraction = 0;
    if (i < e && b[i] == '.') {
      i++;
      int fractionStart = i;
      while (m < EIGHT_DIGITS_LIMIT && e - i >= 8) {
        long eight = eightDigits(b, i);
        if (eight < 0) {
          break;
        }
        m = m * 100_000_000L + eight;
        i += 8;
      }
      if (m < EIGHT_DIGITS_LIMIT && e - i >= 8) {
        // fewer than eight digits follow (the step above stopped on a non-digit): count them without a branch
        // per digit and add them at once (a data-dependent loop exit mispredicts on every other token)
        int k = leadingDigits(b, i);
        m = m * POW10_LONG[k] + digitsValue(b, i, k);
        i += k;
      }
      for (; i < e; i++) {
        int c = b[i] - '0';
        if (c < 0 || c > 9) {
          break;
        }
        if (m >= TWO_53) {
          return NO_FAST_END;
        }
        m = m * 10 + c;
      }
      fraction = i - fractionStart;
      digits += fraction;
    }
    if (digits == 0 || m >= TWO_53) {
      return NO_FAST_END;
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
        return NO_FAST_END;
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
        return NO_FAST_END;
      }
      double d = q < 0 ? m / POW10_EXACT[-q] : m * POW10_EXACT[q];
      if (d > Float.MAX_VALUE) {
        return NO_FAST_END;
      }
      // the 29 bits a double carries below a (normal) float's last bit: 1 << 28 is the midpoint
      long low = Double.doubleToRawLongBits(d) & ((1L << 29) - 1);
      if (Math.abs(low - (1L << 28)) <= 1) {
        return NO_FAST_END;
      }
      v = (float) d;
    }
    out[at] = negative ? -v : v;
    return i;
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
  public static String floatProblem(byte[] b, int s, int e) {
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
  public static String token(byte[] b, int s, int e) {
    int n = Math.min(e - s, 60);
    String t = new String(b, s, Math.max(n, 0), StandardCharsets.UTF_8);
    return e - s > n ? t + "..." : t;
  }

  /** Quotes a token for a message. */
  public static String quote(String token) {
    return "'" + token + "'";
  }
}
