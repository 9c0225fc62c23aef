package org.altml.kernel.features;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.altml.core.features.FeatureMap;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

class RandomFourierFeaturesTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20260611L);

  /** A random sparse vector over [0, d) with about {@code density}·d non-zeros in [-1, 1]. */
  static SparseVector randomVector(SplittableRandom random, int d, double density) {
    int[] idx = new int[d];
    float[] val = new float[d];
    int nnz = 0;
    for (int f = 0; f < d; f++) {
      if (random.nextDouble() < density) {
        float v = (float) (2 * random.nextDouble() - 1);
        if (v != 0f) {
          idx[nnz] = f;
          val[nnz++] = v;
        }
      }
    }
    return SparseVector.of(Arrays.copyOf(idx, nnz), Arrays.copyOf(val, nnz));
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  static double[] map(FeatureMap map, SparseVector x) {
    double[] z = new double[map.dimension()];
    map.map(x, z);
    return z;
  }

  /**
   * z(x)·z(x') is an unbiased estimate of K(x, x') whose terms are bounded by 2/D, so its standard deviation is
   * below sqrt(2/D) (Hoeffding gives the tail): the mean absolute error over 40 pairs must be below
   * 2·sqrt(2/D) at every D (a fixed seed, so the check is deterministic), and must shrink as D grows.
   */
  @Test
  void approximatesTheRbfKernelAsDGrows() {
    SplittableRandom random = new SplittableRandom(SEED);
    double sigma2 = 0.8;
    RbfKernel kernel = new RbfKernel(sigma2);
    SparseVector[] xs = new SparseVector[40];
    SparseVector[] ys = new SparseVector[40];
    for (int i = 0; i < xs.length; i++) {
      xs[i] = randomVector(random, 12, 0.5);
      // pairs at every distance: y near x, or independent
      ys[i] = i % 2 == 0 ? xs[i] : randomVector(random, 12, 0.5);
      if (i % 4 == 0) {
        ys[i] = randomVector(random, 12, 0.1);
      }
    }
    double previous = Double.POSITIVE_INFINITY;
    for (int dimension : new int[] {64, 1024, 16384}) {
      RandomFourierFeatures map = new RandomFourierFeatures(dimension, sigma2, SEED);
      double error = 0;
      for (int i = 0; i < xs.length; i++) {
        error += Math.abs(dot(map(map, xs[i]), map(map, ys[i])) - kernel.apply(xs[i], ys[i]));
      }
      error /= xs.length;
      assertTrue(error < 2 * Math.sqrt(2.0 / dimension), "D = " + dimension + ": mean |z·z' - K| = " + error + ", seed " + SEED);
      assertTrue(error < previous, "D = " + dimension + ": error " + error + " did not shrink from " + previous + ", seed " + SEED);
      previous = error;
    }
  }

  @Test
  void omegaHasVarianceOneOverSigma2AndOffsetsCoverTheCircle() {
    double sigma2 = 4.0;
    RandomFourierFeatures map = new RandomFourierFeatures(4096, sigma2, SEED);
    double[] row = new double[4096];
    double sum = 0;
    double squares = 0;
    for (int f = 0; f < 8; f++) {
      map.omegaRow(f, row, 0);
      for (double w : row) {
        sum += w;
        squares += w * w;
      }
    }
    int n = 8 * 4096;
    double mean = sum / n;
    double variance = squares / n - mean * mean;
    // standard errors: of the mean 0.5/sqrt(n) = 0.0028, of the variance 0.25·sqrt(2/n) = 0.002
    assertEquals(0.0, mean, 0.015, "seed " + SEED);
    assertEquals(1 / sigma2, variance, 0.012, "seed " + SEED);
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (int j = 0; j < map.dimension(); j++) {
      min = Math.min(min, map.offset(j));
      max = Math.max(max, map.offset(j));
    }
    assertTrue(min >= 0 && min < 0.01 && max < 2 * Math.PI && max > 2 * Math.PI - 0.01, min + " " + max);
  }

  /** Rows come from (seed, feature) only: whichever features were seen first, or none, z(x) is the same bits. */
  @Test
  void mapDoesNotDependOnTheOrderInWhichFeaturesAreFirstSeen() {
    SparseVector low = SparseVector.of(new int[] {0, 3}, new float[] {0.5f, -1f});
    SparseVector high = SparseVector.of(new int[] {7, 40}, new float[] {2f, 0.25f});
    SparseVector probe = SparseVector.of(new int[] {3, 7, 40, 41, 99}, new float[] {1f, -0.5f, 0.75f, 0.1f, 3f});
    RandomFourierFeatures lowFirst = new RandomFourierFeatures(257, 1.5, SEED);
    lowFirst.learn(low);
    lowFirst.learn(high);
    RandomFourierFeatures highFirst = new RandomFourierFeatures(257, 1.5, SEED);
    highFirst.learn(high);
    highFirst.learn(low);
    RandomFourierFeatures untrained = new RandomFourierFeatures(257, 1.5, SEED);
    RandomFourierFeatures all = new RandomFourierFeatures(257, 1.5, SEED);
    all.learn(probe);
    assertEquals(41, lowFirst.numRows());
    assertEquals(0, untrained.numRows());
    double[] expected = map(all, probe);
    assertArrayEquals(expected, map(lowFirst, probe), 0.0);
    assertArrayEquals(expected, map(highFirst, probe), 0.0);
    assertArrayEquals(expected, map(untrained, probe), 0.0);
    double[] own = new double[257];
    lowFirst.mapper().map(probe, own);
    assertArrayEquals(expected, own, 0.0);
  }

  @Test
  void seedReproducesTheMapAndAnotherSeedChangesIt() {
    SparseVector x = SparseVector.of(new int[] {1, 5, 6}, new float[] {0.3f, -2f, 1f});
    double[] a = map(new RandomFourierFeatures(100, 2.0, 7L), x);
    double[] b = map(new RandomFourierFeatures(100, 2.0, 7L), x);
    double[] c = map(new RandomFourierFeatures(100, 2.0, 8L), x);
    assertArrayEquals(a, b, 0.0);
    assertFalse(Arrays.equals(a, c));
    // the first offsets and rows of seed 7 are part of the model format (a saved map is its seed)
    RandomFourierFeatures seven = new RandomFourierFeatures(4, 1.0, 7L);
    double[] row = new double[4];
    seven.omegaRow(0, row, 0);
    RandomFourierFeatures again = new RandomFourierFeatures(4, 1.0, 7L);
    double[] rowAgain = new double[4];
    again.omegaRow(0, rowAgain, 0);
    assertArrayEquals(row, rowAgain, 0.0);
  }

  /**
   * A sparse x gives exactly the z of the dense computation, Ω (every column, zeros of x included) times the
   * dense x, then the cosines: the sparse path skips only terms that add +0 or -0.
   */
  @Test
  void sparseInputGivesTheDenseResultExactly() {
    SplittableRandom random = new SplittableRandom(SEED + 1);
    int d = 30;
    int dimension = 67;
    RandomFourierFeatures map = new RandomFourierFeatures(dimension, 0.7, SEED);
    double[][] omega = new double[d][dimension];
    for (int f = 0; f < d; f++) {
      map.omegaRow(f, omega[f], 0);
    }
    for (int trial = 0; trial < 50; trial++) {
      SparseVector x = randomVector(random, d, trial % 3 == 0 ? 0.05 : 0.6);
      double[] dense = new double[d];
      for (int k = 0; k < x.nnz(); k++) {
        dense[x.index(k)] = x.value(k);
      }
      double[] expected = new double[dimension];
      for (int f = 0; f < d; f++) {
        for (int j = 0; j < dimension; j++) {
          expected[j] += dense[f] * omega[f][j];
        }
      }
      for (int j = 0; j < dimension; j++) {
        expected[j] = Math.sqrt(2.0 / dimension) * VectorMath.cos(expected[j] + map.offset(j));
      }
      if (trial == 25) {
        map.learn(SparseVector.of(new int[] {d - 1}, new float[] {1f})); // rows held from here on
      }
      assertArrayEquals(expected, map(map, x), 0.0, "trial " + trial + ", seed " + SEED);
    }
  }

  /**
   * Float rows ({@code precision=float}): z(x) is the dense computation with each value of Ω rounded to float, the
   * sums in double, bit for bit, whether the rows are held or generated on the fly; the rows take half the bytes.
   */
  @Test
  void floatRowsAreOmegaRoundedToFloat() {
    SplittableRandom random = new SplittableRandom(SEED + 2);
    int d = 30;
    int dimension = 67;
    RandomFourierFeatures map = new RandomFourierFeatures(dimension, 0.7, SEED, true);
    RandomFourierFeatures doubles = new RandomFourierFeatures(dimension, 0.7, SEED);
    assertTrue(map.floatRows());
    assertFalse(doubles.floatRows());
    double[][] omega = new double[d][dimension];
    for (int f = 0; f < d; f++) {
      map.omegaRow(f, omega[f], 0);
    }
    boolean differs = false;
    for (int trial = 0; trial < 50; trial++) {
      SparseVector x = randomVector(random, d, trial % 3 == 0 ? 0.05 : 0.6);
      double[] expected = new double[dimension];
      for (int k = 0; k < x.nnz(); k++) {
        for (int j = 0; j < dimension; j++) {
          expected[j] += (double) x.value(k) * (double) (float) omega[x.index(k)][j];
        }
      }
      for (int j = 0; j < dimension; j++) {
        expected[j] = Math.sqrt(2.0 / dimension) * VectorMath.cos(expected[j] + map.offset(j));
      }
      if (trial == 25) {
        map.learn(SparseVector.of(new int[] {d - 1}, new float[] {1f})); // rows held from here on
        doubles.learn(SparseVector.of(new int[] {d - 1}, new float[] {1f}));
      }
      double[] z = map(map, x);
      assertArrayEquals(expected, z, 0.0, "trial " + trial + ", seed " + SEED);
      differs |= !Arrays.equals(z, map(doubles, x));
    }
    assertTrue(differs, "float rows gave the double rows' bits everywhere");
    assertEquals(4L * d * dimension, doubles.ramBytesUsed() - map.ramBytesUsed(), "rows of 4 bytes instead of 8");
  }

  @Test
  void mappingAllocatesNothing() {
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    org.junit.jupiter.api.Assumptions.assumeTrue(bean.isThreadAllocatedMemorySupported());
    RandomFourierFeatures map = new RandomFourierFeatures(512, 1.0, SEED);
    SparseVector x = SparseVector.of(new int[] {0, 9, 30}, new float[] {1f, 2f, -1f});
    SparseVector unseen = SparseVector.of(new int[] {0, 31}, new float[] {1f, 2f});
    map.learn(x);
    double[] z = new double[512];
    for (int i = 0; i < 20000; i++) { // warm up, so that the measurement sees compiled code
      map.map(x, z);
      map.map(unseen, z);
    }
    long before = bean.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 1000; i++) {
      map.map(x, z);
    }
    long seen = bean.getCurrentThreadAllocatedBytes() - before;
    before = bean.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 1000; i++) {
      map.map(unseen, z);
    }
    long unseenBytes = bean.getCurrentThreadAllocatedBytes() - before;
    assertTrue(seen < 10_000 && unseenBytes < 10_000, "1000 mappings each allocated " + seen + " and " + unseenBytes + " bytes");
  }

  @Test
  void refusesBadParameters() {
    assertThrows(IllegalArgumentException.class, () -> new RandomFourierFeatures(0, 1.0, 1L));
    assertThrows(IllegalArgumentException.class, () -> new RandomFourierFeatures(10, 0.0, 1L));
    assertThrows(IllegalArgumentException.class, () -> new RandomFourierFeatures(10, Double.NaN, 1L));
    RandomFourierFeatures map = new RandomFourierFeatures(10, 1.0, 1L);
    assertThrows(IllegalArgumentException.class, () -> map.map(new SparseVector(), new double[9]));
  }
}
