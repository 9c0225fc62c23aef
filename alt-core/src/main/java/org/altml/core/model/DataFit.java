package org.altml.core.model;

import java.util.List;
import org.altml.core.eval.ShapeFit;
import org.altml.core.eval.ShapeFit.Allowed;
import org.altml.core.eval.ShapeFit.Misfit;
import org.altml.core.eval.ShapeFit.Shape;
import org.altml.sparse.data.Dataset;

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
 *
 * <p>Training and test data given together (a train-then-test run) are checked by the same rule, the training data
 * standing where the model stands ({@link ShapeFit}: the types {@link Misfit}, {@link Allowed} and {@link Shape} are its).
 */
public final class DataFit {
  /** Features beyond twice the model's d that are still taken as the same kind of data ({@link ShapeFit#FEATURE_SLACK}). */
  public static final int FEATURE_SLACK = ShapeFit.FEATURE_SLACK;

  /**
   * Why LIBSVM data {@code dataName} read with {@code zeroBased} indices may not be the model's: its training data was
   * read with the other first feature index ({@link #FEATURE_INDEX_BASE}), so unless the files differ in that way every
   * feature is shifted by one, which no other check can see; null when the bases agree or the model does not say.
   */
  public static String indexBaseMismatch(SavedModel model, String modelName, String dataName, boolean zeroBased) {
    String trained = model.provenance().get(FEATURE_INDEX_BASE);
    String read = zeroBased ? "0" : "1";
    if (trained == null || trained.equals(read)) {
      return null;
    }
    return dataName + " is read with " + read + "-based feature indices, the model " + modelName + " was trained on"
        + " data read with " + trained + "-based ones" + (trained.equals("0") ? " (--zero-based)" : "") + ": unless the"
        + " files differ in that way, every feature is shifted by one; " + (zeroBased ? "leave --zero-based out" : "give"
        + " --zero-based");
  }

  /** What features a model never saw do to its scores (messages about data with features beyond a model's d). */
  public static final String NEW_FEATURES = "a linear model has no weights for features it never saw, while a kernel, ELM or"
      + " feature-map model's scores see them";

  /**
   * What to say when most of the {@code seen} items of {@code dataName} (LIBSVM examples or records, which declare no d)
   * used features beyond the model's d = {@code d}, {@code beyond} of them up to feature {@code widest}, though not so
   * many more that they were refused ({@link #manyMoreFeatures}): data of another kind (a yeast model, d = 103, scored
   * scene's 294 features without a word), where ordinary test data uses a feature the training data did not in a few.
   * Null when at most half did.
   *
   * @param unit what the items are called ("examples", "records")
   * @param applied whether the model is applied to the data (it has no weights for the new features), else trained on
   */
  public static String mostFeaturesBeyond(String dataName, String unit, long seen, long beyond, long widest, long d,
      String modelName, boolean applied) {
    if (beyond == 0 || 2 * beyond <= seen) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "%,d of the %,d %s of %s have features beyond the %,d the model %s was"
        + " trained on (up to %,d)%s; %s (if the new features are meant, give %s to silence this)", beyond, seen, unit,
        dataName, d, modelName, widest, applied ? ": " + NEW_FEATURES : "", OTHER_DATA, ALLOW_NEW_FEATURES);
  }

  /** What a message about data that does not fit a model asks last ({@link ShapeFit#OTHER_DATA}). */
  public static final String OTHER_DATA = ShapeFit.OTHER_DATA;

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
  public static final String ALLOW_SHAPE_MISMATCH = ShapeFit.ALLOW_SHAPE_MISMATCH;
  /** How a user accepts data with more features than the model was trained on. */
  public static final String ALLOW_NEW_FEATURES = ShapeFit.ALLOW_NEW_FEATURES;

  private DataFit() {}

  /** What a message about test data that does not fit the training data given with it asks last. */
  public static final String SAME_DATA = ShapeFit.SAME_DATA;

  /** The shape of {@code model}, read from the file messages name {@code modelName}, to check data against. */
  public static Shape shape(SavedModel model, String modelName) {
    return new Shape("the model " + modelName, true, model.learner().numLabels(), model.labelNames(),
        model.hasNamedLabels() || !model.provenance().isEmpty(), model.numFeatures(),
        model.provenance().containsKey(FEATURE_NAMES_SHA256));
  }

  /** {@link ShapeFit#declaresShape}. */
  public static boolean declaresShape(Dataset data) {
    return ShapeFit.declaresShape(data);
  }

  /** {@link ShapeFit#shapeMisfits}: the rule of {@link #shapeMisfit} against any shape. */
  public static List<Misfit> shapeMisfits(Shape own, String dataName, int numLabels, List<String> labelNames,
      long numFeatures, String question) {
    return ShapeFit.shapeMisfits(own, dataName, numLabels, labelNames, numFeatures, question);
  }

  /** {@link ShapeFit#testMisfits}: test data given with training data, the training data standing where a model stands. */
  public static List<Misfit> testMisfits(Shape train, Shape test) {
    return ShapeFit.testMisfits(train, test);
  }

  /** {@link ShapeFit#manyMoreFeatures}. */
  public static boolean manyMoreFeatures(long numFeatures, long d) {
    return ShapeFit.manyMoreFeatures(numFeatures, d);
  }

  /** {@link ShapeFit#isIndexNames}. */
  public static boolean isIndexNames(List<String> names) {
    return ShapeFit.isIndexNames(names);
  }

  /**
   * Every misfit of {@link #shapeMisfits} against the model, each refused unless {@code allowed} accepts it: one option
   * accepts only its own kind, so data with fewer labels and more features needs both.
   *
   * @return the accepted misfits (to warn of), empty when the shape fits
   * @throws IllegalArgumentException with the first {@link Misfit#refusal} that is not accepted
   */
  public static List<Misfit> checkShape(SavedModel model, String modelName, String dataName, int numLabels,
      List<String> labelNames, long numFeatures, Allowed allowed) {
    return allowed.acceptAll(shapeMisfits(shape(model, modelName), dataName, numLabels, labelNames, numFeatures,
        OTHER_DATA), Misfit::refusal);
  }

  /**
   * Every check of this class for a library user about to apply {@code model} to {@code data} (read whole): what
   * {@code alt predict} checks, in one call. Refused, each an {@link IllegalArgumentException} naming both: more labels
   * than the model's L or other label names ({@link #checkLabels}); data still holding an ARFF attribute the model was
   * trained without ({@link #ignoredAttributes}: read it with {@code ReadOptions.withIgnoredAttributes}); other feature
   * names ({@link #checkFeatureNames}); and, unless {@code allowed} accepts it, a declared shape other than the model's
   * ({@link #shapeMisfits}: ARFF data of fewer labels or features, label names against ids) or, for LIBSVM data, which
   * declares nothing, many more features than the model's d ({@link #manyMoreFeatures}). LIBSVM data that merely uses
   * fewer label or feature ids than the model fits.
   *
   * @param modelName how messages name the model (its file, say)
   * @return the misfits {@code allowed} accepted (to warn of), empty when the data fits
   * @throws IllegalArgumentException naming the data ({@link Dataset#name()}), the model and the problem; for a misfit
   *     that may be accepted, also the {@link Allowed} that accepts it
   */
  public static List<Misfit> check(SavedModel model, String modelName, Dataset data, Allowed allowed) {
    String dataName = data.name();
    checkLabels(model, modelName, dataName, data.numLabels(), data.labelNames());
    List<String> ignored = ignoredAttributes(model);
    for (String attribute : ignored) {
      if (data.featureNames().contains(attribute)) {
        throw new IllegalArgumentException(dataName + " has the attribute " + attribute + ", which the model " + modelName
            + " was trained without: read the data without it too, ReadOptions.defaults().withIgnoredAttributes(\""
            + String.join("\", \"", ignored) + "\"), or every feature after it is shifted");
      }
    }
    checkFeatureNames(model, modelName, dataName, data.featureNames());
    List<Misfit> misfits = new java.util.ArrayList<>();
    if (declaresShape(data)) {
      misfits.addAll(shapeMisfits(shape(model, modelName), dataName, data.numLabels(), data.labelNames(),
          data.numFeatures(), OTHER_DATA));
    } else {
      String more = newFeatures(model, modelName, dataName, data.numFeatures(), false);
      if (more != null) {
        misfits.add(new Misfit(more, true));
      }
    }
    return allowed.acceptAll(misfits, misfit -> misfit.problem() + "; " + misfit.question() + " (if this data is meant,"
        + " accept it with new ShapeFit.Allowed(" + !misfit.newFeatures() + ", " + misfit.newFeatures() + ")"
        + (misfit.newFeatures() ? ": a linear model has no weights for features it never saw" : "") + ")");
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
    List<Misfit> misfits = shapeMisfits(shape(model, modelName), dataName, numLabels, labelNames, numFeatures, OTHER_DATA);
    return misfits.isEmpty() ? null : misfits.get(0);
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
        throw new IllegalArgumentException("the labels of " + dataName + " (" + ShapeFit.sample(names) + ") are not those of " + ownName
            + " (" + ShapeFit.sample(own) + "): label id " + i + " is '" + names.get(i) + "', not '" + own.get(i) + "'; " + question);
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

  /** The ARFF attributes {@code model} was trained without, in the order given to the trainer (empty: none). */
  public static List<String> ignoredAttributes(SavedModel model) {
    String recorded = model.provenance().getOrDefault(IGNORED_ATTRIBUTES, "");
    return recorded.isEmpty() ? List.of() : List.of(recorded.split(","));
  }
}
