package org.altml.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.io.DataFiles;

/**
 * Whether data fits a saved model, for {@code alt predict} and {@code alt train --from}: a model knows its
 * L, its label names and d of its training data, and data that does not match is most likely the wrong
 * file (a model of emotions given scene data), which would otherwise give silent nonsense.
 *
 * <ul>
 *   <li>More labels than the model: an error (a model's labels are fixed when it is first trained).
 *   <li>Label names (when both the data and the model have them: ARFF with its XML, not LIBSVM's label
 *       ids) that differ from the model's, position by position: an error naming both.
 *   <li>Many more features than the model was trained on, d' &gt;= 2d + {@value #FEATURE_SLACK} (a
 *       declared ARFF header, or a LIBSVM feature index): an error, or with {@code --allow-new-features} a
 *       one-line warning (new features contribute nothing to predictions). A model of unknown d (0) is
 *       not checked.
 * </ul>
 */
final class ModelFit {
  /** Features beyond twice the model's d that are still taken as the same kind of data. */
  static final int FEATURE_SLACK = 100;

  private static final String ALLOW = "--allow-new-features";

  private final SavedModel model;
  private final String modelName;
  private final String dataName;
  private final boolean allowNewFeatures;
  private final Progress progress;
  private boolean warned;

  /**
   * Checks for {@code model} read from {@code modelFile} against the data in {@code dataFile}; warnings go
   * through {@code progress} (which clears its bar for them).
   */
  ModelFit(SavedModel model, Path modelFile, Path dataFile, boolean allowNewFeatures, Progress progress) {
    this.model = model;
    this.modelName = DataFiles.displayName(modelFile);
    this.dataName = DataFiles.displayName(dataFile);
    this.allowNewFeatures = allowNewFeatures;
    this.progress = progress;
  }

  /**
   * Checks a label count and, when the data has them (null: it has none), the label names.
   *
   * @throws IllegalArgumentException naming both files when they do not match
   */
  void labels(int numLabels, List<String> names) {
    int modelLabels = model.learner().numLabels();
    if (numLabels > modelLabels) {
      throw new IllegalArgumentException(dataName + " has " + numLabels + " labels but the model " + modelName + " has "
          + modelLabels + ": a model's labels are fixed when it is first trained");
    }
    if (names == null || isIndexNames(names) || isIndexNames(model.labelNames())) {
      return;
    }
    List<String> own = model.labelNames();
    for (int i = 0; i < names.size(); i++) {
      if (!names.get(i).equals(own.get(i))) {
        throw new IllegalArgumentException("the labels of " + dataName + " (" + sample(names) + ") are not those of the"
            + " model " + modelName + " (" + sample(own) + "): label " + (i + 1) + " is '" + names.get(i) + "', not '"
            + own.get(i) + "'; was the model trained on other data?");
      }
    }
  }

  /**
   * Checks one example's label ids (a LIBSVM stream declares no label count).
   *
   * @param example the example's 1-based position, for the message
   */
  void label(int maxLabel, long example) {
    int modelLabels = model.learner().numLabels();
    if (maxLabel >= modelLabels) {
      throw new IllegalArgumentException(dataName + ": example " + example + " has label " + maxLabel + " but the model "
          + modelName + " has " + modelLabels + " labels (0 to " + (modelLabels - 1) + "); was the model trained on other"
          + " data?");
    }
  }

  /**
   * Checks the number of features of the data: declared (an ARFF header, a dataset read whole), or, when
   * not {@code declared}, the largest index seen so far plus one.
   *
   * @throws IllegalArgumentException naming both files when the data has many more features than the model,
   *     unless new features are allowed (then one warning is printed, once)
   */
  void features(long numFeatures, boolean declared) {
    int d = model.numFeatures();
    if (d <= 0 || numFeatures < 2L * d + FEATURE_SLACK || warned) {
      return;
    }
    String what = dataName + " has " + (declared ? numFeatures + " features" : "features up to " + numFeatures)
        + ", the model " + modelName + " was trained on " + d;
    if (!allowNewFeatures) {
      throw new IllegalArgumentException(what + ": was the model trained on other data? (if the new features are meant,"
          + " give " + ALLOW + "; they contribute nothing)");
    }
    warned = true;
    progress.warn(what + "; the features it never saw contribute nothing");
  }

  /**
   * Reads a model file ({@code -}: standard input). A model too large for the heap is refused naming the
   * file, without the library's hint about data files (the sizes come from the model file).
   */
  static SavedModel read(Path file) throws IOException {
    try {
      return ModelIo.read(file);
    } catch (InsufficientMemoryException e) {
      String m = e.getMessage();
      int hint = m.indexOf(Messages.LIBRARY_HEAP_ADVICE);
      throw new InsufficientMemoryException(e.what(), e.requestedBytes(), e.availableBytes(), DataFiles.displayName(file)
          + ": " + (hint >= 0 ? m.substring(0, hint) : m) + ", or check that it is the model you meant (the sizes are"
          + " those it declares)");
    }
  }

  /**
   * Reads the model of a command that applies it to data ({@code predict}, {@code test}; {@link #read}): a
   * {@code --scale} other than the model's own is refused (the model carries its scaling), and {@code options} are
   * made to ignore the ARFF attributes the model was trained without ({@link #ignoreAsTheModelDid}).
   *
   * @param scale the {@code --scale} given, or null
   * @throws IllegalArgumentException naming the model file when the scaling differs
   */
  static SavedModel readToApply(Path modelFile, String scale, DataOptions options) throws IOException {
    SavedModel saved = read(modelFile);
    FeatureScaler scaler = saved.scaler();
    if (scale != null && ProtocolOptions.scaling(scale) != scaler.scaling()) {
      throw new IllegalArgumentException("--scale " + scale + " differs from the scaling of " + modelFile + " ("
          + scaler.scaling().cliName() + "): the model carries its scaling, leave --scale out");
    }
    ignoreAsTheModelDid(saved, modelFile, options);
    return saved;
  }

  /** The provenance key under which {@code alt train} records the ARFF attributes it ignored. */
  static final String IGNORED_ATTRIBUTES = "ignoreAttributes";

  /**
   * Applies the ARFF attributes the model was trained without to {@code options}: a model trained with
   * {@code --ignore-attributes protein} must see its data without protein too, or every feature after it
   * would shift by one. The user may repeat them, not change them.
   *
   * @throws IllegalArgumentException if {@code options} ignore other attributes than the model did
   */
  static void ignoreAsTheModelDid(SavedModel model, Path modelFile, DataOptions options) {
    String recorded = model.provenance().getOrDefault(IGNORED_ATTRIBUTES, "");
    List<String> own = recorded.isEmpty() ? List.of() : List.of(recorded.split(","));
    if (options.ignoreAttributes.isEmpty()) {
      options.ignoreAttributes = own;
    } else if (!options.ignoreAttributes.equals(own)) {
      throw new IllegalArgumentException("--ignore-attributes " + String.join(",", options.ignoreAttributes) + " differs"
          + " from the attributes the model " + DataFiles.displayName(modelFile) + " was trained without ("
          + (own.isEmpty() ? "none" : String.join(",", own)) + "): the model's are applied by themselves, leave the option"
          + " out");
    }
  }

  /** Whether {@code names} are "0", "1", ...: the names of data whose labels have none (LIBSVM). */
  static boolean isIndexNames(List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      if (!names.get(i).equals(Integer.toString(i))) {
        return false;
      }
    }
    return true;
  }

  /** The first few names, for a message. */
  private static String sample(List<String> names) {
    int shown = Math.min(4, names.size());
    return String.join(", ", names.subList(0, shown)) + (names.size() > shown ? ", ..." : "");
  }
}
