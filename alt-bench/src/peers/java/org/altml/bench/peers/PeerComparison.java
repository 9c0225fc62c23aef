package org.altml.bench.peers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.altml.bench.state.RegisteredLearners;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.math.VectorMath;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.data.Dataset;

/**
 * Side-by-side comparison of ALT with Tribuo, LIBLINEAR and MOA on identical data in identical order:
 * training and prediction examples per second (wall clock, median of {@code --reps} repetitions, data
 * converted to each library's format before any clock starts) and the paper's seven metrics computed
 * by one {@link EvaluationSuite} for every system (each system exposes its label scores and a threshold
 * score reproducing its own predicted sets, see {@link PeerSystem#predict}). One feature scaling
 * ({@code --scale}) is applied to the data before any system sees it. Writes one Markdown table per
 * dataset to {@code --out}, atomically. Run it with {@code alt-bench/peers.sh} (see there for the
 * options).
 *
 * <p>ALT's side is any registered learner kinds ({@code --alt-learners}, by default every one the
 * {@link LearnerRegistry} knows), each at the registry's defaults with the learner options given here
 * ({@code --eta}, {@code --max-updates}, ... : the options of the kinds' parameters) set on the kinds that
 * take them. Nothing here lists learner kinds or their defaults.
 */
public final class PeerComparison {
  private static final List<String> ALL_DATASETS = List.of("emotions", "scene", "yeast", "bibtex", "rcv1subset1", "synthetic");
  private static final List<String> ALL_PEERS = List.of("tribuo", "liblinear", "moa-sgd", "moa-ht");

  /** The ALT learner kind the other systems are compared with (the FALT/peer ratios) and the harness cross-checks. */
  static final String REFERENCE = "falt";

  /** Held strongly so that the level sticks: Tribuo logs an INFO line per training call. */
  private static final java.util.logging.Logger TRIBUO_LOG = java.util.logging.Logger.getLogger("org.tribuo");

  private PeerComparison() {}

  /** Options of one run. */
  record Options(
      Path data,
      List<String> datasets,
      List<Settings> alt,
      List<String> systems,
      Path out,
      int warmup,
      double warmupSeconds,
      double minRepSeconds,
      int reps,
      long seed,
      double budgetSeconds,
      boolean shuffle,
      FeatureScaling scale,
      int moaPartial,
      double moaPartialSeconds) {
    /** The scaling for the named dataset: {@code --scale}, or by default standardize for dense sets and none for sparse text. */
    FeatureScaling scaling(String dataset) {
      if (scale != null) {
        return scale;
      }
      return PeerData.sparseText(dataset) ? FeatureScaling.NONE : FeatureScaling.STANDARDIZE;
    }
  }

  /** One row of a results table; {@code metrics} is null when the system did not finish. */
  record Row(String system, String settings, double trainPerSec, double predictPerSec, MetricReport metrics, String note, boolean trainUpperBound) {
    Row(String system, String settings, double trainPerSec, double predictPerSec, MetricReport metrics, String note) {
      this(system, settings, trainPerSec, predictPerSec, metrics, note, false);
    }
  }

  /**
   * Entry point: {@code [--data DIR] [--datasets a,b] [--alt-learners a,b|none] [--systems a,b|none] [--out FILE]
   * [--reps N] [--seed S] [--warmup N] [--warmup-seconds S] [--min-rep-seconds S] [--budget SECONDS]
   * [--order shuffle|file] [--scale auto|none|standardize|l2] [--moa-partial N] [--moa-partial-seconds S]}
   * and any learner option of a registered kind's parameter, e.g. {@code [--eta E] [--delta D] [--c C]
   * [--max-updates M] [--max-updates-factor m] [--bias true|false] [--precision double|float]}.
   */
  public static void main(String[] args) throws Exception {
    Options o = parse(args);
    TRIBUO_LOG.setLevel(java.util.logging.Level.WARNING);
    StringBuilder md = new StringBuilder();
    md.append("# ALT versus peers: throughput and metrics on identical data and order\n\n");
    md.append(header(o, args));
    for (String name : o.datasets()) {
      md.append(runDataset(o, name));
      writeAtomically(o.out(), md.toString()); // keep partial results if a later dataset fails
    }
    System.err.println("wrote " + o.out());
  }

  static Options parse(String[] args) {
    String dataProp = System.getProperty("alt.datasets", "../shared/datasets");
    Path data = Path.of(dataProp);
    List<String> datasets = ALL_DATASETS;
    List<String> learners = LearnerRegistry.names();
    List<String> systems = ALL_PEERS;
    Path out = Path.of("alt-bench/RESULTS-peers.md");
    int warmup = 1;
    double warmupSeconds = 2;
    double minRepSeconds = 0.25;
    int reps = 3;
    long seed = 1;
    double budget = 120;
    boolean shuffle = true;
    FeatureScaling scale = null;
    Map<String, Parameter<?>> learnerOptions = learnerOptions();
    Map<String, String> learnerValues = new LinkedHashMap<>();
    int moaPartial = 200;
    double moaPartialSeconds = 300;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + a + " needs a value");
      }
      String v = args[++i];
      switch (a) {
        case "--data" -> data = Path.of(v);
        case "--datasets" -> datasets = checked(v, ALL_DATASETS, "dataset");
        case "--alt-learners" -> learners = checked(v, LearnerRegistry.names(), "learner");
        case "--systems" -> systems = checked(v, ALL_PEERS, "system");
        case "--out" -> out = Path.of(v);
        case "--reps" -> reps = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--warmup-seconds" -> warmupSeconds = Double.parseDouble(v);
        case "--min-rep-seconds" -> minRepSeconds = Double.parseDouble(v);
        case "--seed" -> seed = Long.parseLong(v);
        case "--budget" -> budget = Double.parseDouble(v);
        case "--order" -> {
          if (!v.equals("shuffle") && !v.equals("file")) {
            throw new IllegalArgumentException("--order must be shuffle or file: " + v);
          }
          shuffle = v.equals("shuffle");
        }
        case "--scale" -> scale = v.equals("auto") ? null : FeatureScaling.parse(v);
        case "--moa-partial" -> moaPartial = Integer.parseInt(v);
        case "--moa-partial-seconds" -> moaPartialSeconds = Double.parseDouble(v);
        default -> {
          Parameter<?> p = learnerOptions.get(a);
          if (p == null) {
            throw new IllegalArgumentException("unknown option " + a + "; known: --data --datasets --alt-learners --systems --out --warmup"
                + " --warmup-seconds --min-rep-seconds --reps --seed --budget --order --scale --moa-partial --moa-partial-seconds"
                + " and the learner options " + String.join(" ", learnerOptions.keySet()));
          }
          p.parse(v); // names the option's parameter and range when the value is not valid
          learnerValues.put(p.name(), v);
        }
      }
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("--warmup must be >= 0: " + warmup);
    }
    if (reps < 1) {
      throw new IllegalArgumentException("--reps must be >= 1: " + reps);
    }
    if (moaPartial < 0) {
      throw new IllegalArgumentException("--moa-partial must be >= 0: " + moaPartial);
    }
    // Each kind's defaults with the learner options it takes, checked by its spec before any data is read.
    List<Settings> alt = new ArrayList<>();
    for (String learner : learners) {
      alt.add(RegisteredLearners.settings(learner, learnerValues));
    }
    if (warmupSeconds < 0 || minRepSeconds < 0) {
      throw new IllegalArgumentException("--warmup-seconds and --min-rep-seconds must be >= 0");
    }
    return new Options(data, datasets, alt, systems, out, warmup, warmupSeconds, minRepSeconds, reps, seed, budget, shuffle, scale, moaPartial, moaPartialSeconds);
  }

  /**
   * The command-line option of every parameter of every registered learner kind ({@code --eta},
   * {@code --max-updates}, ...): parameters of one name mean one thing in every kind, so the first found
   * stands for all.
   */
  static Map<String, Parameter<?>> learnerOptions() {
    Map<String, Parameter<?>> options = new LinkedHashMap<>();
    for (LearnerSpec spec : LearnerRegistry.all()) {
      for (Parameter<?> p : spec.parameters()) {
        options.putIfAbsent(p.option(), p);
      }
    }
    return options;
  }

  /** The names in {@code csv}, each one of {@code known}; {@code none} is the empty list. */
  private static List<String> checked(String csv, List<String> known, String what) {
    List<String> out = new ArrayList<>();
    if (csv.strip().equals("none")) {
      return out;
    }
    for (String s : csv.split(",")) {
      String t = s.strip();
      if (!known.contains(t)) {
        throw new IllegalArgumentException("unknown " + what + " '" + t + "'; known: " + String.join(",", known));
      }
      out.add(t);
    }
    return out;
  }

  private static Supplier<PeerSystem> peer(String id) {
    return switch (id) {
      case "tribuo" -> TribuoSystem::new;
      case "liblinear" -> LiblinearSystem::new;
      case "moa-sgd" -> () -> new MoaSystem("functions.SGD", "MOA BR SGD");
      case "moa-ht" -> () -> new MoaSystem("trees.HoeffdingTree", "MOA BR HoeffdingTree");
      default -> throw new IllegalArgumentException(id);
    };
  }

  static String runDataset(Options o, String name) throws IOException {
    System.err.println("== " + name);
    FeatureScaling scaling = o.scaling(name);
    PeerData.Split raw = PeerData.load(o.data(), name, o.seed());
    PeerData.Split split = PeerData.scaled(raw, scaling);
    Dataset train = split.train();
    Dataset test = split.test();
    int[] order = o.shuffle() ? Dataset.permutation(train.size(), o.seed()) : identity(train.size());
    List<Row> rows = new ArrayList<>();
    for (Settings s : o.alt()) {
      rows.add(runSystem(o, new AltSystem(s, o.seed()), name, train, order, test));
      System.gc();
    }
    for (String id : o.systems()) {
      rows.add(runSystem(o, peer(id).get(), name, train, order, test));
      System.gc();
    }
    String check = o.alt().stream().filter(s -> s.learner().equals(REFERENCE)).findFirst()
        .flatMap(s -> rows.stream().filter(r -> r.system().equals(AltSystem.label(REFERENCE)) && r.metrics() != null).findFirst()
            .map(r -> crossCheck(o, s, raw, scaling, r.metrics())))
        .orElse("");
    return table(name, split, scaling, rows) + check;
  }

  /**
   * Self-check of the harness: ALT's own train-then-test protocol ({@link TrainThenTest}, which scales
   * on the fly from the unscaled data and evaluates with its own suite) must give exactly the metrics
   * the comparison measured for FALT, building the learner itself from the same {@code settings}.
   */
  static String crossCheck(Options o, Settings settings, PeerData.Split raw, FeatureScaling scaling, MetricReport measured) {
    TrainThenTest.Config config = new TrainThenTest.Config(o.shuffle() ? Order.SHUFFLE : Order.FILE, o.seed(), scaling, ZeroDivisionPolicy.SPEC, 1);
    MetricReport reference = TrainThenTest.run(settings, DataView.of(raw.train()), DataView.of(raw.test()), config).metrics();
    boolean same = reference.equals(measured);
    if (!same) {
      System.err.println("  cross-check FAILED: TrainThenTest " + reference.paperValues() + " vs measured " + measured.paperValues());
    }
    return same
        ? "Cross-check: `org.altml.core.eval.TrainThenTest` (FALT, same order, seed and scaling) reproduces the ALT FALT metrics above bit for bit.\n\n"
        : "**Cross-check FAILED**: `TrainThenTest` gives " + reference.paperValues() + " for ALT FALT, the comparison measured " + measured.paperValues() + ".\n\n";
  }

  private static int[] identity(int n) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    return p;
  }

  /**
   * MOA is skipped when d·L exceeds this: BasicMultiLabelLearner densifies every example once per label
   * and SGD's DoubleVector grows one entry at a time, so a single example costs O(d²) per label (measured:
   * several minutes for the first example at d = 47,236, L = 101), which no time budget can interrupt.
   */
  static final long MOA_MAX_FEATURES_TIMES_LABELS = 1_000_000L;

  static Row runSystem(Options o, PeerSystem s, String dataset, Dataset train, int[] order, Dataset test) {
    int numLabels = test.numLabels();
    long dl = (long) Math.max(train.numFeatures(), test.numFeatures()) * numLabels;
    if (s instanceof MoaSystem moa && dl > MOA_MAX_FEATURES_TIMES_LABELS) {
      String note = "full run skipped: d·L = " + dl + " > " + MOA_MAX_FEATURES_TIMES_LABELS
          + " (MOA densifies each example once per label)";
      System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), note);
      if (o.moaPartial() == 0) {
        return new Row(s.name(), s.settings(), Double.NaN, Double.NaN, null, note);
      }
      MoaPartial.Result p = MoaPartial.runIsolated(o, moa.baseLearner(), dataset);
      System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), p.note());
      return new Row(s.name() + " (partial)", s.settings(), p.examplesPerSecond(), Double.NaN, null, note + "; " + p.note(), p.upperBound());
    }
    try {
      s.prepare(train, order, test);
      Scores[] scores = new Scores[test.size()];
      for (int i = 0; i < scores.length; i++) {
        scores[i] = new Scores(numLabels);
      }
      // Warm-up (untimed), then the timed repetitions; the model of the last training call is the one
      // whose predictions are scored.
      Timing tr = time(o, s::train, order.length);
      if (tr.done() < order.length) {
        String note = String.format(Locale.ROOT, "stopped by the %.0f s budget after %d of %d training examples", o.budgetSeconds(), tr.done(), order.length);
        System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), note);
        return new Row(s.name(), s.settings(), tr.perSecond(), Double.NaN, null, note);
      }
      Timing pr = time(o, deadline -> s.predict(scores, deadline), test.size());
      if (pr.done() < test.size()) {
        String note = String.format(Locale.ROOT, "prediction stopped by the %.0f s budget after %d of %d test examples", o.budgetSeconds(), pr.done(), test.size());
        System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), note);
        return new Row(s.name(), s.settings(), tr.perSecond(), pr.perSecond(), null, note);
      }
      MetricReport m = evaluate(test, scores);
      String note = s.disagreements() == 0 ? "" : s.disagreements() + " test examples where the library's own predicted set differs from its scores' (ties at the threshold after rounding to float); metrics use the scores";
      String settings = s.settings() + String.format(Locale.ROOT, " (timing: train %d warm-up calls, %.1f calls per rep; predict %d, %.1f)",
          tr.warmupCalls(), tr.callsPerRep(), pr.warmupCalls(), pr.callsPerRep());
      Row row = new Row(s.name(), settings, tr.perSecond(), pr.perSecond(), m, note);
      System.err.printf(Locale.ROOT, "  %-24s train %12.0f ex/s  predict %12.0f ex/s  F1 %.4f%n", s.name(), row.trainPerSec(), row.predictPerSec(), m.get(Measure.F1));
      return row;
    } catch (OutOfMemoryError e) {
      s.close();
      System.err.println("  " + s.name() + " ran out of memory");
      return new Row(s.name(), s.settings(), Double.NaN, Double.NaN, null, "out of memory (-Xmx " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB)");
    } catch (Exception e) {
      System.err.println("  " + s.name() + " failed: " + e);
      return new Row(s.name(), s.settings(), Double.NaN, Double.NaN, null, "failed: " + e);
    } finally {
      s.close();
    }
  }

  /** A timed call: one training pass or one prediction pass; returns the number of examples done before {@code deadline}. */
  @FunctionalInterface
  interface Call {
    /** Runs the call. */
    int run(long deadline) throws Exception;
  }

  /**
   * A rate: {@code perSecond} is the median over the repetitions of examples per second; {@code done}
   * is below the full count when the budget stopped a call (then {@code perSecond} is that call's rate).
   */
  record Timing(double perSecond, int done, int warmupCalls, double callsPerRep) {}

  /**
   * Times {@code call} over {@code n} examples identically for every system: untimed warm-up calls
   * (at least {@code --warmup}, repeated until {@code --warmup-seconds} have passed, so the JIT has
   * compiled tiny datasets' loops too), then {@code --reps} repetitions, each repeating whole calls until
   * at least {@code --min-rep-seconds} have passed (so a call of a few microseconds is not measured by
   * one clock reading); each call gets the full {@code --budget}.
   */
  static Timing time(Options o, Call call, int n) throws Exception {
    long budget = (long) (o.budgetSeconds() * 1e9);
    long warmupEnd = System.nanoTime() + (long) (o.warmupSeconds() * 1e9);
    int warm = 0;
    while (warm < o.warmup() || System.nanoTime() - warmupEnd < 0) {
      long t0 = System.nanoTime();
      int done = call.run(t0 + budget);
      if (done < n) {
        return new Timing(done / ((System.nanoTime() - t0) / 1e9), done, warm, 0);
      }
      warm++;
    }
    double[] rates = new double[o.reps()];
    long totalCalls = 0;
    long minRep = (long) (o.minRepSeconds() * 1e9);
    for (int r = 0; r < o.reps(); r++) {
      long t0 = System.nanoTime();
      long calls = 0;
      long elapsed;
      do {
        long c0 = System.nanoTime();
        int done = call.run(c0 + budget);
        if (done < n) {
          return new Timing(done / ((System.nanoTime() - c0) / 1e9), done, warm, 0);
        }
        calls++;
        elapsed = System.nanoTime() - t0;
      } while (elapsed < minRep);
      rates[r] = (double) calls * n / (elapsed / 1e9);
      totalCalls += calls;
    }
    return new Timing(median(rates), n, warm, (double) totalCalls / o.reps());
  }

  /** Every metric of {@code scores[i]} against the labels of test example i, by one {@link EvaluationSuite} (docs/spec.md#zero-division). */
  static MetricReport evaluate(Dataset test, Scores[] scores) {
    EvaluationSuite suite = new EvaluationSuite(test.numLabels());
    LabelSet y = new LabelSet();
    for (int i = 0; i < scores.length; i++) {
      suite.accept(test.labels(i, y), scores[i]);
    }
    return suite.report();
  }

  static double median(double[] v) {
    double[] c = v.clone();
    Arrays.sort(c);
    int n = c.length;
    return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
  }

  private static final Measure[] COLUMNS = {
    Measure.PRECISION, Measure.RECALL, Measure.F1, Measure.MICRO_F1, Measure.MACRO_F1, Measure.HAMMING_LOSS, Measure.RANKING_LOSS
  };

  static String table(String name, PeerData.Split split, FeatureScaling scaling, List<Row> rows) {
    Dataset train = split.train();
    Dataset test = split.test();
    Row ref = rows.stream().filter(r -> r.system().equals(AltSystem.label(REFERENCE))).findFirst().orElse(null);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "## %s (train %d, test %d, d = %d, L = %d)%n%n", name, train.size(), test.size(), train.numFeatures(), train.numLabels()));
    sb.append("Data: ").append(split.source()).append("; feature scaling: **").append(scaling.cliName()).append("**")
        .append(scaling == FeatureScaling.STANDARDIZE ? " (fitted on the training set, applied to both sets)" : "")
        .append(", applied identically for every system.\n\n");
    sb.append("| system | train ex/s | predict ex/s | FALT/peer train | FALT/peer predict | precision | recall | F1 | micro-F1 | macro-F1 | Hamming | ranking loss |\n");
    sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    List<String> notes = new ArrayList<>();
    for (Row r : rows) {
      MetricReport m = r.metrics();
      sb.append("| ").append(r.system())
          .append(" | ").append(r.trainUpperBound() ? "< " : "").append(rate(r.trainPerSec()))
          .append(" | ").append(rate(r.predictPerSec()))
          .append(" | ").append(ref == null ? "n/a" : (r.trainUpperBound() ? "> " : "") + ratio(ref.trainPerSec(), r.trainPerSec()))
          .append(" | ").append(ref == null ? "n/a" : ratio(ref.predictPerSec(), r.predictPerSec()));
      if (m == null) {
        sb.append(" | n/a".repeat(COLUMNS.length));
      } else {
        for (Measure c : COLUMNS) {
          double v = m.get(c);
          sb.append(" | ").append(Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.4f", v));
        }
      }
      sb.append(" |\n");
      notes.add("- " + r.system() + ": " + r.settings() + (r.note().isEmpty() ? "" : "; **" + r.note() + "**"));
    }
    sb.append('\n');
    for (String n : notes) {
      sb.append(n).append('\n');
    }
    sb.append('\n');
    return sb.toString();
  }

  private static String rate(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, v < 1 ? "%.4f" : v < 100 ? "%.2f" : "%,.0f", v);
  }

  private static String ratio(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b) || b == 0) {
      return "n/a";
    }
    double r = a / b;
    return String.format(Locale.ROOT, r < 100 ? "%.1fx" : "%,.0fx", r);
  }

  static String header(Options o, String[] args) {
    StringBuilder sb = new StringBuilder();
    sb.append("- Command: `alt-bench/peers.sh ").append(String.join(" ", args)).append("`\n");
    sb.append("- Date: ").append(ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n');
    sb.append("- Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, ").append(cpuModel())
        .append("; AVX-512: ").append(avx512()).append('\n');
    sb.append("- JDK: ").append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.runtime.version"))
        .append(", max heap ").append(Runtime.getRuntime().maxMemory() / (1 << 20)).append(" MB; ALT vectorization: ")
        .append(VectorMath.implementation()).append('\n');
    sb.append("- Peers: ").append(jar(de.bwaldvogel.liblinear.Linear.class)).append(", ")
        .append(jar(org.tribuo.multilabel.sgd.linear.LinearSGDTrainer.class)).append(", ")
        .append(jar(moa.classifiers.multitarget.BasicMultiLabelClassifier.class)).append('\n');
    sb.append(String.format(Locale.ROOT, "- Protocol: train-then-test; every system gets the same training examples in the same order (%s, seed %d) "
        + "and the same test set; data converted to each library's format before the clock starts; untimed warm-up calls "
        + "(at least %d, repeated for at least %.1f s), then the median over %d repetitions of examples/s, each repetition repeating whole "
        + "calls for at least %.2f s of wall clock (train: a fresh model per call, one pass or one epoch); metrics from one "
        + "`org.altml.core.metric.EvaluationSuite` for every system (docs/spec.md definitions and zero division, fractions) fed each "
        + "system's label scores plus a threshold score that reproduces its own predicted sets; ranking loss ties count as errors; "
        + "a %.0f s budget per timed call.%n",
        o.shuffle() ? "seeded permutation" : "file order", o.seed(), o.warmup(), o.warmupSeconds(), o.reps(), o.minRepSeconds(), o.budgetSeconds()));
    sb.append("- Feature scaling (`--scale`): ").append(o.scale() == null
        ? "auto = **standardize** for the dense sets (emotions, scene, yeast; fitted on the training set) and **none** for sparse text "
            + "(bibtex, rcv1subsetN, synthetic: rows already unit length or binary)"
        : "**" + o.scale().cliName() + "** for every dataset")
        .append("; the scaled data is what every system gets.\n");
    sb.append("- ALT learners (`--alt-learners`): registered kinds built by name through `org.altml.core.learner.LearnerRegistry`, "
        + "each at the registry's defaults with the learner options given (`").append(String.join(" ", learnerOptions().keySet()))
        .append("`) set where the kind takes them: ");
    List<String> described = new ArrayList<>();
    for (Settings s : o.alt()) {
      described.add("`" + s.describe() + "`");
    }
    sb.append(described.isEmpty() ? "none" : String.join(", ", described)).append(".\n");
    sb.append("- FALT/peer: ALT FALT's examples/s divided by the peer's (above 1 means FALT is faster).\n");
    sb.append(String.format(Locale.ROOT, "- MOA on datasets with d·L > %,d: the full run is skipped (BasicMultiLabelLearner densifies every example once per label); "
        + "instead MOA trains on the first %d examples of the same order in a child JVM for at most %.0f s (`--moa-partial N --moa-partial-seconds S`) "
        + "and the row, marked **(partial)**, gives its steady training rate after the first example (or an upper bound, marked <), never metrics.%n",
        MOA_MAX_FEATURES_TIMES_LABELS, o.moaPartial(), o.moaPartialSeconds()));
    sb.append('\n');
    return sb.toString();
  }

  private static String jar(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString().replace(".jar", "");
    } catch (Exception e) {
      return c.getName();
    }
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException e) {
      // not Linux: fall through
    }
    return System.getProperty("os.arch");
  }

  private static String avx512() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("flags")) {
          TreeSet<String> f = new TreeSet<>();
          for (String t : line.substring(line.indexOf(':') + 1).strip().split("\\s+")) {
            if (t.startsWith("avx512")) {
              f.add(t);
            }
          }
          return f.isEmpty() ? "none" : String.join(" ", f);
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return "unknown";
  }

  static void writeAtomically(Path out, String text) throws IOException {
    Path abs = out.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
