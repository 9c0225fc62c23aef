package org.altml.sparse.open;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import org.altml.sparse.SparseVectorBuilder;
import org.altml.sparse.io.DataFormatException;
import org.apache.commons.codec.digest.MurmurHash3;

/**
 * Feature hashing into 2^B rows ({@code --hash-bits B}), as Vowpal Wabbit does (docs/spec.md#open-features): with h the
 * 32-bit MurmurHash3 (x86_32, seed 0) of the name's UTF-8 bytes, the row is {@code h mod 2^B} and the sign is -1 when
 * bit 31 of h is set, else +1; two names of one row add their signed values. Nothing grows and nothing is stored: a
 * hashed model has no feature names. {@link #collisions} measures how many names share a row.
 */
public final class FeatureHashing implements FeatureVocabulary {
  /** The smallest B. */
  public static final int MIN_BITS = 1;
  /** The largest B (2^30 rows, a model of 2^30 rows times the labels). */
  public static final int MAX_BITS = 30;

  private final int bits;
  private final int mask;

  /**
   * Hashing into 2^{@code bits} rows.
   *
   * @throws IllegalArgumentException unless {@code 1 <= bits <= 30}
   */
  public FeatureHashing(int bits) {
    if (bits < MIN_BITS || bits > MAX_BITS) {
      throw new IllegalArgumentException("--hash-bits " + bits + ": the number of hash bits B must be from " + MIN_BITS
          + " to " + MAX_BITS + " (2^B rows)");
    }
    this.bits = bits;
    this.mask = (1 << bits) - 1;
  }

  /** B. */
  public int bits() {
    return bits;
  }

  /** MurmurHash3 x86_32, seed 0, of the UTF-8 bytes of {@code name}. */
  public static int hash(String name) {
    byte[] b = name.getBytes(StandardCharsets.UTF_8);
    return MurmurHash3.hash32x86(b, 0, b.length, 0);
  }

  /** The signed row of a hash: the row, or {@code ~row} (negative) when the sign is -1. */
  int signedRow(int h) {
    int row = h & mask;
    return h < 0 ? ~row : row;
  }

  /** The signed row ({@link #signedRow(int)}) of the name in UTF-8 bytes {@code b[s, e)}. */
  int signedRow(byte[] b, int s, int e) {
    return signedRow(MurmurHash3.hash32x86(b, s, e - s, 0));
  }

  /** The sign, -1 or +1, of {@code name}. */
  public static float sign(String name) {
    return hash(name) < 0 ? -1f : 1f;
  }

  @Override
  public void add(String name, float value, SparseVectorBuilder out, String where) throws DataFormatException {
    String problem = OpenNames.problem(name);
    if (problem != null) {
      throw new DataFormatException(where, 0, "feature " + problem);
    }
    addKnown(name, value, out);
  }

  @Override
  public boolean addKnown(String name, float value, SparseVectorBuilder out) {
    int h = hash(name);
    out.add(h & mask, h < 0 ? -value : value);
    return true;
  }

  @Override
  public int row(String name) {
    return hash(name) & mask;
  }

  @Override
  public boolean hasNames() {
    return false;
  }

  @Override
  public String featureName(int row) {
    throw new IllegalStateException("the model hashes its features into 2^" + bits + " rows (--hash-bits " + bits
        + "): it has no feature names");
  }

  @Override
  public int numRows() {
    return 1 << bits;
  }

  @Override
  public String describe() {
    return "hashing into 2^" + bits + " rows";
  }

  /**
   * How many of the distinct {@code names} hash into 2^{@code bits} rows to a row that an earlier, different name took:
   * the distinct names less the distinct rows they use. Memory grows with the distinct names (it cannot be counted in
   * less), so this is for benchmarks over a known set of names, not for a running stream.
   */
  public static long collisions(Iterable<String> names, int bits) {
    FeatureHashing h = new FeatureHashing(bits);
    HashSet<String> distinct = new HashSet<>();
    IntOpenHashSet rows = new IntOpenHashSet();
    for (String name : names) {
      if (distinct.add(name)) {
        rows.add(h.row(name));
      }
    }
    return distinct.size() - (long) rows.size();
  }

  /** Equal when B is. */
  @Override
  public boolean equals(Object o) {
    return o instanceof FeatureHashing h && h.bits == bits;
  }

  @Override
  public int hashCode() {
    return bits;
  }

  @Override
  public String toString() {
    return describe();
  }
}
