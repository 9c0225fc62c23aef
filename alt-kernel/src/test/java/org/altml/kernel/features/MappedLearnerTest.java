package org.altml.kernel.features;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.features.FeatureMapRegistry;
import org.altml.core.features.MappedLearner;
import org.altml.core.features.MappedSpec;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
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

class MappedLearnerTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20260613L);

  record Example(SparseVector x, LabelSet y) {}

  /**
   * XOR in two features with noise, and the same on two more features for a second pair of labels: label 0
   * when the signs of x_0 and x_1 agree, label 1 when they differ (and labels 2, 3 from x_2, x_3). No
   * hyperplane does better than chance on any label.
   */
  static List<Example> xor(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Example> examples = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      float[] v = new float[4];
      for (int f = 0; f < 4; f++) {
        v[f] = (float) ((random.nextBoolean() ? 1 : -1) + 0.15 * random.nextGaussian());
      }
      List<Integer> labels = new ArrayList<>();
      labels.add(v[0] * v[1] > 0 ? 0 : 1);
      labels.add(v[2] * v[3] > 0 ? 2 : 3);
      examples.add(new Example(SparseVector.of(new int[] {0, 1, 2, 3}, v),
          LabelSet.of(labels.stream().mapToInt(Integer::intValue).toArray())));
    }
    return examples;
  }

  static OnlineMultiLabelLearner create(String name, Map<String, Object> values, int numLabels, long trainingSize) {
    Settings s = LearnerRegistry.get(name).defaults();
    for (Map.Entry<String, Object> e : values.entrySet()) {
      s = s.with(e.getKey(), e.getValue());
    }
    return s.spec().create(s, new LearnerContext(numLabels, 4, trainingSize, SEED));
  }

  /** The share of (example, label) pairs predicted wrongly: the Hamming loss. */
  static double hammingLoss(OnlineMultiLabelLearner learner, List<Example> test) {
    Predictor p = learner.predictor();
    Scores s = new Scores(learner.numLabels());
    long wrong = 0;
    for (Example e : test) {
      p.predict(e.x(), s);
      for (int l = 0; l < learner.numLabels(); l++) {
        wrong += s.isPredicted(l) != e.y().contains(l) ? 1 : 0;
      }
    }
    return (double) wrong / (test.size() * learner.numLabels());
  }

  @Test
  void composedKindsAreResolvedByName() {
    for (String learner : List.of("falt", "salt", "pa1", "pa2")) {
      for (String map : FeatureMapRegistry.names()) {
        LearnerSpec spec = LearnerRegistry.get(learner + "+" + map);
        MappedSpec mapped = assertInstanceOf(MappedSpec.class, spec);
        assertEquals(learner, mapped.inner().name());
        assertEquals(map, mapped.featureMap().name());
        assertTrue(spec.hasParameter("mapDim") && spec.hasParameter("sigma2"), spec.parameters().toString());
        assertFalse(spec.isLinear());
        assertTrue(LearnerRegistry.contains(learner + "+" + map));
      }
    }
    assertEquals(List.of("nystrom", "rff"), FeatureMapRegistry.names());
    assertFalse(LearnerRegistry.contains("salt+nope"));
    assertFalse(LearnerRegistry.contains("salt+rff+rff"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearnerRegistry.get("salt+rff+rff"));
    assertTrue(e.getMessage().contains("composes with the linear learners"), e.getMessage());
    assertEquals("salt+rff eta=1.0 delta=1.0 maxUpdates=1 maxUpdatesFactor= bias=false precision=double mapDim=1000 sigma2=1.0",
        LearnerRegistry.get("salt+rff").defaults().key());
  }

  /** A kind that is not linear (a kernel learner has its own feature space) is refused by name. */
  @Test
  void aKindThatIsNotLinearIsRefused() {
    LearnerSpec kernelLike = new LearnerSpec() {
      public String name() {
        return "falt-k";
      }

      public String description() {
        return "a kernel learner";
      }

      public List<Parameter<?>> parameters() {
        return List.of();
      }

      public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
        throw new UnsupportedOperationException();
      }

      public ModelCodec codec() {
        throw new UnsupportedOperationException();
      }
    };
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new MappedSpec(kernelLike, FeatureMapRegistry.get("rff")));
    assertEquals("feature map rff composes with the linear learners (falt, pa1, pa2, salt), not falt-k", e.getMessage());
  }

  @Test
  void saltOnRandomFourierFeaturesLearnsXorThatLinearSaltCannot() {
    List<Example> train = xor(3000, SEED);
    List<Example> test = xor(1000, SEED + 1);
    OnlineMultiLabelLearner linear = create("salt", Map.of(), 4, train.size());
    OnlineMultiLabelLearner rff = create("salt+rff", Map.of("mapDim", 300, "sigma2", 0.5), 4, train.size());
    OnlineMultiLabelLearner nystrom = create("salt+nystrom", Map.of("mapDim", 64, "sigma2", 0.5), 4, train.size());
    for (Example e : train) {
      linear.update(e.x(), e.y());
      rff.update(e.x(), e.y());
      nystrom.update(e.x(), e.y());
    }
    double linearLoss = hammingLoss(linear, test);
    double rffLoss = hammingLoss(rff, test);
    double nystromLoss = hammingLoss(nystrom, test);
    assertTrue(linearLoss > 0.3, "linear SALT on XOR: Hamming loss " + linearLoss);
    assertTrue(rffLoss < 0.1, "SALT on rff: Hamming loss " + rffLoss + " (linear " + linearLoss + "), seed " + SEED);
    assertTrue(nystromLoss < 0.1, "SALT on nystrom: Hamming loss " + nystromLoss + ", seed " + SEED);
  }

  /** predict, predictThenUpdate's prediction and a predictor give the same bits; predict changes nothing. */
  @ParameterizedTest
  @ValueSource(strings = {"salt+rff", "falt+nystrom", "pa1+rff"})
  void predictionsAgreeAndPredictChangesNothing(String name) throws IOException {
    List<Example> data = xor(200, SEED);
    OnlineMultiLabelLearner a = create(name, Map.of("mapDim", 32), 4, -1);
    OnlineMultiLabelLearner b = create(name, Map.of("mapDim", 32), 4, -1);
    Scores sa = new Scores(4);
    Scores sb = new Scores(4);
    Scores sc = new Scores(4);
    for (Example e : data) {
      a.predict(e.x(), sa);
      b.predictThenUpdate(e.x(), e.y(), sb);
      assertArrayEquals(sa.array(), sb.array(), name);
      if (((MappedLearner) a).featureMap().isFitted()) { // a trained but unfitted model has no predictor (see below)
        Predictor p = a.predictor();
        p.predict(e.x(), sc);
        assertArrayEquals(sa.array(), sc.array(), name);
      }
      a.update(e.x(), e.y());
    }
    assertArrayEquals(ModelIo.toBytes(SavedModel.of(a)), ModelIo.toBytes(SavedModel.of(b)), name);
  }

  /** rff in front of a float learner holds Ω as floats, and a saved model comes back so. */
  @Test
  void rffRowsFollowTheLearnersPrecision() throws IOException {
    for (String precision : new String[] {"double", "float"}) {
      OnlineMultiLabelLearner l = create("salt+rff", Map.of("mapDim", 40, "sigma2", 0.75, "precision", precision), 4, -1);
      for (Example e : xor(30, SEED)) {
        l.update(e.x(), e.y());
      }
      RandomFourierFeatures map = (RandomFourierFeatures) ((MappedLearner) l).featureMap();
      assertEquals(precision.equals("float"), map.floatRows(), precision);
      assertEquals(precision, l.statistics().get("omegaPrecision"), l.statistics().toString());
      OnlineMultiLabelLearner loaded = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(l)), "rff").learner();
      assertEquals(precision.equals("float"), ((RandomFourierFeatures) ((MappedLearner) loaded).featureMap()).floatRows());
    }
  }

  /**
   * Saved and loaded at any point (Nyström before its landmarks are in, too), a learner continues exactly as
   * one that never stopped: same bytes, same scores.
   */
  @ParameterizedTest
  @ValueSource(strings = {"salt+rff", "falt+rff", "pa2+rff", "salt+nystrom", "pa1+nystrom"})
  void modelRoundTripAndContinuation(String name) throws IOException {
    List<Example> data = xor(300, SEED);
    Map<String, Object> values = Map.of("mapDim", 40, "sigma2", 0.75, "precision", "float");
    if (name.startsWith("falt") || name.startsWith("salt")) {
      values = Map.of("mapDim", 40, "sigma2", 0.75, "eta", 0.5f);
    }
    OnlineMultiLabelLearner straight = create(name, values, 4, -1);
    OnlineMultiLabelLearner resumed = create(name, values, 4, -1);
    for (int i = 0; i < data.size(); i++) {
      straight.update(data.get(i).x(), data.get(i).y());
      resumed.update(data.get(i).x(), data.get(i).y());
      if (i == 20 || i == 150) { // 20: Nyström (40 landmarks) still keeps its examples
        SavedModel loaded = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(resumed)), "checkpoint " + i);
        resumed = loaded.learner();
        assertInstanceOf(MappedLearner.class, resumed);
        assertEquals(straight.settings(), resumed.settings());
        assertEquals(straight.examplesSeen(), resumed.examplesSeen());
        assertEquals(straight.statistics(), resumed.statistics());
      }
    }
    assertArrayEquals(ModelIo.toBytes(SavedModel.of(straight)), ModelIo.toBytes(SavedModel.of(resumed)), name);
    Scores s1 = new Scores(4);
    Scores s2 = new Scores(4);
    for (Example e : xor(50, SEED + 9)) {
      straight.predict(e.x(), s1);
      resumed.predictor().predict(e.x(), s2);
      assertArrayEquals(s1.array(), s2.array(), name);
    }
  }

  @Test
  void factsNameTheMapItsSizeAndWidth() {
    OnlineMultiLabelLearner learner = create("salt+rff", Map.of("mapDim", 64, "sigma2", 2.0), 4, -1);
    Map<String, Object> facts = learner.statistics();
    assertEquals("rff", facts.get("featureMap"));
    assertEquals(64, facts.get("mapDim"));
    assertEquals(2.0, facts.get("sigma2"));
    assertEquals(SEED, facts.get("seed"));
    assertEquals("salt", facts.get("innerLearner"));
    // W of 64 rows of 8 doubles (L+1 = 5 padded to a 64-byte line) and SALT's accumulator: at least 2·64·8·8 bytes
    assertTrue(learner.ramBytesUsed() > 2 * 64 * 8 * 8, "ramBytesUsed " + learner.ramBytesUsed());
  }

  @Test
  void nystromWarmUpPredictsEmptyAndAnUnfittedTrainedModelIsRefused() {
    OnlineMultiLabelLearner learner = create("salt+nystrom", Map.of("mapDim", 10), 4, -1);
    Scores s = new Scores(4);
    List<Example> data = xor(5, SEED);
    for (Example e : data) {
      learner.predictThenUpdate(e.x(), e.y(), s);
      assertEquals(0, s.predictedCount());
    }
    assertEquals(5, learner.examplesSeen());
    assertEquals("its feature map nystrom is not fitted: it holds 5 of its 10 landmarks (distinct training examples); use a"
        + " smaller mapDim (--map-dim)", learner.notStartedReason());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, learner::predictor);
    assertTrue(e.getMessage().contains("5 of its 10 landmarks") && e.getMessage().contains("--map-dim"), e.getMessage());
  }

  /** A predictor made before Nyström's map is fitted predicts as the learner does, then reads the live model. */
  @Test
  void aPredictorMadeBeforeTheMapIsFittedFollowsTheLearner() {
    OnlineMultiLabelLearner learner = create("salt+nystrom", Map.of("mapDim", 10), 4, -1);
    Predictor early = learner.predictor();
    List<Example> data = xor(60, SEED);
    Scores own = new Scores(4);
    Scores viaEarly = new Scores(4);
    for (Example e : data) {
      learner.predict(e.x(), own);
      early.predict(e.x(), viaEarly);
      assertArrayEquals(own.array(), viaEarly.array());
      learner.update(e.x(), e.y());
    }
    learner.predict(data.get(0).x(), own);
    early.predict(data.get(0).x(), viaEarly);
    assertArrayEquals(own.array(), viaEarly.array());
    float sum = 0;
    for (float v : own.array()) {
      sum += Math.abs(v);
    }
    assertTrue(sum > 0, "a fitted, trained model scores");
    assertEquals(null, learner.notStartedReason(), "fitted: the inner learner's reason, none");
  }
}
