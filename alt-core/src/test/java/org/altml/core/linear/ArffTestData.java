package org.altml.core.linear;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A minimal test-scope reader of the shared Mulan ARFF files (dense and sparse rows, labels as the last
 * L attributes, L counted in the XML label file), independent of the project's readers so that the
 * agreement tests do not depend on code under test. Not for production use: no quoting, no missing
 * values (the shared datasets have none).
 */
public final class ArffTestData {
  /** Parsed examples, in file order. */
  public record Examples(List<SparseVector> features, List<LabelSet> labels, int numFeatures, int numLabels) {
    /** Number of examples. */
    public int size() {
      return features.size();
    }
  }

  private ArffTestData() {}

  /** The shared datasets folder from {@code -Dalt.datasets}, or null when unset. */
  public static Path datasets() {
    String dir = System.getProperty("alt.datasets");
    return dir == null ? null : Path.of(dir);
  }

  /** Number of labels in a Mulan XML label file. */
  public static int countLabels(Path xml) throws IOException {
    Matcher m = Pattern.compile("<label\\s").matcher(Files.readString(xml, StandardCharsets.UTF_8));
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /** Reads an uncompressed Mulan ARFF file whose last {@code numLabels} attributes are the labels. */
  public static Examples read(Path arff, int numLabels) throws IOException {
    List<SparseVector> xs = new ArrayList<>();
    List<LabelSet> ys = new ArrayList<>();
    int attributes = 0;
    boolean data = false;
    try (BufferedReader r = Files.newBufferedReader(arff, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        line = line.strip();
        if (line.isEmpty() || line.startsWith("%")) {
          continue;
        }
        if (!data) {
          String lower = line.toLowerCase(Locale.ROOT);
          if (lower.startsWith("@attribute")) {
            attributes++;
          } else if (lower.startsWith("@data")) {
            data = true;
          }
          continue;
        }
        int numFeatures = attributes - numLabels;
        List<Integer> idx = new ArrayList<>();
        List<Float> val = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        if (line.startsWith("{")) {
          String body = line.substring(1, line.length() - 1).strip();
          if (!body.isEmpty()) {
            for (String pair : body.split(",")) {
              String[] p = pair.strip().split("\\s+");
              add(Integer.parseInt(p[0]), p[1], numFeatures, idx, val, labels);
            }
          }
        } else {
          String[] cells = line.split(",");
          for (int a = 0; a < cells.length; a++) {
            add(a, cells[a].strip(), numFeatures, idx, val, labels);
          }
        }
        int[] ii = new int[idx.size()];
        float[] vv = new float[idx.size()];
        for (int k = 0; k < ii.length; k++) {
          ii[k] = idx.get(k);
          vv[k] = val.get(k);
        }
        xs.add(SparseVector.of(ii, vv));
        ys.add(LabelSet.of(labels.stream().mapToInt(Integer::intValue).toArray()));
      }
    }
    return new Examples(xs, ys, attributes - numLabels, numLabels);
  }

  private static void add(int attribute, String cell, int numFeatures, List<Integer> idx, List<Float> val, List<Integer> labels) {
    if (attribute >= numFeatures) {
      if (cell.equals("1")) {
        labels.add(attribute - numFeatures);
      }
      return;
    }
    float v = Float.parseFloat(cell);
    if (v != 0f) {
      idx.add(attribute);
      val.add(v);
    }
  }
}
