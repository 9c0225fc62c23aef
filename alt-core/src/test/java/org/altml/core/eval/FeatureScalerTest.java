package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.data.ExampleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FeatureScalerTest {
  static SparseVector v(int[] idx, float[] val) {
    return SparseVector.of(idx, val);
  }

  /** Rows (dense view): [1, 0, 5], [3, 0, 5], [2, 4, 5]; feature 1 is absent in two rows. */
  static Dataset small() {
    return new DatasetBuilder()
        .add(v(new int[] {0, 2}, new float[] {1, 5}), LabelSet.of())
        .add(v(new int[] {0, 2}, new float[] {3, 5}), LabelSet.of())
        .add(v(new int[] {0, 1, 2}, new float[] {2, 4, 5}), LabelSet.of())
        .build();
  }

  @Test
  void standardizeByHand() {
    FeatureScaler s = FeatureScaler.fit(FeatureScaling.STANDARDIZE, small());
    // feature 0: 1,3,2 → mean 2, var 2/3; feature 1: 0,0,4 → mean 4/3, var (16/9+16/9+64/9)/3 = 32/9;
    // feature 2: constant 5 → σ = 0, scaled by 1
    assertEquals(2.0, s.mean(0), 1e-15);
    assertEquals(Math.sqrt(2.0 / 3), s.standardDeviation(0), 1e-15);
    assertEquals(4.0 / 3, s.mean(1), 1e-15);
    assertEquals(Math.sqrt(32.0 / 9), s.standardDeviation(1), 1e-15);
    assertEquals(0.0, s.standardDeviation(2), 1e-15);
    // x = {0: 3}: z_0 = 1/sqrt(2/3), z_1 = (0 − 4/3)/sqrt(32/9) (absent feature becomes non-zero),
    // z_2 = 0 − 5 (constant feature: centred only); feature 7 has no statistics and passes through
    SparseVector z = s.transform(v(new int[] {0, 7}, new float[] {3, 2}));
    assertEquals(4, z.nnz());
    assertEquals((float) (1 / Math.sqrt(2.0 / 3)), z.get(0));
    assertEquals((float) (-4.0 / 3 / Math.sqrt(32.0 / 9)), z.get(1));
    assertEquals(-5f, z.get(2));
    assertEquals(2f, z.get(7));
    // an output that is exactly zero is not stored: x_0 = mean
    SparseVector atMean = s.transform(v(new int[] {0, 2}, new float[] {2, 5}));
    assertEquals(1, atMean.nnz());
    assertEquals(1, atMean.index(0));
  }

  @Test
  void unfittedStandardizeIsIdentityAndL2Normalizes() {
    SparseVector x = v(new int[] {1, 4}, new float[] {3, 4});
    assertEquals(x, FeatureScaler.of(FeatureScaling.STANDARDIZE).transform(x));
    assertSame(x, FeatureScaler.of(FeatureScaling.NONE).transform(x));
    SparseVector n = FeatureScaler.of(FeatureScaling.L2).transform(x);
    assertEquals(v(new int[] {1, 4}, new float[] {0.6f, 0.8f}), n);
    SparseVector empty = new SparseVector();
    assertEquals(0, FeatureScaler.of(FeatureScaling.L2).transform(empty).nnz());
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void runningStatisticsMatchTwoPassStatistics(long seed) throws IOException {
    Dataset data = FakeLearners.random(seed, 300, 9, 2);
    FeatureScaler running = FeatureScaler.of(FeatureScaling.STANDARDIZE);
    SparseVector x = new SparseVector();
    for (int i = 0; i < data.size(); i++) {
      running.observe(data.features(i, x));
    }
    FeatureScaler fromStream;
    try (ExampleStream s = data.stream()) {
      fromStream = FeatureScaler.fit(FeatureScaling.STANDARDIZE, s);
    }
    for (int f = 0; f < 9; f++) {
      double sum = 0;
      for (int i = 0; i < data.size(); i++) {
        sum += data.features(i, x).get(f);
      }
      double mean = sum / data.size();
      double ss = 0;
      for (int i = 0; i < data.size(); i++) {
        double d = data.features(i, x).get(f) - mean;
        ss += d * d;
      }
      double std = Math.sqrt(ss / data.size());
      assertEquals(mean, running.mean(f), 1e-12, "seed " + seed + " feature " + f);
      assertEquals(std, running.standardDeviation(f), 1e-12, "seed " + seed + " feature " + f);
      assertEquals(running.mean(f), fromStream.mean(f), 0.0, "seed " + seed);
    }
    FeatureScaler copy = running.copy();
    SparseVector probe = data.features(0, x);
    assertEquals(running.transform(probe), copy.transform(probe), "seed " + seed);
  }

  @Test
  void parsesCliNames() {
    assertEquals(FeatureScaling.L2, FeatureScaling.parse("l2"));
    assertEquals(FeatureScaling.STANDARDIZE, FeatureScaling.parse("Standardize"));
    assertEquals("none", FeatureScaling.NONE.cliName());
    assertThrows(IllegalArgumentException.class, () -> FeatureScaling.parse("minmax"));
  }

  @Test
  void outputBeyondTheFloatRangeSaturates() {
    // found by ModelIoFuzzTest: a tiny σ made z infinite, which no sparse vector may hold.
    // Feature 0 is 1e-40 (a subnormal float) in one example of two: μ = σ = 5e-41, so z(1) is about 2e40.
    Dataset d = new DatasetBuilder()
        .add(SparseVector.of(new int[] {0}, new float[] {1e-40f}), LabelSet.of())
        .add(SparseVector.of(new int[] {}, new float[] {}), LabelSet.of())
        .build();
    FeatureScaler s = FeatureScaler.fit(FeatureScaling.STANDARDIZE, d);
    SparseVector z = s.transform(SparseVector.of(new int[] {0}, new float[] {1f}));
    assertEquals(Float.MAX_VALUE, z.value(0));
    assertEquals(-Float.MAX_VALUE, s.transform(SparseVector.of(new int[] {0}, new float[] {-1f})).value(0));
  }
}
