package org.altml.core.model;

import java.util.List;
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
 * standing where the model stands ({@link Shape}, {@link #testMisfits}).
 */
public final class DataFit {
  /** Features beyond twice the model's d that are still taken as the same kind of data. */
  public static final int FEATURE_SLACK = 100;

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
   * A difference between the shape data declares and a model's (or, in a train-then-test run, the training data's),
   * which the user may accept.
   *
   * @param problem what differs, naming the data and the model
   * @param newFeatures whether the data has more features than the model ({@value #ALLOW_NEW_FEATURES} accepts
   *     it), else another shape ({@value #ALLOW_SHAPE_MISMATCH})
   * @param question what a refusal asks last ({@link #OTHER_DATA}, or {@link #SAME_DATA} of a training and a test set)
   */
  public record Misfit(String problem, boolean newFeatures, String question) {
    /** A misfit of data and a model: its refusal asks {@value #OTHER_DATA}. */
    public Misfit(String problem, boolean newFeatures) {
      this(problem, newFeatures, OTHER_DATA);
    }

    /** The option that accepts this misfit. */
    public String allowance() {
      return newFeatures ? ALLOW_NEW_FEATURES : ALLOW_SHAPE_MISMATCH;
    }

    /** The message of refusing it: the problem, the question, and the option that accepts it. */
    public String refusal() {
      return problem + "; " + question + " (if this data is meant, give " + allowance() + ")";
    }
  }

  /**
   * What a user accepts of data whose declared shape differs from the model's or the training data's ({@link Misfit});
   * serializable, for jobs that ship it to their tasks.
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

    /**
     * {@code misfits} when every one is accepted (to warn of), else the {@code refusal} of the first that is not: all
     * are checked before any is warned of, so a run that fails says only why.
     *
     * @throws IllegalArgumentException with {@code refusal}'s message for the first misfit not accepted
     */
    public List<Misfit> acceptAll(List<Misfit> misfits, java.util.function.Function<Misfit, String> refusal) {
      for (Misfit misfit : misfits) {
        if (!accepts(misfit)) {
          throw new IllegalArgumentException(refusal.apply(misfit));
        }
      }
      return misfits;
    }
  }

  /** What a message about test data that does not fit the training data given with it asks last. */
  public static final String SAME_DATA = "are they the same data set?";

  /**
   * The shape data is checked against: a saved model's ({@link #of(SavedModel, String)}), or in a train-then-test run
   * the training data's ({@link #of(Dataset, String)}), which stands where a model stands. A test set has one too, for
   * {@link #testMisfits}.
   *
   * @param name how messages name it ("the model m.model", "the training data t.arff")
   * @param model whether it is a saved model's (else data's)
   * @param numLabels L
   * @param labelNames the label names, the ids "0", "1", ... when there are none (null: data that declares none, checked
   *     against another shape, as a LIBSVM test file)
   * @param idsKnown whether label ids without names are known to be its own (a model made in memory may have lost its
   *     names)
   * @param numFeatures d (0 or -1: not known)
   * @param declared whether d and L were declared (an ARFF header, a model of ARFF data) rather than the largest feature
   *     and label ids seen (LIBSVM)
   */
  public record Shape(String name, boolean model, int numLabels, List<String> labelNames, boolean idsKnown, long numFeatures,
      boolean declared) {
    /** The shape of {@code model}, read from the file messages name {@code modelName}. */
    public static Shape of(SavedModel model, String modelName) {
      return new Shape("the model " + modelName, true, model.learner().numLabels(), model.labelNames(),
          model.hasNamedLabels() || !model.provenance().isEmpty(), model.numFeatures(),
          model.provenance().containsKey(FEATURE_NAMES_SHA256));
    }

    /** The shape of {@code data}, named {@code name} in messages: declared when it was read from ARFF ({@link #declaresShape}). */
    public static Shape of(Dataset data, String name) {
      return new Shape(name, false, data.numLabels(), data.labelNames(), true, data.numFeatures(), declaresShape(data));
    }

    /** What would predict label ids beyond the data's: "it" (the model), or a model of the training data. */
    private String predictor() {
      return model ? "it" : "a model of it";
    }

    /** Why its labels are ids only. */
    private String idsOnly() {
      return model ? "it was trained on LIBSVM data or on labels so named" : "LIBSVM data, or labels so named";
    }

    /** Its d, as "the 10 the model m was trained on" says it. */
    private String features() {
      return model ? "the " + numFeatures + " " + name + " was trained on" : "the " + numFeatures + " of " + name;
    }

    /** Its d after the data's, as "the model m was trained on 10" says it. */
    private String hasFeatures() {
      return name + (model ? " was trained on " : " has ") + numFeatures;
    }
  }

  /**
   * Whether {@code data} declares its shape: it was read from ARFF, whose attributes name its features (LIBSVM's have no
   * names), or, with no feature at all (labels only, or every feature ignored), name its labels otherwise than LIBSVM's
   * label ids 0, 1, ....
   */
  public static boolean declaresShape(Dataset data) {
    if (!data.featureNames().isEmpty()) {
      return true;
    }
    return data.numFeatures() == 0 && !isIndexNames(data.labelNames());
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
    return allowed.acceptAll(shapeMisfits(Shape.of(model, modelName), dataName, numLabels, labelNames, numFeatures,
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
      misfits.addAll(shapeMisfits(Shape.of(model, modelName), dataName, data.numLabels(), data.labelNames(),
          data.numFeatures(), OTHER_DATA));
    } else {
      String more = newFeatures(model, modelName, dataName, data.numFeatures(), false);
      if (more != null) {
        misfits.add(new Misfit(more, true));
      }
    }
    return allowed.acceptAll(misfits, misfit -> misfit.problem() + "; " + misfit.question() + " (if this data is meant,"
        + " accept it with new DataFit.Allowed(" + !misfit.newFeatures() + ", " + misfit.newFeatures() + ")"
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
    List<Misfit> misfits = shapeMisfits(Shape.of(model, modelName), dataName, numLabels, labelNames, numFeatures, OTHER_DATA);
    return misfits.isEmpty() ? null : misfits.get(0);
  }

  /**
   * Every way the shape data declares differs from {@code own}'s, by the rule of {@link #shapeMisfit}, in its order (at
   * most one about labels, one about their names and one about features); empty when it fits.
   *
   * @param question what a refusal asks last
   */
  public static List<Misfit> shapeMisfits(Shape own, String dataName, int numLabels, List<String> labelNames,
      long numFeatures, String question) {
    List<Misfit> misfits = new java.util.ArrayList<>();
    int ownLabels = own.numLabels();
    if (numLabels >= 0 && numLabels < ownLabels) {
      misfits.add(new Misfit(dataName + " has " + numLabels + " labels, " + own.name() + " " + ownLabels + ": "
          + own.predictor() + " would predict label ids up to " + (ownLabels - 1) + ", which the data does not have", false,
          question));
    }
    if (labelNames != null && !labelNames.isEmpty()) {
      boolean dataIds = isIndexNames(labelNames);
      boolean ownIds = isIndexNames(own.labelNames());
      // a model of no provenance (made in memory) may have lost its names: only a model file's ids are the model's own
      boolean ownKnown = !ownIds || own.idsKnown();
      if (dataIds != ownIds && ownKnown) {
        misfits.add(new Misfit(dataIds
            ? "the labels of " + dataName + " are named by their ids (" + sample(labelNames) + "), those of " + own.name()
                + " have names (" + sample(own.labelNames()) + ")"
            : "the labels of " + dataName + " have names (" + sample(labelNames) + "), those of " + own.name()
                + " are ids only (" + (own.labelNames().isEmpty() ? "" : sample(own.labelNames()) + ": ") + own.idsOnly() + "):"
                + " nothing says label id 0 is '" + labelNames.get(0) + "'", false, question));
      }
    }
    long d = own.numFeatures();
    if (numFeatures < 0 || d <= 0) {
      return misfits;
    }
    if (numFeatures < d) {
      misfits.add(new Misfit(dataName + " has " + numFeatures + " features, fewer than " + own.features(), false, question));
    } else if (numFeatures > d && (own.declared() || manyMoreFeatures(numFeatures, d))) {
      misfits.add(new Misfit(dataName + " has " + numFeatures + " features, " + own.hasFeatures(), true, question));
    }
    return misfits;
  }

  /**
   * Every way test data given with training data (a train-then-test run: the model is the training data) does not fit it,
   * by {@link #shapeMisfit}'s rule in both directions, each a misfit the user may accept; empty when they fit. The side
   * that declares its shape (ARFF: its header and label file) is checked against what the other declares, or against the
   * label and feature ids the other uses beyond it; data that declares nothing on either side (LIBSVM and LIBSVM) fits
   * (L is then the larger, d the larger).
   *
   * <ul>
   *   <li>both declared: the test set's L and d must be the training set's (fewer or more: a misfit; more features
   *       {@link Misfit#newFeatures}), and label names against label ids are a misfit both ways;
   *   <li>the training set declared, the test set not: label ids at or beyond its L, feature ids beyond its d ({@link
   *       Misfit#newFeatures});
   *   <li>the test set declared, the training set not: {@link #shapeMisfits} against the L and d the training set uses
   *       (a test set declaring fewer labels or features, label names where the training labels are ids, many more
   *       features).
   * </ul>
   */
  public static List<Misfit> testMisfits(Shape train, Shape test) {
    if (test.declared()) {
      List<Misfit> misfits = shapeMisfits(train, test.name(), test.numLabels(), test.labelNames(), test.numFeatures(),
          SAME_DATA);
      if (train.declared() && test.numLabels() > train.numLabels()) {
        misfits.add(0, new Misfit(test.name() + " has " + test.numLabels() + " labels, " + train.name() + " "
            + train.numLabels() + ": a model of it learns no label id from " + train.numLabels() + " on", false, SAME_DATA));
      }
      return misfits;
    }
    List<Misfit> misfits = new java.util.ArrayList<>();
    if (!train.declared()) {
      return misfits;
    }
    if (test.numLabels() > train.numLabels()) {
      misfits.add(new Misfit(test.name() + " has label ids up to " + (test.numLabels() - 1) + ", " + train.name()
          + " declares " + train.numLabels() + " labels (0 to " + (train.numLabels() - 1) + ")", false, SAME_DATA));
    }
    if (train.numFeatures() >= 0 && test.numFeatures() > train.numFeatures()) {
      misfits.add(new Misfit(test.name() + " has features up to " + test.numFeatures() + ", " + train.name() + " declares "
          + train.numFeatures(), true, SAME_DATA));
    }
    return misfits;
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
  public static boolean manyMoreFeatures(long numFeatures, long d) {
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
