package org.altml.cli.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.output.Messages;
import org.altml.cli.output.Progress;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.ShapeFit;
import org.altml.core.model.DataFit;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.io.files.DataFiles;

/**
 * Whether data fits a saved model, for {@code alt predict}, {@code alt test} and {@code alt train --from}: the
 * checks of {@link DataFit} with the command line's files, options and warnings. Many more features than the
 * model was trained on are an error, or with {@code --allow-new-features} a one-line warning ({@link #NEW_FEATURES});
 * so is a shape the data declares that differs from the model's otherwise ({@link DataFit#shapeMisfit}: fewer labels,
 * fewer features, label names against label ids), with {@code --allow-shape-mismatch}.
 */
public final class ModelFit {
  private static final String ALLOW = DataFit.ALLOW_NEW_FEATURES;

  /** What features a model never saw do to its scores. */
  public static final String NEW_FEATURES = DataFit.NEW_FEATURES;

  private final SavedModel model;
  private final String modelName;
  private final String dataName;
  private final boolean allowNewFeatures;
  private boolean allowShapeMismatch;
  private final Progress progress;
  private boolean warned;
  private boolean baseWarned;
  /** The ARFF attributes the model was trained without, when the data is LIBSVM (which cannot drop them); else empty. */
  private List<String> ignoredOnLibSvm = List.of();
  private boolean ignoredWarned;
  /** Examples of a stream checked one by one ({@link #features(long, boolean, long)}), and those beyond the model's d. */
  private long streamed;
  private long beyond;
  private long widest;

  /**
   * Checks for {@code model} read from {@code modelFile} against the data in {@code dataFile}; warnings go
   * through {@code progress} (which clears its bar for them).
   */
  public ModelFit(SavedModel model, Path modelFile, Path dataFile, boolean allowNewFeatures, Progress progress) {
    this.model = model;
    this.modelName = DataFiles.displayName(modelFile);
    this.dataName = DataFiles.displayName(dataFile);
    this.allowNewFeatures = allowNewFeatures;
    this.progress = progress;
  }

  /** Accepts a declared shape other than the model's ({@code --allow-shape-mismatch}): a warning instead of an error. */
  public ModelFit allowShapeMismatch(boolean allow) {
    this.allowShapeMismatch = allow;
    return this;
  }

  /**
   * Checks the shape the data declares against the model's ({@link DataFit#shapeMisfit}): an error naming both files
   * and the option that accepts it, or with that option a warning, once.
   *
   * @param numLabels the declared L (ARFF, {@code --num-labels}), or -1
   * @param names the declared label names (ARFF), or null
   * @param numFeatures the declared d (ARFF), or -1
   */
  public void shape(int numLabels, List<String> names, long numFeatures) {
    shape(dataName, numLabels, names, numFeatures);
  }

  private void shape(String data, int numLabels, List<String> names, long numFeatures) {
    // every misfit: --allow-shape-mismatch for fewer labels does not also accept more features
    List<ShapeFit.Misfit> misfits = new java.util.ArrayList<>(DataFit.shapeMisfits(DataFit.shape(model, modelName), data,
        numLabels, names, numFeatures, DataFit.OTHER_DATA));
    misfits.removeIf(m -> m.newFeatures() && warned);
    accept(misfits, new ShapeFit.Allowed(allowShapeMismatch, allowNewFeatures), progress);
    warned |= misfits.stream().anyMatch(ShapeFit.Misfit::newFeatures);
  }

  /**
   * Refuses the first of {@code misfits} that {@code allowed} does not accept ({@link ShapeFit.Allowed#acceptAll}): an
   * error naming both sides and the option that accepts it (for new features, also what they do to a model's scores);
   * else warns of each through {@code progress}.
   */
  static void accept(List<ShapeFit.Misfit> misfits, ShapeFit.Allowed allowed, Progress progress) {
    for (ShapeFit.Misfit misfit : allowed.acceptAll(misfits, m -> m.newFeatures() ? m.problem() + ": " + m.question()
        + " (if the new features are meant, give " + ALLOW + "; " + NEW_FEATURES + ")" : m.refusal())) {
      progress.warn(misfit.problem() + (misfit.newFeatures() ? "; " + NEW_FEATURES : " (" + misfit.allowance() + ")"));
    }
  }

  /**
   * Checks a label count and, when the data has them (null: it has none), the label names.
   *
   * @throws IllegalArgumentException naming both files when they do not match
   */
  public void labels(int numLabels, List<String> names) {
    DataFit.checkLabels(model, modelName, dataName, numLabels, names);
  }

  /**
   * Refuses {@code --num-labels} beyond the model's labels before the data is read: the data would be read with that
   * many, and the message would blame the file for a count the option gave it.
   *
   * @param numLabels the option's value, or null when not given
   */
  public void declaredLabels(Integer numLabels) {
    int modelLabels = model.learner().numLabels();
    if (numLabels != null && numLabels > modelLabels) {
      throw new IllegalArgumentException("--num-labels " + numLabels + " is more than the " + modelLabels + " labels of the"
          + " model " + modelName + ": a model's labels are fixed when it is first trained; " + DataFit.labelsFix(model,
          numLabels - 1, "leave --num-labels out"));
    }
    if (numLabels != null) { // fewer: the data says it has fewer labels than the model predicts
      shape(dataName + " (--num-labels " + numLabels + ")", numLabels, null, -1);
    }
  }

  /**
   * Checks the data's feature names (empty: unnamed) against the model's ({@link DataFit#checkFeatureNames}).
   *
   * @throws IllegalArgumentException naming both files when they differ
   */
  public void featureNames(List<String> names) {
    DataFit.checkFeatureNames(model, modelName, dataName, names);
  }

  /** The model's label names when they are the training data's own (ARFF), else null (label indices only). */
  public List<String> namedLabels() {
    return model.hasNamedLabels() ? model.labelNames() : null;
  }

  /**
   * Warns when LIBSVM data (its labels without names) is read with another first feature index than the
   * model's training data was ({@code --zero-based}): unless the files differ in that way, every feature is then
   * shifted by one, which no other check can see. Once.
   */
  public void indexBase(boolean zeroBased, List<String> labelNames) {
    String mismatch = DataFit.indexBaseMismatch(model, modelName, dataName, zeroBased);
    if (mismatch == null || (labelNames != null && !DataFit.isIndexNames(labelNames)) || baseWarned) {
      return;
    }
    baseWarned = true;
    progress.warn(mismatch);
  }

  /**
   * Notes LIBSVM data read for a model trained on ARFF data without some attributes ({@code --ignore-attributes},
   * which the model applies by itself to ARFF data): LIBSVM lists features by index and cannot drop attributes by
   * name, so the data is taken as already without them (as {@code alt convert --ignore-attributes} writes it), said
   * once by {@link #features} when the first features it sees fit the model; data with features beyond the model's
   * still has them and is refused there.
   */
  public void ignoredAttributes(DataOptions data, boolean arff) {
    if (arff || !data.ignoreAttributesFromModel || !ignoredOnLibSvm.isEmpty()) {
      return;
    }
    ignoredOnLibSvm = data.ignoreAttributes;
  }

  /** The note of {@link #ignoredAttributes}, once, when the first features seen fit the model. */
  private void warnIgnored() {
    if (ignoredWarned) {
      return;
    }
    ignoredWarned = true;
    progress.warn("the model " + modelName + " was trained on ARFF data without the attributes " + String.join(",",
        ignoredOnLibSvm) + " (--ignore-attributes); " + dataName + " is LIBSVM, whose features cannot be left out by name,"
        + " so it is read as data already without them (as alt convert --ignore-attributes " + String.join(",", ignoredOnLibSvm)
        + " writes it)");
  }

  /**
   * What to warn when data read whole is the model's training data (the same bytes by SHA-256 as a training file the
   * model records, first or continued), else null: scores on it measure how well the model fits its training data, not
   * how well it generalizes, as {@code alt evaluate} says of a test file that is its training file.
   *
   * @param data the digest of the data read, or null when it was not hashed
   */
  public String trainingData(org.altml.sparse.data.InputDigest data) {
    if (data == null) {
      return null;
    }
    for (Map.Entry<String, String> e : model.provenance().entrySet()) {
      if ((e.getKey().equals("dataSha256") || e.getKey().endsWith(".dataSha256")) && e.getValue().equals(data.sha256())) {
        String file = model.provenance().get(e.getKey().substring(0, e.getKey().length() - "Sha256".length()));
        return dataName + " is the training data of the model " + modelName + " (the same content, SHA-256 "
            + data.sha256().substring(0, 12) + "...: " + (file != null ? file : "its training file") + "): the metrics measure"
            + " how well the model fits it, not how well it generalizes; give data it was not trained on";
      }
    }
    return null;
  }

  /**
   * What to warn, at the end of a stream, when most of its examples had features beyond the model's d but not so many
   * more that {@link #features} refused them (LIBSVM declares no d, so each example is all there is to see): a model
   * of yeast (103 features) scored scene's data (294) with no word. Ordinary test data uses a feature the training
   * data did not in a few examples, data of another kind in most. Null when there is nothing to say, or the new
   * features were allowed.
   *
   * @param applied whether the model is applied to the data (predict, test: it has no weights for the new features),
   *     else trained on (train --from: it learns them)
   */
  public String featuresBeyond(boolean applied) {
    if (allowNewFeatures || warned) {
      return null;
    }
    return DataFit.mostFeaturesBeyond(dataName, "examples", streamed, beyond, widest, model.numFeatures(), modelName, applied);
  }

  /** The data file as messages name it. */
  public String dataName() {
    return dataName;
  }

  /**
   * Checks one example's label ids (a LIBSVM stream declares no label count).
   *
   * @param example the example's 1-based position, for the message when its line is not known
   * @param line the example's 1-based line in the data file, or 0 when not known
   */
  public void label(int maxLabel, long example, long line) {
    int modelLabels = model.learner().numLabels();
    if (maxLabel >= modelLabels) {
      String where = line > 0 ? dataName + ":" + line + ": label " : dataName + ": example " + example + " has label ";
      throw new IllegalArgumentException(where + maxLabel + ", but the model " + modelName + " has " + modelLabels
          + " labels (0 to " + (modelLabels - 1) + "); " + DataFit.labelsFix(model, maxLabel, DataFit.OTHER_DATA));
    }
  }

  /**
   * Checks the number of features of the data: declared (an ARFF header, a dataset read whole), or, when
   * not {@code declared}, the largest index seen so far plus one.
   *
   * @throws IllegalArgumentException naming both files when the data has many more features than the model,
   *     unless new features are allowed (then one warning is printed, once)
   */
  public void features(long numFeatures, boolean declared) {
    features(numFeatures, declared, 0);
  }

  /**
   * {@link #features(long, boolean)} for one example of a stream, read from line {@code line} of the data (0: not
   * known), which the messages then name.
   */
  public void features(long numFeatures, boolean declared, long line) {
    if (!declared) {
      streamed++;
      if (model.numFeatures() > 0 && numFeatures > model.numFeatures()) {
        beyond++;
        widest = Math.max(widest, numFeatures);
      }
    }
    String data = line > 0 ? dataName + ":" + line + ": the example" : dataName;
    if (!ignoredOnLibSvm.isEmpty()) { // per example of a LIBSVM stream: nothing more without an ignore list
      int d = model.numFeatures();
      if (d > 0 && numFeatures > d) {
        String list = String.join(",", ignoredOnLibSvm);
        throw new IllegalArgumentException(data + " has " + (declared ? numFeatures + " features" : "features up to "
            + numFeatures) + ", more than the " + d + " the model " + modelName + " was trained on without the ARFF"
            + " attributes " + list + ": it still has them, and every feature after them would be shifted; give the ARFF"
            + " file, or write the data without them (alt convert --ignore-attributes " + list + " IN OUT)");
      }
      if (numFeatures > 0) {
        warnIgnored();
      }
    }
    String what = warned ? null : DataFit.newFeatures(model, modelName, data, numFeatures, declared);
    if (what == null) {
      return;
    }
    if (!allowNewFeatures) {
      throw new IllegalArgumentException(what + ": " + DataFit.OTHER_DATA + " (if the new features are meant,"
          + " give " + ALLOW + "; " + NEW_FEATURES + ")");
    }
    warned = true;
    progress.warn(what + "; " + NEW_FEATURES);
  }

  /**
   * Reads a model file ({@code -}: standard input). A model too large for the heap is refused naming the
   * file, without the library's hint about data files (the sizes come from the model file).
   */
  public static SavedModel read(Path file) throws IOException {
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
  public static SavedModel readToApply(Path modelFile, String scale, DataOptions options) throws IOException {
    SavedModel saved = read(modelFile);
    FeatureScaler scaler = saved.scaler();
    if (scale != null && ProtocolOptions.scaling(scale) != scaler.scaling()) {
      throw new IllegalArgumentException("--scale " + scale + " differs from the scaling of " + modelFile + " ("
          + scaler.scaling().cliName() + "): the model carries its scaling, leave --scale out");
    }
    ignoreAsTheModelDid(saved, modelFile, options);
    return saved;
  }

  /**
   * Applies the ARFF attributes the model was trained without to {@code options}: a model trained with
   * {@code --ignore-attributes protein} must see its data without protein too, or every feature after it
   * would shift by one. The user may repeat them, not change them.
   *
   * @throws IllegalArgumentException if {@code options} ignore other attributes than the model did
   */
  public static void ignoreAsTheModelDid(SavedModel model, Path modelFile, DataOptions options) {
    List<String> own = DataFit.ignoredAttributes(model);
    if (options.ignoreAttributes.isEmpty()) {
      options.ignoreAttributes = own;
      options.ignoreAttributesFromModel = !own.isEmpty();
    } else if (!options.ignoreAttributes.equals(own)) {
      throw new IllegalArgumentException("--ignore-attributes " + String.join(",", options.ignoreAttributes) + " differs"
          + " from the attributes the model " + DataFiles.displayName(modelFile) + " was trained without ("
          + (own.isEmpty() ? "none" : String.join(",", own)) + "): the model's are applied by themselves, leave the option"
          + " out");
    }
  }
}
