package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

/**
 * A double linear model's frozen predictors decide labels from a float copy of W and fall back to the double
 * scores near a tie: the labels must be exactly those of {@link LinearLearner#predictor()} (its scores rounded to
 * float, then {@link Scores#predicted}), on trained models and on weights built to put scores within a few ulps
 * of the threshold, with and without the bias row.
 */
class FrozenPredictorTest {
  private static final int L = 9;

  @Test
  void aTrainedModelPredictsTheSameLabels() {
    SplittableRandom r = new SplittableRandom(11);
    Falt falt = TestLinear.falt(L, 0.5f, 1, TestLinear.Opts.defaults().withPrecision(Precision.DOUBLE));
    for (int i = 0; i < 3000; i++) {
      falt.update(vector(r, 200, 12, false), labels(r));
    }
    assertSameLabels(falt, r, 200, false, 3000);
  }

  @Test
  void scoresWithinAFewUlpsOfTheThresholdAreDecidedExactly() {
    nearTies(false);
  }

  /** The labels' scores within rounding distance of each other, the threshold's far from them: ties among labels. */
  @Test
  void labelScoresWithinAFewUlpsOfEachOtherCompareExactlyForTheMetrics() {
    nearTies(true);
  }

  private static void nearTies(boolean farThreshold) {
    for (boolean bias : new boolean[] {false, true}) {
      SplittableRandom r = new SplittableRandom((bias ? 13 : 12) + (farThreshold ? 100 : 0));
      Falt falt = TestLinear.falt(L, 0.5f, 1, TestLinear.Opts.defaults().withPrecision(Precision.DOUBLE).withBias(bias));
      int d = 6;
      falt.ensureFeatures(d);
      WeightMatrix w = falt.weights();
      // every lane of a row is the same weight up to a perturbation from a few double ulps to a few float ulps,
      // so each label's score lies within rounding distance of the threshold's, on both sides and exactly on it
      double[] shifts = {0, 0x1p-52, -0x1p-52, 0x1p-40, -0x1p-40, 0x1p-24, -0x1p-24, 0x1p-23, -0x1p-22, 0x1p-20};
      for (int trial = 0; trial < 400; trial++) {
        for (int row = 0; row < d; row++) {
          double base = r.nextDouble(-2, 2);
          for (int lane = 0; lane <= L; lane++) {
            // half the trials: a perturbation from the list; the others: any, up to float's precision, so that the
            // float copy's rounding can order two nearby scores the other way round
            double shift = trial % 2 == 0 ? shifts[r.nextInt(shifts.length)] : r.nextDouble(-1, 1) * 0x1p-21;
            w.set(row, lane, lane == L ? (farThreshold ? base + 0.75 : base) : base * (1 + shift));
          }
        }
        if (bias) {
          double[] b = w.biasRowDouble();
          double base = r.nextDouble(-1, 1);
          for (int lane = 0; lane <= L; lane++) {
            b[lane] = lane == L ? base : base * (1 + shifts[r.nextInt(shifts.length)]);
          }
        }
        assertSameLabels(falt, r, d, bias, 20);
      }
    }
  }

  @Test
  void floatStorageUsesThePlainPredictor() {
    Falt falt = TestLinear.falt(L, 1f, 1, TestLinear.Opts.defaults().withPrecision(Precision.FLOAT));
    assertTrue(falt.weights().floatShadow() == null);
    assertNotSame(falt.frozenPredictors().get(), falt.frozenPredictors().get());
  }

  /**
   * The frozen predictors' labels are the plain predictor's, and their scores for the metrics compare as the plain
   * scores do in every comparison the metrics make: each label against the threshold, every label against each
   * true label (ties included). Examples with random true labels, some empty.
   */
  private static void assertSameLabels(OnlineMultiLabelLearner model, SplittableRandom r, int d, boolean sparseOnly, int examples) {
    Predictor plain = model.predictor();
    Predictor frozen = model.frozenPredictors().get();
    Scores scores = new Scores(L);
    int[] expected = new int[L];
    ExampleBlock block = new ExampleBlock(16);
    Scores[] scratch = ExampleBlock.newScores(16, L);
    Scores[] forMetrics = ExampleBlock.newScores(16, L);
    int[][] got = new int[16][L];
    int[] counts = new int[16];
    for (int i = 0; i < examples; i += 16) {
      block.clear();
      for (int k = 0; k < 16; k++) {
        LabelSet y = r.nextInt(4) == 0 ? LabelSet.of() : labels(r);
        block.add(OnlineMultiLabelLearner.NO_ID, vector(r, d + 3, 1 + r.nextInt(d), sparseOnly), y);
      }
      frozen.predictLabels(block, scratch, got, counts);
      frozen.predictForMetrics(block, forMetrics);
      for (int k = 0; k < 16; k++) {
        plain.predict(block.features(k), scores);
        int n = scores.predicted(expected);
        assertArrayEquals(Arrays.copyOf(expected, n), Arrays.copyOf(got[k], counts[k]), "example " + (i + k) + ": " + scores);
        assertSameComparisons(scores.array(), forMetrics[k].array(), block.labels(k), "example " + (i + k) + ": " + scores);
      }
    }
  }

  private static void assertSameComparisons(float[] exact, float[] got, LabelSet y, String what) {
    for (int j = 0; j < L; j++) {
      assertEquals(exact[j] > exact[L], got[j] > got[L], what + ": label " + j + " against the threshold");
      for (int q = 0; q < y.size(); q++) {
        int t = y.label(q);
        assertEquals(exact[j] >= exact[t], got[j] >= got[t], what + ": label " + j + " against true label " + t);
      }
    }
  }

  /** A random example over features [0, d) (some beyond the model's rows), values of either sign. */
  private static SparseVector vector(SplittableRandom r, int d, int nnz, boolean ignored) {
    int[] idx = r.ints(0, d).distinct().limit(Math.min(nnz, d)).sorted().toArray();
    float[] val = new float[idx.length];
    for (int k = 0; k < idx.length; k++) {
      val[k] = (float) r.nextDouble(-1, 1);
    }
    return SparseVector.of(idx, val);
  }

  private static LabelSet labels(SplittableRandom r) {
    return LabelSet.of(r.ints(0, L).distinct().limit(1 + r.nextInt(4)).sorted().toArray());
  }
}
