package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast float learners against {@link ReferenceAlt} (double, dense, written from SPEC.md) on seeded
 * random sparse streams, and the property that predict never changes the model. Reproduce one case
 * with {@code -Dalt.tests.seed=N}.
 */
class LearnerDifferentialTest {
  private static final long BASE_SEED = Long.getLong("alt.tests.seed", 20240611L);

  static Stream<Arguments> learners() {
    List<Arguments> cases = new ArrayList<>();
    int seed = 0;
    for (int numLabels : new int[] {1, 3, 7, 20}) {
      for (boolean bias : new boolean[] {false, true}) {
        for (int m : new int[] {1, 4}) {
          LearnerOptions o = new LearnerOptions(bias);
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "falt",
              (IntFunction<LinearLearner>) l -> new Falt(l, new FaltConfig(0.3f, m), o)));
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "salt",
              (IntFunction<LinearLearner>) l -> new Salt(l, new SaltConfig(0.5f, 0.25f, m), o)));
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "pa1",
              (IntFunction<LinearLearner>) l -> new PaBinaryRelevance(l, new PaConfig(PaConfig.Variant.PA1, 0.5f, m), o)));
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "pa2",
              (IntFunction<LinearLearner>) l -> new PaBinaryRelevance(l, new PaConfig(PaConfig.Variant.PA2, 2f, m), o)));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "seed {0}, L = {1}, {2}")
  @MethodSource("learners")
  void agreesWithDoubleReference(long seed, int numLabels, String name, IntFunction<LinearLearner> factory) {
    LinearLearner fast = factory.apply(numLabels);
    ReferenceAlt ref = ReferenceAlt.matching(fast);
    String where = fast.describe() + ", seed " + seed;
    SplittableRandom rnd = new SplittableRandom(seed);
    Scores out = new Scores(numLabels);
    int d = 40;
    int compared = 0;
    for (int t = 0; t < 300; t++) {
      // nnz >= 1 with continuous values, so no margin lands exactly on 1 (an empty x with the bias
      // feature makes exact ties, where float and double may legitimately take different steps).
      SparseVector x = RandomData.vector(rnd, d, 1, 8);
      LabelSet y = RandomData.labels(rnd, numLabels);
      double[] s = ref.scores(x);
      fast.predictThenUpdate(x, y, out);
      double scale = 1;
      for (double v : s) {
        scale = Math.max(scale, Math.abs(v));
      }
      for (int i = 0; i < numLabels; i++) {
        assertEquals(s[i], out.label(i), 1e-4 * scale, where + ", example " + t + ", label " + i);
        if (Math.abs(s[i] - s[numLabels]) > 1e-4 * scale) { // predictions agree except at near-ties
          assertEquals(s[i] > s[numLabels], out.isPredicted(i), where + ", example " + t + ", label " + i);
          compared++;
        }
      }
      assertEquals(s[numLabels], out.threshold(), 1e-4 * scale, where + ", example " + t + ", threshold");
      ref.update(x, y);
    }
    assertTrue(compared > 100, where + ": too few predictions compared: " + compared);
    if (!(name.equals("pa1") && fast.config().maxUpdatesPerExample() > 1)) {
      // An unclipped PA-I step lands exactly on y·s = 1, so whether a further (tiny) step follows is
      // decided by rounding; every other case takes the same number of steps.
      assertEquals(ref.updateSteps(), fast.updateSteps(), where + ": inner steps");
    }
    double maxW = 1;
    for (int f = 0; f < ref.numFeatures(); f++) {
      for (int j = 0; j <= numLabels; j++) {
        maxW = Math.max(maxW, Math.abs(ref.weight(f, j)));
      }
    }
    for (int f = 0; f < ref.numFeatures(); f++) {
      for (int j = 0; j <= numLabels; j++) {
        assertEquals(ref.weight(f, j), fast.weights().get(f, j), 1e-5 * maxW, where + ": w[" + f + "][" + j + "]");
      }
    }
    for (int j = 0; j <= numLabels; j++) {
      assertEquals(ref.biasWeight(j), fast.biasWeights()[j], 1e-5 * maxW, where + ": bias[" + j + "]");
    }
    assertPadsZero(fast, where);
  }

  /** Pad lanes [L+1, stride) of every row, of the bias row and of SALT's accumulator are zero. */
  static void assertPadsZero(LinearLearner learner, String where) {
    int stride = learner.stride();
    int width = learner.numLabels() + 1;
    float[] rows = learner.weights().rows();
    float[] acc = learner instanceof Salt s ? s.accumulator().rows() : new float[rows.length];
    for (int r = 0; r < rows.length / stride; r++) {
      for (int j = width; j < stride; j++) {
        if (rows[r * stride + j] != 0f || acc[r * stride + j] != 0f) {
          fail(where + ": pad lane " + j + " of row " + r + " is not zero");
        }
      }
    }
    for (int j = width; j < stride; j++) {
      assertEquals(0f, learner.biasWeights()[j], where + ": bias pad lane " + j);
    }
  }

  @ParameterizedTest(name = "seed {0}, L = {1}, {2}")
  @MethodSource("learners")
  void predictNeverChangesTheModel(long seed, int numLabels, String name, IntFunction<LinearLearner> factory) {
    LinearLearner learner = factory.apply(numLabels);
    String where = learner.describe() + ", seed " + seed;
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int t = 0; t < 50; t++) {
      learner.update(RandomData.vector(rnd, 30, 6), RandomData.labels(rnd, numLabels));
    }
    float[] w = learner.weights().rows().clone();
    float[] b = learner.biasWeights().clone();
    float[] acc = learner instanceof Salt s ? s.accumulator().rows().clone() : null;
    int d = learner.numFeatures();
    long steps = learner.updateSteps();
    long examples = learner.examplesSeen();
    Scores out = new Scores(numLabels);
    Scores again = new Scores(numLabels);
    for (int t = 0; t < 100; t++) {
      SparseVector x = RandomData.vector(rnd, 60, 10); // also features beyond d
      learner.predict(x, out);
      learner.predict(x, again);
      assertArrayEquals(out.array(), again.array(), where + ", probe " + t);
    }
    assertArrayEquals(w, learner.weights().rows(), where);
    assertArrayEquals(b, learner.biasWeights(), where);
    if (acc != null) {
      assertArrayEquals(acc, ((Salt) learner).accumulator().rows(), where);
    }
    assertEquals(d, learner.numFeatures(), where);
    assertEquals(steps, learner.updateSteps(), where);
    assertEquals(examples, learner.examplesSeen(), where);
    assertPadsZero(learner, where);
  }
}
