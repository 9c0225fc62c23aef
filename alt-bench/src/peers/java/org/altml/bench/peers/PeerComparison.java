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
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.altml.core.math.VectorMath;
import org.altml.sparse.data.Dataset;

/**
 * Side-by-side comparison of ALT with Tribuo, LIBLINEAR and MOA on identical data in identical order:
 * training and prediction examples per second (wall clock, median of {@code --reps} repetitions, data
 * converted to each library's format before any clock starts) and the paper's seven metrics computed
 * by one routine ({@link PeerMetrics}) for every system. Writes one Markdown table per dataset to
 * {@code --out}, atomically. Run it with {@code alt-bench/peers.sh} (see there for the options).
 */
public final class PeerComparison {
  private static final List<String> ALL_DATASETS = List.of("emotions", "scene", "yeast", "bibtex", "rcv1subset1", "synthetic");
  private static final List<String> ALL_SYSTEMS = List.of("falt", "salt", "pa1", "tribuo", "liblinear", "moa-sgd", "moa-ht");

  /** Held strongly so that the level sticks: Tribuo logs an INFO line per training call. */
  private static final java.util.logging.Logger TRIBUO_LOG = java.util.logging.Logger.getLogger("org.tribuo");

  private PeerComparison() {}

  /** Options of one run. */
  record Options(
      Path data,
      List<String> datasets,
      List<String> systems,
      Path out,
      int warmup,
      int reps,
      long seed,
      double budgetSeconds,
      boolean shuffle) {}

  /** One row of a results table. */
  record Row(String system, String settings, double trainPerSec, double predictPerSec, PeerMetrics metrics, String note) {}

  /**
   * Entry point: {@code [--data DIR] [--datasets a,b] [--systems a,b] [--out FILE] [--reps N] [--seed S]
   * [--warmup N] [--budget SECONDS] [--order shuffle|file]}.
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
    List<String> systems = ALL_SYSTEMS;
    Path out = Path.of("alt-bench/RESULTS-peers.md");
    int warmup = 1;
    int reps = 3;
    long seed = 1;
    double budget = 120;
    boolean shuffle = true;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + a + " needs a value");
      }
      String v = args[++i];
      switch (a) {
        case "--data" -> data = Path.of(v);
        case "--datasets" -> datasets = checked(v, ALL_DATASETS, "dataset");
        case "--systems" -> systems = checked(v, ALL_SYSTEMS, "system");
        case "--out" -> out = Path.of(v);
        case "--reps" -> reps = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--seed" -> seed = Long.parseLong(v);
        case "--budget" -> budget = Double.parseDouble(v);
        case "--order" -> {
          if (!v.equals("shuffle") && !v.equals("file")) {
            throw new IllegalArgumentException("--order must be shuffle or file: " + v);
          }
          shuffle = v.equals("shuffle");
        }
        default -> throw new IllegalArgumentException("unknown option " + a + "; known: --data --datasets --systems --out --warmup --reps --seed --budget --order");
      }
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("--warmup must be >= 0: " + warmup);
    }
    if (reps < 1) {
      throw new IllegalArgumentException("--reps must be >= 1: " + reps);
    }
    return new Options(data, datasets, systems, out, warmup, reps, seed, budget, shuffle);
  }

  private static List<String> checked(String csv, List<String> known, String what) {
    List<String> out = new ArrayList<>();
    for (String s : csv.split(",")) {
      String t = s.strip();
      if (!known.contains(t)) {
        throw new IllegalArgumentException("unknown " + what + " '" + t + "'; known: " + String.join(",", known));
      }
      out.add(t);
    }
    return out;
  }

  private static Supplier<PeerSystem> system(String id) {
    return switch (id) {
      case "falt" -> () -> new AltSystem(AltLearners.Kind.FALT);
      case "salt" -> () -> new AltSystem(AltLearners.Kind.SALT);
      case "pa1" -> () -> new AltSystem(AltLearners.Kind.PA1);
      case "tribuo" -> TribuoSystem::new;
      case "liblinear" -> LiblinearSystem::new;
      case "moa-sgd" -> () -> new MoaSystem("functions.SGD", "MOA BR SGD");
      case "moa-ht" -> () -> new MoaSystem("trees.HoeffdingTree", "MOA BR HoeffdingTree");
      default -> throw new IllegalArgumentException(id);
    };
  }

  static String runDataset(Options o, String name) throws IOException {
    System.err.println("== " + name);
    PeerData.Split split = PeerData.load(o.data(), name, o.seed());
    Dataset train = split.train();
    Dataset test = split.test();
    int[] order = o.shuffle() ? Dataset.permutation(train.size(), o.seed()) : identity(train.size());
    List<Row> rows = new ArrayList<>();
    for (String id : o.systems()) {
      rows.add(runSystem(o, system(id).get(), train, order, test));
      System.gc();
    }
    return table(name, train, test, rows);
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

  static Row runSystem(Options o, PeerSystem s, Dataset train, int[] order, Dataset test) {
    int numLabels = test.numLabels();
    long dl = (long) Math.max(train.numFeatures(), test.numFeatures()) * numLabels;
    if (s instanceof MoaSystem && dl > MOA_MAX_FEATURES_TIMES_LABELS) {
      String note = "skipped: d·L = " + dl + " > " + MOA_MAX_FEATURES_TIMES_LABELS
          + " (MOA densifies each example per label; one example takes minutes here)";
      System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), note);
      return new Row(s.name(), s.settings(), Double.NaN, Double.NaN, null, note);
    }
    long budget = (long) (o.budgetSeconds() * 1e9);
    try {
      s.prepare(train, order, test);
      boolean[][] predicted = new boolean[test.size()][numLabels];
      float[][] scores = new float[test.size()][numLabels];
      double[] trainSec = new double[o.reps()];
      double[] predictSec = new double[o.reps()];
      // Warm-up rounds (train + predict, untimed) first, then the timed rounds; the model of the last
      // training round is the one whose predictions are scored.
      for (int r = -o.warmup(); r < o.reps(); r++) {
        long t0 = System.nanoTime();
        int done = s.train(t0 + budget);
        double sec = (System.nanoTime() - t0) / 1e9;
        if (done < order.length) {
          String note = String.format(Locale.ROOT, "stopped by the %.0f s budget after %d of %d training examples", o.budgetSeconds(), done, order.length);
          System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), note);
          return new Row(s.name(), s.settings(), done / sec, Double.NaN, null, note);
        }
        if (r >= 0) {
          trainSec[r] = sec;
        }
      }
      for (int r = -o.warmup(); r < o.reps(); r++) {
        long t0 = System.nanoTime();
        int done = s.predict(predicted, scores, t0 + budget);
        double sec = (System.nanoTime() - t0) / 1e9;
        if (done < test.size()) {
          String note = String.format(Locale.ROOT, "prediction stopped by the %.0f s budget after %d of %d test examples", o.budgetSeconds(), done, test.size());
          System.err.printf(Locale.ROOT, "  %-24s %s%n", s.name(), note);
          return new Row(s.name(), s.settings(), order.length / median(trainSec), done / sec, null, note);
        }
        if (r >= 0) {
          predictSec[r] = sec;
        }
      }
      PeerMetrics m = PeerMetrics.of(test, predicted, s.hasScores() ? scores : null);
      Row row = new Row(s.name(), s.settings(), order.length / median(trainSec), test.size() / median(predictSec), m, "");
      System.err.printf(Locale.ROOT, "  %-24s train %12.0f ex/s  predict %12.0f ex/s  F1 %.4f%n", s.name(), row.trainPerSec(), row.predictPerSec(), m.f1());
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

  static double median(double[] v) {
    double[] c = v.clone();
    Arrays.sort(c);
    int n = c.length;
    return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
  }

  static String table(String name, Dataset train, Dataset test, List<Row> rows) {
    Row ref = rows.stream().filter(r -> r.system().equals(AltLearners.Kind.FALT.label())).findFirst().orElse(null);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "## %s (train %d, test %d, d = %d, L = %d)%n%n", name, train.size(), test.size(), train.numFeatures(), train.numLabels()));
    sb.append("| system | train ex/s | predict ex/s | FALT/peer train | FALT/peer predict | precision | recall | F1 | micro-F1 | macro-F1 | Hamming | ranking loss |\n");
    sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    List<String> notes = new ArrayList<>();
    for (Row r : rows) {
      PeerMetrics m = r.metrics();
      sb.append("| ").append(r.system())
          .append(" | ").append(rate(r.trainPerSec()))
          .append(" | ").append(rate(r.predictPerSec()))
          .append(" | ").append(ref == null ? "n/a" : ratio(ref.trainPerSec(), r.trainPerSec()))
          .append(" | ").append(ref == null ? "n/a" : ratio(ref.predictPerSec(), r.predictPerSec()));
      if (m == null) {
        sb.append(" | n/a".repeat(7));
      } else {
        for (double v : new double[] {m.precision(), m.recall(), m.f1(), m.microF1(), m.macroF1(), m.hamming(), m.rankingLoss()}) {
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
    return String.format(Locale.ROOT, v < 100 ? "%.2f" : "%,.0f", v);
  }

  private static String ratio(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b) || b == 0) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.1fx", a / b);
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
        + "and the same test set; data converted to each library's format before the clock starts; %d untimed warm-up round(s), "
        + "then wall-clock medians of %d repetitions (train: fresh model each time); metrics from one routine (SPEC.md definitions, fractions); "
        + "ranking loss from each system's exposed scores (ties count as errors); a %.0f s budget per timed call.%n",
        o.shuffle() ? "seeded permutation" : "file order", o.seed(), o.warmup(), o.reps(), o.budgetSeconds()));
    sb.append("- FALT/peer: ALT FALT's examples/s divided by the peer's (above 1 means FALT is faster).\n");
    if (AltLearners.interim()) {
      sb.append("- **ALT rows use the interim learners in `AltLearners` (SPEC.md rules over `VectorMath`), not yet `org.altml.core.linear`.**\n");
    }
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
