package org.altml.kernel.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

class NystromMapTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20260612L);

  /** z(x)·z(l) = k_m(x)ᵀ K_mm^{-1} k_m(l) = k_m(x)ᵀ e_l = K(x, l): exact on the landmarks' span. */
  @Test
  void reproducesTheKernelAgainstEveryLandmark() {
    SplittableRandom random = new SplittableRandom(SEED);
    double sigma2 = 0.5;
    NystromMap map = new NystromMap(24, sigma2);
    while (!map.isFitted()) {
      map.learn(RandomFourierFeaturesTest.randomVector(random, 10, 0.6));
    }
    RbfKernel kernel = new RbfKernel(sigma2);
    for (int trial = 0; trial < 20; trial++) {
      SparseVector x = RandomFourierFeaturesTest.randomVector(random, 12, 0.5);
      double[] zx = RandomFourierFeaturesTest.map(map, x);
      for (SparseVector l : map.landmarks()) {
        double expected = kernel.apply(x, l);
        assertEquals(expected, RandomFourierFeaturesTest.dot(zx, RandomFourierFeaturesTest.map(map, l)), 1e-7,
            "trial " + trial + ", seed " + SEED);
      }
    }
  }

  @Test
  void landmarksAreTheFirstDistinctExamples() {
    NystromMap map = new NystromMap(3, 1.0);
    SparseVector a = SparseVector.of(new int[] {0}, new float[] {1f});
    SparseVector b = SparseVector.of(new int[] {1}, new float[] {1f});
    SparseVector c = SparseVector.of(new int[] {0, 1}, new float[] {1f, 1f});
    map.learn(a);
    map.learn(a.copy()); // a repeat adds nothing to the span (and would make K_mm singular)
    map.learn(b);
    assertFalse(map.isFitted());
    assertTrue(map.fitState().contains("2 of its 3 landmarks"), map.fitState());
    assertThrows(IllegalStateException.class, () -> map.map(a, new double[3]));
    map.learn(c);
    assertTrue(map.isFitted());
    map.learn(SparseVector.of(new int[] {5}, new float[] {2f})); // fitted: nothing changes
    assertEquals(java.util.List.of(a, b, c), map.landmarks());
  }

  @Test
  void degenerateLandmarksAreRefusedWithTheReason() {
    // four points within 1e-3 of each other under a kernel of width 100: K_mm is all ones to 1e-9
    NystromMap map = new NystromMap(4, 100.0);
    for (int i = 0; i < 3; i++) {
      map.learn(SparseVector.of(new int[] {0}, new float[] {1f + 2.5e-4f * i}));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> map.learn(SparseVector.of(new int[] {0, 1}, new float[] {1f, 1e-3f})));
    assertTrue(e.getMessage().contains("degenerate") && e.getMessage().contains("numerically singular")
        && e.getMessage().contains("--sigma2"), e.getMessage());
    // the failed fit took its landmark back: still 3 of 4, and the next new example is the 4th again
    assertEquals(3, map.landmarks().size());
    assertFalse(map.isFitted());
    assertThrows(IllegalArgumentException.class, () -> map.learn(SparseVector.of(new int[] {0, 1}, new float[] {1f, 2e-3f})));
    assertEquals(3, map.landmarks().size());
  }

  /**
   * A learner on a map whose fit failed is as it was before the failing example: it saves and loads, and learns
   * nothing it did not say it learned (it kept every later example as a landmark, unfitted, and saved a model it could
   * not load: a review).
   */
  @Test
  void aFailedFitLeavesALearnerThatSavesAndLoads() throws Exception {
    Settings s = LearnerRegistry.get("salt+nystrom").defaults().with("mapDim", 4).with("sigma2", 1e12);
    org.altml.core.learner.OnlineMultiLabelLearner l = LearnerRegistry.create(s, new LearnerContext(2, 3, -1, 1L));
    java.util.SplittableRandom r = new java.util.SplittableRandom(5);
    int failures = 0;
    for (int i = 0; i < 40; i++) {
      SparseVector x = SparseVector.of(new int[] {0, 1, 2}, new float[] {(float) r.nextDouble(), (float) r.nextDouble(), 1f});
      try {
        l.update(x, org.altml.sparse.LabelSet.of(i % 2));
      } catch (IllegalArgumentException e) {
        failures++;
      }
    }
    assertEquals(37, failures, "every example after the third tries the fit again");
    assertEquals(3, l.examplesSeen());
    org.altml.core.model.SavedModel loaded = org.altml.core.model.ModelIo.fromBytes(
        org.altml.core.model.ModelIo.toBytes(org.altml.core.model.SavedModel.of(l)), "m.model");
    assertEquals(3, loaded.learner().examplesSeen());
  }

  @Test
  void moreLandmarksThanTrainingExamplesAreRefusedUpFront() {
    Settings s = LearnerRegistry.get("salt+nystrom").defaults().with("mapDim", 50);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> s.spec().create(s, new LearnerContext(3, 10, 40, 1L)));
    assertTrue(e.getMessage().contains("only 40"), e.getMessage());
    s.spec().create(s, new LearnerContext(3, 10, 50, 1L));
    s.spec().create(s, new LearnerContext(3, 10, -1, 1L)); // unknown size: the map waits for its landmarks
  }

  /** The eigen-decomposition against its definition: A·v_k = λ_k·v_k, VᵀV = I, ascending λ. */
}
