package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.SparseVectorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KernelLearnerTest {
  /**
   * A vector with a stray feature index far beyond the heap's reach is refused when it is learned, with the model
   * unchanged, and the learner goes on: it was stored, and every later predict and update failed (with merge, an
   * OutOfMemoryError; a review).
   */
  @Test
  void aStrayHugeFeatureIndexIsRefusedAtItsOwnCall() {
    for (Settings s : List.of(LearnerRegistry.get("falt-k").defaults(),
        LearnerRegistry.get("falt-k").defaults().with(java.util.Map.of("budget", 3, "budgetPolicy", "merge")))) {
      OnlineMultiLabelLearner l = LearnerRegistry.create(s, new LearnerContext(3, 10, -1, 1L));
      SplittableRandom r = new SplittableRandom(3);
      for (int i = 0; i < 8; i++) {
        l.update(SparseVector.of(new int[] {r.nextInt(5), 5 + r.nextInt(5)}, new float[] {1f, (float) r.nextDouble()}),
            LabelSet.of(i % 3));
      }
      long seen = l.examplesSeen();
      SparseVector stray = SparseVector.of(new int[] {2_000_000_000}, new float[] {1f});
      assertThrows(org.altml.sparse.InsufficientMemoryException.class, () -> l.update(stray, LabelSet.of(1)), s.describe());
      assertEquals(seen, l.examplesSeen());
      Scores out = new Scores(3);
      l.predict(SparseVector.of(new int[] {1, 6}, new float[] {1f, 0.5f}), out);
      l.update(SparseVector.of(new int[] {2, 7}, new float[] {1f, 0.25f}), LabelSet.of(2));
      assertEquals(seen + 1, l.examplesSeen());
    }
  }

  /**
   * Every kind registered with the kernel module (the kernel learners and the feature-map composites too) refuses
   * another kind's settings at create: pa1-k built from pa2-k's settings named itself pa2-k in reports (a review).
   */
  @Test
  void everyKindRefusesAnotherKindsSettings() {
    List<org.altml.core.learner.LearnerSpec> all = List.copyOf(LearnerRegistry.all());
    for (String name : List.of("falt-k", "pa1-k", "pa2-k", "salt+rff", "pa1+nystrom")) {
      org.altml.core.learner.LearnerSpec spec = LearnerRegistry.get(name);
      for (org.altml.core.learner.LearnerSpec other : all) {
        if (other != spec) {
          IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
              () -> spec.create(other.defaults(), new LearnerContext(3, 10, -1, 1L)), name + " with " + other.name());
          assertEquals("settings of " + other.name() + " given to " + name, e.getMessage());
        }
      }
    }
  }

  private static final long SEED = Long.getLong("alt.tests.seed", 20261203L);
  private static final double E1 = Math.exp(-1.0);

  private static OnlineMultiLabelLearner create(String learner, int numLabels, long seed, Object... nameValues) {
    java.util.Map<String, Object> values = new java.util.LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      values.put((String) nameValues[i], nameValues[i + 1]);
    }
    Settings s = LearnerRegistry.get(learner).defaults().with(values);
    return LearnerRegistry.create(s, new LearnerContext(numLabels, 0, -1, seed));
  }

  private static SparseVector e(int feature) {
    return SparseVector.of(new int[] {feature}, new float[] {1f});
  }

  private static double[] scores(OnlineMultiLabelLearner l, SparseVector x) {
    Scores s = new Scores(l.numLabels());
    l.predict(x, s);
    double[] d = new double[l.numLabels() + 1];
    for (int i = 0; i < l.numLabels(); i++) {
      d[i] = s.label(i);
    }
    d[l.numLabels()] = s.threshold();
    return d;
  }

  /**
   * FALT(k), L = 2, σ² = 1, η = 1. Round 1, x_1 = e_0, Y = {0}: s = 0, so label 0 violates (s_0 − s_2 = 0 &lt; 1,
   * c_0 = −1/|Y| = −1) and label 1 too (s_2 − s_1 = 0 &lt; 1, c_1 = 1/|Ȳ| = 1), c_2 = 1 − 1 = 0: α_1 = −η·c =
   * (1, −1, 0). With M = 3 the second step sees s − η·c·K(x, x) = (1, −1, 0): margins exactly 1, not &lt; 1,
   * zero loss, so the round stops with one support vector. Round 2, x_2 = e_1, Y = {1}: K(x_1, x_2) =
   * exp(−2/2) = e^{−1}, s = (e^{−1}, −e^{−1}, 0); both labels violate, c = (1, −1, 0), α_2 = (−1, 1, 0).
   * With M = 3 a second step follows: s = (e^{−1} − 1, 1 − e^{−1}, 0) still has margins 1 − e^{−1} &lt; 1, the
   * same c, α_2 = (−2, 2, 0), and then margins 2 − e^{−1} ≥ 1 stop the round. Then x = e_0 scores
   * α_1·1 + α_2·e^{−1} = (1 − a·e^{−1}, −1 + a·e^{−1}, 0) with a = 1 (M = 1) or 2 (M = 3).
   */
  @ParameterizedTest
  @CsvSource({"1, double", "3, double", "1, float"})
  void faltKByHand(int maxUpdates, String precision) {
    KernelLearner l = (KernelLearner) create("falt-k", 2, 1, "maxUpdates", maxUpdates, "precision", precision);
    l.update(e(0), LabelSet.of(0));
    assertEquals(1, l.store().size());
    assertEquals(1, l.updateSteps());
    assertArrayEquals(new double[] {1, -1, 0}, new double[] {l.store().coefficient(0, 0), l.store().coefficient(0, 1),
        l.store().coefficient(0, 2)}, 0.0);
    l.update(e(1), LabelSet.of(1));
    assertEquals(2, l.store().size());
    assertEquals(maxUpdates == 1 ? 2 : 3, l.updateSteps());
    double a = maxUpdates == 1 ? 1 : 2;
    double[] s = scores(l, e(0));
    assertEquals((float) (1 - a * E1), s[0], 0.0);
    assertEquals((float) (-1 + a * E1), s[1], 0.0);
    assertEquals(0.0, s[2], 0.0);
    assertEquals(2, l.examplesSeen());
    assertEquals(2L, l.statistics().get("supportVectors"));
  }

  /**
   * PA-I and PA-II, L = 2, C = 1, σ² = 1. Round 1, x_1 = e_0, Y = {0}: s = 0, y = (1, −1), ℓ = (1, 1),
   * PA-I τ = min(1, ℓ/K(x, x)) = (1, 1), α_1 = τ·y = (1, −1); PA-II τ = ℓ/(1 + 1/2) = (2/3, 2/3).
   * Round 2, x_2 = e_1, Y = {0, 1}: s = e^{−1}·α_1; PA-I ℓ = (1 − e^{−1}, 1 + e^{−1}), τ = (1 − e^{−1}, 1)
   * (the second capped at C); PA-II τ = ℓ/1.5 with s = e^{−1}·(2/3, −2/3).
   */
  @Test
  void paKByHand() {
    KernelLearner pa1 = (KernelLearner) create("pa1-k", 2, 1);
    pa1.update(e(0), LabelSet.of(0));
    pa1.update(e(1), LabelSet.of(0, 1));
    assertEquals(2, pa1.store().width());
    assertEquals(1.0, pa1.store().coefficient(0, 0), 0.0);
    assertEquals(-1.0, pa1.store().coefficient(0, 1), 0.0);
    assertEquals(1 - E1, pa1.store().coefficient(1, 0), 1e-15);
    assertEquals(1.0, pa1.store().coefficient(1, 1), 0.0);
    assertEquals(0f, new Scores(2).threshold());
    double[] s = scores(pa1, e(1));
    assertEquals(0.0, s[2], 0.0, "the threshold score stays 0");

    KernelLearner pa2 = (KernelLearner) create("pa2-k", 2, 1);
    pa2.update(e(0), LabelSet.of(0));
    pa2.update(e(1), LabelSet.of(0, 1));
    assertEquals(2.0 / 3, pa2.store().coefficient(0, 0), 1e-15);
    assertEquals(-2.0 / 3, pa2.store().coefficient(0, 1), 1e-15);
    assertEquals((1 - E1 * 2.0 / 3) / 1.5, pa2.store().coefficient(1, 0), 1e-15);
    assertEquals((1 + E1 * 2.0 / 3) / 1.5, pa2.store().coefficient(1, 1), 1e-15);
    // a round with zero loss appends nothing
    KernelLearner again = (KernelLearner) create("pa1-k", 1, 1, "c", 100f);
    again.update(e(0), LabelSet.of(0));
    again.update(e(0), LabelSet.of(0));
    assertEquals(1, again.store().size());
    assertEquals(2, again.examplesSeen());
  }

  /** Random multi-label data: d features, L labels, a few labels per example. */
  static List<Object[]> data(long seed, int n, int d, int numLabels) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Object[]> examples = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      SparseVectorBuilder b = new SparseVectorBuilder();
      for (int f = 0; f < d; f++) {
        if (r.nextInt(3) == 0) {
          b.add(f, (float) r.nextDouble(-1, 1));
        }
      }
      List<Integer> labels = new ArrayList<>();
      for (int j = 0; j < numLabels; j++) {
        if (r.nextInt(3) == 0) {
          labels.add(j);
        }
      }
      examples.add(new Object[] {b.build(), LabelSet.of(labels.stream().mapToInt(Integer::intValue).toArray())});
    }
    return examples;
  }

  /** FALT(k) without a budget against a slow reference written from docs/spec.md#kernel-falt: same scores, bit for bit. */
  @Test
  void faltKAgreesWithADirectReference() {
    int numLabels = 4;
    double sigma2 = 0.75;
    float eta = 0.5f;
    int m = 3;
    OnlineMultiLabelLearner l = create("falt-k", numLabels, 1, "eta", eta, "sigma2", sigma2, "maxUpdates", m);
    RbfKernel kernel = new RbfKernel(sigma2);
    List<SparseVector> xs = new ArrayList<>();
    List<double[]> alphas = new ArrayList<>();
    Scores out = new Scores(numLabels);
    for (Object[] ex : data(SEED, 150, 12, numLabels)) {
      SparseVector x = (SparseVector) ex[0];
      LabelSet y = (LabelSet) ex[1];
      double[] s = new double[numLabels + 1];
      for (int k = 0; k < xs.size(); k++) {
        double kv = kernel.apply(xs.get(k), x);
        for (int j = 0; j <= numLabels; j++) {
          s[j] += kv * alphas.get(k)[j];
        }
      }
      l.predictThenUpdate(x, y, out);
      for (int j = 0; j < numLabels; j++) {
        assertEquals((float) s[j], out.label(j), 0.0, "seed " + SEED);
      }
      assertEquals((float) s[numLabels], out.threshold(), 0.0, "seed " + SEED);
      // the round, as docs/spec.md#kernel-falt writes it
      double[] alpha = new double[numLabels + 1];
      boolean stepped = false;
      for (int step = 0; step < m; step++) {
        double[] c = new double[numLabels + 1];
        int violated = org.altml.core.linear.AltLoss.coefficients(s, y, numLabels, c);
        if (violated == 0) {
          break;
        }
        stepped = true;
        for (int j = 0; j <= numLabels; j++) {
          alpha[j] -= eta * c[j];
          s[j] -= eta * c[j] * 1.0;
        }
      }
      if (stepped) {
        xs.add(x.copy());
        alphas.add(alpha);
      }
    }
    assertEquals((long) xs.size(), l.statistics().get("supportVectors"));
    assertTrue(xs.size() > 10);
  }

  @ParameterizedTest
  @CsvSource({"oldest", "random", "smallest", "merge"})
  void aBudgetHoldsDuringTraining(String policy) {
    KernelLearner l = (KernelLearner) create("falt-k", 3, 5, "budget", 7, "budgetPolicy", policy);
    for (Object[] ex : data(SEED, 100, 8, 3)) {
      l.update((SparseVector) ex[0], (LabelSet) ex[1]);
      assertTrue(l.store().size() <= 7);
    }
    assertEquals(7, l.store().size());
    assertEquals(l.supportVectorsAppended() - 7, l.budgetReductions());
    if (policy.equals("merge")) {
      assertTrue(l.kernelEvaluations() > l.updateSteps());
    }
  }

  /** A saved model loads into a learner that continues exactly as the original: scores bit for bit. */
  @ParameterizedTest
  @CsvSource({"falt-k, merge, double", "falt-k, random, float", "falt-k, none, double", "pa2-k, smallest, double",
      "pa1-k, random, double", "pa1-k, oldest, float"})
  void modelsRoundTripAndContinue(String learner, String policy, String precision) throws Exception {
    Object[] budget = policy.equals("none") ? new Object[0] : new Object[] {"budget", 6, "budgetPolicy", policy};
    Object[] args = new Object[budget.length + 4];
    System.arraycopy(budget, 0, args, 0, budget.length);
    args[budget.length] = "precision";
    args[budget.length + 1] = precision;
    args[budget.length + 2] = "sigma2";
    args[budget.length + 3] = 2.0;
    List<Object[]> examples = data(SEED, 120, 10, 3);
    OnlineMultiLabelLearner a = create(learner, 3, 77, args);
    for (Object[] ex : examples.subList(0, 60)) {
      a.update((SparseVector) ex[0], (LabelSet) ex[1]);
    }
    byte[] bytes = ModelIo.toBytes(SavedModel.of(a));
    OnlineMultiLabelLearner b = ModelIo.fromBytes(bytes, "model").learner();
    assertInstanceOf(KernelLearner.class, b);
    assertEquals(a.settings(), b.settings());
    assertEquals(a.statistics(), b.statistics());
    assertEquals(a.examplesSeen(), b.examplesSeen());
    Scores sa = new Scores(3);
    Scores sb = new Scores(3);
    for (Object[] ex : examples.subList(60, 120)) {
      a.predictThenUpdate((SparseVector) ex[0], (LabelSet) ex[1], sa);
      b.predictThenUpdate((SparseVector) ex[0], (LabelSet) ex[1], sb);
      assertArrayEquals(sa.array(), sb.array(), learner + " " + policy + " seed " + SEED);
    }
    assertEquals(a.statistics(), b.statistics());
    assertArrayEquals(ModelIo.toBytes(SavedModel.of(a)), ModelIo.toBytes(SavedModel.of(b)));
  }

  /** Predictors give the learner's own scores and leave the model alone. */
  @Test
  void predictorsAgreeWithPredict() {
    OnlineMultiLabelLearner l = create("falt-k", 3, 1, "budget", 20, "budgetPolicy", "merge");
    List<Object[]> examples = data(SEED, 80, 10, 3);
    for (Object[] ex : examples) {
      l.update((SparseVector) ex[0], (LabelSet) ex[1]);
    }
    Predictor p = l.predictor();
    Scores a = new Scores(3);
    Scores b = new Scores(3);
    for (Object[] ex : examples) {
      l.predict((SparseVector) ex[0], a);
      p.predict((SparseVector) ex[0], b);
      assertArrayEquals(a.array(), b.array());
    }
    assertTrue(l.ramBytesUsed() > 20L * 8);
  }

  @Test
  void budgetAndPolicyGoTogether() {
    Settings d = LearnerRegistry.get("falt-k").defaults();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.with("budget", 10));
    assertTrue(e.getMessage().contains("budgetPolicy"), e.getMessage());
    Settings withPolicy = LearnerRegistry.get("pa1-k").defaults();
    e = assertThrows(IllegalArgumentException.class, () -> withPolicy.with("budgetPolicy", "merge"));
    assertTrue(e.getMessage().contains("budget > 0"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> d.with("budget", -1));
    assertEquals(10, d.with(java.util.Map.of("budget", 10, "budgetPolicy", "oldest")).get(org.altml.kernel.budget.BudgetParameters.BUDGET));
    assertThrows(IllegalArgumentException.class, () -> d.with("sigma2", 0.0));
    assertFalse(LearnerRegistry.get("pa1-k").hasParameter("maxUpdates"), "kernel PA takes one step per round");
    assertFalse(LearnerRegistry.get("falt-k").hasParameter("bias"), "a constant feature changes no RBF distance");
    e = assertThrows(IllegalArgumentException.class,
        () -> d.with(java.util.Map.of("budget", 10, "budgetPolicy", "oldest", "mergePartners", 5)));
    assertTrue(e.getMessage().contains("merge only"), e.getMessage());
    assertEquals(5, d.with(java.util.Map.of("budget", 10, "budgetPolicy", "merge", "mergePartners", 5))
        .get(org.altml.kernel.budget.BudgetParameters.MERGE_PARTNERS));
    assertEquals("falt-k eta=1.0 maxUpdates=1 maxUpdatesFactor= sigma2=1.0 budget=0 budgetPolicy=none mergePartners=0 precision=double",
        d.key());
  }

  /**
   * The M factor resolves against L, as for the linear learners; the settings stay as given (they came back with the
   * factor replaced by M), and the M used is what {@code CommonParameters.asRun} and a model file say.
   */
  @Test
  void maxUpdatesFactorResolves() {
    KernelLearner l = (KernelLearner) create("falt-k", 6, 1, "maxUpdatesFactor", 0.5);
    assertEquals(3, l.maxUpdates());
    assertEquals(0.5, l.settings().get(org.altml.core.learner.CommonParameters.MAX_UPDATES_FACTOR));
    assertEquals(3, org.altml.core.learner.CommonParameters.asRun(l.settings(), 6)
        .get(org.altml.core.learner.CommonParameters.MAX_UPDATES));
  }
}
