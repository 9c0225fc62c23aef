package org.altml.kernel.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.kernel.cache.GramCache;
import org.altml.kernel.reference.KernelAgreementTest.Setting;
import org.altml.kernel.reference.KernelAgreementTest.Split;
import org.altml.kernel.reference.KernelReference.Policy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link KernelAgreementTest} with the Gram cache on: the kernel learners read their squared distances from
 * a {@link GramCache} filled by other learners (another σ², as in a tuning sweep) and still agree with the
 * independent float64 reference, round by round within {@link KernelAgreementTest#SCORE_TOLERANCE} and on
 * the seven metrics within {@link KernelAgreementTest#TOLERANCE}; and they give the same bits as without
 * the cache, in both of its layouts (a full triangle and LRU rows too few for every example).
 */
@Tag("slow")
class KernelAgreementWithGramCacheTest {
  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String learner : KernelAgreementTest.LEARNERS) {
      for (Policy policy : Policy.values()) {
        for (boolean rows : new boolean[] {false, true}) {
          cases.add(Arguments.of(learner, policy, rows));
        }
      }
    }
    return cases.stream();
  }

  /**
   * Prequential on emotions (training rows, then test rows, ids 0..592 in that order, standardized with the
   * training fit): a learner with 4σ² fills the cache, then the checked learner runs with the cache, and
   * every score of every round matches the reference and, bit for bit, a learner without the cache.
   */
  @ParameterizedTest(name = "{0}, {1}, rows {2}")
  @MethodSource("cases")
  void cachedRoundsScoreAsTheReferenceAndAsWithoutTheCache(String learner, Policy policy, boolean rows) {
    LearnerSpec spec = registered(learner);
    Split split = KernelAgreementTest.load("emotions");
    int numLabels = split.train().numLabels();
    int n = split.train().size() + split.test().size();
    int b = policy == Policy.NONE ? 0 : split.budget();
    Setting setting = learner.equals("falt-k")
        ? new Setting(learner, 1, 0, split.sigmaSquared(), 4, b, policy)
        : new Setting(learner, 0, 0.25, split.sigmaSquared(), 1, b, policy);
    Setting warmUp = learner.equals("falt-k")
        ? new Setting(learner, 1, 0, 4 * split.sigmaSquared(), 4, b, policy)
        : new Setting(learner, 0, 0.25, 4 * split.sigmaSquared(), 1, b, policy);
    // rows: room for a quarter of the rows, so rows are evicted while the learners run
    long budget = rows ? GramCache.rowsBudget(n, n / 4) : -1;
    SharedResources resources = SharedResources.create(n, budget);
    LearnerContext base = new LearnerContext(numLabels, split.train().numFeatures(), split.train().size(), 1L);
    OnlineMultiLabelLearner filler = spec.create(Settings.parse(spec, warmUp.text(spec)), base.withResources(resources));
    OnlineMultiLabelLearner cached = spec.create(Settings.parse(spec, setting.text(spec)), base.withResources(resources));
    OnlineMultiLabelLearner plain = spec.create(Settings.parse(spec, setting.text(spec)), base);
    GramCache cache = GramCache.of(resources);
    assertEquals(rows ? GramCache.Mode.ROWS : GramCache.Mode.FULL, cache.mode());
    KernelReference ref = setting.reference(numLabels, split.numFeatures());
    FeatureScaler scaler = FeatureScaler.fit(FeatureScaling.STANDARDIZE, split.train());
    Scores out = new Scores(numLabels);
    Scores unused = new Scores(numLabels);
    Scores expectedBits = new Scores(numLabels);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    long id = 0;
    // rows: the filler sees only as many examples as rows fit (LRU against a longer sequential scan hits nothing)
    long fill = rows ? n / 4 - 1 : n;
    for (DataView part : List.of(split.train(), split.test())) {
      for (int k = 0; k < part.size() && id < fill; k++) {
        filler.predictThenUpdate(id++, scaler.transform(part.features(k, x)), part.labels(k, y), unused);
      }
    }
    long rounds = 0;
    double worst = 0;
    for (DataView part : List.of(split.train(), split.test())) {
      for (int k = 0; k < part.size(); k++) {
        SparseVector z = scaler.transform(part.features(k, x));
        part.labels(k, y);
        double[] expected = ref.scores(z);
        cached.predictThenUpdate(rounds, z, y, out);
        plain.predictThenUpdate(rounds, z, y, expectedBits);
        ref.update(z, y);
        for (int i = 0; i <= numLabels; i++) {
          double e = (float) expected[i];
          double a = i < numLabels ? out.label(i) : out.threshold();
          double p = i < numLabels ? expectedBits.label(i) : expectedBits.threshold();
          assertEquals(Double.doubleToRawLongBits(p), Double.doubleToRawLongBits(a), String.format(Locale.ROOT,
              "round %d, %s, score %d: %s with the cache, %s without", rounds, setting, i, a, p));
          double gap = Math.abs(a - e) / (1 + Math.abs(e));
          worst = Math.max(worst, gap);
          assertTrue(gap <= KernelAgreementTest.SCORE_TOLERANCE, String.format(Locale.ROOT,
              "emotions cached prequential round %d, %s: score %d is %s, reference %s", rounds, setting, i, a, e));
        }
        rounds++;
      }
    }
    Map<String, Object> stats = cached.statistics();
    long hits = (Long) stats.get("gramCacheHits");
    long misses = (Long) stats.get("gramCacheMisses");
    assertTrue(hits > 0, "the checked learner found nothing in the cache: " + stats);
    assertEquals(0L, cache.statistics().get("fingerprintMismatches"), cache.toString());
    java.util.logging.Logger.getLogger(getClass().getName()).info(String.format(Locale.ROOT,
        "cached prequential emotions %s (%s): %d rounds, worst relative score gap %.3g, learner hits %d, misses %d; cache %s",
        setting, cache.mode().cliName(), rounds, worst, hits, misses, cache.statistics()));
  }

  static Stream<Arguments> metricCases() {
    return KernelAgreementTest.LEARNERS.stream().map(Arguments::of);
  }

  /**
   * Train-then-test on emotions with one cache across two σ² values: the seven metrics agree with the
   * reference within {@link KernelAgreementTest#TOLERANCE} and equal the uncached run's exactly. The test
   * rows come from another file with ids that collide with training ids; the test pass scores them in
   * blocks, which never read the cache (the fingerprints that would refuse a colliding id are tested in
   * {@code GramCacheTest}), so no test row may have been looked up.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("metricCases")
  void cachedTrainThenTestAgreesWithTheReference(String learner) {
    LearnerSpec spec = registered(learner);
    Split split = KernelAgreementTest.load("emotions");
    int numLabels = split.train().numLabels();
    SharedResources resources = SharedResources.create(Math.max(split.train().dataset().size(),
        split.test().dataset().size()), -1);
    TrainThenTest.Config config = TrainThenTest.Config.defaults().withOrder(Order.FILE)
        .withScaling(FeatureScaling.STANDARDIZE).withThreads(2);
    for (double factor : new double[] {4, 1}) {
      Setting setting = learner.equals("falt-k")
          ? new Setting(learner, 1, 0, factor * split.sigmaSquared(), 4, 0, Policy.NONE)
          : new Setting(learner, 0, 0.25, factor * split.sigmaSquared(), 1, 0, Policy.NONE);
      Settings parsed = Settings.parse(spec, setting.text(spec));
      MetricReport cached = TrainThenTest.run(parsed, split.train(), split.test(),
          config.withResources(resources)).metrics();
      MetricReport plain = TrainThenTest.run(parsed, split.train(), split.test(), config).metrics();
      double[] actual = new double[KernelReferenceMetrics.NAMES.length];
      for (int m = 0; m < actual.length; m++) {
        Measure measure = Measure.byName(KernelReferenceMetrics.NAMES[m]);
        actual[m] = cached.get(measure);
        assertEquals(plain.get(measure), actual[m], 0.0, setting + " " + measure + " with and without the cache");
      }
      double[][] expected = KernelAgreementTest.trainThenTest(setting.reference(numLabels, split.numFeatures()), split);
      double dev = KernelAgreementTest.maxDeviation(actual, expected[0]);
      assertTrue(dev <= KernelAgreementTest.TOLERANCE, setting + ": max |cached learner - reference| = " + dev);
    }
    GramCache cache = GramCache.of(resources);
    Map<String, Object> stats = cache.statistics();
    assertTrue(cache.hits() > 0, stats.toString());
    assertEquals(0L, stats.get("fingerprintMismatches"), "the blocked test pass looked a test id up: " + stats);
  }

  /**
   * The permutation runs of an experiment: one cache over the training rows and the test rows after them
   * ({@link SharedResources#create(List, long, boolean)}), shared by three runs over different permutations.
   * Every run's seven metrics equal the uncached run's exactly; the test rows are looked up under their own ids
   * (no fingerprint refused), each pair is computed once over the three runs, and the later runs compute few.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("metricCases")
  void permutationRunsShareTheTrainingAndTestRows(String learner) {
    LearnerSpec spec = registered(learner);
    Split split = KernelAgreementTest.load("emotions");
    SharedResources resources = SharedResources.create(List.of(split.train().dataset(), split.test().dataset()), -1, true);
    SharedResources trainingOnly = SharedResources.create(split.train().dataset(), -1); // the test rows without ids
    Setting setting = learner.equals("falt-k")
        ? new Setting(learner, 1, 0, split.sigmaSquared(), 4, 0, Policy.NONE)
        : new Setting(learner, 0, 0.25, split.sigmaSquared(), 1, 0, Policy.NONE);
    Settings parsed = Settings.parse(spec, setting.text(spec));
    long[] computed = new long[3];
    for (int run = 0; run < computed.length; run++) {
      TrainThenTest.Config config = TrainThenTest.Config.defaults().withOrder(Order.SHUFFLE).withSeed(run + 1)
          .withScaling(FeatureScaling.STANDARDIZE).withThreads(2);
      MetricReport cached = TrainThenTest.run(parsed, split.train(), split.test(),
          config.withResources(resources)).metrics();
      MetricReport plain = TrainThenTest.run(parsed, split.train(), split.test(), config).metrics();
      TrainThenTest.run(parsed, split.train(), split.test(), config.withResources(trainingOnly));
      for (String name : KernelReferenceMetrics.NAMES) {
        Measure measure = Measure.byName(name);
        assertEquals(plain.get(measure), cached.get(measure), 0.0, setting + " run " + run + " " + measure);
      }
      GramCache cache = GramCache.of(resources);
      computed[run] = cache.misses() - (run == 0 ? 0 : java.util.Arrays.stream(computed, 0, run).sum());
    }
    GramCache cache = GramCache.of(resources);
    Map<String, Object> stats = cache.statistics();
    assertEquals(GramCache.Mode.FULL, cache.mode(), stats.toString());
    assertEquals(0L, stats.get("fingerprintMismatches"), "a test row under another id: " + stats);
    assertTrue(cache.misses() <= (long) stats.get("pairs"), "a pair computed twice: " + stats);
    assertTrue(computed[1] < computed[0] / 2 && computed[2] < computed[0] / 2, "later runs computed "
        + java.util.Arrays.toString(computed) + " pairs: " + stats);
    GramCache training = GramCache.of(trainingOnly);
    assertTrue(cache.hits() + cache.misses() > training.hits() + training.misses() + split.test().size(),
        "the test rows were not looked up: " + stats + " against " + training.statistics());
  }

  private static LearnerSpec registered(String learner) {
    Assumptions.assumeTrue(LearnerRegistry.contains(learner), "learner " + learner + " is not registered");
    return LearnerRegistry.get(learner);
  }
}
