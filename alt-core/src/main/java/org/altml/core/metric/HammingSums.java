package org.altml.core.metric;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The Hamming loss's sums over a label set that may grow (docs/spec.md#open-metrics): example t contributes
 * |Ŷ_t Δ Y_t| / L_t, so the symmetric differences are summed exactly per L (an integer per group of examples evaluated
 * at the same L) and the loss (1/N)·Σ_L S_L / L is rounded once when a report is made, from the exact rational. With
 * one L, as every fixed-L run has, the value is S / (N·L) computed as it always was, bit for bit. An example evaluated
 * at L = 0 (an open run before its first label) has an empty symmetric difference and contributes 0.
 *
 * <p>Groups are kept in ascending L; a stream adds to its largest L, a sliding window removes from its oldest.
 */
final class HammingSums {
  private int[] labels = new int[1];
  private long[] differences = new long[1];
  private long[] counts = new long[1];
  private int groups;

  /** Adds (sign 1) or removes (sign −1) an example of {@code symDiff} evaluated at {@code numLabels} labels. */
  void add(int sign, int numLabels, long symDiff) {
    int g = groups > 0 && labels[groups - 1] == numLabels ? groups - 1 : find(numLabels);
    differences[g] += sign * symDiff;
    counts[g] += sign;
    if (counts[g] == 0) {
      remove(g); // a window's group whose examples have all left
    }
  }

  /** Adds {@code count} examples of {@code numLabels} labels whose symmetric differences sum to {@code symDiff}. */
  void addGroup(int numLabels, long symDiff, long count) {
    int g = find(numLabels);
    differences[g] += symDiff;
    counts[g] += count;
    if (counts[g] == 0 && differences[g] == 0) {
      remove(g);
    }
  }

  /** The group of {@code numLabels}, inserted (empty) in L order if absent. */
  private int find(int numLabels) {
    int g = Arrays.binarySearch(labels, 0, groups, numLabels);
    if (g >= 0) {
      return g;
    }
    g = -g - 1;
    if (groups == labels.length) {
      labels = Arrays.copyOf(labels, 2 * groups);
      differences = Arrays.copyOf(differences, 2 * groups);
      counts = Arrays.copyOf(counts, 2 * groups);
    }
    System.arraycopy(labels, g, labels, g + 1, groups - g);
    System.arraycopy(differences, g, differences, g + 1, groups - g);
    System.arraycopy(counts, g, counts, g + 1, groups - g);
    labels[g] = numLabels;
    differences[g] = 0;
    counts[g] = 0;
    groups++;
    return g;
  }

  private void remove(int g) {
    System.arraycopy(labels, g + 1, labels, g, groups - g - 1);
    System.arraycopy(differences, g + 1, differences, g, groups - g - 1);
    System.arraycopy(counts, g + 1, counts, g, groups - g - 1);
    groups--;
  }

  void merge(HammingSums o) {
    for (int g = 0; g < o.groups; g++) {
      addGroup(o.labels[g], o.differences[g], o.counts[g]);
    }
  }

  void clear() {
    groups = 0;
  }

  /** Σ |Ŷ Δ Y| over every example, whatever its L. */
  long totalDifference() {
    long s = 0;
    for (int g = 0; g < groups; g++) {
      s += differences[g];
    }
    return s;
  }

  /** Whether every example was evaluated at {@code numLabels} labels (or there is none): the fixed-L case. */
  boolean allAt(int numLabels) {
    return groups == 0 || (groups == 1 && labels[0] == numLabels);
  }

  /** The Hamming loss over {@code examples} examples: (1/N)·Σ_t |Ŷ_t Δ Y_t| / L_t, NaN for none. */
  double value(long examples) {
    if (examples == 0) {
      return Double.NaN;
    }
    if (groups == 1 && labels[0] > 0) {
      return differences[0] / ((double) examples * labels[0]); // the fixed-L formula, bit for bit
    }
    BigInteger lcm = BigInteger.ONE;
    for (int g = 0; g < groups; g++) {
      if (labels[g] > 0) {
        BigInteger l = BigInteger.valueOf(labels[g]);
        lcm = lcm.divide(lcm.gcd(l)).multiply(l);
      }
    }
    BigInteger num = BigInteger.ZERO;
    for (int g = 0; g < groups; g++) {
      if (labels[g] > 0) {
        num = num.add(BigInteger.valueOf(differences[g]).multiply(lcm.divide(BigInteger.valueOf(labels[g]))));
      }
    }
    return ratio(num, lcm.multiply(BigInteger.valueOf(examples)));
  }

  /** num / den rounded once to the nearest double (ties to even), for 0 ≤ num and 0 < den, a normal or zero result. */
  static double ratio(BigInteger num, BigInteger den) {
    if (num.signum() == 0) {
      return 0.0;
    }
    int shift = den.bitLength() - num.bitLength() + 54; // the quotient has 54 or 55 bits
    BigInteger[] qr = shift >= 0 ? num.shiftLeft(shift).divideAndRemainder(den) : num.divideAndRemainder(den.shiftLeft(-shift));
    BigInteger q = qr[0];
    int extra = q.bitLength() - 53;
    long top = q.shiftRight(extra).longValueExact();
    boolean half = q.testBit(extra - 1);
    boolean sticky = qr[1].signum() != 0 || (extra > 1 && q.getLowestSetBit() < extra - 1);
    if (half && (sticky || (top & 1L) == 1L)) {
      top++;
    }
    return Math.scalb((double) top, extra - shift);
  }

  /** Writes the groups (for checkpoints). */
  void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(groups);
    for (int g = 0; g < groups; g++) {
      out.writeInt(labels[g]);
      out.writeLong(differences[g]);
      out.writeLong(counts[g]);
    }
  }

  /** Reads what {@link #write} wrote into these (empty) sums. */
  void read(java.io.DataInput in) throws java.io.IOException {
    int n = in.readInt();
    if (n < 0 || n > 1 << 24) {
      throw new java.io.IOException("not an evaluation suite state: " + n + " Hamming groups");
    }
    int last = -1;
    for (int g = 0; g < n; g++) {
      int l = in.readInt();
      long d = in.readLong();
      long c = in.readLong();
      if (l <= last || c < 0 || d < 0) {
        throw new java.io.IOException("not an evaluation suite state: Hamming group of " + l + " labels, " + c + " examples");
      }
      last = l;
      addGroup(l, d, c);
    }
  }
}
