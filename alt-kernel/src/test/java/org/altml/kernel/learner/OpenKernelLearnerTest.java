package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kernel learners over labels that appear mid-stream (docs/spec.md#open-labels): an open learner (L = 0 at the start)
 * grows its coefficient vectors when an example first carries a label, is the fixed-L learner bit for bit when every
 * label appears in the first example, saves and loads mid-growth as if uninterrupted, and follows a float64 reference
 * of FALT(k) with label births.
 */
class OpenKernelLearnerTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20261207L);

  private static OnlineMultiLabelLearner create(String learner, int numLabels, Object... nameValues) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      values.put((String) nameValues[i], nameValues[i + 1]);
    }
    Settings s = LearnerRegistry.get(learner).defaults().with(values);
    return LearnerRegistry.create(s, new LearnerContext(numLabels, 0, -1, 7L));
  }

  private static Object[] settings(String policy, String precision, Object... more) {
    List<Object> a = new ArrayList<>(List.of("precision", precision, "sigma2", 2.0));
    if (!policy.equals("none")) {
      a.addAll(List.of("budget", 6, "budgetPolicy", policy));
    }
    a.addAll(List.of(more));
    return a.toArray();
  }

  /** An example: features over d = 8 (float values) and labels. */
  private record Example(SparseVector x, LabelSet y) {}

  /**
   * {@code n} examples; label j is born at example births[j] (it may appear from then on), each label present with
   * probability 0.4 once born; the label born at an example is in it.
   */
  private static List<Example> stream(long seed, int n, int[] births) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Example> out = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      int nnz = 1 + r.nextInt(4);
      int[] idx = r.ints(0, 8).distinct().limit(nnz).sorted().toArray();
      float[] val = new float[idx.length];
      for (int k = 0; k < idx.length; k++) {
        val[k] = (float) (r.nextDouble() * 2 - 0.5);
        if (val[k] == 0f) {
          val[k] = 0.25f;
        }
      }
      List<Integer> labels = new ArrayList<>();
      for (int j = 0; j < births.length; j++) {
        if (births[j] == t || (births[j] < t && r.nextDouble() < 0.4)) {
          labels.add(j);
        }
      }
      out.add(new Example(SparseVector.of(idx, val), LabelSet.of(labels.stream().mapToInt(Integer::intValue).toArray())));
    }
    return out;
  }

  private static int labelsAfter(LabelSet y, int known) {
    int l = known;
    for (int k = 0; k < y.size(); k++) {
      l = Math.max(l, y.label(k) + 1);
    }
    return l;
  }

  /**
   * One open round (docs/spec.md#open-prediction): the prediction with the labels known before the example, then the
   * labels it brings, then the update with them. Returns the prediction's scores.
   */
  private static float[] openRound(OnlineMultiLabelLearner l, Example e) {
    Scores s = new Scores(l.numLabels());
    int grown = labelsAfter(e.y(), l.numLabels());
    if (grown == l.numLabels()) {
      l.predictThenUpdate(e.x(), e.y(), s);
    } else {
      l.predict(e.x(), s);
      l.growLabels(grown);
      l.update(e.x(), e.y());
    }
    return s.array().clone();
  }

  private static byte[] body(OnlineMultiLabelLearner l) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateOutput out = new StateOutput(bytes);
    KernelLearner.CODEC.write(l, out);
    out.flush();
    return bytes.toByteArray();
  }

  /** Saves and loads through the kernel codec at the learner's current L (the settings as given: an M factor stays). */
  private static OnlineMultiLabelLearner reload(OnlineMultiLabelLearner l) throws IOException {
    byte[] b = body(l);
    StateInput in = new StateInput(new ByteArrayInputStream(b), b.length, "test");
    return KernelLearner.CODEC.read(l.settings(), new LearnerContext(l.numLabels(), 0, -1, 7L), in, KernelLearner.CODEC.version());
  }

  /** When every label appears in the first example, open (L = 0, grown before its first update) is fixed-L bit for bit. */
  @ParameterizedTest
  @CsvSource({"falt-k, none, double, 5", "falt-k, merge, double, 5", "falt-k, smallest, float, 20", "falt-k, random, double, 20",
      "pa1-k, oldest, double, 5", "pa2-k, none, float, 20", "pa1-k, merge, float, 9"})
  void openEqualsFixedWhenEveryLabelIsInTheFirstExample(String learner, String policy, String precision, int numLabels)
      throws IOException {
    int[] births = new int[numLabels]; // all born at example 0
    List<Example> data = stream(SEED, 90, births);
    Object[] args = learner.equals("falt-k") ? settings(policy, precision, "maxUpdatesFactor", 0.25) : settings(policy, precision);
    OnlineMultiLabelLearner open = create(learner, 0, args);
    OnlineMultiLabelLearner fixed = create(learner, numLabels, args);
    assertEquals(0, open.numLabels());
    assertTrue(open.growsLabels());
    float[] first = openRound(open, data.get(0));
    assertEquals(numLabels, open.numLabels());
    assertArrayEquals(new float[first.length], first, "a zero model scores 0");
    Scores s = new Scores(numLabels);
    fixed.predictThenUpdate(data.get(0).x(), data.get(0).y(), s);
    for (Example e : data.subList(1, data.size())) {
      assertArrayEquals(s.array().clone(), s.array());
      float[] o = openRound(open, e);
      fixed.predictThenUpdate(e.x(), e.y(), s);
      assertArrayEquals(s.array(), o, learner + " " + policy + " " + precision);
    }
    assertEquals(((KernelLearner) fixed).maxUpdates(), ((KernelLearner) open).maxUpdates());
    assertEquals(fixed.statistics(), open.statistics());
    assertArrayEquals(body(fixed), body(open));
  }

  /**
   * Labels born mid-stream (past the rows' stride several times) under each budget policy: saved and loaded at several
   * points of the growth, the learner continues as the uninterrupted one, bit for bit, and saves the same bytes.
   */
  @ParameterizedTest
  @CsvSource({"falt-k, none, double, 0.125", "falt-k, oldest, double, 0.125", "falt-k, random, float, 0.125",
      "falt-k, smallest, double, 0.125", "falt-k, merge, double, 0.125", "falt-k, merge, float, 0.125", "falt-k, merge, double, 0",
      "falt-k, random, double, 0", "pa1-k, random, double, 0", "pa2-k, smallest, float, 0", "pa1-k, merge, double, 0",
      "pa2-k, none, double, 0", "pa1-k, oldest, float, 0"})
  void growthMidStreamSavesAndLoadsAsUninterrupted(String learner, String policy, String precision, double factor)
      throws IOException {
    int[] births = new int[40];
    for (int j = 0; j < births.length; j++) {
      births[j] = 3 + 4 * j; // one new label every 4 examples from example 3: L passes 8, 16 and 32
    }
    List<Example> data = stream(SEED + 1, 180, births);
    Object[] args = factor > 0 ? settings(policy, precision, "maxUpdatesFactor", factor)
        : learner.equals("falt-k") ? settings(policy, precision, "maxUpdates", 2) : settings(policy, precision);
    OnlineMultiLabelLearner a = create(learner, 0, args);
    OnlineMultiLabelLearner b = create(learner, 0, args);
    long ramAtStart = a.ramBytesUsed();
    for (int t = 0; t < data.size(); t++) {
      if (t == 2 || t == 41 || t == 70 || t == 133) {
        b = reload(b); // mid-growth: L = 0, 10, 17 and 33
      }
      if (t == 100) {
        // and through a whole model file, which keeps M rather than the factor (CommonParameters.asRun): with a factor, the
        // kernel codec alone
        b = factor > 0 ? reload(b) : ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(b)), "model").learner();
      }
      float[] sa = openRound(a, data.get(t));
      float[] sb = openRound(b, data.get(t));
      assertArrayEquals(sa, sb, learner + " " + policy + " " + precision + " example " + t);
    }
    assertEquals(40, a.numLabels());
    assertEquals(40, b.numLabels());
    assertEquals(a.statistics(), b.statistics());
    assertArrayEquals(body(a), body(b));
    assertTrue(a.ramBytesUsed() > ramAtStart);
    KernelLearner k = (KernelLearner) a;
    assertEquals(k.store().width(), learner.equals("falt-k") ? 41 : 40);
    if (factor > 0) {
      assertEquals(5, k.maxUpdates(), "the factor 1/8 resolves against the grown L = 40");
    }
    if (!policy.equals("none")) {
      assertTrue(k.budgetReductions() > 0);
      assertTrue(k.store().size() <= 6);
    }
  }

  /** Blocked training after a growth gives the rounds of one example at a time (the block scratch follows L). */
  @ParameterizedTest
  @CsvSource({"falt-k, none, double", "falt-k, merge, float", "pa2-k, oldest, double"})
  void blocksAfterGrowthAreRoundsOneAtATime(String learner, String policy, String precision) {
    int[] births = {0, 1, 2, 5, 9, 14, 20, 27, 35, 44, 54, 65, 77, 90, 104, 119, 135, 140};
    List<Example> data = stream(SEED + 2, 160, births);
    OnlineMultiLabelLearner one = create(learner, 0, settings(policy, precision));
    OnlineMultiLabelLearner blocked = create(learner, 0, settings(policy, precision));
    int t = 0;
    while (t < data.size()) {
      int grown = blocked.numLabels();
      int end = t;
      while (end < data.size() && end - t < 16) {
        grown = labelsAfter(data.get(end).y(), grown);
        end++;
      }
      blocked.growLabels(grown); // a block is learned at the L of its last example
      org.altml.core.learner.ExampleBlock block = new org.altml.core.learner.ExampleBlock(16);
      Scores[] out = org.altml.core.learner.ExampleBlock.newScores(end - t, grown);
      for (int k = t; k < end; k++) {
        block.add(OnlineMultiLabelLearner.NO_ID, data.get(k).x(), data.get(k).y());
      }
      blocked.predictThenUpdate(block, out);
      one.growLabels(grown);
      for (int k = t; k < end; k++) {
        Scores s = new Scores(grown);
        one.predictThenUpdate(data.get(k).x(), data.get(k).y(), s);
        assertArrayEquals(s.array(), out[k - t].array(), 1e-5f, learner + " " + policy + " example " + k);
      }
      t = end;
    }
  }

  @Test
  void growLabelsRefusesFewerLabelsAndKeepsTheSame() {
    OnlineMultiLabelLearner l = create("falt-k", 3);
    l.growLabels(3);
    assertEquals(3, l.numLabels());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> l.growLabels(2));
    assertTrue(e.getMessage().contains("cannot shrink"), e.getMessage());
  }

  /** A predictor made before a growth predicts with the grown L afterwards, as the learner does. */
  @Test
  void aPredictorFollowsTheGrownLabels() {
    List<Example> data = stream(SEED + 3, 40, new int[] {0, 3, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25});
    OnlineMultiLabelLearner l = create("falt-k", 0);
    org.altml.core.learner.Predictor p = l.predictor();
    for (Example e : data) {
      openRound(l, e);
    }
    Scores a = new Scores(l.numLabels());
    Scores b = new Scores(l.numLabels());
    for (Example e : data) {
      l.predict(e.x(), a);
      p.predict(e.x(), b);
      assertArrayEquals(a.array(), b.array());
    }
  }

  /**
   * A float64 reference of FALT(k) from docs/spec.md#kernel-falt and #open-labels, on a tiny stream whose labels are born
   * mid-stream, with an M factor (M follows L_t): every coefficient of every support vector within 1e-9, every score
   * of every prediction within float rounding.
   */
  @ParameterizedTest
  @CsvSource({"1.0, 0.5, 1.0", "0.5, 1.0, 2.0"})
  void faltKFollowsAFloat64ReferenceWithLabelBirths(double eta, double factor, double sigma2) {
    int[] births = {1, 1, 4, 7, 7, 12, 20};
    List<Example> data = stream(SEED + 4, 40, births);
    OnlineMultiLabelLearner l = create("falt-k", 0, "eta", (float) eta, "maxUpdatesFactor", factor, "sigma2", sigma2);
    Reference ref = new Reference(eta, factor, sigma2);
    for (Example e : data) {
      float[] got = openRound(l, e);
      double[] want = ref.round(e);
      KernelLearner k = (KernelLearner) l;
      assertEquals(ref.alphas.size(), k.store().size());
      for (int slot = 0; slot < ref.alphas.size(); slot++) {
        double[] alpha = ref.alphas.get(slot);
        assertEquals(alpha.length, k.store().width());
        for (int j = 0; j < alpha.length; j++) {
          assertEquals(alpha[j], k.store().coefficient(slot, j), 1e-9, "slot " + slot + " lane " + j);
        }
      }
      for (int j = 0; j < want.length; j++) {
        assertEquals(want[j], got[j], 1e-6, "score " + j + " of " + want.length); // the threshold last
      }
    }
    assertEquals(births.length, l.numLabels());
  }

  /** FALT(k) in double, naively: α rows of L_t + 1 entries (threshold last), grown with zeros before the threshold. */
  private static final class Reference {
    final double eta;
    final double factor;
    final double sigma2;
    final List<double[]> xs = new ArrayList<>();
    final List<double[]> alphas = new ArrayList<>();
    int numLabels;

    Reference(double eta, double factor, double sigma2) {
      this.eta = eta;
      this.factor = factor;
      this.sigma2 = sigma2;
    }

    double kernel(double[] a, double[] b) {
      double d = 0;
      for (int f = 0; f < a.length; f++) {
        d += (a[f] - b[f]) * (a[f] - b[f]);
      }
      return Math.exp(-d / (2 * sigma2));
    }

    double[] scores(double[] x, int labels) {
      double[] s = new double[labels + 1];
      for (int k = 0; k < xs.size(); k++) {
        double kv = kernel(xs.get(k), x);
        for (int j = 0; j <= labels; j++) {
          s[j] += alphas.get(k)[j] * kv;
        }
      }
      return s;
    }

    /** One round; returns the prediction's scores (over the labels known before the example, threshold last). */
    double[] round(Example e) {
      double[] x = new double[8];
      for (int k = 0; k < e.x().nnz(); k++) {
        x[e.x().index(k)] = e.x().value(k);
      }
      double[] predicted = scores(x, numLabels);
      int grown = labelsAfter(e.y(), numLabels);
      for (int k = 0; k < alphas.size(); k++) {
        double[] old = alphas.get(k);
        double[] a = new double[grown + 1];
        System.arraycopy(old, 0, a, 0, numLabels);
        a[grown] = old[numLabels];
        alphas.set(k, a);
      }
      numLabels = grown;
      int L = numLabels;
      int m = Math.max(1, (int) Math.ceil(factor * L));
      boolean[] relevant = new boolean[L];
      for (int k = 0; k < e.y().size(); k++) {
        relevant[e.y().label(k)] = true;
      }
      int ny = e.y().size();
      int nbar = L - ny;
      double[] s = scores(x, L);
      double[] alphaNew = new double[L + 1];
      int taken = 0;
      for (int step = 0; step < m; step++) {
        double[] c = new double[L + 1];
        int a = 0;
        int b = 0;
        for (int i = 0; i < L; i++) {
          if (relevant[i] && s[i] - s[L] < 1) {
            a++;
            c[i] = -1.0 / ny;
          } else if (!relevant[i] && s[L] - s[i] < 1) {
            b++;
            c[i] = 1.0 / nbar;
          }
        }
        if (a + b == 0) {
          break;
        }
        c[L] = (ny > 0 ? (double) a / ny : 0) - (nbar > 0 ? (double) b / nbar : 0);
        for (int j = 0; j <= L; j++) {
          alphaNew[j] -= eta * c[j];
          s[j] -= eta * c[j] * 1.0; // K(x, x) = 1
        }
        taken++;
      }
      if (taken > 0) {
        xs.add(x);
        alphas.add(alphaNew);
      }
      return predicted;
    }
  }

  @Test
  void anOpenKernelPaStartsWithNoLabels() {
    OnlineMultiLabelLearner l = create("pa1-k", 0);
    Scores s = new Scores(0);
    l.predictThenUpdate(SparseVector.of(new int[] {1}, new float[] {1f}), LabelSet.of(), s);
    assertEquals(0f, s.threshold());
    assertEquals(0, ((KernelLearner) l).store().size(), "nothing to learn without labels");
    l.growLabels(2);
    l.update(SparseVector.of(new int[] {1}, new float[] {1f}), LabelSet.of(1));
    assertEquals(1, ((KernelLearner) l).store().size());
    Scores t = new Scores(2);
    l.predict(SparseVector.of(new int[] {1}, new float[] {1f}), t);
    assertTrue(t.label(1) > 0 && t.label(0) < 0, Arrays.toString(t.array()));
  }
}
