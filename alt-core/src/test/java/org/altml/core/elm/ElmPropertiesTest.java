package org.altml.core.elm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The properties of docs/spec.md#elm-properties (OSML-ELM and ELM-OMLL) on seeded random problems, against a dense
 * batch solve written out here (Gaussian elimination with partial pivoting in double): sequential equals
 * batch, whatever the order, the initial block and the block size; L = 1 reduces both ELM-OMLL solvers to
 * ridge ELM; C → ∞ with w ≡ 1 gives OSML-ELM's least squares; empty and full label sets give weight 1. Then
 * determinism (seed → hidden layer → predictions; label threads), feature-order freedom, the model file
 * round trip, the guards and the divergence errors. Reproduce with {@code -Dalt.tests.seed=...}.
 */
class ElmPropertiesTest {
  /**
   * So many labels that no heap holds the block scratch are refused before anything is taken, as the memory bound
   * promises: an OutOfMemoryError came from OsmlElm's constructor (its check left out the B·L terms) and from the
   * kernels' warm-up (5·L doubles before any check; a review).
   */
  @org.junit.jupiter.api.Test
  void labelsBeyondTheHeapAreRefusedBeforeAnythingIsTaken() {
    for (String kind : List.of("osml-elm", "elm-omll")) {
      Settings s = LearnerRegistry.get(kind).defaults().with(Map.of("hidden", 10));
      org.altml.sparse.InsufficientMemoryException e = assertThrows(org.altml.sparse.InsufficientMemoryException.class,
          () -> LearnerRegistry.create(s, new LearnerContext(300_000_000, 10, 100, 1L)), kind);
      assertTrue(e.getMessage().contains("L = 300000000"), e.getMessage());
    }
  }

  private static final long SEED = Long.getLong("alt.tests.seed", 0xE1E1L);

  /** A random sparse multi-label problem. */
  private record Problem(List<SparseVector> x, List<LabelSet> y, int numFeatures, int numLabels) {
    static Problem random(long seed, int n, int d, int numLabels, int nnz) {
      SplittableRandom r = new SplittableRandom(seed);
      List<SparseVector> xs = new ArrayList<>();
      List<LabelSet> ys = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int[] idx = r.ints(0, d).distinct().limit(nnz).sorted().toArray();
        float[] val = new float[idx.length];
        for (int k = 0; k < idx.length; k++) {
          val[k] = (float) r.nextDouble(-1, 1);
        }
        xs.add(SparseVector.of(idx, val));
        int[] labels = r.ints(0, numLabels).distinct().limit(r.nextInt(0, numLabels + 1)).sorted().toArray();
        ys.add(LabelSet.of(labels));
      }
      return new Problem(xs, ys, d, numLabels);
    }

    Problem permuted(long seed) {
      Integer[] order = new Integer[x.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      SplittableRandom r = new SplittableRandom(seed);
      for (int i = order.length - 1; i > 0; i--) {
        int j = r.nextInt(i + 1);
        Integer t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      List<SparseVector> px = new ArrayList<>();
      List<LabelSet> py = new ArrayList<>();
      for (Integer i : order) {
        px.add(x.get(i));
        py.add(y.get(i));
      }
      return new Problem(px, py, numFeatures, numLabels);
    }
  }

  private static ElmLearner learner(Settings s, Problem p, long n0, long layerSeed) {
    HiddenLayer layer = HiddenLayer.seeded(s.get(ElmSpec.HIDDEN), layerSeed, Activation.SIGMOID, p.numFeatures());
    return ((ElmSpec) s.spec()).create(s, p.numLabels(), layer, n0);
  }

  private static void train(OnlineMultiLabelLearner l, Problem p) {
    for (int i = 0; i < p.x().size(); i++) {
      l.update(p.x().get(i), p.y().get(i));
    }
  }

  private static double[][] hiddenRows(ElmLearner l, Problem p) {
    double[][] rows = new double[p.x().size()][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = ElmTestSupport.hidden(l, p.x().get(i));
    }
    return rows;
  }

  /** x = A⁻¹·b for dense A (n×n) by Gaussian elimination with partial pivoting (the test's own reference). */
  private static double[] solve(double[][] a, double[] b) {
    int n = b.length;
    double[][] m = new double[n][];
    for (int i = 0; i < n; i++) {
      m[i] = Arrays.copyOf(a[i], n + 1);
      m[i][n] = b[i];
    }
    for (int c = 0; c < n; c++) {
      int piv = c;
      for (int r = c + 1; r < n; r++) {
        if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) {
          piv = r;
        }
      }
      double[] t = m[c];
      m[c] = m[piv];
      m[piv] = t;
      for (int r = c + 1; r < n; r++) {
        double f = m[r][c] / m[c][c];
        for (int k = c; k <= n; k++) {
          m[r][k] -= f * m[c][k];
        }
      }
    }
    double[] x = new double[n];
    for (int r = n - 1; r >= 0; r--) {
      double s = m[r][n];
      for (int k = r + 1; k < n; k++) {
        s -= m[r][k] * x[k];
      }
      x[r] = s / m[r][r];
    }
    return x;
  }

  /** β_p = (ridge·I + Σ w_ip·h_iᵀh_i)⁻¹·Σ w_ip·t_ip·h_iᵀ, with w from {@code weights} (null: 1). */
  private static double[][] batch(double[][] h, Problem p, double ridge, ElmOmll weightsOf) {
    int hd = h[0].length;
    int numLabels = p.numLabels();
    double[][] beta = new double[hd][numLabels];
    double[] w = new double[numLabels];
    for (int label = 0; label < numLabels; label++) {
      double[][] g = new double[hd][hd];
      double[] r = new double[hd];
      for (int i = 0; i < hd; i++) {
        g[i][i] = ridge;
      }
      for (int n = 0; n < h.length; n++) {
        Arrays.fill(w, 1.0);
        if (weightsOf != null) {
          weightsOf.weights(p.y().get(n), w, 0);
        }
        double t = p.y().get(n).contains(label) ? 1.0 : -1.0;
        for (int i = 0; i < hd; i++) {
          r[i] += w[label] * t * h[n][i];
          for (int j = 0; j < hd; j++) {
            g[i][j] += w[label] * h[n][i] * h[n][j];
          }
        }
      }
      double[] b = solve(g, r);
      for (int i = 0; i < hd; i++) {
        beta[i][label] = b[i];
      }
    }
    return beta;
  }

  private static void assertRelative(double[][] expected, ElmLearner l, double tolerance, String what) {
    double norm = 0;
    double diff = 0;
    for (int i = 0; i < expected.length; i++) {
      for (int p = 0; p < expected[i].length; p++) {
        norm = Math.max(norm, Math.abs(expected[i][p]));
        diff = Math.max(diff, Math.abs(expected[i][p] - l.beta(i, p)));
      }
    }
    assertTrue(diff <= tolerance * norm, what + ": relative error " + diff / norm + " > " + tolerance);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 16})
  void osmlElmSequentialEqualsBatchWhateverTheOrderAndInitialBlock(int block) {
    long seed = SEED + block;
    Problem p = Problem.random(seed, 80, 30, 4, 8);
    Settings s = LearnerRegistry.get("osml-elm").defaults().with("hidden", 12).with("block", block);
    ElmLearner first = learner(s, p, 20, seed);
    train(first, p);
    double[][] h = hiddenRows(first, p);
    double[][] lsq = batch(h, p, 0.0, null);
    assertRelative(lsq, first, 1e-8, "seed " + seed + " sequential vs batch least squares");
    // M = (HᵀH)⁻¹: M·G = I
    double[] m = ((OsmlElm) first).m();
    for (int i = 0; i < 12; i++) {
      for (int j = 0; j < 12; j++) {
        double mg = 0;
        for (int k = 0; k < 12; k++) {
          double g = 0;
          for (double[] row : h) {
            g += row[k] * row[j];
          }
          mg += m[i * 12 + k] * g;
        }
        assertEquals(i == j ? 1.0 : 0.0, mg, 1e-8, "seed " + seed + " (M·G)[" + i + "][" + j + "]");
      }
    }
    // another order, another initial block (still full rank), another block size: the same model
    Problem q = p.permuted(seed * 7);
    ElmLearner second = learner(s.with("block", 5), q, 37, seed);
    train(second, q);
    assertRelative(lsq, second, 1e-8, "seed " + seed + " permuted, N0 = 37");
    assertEquals(80, second.examplesSeen(), "one step per example");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 4, 64})
  void elmOmllSequentialEqualsClosedFormPerLabel(int block) {
    long seed = SEED * 3 + block;
    Problem p = Problem.random(seed, 70, 25, 5, 6);
    float c = 4f;
    Settings s = LearnerRegistry.get("elm-omll").defaults().with("hidden", 10).with("block", block).with("c", c);
    ElmOmll l = (ElmOmll) learner(s, p, 14, seed);
    train(l, p);
    double[][] expected = batch(hiddenRows(l, p), p, 1.0 / c, l);
    assertRelative(expected, l, 1e-8, "seed " + seed + " anchored vs closed form");
    Problem q = p.permuted(seed);
    ElmLearner other = learner(s.with("block", 3), q, 50, seed);
    train(other, q);
    assertRelative(expected, other, 1e-8, "seed " + seed + " permuted");
    for (String norm : List.of("none", "per-example")) {
      ElmOmll n = (ElmOmll) learner(s.with("pairNormalization", norm), p, 14, seed);
      train(n, p);
      assertRelative(batch(hiddenRows(n, p), p, 1.0 / c, n), n, 1e-8, "seed " + seed + " pairNormalization " + norm);
    }
  }

  @Test
  void oneLabelReducesBothSolversToRidgeAndLargeCToLeastSquares() {
    Problem p = Problem.random(SEED * 5, 60, 20, 1, 5);
    for (String solver : List.of("anchored", "coupled")) {
      Settings s = LearnerRegistry.get("elm-omll").defaults().with("hidden", 8).with("c", 0.5f).with("solver", solver);
      ElmLearner l = learner(s, p, 12, SEED);
      train(l, p);
      assertRelative(batch(hiddenRows(l, p), p, 2.0, null), l, 1e-8, solver + ": L = 1 is ridge ELM with λ = 1/C");
    }
    float big = 1e9f;
    ElmLearner omll = learner(LearnerRegistry.get("elm-omll").defaults().with("hidden", 8).with("c", big), p, 12, SEED);
    ElmLearner osml = learner(LearnerRegistry.get("osml-elm").defaults().with("hidden", 8), p, 12, SEED);
    train(omll, p);
    train(osml, p);
    double worst = 0;
    double norm = 0;
    for (int i = 0; i < 8; i++) {
      worst = Math.max(worst, Math.abs(omll.beta(i, 0) - osml.beta(i, 0)));
      norm = Math.max(norm, Math.abs(osml.beta(i, 0)));
    }
    assertTrue(worst <= 1e-4 * norm, "C → ∞ with w ≡ 1 gives OSML-ELM's least squares: " + worst / norm);
  }

  @Test
  void emptyAndFullLabelSetsWeighOne() {
    ElmOmll l = (ElmOmll) learner(LearnerRegistry.get("elm-omll").defaults().with("hidden", 4), Problem.random(1, 1, 5, 4, 2), 1, 1);
    double[] w = new double[4];
    for (String norm : List.of("none", "per-example")) {
      ElmOmll n = (ElmOmll) learner(l.settings().with("pairNormalization", norm), Problem.random(1, 1, 5, 4, 2), 1, 1);
      n.weights(LabelSet.of(), w, 0);
      assertArrayEquals(new double[] {1, 1, 1, 1}, w, norm + ": Y = ∅");
      n.weights(LabelSet.of(0, 1, 2, 3), w, 0);
      assertArrayEquals(new double[] {1, 1, 1, 1}, w, norm + ": Y = all");
    }
    Problem p = new Problem(List.of(SparseVector.of(new int[] {0}, new float[] {1}), SparseVector.of(new int[] {1}, new float[] {-1}),
        SparseVector.of(new int[0], new float[0])), List.of(LabelSet.of(), LabelSet.of(0, 1, 2, 3), LabelSet.of()), 5, 4);
    train(l, p);
    l.checkFinite();
    Scores s = new Scores(4);
    l.predict(p.x().get(2), s);
    assertTrue(Float.isFinite(s.label(0)), "an all-zero x gives h = g(b) and is learned from");
  }

  @Test
  void theHiddenLayerIsAPureFunctionOfSeedAndFeature() {
    HiddenLayer grown = HiddenLayer.seeded(7, 42, Activation.SIGMOID, 0);
    grown.ensureFeatures(3);
    grown.ensureFeatures(11);
    HiddenLayer atOnce = HiddenLayer.seeded(7, 42, Activation.SIGMOID, 11);
    for (int k = 0; k < 11; k++) {
      SplittableRandom recipe = new SplittableRandom(HiddenLayer.mix64(42 + 0x9E3779B97F4A7C15L * (k + 1)));
      for (int j = 0; j < 7; j++) {
        double w = (float) (2 * recipe.nextDouble() - 1);
        assertEquals(w, grown.weight(k, j), 0.0, "W[" + k + "][" + j + "] (docs/spec.md#elm-hidden-layer recipe)");
        assertEquals(w, atOnce.weight(k, j), 0.0);
      }
    }
    for (int j = 0; j < 7; j++) {
      assertTrue(grown.bias(j) >= 0 && grown.bias(j) < 1, "b ~ U[0, 1)");
      assertEquals(grown.bias(j), atOnce.bias(j), 0.0);
    }
    // a feature beyond the rows held is generated on the fly, without growing W
    SparseVector x = SparseVector.of(new int[] {2, 30}, new float[] {0.5f, -1f});
    double[] h1 = new double[7];
    grown.compute(x, h1, new float[7], new SparseVector());
    assertEquals(11, grown.numFeatures());
    HiddenLayer wide = HiddenLayer.seeded(7, 42, Activation.SIGMOID, 31);
    double[] h2 = new double[7];
    wide.compute(x, h2, new float[7], new SparseVector());
    assertArrayEquals(h2, h1, 0.0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"osml-elm", "elm-omll"})
  void sameSeedSameModelAndPredictionsWhateverTheThreads(String kind) {
    Problem p = Problem.random(SEED * 11, 120, 40, 6, 7);
    Settings s = LearnerRegistry.get(kind).defaults().with("hidden", 24).with("block", 8);
    LearnerContext context = new LearnerContext(6, 40, 120, 99);
    OnlineMultiLabelLearner a = s.spec().create(s, context);
    OnlineMultiLabelLearner b = s.spec().create(kind.equals("elm-omll") ? s.with("labelThreads", 2) : s, context);
    train(a, p);
    train(b, p);
    Scores sa = new Scores(6);
    Scores sb = new Scores(6);
    Predictor pb = b.predictor();
    for (SparseVector x : p.x()) {
      a.predict(x, sa);
      pb.predict(x, sb);
      assertArrayEquals(sa.array(), sb.array(), kind + ": same seed, same predictions");
    }
    OnlineMultiLabelLearner other = s.spec().create(s, context.withSeed(100));
    train(other, p);
    other.predict(p.x().get(0), sb);
    a.predict(p.x().get(0), sa);
    assertTrue(!Arrays.equals(sa.array(), sb.array()), "another seed draws another hidden layer");
  }

  @ParameterizedTest
  @ValueSource(strings = {"osml-elm", "elm-omll", "elm-omll coupled"})
  void aSavedModelPredictsAndContinuesExactly(String kind) throws Exception {
    Problem p = Problem.random(SEED * 13, 90, 30, 4, 5);
    String name = kind.split(" ")[0];
    Settings s = LearnerRegistry.get(name).defaults().with("hidden", 16).with("block", 7);
    if (kind.endsWith("coupled")) {
      s = s.with("solver", "coupled");
    }
    for (int cut : new int[] {10, 45}) { // before and after the initial block (N0 = 18), with examples queued
      LearnerContext context = new LearnerContext(4, 30, 90, 5);
      OnlineMultiLabelLearner straight = s.spec().create(s, context);
      train(straight, p);
      OnlineMultiLabelLearner first = s.spec().create(s, context);
      for (int i = 0; i < cut; i++) {
        first.update(p.x().get(i), p.y().get(i));
      }
      SavedModel back = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(first)), "test");
      OnlineMultiLabelLearner resumed = back.learner();
      assertEquals(first.statistics().get("hiddenSeed"), resumed.statistics().get("hiddenSeed"));
      Scores s1 = new Scores(4);
      Scores s2 = new Scores(4);
      for (SparseVector x : p.x()) {
        first.predict(x, s1);
        resumed.predict(x, s2);
        assertArrayEquals(s1.array(), s2.array(), kind + " cut " + cut + ": a loaded model predicts identically");
      }
      for (int i = cut; i < 90; i++) {
        resumed.update(p.x().get(i), p.y().get(i));
      }
      for (SparseVector x : p.x()) {
        straight.predict(x, s1);
        resumed.predict(x, s2);
        assertArrayEquals(s1.array(), s2.array(), kind + " cut " + cut + ": training continues exactly");
      }

    }
  }

  /**
   * Saving, loading and training on gives the model of training straight through, bit for bit in its doubles (no
   * prediction in between: a prediction absorbs the queued examples, which moves the block boundaries). The coupled
   * system came back from its upper triangle only, and its lower one, which the Cholesky reads, had differed from it in
   * the last bits, so β drifted after loading while the float scores hid it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"osml-elm", "elm-omll", "elm-omll coupled"})
  void aSavedModelContinuesBitForBit(String kind) throws Exception {
    Problem p = Problem.random(SEED * 13, 90, 30, 4, 5);
    Settings s = LearnerRegistry.get(kind.split(" ")[0]).defaults().with("hidden", 16).with("block", 7);
    if (kind.endsWith("coupled")) {
      s = s.with("solver", "coupled");
    }
    LearnerContext context = new LearnerContext(4, 30, 90, 5);
    OnlineMultiLabelLearner straight = s.spec().create(s, context);
    train(straight, p);
    for (int cut : new int[] {10, 45}) {
      OnlineMultiLabelLearner first = s.spec().create(s, context);
      for (int i = 0; i < cut; i++) {
        first.update(p.x().get(i), p.y().get(i));
      }
      OnlineMultiLabelLearner resumed = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(first)), "test").learner();
      for (int i = cut; i < 90; i++) {
        resumed.update(p.x().get(i), p.y().get(i));
      }
      assertArrayEquals(ModelIo.toBytes(SavedModel.of(straight)), ModelIo.toBytes(SavedModel.of(resumed)),
          kind + " cut " + cut + ": the continued model is the straight one");
    }
  }

  @Test
  void aLostPositiveDefinitenessIsSkippedAndCountedAndNaNIsADivergence() {
    Problem p = Problem.random(SEED * 17, 40, 20, 3, 5);
    Settings s = LearnerRegistry.get("osml-elm").defaults().with("hidden", 6).with("block", 4);
    OsmlElm l = (OsmlElm) learner(s, p, 10, 3);
    for (int i = 0; i < 10; i++) {
      l.update(p.x().get(i), p.y().get(i));
    }
    double[] m = l.m();
    for (int i = 0; i < m.length; i++) {
      m[i] = -m[i]; // negative definite: every δ = 1 + h·M·hᵀ < 1
    }
    for (int i = 10; i < 20; i++) {
      l.update(p.x().get(i), p.y().get(i));
    }
    Map<String, Object> st = l.statistics();
    assertTrue(l.guardSkips() > 0, "skipped: " + st);
    assertTrue((double) st.get("minPivotRatio") < 1, st.toString());
    l.checkFinite();
    Arrays.fill(m, Double.NaN);
    l.update(p.x().get(20), p.y().get(20));
    l.update(p.x().get(21), p.y().get(21));
    l.update(p.x().get(22), p.y().get(22));
    DivergenceException e = assertThrows(DivergenceException.class, () -> l.update(p.x().get(23), p.y().get(23)));
    assertTrue(e.getMessage().contains("osml-elm") && e.getMessage().contains("non-finite"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> l.predict(p.x().get(0), new Scores(3)));
  }

  @Test
  void settingsAreCheckedAndN0FollowsTheTrainingSize() {
    Settings s = LearnerRegistry.get("osml-elm").defaults();
    assertEquals(976, ElmSpec.initialExamples(s, 4880), "20% of bibtex's 4880");
    assertEquals(78, ElmSpec.initialExamples(s, 391), "emotions: round(78.2)");
    assertEquals(1, ElmSpec.initialExamples(s, 2));
    assertEquals(50, ElmSpec.initialExamples(s.with("initial", 50), -1));
    assertEquals(500, ElmSpec.initialExamples(s, -1), "unknown length: N0 = H");
    // a fraction given for a stream of unknown length would be ignored: refused, naming the alternative
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ElmSpec.initialExamples(s.with("initialFraction", 0.5), -1));
    assertTrue(e.getMessage().contains("--initial N0"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ElmSpec.initialExamples(s.with("initial", 50), 40));
    assertThrows(IllegalArgumentException.class, () -> s.with("initialFraction", 1.5));
    assertThrows(IllegalArgumentException.class, () -> s.with("initial", 5).with("initialFraction", 0.5));
    Settings omll = LearnerRegistry.get("elm-omll").defaults().with("hidden", 100).with("solver", "coupled");
    assertThrows(IllegalArgumentException.class, () -> omll.spec().create(omll, new LearnerContext(41, 10, 100, 1)), "H·L > 4000");
  }
}
