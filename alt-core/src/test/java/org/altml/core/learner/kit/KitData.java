package org.altml.core.learner.kit;

import java.util.SplittableRandom;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;

/**
 * The conformance kit's data: small seeded synthetic multi-label sets (d = {@value #FEATURES}, L = {@value #LABELS})
 * whose labels depend on the features, so that every kind learns something in a few hundred examples.
 */
public final class KitData {
  /** d. */
  public static final int FEATURES = 24;
  /** L. */
  public static final int LABELS = 5;

  private KitData() {}

  /** {@code n} examples drawn with {@code seed}. */
  public static Dataset generate(int n, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    DatasetBuilder b = new DatasetBuilder().name("kit-" + seed).numFeatures(FEATURES).numLabels(LABELS);
    for (int i = 0; i < n; i++) {
      SparseVector x = vector(rnd);
      float[] dense = new float[FEATURES];
      for (int k = 0; k < x.nnz(); k++) {
        dense[x.index(k)] = x.value(k);
      }
      int[] buf = new int[LABELS];
      int c = 0;
      for (int l = 0; l < LABELS; l++) {
        // label l is about features l, l + L and l + 2L, with a little noise
        double z = dense[l] + 0.5 * dense[l + LABELS] - 0.5 * dense[l + 2 * LABELS] + 0.2 * rnd.nextGaussian();
        if (z > 0.25) {
          buf[c++] = l;
        }
      }
      b.add(x, LabelSet.of(java.util.Arrays.copyOf(buf, c)));
    }
    return b.build();
  }

  /** A sparse vector of 1 to 8 distinct features with values in ±[0.05, 1.05). */
  static SparseVector vector(SplittableRandom rnd) {
    int nnz = 1 + rnd.nextInt(8);
    int[] idx = rnd.ints(0, FEATURES).distinct().limit(nnz).sorted().toArray();
    float[] val = new float[idx.length];
    for (int k = 0; k < idx.length; k++) {
      float v = (float) (0.05 + rnd.nextDouble());
      val[k] = rnd.nextBoolean() ? v : -v;
    }
    return SparseVector.of(idx, val);
  }
}
