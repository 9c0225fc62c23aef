package org.altml.kernel.learner;

import com.carrotsearch.hppc.LongIntHashMap;
import java.util.Arrays;
import org.altml.core.learner.ExampleBlock;
import org.altml.kernel.store.BlockScorer;

/** Per-thread scratch of the block paths: a {@link BlockScorer}, the rows' norms and scores. */
final class BlockScratch {
  final BlockScorer scorer = new BlockScorer();
  double[] norms = new double[0];
  double[] scores = new double[0];
  double[] row = new double[0];
  double[] kernels = new double[0];
  double[] alphas = new double[0];
  final double[] single = new double[1];
  final LongIntHashMap index = new com.carrotsearch.hppc.LongIntHashMap();

  double[] within = new double[0];
  double[] withinExponents = new double[0];
  double[] newest = new double[0];
  int[] rowOfStamp = new int[0];

  /** {@code a} if it holds {@code n} values, else a new array of at least n and twice a's length (scratch: the contents go). */
  private static double[] atLeast(double[] a, int n) {
    return a.length < n ? new double[Math.max(n, 2 * a.length)] : a;
  }

  /** b² exponents of {@link #within}'s values. */
  double[] withinExponents(int b) {
    withinExponents = atLeast(withinExponents, b * b);
    return withinExponents;
  }

  /** A round's exponents against the store, by slot, for {@code n} slots. */
  double[] newest(int n) {
    newest = atLeast(newest, n);
    return newest;
  }

  /** b² kernel values of a block's rows against each other. */
  double[] within(int b) {
    within = atLeast(within, b * b);
    return within;
  }

  /** The block row each stamp written during a block belongs to (-1: a merged point), for {@code n} stamps. */
  int[] rowOfStamp(int n) {
    if (rowOfStamp.length < n) {
      rowOfStamp = new int[Math.max(n, 2 * rowOfStamp.length)];
    }
    Arrays.fill(rowOfStamp, -1);
    return rowOfStamp;
  }

  double[] kernels(int b, int n) {
    kernels = atLeast(kernels, b * n);
    return kernels;
  }

  double[] alphas(int n, int stride) {
    alphas = atLeast(alphas, n * stride);
    return alphas;
  }

  /** Sizes the scratch for {@code block}, fills the norms and zeroes the scores; returns the scores. */
  double[] begin(ExampleBlock block, int stride) {
    int b = block.size();
    if (norms.length < b) {
      norms = new double[Math.max(b, 2 * norms.length)];
    }
    if (scores.length < b * stride) {
      scores = new double[Math.max(b * stride, 2 * scores.length)];
    }
    if (row.length < stride) {
      row = new double[stride];
    }
    for (int k = 0; k < b; k++) {
      norms[k] = block.features(k).squaredNorm();
    }
    Arrays.fill(scores, 0, b * stride, 0.0);
    return scores;
  }

  long ramBytesUsed() {
    return 64 + scorer.ramBytesUsed() + 8L * (norms.length + scores.length + row.length + kernels.length + alphas.length)
        + 8L * (within.length + withinExponents.length + newest.length) + 4L * rowOfStamp.length + 16L * index.keys.length;
  }
}
