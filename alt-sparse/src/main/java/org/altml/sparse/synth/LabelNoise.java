package org.altml.sparse.synth;

import java.util.SplittableRandom;

/**
 * Independent label flips shared by the generators: each of the L label bits of an example is flipped
 * with probability p. Instead of L coin tosses per example the positions of the flips are drawn as
 * geometric gaps, ⌊ln u / ln(1−p)⌋ (so the cost is one draw per flip plus one per example), with
 * {@link StrictMath#log} so that every platform draws the same positions.
 */
final class LabelNoise {
  private final double logKeep;
  private final int numLabels;

  /** Flips with probability {@code p} in [0, 0.5) among {@code numLabels} labels. */
  LabelNoise(double p, int numLabels) {
    this.logKeep = p == 0 ? 0 : StrictMath.log1p(-p);
    this.numLabels = numLabels;
  }

  /**
   * Writes into {@code out} the symmetric difference of the sorted labels
   * {@code planted[offset .. offset+count)} and
   * a fresh set of flipped positions, sorted; returns its size. {@code out} must have room for
   * {@code numLabels} entries and must not be {@code planted}.
   */
  int apply(SplittableRandom random, int[] planted, int offset, int count, int[] out) {
    int size = 0;
    int next = offset;
    int end = offset + count;
    int flip = nextFlip(random, -1);
    while (flip < numLabels || next < end) {
      if (next < end && (flip >= numLabels || planted[next] < flip)) {
        out[size++] = planted[next++];
      } else if (next < end && planted[next] == flip) {
        // a planted label flipped to irrelevant: dropped
        next++;
        flip = nextFlip(random, flip);
      } else {
        out[size++] = flip;
        flip = nextFlip(random, flip);
      }
    }
    return size;
  }

  private int nextFlip(SplittableRandom random, int previous) {
    if (logKeep == 0) {
      return numLabels;
    }
    // 1 - nextDouble() lies in (0, 1], so the logarithm is finite and <= 0
    double gap = StrictMath.log(1.0 - random.nextDouble()) / logKeep;
    long position = previous + 1 + (long) gap;
    return gap >= numLabels || position >= numLabels ? numLabels : (int) position;
  }
}
