package org.altml.experiment.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How soon a label born mid-stream is predicted (issue 42's benchmark, alt-bench/open-bench.sh): from a LIBSVM stream
 * and the served predictions of prequential runs over it ({@code alt prequential --predictions}, a line per example,
 * label names or ids, comma-separated), for each newborn label (first carried after the first {@code --after}
 * examples) whether its k-th occurrence after the birth example was predicted, k = 1..K, averaged over the newborn
 * labels that occur k times after birth; and the macro F1 over the labels seen (each label's counts from its first
 * appearance on, docs/spec.md#open-metrics), which a fixed-L run's own report cannot give. Writes the curves as
 * {@code OUT.png} and {@code OUT.pdf} and a Markdown table on standard output.
 *
 * <pre>
 * NewbornRecall --stream S.svm --out docs/img/newborn --k 20 --after 100 \
 *     "FALT open=p_falt_open.txt" "FALT fixed=p_falt_fixed.txt" ...
 * </pre>
 */
public final class NewbornRecall {
  private NewbornRecall() {}

  /** One run's served predictions, by name. */
  record Run(String name, List<Set<String>> predictions) {}

  /** Recall at the k-th occurrence after birth (index k - 1) and the number of newborn labels it averages over. */
  record Curve(double[] recall, int[] labels) {}

  public static void main(String[] args) throws IOException {
    Path stream = null;
    String out = null;
    int k = 20;
    int after = -1;
    String title = "";
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--stream" -> stream = Path.of(args[++i]);
        case "--out" -> out = args[++i];
        case "--k" -> k = Integer.parseInt(args[++i]);
        case "--after" -> after = Integer.parseInt(args[++i]);
        case "--title" -> title = args[++i];
        default -> {
          int eq = args[i].indexOf('=');
          if (eq <= 0) {
            throw new IllegalArgumentException("not NAME=PREDICTIONS_FILE: " + args[i]);
          }
          runs.add(new Run(args[i].substring(0, eq), read(Path.of(args[i].substring(eq + 1)), false)));
        }
      }
    }
    if (stream == null || runs.isEmpty()) {
      throw new IllegalArgumentException("usage: NewbornRecall --stream S.svm [--out BASE] [--k K] [--after N] NAME=PRED...");
    }
    List<Set<String>> truth = read(stream, true);
    int skip = after >= 0 ? after : truth.size() / 20;
    System.out.printf(Locale.ROOT, "| run | examples | macro F1, labels seen | newborn labels | recall at k = 1, 2, 5, 10, %d |%n", k);
    System.out.println("|---|---|---|---|---|");
    Map<String, Curve> curves = new LinkedHashMap<>();
    for (Run r : runs) {
      int n = Math.min(truth.size(), r.predictions().size());
      Curve c = curve(truth.subList(0, n), r.predictions().subList(0, n), k, skip);
      curves.put(r.name(), c);
      System.out.printf(Locale.ROOT, "| %s | %d | %.4f | %d | %s |%n", r.name(), n, seenMacroF1(truth.subList(0, n),
          r.predictions().subList(0, n)), c.labels()[0], at(c, 1) + ", " + at(c, 2) + ", " + at(c, 5) + ", " + at(c, 10) + ", "
          + at(c, k));
    }
    if (out != null) {
      LineFigure chart = new LineFigure(PaperStyle.WIDTH, 190).legend(true);
      chart.setTitle(title);
      chart.setXAxisTitle("k-th occurrence of a label after its birth");
      chart.setYAxisTitle("recall at that occurrence [%]");
      chart.getStyler().setYAxisMin(0.0);
      int i = 0;
      for (Map.Entry<String, Curve> e : curves.entrySet()) {
        double[] x = new double[k];
        double[] y = new double[k];
        for (int j = 0; j < k; j++) {
          x[j] = j + 1;
          y[j] = Double.isNaN(e.getValue().recall()[j]) ? 0 : 100 * e.getValue().recall()[j];
        }
        chart.curve(e.getKey(), x, y, i++);
      }
      for (String format : List.of("png", "pdf")) {
        Path file = Path.of(out + "." + format);
        try (OutputStream o = Files.newOutputStream(file)) {
          Encoders.write(chart, format, o);
        }
        System.err.println("wrote " + file);
      }
    }
  }

  private static String at(Curve c, int k) {
    return k <= c.recall().length ? String.format(Locale.ROOT, "%.3f", c.recall()[k - 1]) : "-";
  }

  /**
   * Per newborn label (first carried at an example index at least {@code after}), whether its j-th occurrence after
   * the birth example was predicted; averaged over the labels with j such occurrences.
   */
  static Curve curve(List<Set<String>> truth, List<Set<String>> predicted, int k, int after) {
    Map<String, Integer> born = new HashMap<>();
    Map<String, Integer> seenAfter = new HashMap<>();
    double[] hits = new double[k];
    int[] labels = new int[k];
    for (int t = 0; t < truth.size(); t++) {
      for (String l : truth.get(t)) {
        Integer b = born.putIfAbsent(l, t);
        if (b == null || b < after) {
          continue;
        }
        int j = seenAfter.merge(l, 1, Integer::sum);
        if (j <= k) {
          labels[j - 1]++;
          if (predicted.get(t).contains(l)) {
            hits[j - 1]++;
          }
        }
      }
    }
    double[] recall = new double[k];
    for (int j = 0; j < k; j++) {
      recall[j] = labels[j] == 0 ? Double.NaN : hits[j] / labels[j];
    }
    return new Curve(recall, labels);
  }

  /** Macro F1 over the labels the stream carries, each label's tp, fp, fn counted from its first appearance on. */
  static double seenMacroF1(List<Set<String>> truth, List<Set<String>> predicted) {
    Map<String, long[]> counts = new HashMap<>();
    for (int t = 0; t < truth.size(); t++) {
      for (String l : truth.get(t)) {
        counts.computeIfAbsent(l, x -> new long[3]);
      }
      for (String l : predicted.get(t)) {
        long[] c = counts.get(l);
        if (c != null) {
          c[truth.get(t).contains(l) ? 0 : 1]++;
        }
      }
      for (String l : truth.get(t)) {
        if (!predicted.get(t).contains(l)) {
          counts.get(l)[2]++;
        }
      }
    }
    double sum = 0;
    for (long[] c : counts.values()) {
      sum += 2.0 * c[0] / (2.0 * c[0] + c[1] + c[2]);
    }
    return counts.isEmpty() ? Double.NaN : sum / counts.size();
  }

  /** The label sets of a LIBSVM file (its first field, when it is not a feature) or of a predictions file. */
  static List<Set<String>> read(Path file, boolean libsvm) throws IOException {
    List<Set<String>> out = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line; (line = r.readLine()) != null; ) {
        if (libsvm && line.isBlank()) {
          continue;
        }
        String field = line;
        if (libsvm) {
          int space = line.indexOf(' ');
          field = line.isEmpty() || line.charAt(0) == ' ' ? "" : space < 0 ? line : line.substring(0, space);
          if (field.contains(":")) {
            field = "";
          }
        }
        Set<String> set = new HashSet<>();
        for (String name : field.trim().split(",")) {
          if (!name.isEmpty()) {
            set.add(name);
          }
        }
        out.add(set);
      }
    }
    return out;
  }
}
