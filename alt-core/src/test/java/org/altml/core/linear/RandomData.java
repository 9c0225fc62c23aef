package org.altml.core.linear;

import java.util.SplittableRandom;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/** Seeded random sparse examples for property and differential tests. */
public final class RandomData {
  private RandomData() {}

  /** A sparse vector over [0, d) with 0..maxNnz distinct entries, values in ±[0.05, 1.05). */
  public static SparseVector vector(SplittableRandom rnd, int d, int maxNnz) {
    return vector(rnd, d, 0, maxNnz);
  }

  /** A sparse vector over [0, d) with minNnz..maxNnz distinct entries, values in ±[0.05, 1.05). */
  public static SparseVector vector(SplittableRandom rnd, int d, int minNnz, int maxNnz) {
    int nnz = minNnz + rnd.nextInt(Math.min(d, maxNnz) - minNnz + 1);
    boolean[] used = new boolean[d];
    int[] idx = new int[nnz];
    for (int k = 0; k < nnz; k++) {
      int f;
      do {
        f = rnd.nextInt(d);
      } while (used[f]);
      used[f] = true;
      idx[k] = f;
    }
    java.util.Arrays.sort(idx);
    float[] val = new float[nnz];
    for (int k = 0; k < nnz; k++) {
      float v = (float) (0.05 + rnd.nextDouble());
      val[k] = rnd.nextBoolean() ? v : -v;
    }
    return SparseVector.of(idx, val);
  }

  /** A label set over [0, L): empty or full now and then, otherwise each label with probability 0.3. */
  public static LabelSet labels(SplittableRandom rnd, int numLabels) {
    int kind = rnd.nextInt(10);
    int[] buf = new int[numLabels];
    int n = 0;
    for (int i = 0; i < numLabels; i++) {
      if (kind == 0 ? false : kind == 1 || rnd.nextDouble() < 0.3) {
        buf[n++] = i;
      }
    }
    return LabelSet.of(java.util.Arrays.copyOf(buf, n));
  }
}
