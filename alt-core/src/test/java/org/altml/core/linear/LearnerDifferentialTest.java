package org.altml.core.linear;

import org.altml.core.learner.Precision;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast learners, in both weight precisions, against {@link ReferenceAlt} (double, dense, written from
 * docs/spec.md) on seeded random sparse streams, and the property that predict never changes the model.
 * {@link Precision#FLOAT} agrees within float32 rounding (1e-5 relative on weights);
 * {@link Precision#DOUBLE} decides every margin on double scores and agrees within 1e-12 relative (only
 * the fused multiply-adds and summation order differ from the reference). Reproduce one case with
 * {@code -Dalt.tests.seed=N}.
 */
class LearnerDifferentialTest {
  private static final long BASE_SEED = Long.getLong("alt.tests.seed", 20240611L);

  static Stream<Arguments> learners() {
    List<Arguments> cases = new ArrayList<>();
    int seed = 0;
    for (Precision precision : Precision.values()) {
    for (int numLabels : new int[] {1, 3, 7, 20}) {
      for (boolean bias : new boolean[] {false, true}) {
        for (int m : new int[] {1, 4}) {
          TestLinear.Opts o = new TestLinear.Opts(bias, precision);
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "falt",
              (IntFunction<LinearLearner>) l -> TestLinear.falt(l, 0.3f, m, o)));
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "salt",
              (IntFunction<LinearLearner>) l -> TestLinear.salt(l, 0.5f, 0.25f, m, o)));
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "pa1",
              (IntFunction<LinearLearner>) l -> TestLinear.pa(l, PaConfig.Variant.PA1, 0.5f, m, o)));
          cases.add(Arguments.of(BASE_SEED + seed++, numLabels, "pa2",
              (IntFunction<LinearLearner>) l -> TestLinear.pa(l, PaConfig.Variant.PA2, 2f, m, o)));
        }
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
    boolean dbl = fast.precision() == Precision.DOUBLE;
    // scores: float32 learning drifts by ~1e-5; double learning differs only by the final rounding of the
    // scores to float (2^-24 relative). Weights: 1e-5 relative in float, 1e-12 in double.
    double scoreTol = dbl ? 1e-7 : 1e-4;
    double weightTol = dbl ? 1e-12 : 1e-5;
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
        assertEquals(s[i], out.label(i), scoreTol * scale, where + ", example " + t + ", label " + i);
        if (Math.abs(s[i] - s[numLabels]) > 2 * scoreTol * scale) { // predictions agree except at near-ties
          assertEquals(s[i] > s[numLabels], out.isPredicted(i), where + ", example " + t + ", label " + i);
          compared++;
        }
      }
      assertEquals(s[numLabels], out.threshold(), scoreTol * scale, where + ", example " + t + ", threshold");
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
        assertEquals(ref.weight(f, j), fast.weights().get(f, j), weightTol * maxW, where + ": w[" + f + "][" + j + "]");
      }
    }
    for (int j = 0; j <= numLabels; j++) {
      assertEquals(ref.biasWeight(j), fast.biasWeight(j), weightTol * maxW, where + ": bias[" + j + "]");
    }
    assertPadsZero(fast, where);
  }

  /** Pad lanes [L+1, stride) of every row, of the bias row and of SALT's accumulator are zero. */
  static void assertPadsZero(LinearLearner learner, String where) {
    int stride = learner.stride();
    int width = learner.numLabels() + 1;
    double[] rows = storage(learner.weights());
    double[] acc = learner instanceof Salt s ? storage(s.accumulator()) : new double[rows.length];
    for (int r = 0; r < rows.length / stride; r++) {
      for (int j = width; j < stride; j++) {
        if (rows[r * stride + j] != 0 || acc[r * stride + j] != 0) {
          fail(where + ": pad lane " + j + " of row " + r + " is not zero");
        }
      }
    }
    double[] bias = biasStorage(learner);
    for (int j = width; j < stride; j++) {
      assertEquals(0.0, bias[j], where + ": bias pad lane " + j);
    }
    if (learner instanceof Salt s) {
      double[] biasAcc = s.precision() == Precision.DOUBLE ? s.accumulator().biasRowDouble().clone() : toDouble(s.accumulator().biasRow());
      for (int j = width; j < stride; j++) {
        assertEquals(0.0, biasAcc[j], where + ": bias accumulator pad lane " + j);
      }
    }
  }

  /** A copy of the backing array of {@code m} from row 0 (capacity rows, pads included), in either precision. */
  static double[] storage(WeightMatrix m) {
    double[] all = m.isDouble() ? m.rowsDouble().clone() : toDouble(m.rows());
    for (int i = 0; i < m.rowOffset(); i++) {
      assertEquals(0.0, all[i], "the alignment lanes before row 0 stay zero");
    }
    return java.util.Arrays.copyOfRange(all, m.rowOffset(), all.length);
  }

  /** A copy of the whole bias row (pads included), in either precision. */
  static double[] biasStorage(LinearLearner learner) {
    return learner.precision() == Precision.DOUBLE ? learner.weights().biasRowDouble().clone() : toDouble(learner.weights().biasRow());
  }

  private static double[] toDouble(float[] a) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i];
    }
    return d;
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
    double[] w = storage(learner.weights());
    double[] b = biasStorage(learner);
    double[] acc = learner instanceof Salt s ? storage(s.accumulator()) : null;
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
    assertArrayEquals(w, storage(learner.weights()), where);
    assertArrayEquals(b, biasStorage(learner), where);
    if (acc != null) {
      assertArrayEquals(acc, storage(((Salt) learner).accumulator()), where);
    }
    assertEquals(d, learner.numFeatures(), where);
    assertEquals(steps, learner.updateSteps(), where);
    assertEquals(examples, learner.examplesSeen(), where);
    assertPadsZero(learner, where);
  }
}
