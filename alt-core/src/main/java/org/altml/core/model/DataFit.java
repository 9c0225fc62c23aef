package org.altml.core.model;

import java.util.List;

/**
 * Whether data fits a saved model: the checks every tool that applies a model to data runs (the command
 * line's {@code predict}, {@code test}, {@code train --from}, and the Flink scoring jobs), so that a model
 * of one dataset given another (emotions' model and scene's data: both have six labels) fails with a clear
 * message instead of giving silent nonsense. A model knows its L, its label names, d of its training data
 * and the ARFF attributes it was trained without.
 *
 * <ul>
 *   <li>More labels than the model: an error (a model's labels are fixed when it is first trained).
 *   <li>Label names (when both the data and the model have them: ARFF with its XML, not LIBSVM's label
 *       ids) that differ from the model's, position by position: an error naming both.
 *   <li>Many more features than the model was trained on, d' &gt;= 2d + {@value #FEATURE_SLACK}: what
 *       {@link #newFeatures} describes; the caller decides whether that is an error or a warning. A model
 *       of unknown d (0) is not checked.
 *   <li>Feature names (ARFF attributes) other than those the model was trained on ({@link #checkFeatureNames}): an
 *       error (another dataset, or its attributes in another order).
 *   <li>ARFF attributes the model was trained without ({@link #ignoredAttributes}): its data must be read
 *       without them too, or every feature after them would shift.
 *   <li>A shape the data declares (an ARFF header with its label file, a label count given by the user) that
 *       differs from the model's in another way ({@link #shapeMisfit}): fewer labels, fewer features, more features
 *       than a model of declared d, label names where the model's labels have none or the other way round. The
 *       user may accept it ({@link Misfit#allowance}); data that declares nothing (LIBSVM, which merely uses the
 *       feature and label ids it has) is not checked here.
 * </ul>
 */
public final class DataFit {
  /** Features beyond twice the model's d that are still taken as the same kind of data. */
  public static final int FEATURE_SLACK = 100;

  /** What a message about data that does not fit a model asks last. */
  public static final String OTHER_DATA = "was the model trained on other data?";

  /** The provenance key under which a trained model records the ARFF attributes it ignored (comma separated). */
  public static final String IGNORED_ATTRIBUTES = "ignoreAttributes";
  /**
   * The provenance key of the first index of the LIBSVM training data's features ("0" or "1"; absent for ARFF
   * data and older models): a file read with the other base has every feature shifted by one.
   */
  public static final String FEATURE_INDEX_BASE = "featureIndexBase";
  /**
   * The provenance key of the SHA-256 of the training data's d feature names ({@link #featureNamesDigest}; absent
   * for unnamed features, LIBSVM, and older models): ARFF data of another attribute order has other names.
   */
  public static final String FEATURE_NAMES_SHA256 = "featureNamesSha256";

  /**
   * The provenance key saying that the model's L was inferred from the largest label id of its LIBSVM training data
   * ({@code "true"}; {@code "false"} when the user gave L; absent for ARFF data, which declares it, and older models).
   */
  public static final String NUM_LABELS_INFERRED = "numLabelsInferred";

  /** How a user accepts data that declares other labels or fewer features than the model ({@link #shapeMisfit}). */
  public static final String ALLOW_SHAPE_MISMATCH = "--allow-shape-mismatch";
  /** How a user accepts data with more features than the model was trained on. */
  public static final String ALLOW_NEW_FEATURES = "--allow-new-features";

  private DataFit() {}

  /**
   * A difference between the shape data declares and a model's, which the user may accept.
   *
   * @param problem what differs, naming the data and the model
   * @param newFeatures whether the data has more features than the model ({@value #ALLOW_NEW_FEATURES} accepts
   *     it), else another shape ({@value #ALLOW_SHAPE_MISMATCH})
   */
  public record Misfit(String problem, boolean newFeatures) {
    /** The option that accepts this misfit. */
    public String allowance() {
      return newFeatures ? ALLOW_NEW_FEATURES : ALLOW_SHAPE_MISMATCH;
    }

    /** The message of refusing it: the problem, the question, and the option that accepts it. */
    public String refusal() {
      return problem + "; " + OTHER_DATA + " (if this data is meant, give " + allowance() + ")";
    }
  }

  /**
   * What a user accepts of data whose declared shape differs from the model's ({@link Misfit}); serializable, for jobs
   * that ship it to their tasks.
   *
   * @param shapeMismatch fewer labels or features, label names against label ids ({@value #ALLOW_SHAPE_MISMATCH})
   * @param newFeatures more features ({@value #ALLOW_NEW_FEATURES})
   */
  public record Allowed(boolean shapeMismatch, boolean newFeatures) implements java.io.Serializable {
    /** Nothing accepted: every misfit is an error. */
    public static final Allowed NOTHING = new Allowed(false, false);

    /** Whether {@code misfit} is accepted. */
    public boolean accepts(Misfit misfit) {
      return misfit.newFeatures() ? newFeatures : shapeMismatch;
    }
  }

  /**
   * {@link #shapeMisfit}, refused unless {@code allowed} accepts it.
   *
   * @return the accepted misfit (to warn of), or null when the shape fits
   * @throws IllegalArgumentException with {@link Misfit#refusal} when it is not accepted
   */
  public static Misfit checkShape(SavedModel model, String modelName, String dataName, int numLabels, List<String> labelNames,
      long numFeatures, Allowed allowed) {
    Misfit misfit = shapeMisfit(model, modelName, dataName, numLabels, labelNames, numFeatures);
    if (misfit != null && !allowed.accepts(misfit)) {
      throw new IllegalArgumentException(misfit.refusal());
    }
    return misfit;
  }

  /**
   * Compares the shape data declares with the model's: what a user must accept explicitly ({@link Misfit}), or null
   * when it fits. More labels than the model and other label names ({@link #checkLabels}) and other feature names
   * ({@link #checkFeatureNames}) are errors checked there, never accepted. In order:
   *
   * <ul>
   *   <li>fewer labels than the model's L: the model would predict label ids the data does not have;
   *   <li>label names where the model's labels are ids only (it was trained on LIBSVM data, or on ARFF data whose
   *       labels are named 0, 1, ...), or ids only where the model's have names: nothing says they are the same;
   *   <li>fewer features than the model's d: the model has weights for features the data says it does not have;
   *   <li>more features than the model's d when that d was declared too (the model was trained on ARFF data), or
   *       many more ({@link #manyMoreFeatures}) when the model's d is only the largest feature id it saw.
   * </ul>
   *
   * @param numLabels the L the data declares (an ARFF header, a label file, a label count the user gave), or -1
   * @param labelNames the label names the data declares (ARFF), or null
   * @param numFeatures the d the data declares (an ARFF header), or -1
   */
  public static Misfit shapeMisfit(SavedModel model, String modelName, String dataName, int numLabels, List<String> labelNames,
      long numFeatures) {
    int modelLabels = model.learner().numLabels();
    if (numLabels >= 0 && numLabels < modelLabels) {
      return new Misfit(dataName + " has " + numLabels + " labels, the model " + modelName + " " + modelLabels + ": it would"
          + " predict label ids up to " + (modelLabels - 1) + ", which the data does not have", false);
    }
    if (labelNames != null && !labelNames.isEmpty()) {
      boolean dataIds = isIndexNames(labelNames);
      boolean modelIds = !model.hasNamedLabels();
      // a model of no provenance (made in memory) may have lost its names: only a model file's ids are the model's own
      boolean modelKnown = !modelIds || !model.provenance().isEmpty();
      if (dataIds != modelIds && modelKnown) {
        return new Misfit(dataIds
            ? "the labels of " + dataName + " are named by their ids (" + sample(labelNames) + "), those of the model "
                + modelName + " have names (" + sample(model.labelNames()) + ")"
            : "the labels of " + dataName + " have names (" + sample(labelNames) + "), those of the model " + modelName
                + " are ids only (" + sample(model.labelNames()) + ": it was trained on LIBSVM data or on labels so named):"
                + " nothing says label id 0 is '" + labelNames.get(0) + "'", false);
      }
    }
    int d = model.numFeatures();
    if (numFeatures < 0 || d == 0) {
      return null;
    }
    if (numFeatures < d) {
      return new Misfit(dataName + " has " + numFeatures + " features, fewer than the " + d + " the model " + modelName
          + " was trained on", false);
    }
    boolean declaredD = model.provenance().containsKey(FEATURE_NAMES_SHA256);
    if (numFeatures > d && (declaredD || manyMoreFeatures(numFeatures, d))) {
      return new Misfit(dataName + " has " + numFeatures + " features, the model " + modelName + " was trained on " + d, true);
    }
    return null;
  }

  /**
   * The end of a message about a label beyond the model's L: when that L was inferred from the largest label id of its
   * LIBSVM training data ({@link #NUM_LABELS_INFERRED}), that and the fix, else {@code otherwise}.
   *
   * @param label the label id that does not fit
   */
  public static String labelsFix(SavedModel model, int label, String otherwise) {
    return labelsFix(model, label, otherwise, "");
  }

  /** {@link #labelsFix(SavedModel, int, String)} with {@code prefix} before the fix (not before {@code otherwise}). */
  private static String labelsFix(SavedModel model, int label, String otherwise, String prefix) {
    if (!"true".equals(model.provenance().get(NUM_LABELS_INFERRED))) {
      return otherwise;
    }
    String data = model.provenance().get("data");
    return prefix + "its L = " + model.learner().numLabels() + " was inferred from the largest label id in its training data"
        + (data != null ? " " + data : "") + ": train it with --num-labels L (at least " + (label + 1) + ") if that data has"
        + " more labels, or " + OTHER_DATA.replace("was the model", "was it");
  }

  /**
   * The SHA-256 (hex) of the first {@code count} of {@code names}, each as its UTF-8 length and bytes, for {@link
   * #FEATURE_NAMES_SHA256}; null when there are fewer names (unnamed features: none).
   */
  public static String featureNamesDigest(List<String> names, int count) {
    if (names.size() < count || count <= 0) {
      return null;
    }
    java.security.MessageDigest sha = org.altml.sparse.Sha256.digest();
    for (int i = 0; i < count; i++) {
      byte[] b = names.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      sha.update(java.nio.ByteBuffer.allocate(4).putInt(b.length).array());
      sha.update(b);
    }
    return org.altml.sparse.Sha256.hex(sha);
  }

  /**
   * Checks the feature names of data (empty: unnamed) against those {@code model} was trained on ({@link
   * #FEATURE_NAMES_SHA256}): the data's first d names must be the model's. Nothing is checked when either has no
   * names, or the data has fewer than d.
   *
   * @throws IllegalArgumentException naming both when they differ
   */
  public static void checkFeatureNames(SavedModel model, String modelName, String dataName, List<String> names) {
    String recorded = model.provenance().get(FEATURE_NAMES_SHA256);
    String digest = recorded == null ? null : featureNamesDigest(names, model.numFeatures());
    if (digest != null && !digest.equals(recorded)) {
      throw new IllegalArgumentException("the features of " + dataName + " are not those the model " + modelName + " was trained"
          + " on: the names of its first " + model.numFeatures() + " attributes differ (another data set, or its attributes in"
          + " another order); " + OTHER_DATA);
    }
  }

  /**
   * Checks data of {@code numLabels} labels named {@code names} (null: the data has no names) against
   * {@code model}.
   *
   * @param modelName the model file as messages name it
   * @param dataName the data file as messages name it
   * @throws IllegalArgumentException naming both when they do not match
   */
  public static void checkLabels(SavedModel model, String modelName, String dataName, int numLabels, List<String> names) {
    int modelLabels = model.learner().numLabels();
    if (numLabels > modelLabels) {
      throw new IllegalArgumentException(dataName + " has " + numLabels + " labels but the model " + modelName + " has "
          + modelLabels + ": a model's labels are fixed when it is first trained" + labelsFix(model, numLabels - 1, "", "; "));
    }
    checkLabelNames(model.labelNames(), "the model " + modelName, dataName, names, OTHER_DATA);
  }

  /**
   * Checks label names position by position against {@code own} (those of a model, or of training data, as {@code
   * ownName} says: "the model m.model", "the training data t.arff"). Nothing is checked when either side has no
   * names (null, or the label ids "0", "1", ...: LIBSVM), and only the positions both have.
   *
   * @param question what the message asks the user last
   * @throws IllegalArgumentException naming both when a name differs
   */
  public static void checkLabelNames(List<String> own, String ownName, String dataName, List<String> names, String question) {
    if (names == null || own == null || isIndexNames(names) || isIndexNames(own)) {
      return;
    }
    for (int i = 0; i < Math.min(names.size(), own.size()); i++) {
      if (!names.get(i).equals(own.get(i))) {
        throw new IllegalArgumentException("the labels of " + dataName + " (" + sample(names) + ") are not those of " + ownName
            + " (" + sample(own) + "): label id " + i + " is '" + names.get(i) + "', not '" + own.get(i) + "'; " + question);
      }
    }
  }

  /**
   * Whether data of {@code numFeatures} features (declared, or the largest index seen plus one) has many more
   * than {@code model} was trained on: then what to say about it, else null.
   *
   * @param declared whether {@code numFeatures} is declared (an ARFF header) rather than an index seen
   */
  public static String newFeatures(SavedModel model, String modelName, String dataName, long numFeatures, boolean declared) {
    int d = model.numFeatures();
    if (!manyMoreFeatures(numFeatures, d)) {
      return null;
    }
    return dataName + " has " + (declared ? numFeatures + " features" : "features up to " + numFeatures) + ", the model "
        + modelName + " was trained on " + d;
  }

  /**
   * Whether {@code numFeatures} are many more than the {@code d} of known data, d' &gt;= 2d + {@value #FEATURE_SLACK}: most
   * likely other data. Never when d is unknown (0).
   */
  public static boolean manyMoreFeatures(long numFeatures, int d) {
    return d > 0 && numFeatures >= 2L * d + FEATURE_SLACK;
  }

  /** The ARFF attributes {@code model} was trained without, in the order given to the trainer (empty: none). */
  public static List<String> ignoredAttributes(SavedModel model) {
    String recorded = model.provenance().getOrDefault(IGNORED_ATTRIBUTES, "");
    return recorded.isEmpty() ? List.of() : List.of(recorded.split(","));
  }

  /** Whether {@code names} are "0", "1", ...: the names of data whose labels have none (LIBSVM). */
  public static boolean isIndexNames(List<String> names) {
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
