package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.altml.sparse.SparseVectorBuilder;
import org.apache.commons.codec.digest.MurmurHash3;
import org.junit.jupiter.api.Test;

class FeatureHashingTest {
  private static int murmur(byte[] b, int seed) {
    return MurmurHash3.hash32x86(b, 0, b.length, seed);
  }

  private static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  /** Published MurmurHash3_x86_32 test vectors (the ones collected from the reference C code, tails and seeds included). */
  @Test
  void murmurHash3MatchesThePublishedVectors() {
    assertEquals(0, murmur(new byte[0], 0));
    assertEquals(0x514E28B7, murmur(new byte[0], 1));
    assertEquals(0x81F16F39, murmur(new byte[0], 0xffffffff));
    assertEquals(0x76293B50, murmur(bytes(0xff, 0xff, 0xff, 0xff), 0));
    assertEquals(0xF55B516B, murmur(bytes(0x21, 0x43, 0x65, 0x87), 0));
    assertEquals(0x2362F9DE, murmur(bytes(0x21, 0x43, 0x65, 0x87), 0x5082EDEE));
    assertEquals(0x7E4A8634, murmur(bytes(0x21, 0x43, 0x65), 0));
    assertEquals(0xA0F7B07A, murmur(bytes(0x21, 0x43), 0));
    assertEquals(0x72661CF4, murmur(bytes(0x21), 0));
    assertEquals(0x2362F9DE, murmur(bytes(0, 0, 0, 0), 0));
    assertEquals(0x85F0B427, murmur(bytes(0, 0, 0), 0));
    assertEquals(0x30F4C306, murmur(bytes(0, 0), 0));
    assertEquals(0x514E28B7, murmur(bytes(0), 0));
    int seed = 0x9747b28c;
    assertEquals(0x5A97808A, murmur(ascii("aaaa"), seed));
    assertEquals(0x283E0130, murmur(ascii("aaa"), seed));
    assertEquals(0x5D211726, murmur(ascii("aa"), seed));
    assertEquals(0x7FA09EA6, murmur(ascii("a"), seed));
    assertEquals(0xF0478627, murmur(ascii("abcd"), seed));
    assertEquals(0xC84A62DD, murmur(ascii("abc"), seed));
    assertEquals(0x74875592, murmur(ascii("ab"), seed));
    assertEquals(0x24884CBA, murmur(ascii("Hello, world!"), seed));
    assertEquals(0xD58063C1, murmur("ππππππππ".getBytes(StandardCharsets.UTF_8), seed));
    assertEquals(0x37405BDC, murmur(ascii("a".repeat(256)), seed));
    assertEquals(0x2FA826CD, murmur(ascii("The quick brown fox jumps over the lazy dog"), seed));
    assertEquals(0xB3DD93FA, murmur(ascii("abc"), 0));
    assertEquals(0xEE925B90, murmur(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), 0));
  }

  /** SMHasher's verification value of MurmurHash3_x86_32 (keys 0, 0 1, ..., 0..254 with seeds 256 - n, hashed again). */
  @Test
  void murmurHash3PassesSmHashersVerification() {
    byte[] key = new byte[256];
    byte[] hashes = new byte[256 * 4];
    for (int i = 0; i < 256; i++) {
      key[i] = (byte) i;
      int h = MurmurHash3.hash32x86(key, 0, i, 256 - i);
      for (int k = 0; k < 4; k++) {
        hashes[4 * i + k] = (byte) (h >>> (8 * k));
      }
    }
    assertEquals(0xB0F57EE3, murmur(hashes, 0));
  }

  @Test
  void theNamesHashIsMurmurOfItsUtf8BytesWithSeedZero() {
    assertEquals(0, FeatureHashing.hash(""));
    assertEquals(0xB3DD93FA, FeatureHashing.hash("abc"));
    String greek = "λόγος";
    assertEquals(murmur(greek.getBytes(StandardCharsets.UTF_8), 0), FeatureHashing.hash(greek));
  }

  @Test
  void rowIsTheLowBitsAndSignIsBit31() throws Exception {
    FeatureHashing h = new FeatureHashing(10);
    assertEquals(1024, h.numRows());
    Random random = new Random(7);
    int negatives = 0;
    for (int i = 0; i < 2000; i++) {
      String name = "w" + random.nextInt(1_000_000);
      int hash = FeatureHashing.hash(name);
      assertEquals(hash & 1023, h.row(name), name);
      float sign = hash < 0 ? -1f : 1f;
      assertEquals(sign, FeatureHashing.sign(name), name);
      SparseVectorBuilder out = new SparseVectorBuilder();
      h.add(name, 2.5f, out, "test");
      assertEquals(1, out.size());
      assertEquals(hash & 1023, out.sortedIndices()[0]);
      assertEquals(2.5f * sign, out.sortedValues()[0]);
      negatives += hash < 0 ? 1 : 0;
    }
    assertTrue(negatives > 800 && negatives < 1200, "about half the signs are -1: " + negatives);
  }

  @Test
  void hashBitsOutsideOneToThirtyAreRefused() {
    for (int bits : new int[] {0, -1, 31, 32}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FeatureHashing(bits));
      assertTrue(e.getMessage().contains("--hash-bits " + bits) && e.getMessage().contains("from 1 to 30"), e.getMessage());
    }
    assertEquals(2, new FeatureHashing(1).numRows());
    assertEquals(1 << 30, new FeatureHashing(30).numRows());
  }

  @Test
  void aHashedModelHasNoFeatureNames() {
    FeatureHashing h = new FeatureHashing(18);
    assertFalse(h.hasNames());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> h.featureName(3));
    assertEquals("the model hashes its features into 2^18 rows (--hash-bits 18): it has no feature names", e.getMessage());
    assertEquals("hashing into 2^18 rows", h.describe());
    assertTrue(h.addKnown("never-seen", 1f, new SparseVectorBuilder()), "every name has a row");
  }

  @Test
  void collisionsCountDistinctNamesThatFoundTheirRowTaken() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      names.add("n" + i);
      names.add("n" + i); // a name seen again is no collision
    }
    // 100 distinct names into 2 rows: two rows used, so 98 found theirs taken
    assertEquals(98, FeatureHashing.collisions(names, 1));
    FeatureHashing h = new FeatureHashing(8);
    java.util.Set<Integer> rows = new java.util.HashSet<>();
    for (int i = 0; i < 100; i++) {
      rows.add(h.row("n" + i));
    }
    assertEquals(100 - rows.size(), FeatureHashing.collisions(names, 8));
    FeatureHashing wide = new FeatureHashing(30);
    assertTrue(wide.row("a") != wide.row("b"));
    assertEquals(0, FeatureHashing.collisions(List.of("a", "b", "a"), 30));
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
