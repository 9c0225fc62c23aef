package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance: train-then-test in file order on real data (and a synthetic sparse set), every one of the
 * seven metrics of the float learners within 0.005 of {@link ReferenceAlt}, an independent float64
 * implementation of SPEC.md, for FALT, SALT, PA-I and PA-II at several settings. Skips with a message
 * when the shared datasets folder is absent.
 */
@Tag("slow")
class RealDataAgreementTest {
  private static final double TOLERANCE = 0.005;

  static List<IntFunction<LinearLearner>> settings(int numLabels) {
    int half = LearnerConfig.maxUpdatesFromFactor(0.5, numLabels);
    LearnerOptions bias = new LearnerOptions(true);
    return List.of(
        l -> new Falt(l, FaltConfig.defaults()),
        l -> new Falt(l, new FaltConfig(0.125f, half)),
        l -> new Falt(l, new FaltConfig(0.5f, 1), bias),
        l -> new Salt(l, SaltConfig.defaults()),
        l -> new Salt(l, new SaltConfig(0.25f, 0.5f, half)),
        l -> new PaBinaryRelevance(l, PaConfig.defaults()),
        l -> new PaBinaryRelevance(l, new PaConfig(PaConfig.Variant.PA1, 0.01f, 2), bias),
        l -> new PaBinaryRelevance(l, new PaConfig(PaConfig.Variant.PA2, 1f, 1)),
        l -> new PaBinaryRelevance(l, new PaConfig(PaConfig.Variant.PA2, 0.0625f, half)));
  }

  static Stream<Arguments> realCases() {
    List<Arguments> cases = new ArrayList<>();
    for (String name : List.of("emotions", "scene", "yeast")) {
      for (int s = 0; s < settings(1).size(); s++) {
        cases.add(Arguments.of(name, s));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}, setting {1}")
  @MethodSource("realCases")
  void realDataMetricsAgreeWithFloat64Reference(String name, int setting) throws IOException {
    Path datasets = ArffTestData.datasets();
    Path dir = datasets == null ? null : datasets.resolve(name);
    Assumptions.assumeTrue(dir != null && Files.isDirectory(dir),
        "shared datasets not found (set -Dalt.datasets): " + dir);
    int numLabels = ArffTestData.countLabels(dir.resolve(name + ".xml"));
    ArffTestData.Examples train = ArffTestData.read(dir.resolve(name + "-train.arff"), numLabels);
    ArffTestData.Examples test = ArffTestData.read(dir.resolve(name + "-test.arff"), numLabels);
    compare(name, settings(numLabels).get(setting).apply(numLabels), train.features(), train.labels(),
        test.features(), test.labels());
  }

  @ParameterizedTest(name = "setting {0}")
  @MethodSource("syntheticCases")
  void syntheticSparseMetricsAgreeWithFloat64Reference(int setting) {
    int d = 2000;
    int numLabels = 25;
    long seed = 31L + setting;
    SplittableRandom rnd = new SplittableRandom(seed);
    float[][] planted = new float[numLabels][d];
    for (float[] w : planted) {
      for (int f = 0; f < d; f++) {
        w[f] = (float) rnd.nextGaussian();
      }
    }
    List<SparseVector> xs = new ArrayList<>();
    List<LabelSet> ys = new ArrayList<>();
    for (int t = 0; t < 3000; t++) {
      SparseVector x = RandomData.vector(rnd, d, 1, 30);
      int[] buf = new int[numLabels];
      int n = 0;
      for (int i = 0; i < numLabels; i++) {
        double s = 0;
        for (int k = 0; k < x.nnz(); k++) {
          s += x.value(k) * planted[i][x.index(k)];
        }
        if (s > 1.5 ^ rnd.nextDouble() < 0.03) { // planted linear labels, 3% flipped
          buf[n++] = i;
        }
      }
      xs.add(x);
      ys.add(LabelSet.of(java.util.Arrays.copyOf(buf, n)));
    }
    compare("synthetic sparse, seed " + seed, settings(numLabels).get(setting).apply(numLabels),
        xs.subList(0, 2000), ys.subList(0, 2000), xs.subList(2000, 3000), ys.subList(2000, 3000));
  }

  static Stream<Integer> syntheticCases() {
    return Stream.iterate(0, i -> i + 1).limit(settings(1).size());
  }

  private static void compare(String data, LinearLearner fast, List<SparseVector> trainX, List<LabelSet> trainY,
      List<SparseVector> testX, List<LabelSet> testY) {
    ReferenceAlt ref = ReferenceAlt.matching(fast);
    for (int t = 0; t < trainX.size(); t++) {
      fast.update(trainX.get(t), trainY.get(t));
      ref.update(trainX.get(t), trainY.get(t));
    }
    int numLabels = fast.numLabels();
    ReferenceMetrics fastMetrics = new ReferenceMetrics(numLabels);
    ReferenceMetrics refMetrics = new ReferenceMetrics(numLabels);
    Scores out = new Scores(numLabels);
    double[] s = new double[numLabels + 1];
    for (int t = 0; t < testX.size(); t++) {
      fast.predict(testX.get(t), out);
      for (int j = 0; j <= numLabels; j++) {
        s[j] = out.array()[j];
      }
      fastMetrics.accept(testY.get(t), s);
      refMetrics.accept(testY.get(t), ref.scores(testX.get(t)));
    }
    double[] a = fastMetrics.values();
    double[] b = refMetrics.values();
    for (int m = 0; m < a.length; m++) {
      assertEquals(b[m], a[m], TOLERANCE, data + ", " + fast.describe() + ": " + ReferenceMetrics.NAMES[m]);
    }
  }
}
