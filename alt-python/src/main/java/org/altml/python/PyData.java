package org.altml.python;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;

/**
 * A data file read whole by ALT's own readers ({@link DataFiles#read}: LIBSVM, Mulan ARFF with its XML, gzipped or
 * not), laid out as the arrays of a CSR feature matrix and a CSR label-indicator matrix for {@code altml.read}.
 */
public final class PyData {
  private final Dataset data;
  private final List<String> warnings;
  private final int[] indptr;
  private final int[] indices;
  private final float[] values;
  private final int[] labelPtr;
  private final int[] labelIds;

  private PyData(Dataset data, List<String> warnings) {
    this.data = data;
    this.warnings = List.copyOf(warnings);
    int n = data.size();
    indptr = new int[n + 1];
    labelPtr = new int[n + 1];
    indices = new int[Math.toIntExact(data.totalNonZeros())];
    values = new float[indices.length];
    labelIds = new int[Math.toIntExact(data.totalLabels())];
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < n; i++) {
      data.features(i, x);
      System.arraycopy(x.indices(), x.offset(), indices, indptr[i], x.nnz());
      System.arraycopy(x.values(), x.offset(), values, indptr[i], x.nnz());
      indptr[i + 1] = indptr[i] + x.nnz();
      data.labels(i, y);
      System.arraycopy(y.array(), y.offset(), labelIds, labelPtr[i], y.size());
      labelPtr[i + 1] = labelPtr[i] + y.size();
    }
  }

  /**
   * Reads {@code file} with the reader options the command line has ({@code --num-labels}, {@code --num-features},
   * {@code --zero-based}, {@code --labels-xml}, {@code --labels-first}, {@code --labels-last}, {@code
   * --ignore-attributes}); a negative count or null file means not given.
   *
   * @throws org.altml.sparse.io.DataFormatException naming the file and line of a malformed entry
   */
  public static PyData read(String file, int numLabels, int numFeatures, boolean zeroBased, String labelFile,
      int labelsFirst, int labelsLast, String[] ignoredAttributes) throws IOException {
    List<String> warnings = new ArrayList<>();
    ReadOptions options = ReadOptions.defaults().withZeroBased(zeroBased).withWarnings(warnings::add);
    if (numLabels >= 0) {
      options = options.withNumLabels(numLabels);
    }
    if (numFeatures >= 0) {
      options = options.withNumFeatures(numFeatures);
    }
    if (labelFile != null) {
      options = options.withLabelFile(Path.of(labelFile));
    }
    if (labelsFirst >= 0) {
      options = options.withLabelsFirst(labelsFirst);
    }
    if (labelsLast >= 0) {
      options = options.withLabelsLast(labelsLast);
    }
    if (ignoredAttributes != null && ignoredAttributes.length > 0) {
      options = options.withIgnoredAttributes(ignoredAttributes);
    }
    return new PyData(DataFiles.read(Path.of(file), options), warnings);
  }

  /** The data {@code data} (generated, not read) as arrays. */
  static PyData of(Dataset data) {
    return new PyData(data, List.of());
  }

  /** The CSR row pointers of the features. */
  public int[] indptr() {
    return indptr;
  }

  /** The CSR column indices of the features (0-based). */
  public int[] indices() {
    return indices;
  }

  /** The CSR values of the features. */
  public float[] values() {
    return values;
  }

  /** The row pointers of the label-indicator matrix. */
  public int[] labelIndptr() {
    return labelPtr;
  }

  /** The label ids of each row. */
  public int[] labelIds() {
    return labelIds;
  }

  /** d. */
  public int numFeatures() {
    return data.numFeatures();
  }

  /** L. */
  public int numLabels() {
    return data.numLabels();
  }

  /** The label names (ARFF attribute names; their ids as text for LIBSVM). */
  public List<String> labelNames() {
    return data.labelNames();
  }

  /** The feature names (ARFF attribute names), or empty for LIBSVM. */
  public List<String> featureNames() {
    return data.featureNames();
  }

  /** What the reader warned of. */
  public List<String> warnings() {
    return warnings;
  }
}
