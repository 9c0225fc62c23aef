package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.RoundThreads;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A kernel learner given several threads per round ({@link LearnerContext#threads()}: blocked training's
 * scoring pass cut by rows, a merge's per-partner work by slots) learns exactly what it learns on one: the same
 * prequential scores bit for bit, the same support vectors in the same order with the same coefficients.
 */
class KernelRoundThreadsTest {
  private static final int L = 5;
  private static String previous;

  @BeforeAll
  static void splitEvenWhileTheJitCompiles() {
    previous = System.setProperty(RoundThreads.ALWAYS_SPLIT_PROPERTY, "true"); // else this young JVM would run on one thread
  }

  @AfterAll
  static void restore() {
    if (previous == null) {
      System.clearProperty(RoundThreads.ALWAYS_SPLIT_PROPERTY);
    } else {
      System.setProperty(RoundThreads.ALWAYS_SPLIT_PROPERTY, previous);
    }
  }

  private static OnlineMultiLabelLearner create(String learner, int budget, String policy, int partners, int threads) {
    java.util.Map<String, Object> values = new java.util.HashMap<>(java.util.Map.of("sigma2", 2.0, "budget", budget, "budgetPolicy",
        policy));
    if (partners > 0) {
      values.put("mergePartners", partners);
    }
    Settings s = LearnerRegistry.get(learner).defaults().with(values);
    return LearnerRegistry.create(s, new LearnerContext(L, 0, -1, 11L, SharedResources.NONE, threads));
  }

  @ParameterizedTest
  @CsvSource({"falt-k,0,none,0,1.0", "falt-k,600,merge,0,1.0", "falt-k,600,merge,0,0.3", "falt-k,600,merge,40,1.0",
      "pa1-k,300,oldest,0,1.0", "falt-k,300,smallest,0,0.3"})
  void severalThreadsLearnWhatOneLearns(String learner, int budget, String policy, int partners, double density) {
    SplittableRandom r = new SplittableRandom(5);
    List<SparseVector> xs = KernelBlockTest.xs(r, 1000, 12, density);
    List<LabelSet> ys = new ArrayList<>();
    for (int t = 0; t < xs.size(); t++) {
      ys.add(LabelSet.of(r.nextInt(L)));
    }
    List<float[]> reference = null;
    SupportVectorStore referenceStore = null;
    for (int threads : new int[] {1, 2, 3}) {
      OnlineMultiLabelLearner l = create(learner, budget, policy, partners, threads);
      List<float[]> scores = new ArrayList<>();
      ExampleBlock block = new ExampleBlock(64);
      Scores[] out = ExampleBlock.newScores(64, L);
      for (int t = 0; t < xs.size(); t++) {
        block.add(t, xs.get(t), ys.get(t));
        if (block.isFull() || t == xs.size() - 1) {
          l.predictThenUpdate(block, out);
          for (int k = 0; k < block.size(); k++) {
            scores.add(out[k].array().clone());
          }
          block.clear();
        }
      }
      SupportVectorStore store = ((KernelLearner) l).store();
      if (budget > 0) {
        assertEquals(budget, store.size(), "the store is at its budget");
        assertTrue(((KernelLearner) l).budgetReductions() > 100, "the policy ran");
      }
      if (reference == null) {
        reference = scores;
        referenceStore = store;
        continue;
      }
      for (int t = 0; t < scores.size(); t++) {
        assertArrayEquals(reference.get(t), scores.get(t), threads + " threads, round " + t);
      }
      assertEquals(referenceStore.size(), store.size());
      double[] a = new double[store.width()];
      double[] b = new double[store.width()];
      for (int q = referenceStore.oldest(), p = store.oldest(); q >= 0 || p >= 0; q = referenceStore.younger(q), p = store.younger(p)) {
        assertEquals(q, p, threads + " threads: the same slots in the same age order");
        referenceStore.coefficients(q, a);
        store.coefficients(p, b);
        assertArrayEquals(a, b, threads + " threads, slot " + p);
        assertEquals(referenceStore.squaredNorm(q), store.squaredNorm(p), 0.0);
      }
    }
  }
}
