package org.altml.python;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.open.FeatureDictionary;
import org.altml.sparse.open.FeatureHashing;
import org.altml.sparse.open.FeatureVocabulary;
import org.altml.sparse.open.LabelVocabulary;
import org.altml.sparse.open.NumericFeatures;
import org.altml.sparse.open.OpenRecord;
import org.altml.sparse.open.Vocabulary;

/**
 * The open stream of a {@link PyLearner} made without L (Python's {@code learn_one} without {@code n_labels}): labels
 * and features grow as examples bring them (docs/spec.md#open-labels, #open-features), through the vocabulary a model
 * file stores, so that {@code alt inspect}, {@code alt predict} and {@code alt train --from} read a model Python saved
 * and Python continues one the command line trained. Each round is {@link OpenRounds}'s: a prediction scores the labels
 * known before the example, learning grows the learner to the example's labels and then updates it.
 *
 * <p>Labels come as vocabulary ids (Python maps the labels it has seen) or as names with their kinds (a new label, or a
 * name Python has not mapped). Features come as int rows (a {@link NumericFeatures} vocabulary, LIBSVM's index = row + 1)
 * or as names (a {@link FeatureDictionary} or {@link FeatureHashing}); the first example with features decides which,
 * unless hashing was asked for. Errors name the call and the example, with Python's spelling of the options.
 */
final class PyOpen {
  /** The label bound without {@code max_labels} (the command line's default of {@code --max-labels}). */
  static final int DEFAULT_MAX_LABELS = 1_000_000;

  private static final Pattern OPTION = Pattern.compile("--([a-z]+(?:-[a-z]+)*)(?: ([A-Z]|[0-9]+)\\b)?");

  private final OpenRounds rounds;
  private final LabelVocabulary labels;
  private final int maxFeatures; // 0: not given
  private FeatureVocabulary features; // null until the first example with features
  private final OpenRecord record = new OpenRecord();
  private Scores scores = new Scores(0);
  private int[] predicted = new int[0];
  private String[] names = new String[16];
  private float[] values = new float[16];
  private static final String[] NO_LABELS = {};
  private static final boolean[] NO_KINDS = {};

  private PyOpen(OpenRounds rounds, LabelVocabulary labels, FeatureVocabulary features, int maxFeatures) {
    this.rounds = rounds;
    this.labels = labels;
    this.features = features;
    this.maxFeatures = maxFeatures;
  }

  /**
   * A new open learner of {@code settings} (docs/spec.md#open-kinds): without labels when its kind grows them, else with
   * {@code maxLabels} labels, its capacity; {@code maxLabels} (0: the default bound) bounds the labels, {@code hashBits}
   * (0: none) hashes feature names, {@code maxFeatures} (0: the defaults) bounds the dictionary or the int rows.
   *
   * @throws IllegalArgumentException for a kind of fixed output layer without {@code maxLabels}, or a bad bound
   */
  static PyOpen start(Settings settings, long learnerSeed, int maxLabels, int hashBits, int maxFeatures) {
    int threads = Runtime.getRuntime().availableProcessors();
    OnlineMultiLabelLearner learner;
    try {
      learner = LearnerRegistry.create(settings, new LearnerContext(0, 0, -1, learnerSeed).withThreads(threads));
    } catch (IllegalArgumentException e) {
      if (maxLabels <= 0) {
        throw new IllegalArgumentException("the " + settings.learner() + " learner's output layer is fixed by construction,"
            + " so it cannot start an open stream (a learner made without n_labels= or labels=, whose labels grow) on its"
            + " own: give max_labels=N, the most labels the stream may bring (labels not seen yet are then never"
            + " reported), or fix L with n_labels= (or labels=), or use a kind that grows its labels (falt, salt, pa1,"
            + " pa2, falt-k, ...)", e);
      }
      learner = LearnerRegistry.create(settings, new LearnerContext(maxLabels, 0, -1, learnerSeed).withThreads(threads));
    }
    FeatureVocabulary features = hashBits > 0 ? new FeatureHashing(hashBits) : null;
    if (hashBits > 0) {
      OpenRounds.reserveFeatureRows(learner, 1 << hashBits);
    }
    return new PyOpen(new OpenRounds(learner, 0), new LabelVocabulary(maxLabels > 0 ? maxLabels : DEFAULT_MAX_LABELS),
        features, maxFeatures);
  }

  /** The open stream of a saved open model, to continue it exactly as one uninterrupted run. */
  static PyOpen of(OnlineMultiLabelLearner learner, Vocabulary vocabulary) {
    FeatureVocabulary features = vocabulary.features();
    int bound = 0;
    if (features instanceof NumericFeatures f && f.numRows() == 0) { // saved before its first feature: not decided
      bound = f.maxFeatures() == Integer.MAX_VALUE ? 0 : f.maxFeatures();
      features = null;
    }
    return new PyOpen(new OpenRounds(learner, vocabulary.labels().size()), vocabulary.labels(), features, bound);
  }

  /** The learner. */
  OnlineMultiLabelLearner learner() {
    return rounds.learner();
  }

  /** L_t: the labels seen so far. */
  int known() {
    return rounds.known();
  }

  /** The labels' names in order of first appearance. */
  List<String> labelNames() {
    return List.copyOf(labels.names());
  }

  /** Whether each label, in order, is a numeric id (Python gave an int) rather than a name. */
  boolean[] labelNumeric() {
    boolean[] out = new boolean[labels.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = labels.isNumeric(i);
    }
    return out;
  }

  /**
   * The features' names by row (empty for int rows and before the first feature).
   *
   * @throws IllegalArgumentException for hashing, whose rows have no names
   */
  List<String> featureNames() {
    if (features instanceof FeatureHashing h) {
      try {
        h.featureName(0);
      } catch (IllegalStateException e) {
        throw new IllegalArgumentException("feature_names: " + python(e.getMessage()), e);
      }
    }
    return features instanceof FeatureDictionary d ? List.copyOf(d.names()) : List.of();
  }

  /**
   * The keywords that make such a learner in Python, 0 for a default: {max_labels, max_features, hash_bits} (a loaded
   * model's, from its vocabulary).
   */
  int[] options() {
    int bound = features instanceof FeatureDictionary d ? (d.maxNames() == FeatureDictionary.DEFAULT_MAX_NAMES ? 0 : d.maxNames())
        : features instanceof NumericFeatures f ? (f.maxFeatures() == Integer.MAX_VALUE ? 0 : f.maxFeatures())
        : features instanceof FeatureHashing ? 0 : maxFeatures;
    return new int[] {labels.maxLabels() == DEFAULT_MAX_LABELS ? 0 : labels.maxLabels(), bound,
        features instanceof FeatureHashing h ? h.bits() : 0};
  }

  /** The model's d: the rows of its feature vocabulary so far (2^B for hashing). */
  int numFeatures() {
    return features == null ? 0 : features.numRows();
  }

  /** The vocabulary a model file stores (a learner saved before its first feature: int rows, none yet). */
  Vocabulary vocabulary() {
    FeatureVocabulary f = features != null ? features
        : NumericFeatures.withRows(false, maxFeatures > 0 ? maxFeatures : Integer.MAX_VALUE, 0);
    return new Vocabulary(labels, f);
  }

  /**
   * Learns the example of int rows {@code x} (zeros left out, sorted) and known label ids {@code ids[0, m)}: the fast
   * path; when the rows pass the vocabulary's, they grow through it.
   *
   * @return L_t after the example
   */
  int learn(SparseVector x, int[] ids, int m) {
    String where = where("learn_one");
    for (int k = 0; k < m; k++) {
      if (ids[k] < 0 || ids[k] >= known()) {
        throw new IllegalArgumentException(where + ": label id " + ids[k] + " is not one of the " + known() + " labels seen");
      }
    }
    if (features instanceof NumericFeatures f && (x.nnz() == 0 || x.maxIndex() < f.numRows())) {
      rounds.learn(OnlineMultiLabelLearner.NO_ID, x, LabelSet.of(java.util.Arrays.copyOf(ids, m)), where);
      return known();
    }
    String[] given = new String[m];
    boolean[] kinds = new boolean[m];
    for (int k = 0; k < m; k++) {
      given[k] = labels.name(ids[k]);
      kinds[k] = labels.isNumeric(ids[k]);
    }
    return learn(x, null, null, 0, given, kinds, m);
  }

  /**
   * Learns an example of int rows {@code x} (when {@code featureNames} is null) or of named features {@code
   * featureNames[0, n)} with {@code featureValues}, and labels by name with their kinds ({@code given[0, m)}, {@code
   * kinds}): the labels not seen yet are added in their order, the learner grown to them, then updated.
   *
   * @return L_t after the example
   */
  int learn(SparseVector x, String[] featureNames, float[] featureValues, int n, String[] given, boolean[] kinds, int m) {
    String where = where("learn_one");
    decide(featureNames != null, n > 0 || (x != null && x.nnz() > 0), where);
    map(x, featureNames, featureValues, n, given, kinds, m, true, where);
    rounds.learn(OnlineMultiLabelLearner.NO_ID, record.features(), record.labels(), where);
    return known();
  }

  /** The int rows packed in {@code buffer} ({@link OneRow#of}), a refusal naming the call and the example. */
  SparseVector rows(OneRow one, java.nio.ByteBuffer buffer, int n) {
    try {
      return one.of(buffer, n);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where("learn_one") + ": " + e.getMessage(), e);
    }
  }

  /**
   * The vector of named features {@code featureNames[0, n)} for a prediction, growing nothing: a name the dictionary does
   * not know yet takes the row learning the example would give it (a zero row of the model), as {@code alt prequential
   * --open} predicts an example whose new features have grown the vocabulary (for a kernel learner they count in the
   * distances).
   */
  SparseVector mapped(String[] featureNames, float[] featureValues, int n, String call) {
    check(true, n > 0, call);
    FeatureVocabulary f = features != null ? features
        : new FeatureDictionary(maxFeatures > 0 ? maxFeatures : FeatureDictionary.DEFAULT_MAX_NAMES);
    map(null, featureNames, featureValues, n, NO_LABELS, NO_KINDS, 0, false, call, new Vocabulary(labels, f));
    SparseVector known = record.features();
    if (!(f instanceof FeatureDictionary d) || record.unknownFeatures() == 0) {
      return known;
    }
    int size = known.nnz();
    int[] rows = new int[size + record.unknownFeatures()];
    float[] vals = new float[rows.length];
    System.arraycopy(known.indices(), known.offset(), rows, 0, size);
    System.arraycopy(known.values(), known.offset(), vals, 0, size);
    for (int k = 0; k < n; k++) {
      if (featureValues[k] != 0f && d.row(featureNames[k]) < 0) {
        rows[size] = d.numRows() + size - known.nnz();
        vals[size++] = featureValues[k];
      }
    }
    SparseVector v = new SparseVector();
    v.reset(rows, vals, 0, size);
    return v;
  }

  /** Refuses int rows for a learner of named features (Python's predict_one, scores_one and the matrix methods). */
  void checkRows(SparseVector x, String call) {
    check(false, x.nnz() > 0, call);
  }

  /** The scores of {@code x} over the labels known now (the threshold last): scratch, valid until the next call. */
  Scores scores(SparseVector x) {
    if (scores.numLabels() != known()) {
      scores = new Scores(known());
      predicted = new int[known()];
    }
    rounds.predict(OnlineMultiLabelLearner.NO_ID, x, scores);
    return scores;
  }

  /** The ids of the labels {@code x} is predicted to have, written to {@link #predicted()}; their number. */
  int predict(SparseVector x) {
    return scores(x).predicted(predicted);
  }

  /** The ids {@link #predict} wrote. */
  int[] predicted() {
    return predicted;
  }

  private void map(SparseVector x, String[] featureNames, float[] featureValues, int n, String[] given, boolean[] kinds,
      int m, boolean grow, String where) {
    map(x, featureNames, featureValues, n, given, kinds, m, grow, where, vocabulary());
  }

  private void map(SparseVector x, String[] featureNames, float[] featureValues, int n, String[] given, boolean[] kinds,
      int m, boolean grow, String where, Vocabulary vocabulary) {
    String[] keys = featureNames;
    float[] vals = featureValues;
    int size = n;
    if (featureNames == null) { // int rows (decided to be numeric when there are any): their LIBSVM index as the name
      size = x == null ? 0 : x.nnz();
      fit(size);
      int base = size == 0 || ((NumericFeatures) features).zeroBased() ? 0 : 1;
      for (int k = 0; k < size; k++) {
        names[k] = Integer.toString(x.index(k) + base);
        values[k] = x.value(k);
      }
      keys = names;
      vals = values;
    }
    try {
      record.map(keys, vals, size, given, kinds, m, vocabulary, grow, where);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException(python(e.getMessage()), e);
    }
  }

  private void fit(int n) {
    if (names.length < n) {
      names = new String[Math.max(n, 2 * names.length)];
      values = new float[names.length];
    }
  }

  /** Makes the feature vocabulary when the first example with features decides it (names or int rows). */
  private void decide(boolean named, boolean any, String where) {
    if (features == null && any) {
      features = named
          ? new FeatureDictionary(maxFeatures > 0 ? maxFeatures : FeatureDictionary.DEFAULT_MAX_NAMES)
          : new NumericFeatures(false, maxFeatures > 0 ? maxFeatures : Integer.MAX_VALUE);
    }
    check(named, any, where);
  }

  private void check(boolean named, boolean any, String where) {
    if (!any || features == null) {
      return;
    }
    boolean byName = !(features instanceof NumericFeatures);
    if (named != byName) {
      throw new IllegalArgumentException(where + ": " + (named
          ? "feature keys are names (str), but this open learner's features are int indices (its first features were):"
              + " a learner's feature keys are all names or all indices"
          : "feature keys are int indices, but this open learner maps feature names (str) by "
              + python(features.describe() + (features instanceof FeatureHashing h ? " (--hash-bits " + h.bits() + ")" : ""))
              + ": give the features by name"));
    }
  }

  private String where(String call) {
    return call + " (example " + (rounds.learner().examplesSeen() + 1) + ")";
  }

  /** {@code message} with the command line's options in Python's spelling: "--max-labels 5" is "max_labels=5". */
  static String python(String message) {
    Matcher m = OPTION.matcher(message);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value = m.group(2) == null ? "" : m.group(2);
      m.appendReplacement(out, Matcher.quoteReplacement(m.group(1).replace('-', '_') + "=" + value));
    }
    m.appendTail(out);
    return out.toString();
  }
}
