package org.altml.kernel.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.stream.IntStream;
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
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.kernel.reference.KernelReference.Policy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance test of the kernel learners: the registered {@code falt-k}, {@code pa1-k} and {@code pa2-k},
 * run by name through the public API only ({@link LearnerRegistry}, {@link Settings#parse}, the real
 * {@link TrainThenTest} and its {@link org.altml.core.metric.EvaluationSuite}), against
 * {@link KernelReference}, an independent dense float64 transcription of docs/spec.md#kernel-falt and docs/spec.md#kernel-pa, scored by
 * {@link KernelReferenceMetrics} (the metrics of docs/spec.md#metrics, written independently of alt-core's metric classes).
 * Every one of the paper's seven metrics must agree within {@value #TOLERANCE}, in double weights (the
 * {@code precision=double} default where the learner has that parameter); float mode ({@code precision=float}, kernel
 * values and scores in float) within {@value #FLOAT_TOLERANCE} (on these runs it agrees to 3e-15, since float's
 * {@code smallest} ties within float rounding).
 *
 * <p>Data, read with the real readers from {@code -Dalt.datasets} (skipped with a message when absent),
 * trained in file order and standardized by the real {@link FeatureScaler} fitted on the training rows (its
 * output feeds both sides identically): emotions and birds on their whole standard splits; yeast and scene
 * on 600 training and 400 test rows (kept short: without a budget the naive reference costs O(n²·d)),
 * yeast's first rows, and for scene, whose files are sorted by label set, every 2nd training and every 3rd
 * test row. birds has 143 training examples with Y = ∅ (FALT's threshold coefficient without its
 * relevant-label term) and labels that are rarely or never relevant.
 *
 * <p>Settings per dataset, σ² a power of two near d/2 (a typical standardized ||x − x'||² is 2d, so K ≈
 * e^-2 .. 1): FALT(k) (η, σ², M) ∈ {(1, σ², 1), (1, σ², 4), (1/4, σ²/4, ⌈L/2⌉)}; PA-I(k) and PA-II(k)
 * (C, σ²) ∈ {(1/4, σ²), (2, σ²/4)}; each with budget none, {@code oldest} and {@code smallest} at B = 50
 * (emotions, birds) or 100 (yeast, scene), well below the number of support vectors appended. All values
 * are powers of two, so a float parameter holds them exactly.
 *
 * <p>The public {@link Scores} buffer is float, so the learner's double scores reach the metrics rounded to
 * float; the reference's scores are rounded the same way before {@link KernelReferenceMetrics} (the
 * assertion). This matters: on birds, near-equal scores of labels with almost the same history become float
 * ties (ranking-loss errors), moving metrics by up to 0.003 between rounded and unrounded reference scores;
 * that deviation is logged. On a failure the first training round whose scores differ is located by
 * replaying the training rows through {@code predictThenUpdate}.
 *
 * <p>{@link #tinyStreamsScoreAsTheReference} compares every round's scores on a hand-computed stream and on
 * small seeded streams with repeated examples and zero vectors, every learner and budget policy.
 *
 * <p>{@link #referenceMetricsAgreeWithTheToolkitsSuite} checks, without any kernel learner, that the
 * toolkit's metrics and {@link KernelReferenceMetrics} agree on the reference's own scores, so a
 * disagreement here is the learner's. {@link #everyRoundScoresAsTheReference} also compares the scores of every prequential round on
 * emotions (train then test rows, predict-then-update), one score at a time.
 */
@Tag("slow")
class KernelAgreementTest {
  static final double TOLERANCE = 1e-4;
  /** A float score against the float-rounded reference score: a few float ulps. */
  static final double SCORE_TOLERANCE = 1e-6;
  private static final Logger LOG = Logger.getLogger(KernelAgreementTest.class.getName());
  private static final Map<String, Split> CACHE = new ConcurrentHashMap<>();
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  // Parameter names of the kernel learners (docs/spec.md#kernel-falt; the CLI's options come from them).
  static final String ETA = "eta";
  static final String SIGMA2 = "sigma2";
  static final String BUDGET = "budget";
  static final String POLICY = "budgetPolicy";
  static final String MAX_UPDATES = "maxUpdates";
  static final String C = "c";
  static final String PRECISION = "precision";

  /** The learners under test, by registered name. */
  static final List<String> LEARNERS = List.of("falt-k", "pa1-k", "pa2-k");
  static final List<String> DATASETS = List.of("emotions", "birds", "yeast", "scene");

  /** Train and test rows of one dataset (prefixes for the larger ones), σ² of its settings and the budget. */
  record Split(String name, DataView train, DataView test, int numFeatures, double sigmaSquared, int budget) {}

  /** One setting of one learner, with what the reference needs. */
  record Setting(String learner, double eta, double c, double sigmaSquared, int maxUpdates, int budget, Policy policy) {
    Map<String, String> text(LearnerSpec spec) {
      return text(spec, "double");
    }

    /** The setting's parameters with {@code precision} where the learner has that parameter. */
    Map<String, String> text(LearnerSpec spec, String precision) {
      Map<String, String> m = new LinkedHashMap<>();
      if (learner.equals("falt-k")) {
        m.put(ETA, num(eta));
        m.put(MAX_UPDATES, Integer.toString(maxUpdates));
      } else {
        m.put(C, num(c));
      }
      m.put(SIGMA2, num(sigmaSquared));
      m.put(BUDGET, Integer.toString(budget));
      m.put(POLICY, policy.name().toLowerCase(Locale.ROOT));
      if (spec.hasParameter(PRECISION)) {
        m.put(PRECISION, precision);
      }
      return m;
    }

    KernelReference reference(int numLabels, int numFeatures) {
      return switch (learner) {
        case "falt-k" -> KernelReference.falt(numLabels, numFeatures, eta, sigmaSquared, maxUpdates, budget, policy);
        case "pa1-k" -> KernelReference.pa(false, numLabels, numFeatures, c, sigmaSquared, budget, policy);
        case "pa2-k" -> KernelReference.pa(true, numLabels, numFeatures, c, sigmaSquared, budget, policy);
        default -> throw new IllegalArgumentException(learner);
      };
    }

    @Override
    public String toString() {
      String p = learner.equals("falt-k") ? "eta=" + num(eta) + " M=" + maxUpdates : "C=" + num(c);
      return learner + " " + p + " sigma2=" + num(sigmaSquared) + " budget=" + budget + " " + policy.name().toLowerCase(Locale.ROOT);
    }
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String dataset : DATASETS) {
      for (String learner : LEARNERS) {
        cases.add(Arguments.of(dataset, learner));
      }
    }
    return cases.stream();
  }

  /** The settings of {@code learner} on {@code split} (see the class comment). */
  static List<Setting> settings(String learner, Split split, int numLabels) {
    double s2 = split.sigmaSquared();
    List<Setting> out = new ArrayList<>();
    for (Policy policy : Policy.values()) {
      int b = policy == Policy.NONE ? 0 : split.budget();
      if (learner.equals("falt-k")) {
        out.add(new Setting(learner, 1, 0, s2, 1, b, policy));
        out.add(new Setting(learner, 1, 0, s2, 4, b, policy));
        out.add(new Setting(learner, 0.25, 0, s2 / 4, (numLabels + 1) / 2, b, policy));
      } else {
        out.add(new Setting(learner, 0, 0.25, s2, 1, b, policy));
        out.add(new Setting(learner, 0, 2, s2 / 4, 1, b, policy));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("cases")
  void everyMetricAgreesWithTheKernelReference(String dataset, String learner) {
    LearnerSpec spec = registered(learner);
    Split split = load(dataset);
    int numLabels = split.train().numLabels();
    double worst = 0;
    double worstDouble = 0;
    String worstWhere = "-";
    List<String> failures = new ArrayList<>();
    List<Setting> settings = settings(learner, split, numLabels);
    long learnerNanos = 0;
    long referenceNanos = 0;
    long tied = 0;
    for (Setting setting : settings) {
      Settings parsed = Settings.parse(spec, setting.text(spec));
      String where = dataset + " (" + split.train().size() + "/" + split.test().size() + "), " + setting;
      long start = CPU.getCurrentThreadCpuTime(); // one test thread: chunks = 1 predicts on the calling thread
      MetricReport report = TrainThenTest.run(parsed, split.train(), split.test(),
          TrainThenTest.Config.defaults().withOrder(Order.FILE).withScaling(FeatureScaling.STANDARDIZE).withThreads(1)).metrics();
      learnerNanos += CPU.getCurrentThreadCpuTime() - start;
      double[] actual = metrics(report);
      KernelReference ref = setting.reference(numLabels, split.numFeatures());
      start = CPU.getCurrentThreadCpuTime();
      double[][] expected = trainThenTest(ref, split);
      referenceNanos += CPU.getCurrentThreadCpuTime() - start;
      tied += ref.tiedRemovals();
      double dev = maxDeviation(actual, expected[0]);
      double devDouble = maxDeviation(actual, expected[1]);
      worstDouble = Math.max(worstDouble, devDouble);
      if (dev > worst || Double.isNaN(dev)) {
        worst = dev;
        worstWhere = where;
      }
      if (!(dev <= TOLERANCE)) {
        failures.add(String.format(Locale.ROOT, "%s: max |learner - reference| = %.6f (%s); reference: %d appended, %d"
            + " removed, %d steps; %s", where, dev, describe(actual, expected[0]), ref.appended(), ref.removed(),
            ref.updateSteps(), firstDivergence(spec, parsed, setting, split)));
      }
    }
    LOG.info(String.format(Locale.ROOT, "kernel agreement %s %s: %d settings x 7 metrics, worst |learner - reference| ="
        + " %.3g (%s); against metrics on unrounded double scores %.3g; reference smallest-budget removals decided by"
        + " a tie: %d; CPU seconds learner %.2f, reference %.2f", dataset, learner, settings.size(), worst, worstWhere,
        worstDouble, tied, learnerNanos * 1e-9, referenceNanos * 1e-9));
    assertTrue(failures.isEmpty(), failures.size() + " setting(s) with a metric off by more than " + TOLERANCE + ":\n"
        + String.join("\n", failures));
  }

  /** The report's values of {@link KernelReferenceMetrics#NAMES}, in that order. */
  static double[] metrics(MetricReport report) {
    double[] values = new double[KernelReferenceMetrics.NAMES.length];
    for (int m = 0; m < values.length; m++) {
      values[m] = report.get(Measure.byName(KernelReferenceMetrics.NAMES[m]));
    }
    return values;
  }

  /** A float mode metric against the float64 reference's (float mode computes every kernel value and score in float). */
  static final double FLOAT_TOLERANCE = 0.005;

  /**
   * Float mode ({@code precision=float}) against the same float64 reference, with the budgets the acceptance names
   * ({@code none}, {@code oldest}, {@code smallest}): every metric within {@link #FLOAT_TOLERANCE}.
   */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("cases")
  void floatModeStaysNearTheKernelReference(String dataset, String learner) {
    LearnerSpec spec = registered(learner);
    Split split = load(dataset);
    int numLabels = split.train().numLabels();
    double worst = 0;
    String worstWhere = "-";
    List<String> failures = new ArrayList<>();
    int runs = 0;
    for (Setting setting : settings(learner, split, numLabels)) {
      if (setting.policy() != Policy.NONE && setting.policy() != Policy.OLDEST && setting.policy() != Policy.SMALLEST) {
        continue;
      }
      runs++;
      Settings parsed = Settings.parse(spec, setting.text(spec, "float"));
      MetricReport report = TrainThenTest.run(parsed, split.train(), split.test(),
          TrainThenTest.Config.defaults().withOrder(Order.FILE).withScaling(FeatureScaling.STANDARDIZE).withThreads(1)).metrics();
      double[] actual = metrics(report);
      double[][] expected = trainThenTest(setting.reference(numLabels, split.numFeatures()), split);
      double dev = maxDeviation(actual, expected[0]);
      String where = dataset + ", " + setting + ", float";
      if (dev > worst || Double.isNaN(dev)) {
        worst = dev;
        worstWhere = where;
      }
      if (!(dev <= FLOAT_TOLERANCE)) {
        failures.add(String.format(Locale.ROOT, "%s: max |learner - reference| = %.6f (%s)", where, dev, describe(actual, expected[0])));
      }
    }
    LOG.info(String.format(Locale.ROOT, "kernel float mode %s %s: %d settings x 7 metrics, worst |learner - reference| = %.3g (%s)",
        dataset, learner, runs, worst, worstWhere));
    assertTrue(failures.isEmpty(), failures.size() + " float setting(s) with a metric off by more than " + FLOAT_TOLERANCE
        + ":\n" + String.join("\n", failures));
  }

  static Stream<Arguments> prequentialCases() {
    List<Arguments> cases = new ArrayList<>();
    for (String learner : LEARNERS) {
      for (Policy policy : Policy.values()) {
        cases.add(Arguments.of(learner, policy));
      }
    }
    return cases.stream();
  }

  /**
   * Prequential on emotions (the 391 training rows, then the 202 test rows, as one stream, standardized
   * with the training fit): every score of every round from {@code predictThenUpdate} (with the row id)
   * equals the float-rounded reference score within {@value #SCORE_TOLERANCE}·(1 + |s|), and the predicted
   * sets are equal. FALT with M = 4, budgets at 50.
   */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("prequentialCases")
  void everyRoundScoresAsTheReference(String learner, Policy policy) {
    LearnerSpec spec = registered(learner);
    Split split = load("emotions");
    int numLabels = split.train().numLabels();
    int b = policy == Policy.NONE ? 0 : split.budget();
    Setting setting = learner.equals("falt-k")
        ? new Setting(learner, 1, 0, split.sigmaSquared(), 4, b, policy)
        : new Setting(learner, 0, 0.25, split.sigmaSquared(), 1, b, policy);
    Settings parsed = Settings.parse(spec, setting.text(spec));
    OnlineMultiLabelLearner model = spec.create(parsed, context(split, numLabels));
    KernelReference ref = setting.reference(numLabels, split.numFeatures());
    FeatureScaler scaler = FeatureScaler.fit(FeatureScaling.STANDARDIZE, split.train());
    Scores out = new Scores(numLabels);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    long rounds = 0;
    double worst = 0;
    for (DataView part : List.of(split.train(), split.test())) {
      for (int k = 0; k < part.size(); k++) {
        SparseVector z = scaler.transform(part.features(k, x));
        part.labels(k, y);
        double[] expected = ref.scores(z);
        model.predictThenUpdate(rounds, z, y, out);
        ref.update(z, y);
        for (int i = 0; i <= numLabels; i++) {
          double e = (float) expected[i];
          double a = i < numLabels ? out.label(i) : out.threshold();
          double gap = Math.abs(a - e) / (1 + Math.abs(e));
          worst = Math.max(worst, gap);
          assertTrue(gap <= SCORE_TOLERANCE, String.format(Locale.ROOT, "emotions prequential round %d (%s row %d), %s:"
              + " score %d is %s, reference %s; scores %s, reference %s", rounds, part == split.train() ? "train" : "test",
              k, setting, i, a, e, out, java.util.Arrays.toString(expected)));
        }
        rounds++;
      }
    }
    LOG.info(String.format(Locale.ROOT, "prequential emotions %s: %d rounds, worst relative score gap %.3g; reference"
        + " %d appended, %d removed", setting, rounds, worst, ref.appended(), ref.removed()));
  }

  static Stream<Arguments> tinyCases() {
    List<Arguments> cases = new ArrayList<>();
    for (String learner : LEARNERS) {
      for (Policy policy : Policy.values()) {
        for (long seed = 1; seed <= 3; seed++) {
          cases.add(Arguments.of(learner, policy, seed));
        }
      }
    }
    return cases.stream();
  }

  /**
   * Small synthetic streams, scores compared round by round as in {@link #everyRoundScoresAsTheReference}:
   * KernelReferenceTest's hand-computed budget stream (d = 1, L = 3, x = 0, 100, ..., 400 with Y = {0}, ∅,
   * {0,1}, {0}, ∅; σ² = 1/2, η = 1, C = 1, B = 2), then 300 seeded examples with d = 5, L = 4 and values in
   * {-1, 0, 1, 2}, so that repeated examples, the zero vector (a point like any other for the RBF kernel:
   * K(0, 0) = 1), Y = ∅ and Y = all labels all occur (σ² = 2, η = 1/2, M = 3, C = 1/2, B = 10).
   */
  @ParameterizedTest(name = "{0}, {1}, seed {2}")
  @MethodSource("tinyCases")
  void tinyStreamsScoreAsTheReference(String learner, Policy policy, long seed) {
    LearnerSpec spec = registered(learner);
    // the hand-computed stream
    float[] xs = {0, 100, 200, 300, 400};
    int[][] ys = {{0}, {}, {0, 1}, {0}, {}};
    List<SparseVector> x = new ArrayList<>();
    List<LabelSet> y = new ArrayList<>();
    for (int t = 0; t < xs.length; t++) {
      x.add(xs[t] == 0 ? new SparseVector() : SparseVector.of(new int[] {0}, new float[] {xs[t]}));
      y.add(LabelSet.of(ys[t]));
    }
    Setting hand = new Setting(learner, 1, 1, 0.5, 1, policy == Policy.NONE ? 0 : 2, policy);
    compareRounds(spec, hand, 3, 1, x, y, "hand stream");
    // the seeded stream
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    x.clear();
    y.clear();
    for (int t = 0; t < 300; t++) {
      List<Integer> idx = new ArrayList<>();
      List<Float> val = new ArrayList<>();
      for (int f = 0; f < 5; f++) {
        int v = random.nextInt(4) - 1; // -1, 0, 1, 2; a feature is absent with probability 1/2, so 1 in 32 vectors is 0
        if (v != 0 && random.nextInt(3) > 0) {
          idx.add(f);
          val.add((float) v);
        }
      }
      int[] indices = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] values = new float[val.size()];
      for (int k = 0; k < values.length; k++) {
        values[k] = val.get(k);
      }
      x.add(SparseVector.of(indices, values));
      int[] labels = IntStream.range(0, 4).filter(i -> random.nextInt(3) == 0).toArray();
      y.add(LabelSet.of(labels));
    }
    Setting seeded = new Setting(learner, 0.5, 0.5, 2, 3, policy == Policy.NONE ? 0 : 10, policy);
    compareRounds(spec, seeded, 4, 5, x, y, "seeded stream " + seed);
  }

  private static void compareRounds(LearnerSpec spec, Setting setting, int numLabels, int numFeatures,
      List<SparseVector> xs, List<LabelSet> ys, String what) {
    OnlineMultiLabelLearner model =
        spec.create(Settings.parse(spec, setting.text(spec)), new LearnerContext(numLabels, numFeatures, xs.size(), 1L));
    KernelReference ref = setting.reference(numLabels, numFeatures);
    Scores out = new Scores(numLabels);
    for (int t = 0; t < xs.size(); t++) {
      double[] expected = ref.scores(xs.get(t));
      model.predictThenUpdate(xs.get(t), ys.get(t), out);
      ref.update(xs.get(t), ys.get(t));
      for (int i = 0; i <= numLabels; i++) {
        double e = (float) expected[i];
        double a = i < numLabels ? out.label(i) : out.threshold();
        assertTrue(Math.abs(a - e) <= SCORE_TOLERANCE * (1 + Math.abs(e)), String.format(Locale.ROOT,
            "%s, %s, round %d (x = %s, Y = %s): score %d is %s, reference %s; scores %s, reference %s", what, setting,
            t, xs.get(t), ys.get(t), i, a, e, out, java.util.Arrays.toString(expected)));
      }
    }
  }

  /**
   * The toolkit's {@link EvaluationSuite} and {@link KernelReferenceMetrics} agree (within 1e-12) on the
   * float-rounded scores of the reference models of the {@code smallest} settings, so a disagreement of the main test lies
   * in the learner, not in the metrics. Needs no kernel learner.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("datasets")
  void referenceMetricsAgreeWithTheToolkitsSuite(String dataset) {
    Split split = load(dataset);
    int numLabels = split.train().numLabels();
    FeatureScaler scaler = FeatureScaler.fit(FeatureScaling.STANDARDIZE, split.train());
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    Scores scores = new Scores(numLabels);
    for (String learner : LEARNERS) {
      for (Setting setting : settings(learner, split, numLabels)) {
        if (setting.policy() != Policy.SMALLEST) {
          continue; // the budgeted models are the quick ones; any scores serve
        }
        KernelReference ref = setting.reference(numLabels, split.numFeatures());
        for (int k = 0; k < split.train().size(); k++) {
          ref.update(scaler.transform(split.train().features(k, x)), split.train().labels(k, y));
        }
        KernelReferenceMetrics mine = new KernelReferenceMetrics(numLabels);
        EvaluationSuite suite = new EvaluationSuite(numLabels, ZeroDivisionPolicy.SPEC);
        for (int k = 0; k < split.test().size(); k++) {
          double[] s = ref.scores(scaler.transform(split.test().features(k, x)));
          split.test().labels(k, y);
          double[] rounded = new double[s.length];
          for (int i = 0; i < s.length; i++) {
            rounded[i] = (float) s[i];
            scores.array()[i] = (float) s[i];
          }
          mine.accept(y, rounded);
          suite.accept(y, scores);
        }
        double[] expected = mine.values();
        MetricReport report = suite.report();
        for (int m = 0; m < expected.length; m++) {
          assertEquals(expected[m], report.get(Measure.byName(KernelReferenceMetrics.NAMES[m])), 1e-12,
              dataset + ", reference " + setting + ": " + KernelReferenceMetrics.NAMES[m]);
        }
      }
    }
  }

  static Stream<String> datasets() {
    return DATASETS.stream();
  }

  /**
   * The reference through the protocol of {@link TrainThenTest} in file order: the same fitted scaler's
   * output for training, then {@link KernelReferenceMetrics} over the test rows; returns the seven values on
   * float-rounded scores ([0]) and on the double scores ([1]).
   */
  static double[][] trainThenTest(KernelReference ref, Split split) {
    FeatureScaler scaler = FeatureScaler.fit(FeatureScaling.STANDARDIZE, split.train());
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int k = 0; k < split.train().size(); k++) {
      ref.update(scaler.transform(split.train().features(k, x)), split.train().labels(k, y));
    }
    int numLabels = ref.numLabels();
    KernelReferenceMetrics rounded = new KernelReferenceMetrics(numLabels);
    KernelReferenceMetrics unrounded = new KernelReferenceMetrics(numLabels);
    for (int k = 0; k < split.test().size(); k++) {
      double[] s = ref.scores(scaler.transform(split.test().features(k, x)));
      split.test().labels(k, y);
      unrounded.accept(y, s);
      double[] f = new double[s.length];
      for (int i = 0; i < s.length; i++) {
        f[i] = (float) s[i];
      }
      rounded.accept(y, f);
    }
    return new double[][] {rounded.values(), unrounded.values()};
  }

  /**
   * Diagnosis of a disagreement: replays the training rows through {@code predictThenUpdate} of a fresh
   * learner and the reference, and names the first round whose scores or predicted set differ.
   */
  static String firstDivergence(LearnerSpec spec, Settings parsed, Setting setting, Split split) {
    int numLabels = split.train().numLabels();
    OnlineMultiLabelLearner model = spec.create(parsed, context(split, numLabels));
    KernelReference ref = setting.reference(numLabels, split.numFeatures());
    FeatureScaler scaler = FeatureScaler.fit(FeatureScaling.STANDARDIZE, split.train());
    Scores out = new Scores(numLabels);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int k = 0; k < split.train().size(); k++) {
      SparseVector z = scaler.transform(split.train().features(k, x));
      split.train().labels(k, y);
      double[] expected = ref.scores(z);
      model.predictThenUpdate(split.train().row(k), z, y, out);
      for (int i = 0; i <= numLabels; i++) {
        double e = (float) expected[i];
        double a = i < numLabels ? out.label(i) : out.threshold();
        if (Math.abs(a - e) > SCORE_TOLERANCE * (1 + Math.abs(e))) {
          return String.format(Locale.ROOT, "first divergence at training round %d (file row %d), Y = %s, score %d:"
              + " learner %s vs reference %s (reference store before the round: %d support vectors, %d removed so far)",
              k, split.train().row(k), y, i, out, java.util.Arrays.toString(expected), ref.size(), ref.removed());
        }
      }
      ref.update(z, y);
    }
    return "every training round's scores agree; the difference is in the test phase (predictor) or the metrics";
  }

  private static LearnerContext context(Split split, int numLabels) {
    return new LearnerContext(numLabels, split.train().numFeatures(), split.train().size(), 1L);
  }

  private static LearnerSpec registered(String learner) {
    Assumptions.assumeTrue(LearnerRegistry.contains(learner),
        "learner " + learner + " is not registered (yet); known: " + LearnerRegistry.names());
    return LearnerRegistry.get(learner);
  }

  static double maxDeviation(double[] a, double[] b) {
    double max = 0;
    for (int m = 0; m < a.length; m++) {
      if (Double.isNaN(a[m]) && Double.isNaN(b[m])) {
        continue; // e.g. ranking loss with every example left out, on both sides
      }
      double d = Math.abs(a[m] - b[m]);
      max = d > max || Double.isNaN(d) ? d : max;
    }
    return max;
  }

  private static String describe(double[] actual, double[] expected) {
    StringBuilder sb = new StringBuilder();
    for (int m = 0; m < actual.length; m++) {
      sb.append(m == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.6f vs %.6f",
          KernelReferenceMetrics.NAMES[m], actual[m], expected[m]));
    }
    return sb.toString();
  }

  static Split load(String name) {
    return CACHE.computeIfAbsent(name, n -> {
      try {
        return read(n);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  private static Split read(String name) throws IOException {
    List<Path> files = RealDatasets.requireAll(name + "/" + name + "-train.arff", name + "/" + name + "-test.arff");
    Dataset train = DataFiles.read(files.get(0), ReadOptions.defaults());
    Dataset test = DataFiles.read(files.get(1), ReadOptions.defaults());
    int d = Math.max(train.numFeatures(), test.numFeatures());
    test = test.withDimensions(d, train.numLabels());
    train = train.withDimensions(d, train.numLabels());
    return switch (name) {
      case "emotions" -> split(name, train, test, rows(train, 391, 1), rows(test, 202, 1), 64, 50);
      case "birds" -> split(name, train, test, rows(train, 322, 1), rows(test, 323, 1), 256, 50);
      case "yeast" -> split(name, train, test, rows(train, 600, 1), rows(test, 400, 1), 128, 100);
      // scene's files are sorted by label set, so a prefix would hold two labels: every 2nd / 3rd row instead
      case "scene" -> split(name, train, test, rows(train, 606, 2), rows(test, 399, 3), 256, 100);
      default -> throw new IllegalArgumentException(name);
    };
  }

  /** Rows 0, step, 2·step, ... of {@code data}, at most {@code count} of them, in file order. */
  private static int[] rows(Dataset data, int count, int step) {
    return IntStream.iterate(0, r -> r < data.size(), r -> r + step).limit(count).toArray();
  }

  private static Split split(String name, Dataset train, Dataset test, int[] trainRows, int[] testRows,
      double sigmaSquared, int budget) {
    return new Split(name, DataView.of(train, trainRows), DataView.of(test, testRows), train.numFeatures(),
        sigmaSquared, budget);
  }
}
