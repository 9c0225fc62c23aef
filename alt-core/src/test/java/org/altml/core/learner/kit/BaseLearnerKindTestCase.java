package org.altml.core.learner.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.altml.core.eval.DataView;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.LearnerComposer;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * The conformance kit every learner kind inherits, as Lucene's {@code BaseDocValuesFormatTestCase} is for its
 * formats: each check runs once per kind ({@link #kinds()}, which the registry supplies), as a dynamic test named by
 * the kind. A module subclasses it once, in its tests, naming its kinds (alt-core: all registered ones; alt-kernel:
 * its own and every {@code LEARNER+MAP} composition) and declaring which are randomized; a new kind registered in
 * {@code META-INF/services} is then checked with nothing else to write.
 *
 * <p>The checks, on small seeded synthetic data ({@link KitData}), so the whole kit for every kind takes seconds:
 * <ul>
 *   <li>the codec round trip is bit-equal (save, load, save again: the same bytes, the same predictions);</li>
 *   <li>training n, saving, loading and training m more equals training n + m at once, bit for bit;</li>
 *   <li>predictions of p thread-confined predictors (and frozen predictors' labels) equal one thread's;</li>
 *   <li>the same seed gives the same model; another seed gives another exactly for the randomized kinds
 *       ({@link #randomized});</li>
 *   <li>training and predicting example by example gives the metrics of the train-then-test protocol;</li>
 *   <li>{@code create(s).settings().equals(s)} for settings drawn at random from every parameter's range
 *       ({@link RandomSettings});</li>
 *   <li>non-finite inputs are refused with a message naming the value, and divergence on extreme (finite) inputs is
 *       reported as a {@link DivergenceException}: no call returns a non-finite score and no non-finite model is saved;</li>
 *   <li>a label beyond L and a {@link Scores} of another L are refused with an {@link IllegalArgumentException},
 *       changing nothing;</li>
 *   <li>{@code ramBytesUsed()} is at least the saved model's size over {@value #RAM_FACTOR}, and, for the kit
 *       settings, at most {@value #RAM_FACTOR} times it (plus {@value #RAM_SLACK} bytes of fixed overhead);</li>
 *   <li>open streams (docs/spec.md#open-labels, {@link OpenKindChecks}), for the kinds whose learners say they grow
 *       their labels: created with L = 0 and grown at the first example (which carries every label) equals the learner
 *       created with L, bit for bit; grown mid-stream, saved and loaded mid-growth and continued equals the uninterrupted
 *       run; growing to L − 1 is refused; for the other kinds, growing to L + 1 is refused naming the kind.</li>
 * </ul>
 * Each check runs on the kind's {@link #kitSettings} and on {@value #VARIANTS} settings drawn from its parameters'
 * ranges that train on the kit's data (budgets, float precision, bias, an M factor, other solvers and activations).
 */
public abstract class BaseLearnerKindTestCase {
  /** Examples of the first training part. */
  protected static final int TRAIN = 150;
  /** Examples trained after a save and load. */
  protected static final int MORE = 60;
  /** Test examples. */
  protected static final int TEST = 60;
  /** Threads of the predictor check. */
  protected static final int THREADS = 4;
  /**
   * The most {@code ramBytesUsed()} and the saved model's size may differ by, either way: a model file holds the
   * state, the heap also its scratch, its capacity and what a seed regenerates (an ELM's input weights).
   */
  protected static final double RAM_FACTOR = 10;
  /** Fixed bytes allowed beyond {@link #RAM_FACTOR} (object headers, scratch of a few lanes). */
  protected static final long RAM_SLACK = 4096;

  private static final Dataset DATA = KitData.generate(TRAIN + MORE + TEST, 38);

  /**
   * The kinds this module checks, by name. The registry supplies them: override to select among {@link
   * #registeredKinds()} and {@link #compositions()}.
   */
  protected abstract List<String> kinds();

  /** Whether a model of {@code settings} depends on the context's seed (an ELM's hidden layer, a random feature map). */
  protected abstract boolean randomized(Settings settings);

  /**
   * The settings the kit trains {@code spec} with: its defaults by default. A module may make a kind's model smaller
   * (fewer hidden units, fewer mapped features) to keep the kit fast, never to avoid a check.
   */
  protected Settings kitSettings(LearnerSpec spec) {
    return spec.defaults();
  }

  /** Every kind the registry has, by name. */
  protected static List<String> registeredKinds() {
    return LearnerRegistry.names();
  }

  /** Every {@code LEARNER+PART} composition the registry can make of its kinds and its composers' parts. */
  protected static List<String> compositions() {
    List<String> all = new ArrayList<>();
    for (String name : LearnerRegistry.names()) {
      for (String part : LearnerRegistry.compositeParts()) {
        String composed = name + LearnerComposer.SEPARATOR + part;
        if (LearnerRegistry.contains(composed)) {
          all.add(composed);
        }
      }
    }
    return all;
  }

  /**
   * One dynamic test per kind and settings: the kind's {@link #kitSettings} (named by the kind) and {@value #VARIANTS}
   * settings drawn from its parameters' ranges ({@link RandomSettings}) that train on the kit's data (named by the kind
   * and their key), so that the checks also cover budgets, float precision, bias, an M factor, other solvers.
   */
  private Stream<DynamicTest> perKind(ThrowingConsumer<Settings> check) {
    List<String> kinds = kinds();
    assertTrue(!kinds.isEmpty(), "no kinds to check");
    return kinds.stream().flatMap(k -> settingsOf(LearnerRegistry.get(k)).stream().map(s -> {
      String name = s.equals(kitSettings(s.spec())) ? k : s.key();
      return DynamicTest.dynamicTest(name, () -> {
        try {
          check.accept(s);
        } catch (AssertionError | RuntimeException e) {
          throw new AssertionError(name + ": " + e, e); // the report names the kind, whatever the runner shows
        }
      });
    }));
  }

  /** Random settings checked per kind besides its kit settings. */
  protected static final int VARIANTS = 3;

  private static final java.util.Map<String, List<Settings>> VARIANT_CACHE = new java.util.concurrent.ConcurrentHashMap<>();

  private List<Settings> settingsOf(LearnerSpec spec) {
    return VARIANT_CACHE.computeIfAbsent(spec.name(), n -> {
      List<Settings> all = new ArrayList<>(List.of(kitSettings(spec)));
      SplittableRandom rnd = new SplittableRandom(n.hashCode() * 31L + 1);
      for (int draw = 0; draw < 40 && all.size() <= VARIANTS; draw++) {
        Settings s = RandomSettings.draw(spec, rnd);
        try {
          OnlineMultiLabelLearner learner = spec.create(s, context(1));
          train(learner, 0, TRAIN + MORE);
          learner.checkFinite();
        } catch (IllegalArgumentException | DivergenceException e) {
          continue; // valid settings that do not fit the kit's data, or that diverge on it: no variant
        }
        all.add(s);
      }
      return List.copyOf(all);
    });
  }

  /** A context for the kit's data: L, d and the training size known, seed {@code seed}. */
  protected static LearnerContext context(long seed) {
    return new LearnerContext(KitData.LABELS, KitData.FEATURES, TRAIN + MORE, seed);
  }

  private static OnlineMultiLabelLearner create(Settings s, long seed) {
    return s.spec().create(s, context(seed));
  }

  /** A learner of {@code settings} (seed 1) trained on the kit's first {@code n} examples. */
  private static OnlineMultiLabelLearner trained(Settings settings, int n) {
    OnlineMultiLabelLearner learner = create(settings, 1);
    train(learner, 0, n);
    return learner;
  }

  /** Trains {@code learner} on the kit's examples [from, to), one call per example, ids the positions. */
  protected static void train(OnlineMultiLabelLearner learner, int from, int to) {
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = from; i < to; i++) {
      learner.update(i, DATA.features(i, x), DATA.labels(i, y));
    }
  }

  /** The model file of {@code learner}. */
  protected static byte[] bytes(OnlineMultiLabelLearner learner) throws IOException {
    return ModelIo.toBytes(SavedModel.of(learner));
  }

  private static OnlineMultiLabelLearner load(byte[] bytes) throws IOException {
    return ModelIo.fromBytes(bytes, "kit model").learner();
  }

  /** The L + 1 scores of every test example, from {@code predictor}, in test order. */
  private static float[][] predictions(Predictor predictor, int numLabels) {
    float[][] out = new float[TEST][];
    Scores s = new Scores(numLabels);
    SparseVector x = new SparseVector();
    for (int k = 0; k < TEST; k++) {
      predictor.predict(DATA.features(TRAIN + MORE + k, x), s);
      out[k] = Arrays.copyOf(s.array(), numLabels + 1);
    }
    return out;
  }

  private static void assertBitEqual(float[][] expected, float[][] actual, String what) {
    for (int k = 0; k < expected.length; k++) {
      for (int j = 0; j < expected[k].length; j++) {
        if (Float.floatToRawIntBits(expected[k][j]) != Float.floatToRawIntBits(actual[k][j])) {
          fail(what + ": test example " + k + ", lane " + j + ": " + expected[k][j] + " vs " + actual[k][j]);
        }
      }
    }
  }

  /** The same model file, and then the same scores of every test example, bit for bit. */
  private static void assertSameModel(OnlineMultiLabelLearner expected, OnlineMultiLabelLearner actual, String what)
      throws IOException {
    assertArrayEquals(bytes(expected), bytes(actual), what);
    assertBitEqual(predictions(expected.predictor(), expected.numLabels()), predictions(actual.predictor(), actual.numLabels()),
        what + ": scores");
  }

  @TestFactory
  Stream<DynamicTest> codecRoundTripIsBitEqual() {
    return perKind(settings -> {
      OnlineMultiLabelLearner learner = trained(settings, TRAIN);
      OnlineMultiLabelLearner loaded = load(bytes(learner));
      assertEquals(learner.examplesSeen(), loaded.examplesSeen());
      assertEquals(CommonParameters.asRun(learner.settings(), learner.numLabels()), loaded.settings(), "settings as run");
      assertSameModel(learner, loaded, "saved again after loading");
    });
  }

  @TestFactory
  Stream<DynamicTest> trainSaveLoadTrainEqualsTrainingAtOnce() {
    return perKind(settings -> {
      OnlineMultiLabelLearner first = trained(settings, TRAIN);
      OnlineMultiLabelLearner continued = load(bytes(first));
      train(continued, TRAIN, TRAIN + MORE);
      OnlineMultiLabelLearner atOnce = trained(settings, TRAIN + MORE);
      assertSameModel(atOnce, continued, "n, save, load, m vs n + m");
    });
  }

  @TestFactory
  Stream<DynamicTest> threadConfinedPredictorsAgreeWithOneThread() {
    return perKind(settings -> {
      OnlineMultiLabelLearner learner = trained(settings, TRAIN);
      int numLabels = learner.numLabels();
      float[][] one = predictions(learner.predictor(), numLabels);
      Supplier<Predictor> frozen = learner.frozenPredictors();
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      try {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Future<float[][]>> scores = new ArrayList<>();
        List<Future<int[][]>> labels = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          Predictor own = learner.predictor();
          Predictor frozenOwn = frozen.get();
          scores.add(pool.submit(() -> {
            start.await();
            return predictions(own, numLabels);
          }));
          labels.add(pool.submit(() -> predictedLabels(frozenOwn, numLabels)));
        }
        for (int t = 0; t < THREADS; t++) {
          assertBitEqual(one, scores.get(t).get(), "predictor of thread " + t);
          int[][] got = labels.get(t).get();
          for (int k = 0; k < TEST; k++) {
            assertArrayEquals(predicted(one[k], numLabels), got[k], "frozen predictor of thread " + t + ", test example " + k);
          }
        }
      } finally {
        pool.shutdownNow();
      }
    });
  }

  private static int[][] predictedLabels(Predictor predictor, int numLabels) {
    int[][] out = new int[TEST][];
    Scores s = new Scores(numLabels);
    int[] buf = new int[numLabels];
    SparseVector x = new SparseVector();
    for (int k = 0; k < TEST; k++) {
      int n = predictor.predictLabels(DATA.features(TRAIN + MORE + k, x), s, buf);
      out[k] = Arrays.copyOf(buf, n);
    }
    return out;
  }

  private static int[] predicted(float[] scores, int numLabels) {
    Scores s = new Scores(numLabels);
    System.arraycopy(scores, 0, s.array(), 0, numLabels + 1);
    int[] buf = new int[numLabels];
    return Arrays.copyOf(buf, s.predicted(buf));
  }

  @TestFactory
  Stream<DynamicTest> seedDecidesTheModel() {
    return perKind(settings -> {
      byte[][] models = new byte[3][];
      long[] seeds = {1, 1, 2};
      for (int i = 0; i < 3; i++) {
        OnlineMultiLabelLearner learner = create(settings, seeds[i]);
        train(learner, 0, TRAIN);
        models[i] = bytes(learner);
      }
      assertArrayEquals(models[0], models[1], "the same seed");
      boolean differs = !Arrays.equals(models[0], models[2]);
      assertEquals(randomized(settings), differs, randomized(settings)
          ? "declared randomized, but another seed gave the same model" : "declared not randomized, but another seed changed the model");
    });
  }

  @TestFactory
  Stream<DynamicTest> trainThenPredictIsTheProtocolsScores() {
    return perKind(settings -> {
      Dataset train = subset(0, TRAIN);
      Dataset test = subset(TRAIN + MORE, TRAIN + MORE + TEST);
      OnlineMultiLabelLearner byHand = trained(settings, TRAIN);
      EvaluationSuite suite = new EvaluationSuite(byHand.numLabels(), ZeroDivisionPolicy.SPEC);
      Scores s = new Scores(byHand.numLabels());
      SparseVector x = new SparseVector();
      LabelSet y = new LabelSet();
      for (int k = 0; k < test.size(); k++) {
        byHand.predict(test.features(k, x), s);
        suite.accept(test.labels(k, y), s);
      }
      MetricReport protocol = TrainThenTest.run(create(settings, 1), DataView.of(train), DataView.of(test),
          TrainThenTest.Config.defaults().withOrder(Order.FILE).withThreads(1)).metrics();
      assertEquals(suite.report().values(), protocol.values(), "metrics by hand vs TrainThenTest");
    });
  }

  private static Dataset subset(int from, int to) {
    int[] rows = new int[to - from];
    Arrays.setAll(rows, i -> from + i);
    return DATA.subset(rows);
  }

  @TestFactory
  Stream<DynamicTest> createdSettingsAreTheGivenOnes() {
    return perKind(settings -> {
      LearnerSpec spec = settings.spec();
      SplittableRandom rnd = new SplittableRandom(spec.name().hashCode() + settings.hashCode());
      int created = 0;
      List<String> refused = new ArrayList<>();
      for (int draw = 0; draw < 30; draw++) {
        Settings s = RandomSettings.draw(spec, rnd);
        OnlineMultiLabelLearner learner;
        try {
          learner = spec.create(s, context(draw));
        } catch (IllegalArgumentException e) {
          refused.add(s.key() + ": " + e.getMessage()); // valid settings that do not fit the kit's data
          continue;
        }
        created++;
        assertEquals(s, learner.settings(), "created with " + s.key());
        assertEquals(s.key(), learner.settings().key());
      }
      assertTrue(created >= 15, "only " + created + " of 30 drawn settings could be created: " + refused);
    });
  }

  @TestFactory
  Stream<DynamicTest> nonFiniteInputsAndDivergenceAreReported() {
    return perKind(settings -> {
      for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SparseVector.of(new int[] {0, 3}, new float[] {1f, bad}), "a non-finite feature value");
        assertTrue(e.getMessage().contains(Float.toString(bad)) || e.getMessage().toLowerCase().contains("finite"), e.getMessage());
      }
      OnlineMultiLabelLearner learner = trained(settings, 20);
      SplittableRandom rnd = new SplittableRandom(7);
      float[] extreme = {3e38f, -3e38f, 1e30f, -1e25f, Float.MIN_VALUE, 1e19f};
      Scores s = new Scores(learner.numLabels());
      LabelSet y = new LabelSet();
      boolean diverged = false;
      for (int i = 0; i < 40; i++) {
        int[] idx = rnd.ints(0, KitData.FEATURES).distinct().limit(1 + rnd.nextInt(4)).sorted().toArray();
        float[] val = new float[idx.length];
        for (int k = 0; k < idx.length; k++) {
          val[k] = extreme[rnd.nextInt(extreme.length)];
        }
        SparseVector x = SparseVector.of(idx, val);
        try {
          learner.predictThenUpdate(i, x, DATA.labels(i, y), s);
          for (int j = 0; j <= learner.numLabels(); j++) {
            assertTrue(Float.isFinite(s.array()[j]), "a non-finite score returned: " + s);
          }
        } catch (DivergenceException e) {
          assertNotNull(e.getMessage(), "a divergence names its problem");
          assertTrue(e.getMessage().contains("finite"), "the message says what is not finite: " + e.getMessage());
          diverged = true;
        } catch (IllegalStateException e) {
          assertTrue(diverged, "refused before any divergence: " + e);
        } catch (IllegalArgumentException e) {
          // refused with a reason (Nyström landmarks that extreme examples make degenerate)
          assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "a refusal says why");
        }
      }
      boolean finite;
      try {
        learner.checkFinite();
        finite = true;
      } catch (DivergenceException e) {
        finite = false;
      }
      if (finite) {
        OnlineMultiLabelLearner loaded = load(bytes(learner));
        loaded.checkFinite();
      } else {
        assertThrows(DivergenceException.class, () -> bytes(learner), "a non-finite model must not be saved");
      }
    });
  }

  @TestFactory
  Stream<DynamicTest> wrongArgumentsAreRefusedAndChangeNothing() {
    return perKind(settings -> {
      OnlineMultiLabelLearner learner = trained(settings, TRAIN); // enough for every map to be fitted, so that it can be saved
      Predictor predictor = learner.predictor(); // before the snapshot: an ELM absorbs its queued examples here
      byte[] before = bytes(learner);
      int numLabels = learner.numLabels();
      SparseVector x = DATA.features(0, new SparseVector());
      LabelSet beyond = LabelSet.of(new int[] {0, numLabels});
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> learner.update(x, beyond), "label L");
      assertTrue(e.getMessage().contains(Integer.toString(numLabels)), "the message names the label: " + e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> learner.predictThenUpdate(x, beyond, new Scores(numLabels)), "label L");
      assertThrows(IllegalArgumentException.class, () -> learner.predict(x, new Scores(numLabels + 1)), "Scores of L + 1");
      assertThrows(IllegalArgumentException.class, () -> predictor.predict(x, new Scores(numLabels - 1)),
          "a predictor's Scores of L - 1");
      assertEquals(TRAIN, learner.examplesSeen(), "refused calls count no example");
      assertArrayEquals(before, bytes(learner), "refused calls change nothing");
    });
  }

  private static OpenKindChecks open() {
    return new OpenKindChecks(DATA, TRAIN + MORE, numLabels -> new LearnerContext(numLabels, KitData.FEATURES, TRAIN + MORE, 1));
  }

  @TestFactory
  Stream<DynamicTest> openLearnerGrownAtTheFirstExampleIsTheFixedOne() {
    return perKind(settings -> {
      OpenKindChecks open = open();
      if (open.grows(settings)) {
        open.grownAtTheFirstExampleIsTheFixedLearner(settings);
      } else {
        open.growthIsRefusedNamingTheKind(settings);
      }
    });
  }

  @TestFactory
  Stream<DynamicTest> openLearnerSavedMidGrowthContinuesAsUninterrupted() {
    return perKind(settings -> {
      OpenKindChecks open = open();
      if (open.grows(settings)) {
        open.savedMidGrowthContinuesAsUninterrupted(settings);
        open.shrinkingIsRefused(settings);
      }
    });
  }

  @TestFactory
  Stream<DynamicTest> ramBytesUsedTracksTheModelSize() {
    return perKind(settings -> {
      OnlineMultiLabelLearner learner = trained(settings, TRAIN);
      long ram = learner.ramBytesUsed();
      long size = bytes(learner).length;
      // the upper bound for the kind's kit settings only: drawn settings may hold scratch the file need not (an
      // ELM-OMLL of 3 hidden units with 14 label threads of block buffers); every model's state counts in its RAM
      boolean upper = !settings.equals(kitSettings(settings.spec())) || ram <= size * RAM_FACTOR + RAM_SLACK;
      assertTrue(ram * RAM_FACTOR >= size && upper,
          "ramBytesUsed " + ram + " vs a saved model of " + size + " bytes (ratio " + (double) ram / size + ")");
    });
  }
}
