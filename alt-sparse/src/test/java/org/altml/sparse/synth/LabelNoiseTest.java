package org.altml.sparse.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LabelNoiseTest {
  @Test
  void zeroNoiseCopiesThePlantedLabels() {
    LabelNoise noise = new LabelNoise(0, 10);
    int[] out = new int[10];
    int[] planted = {9, 1, 4, 7};
    int size = noise.apply(new SplittableRandom(1), planted, 1, 3, out);
    assertArrayEquals(new int[] {1, 4, 7}, Arrays.copyOf(out, size));
  }

  @Test
  void flipsHappenAtTheRequestedRateAndResultsStaySorted() {
    long seed = 42;
    double p = 0.05;
    int numLabels = 30;
    LabelNoise noise = new LabelNoise(p, numLabels);
    SplittableRandom random = new SplittableRandom(seed);
    int[] planted = {0, 3, 4, 17, 29};
    int[] out = new int[numLabels];
    long flips = 0;
    long[] perLabel = new long[numLabels];
    int rounds = 20_000;
    for (int r = 0; r < rounds; r++) {
      int size = noise.apply(random, planted, 0, planted.length, out);
      boolean[] in = new boolean[numLabels];
      for (int k = 0; k < size; k++) {
        assertTrue(k == 0 || out[k] > out[k - 1], "sorted, seed " + seed);
        in[out[k]] = true;
      }
      for (int label = 0; label < numLabels; label++) {
        boolean plantedHere = Arrays.binarySearch(planted, label) >= 0;
        if (in[label] != plantedHere) {
          flips++;
          perLabel[label]++;
        }
      }
    }
    // binomial: mean p, sd sqrt(p(1-p)/(rounds·L)) ≈ 0.0003
    assertEquals(p, (double) flips / ((long) rounds * numLabels), 0.002, "seed " + seed);
    // first and last label get flipped too (sd of a per-label rate ≈ 0.0015)
    assertEquals(p, (double) perLabel[0] / rounds, 0.008, "label 0, seed " + seed);
    assertEquals(p, (double) perLabel[numLabels - 1] / rounds, 0.008, "last label, seed " + seed);
  }
}
