package org.altml.sparse.synth;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * When each label of a generated stream is born (docs/spec.md#open-labels): label l never appears in an example
 * whose 0-based index is below its birth b_l, and from b_l on it appears with its usual frequency. Either an
 * explicit schedule or a seeded one: a fraction of the labels present from the start (b = 0), the others born at
 * independent uniform times in [1, horizon). Immutable; the same arguments give the same births everywhere.
 */
public final class LabelBirths {
  private final long[] births;

  private LabelBirths(long[] births) {
    this.births = births;
  }

  /**
   * An explicit schedule: {@code births[l]} is the index of the first example that may carry label l.
   *
   * @throws IllegalArgumentException if there is no label or a birth is negative (naming the label)
   */
  public static LabelBirths of(long... births) {
    if (births.length == 0) {
      throw new IllegalArgumentException("a birth schedule needs at least one label");
    }
    for (int l = 0; l < births.length; l++) {
      if (births[l] < 0) {
        throw new IllegalArgumentException("the birth of label " + l + " must be >= 0: " + births[l]);
      }
    }
    return new LabelBirths(births.clone());
  }

  /** Every label present from the first example (the closed stream). */
  public static LabelBirths allPresent(int numLabels) {
    if (numLabels < 1) {
      throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
    }
    return new LabelBirths(new long[numLabels]);
  }

  /**
   * A seeded schedule: ⌈presentFraction·L⌉ labels, chosen by a seeded shuffle, are present from the start; each
   * other label is born at an independent uniform index in [1, horizon).
   *
   * @param numLabels L, at least 1
   * @param presentFraction the fraction of labels present from the start, in [0, 1]
   * @param horizon the births of the others lie below it; at least 2 (the stream length suits)
   * @param seed the seed of the shuffle and of the birth times
   */
  public static LabelBirths spread(int numLabels, double presentFraction, long horizon, long seed) {
    if (numLabels < 1) {
      throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
    }
    if (!(presentFraction >= 0 && presentFraction <= 1)) {
      throw new IllegalArgumentException("presentFraction must be in [0, 1]: " + presentFraction);
    }
    if (horizon < 2) {
      throw new IllegalArgumentException("horizon must be >= 2: " + horizon);
    }
    // a constant mixed into the seed, so that births and a generator given the same seed draw unrelated numbers
    SplittableRandom random = new SplittableRandom(seed ^ 0x6c61626c62697274L);
    int[] order = new int[numLabels];
    for (int l = 0; l < numLabels; l++) {
      order[l] = l;
    }
    for (int i = numLabels - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int present = (int) Math.min(numLabels, Math.ceil(presentFraction * numLabels));
    long[] births = new long[numLabels];
    for (int k = present; k < numLabels; k++) {
      births[order[k]] = random.nextLong(1, horizon);
    }
    return new LabelBirths(births);
  }

  /** L, the number of labels. */
  public int numLabels() {
    return births.length;
  }

  /** The index of the first example that may carry {@code label}. */
  public long birth(int label) {
    return births[label];
  }

  /** Every label's birth, by label (a copy). */
  public long[] births() {
    return births.clone();
  }

  /** Whether example {@code index} (0-based) may carry {@code label}. */
  public boolean born(int label, long index) {
    return index >= births[label];
  }

  /** How many labels are born by example {@code index} (included). */
  public int bornBy(long index) {
    int n = 0;
    for (long b : births) {
      n += b <= index ? 1 : 0;
    }
    return n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LabelBirths other && Arrays.equals(births, other.births);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(births);
  }

  @Override
  public String toString() {
    return "LabelBirths" + Arrays.toString(births);
  }
}
