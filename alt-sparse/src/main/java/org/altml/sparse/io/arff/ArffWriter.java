package org.altml.sparse.io.arff;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.AtomicOutput;
import org.altml.sparse.io.internal.Numbers;
import org.altml.sparse.io.internal.TextOutput;

/**
 * Writes Mulan-style ARFF: the d features as {@code numeric} attributes named by the dataset's feature
 * names (so ARFF to ARFF keeps the attribute names), or {@code f1..fd} when it has none (another prefix
 * is chosen if a label name would clash), then the L labels as {@code {0,1}} attributes named by the
 * dataset's label names, plus the Mulan XML label file beside it ({@link MulanLabels#labelFileFor}).
 * The relation is the dataset name followed by MEKA's {@code -C -L}, so the file is self-describing
 * even without the XML. Rows are sparse ({@code {i v,...}}, 0-based attribute indices) when fewer than
 * 30% of all feature and label cells are non-zero, dense otherwise. Values are written with
 * {@link Float#toString}, which reads back to the same float, so ARFF and LIBSVM round trips are exact.
 */
public final class ArffWriter {
  /** Cell density below which rows are written in sparse form. */
  public static final double SPARSE_BELOW = 0.3;

  private static final Pattern BARE = Pattern.compile("[A-Za-z0-9_.+\\-/]+");

  private ArffWriter() {}

  /**
   * Writes {@code data} to {@code arff} (gzip when the name ends in {@code .gz}) and its label names to
   * {@link MulanLabels#labelFileFor(Path)}, each through {@link AtomicOutput}: both written in full and forced to
   * disk before either is moved into place ({@link AtomicOutput#commitAll}), then the label file and the ARFF moved
   * one right after the other, so a write that fails or is interrupted while writing leaves the earlier pair as it
   * was; only an interruption between the two renames could part them.
   *
   * @throws IllegalArgumentException if two label names are equal
   */
  public static void write(Dataset data, Path arff) throws IOException {
    try (AtomicOutput labels = AtomicOutput.create(MulanLabels.labelFileFor(arff));
        AtomicOutput out = AtomicOutput.createCompressedByName(arff)) {
      MulanLabels.write(data.labelNames(), labels.stream());
      write(data, out.stream(), relationName(arff));
      AtomicOutput.commitAll(List.of(labels, out));
    }
  }

  /** Header bytes up to which any header is written: 1 GiB. */
  static final long LARGE_HEADER = 1L << 30;

  /**
   * Refuses a header of unnamed features far beyond the values they describe (over {@value #LARGE_HEADER} bytes of
   * {@code @attribute} lines, and more than 64 features per stored value): one stray LIBSVM index (2^31 − 1) would
   * write tens of gigabytes for a handful of values. Wide data with values to match is written.
   */
  private static void checkHeaderSize(Dataset data) {
    long d = data.numFeatures();
    long headerBytes = d * ("@attribute f".length() + Long.toString(d).length() + " numeric\n".length());
    if (data.featureNames().isEmpty() && headerBytes > LARGE_HEADER && d > 64 * Math.max(1, data.totalNonZeros())) {
      throw new IllegalArgumentException(data.name() + " has feature indices up to " + d + " but only " + data.totalNonZeros()
          + " stored values: its ARFF header would hold " + d + " @attribute lines (" + org.altml.sparse.MemoryCheck.formatBytes(
          headerBytes) + "); a stray feature index? (LIBSVM keeps such data small)");
    }
  }

  /**
   * The relation name of {@code arff}: its dataset name, with a " -C" in it (a file named "t -C 1.arff") made
   * "_C", so that the name is not read back as a MEKA label count beside the one the writer gives.
   */
  private static String relationName(Path arff) {
    return MulanLabels.datasetName(arff).replaceAll("(^|[\\s:'\"])-C(?=\\s|$)", "$1_C");
  }

  /**
   * Writes {@code data} as ARFF to {@code out} (closed afterwards) with the given relation name.
   *
   * @throws IllegalArgumentException if two label names are equal, or a feature name equals a label name
   */
  public static void write(Dataset data, OutputStream out, String relation) throws IOException {
    int d = data.numFeatures();
    checkHeaderSize(data);
    if (d == 0 && data.numLabels() == 0) {
      // an ARFF header needs an attribute, and rows of nothing would read back as blank lines
      throw new IllegalArgumentException(data.name() + " has no feature and no label: an ARFF file of it would hold no attribute;"
          + " give the number of labels (--num-labels) or keep it as LIBSVM");
    }
    int numLabels = data.numLabels();
    List<String> names = data.labelNames();
    Set<String> labelNames = new HashSet<>(names);
    if (labelNames.size() != names.size()) {
      throw new IllegalArgumentException("label names must be distinct to be written as ARFF attributes: " + names);
    }
    List<String> featureNames = data.featureNames();
    for (String f : featureNames) {
      if (labelNames.contains(f)) {
        throw new IllegalArgumentException("feature name " + Numbers.quote(f) + " is also a label name: ARFF attribute names must be distinct");
      }
    }
    String prefix = "f";
    while (featureNames.isEmpty() && clashes(prefix, d, labelNames)) {
      prefix = "_" + prefix;
    }
    double cells = (double) data.size() * (d + numLabels);
    boolean sparse = cells > 0 && (data.totalNonZeros() + data.totalLabels()) / cells < SPARSE_BELOW;
    try (TextOutput text = new TextOutput(out); ExampleStream s = data.stream()) {
      text.write("@relation ").write(quote(relation + ": -C -" + numLabels)).write("\n\n");
      for (int j = 0; j < d; j++) {
        text.write("@attribute ");
        if (featureNames.isEmpty()) {
          text.write(prefix).write(j + 1);
        } else {
          text.write(quote(featureNames.get(j)));
        }
        text.write(" numeric\n");
      }
      for (String name : names) {
        text.write("@attribute ").write(quote(name)).write(" {0,1}\n");
      }
      text.write("\n@data\n");
      while (s.advance()) {
        if (sparse) {
          writeSparse(s.features(), s.labels(), d, text);
        } else {
          writeDense(s.features(), s.labels(), d, numLabels, text);
        }
      }
    }
  }

  private static boolean clashes(String prefix, int d, Set<String> labelNames) {
    for (String name : labelNames) {
      if (name.startsWith(prefix) && name.length() > prefix.length()) {
        String rest = name.substring(prefix.length());
        if (rest.chars().allMatch(Character::isDigit) && rest.length() <= 10) {
          long j = Long.parseLong(rest);
          if (j >= 1 && j <= d && rest.equals(Long.toString(j))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static void writeSparse(SparseVector x, LabelSet y, int d, TextOutput text) throws IOException {
    text.write('{');
    boolean first = true;
    for (int k = 0; k < x.nnz(); k++) {
      if (!first) {
        text.write(',');
      }
      first = false;
      text.write(x.index(k)).write(' ').write(x.value(k));
    }
    for (int k = 0; k < y.size(); k++) {
      if (!first) {
        text.write(',');
      }
      first = false;
      text.write(d + y.label(k)).write(" 1");
    }
    text.write("}\n");
  }

  private static void writeDense(SparseVector x, LabelSet y, int d, int numLabels, TextOutput text) throws IOException {
    int k = 0;
    for (int j = 0; j < d; j++) {
      if (j > 0) {
        text.write(',');
      }
      if (k < x.nnz() && x.index(k) == j) {
        text.write(x.value(k++));
      } else {
        text.write('0');
      }
    }
    int m = 0;
    for (int l = 0; l < numLabels; l++) {
      if (d > 0 || l > 0) {
        text.write(',');
      }
      if (m < y.size() && y.label(m) == l) {
        text.write('1');
        m++;
      } else {
        text.write('0');
      }
    }
    text.write('\n');
  }

  /** An attribute or relation name, quoted with {@code '} and backslash escapes unless it is a plain word. */
  static String quote(String name) {
    if (BARE.matcher(name).matches()) {
      return name;
    }
    StringBuilder sb = new StringBuilder("'");
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      switch (c) {
        case '\'' -> sb.append("\\'");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> sb.append(c);
      }
    }
    return sb.append('\'').toString();
  }
}
