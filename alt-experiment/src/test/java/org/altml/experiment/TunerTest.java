package org.altml.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.store.RunStore;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TunerTest {
  static Dataset corpus(int n, long seed) {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withModelNonZerosPerLabel(20).withMeanNonZeros(6)
        .withNumFeatures(200).withNumLabels(5).withLabelCardinality(1.5).withSeed(seed);
    return new SparseTextGenerator(c).generate(n);
  }

  static Grid smallGrid(String learner) {
    Settings base = LearnerRegistry.get(learner).defaults();
    return Grid.of(base, Grid.Mode.NONE, Map.of("eta", List.of("0.0625", "0.25", "1", "4"),
        "maxUpdatesFactor", List.of("0.25", "1")), Set.of());
  }

  static Tuner.Config config(Search search, int threads) {
    return new Tuner.Config(4, 3L, search, Selection.paper(), FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, threads);
  }

  @Test
  void configsAreBuiltFromTheDefaultsByName() {
    Selection f1 = Selection.metric(Measure.F1);
    Tuner.Config c = Tuner.Config.defaults().withFolds(5).withSeed(7L).withSearch(Search.HALVING).withSelection(f1)
        .withScaling(FeatureScaling.STANDARDIZE).withZeroDivision(ZeroDivisionPolicy.ONE).withThreads(2).withSharedCacheBytes(0);
    assertEquals(new Tuner.Config(5, 7L, Search.HALVING, f1, FeatureScaling.STANDARDIZE, ZeroDivisionPolicy.ONE, 2, 0),
        c);
  }

  @Test
  void paperGridComesFromTheRegistry() {
    Grid salt = Grid.of(LearnerRegistry.get("salt").defaults(), Grid.Mode.PAPER, Map.of(), Set.of());
    assertEquals(21 * 21 * 6, salt.size(), salt.describe());
    Grid falt = Grid.of(LearnerRegistry.get("falt").defaults(), Grid.Mode.COARSE, Map.of(), Set.of());
    assertEquals(11 * 3, falt.size(), falt.describe());
    assertEquals(List.of("0.25", "1.0", "4.0"), falt.axes().get(1).labels());
    Grid pa1 = Grid.of(LearnerRegistry.get("pa1").defaults(), Grid.Mode.COARSE, Map.of(), Set.of());
    assertEquals(13, pa1.size(), pa1.describe() + ": C alone, as the paper tunes the PA baselines");
    assertTrue(pa1.axes().get(0).labels().contains("1.0"));
    // M fixed by hand: no M-factor axis
    Grid fixedM = Grid.of(LearnerRegistry.get("falt").defaults().with("maxUpdates", 3), Grid.Mode.PAPER, Map.of(),
        Set.of("maxUpdates"));
    assertEquals(21, fixedM.size());
    assertEquals(List.of("0.125", "0.25", "0.5", "1", "2"), Grid.parseList("2^-3..2^1")); // whole numbers as such (integer parameters)
  }

  @Test
  void copelandPicksTheCondorcetWinnerAndBreaksTiesByF1() {
    // seven metrics: P, R, F1, MacroF1, MicroF1, Hamming (lower), Ranking (lower)
    double[] a = {0.5, 0.5, 0.5, 0.5, 0.5, 0.1, 0.1};
    double[] b = {0.6, 0.6, 0.6, 0.6, 0.6, 0.2, 0.2}; // better on five of seven: beats a
    double[] c = {0.4, 0.4, 0.4, 0.4, 0.4, 0.3, 0.3};
    assertTrue(Selection.beats(b, a));
    assertEquals(1, Selection.paper().select(List.of(a, b, c)));
    assertEquals(0, Selection.metric(Measure.HAMMING_LOSS).select(List.of(a, b, c)));
    // tuning keeps the seven metrics' means only: another metric is refused before any fold runs
    assertEquals("tuning selects by the paper's rule or one of its seven metrics (precision, recall, f1, macroF1, microF1,"
        + " hammingLoss, rankingLoss), not jaccard",
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Selection.parse("jaccard")).getMessage());
    assertEquals(Selection.metric(Measure.MICRO_F1).toString(), Selection.parse(" microf1 ").toString());
    // a cycle of three: one win each, the highest F1 wins
    // P, R, Hamming rank x > y > z; F1, MacroF1 rank y > z > x; MicroF1, ranking loss rank z > x > y
    double[] x = {0.6, 0.6, 0.4, 0.4, 0.5, 0.1, 0.2};
    double[] y = {0.5, 0.5, 0.6, 0.6, 0.4, 0.2, 0.3};
    double[] z = {0.4, 0.4, 0.5, 0.5, 0.6, 0.3, 0.1};
    assertTrue(Selection.beats(x, y) && Selection.beats(y, z) && Selection.beats(z, x));
    assertEquals(1, Selection.paper().select(List.of(x, y, z)));
  }

  @Test
  void theChoiceDoesNotDependOnTheThreadCount() {
    Dataset train = corpus(240, 5);
    List<TuningResult> results = new ArrayList<>();
    for (int threads : new int[] {1, 2, 3}) {
      results.add(new Tuner(train, "corpus", "h", config(Search.FULL, threads), null, null).tune(smallGrid("falt")));
    }
    for (TuningResult r : results) {
      assertEquals(results.get(0).selected(), r.selected());
      for (int i = 0; i < r.candidates().size(); i++) {
        assertEquals(java.util.Arrays.toString(results.get(0).candidates().get(i).means()),
            java.util.Arrays.toString(r.candidates().get(i).means()));
      }
    }
    assertEquals(8 * 4, results.get(0).computed());
  }

  @Test
  void adaptiveSearchesEvaluateLessAndPlanWhatTheyDo() {
    Dataset train = corpus(240, 5);
    Grid grid = Grid.of(LearnerRegistry.get("salt").defaults(), Grid.Mode.NONE, Map.of("eta",
        Grid.parseList("2^-6..2^2"), "delta", Grid.parseList("2^-4..2^2")), Set.of());
    TuningResult full = new Tuner(train, "c", "h", config(Search.FULL, 0), null, null).tune(grid);
    TuningResult halving = new Tuner(train, "c", "h", config(Search.HALVING, 0), null, null).tune(grid);
    TuningResult refine = new Tuner(train, "c", "h", config(Search.REFINE, 0), null, null).tune(grid);
    assertEquals(Tuner.planned(grid, Search.FULL, 4), full.computed());
    assertEquals(Tuner.planned(grid, Search.HALVING, 4), halving.computed());
    assertTrue(refine.computed() <= Tuner.planned(grid, Search.REFINE, 4));
    assertTrue(halving.computed() < full.computed() / 2, halving.computed() + " of " + full.computed());
    assertTrue(refine.computed() < full.computed(), refine.computed() + " of " + full.computed());
  }

  @Test
  void storedFoldsAreReusedNotRecomputed(@TempDir Path dir) throws Exception {
    Dataset train = corpus(200, 9);
    Path file = dir.resolve("runs.jsonl");
    TuningResult first;
    try (RunStore store = RunStore.open(file)) {
      first = new Tuner(train, "c", "h", config(Search.FULL, 0), store, null).tune(smallGrid("falt"));
    }
    try (RunStore store = RunStore.open(file)) {
      assertEquals(first.computed(), store.loaded());
      AtomicInteger ticks = new AtomicInteger();
      TuningResult again = new Tuner(train, "c", "h", config(Search.FULL, 0), store, n -> ticks.addAndGet((int) n))
          .tune(smallGrid("falt"));
      assertEquals(0, again.computed());
      assertEquals(first.computed(), again.reused());
      assertEquals(first.computed(), ticks.get());
      assertEquals(first.selected(), again.selected());
    }
  }

  /**
   * Data in memory (or read without hashing) is keyed by its content: changed values under the same name and
   * shape meet none of the stored results (they were keyed by name, size and counts, and reused).
   */
  @Test
  void changedDataInMemoryMeetsNoStoredResult(@TempDir Path dir) throws Exception {
    Dataset train = corpus(200, 9);
    org.altml.sparse.data.DatasetBuilder noisy = new org.altml.sparse.data.DatasetBuilder().name(train.name());
    for (int i = 0; i < train.size(); i++) {
      var e = train.example(i);
      float[] v = e.features().values().clone();
      for (int k = 0; k < v.length; k++) {
        v[k] *= 1.5f;
      }
      noisy.add(org.altml.sparse.SparseVector.of(e.features().indices().clone(), v), e.labels());
    }
    Dataset changed = noisy.numLabels(train.numLabels()).numFeatures(train.numFeatures()).build();
    assertEquals(train.totalNonZeros(), changed.totalNonZeros());
    assertTrue(!Experiment.hash(train).equals(Experiment.hash(changed)), Experiment.hash(train));
    assertEquals(Experiment.hash(train), Experiment.hash(corpus(200, 9)), "the same content, another object");
    Path file = dir.resolve("runs.jsonl");
    try (RunStore store = RunStore.open(file)) {
      TuningResult first = new Tuner(train, "c", Experiment.hash(train), config(Search.FULL, 0), store, null).tune(smallGrid("falt"));
      TuningResult other = new Tuner(changed, "c", Experiment.hash(changed), config(Search.FULL, 0), store, null).tune(smallGrid("falt"));
      assertEquals(first.computed(), other.computed());
      assertEquals(0, other.reused());
      // no key given: the content's, so another dataset under the same name meets no stored result either
      TuningResult unkeyed = new Tuner(changed, "c", null, config(Search.FULL, 0), store, null).tune(smallGrid("falt"));
      assertEquals(0, unkeyed.computed(), "the changed data's own runs, by its content");
      Dataset third = corpus(200, 10);
      TuningResult another = new Tuner(third, "c", null, config(Search.FULL, 0), store, null).tune(smallGrid("falt"));
      assertEquals(first.computed(), another.computed());
      assertEquals(0, another.reused());
    }
  }

  @Test
  void sharedResourcesReachTheLearnersOfEveryFoldAndSetting() {
    Dataset train = corpus(120, 2);
    CountingSpec.contexts.clear();
    Grid grid = Grid.of(new CountingSpec().defaults(), Grid.Mode.NONE, Map.of("eta", List.of("0.5", "1", "2")), Set.of());
    new Tuner(train, "c", "h", config(Search.FULL, 2), null, null).tune(grid);
    assertEquals(3 * 4, CountingSpec.contexts.size());
    for (var c : CountingSpec.contexts) {
      assertTrue(c.resources().isShared());
      assertSame(CountingSpec.contexts.get(0).resources(), c.resources(), "one per dataset without scaling");
    }
    assertEquals(1, CountingSpec.contexts.get(0).resources().size(), "the resource is created once");
    CountingSpec.contexts.clear();
    new Tuner(train, "c", "h", new Tuner.Config(4, 3L, Search.FULL, Selection.paper(), FeatureScaling.STANDARDIZE,
        ZeroDivisionPolicy.SPEC, 2), null, null).tune(grid);
    assertEquals(4, CountingSpec.contexts.stream().map(c -> c.resources()).distinct().count(), "one per fold when standardized");
  }
}
