package org.altml.flink;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.RecordParser;

/**
 * How the records of the input files are parsed, as the readers' {@link ReadOptions} say it, in a form Flink
 * can ship to the task managers. ARFF files (by name: {@code .arff}, {@code .arff.gz}) have their header read
 * where the parser is opened, so on a cluster the files must be readable there (a shared file system).
 *
 * @param numLabels L for LIBSVM files (required: a learner needs L before the first example); ARFF files take
 *     it from the header
 * @param numFeatures d when declared (indices at or beyond it are errors), else 0
 * @param zeroBased whether LIBSVM feature indices are 0-based
 * @param labelsXml the Mulan XML label file for ARFF files without one beside them, or null
 * @param labelsLast the number of label attributes at the end of ARFF files (MEKA), or -1
 */
public record DataSpec(int numLabels, int numFeatures, boolean zeroBased, String labelsXml, int labelsLast) implements Serializable {
  /** LIBSVM defaults with L labels. */
  public static DataSpec libSvm(int numLabels) {
    return new DataSpec(numLabels, 0, false, null, -1);
  }

  /** Whether {@code file} is read as ARFF (by its name), else LIBSVM. */
  public static boolean isArff(String file) {
    String f = file.toLowerCase(java.util.Locale.ROOT);
    return f.endsWith(".arff") || f.endsWith(".arff.gz");
  }

  /** The readers' options (an ARFF header declares its own L). */
  public ReadOptions readOptions(boolean arff) {
    ReadOptions o = ReadOptions.defaults().withZeroBased(zeroBased);
    if (numLabels > 0 && !arff) {
      o = o.withNumLabels(numLabels);
    }
    if (numFeatures > 0) {
      o = o.withNumFeatures(numFeatures);
    }
    if (labelsXml != null) {
      o = o.withLabelFile(Path.of(labelsXml));
    }
    if (labelsLast >= 0) {
      o = o.withLabelsLast(labelsLast);
    }
    return o;
  }

  /** A parser of the records of {@code file} (reads an ARFF header). */
  public RecordParser parser(String file) throws IOException {
    if (isArff(file)) {
      return RecordParser.arff(Path.of(file), readOptions(true));
    }
    return RecordParser.libSvm(file, readOptions(false));
  }

  /** L and the label names of the inputs: from the first ARFF header, else the declared L. */
  public Labels labels(List<String> files) throws IOException {
    for (String f : files) {
      if (isArff(f)) {
        RecordParser p = parser(f);
        return new Labels(p.numLabels(), p.labelNames(), Math.max(p.numFeatures(), 0));
      }
    }
    if (numLabels < 1) {
      throw new IllegalArgumentException("LIBSVM input needs the number of labels (--num-labels L)");
    }
    return new Labels(numLabels, null, numFeatures);
  }

  /** L, the label names (null when the data has none) and d when known (else 0). */
  public record Labels(int numLabels, List<String> names, int numFeatures) implements Serializable {}
}
