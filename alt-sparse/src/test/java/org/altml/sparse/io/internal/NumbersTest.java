package org.altml.sparse.io.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The readers' float fast path against {@link Float#parseFloat}, bit for bit. */
class NumbersTest {
  private static float parse(String s) {
    byte[] b = s.getBytes(StandardCharsets.US_ASCII);
    return Numbers.parseFloat(b, 0, b.length);
  }

  private static void assertSameAsJdk(String s, String context) {
    float expected = Float.parseFloat(s);
    assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(parse(s)),
        context + ": '" + s + "' expected " + expected + " got " + parse(s));
  }

  @Test
  void handPickedTokens() {
    for (String s : new String[] {
        "0", "-0", "+0", "1", "-1", "1.", ".5", "0.1", "0.123456789", "16777217", "16777216.5",
        "1e3", "1E-3", "1.5e+2", "-2.5E-7", "1.2345678E-4", "3.4028235e38", "1.4e-45",
        "0.33333334", "9007199254740993", "0.000000000000000000000001", "123456789012345678901234",
        "1.00000005960464477539062", "1.000000059604644775390625", "1.0000000596046448", "2.9802322e-8"}) {
      assertSameAsJdk(s, "hand-picked");
    }
    // -0 keeps its sign
    assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(parse("-0")));
  }

  @Test
  void scanStopsAtTheFirstCharacterAfterTheNumber() {
    byte[] b = "12.5e1,7".getBytes(StandardCharsets.US_ASCII);
    long r = Numbers.scanFloat(b, 0, b.length);
    assertEquals(6, (int) (r >>> 32));
    assertEquals(125f, Float.intBitsToFloat((int) r));
    byte[] word = "abc".getBytes(StandardCharsets.US_ASCII);
    assertEquals(Numbers.NO_FAST_FLOAT, Numbers.scanFloat(word, 0, 3));
    byte[] badExponent = "1e".getBytes(StandardCharsets.US_ASCII);
    assertEquals(Numbers.NO_FAST_FLOAT, Numbers.scanFloat(badExponent, 0, 2));
    assertTrue(Float.isNaN(parse("1e")));
    assertTrue(Float.isNaN(parse("?")));
  }

  @Test
  void eightDigitsAtOnceMatchesTheDigitsOneByOne() {
    SplittableRandom random = new SplittableRandom(88L);
    for (int i = 0; i < 200_000; i++) {
      byte[] b = new byte[8];
      long byHand = 0;
      boolean allDigits = true;
      for (int k = 0; k < 8; k++) {
        // mostly digits, sometimes a neighbour of the digit range or any byte
        int kind = random.nextInt(20);
        b[k] = (byte) (kind == 0 ? random.nextInt(256) : kind == 1 ? ('0' - 1 - random.nextInt(3)) : kind == 2 ? ('9' + 1 + random.nextInt(3))
            : '0' + random.nextInt(10));
        allDigits &= b[k] >= '0' && b[k] <= '9';
        byHand = byHand * 10 + (b[k] - '0');
      }
      assertEquals(allDigits ? byHand : -1, Numbers.eightDigits(b, 0), () -> new String(b, StandardCharsets.ISO_8859_1));
    }
    assertEquals(99_999_999L, Numbers.eightDigits("99999999".getBytes(StandardCharsets.US_ASCII), 0));
    assertEquals(12_345_678L, Numbers.eightDigits("x12345678".getBytes(StandardCharsets.US_ASCII), 1));
  }

  @Test
  void leadingDigitsAndTheirValueMatchTheDigitsOneByOne() {
    SplittableRandom random = new SplittableRandom(89L);
    for (int i = 0; i < 200_000; i++) {
      byte[] b = new byte[9];
      for (int k = 0; k < 9; k++) {
        int kind = random.nextInt(6);
        b[k] = (byte) (kind == 0 ? random.nextInt(256) : kind == 1 ? ' ' : kind == 2 ? ':' : '0' + random.nextInt(10));
      }
      int at = random.nextInt(2);
      int k = 0;
      long byHand = 0;
      while (k < 8 && b[at + k] >= '0' && b[at + k] <= '9') {
        byHand = byHand * 10 + (b[at + k] - '0');
        k++;
      }
      String text = new String(b, StandardCharsets.ISO_8859_1);
      assertEquals(k, Numbers.leadingDigits(b, at), text);
      if (k < 8) {
        assertEquals(byHand, Numbers.digitsValue(b, at, k), text);
      }
    }
  }

  @Test
  void longFractionsAsTheYardstickWritesThemMatchTheJdk() {
    SplittableRandom random = new SplittableRandom(9L);
    for (int i = 0; i < 50_000; i++) {
      double u = random.nextDouble() * Math.pow(10, random.nextInt(-3, 9));
      assertSameAsJdk(String.format(Locale.ROOT, "%." + (1 + random.nextInt(17)) + "g", u).trim(), "seed 9");
      assertSameAsJdk(Long.toString(random.nextLong(0, Long.MAX_VALUE) >>> random.nextInt(64)), "seed 9 integer");
    }
  }

  @Test
  void shortestReprsOfRandomFloatsRoundTrip() {
    long seed = 20261121L;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 100_000; i++) {
      float f = Float.intBitsToFloat(random.nextInt());
      if (!Float.isFinite(f)) {
        continue;
      }
      String s = Float.toString(f);
      float got = parse(s);
      assertEquals(Float.floatToRawIntBits(f), Float.floatToRawIntBits(got), "seed " + seed + ": " + s);
    }
  }

  @Test
  void longDecimalsNearFloatMidpointsMatchTheJdk() {
    long seed = 7L;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 20_000; i++) {
      // a float midpoint printed with 9 to 17 significant digits, rounded either way, hits the tie check
      float f = Float.intBitsToFloat(random.nextInt(0x3000_0000, 0x5000_0000));
      double mid = ((double) f + (double) Math.nextUp(f)) / 2;
      int digits = 9 + random.nextInt(9);
      String s = String.format(Locale.ROOT, "%." + digits + "g", mid).trim();
      assertSameAsJdk(s, "seed " + seed);
      double u = random.nextDouble();
      String plain = String.format(Locale.ROOT, "%." + digits + "f", u);
      assertSameAsJdk(plain, "seed " + seed);
    }
  }
}
