package org.altml.core.metric;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * An exact sum of finite doubles (a Kulisch-style superaccumulator): every double is an integer
 * multiple of 2^-1074, so the sum is kept as an integer in 32-bit digits spread over 68 {@code long}s
 * covering the whole double range, and {@link #value()} rounds it once, to nearest even. The value
 * therefore does not depend on the order of additions or merges, and subtracting a value added earlier
 * removes it exactly. Adding costs O(1) (three digit updates, a carry pass every 2^28 additions);
 * {@link #value()} costs O(68) and allocates.
 */
final class ExactSum {
  private static final int DIGITS = 68;
  private static final long MASK = 0xFFFF_FFFFL;
  private static final int NORMALIZE_EVERY = 1 << 28;

  private final long[] digits = new long[DIGITS];
  private int pending;

  /** In place: adds {@code x} exactly. */
  void add(double x) {
    assert Double.isFinite(x) : x;
    if (x == 0.0) {
      return;
    }
    long bits = Double.doubleToRawLongBits(x);
    int exponent = (int) ((bits >>> 52) & 0x7FF);
    long mantissa = bits & 0xF_FFFF_FFFF_FFFFL;
    if (exponent == 0) {
      exponent = 1; // subnormal: no implicit bit, same scale as the smallest normal exponent
    } else {
      mantissa |= 1L << 52;
    }
    // |x| = mantissa · 2^(exponent − 1075) = mantissa · 2^(position) in units of 2^-1074
    int position = exponent - 1;
    int chunk = position >>> 5;
    int shift = position & 31;
    long a = (mantissa & MASK) << shift; // at most 63 bits
    long b = (mantissa >>> 32) << shift; // at most 52 bits
    if (bits < 0) {
      digits[chunk] -= a & MASK;
      digits[chunk + 1] -= (a >>> 32) + (b & MASK);
      digits[chunk + 2] -= b >>> 32;
    } else {
      digits[chunk] += a & MASK;
      digits[chunk + 1] += (a >>> 32) + (b & MASK);
      digits[chunk + 2] += b >>> 32;
    }
    if (++pending >= NORMALIZE_EVERY) {
      normalize();
    }
  }

  /** In place: adds every value added to {@code other}, exactly. */
  void add(ExactSum other) {
    normalize();
    other.normalize();
    for (int i = 0; i < DIGITS; i++) {
      digits[i] += other.digits[i];
    }
    pending = 2;
  }

  /** Propagates carries so that every digit but the top one is in [0, 2^32); the value is unchanged. */
  private void normalize() {
    for (int i = 0; i < DIGITS - 1; i++) {
      long carry = digits[i] >> 32;
      digits[i] -= carry << 32;
      digits[i + 1] += carry;
    }
    pending = 0;
  }

  /** The sum rounded to the nearest double (ties to even). */
  double value() {
    normalize();
    BigInteger total = BigInteger.valueOf(digits[DIGITS - 1]);
    for (int i = DIGITS - 2; i >= 0; i--) {
      total = total.shiftLeft(32).add(BigInteger.valueOf(digits[i]));
    }
    int sign = total.signum();
    if (sign == 0) {
      return 0.0;
    }
    BigInteger magnitude = total.abs();
    int length = magnitude.bitLength();
    double result;
    if (length <= 53) {
      result = Math.scalb((double) magnitude.longValueExact(), -1074);
    } else {
      int drop = length - 53;
      long top = magnitude.shiftRight(drop).longValueExact();
      boolean half = magnitude.testBit(drop - 1);
      boolean sticky = magnitude.getLowestSetBit() < drop - 1;
      if (half && (sticky || (top & 1L) == 1L)) {
        top++;
      }
      result = Math.scalb((double) top, drop - 1074);
    }
    return sign < 0 ? -result : result;
  }

  void clear() {
    Arrays.fill(digits, 0L);
    pending = 0;
  }

  /** Writes the exact state (for checkpoints); {@link #read} restores it bit for bit. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    for (long d : digits) {
      out.writeLong(d);
    }
    out.writeInt(pending);
  }

  /** Reads a state written by {@link #write} into this sum. */
  void read(java.io.DataInput in) throws java.io.IOException {
    for (int i = 0; i < DIGITS; i++) {
      digits[i] = in.readLong();
    }
    pending = in.readInt();
  }
}
