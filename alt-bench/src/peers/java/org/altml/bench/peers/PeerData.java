package org.altml.bench.peers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.io.DataFormatException;

/**
 * Loads the comparison's datasets as ALT {@link Dataset}s.
 *
 * <p><b>Temporary adapter.</b> Until {@code org.altml.sparse.io.DataFiles} lands, {@link #readArff} is a
 * minimal reader for the shared Mulan ARFF files only (dense rows and sparse {@code {i v,...}} rows,
 * numeric or {@code {0,1}} attributes, the labels being the last L attributes, L = number of
 * {@code <label} entries of the Mulan XML beside the file, as the datasets README guarantees). Swap its
 * body for {@code DataFiles.read(path, ReadOptions.defaults()...)}; nothing else reads files. Likewise
 * {@link #rcv1Shaped} stands in for {@code org.altml.sparse.synth.SparseTextGenerator}.
 */
public final class PeerData {
  private static final Pattern LABEL = Pattern.compile("<label\\s");

  private PeerData() {}

  /** A training set and a test set with the same d and L. */
  public record Split(String name, Dataset train, Dataset test) {}

  /**
   * Reads a Mulan ARFF file ({@code .gz} allowed) whose last {@code numLabels} attributes are the
   * labels; TODO(coordinator): replace by {@code DataFiles.read}.
   *
   * @throws DataFormatException naming the file and line of a malformed row
   */
  public static Dataset readArff(Path file, int numLabels) throws IOException {
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      int numAttributes = 0;
      boolean inData = false;
      DatasetBuilder b = null;
      int numFeatures = 0;
      int[] fi = new int[64];
      float[] fv = new float[64];
      int[] li = new int[Math.max(1, numLabels)];
      String line;
      int lineNo = 0;
      while ((line = r.readLine()) != null) {
        lineNo++;
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("%")) {
          continue;
        }
        if (!inData) {
          String lower = t.toLowerCase(java.util.Locale.ROOT);
          if (lower.startsWith("@attribute")) {
            numAttributes++;
          } else if (lower.startsWith("@data")) {
            inData = true;
            numFeatures = numAttributes - numLabels;
            if (numFeatures < 0) {
              throw new DataFormatException(file.toString(), lineNo, numAttributes + " attributes but " + numLabels + " labels");
            }
            b = new DatasetBuilder().name(file.getFileName().toString()).numFeatures(numFeatures).numLabels(numLabels);
          }
          continue;
        }
        int nf = 0;
        int nl = 0;
        try {
          if (t.charAt(0) == '{') {
            int end = t.lastIndexOf('}');
            if (end < 0) {
              throw new DataFormatException(file.toString(), lineNo, "sparse row without closing '}'");
            }
            String body = t.substring(1, end).strip();
            if (!body.isEmpty()) {
              for (String entry : body.split(",")) {
                String e = entry.strip();
                int sp = e.indexOf(' ');
                if (sp < 0) {
                  throw new DataFormatException(file.toString(), lineNo, "sparse entry without value: '" + e + "'");
                }
                int index = Integer.parseInt(e.substring(0, sp));
                float value = Float.parseFloat(e.substring(sp + 1).strip());
                if (index < 0 || index >= numAttributes) {
                  throw new DataFormatException(file.toString(), lineNo, "attribute index " + index + " outside [0, " + numAttributes + ")");
                }
                if (index >= numFeatures) {
                  if (value != 0f) {
                    li[nl++] = index - numFeatures;
                  }
                } else if (value != 0f) {
                  if (nf == fi.length) {
                    fi = Arrays.copyOf(fi, nf * 2);
                    fv = Arrays.copyOf(fv, nf * 2);
                  }
                  fi[nf] = index;
                  fv[nf++] = value;
                }
              }
            }
          } else {
            String[] parts = t.split(",", -1);
            if (parts.length != numAttributes) {
              throw new DataFormatException(file.toString(), lineNo, parts.length + " values, expected " + numAttributes);
            }
            for (int a = 0; a < numAttributes; a++) {
              float value = Float.parseFloat(parts[a].strip());
              if (a >= numFeatures) {
                if (value != 0f) {
                  li[nl++] = a - numFeatures;
                }
              } else if (value != 0f) {
                if (nf == fi.length) {
                  fi = Arrays.copyOf(fi, nf * 2);
                  fv = Arrays.copyOf(fv, nf * 2);
                }
                fi[nf] = a;
                fv[nf++] = value;
              }
            }
          }
        } catch (NumberFormatException e) {
          throw new DataFormatException(file.toString(), lineNo, "not a number: " + e.getMessage());
        }
        b.add(SparseVector.of(Arrays.copyOf(fi, nf), Arrays.copyOf(fv, nf)), LabelSet.of(Arrays.copyOf(li, nl)));
      }
      if (b == null) {
        throw new DataFormatException(file.toString(), lineNo, "no @data section");
      }
      return b.build();
    }
  }

  /** Number of labels listed in a Mulan label XML file. */
  public static int countLabels(Path xml) throws IOException {
    Matcher m = LABEL.matcher(Files.readString(xml));
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /**
   * The named dataset from the shared folder: the standard Mulan train/test split for emotions,
   * scene, yeast and bibtex; for rcv1subsetN a seeded 2/3-1/3 split of the 6,000 rows; for
   * {@code synthetic} the RCV1-shaped stream ({@link #rcv1Shaped}).
   */
  public static Split load(Path datasets, String name, long seed) throws IOException {
    if (name.equals("synthetic")) {
      Dataset all = rcv1Shaped(15_000, seed);
      return split("synthetic", all, 10_000);
    }
    Path dir = datasets.resolve(name);
    int numLabels = countLabels(dir.resolve(name + ".xml"));
    Path train = dir.resolve(name + "-train.arff");
    if (Files.exists(train)) {
      Dataset tr = readArff(train, numLabels);
      Dataset te = readArff(dir.resolve(name + "-test.arff"), numLabels);
      int d = Math.max(tr.numFeatures(), te.numFeatures());
      return new Split(name, tr.withDimensions(d, numLabels), te.withDimensions(d, numLabels));
    }
    Path whole = dir.resolve(name + ".arff");
    if (!Files.exists(whole)) {
      whole = dir.resolve(name + ".arff.gz");
    }
    Dataset all = readArff(whole, numLabels);
    int[] p = all.permutation(seed);
    int nTrain = all.size() * 2 / 3;
    return split(name, all.subset(p), nTrain);
  }

  private static Split split(String name, Dataset all, int nTrain) {
    int[] tr = new int[nTrain];
    int[] te = new int[all.size() - nTrain];
    for (int i = 0; i < all.size(); i++) {
      if (i < nTrain) {
        tr[i] = i;
      } else {
        te[i - nTrain] = i;
      }
    }
    return new Split(name, all.subset(tr), all.subset(te));
  }

  /**
   * An RCV1-shaped synthetic dataset: d = 47,236, 76 non-zeros per row drawn from a Zipf-like feature
   * distribution, unit-norm rows, L = 101; each label has a planted sparse linear model (300 features),
   * the relevant labels are those scoring above a per-label threshold chosen for about 2.9 labels per
   * row, plus 1% label noise. TODO(coordinator): replace by {@code SparseTextGenerator.generate(n)}.
   */
  public static Dataset rcv1Shaped(int n, long seed) {
    final int d = 47_236;
    final int nnz = 76;
    final int labels = 101;
    SplittableRandom random = new SplittableRandom(seed);
    // Planted model: feature-major weights over 300 random features per label.
    float[][] w = new float[labels][d];
    for (float[] row : w) {
      for (int k = 0; k < 300; k++) {
        row[zipf(random, d)] += (float) random.nextGaussian();
      }
    }
    DatasetBuilder b = new DatasetBuilder().name("rcv1-shaped").numFeatures(d).numLabels(labels);
    int[] idx = new int[nnz];
    float[] val = new float[nnz];
    float[] s = new float[labels];
    Integer[] order = new Integer[labels];
    int[] y = new int[labels];
    for (int i = 0; i < n; i++) {
      int m = 0;
      while (m < nnz) {
        int f = zipf(random, d);
        boolean dup = false;
        for (int k = 0; k < m; k++) {
          dup |= idx[k] == f;
        }
        if (!dup) {
          idx[m++] = f;
        }
      }
      Arrays.sort(idx);
      double norm = 0;
      for (int k = 0; k < nnz; k++) {
        val[k] = (float) (random.nextDouble() + 0.1);
        norm += val[k] * val[k];
      }
      for (int k = 0; k < nnz; k++) {
        val[k] /= (float) Math.sqrt(norm);
      }
      for (int l = 0; l < labels; l++) {
        float acc = 0;
        for (int k = 0; k < nnz; k++) {
          acc += val[k] * w[l][idx[k]];
        }
        s[l] = acc;
        order[l] = l;
      }
      // The top-k labels by planted score, k in 1..5 (mean about 2.9), then 1% noise flips.
      int k = 1 + random.nextInt(4) + (random.nextInt(10) == 0 ? 1 : 0);
      Arrays.sort(order, (p, q) -> Float.compare(s[q], s[p]));
      boolean[] in = new boolean[labels];
      for (int t = 0; t < k; t++) {
        in[order[t]] = true;
      }
      for (int l = 0; l < labels; l++) {
        if (random.nextInt(100) == 0) {
          in[l] = !in[l];
        }
      }
      int ny = 0;
      for (int l = 0; l < labels; l++) {
        if (in[l]) {
          y[ny++] = l;
        }
      }
      b.add(SparseVector.of(idx.clone(), val.clone()), LabelSet.of(Arrays.copyOf(y, ny)));
    }
    return b.build();
  }

  /** A Zipf-like (s ≈ 1) draw in [0, d) by inverse transform of a log-uniform variable. */
  private static int zipf(SplittableRandom random, int d) {
    int f = (int) Math.floor(Math.exp(random.nextDouble() * Math.log(d + 1.0))) - 1;
    return Math.min(Math.max(f, 0), d - 1);
  }

  /** Labels of example {@code i} as a boolean mask of length L. */
  static boolean[] labelMask(Dataset data, int i, LabelSet scratch) {
    boolean[] m = new boolean[data.numLabels()];
    data.labels(i, scratch);
    for (int k = 0; k < scratch.size(); k++) {
      m[scratch.label(k)] = true;
    }
    return m;
  }
}
