package org.altml.flink.source;

import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.altml.core.eval.ShapeFit;
import org.altml.core.model.DataFit;
import org.altml.core.model.SavedModel;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.TerminalText;
import org.altml.sparse.io.files.RecordParser;

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
 * @param labelsLast the number of label attributes at the end of ARFF files, or -1
 * @param ignoreAttributes ARFF attributes read as if absent (a model trained without them: {@link
 *     DataFit#ignoredAttributes}); empty for none
 * @param labelsFirst the number of label attributes at the start of ARFF files (MEKA's layout), or -1
 * @param format how the records of the files that are not ARFF are written ({@code --format}; null: LIBSVM)
 * @param requireLabels whether a record must say its labels: a JSON record without {@code "labels"} is then a bad
 *     record (a job that learns from its records, or scores them against their labels); LIBSVM cannot tell
 */
public record DataSpec(int numLabels, int numFeatures, boolean zeroBased, String labelsXml, int labelsLast, List<String> ignoreAttributes,
    int labelsFirst, RecordFormat format, boolean requireLabels) implements Serializable {
  /** Copies the ignored attributes (null: none). */
  public DataSpec {
    ignoreAttributes = ignoreAttributes == null ? List.of() : List.copyOf(ignoreAttributes);
    format = format == null ? RecordFormat.LIBSVM : format;
  }

  /** A spec of LIBSVM records, labels not required. */
  public DataSpec(int numLabels, int numFeatures, boolean zeroBased, String labelsXml, int labelsLast, List<String> ignoreAttributes,
      int labelsFirst) {
    this(numLabels, numFeatures, zeroBased, labelsXml, labelsLast, ignoreAttributes, labelsFirst, RecordFormat.LIBSVM, false);
  }

  /** A spec that ignores no attribute. */
  public DataSpec(int numLabels, int numFeatures, boolean zeroBased, String labelsXml, int labelsLast) {
    this(numLabels, numFeatures, zeroBased, labelsXml, labelsLast, List.of(), -1);
  }

  /** This spec with the records of {@code format}. */
  public DataSpec withFormat(RecordFormat format) {
    return new DataSpec(numLabels, numFeatures, zeroBased, labelsXml, labelsLast, ignoreAttributes, labelsFirst, format, requireLabels);
  }

  /** This spec for a job that learns from its records (or scores them against their labels): each must say its labels. */
  public DataSpec requiringLabels() {
    return new DataSpec(numLabels, numFeatures, zeroBased, labelsXml, labelsLast, ignoreAttributes, labelsFirst, format, true);
  }

  /** Whether the records of {@code file} are JSON lines ({@code --format json}, and not ARFF by its name). */
  public boolean isJson(String file) {
    return format == RecordFormat.JSON && !isArff(file);
  }

  /** LIBSVM defaults with L labels. */
  public static DataSpec libSvm(int numLabels) {
    return new DataSpec(numLabels, 0, false, null, -1);
  }

  /**
   * This spec fitted to a saved model it will score: L is the model's when the spec has none, the data's ARFF
   * files are read without the attributes the model was trained without, and each ARFF header is checked against the model ({@link DataFit}: labels, their
   * names, the feature names, the shape it declares). A LIBSVM file declares none of these; its records are checked one by one as
   * they are scored ({@link org.altml.flink.scoring.LineScorer}).
   *
   * @param modelName the model file as messages name it
   * @throws IllegalArgumentException naming the model and the file when a file does not fit the model
   * @throws IOException when an ARFF header cannot be read
   */
  public DataSpec fittedTo(SavedModel model, String modelName, List<String> files) throws IOException {
    return fittedTo(model, modelName, files, ShapeFit.Allowed.NOTHING);
  }

  /**
   * {@link #fittedTo(SavedModel, String, List)} accepting the declared shapes {@code allowed} accepts ({@link
   * DataFit#checkShape}), each with a warning on standard error.
   */
  public DataSpec fittedTo(SavedModel model, String modelName, List<String> files, ShapeFit.Allowed allowed) throws IOException {
    List<String> ignored = DataFit.ignoredAttributes(model);
    if (!ignoreAttributes.isEmpty() && !ignoreAttributes.equals(ignored)) {
      throw new IllegalArgumentException("the data is read without attributes " + ignoreAttributes + ", the model " + modelName
          + " was trained without " + (ignored.isEmpty() ? "none" : ignored));
    }
    int l = numLabels > 0 ? numLabels : model.learner().numLabels(); // LIBSVM records are parsed with the model's L
    DataSpec fitted = new DataSpec(l, numFeatures, zeroBased, labelsXml, labelsLast, ignored, labelsFirst, format, requireLabels);
    List<String> libSvm = files.stream().filter(f -> !isArff(f)).toList();
    String shifted = libSvm.isEmpty() ? null : DataFit.indexBaseMismatch(model, modelName, String.join(", ", libSvm), zeroBased);
    if (shifted != null) { // as alt predict warns (it was not said: every feature shifted by one, in silence)
      System.err.println("alt flink: warning: " + TerminalText.printable(shifted));
    }
    for (String file : files) {
      if (!isArff(file)) {
        continue;
      }
      RecordParser p = fitted.parser(file);
      DataFit.checkLabels(model, modelName, file, p.numLabels(), p.labelNames());
      DataFit.checkFeatureNames(model, modelName, file, p.featureNames());
      for (ShapeFit.Misfit accepted : DataFit.checkShape(model, modelName, file, p.numLabels(), p.labelNames(),
          p.numFeatures(), allowed)) {
        System.err.println("alt flink: warning: " + TerminalText.printable(accepted.problem()) + " (" + accepted.allowance() + ")");
      }
    }
    return fitted;
  }

  /** Whether {@code file} is read as ARFF (by its name), else LIBSVM. */
  public static boolean isArff(String file) {
    String f = file.toLowerCase(Locale.ROOT);
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
    if (labelsFirst >= 0) {
      o = o.withLabelsFirst(labelsFirst);
    }
    if (arff && !ignoreAttributes.isEmpty()) {
      o = o.withIgnoredAttributes(ignoreAttributes.toArray(new String[0]));
    }
    return o;
  }

  /**
   * {@code file} (a path, or a {@code file:} URI) as a path of this machine, or null when it names another file
   * system ({@code s3://...}, {@code hdfs://...}: Flink reads those, and only the task managers may see them).
   */
  public static Path localPath(String file) {
    if (file.startsWith("file:")) {
      return Path.of(URI.create(file));
    }
    return file.indexOf("://") > 0 ? null : Path.of(file);
  }

  /**
   * {@code file} as the URI Flink's file systems read: a URI with a scheme ({@code file:}, {@code s3://},
   * {@code hdfs://}) as given, a path made absolute as a {@code file:} URI.
   */
  public static String uri(String file) {
    if (file.startsWith("file:") || file.indexOf("://") > 0) {
      return file;
    }
    return Path.of(file).toAbsolutePath().toUri().toString();
  }

  /** A parser of the records of {@code file} (reads an ARFF header, which must be on this machine's file systems). */
  public RecordParser parser(String file) throws IOException {
    if (isArff(file)) {
      Path local = localPath(file);
      if (local == null) {
        throw new IOException(file + ": an ARFF file's header is read where the job is built and run, so it must be on a file"
            + " system of these machines (a path, file:, or a shared mount), or be converted to LIBSVM ('alt convert')");
      }
      return RecordParser.arff(local, readOptions(true));
    }
    return RecordParser.libSvm(file, readOptions(false));
  }

  /**
   * L and the label and feature names of the inputs: from the first ARFF header, else the declared L. Every other ARFF
   * input must name the same labels and features (one model learns from all of them).
   *
   * @throws IllegalArgumentException naming both files when an ARFF input's labels differ from the first's
   */
  public Labels labels(List<String> files) throws IOException {
    Labels first = null;
    String firstFile = null;
    for (String f : files) {
      if (isArff(f)) {
        RecordParser p = parser(f);
        if (first == null) {
          first = new Labels(p.numLabels(), p.labelNames(), Math.max(p.numFeatures(), 0), p.featureNames());
          firstFile = f;
        } else {
          if (p.numLabels() != first.numLabels()) {
            throw new IllegalArgumentException(f + " has " + p.numLabels() + " labels, " + firstFile + " " + first.numLabels()
                + ": the inputs of one job must have the same labels");
          }
          DataFit.checkLabelNames(first.names(), firstFile, f, p.labelNames(), "the inputs of one job must have the same labels");
          if (!p.featureNames().equals(first.featureNames())) {
            throw new IllegalArgumentException(f + " has other attributes than " + firstFile + " (other names, or in another"
                + " order): the inputs of one job must have the same features");
          }
        }
      }
    }
    if (first != null) {
      return first;
    }
    if (numLabels < 1) {
      throw new IllegalArgumentException((format == RecordFormat.JSON ? "JSON" : "LIBSVM") + " input needs the number of labels"
          + " (--num-labels L)");
    }
    return new Labels(numLabels, null, numFeatures, List.of());
  }

  /**
   * Checks the shape the {@code test} files declare against the {@code data} files' (run --test: the model is the
   * training data) by DataFit's rule in both directions ({@link DataFit#testMisfits}): an ARFF header on one side against
   * the other side's ARFF header, or against the L of LIBSVM data that {@code --num-labels} declares (and its d, {@code
   * --num-features}); label names against LIBSVM's label ids. Run after {@link #labels}, which requires ARFF inputs to
   * agree; LIBSVM records beyond the job's L are bad records.
   *
   * @return the misfits {@code allowed} accepts, to warn of
   * @throws IllegalArgumentException naming both sides and the option when a misfit is not accepted
   */
  public List<ShapeFit.Misfit> checkTestShape(List<String> data, List<String> test, ShapeFit.Allowed allowed) throws IOException {
    if (test.isEmpty()) {
      return List.of();
    }
    return allowed.acceptAll(DataFit.testMisfits(shape(data, "the training data", true), shape(test, "the test data", false)),
        ShapeFit.Misfit::refusal);
  }

  /**
   * This spec for a run whose training files are all ARFF, of {@code d} features, and whose {@code test} files include
   * LIBSVM ones: those declare no d, so a record using a feature id at or beyond the header's is a bad record, as one
   * with a label beyond its L (DataFit's rule: ids beyond the declared shape), unless {@code allowed} accepts new
   * features. Else (or with {@code --num-features}) this spec.
   */
  public DataSpec boundingLibSvmTests(List<String> data, List<String> test, int d, ShapeFit.Allowed allowed) {
    boolean libSvmTests = test.stream().anyMatch(f -> !isArff(f));
    if (numFeatures > 0 || d <= 0 || allowed.newFeatures() || !libSvmTests || !data.stream().allMatch(DataSpec::isArff)) {
      return this;
    }
    return new DataSpec(numLabels, d, zeroBased, labelsXml, labelsLast, ignoreAttributes, labelsFirst, format, requireLabels);
  }

  /**
   * The shape {@code files} declare: their first ARFF header's, else (LIBSVM) the L and d of the options (-1: not
   * declared), with label ids for names on the training side ({@code own}) and none on the test side (LIBSVM declares
   * none).
   */
  private ShapeFit.Shape shape(List<String> files, String role, boolean own) throws IOException {
    for (String f : files) {
      if (isArff(f)) {
        RecordParser p = parser(f);
        return new ShapeFit.Shape(role + " " + f, false, p.numLabels(), p.labelNames(), true, p.numFeatures(), true);
      }
    }
    List<String> ids = IntStream.range(0, Math.max(numLabels, 0)).mapToObj(Integer::toString).toList();
    String name = role + " " + String.join(", ", files) + (numLabels > 0 ? " (--num-labels " + numLabels + ")" : "");
    return new ShapeFit.Shape(name, false, numLabels > 0 ? numLabels : -1, own ? ids : null, true,
        numFeatures > 0 ? numFeatures : -1, numLabels > 0);
  }

  /** L, the label names (null when the data has none), d when known (else 0) and the feature names (empty: none). */
  public record Labels(int numLabels, List<String> names, int numFeatures, List<String> featureNames) implements Serializable {}
}
