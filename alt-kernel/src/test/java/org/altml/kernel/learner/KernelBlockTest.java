package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The block entry points of the kernel learners: training in blocks equals one round at a time (bit for
 * bit without a budget, to rounding with one), and block prediction, however the examples are cut into
 * blocks, equals one-example prediction bit for bit.
 */
class KernelBlockTest {
  private static final int L = 5;

  private static OnlineMultiLabelLearner create(String learner, int budget, String policy, String precision) {
    Settings s = LearnerRegistry.get(learner).defaults().with(java.util.Map.of("sigma2", 2.0, "budget", budget,
        "budgetPolicy", policy, "precision", precision));
    return LearnerRegistry.create(s, new LearnerContext(L, 0, -1, 11L));
  }

  /** n random vectors over d features, each feature present with probability {@code density}, values in [0.05, 1). */
  static List<SparseVector> xs(SplittableRandom r, int n, int d, double density) {
    List<SparseVector> out = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      List<Integer> idx = new ArrayList<>();
      for (int j = 0; j < d; j++) {
        if (r.nextDouble() < density) {
          idx.add(j);
        }
      }
      int[] i = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] v = new float[i.length];
      for (int k = 0; k < v.length; k++) {
        v[k] = (float) r.nextDouble(0.05, 1.0);
      }
      out.add(SparseVector.of(i, v));
    }
    return out;
  }

  @ParameterizedTest
  @CsvSource({"falt-k,0,none,double,1.0", "falt-k,0,none,float,1.0", "pa1-k,0,none,double,1.0", "falt-k,0,none,double,0.2",
      "falt-k,25,oldest,double,1.0", "falt-k,25,smallest,double,0.2", "falt-k,25,merge,double,1.0", "pa2-k,25,random,float,1.0",
      "falt-k,0,none,float,0.2", "pa1-k,0,none,float,1.0", "falt-k,25,merge,float,1.0", "falt-k,25,smallest,float,0.2"})
  void blocksAgreeWithOneRoundAtATime(String learner, int budget, String policy, String precision, double density) {
    SplittableRandom r = new SplittableRandom(3);
    List<SparseVector> train = xs(r, 300, 12, density);
    List<LabelSet> labels = new ArrayList<>();
    for (int t = 0; t < train.size(); t++) {
      labels.add(LabelSet.of(r.nextInt(L)));
    }
    OnlineMultiLabelLearner one = create(learner, budget, policy, precision);
    OnlineMultiLabelLearner blocked = create(learner, budget, policy, precision);
    Scores s1 = new Scores(L);
    Scores[] sb = ExampleBlock.newScores(64, L);
    ExampleBlock block = new ExampleBlock(64);
    List<float[]> prequentialOne = new ArrayList<>();
    List<float[]> prequentialBlocked = new ArrayList<>();
    for (int t = 0; t < train.size(); t++) {
      one.predictThenUpdate(t, train.get(t), labels.get(t), s1);
      prequentialOne.add(s1.array().clone());
      block.add(t, train.get(t), labels.get(t));
      if (block.isFull() || t == train.size() - 1) {
        blocked.predictThenUpdate(block, sb);
        for (int k = 0; k < block.size(); k++) {
          prequentialBlocked.add(sb[k].array().clone());
        }
        block.clear();
      }
    }
    double tolerance = budget == 0 ? 0.0 : 1e-5;
    for (int t = 0; t < train.size(); t++) {
      float[] a = prequentialOne.get(t);
      float[] b = prequentialBlocked.get(t);
      for (int j = 0; j <= L; j++) {
        assertEquals(a[j], b[j], tolerance * (1 + Math.abs(a[j])), learner + " round " + t + " lane " + j);
      }
    }
    // prediction: one example at a time against blocks of 7 and of 64, on the learner and a predictor
    List<SparseVector> test = xs(r, 100, 14, density);
    Predictor predictor = blocked.predictor();
    for (int size : new int[] {7, 64}) {
      ExampleBlock pb = new ExampleBlock(size);
      Scores[] out = ExampleBlock.newScores(size, L);
      Scores[] outP = ExampleBlock.newScores(size, L);
      for (int start = 0; start < test.size(); start += size) {
        pb.clear();
        for (int t = start; t < Math.min(test.size(), start + size); t++) {
          pb.add(t, test.get(t), null);
        }
        blocked.predict(pb, out);
        predictor.predict(pb, outP);
        for (int k = 0; k < pb.size(); k++) {
          blocked.predict(test.get(start + k), s1);
          assertArrayEquals(s1.array(), out[k].array(), "block of " + size + ", example " + (start + k));
          assertArrayEquals(s1.array(), outP[k].array(), "predictor block of " + size + ", example " + (start + k));
        }
      }
    }
  }
}
