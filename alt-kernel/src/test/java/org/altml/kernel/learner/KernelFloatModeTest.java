package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.kernel.cache.GramCache;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Float mode of the kernel learners ({@code precision=float}): kernel values and scores computed in float
 * ({@link SupportVectorStore#floatMath()}). Each score is a float, close to double mode's; a Gram cache shared
 * with double learners keeps the two precisions' distances apart, and a float learner with the cache gives the
 * bits of one without it.
 */
class KernelFloatModeTest {
  private static final int L = 4;
  private static final int N = 160;

  private static OnlineMultiLabelLearner create(String learner, String policy, String precision, double sigma2, SharedResources resources) {
    Settings s = LearnerRegistry.get(learner).defaults().with(Map.of("sigma2", sigma2, "budget", policy.equals("none") ? 0 : 30,
        "budgetPolicy", policy, "precision", precision));
    LearnerContext context = new LearnerContext(L, 0, -1, 5L);
    return LearnerRegistry.create(s, resources == null ? context : context.withResources(resources));
  }

  private static List<LabelSet> labels(SplittableRandom r) {
    List<LabelSet> out = new ArrayList<>();
    for (int t = 0; t < N; t++) {
      int a = r.nextInt(L);
      int b = (a + 1 + r.nextInt(L - 1)) % L;
      out.add(r.nextBoolean() ? LabelSet.of(a) : LabelSet.of(Math.min(a, b), Math.max(a, b)));
    }
    return out;
  }

  @ParameterizedTest
  @CsvSource({"falt-k, none, 1.0", "falt-k, none, 0.25", "pa2-k, none, 1.0", "falt-k, oldest, 1.0", "pa1-k, merge, 0.25"})
  void floatScoresAreFloatsAndFollowDoubleMode(String learner, String policy, double density) {
    SplittableRandom r = new SplittableRandom(17);
    List<SparseVector> xs = KernelBlockTest.xs(r, N, 10, density);
    List<LabelSet> ys = labels(r);
    OnlineMultiLabelLearner f = create(learner, policy, "float", 1.5, null);
    OnlineMultiLabelLearner d = create(learner, policy, "double", 1.5, null);
    assertTrue(((KernelLearner) f).store().floatMath());
    assertEquals(Precision.DOUBLE, ((KernelLearner) d).store().precision());
    Scores sf = new Scores(L);
    Scores sd = new Scores(L);
    double worst = 0;
    int same = 0;
    for (int t = 0; t < N; t++) {
      f.predictThenUpdate(t, xs.get(t), ys.get(t), sf);
      d.predictThenUpdate(t, xs.get(t), ys.get(t), sd);
      for (int j = 0; j <= L; j++) {
        worst = Math.max(worst, Math.abs(sf.array()[j] - sd.array()[j]) / (1 + Math.abs(sd.array()[j])));
        same += sf.array()[j] == sd.array()[j] ? 1 : 0;
      }
    }
    // early rounds agree to float rounding; a margin that flips later may change a trajectory a little
    assertTrue(worst < 1e-3, learner + " " + policy + ": worst relative gap " + worst);
    assertTrue(same < N * (L + 1), "float mode computed exactly double mode's scores: not float arithmetic");
  }

  /**
   * A float and a double learner with one set of shared resources: each precision gets its own cache (a float
   * learner's distances are computed in float), and each learner with it gives the bits of the same learner
   * without it.
   */
  @ParameterizedTest
  @CsvSource({"falt-k, none", "pa1-k, none", "falt-k, smallest"})
  void eachPrecisionHasItsOwnCacheAndTheBitsOfNone(String learner, String policy) {
    SplittableRandom r = new SplittableRandom(23);
    List<SparseVector> xs = KernelBlockTest.xs(r, N, 9, 0.7);
    List<LabelSet> ys = labels(r);
    SharedResources resources = SharedResources.create(N, -1);
    // other learners fill both caches first, at another width (the distances do not depend on it)
    OnlineMultiLabelLearner fillFloat = create(learner, policy, "float", 6.0, resources);
    OnlineMultiLabelLearner fillDouble = create(learner, policy, "double", 6.0, resources);
    for (int t = 0; t < N; t++) {
      fillDouble.update(t, xs.get(t), ys.get(t));
      fillFloat.update(t, xs.get(t), ys.get(t));
    }
    GramCache floatCache = GramCache.of(resources, Precision.FLOAT);
    GramCache doubleCache = GramCache.of(resources, Precision.DOUBLE);
    assertNotSame(floatCache, doubleCache);
    assertTrue(floatCache.misses() > 0 && doubleCache.misses() > 0, "both caches filled");
    for (String precision : new String[] {"float", "double"}) {
      OnlineMultiLabelLearner cached = create(learner, policy, precision, 1.5, resources);
      OnlineMultiLabelLearner plain = create(learner, policy, precision, 1.5, null);
      Scores a = new Scores(L);
      Scores b = new Scores(L);
      for (int t = 0; t < N; t++) {
        cached.predictThenUpdate(t, xs.get(t), ys.get(t), a);
        plain.predictThenUpdate(t, xs.get(t), ys.get(t), b);
        assertArrayEquals(b.array(), a.array(), precision + " round " + t);
      }
      assertTrue((Long) cached.statistics().get("gramCacheHits") > 0, precision + ": " + cached.statistics());
    }
  }
}
