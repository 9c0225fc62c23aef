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

  private DataFit() {}

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
          + modelLabels + ": a model's labels are fixed when it is first trained");
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
