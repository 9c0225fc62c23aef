package org.altml.python;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.Seeds;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * One learner as the Python class {@code altml.Learner} drives it: settings validated by the registry when it is
 * made, the learner itself made when the first data fixes L (and d), with the feature scaling, label names and d a
 * model file records. Training reads whole CSR matrices ({@link #fit}, {@link #partialFit}) the way {@code alt train}
 * trains ({@link TrainThenTest#train}: blocks of examples, the same seeds), so the same data and settings give the
 * same model as the command line, bit for bit. Single-threaded, as a learner is.
 */
public final class PyLearner {
  private final Settings settings;
  private final FeatureScaling scaling;
  private final long seed;
  private OnlineMultiLabelLearner learner;
  private FeatureScaler scaler;
  private List<String> labelNames;
  private int numFeatures;
  private Map<String, String> provenance = Map.of();
  private PyOpen open; // an open stream's labels and features (docs/spec.md#open-labels), or null for a fixed L
  private Scores scores;
  private int[] predicted;
  private final SparseVector x = new SparseVector();
  private final OneRow one = new OneRow();

  private PyLearner(Settings settings, FeatureScaling scaling, long seed) {
    this.settings = settings;
    this.scaling = scaling;
    this.seed = seed;
  }

  /**
   * A learner of kind {@code kind} with parameters given as text by their registry names (as the command line
   * gives them), feature scaling {@code scale} (none, standardize or l2) and run seed {@code seed} (as {@code alt
   * train --seed}); nothing is made before the first data.
   *
   * @throws IllegalArgumentException with the registry's message for an unknown kind, parameter or value
   */
  public static PyLearner create(String kind, Map<String, String> params, String scale, long seed) {
    Settings settings = Settings.parse(LearnerRegistry.get(kind), params == null ? Map.of() : params);
    return new PyLearner(settings, FeatureScaling.parse(scale), seed);
  }

  /** A learner that goes on from a saved model (its settings, scaling, label names and d). */
  static PyLearner of(SavedModel model) {
    PyLearner p = new PyLearner(model.learner().settings(), model.scaler().scaling(), 1);
    p.learner = model.learner();
    p.scaler = model.scaler();
    p.labelNames = model.labelNames();
    p.numFeatures = model.numFeatures();
    p.provenance = model.provenance();
    if (model.isOpen()) {
      p.open = PyOpen.of(model.learner(), model.vocabulary());
    }
    p.scratch();
    return p;
  }

  /** The model file at {@code file}, as {@code alt predict} reads it. */
  public static PyLearner load(String file) throws IOException {
    return of(ModelIo.read(Path.of(file)));
  }

  /** A model from the bytes {@link #toBytes} wrote (Python's pickle). */
  public static PyLearner fromBytes(byte[] bytes) throws IOException {
    return of(ModelIo.fromBytes(bytes, "pickled model"));
  }

  /** The kind's name. */
  public String kind() {
    return settings.learner();
  }

  /** The settings in effect as text, by registry name. */
  public Map<String, String> settingsText() {
    return settings.asText();
  }

  /** Whether the learner exists (some data fixed L). */
  public boolean isStarted() {
    return learner != null;
  }

  /** L (an open learner's labels seen so far, L_t), or -1 before the learner exists. */
  public int numLabels() {
    return learner == null ? -1 : open != null ? open.known() : learner.numLabels();
  }

  /** d as the model records it (an open learner's feature rows so far). */
  public int numFeatures() {
    return open != null ? open.numFeatures() : numFeatures;
  }

  /**
   * The label names (their indices as text when the data had none; an open learner's in order of first appearance), or
   * null before the learner exists.
   */
  public List<String> labelNames() {
    return open != null ? open.labelNames() : labelNames;
  }

  /** Whether the learner is open: made by {@link #startOpen}, or loaded from an open model. */
  public boolean isOpen() {
    return open != null;
  }

  /** An open learner's {max_labels, max_features, hash_bits} as Python's keywords give them (0: the default); null for a fixed L. */
  public int[] openOptions() {
    return open == null ? null : open.options();
  }

  /** For an open learner, whether each label (in order) is a numeric id rather than a name; null for a fixed L. */
  public boolean[] labelNumeric() {
    return open == null ? null : open.labelNumeric();
  }

  /**
   * An open learner's feature names by row (empty when its features are int indices).
   *
   * @throws IllegalArgumentException for a learner that hashes its features, which have no names
   */
  public List<String> openFeatureNames() {
    return open == null ? List.of() : open.featureNames();
  }

  /** Examples learnt. */
  public long examplesSeen() {
    return learner == null ? 0 : learner.examplesSeen();
  }

  /** The learner's report statistics and memory as text (null values left out), for notebooks. */
  public Map<String, String> statistics() {
    Map<String, String> s = new LinkedHashMap<>();
    if (learner != null) {
      s.put("examplesSeen", Long.toString(learner.examplesSeen()));
      s.put("ramBytes", Long.toString(learner.ramBytesUsed()));
      learner.statistics().forEach((k, v) -> {
        if (v != null) {
          s.put(k, String.valueOf(v));
        }
      });
    }
    return s;
  }

  /** The default settings of {@code kind} as text, by registry name. */
  public static Map<String, String> defaultsText(String kind) {
    return LearnerRegistry.get(kind).defaults().asText();
  }

  /** The feature scaling's name (none, standardize, l2). */
  public String scaling() {
    return scaling.cliName();
  }

  /** A fact the model file records (null when it has none of that name). */
  public String provenanceValue(String key) {
    return provenance.get(key);
  }

  /**
   * Makes the learner for L {@code numLabels} (named {@code names}, or null), d {@code numFeatures} and {@code
   * trainingSize} examples, with the context and seed {@code alt train} gives it; or checks that an existing one
   * has that L.
   */
  public void start(int numLabels, List<String> names, int numFeatures, long trainingSize) {
    if (open != null) {
      throw new IllegalArgumentException("the " + settings.learner() + " learner is open (it learns one example at a time,"
          + " its labels growing): learn it with learn_one, or fit a new model");
    }
    if (learner != null) {
      if (numLabels != learner.numLabels()) {
        throw new IllegalArgumentException("the data has " + numLabels + " labels but the learner " + learner.numLabels()
            + ": a learner's labels are fixed by the first data it learns from");
      }
      this.numFeatures = Math.max(this.numFeatures, numFeatures);
      return;
    }
    if (numLabels < 1) {
      throw new IllegalArgumentException("a learner needs at least one label, not " + numLabels);
    }
    LearnerContext context = new LearnerContext(numLabels, numFeatures, trainingSize, Seeds.learner(seed))
        .withThreads(Runtime.getRuntime().availableProcessors());
    learner = LearnerRegistry.create(settings, context);
    labelNames = names == null ? null : List.copyOf(names);
    if (labelNames == null) {
      List<String> ids = new ArrayList<>(numLabels);
      for (int i = 0; i < numLabels; i++) {
        ids.add(Integer.toString(i));
      }
      labelNames = ids;
    }
    this.numFeatures = numFeatures;
    if (scaler == null) {
      scaler = FeatureScaler.of(scaling);
    }
    scratch();
  }

  /**
   * Makes the learner open (docs/spec.md#open-labels): no label yet, labels and features growing with the examples;
   * {@code maxLabels} bounds the labels (0: the default; an ELM's capacity, which it needs), {@code hashBits} hashes
   * feature names into 2^B rows (0: a dictionary), {@code maxFeatures} bounds the dictionary or the int rows (0: none
   * given).
   *
   * @throws IllegalArgumentException for an ELM without {@code maxLabels}, or a feature scaling
   */
  public void startOpen(int maxLabels, int hashBits, int maxFeatures) {
    if (learner != null) {
      throw new IllegalArgumentException("the " + settings.learner() + " learner has started already");
    }
    if (scaling != FeatureScaling.NONE) {
      throw new IllegalArgumentException("scale='" + scaling.cliName() + "' is for a learner of fixed L: an open learner"
          + " (learn_one without n_labels=) takes its features as they come, as alt train --open does: scale='none'");
    }
    open = PyOpen.start(settings, Seeds.learner(seed), maxLabels, hashBits, maxFeatures);
    learner = open.learner();
    scaler = FeatureScaler.of(scaling);
    scratch();
  }

  private void scratch() {
    scores = new Scores(learner.numLabels());
    predicted = new int[learner.numLabels()];
  }

  /**
   * A new model trained with one pass over X and Y, as {@code alt train} trains it (the scaling fitted on X first):
   * in row order, or shuffled with the run seed.
   *
   * @return the seconds the pass took (scaling and learning, not the conversion of the arrays)
   */
  public double fit(int[] indptr, int[] indices, float[] data, int[] yIndptr, int[] yIndices, int numFeatures, int numLabels,
      List<String> names, boolean shuffle) {
    Dataset train = CsrRows.dataset(indptr, indices, data, yIndptr, yIndices, numFeatures, numLabels, names);
    learner = null;
    scaler = null;
    open = null;
    start(numLabels, names, train.numFeatures(), train.size());
    DataView view = DataView.of(train);
    scaler = FeatureScaler.fit(scaling, view);
    return TrainThenTest.train(learner, view, shuffle ? Order.SHUFFLE : Order.FILE, Seeds.order(seed), scaler).seconds();
  }

  /** Goes on learning from X and Y in row order, with the scaling as it is (as {@code alt train --from}). */
  public double partialFit(int[] indptr, int[] indices, float[] data, int[] yIndptr, int[] yIndices, int numFeatures,
      int numLabels, List<String> names) {
    Dataset more = CsrRows.dataset(indptr, indices, data, yIndptr, yIndices, numFeatures, numLabels, names);
    start(numLabels, names, more.numFeatures(), more.size());
    return TrainThenTest.train(learner, DataView.of(more), Order.FILE, Seeds.order(seed), scaler).seconds();
  }

  /**
   * Learns one example packed in {@code buffer} ({@link OneBuffer}): {@code n} features (indices and values in any
   * order, zeros left out), then {@code m} label ids; no Java array is made per call.
   */
  public int learnPacked(ByteBuffer buffer, int n, int m) {
    requireStarted();
    ByteBuffer b = OneBuffer.of(buffer, 8L * n + 4L * m);
    SparseVector v = open == null ? one.of(b, n) : open.rows(one, b, n);
    int[] labels = new int[m];
    OneBuffer.ints(b, 8 * n, labels, m);
    if (open != null) { // the labels are the vocabulary's ids, of labels seen before
      return open.learn(v, labels, m);
    }
    learn(v, labels);
    return learner.numLabels();
  }

  /**
   * Learns one example of an open learner: its features as {@code n} int rows packed in {@code buffer} when {@code
   * names} is null, else by name ({@code names} with {@code values}); its labels by name ({@code labels}), {@code
   * numeric} marking the numeric ids (given as ints). A label not seen before is added in its order.
   *
   * @return L_t after the example
   */
  public int learnOpen(ByteBuffer buffer, int n, String[] names, float[] values, String[] labels, boolean[] numeric) {
    requireOpen();
    if (labels.length != numeric.length || (names != null && names.length != values.length)) {
      throw new IllegalArgumentException("names and values (or labels and kinds) of different lengths");
    }
    if (names != null) {
      return open.learn(null, names, values, names.length, labels, numeric, labels.length);
    }
    return open.learn(open.rows(one, OneBuffer.of(buffer, 8L * n), n), null, null, 0, labels, numeric, labels.length);
  }

  /** {@link #predictPacked} for an open learner's features by name; unknown names are left out. */
  public int predictNamed(ByteBuffer buffer, String[] names, float[] values) {
    requireOpen();
    int k = open.predict(open.mapped(names, values, names.length, "predict_one"));
    OneBuffer.putInts(OneBuffer.of(buffer, 4L * k), open.predicted(), k);
    return k;
  }

  /** {@link #scoresPacked} for an open learner's features by name; unknown names are left out. */
  public int scoresNamed(ByteBuffer buffer, String[] names, float[] values) {
    requireOpen();
    Scores s = open.scores(open.mapped(names, values, names.length, "scores_one"));
    OneBuffer.putFloats(OneBuffer.of(buffer, 4L * (s.numLabels() + 1)), s.array(), s.numLabels() + 1);
    return s.numLabels();
  }

  private void requireOpen() {
    requireStarted();
    if (open == null) {
      throw new IllegalStateException("the " + settings.learner() + " learner has a fixed L, not an open one");
    }
  }

  private void learn(SparseVector v, int[] labels) {
    LabelSet set = LabelSet.of(labels);
    if (set.maxLabel() >= learner.numLabels()) {
      throw new IllegalArgumentException("label " + set.maxLabel() + " is not below the learner's L = " + learner.numLabels());
    }
    if (v.nnz() > 0) {
      numFeatures = Math.max(numFeatures, v.indices()[v.nnz() - 1] + 1);
    }
    learner.update(scaler.transform(v), set);
  }

  /**
   * The predicted label ids of the example of {@code n} features packed in {@code buffer}, written over them from
   * byte 0.
   *
   * @return how many labels are predicted
   */
  public int predictPacked(ByteBuffer buffer, int n) {
    requireStarted();
    ByteBuffer b = OneBuffer.of(buffer, Math.max(8L * n, 4L * numLabels()));
    int k = predicted(one.of(b, n), "predict_one");
    OneBuffer.putInts(b, predictedIds(), k);
    return k;
  }

  /**
   * The L label scores and the threshold score of the example of {@code n} features packed in {@code buffer}, written
   * over them from byte 0.
   *
   * @return L (an open learner's L_t)
   */
  public int scoresPacked(ByteBuffer buffer, int n) {
    requireStarted();
    ByteBuffer b = OneBuffer.of(buffer, Math.max(8L * n, 4L * (numLabels() + 1)));
    Scores s = score(one.of(b, n), "scores_one");
    OneBuffer.putFloats(b, s.array(), s.numLabels() + 1);
    return s.numLabels();
  }

  private int predicted(SparseVector v, String call) {
    if (open != null) {
      open.checkRows(v, call);
      return open.predict(scaler.transform(v));
    }
    return score(v, call).predicted(predicted);
  }

  private int[] predictedIds() {
    return open != null ? open.predicted() : predicted;
  }

  /** The scores of {@code v} (an open learner's over the labels known now): scratch, valid until the next call. */
  private Scores score(SparseVector v, String call) {
    if (open != null) {
      open.checkRows(v, call);
      return open.scores(scaler.transform(v));
    }
    learner.predict(scaler.transform(v), scores);
    return scores;
  }

  /**
   * The predicted labels of every row of X, as a label-indicator CSR matrix: {indptr, indices}.
   */
  public int[][] predict(int[] indptr, int[] indices, float[] data) {
    requireStarted();
    CsrRows rows = new CsrRows("X", indptr, indices, data);
    int n = rows.rows();
    int[] outPtr = new int[n + 1];
    it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
    for (int i = 0; i < n; i++) {
      int k = predicted(rows.row(i, x), "predict");
      out.addElements(out.size(), predictedIds(), 0, k);
      outPtr[i + 1] = out.size();
    }
    return new int[][] {outPtr, out.toIntArray()};
  }

  /** The scores of every row of X, row-major: L label scores then the threshold score per row. */
  public float[] decisionFunction(int[] indptr, int[] indices, float[] data) {
    requireStarted();
    CsrRows rows = new CsrRows("X", indptr, indices, data);
    int width = numLabels() + 1;
    long size = (long) rows.rows() * width;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(rows.rows() + " rows of " + width + " scores are more than one array holds:"
          + " score X in parts");
    }
    float[] out = new float[(int) size];
    for (int i = 0; i < rows.rows(); i++) {
      System.arraycopy(score(rows.row(i, x), "decision_function").array(), 0, out, i * width, width);
    }
    return out;
  }

  /** The model as {@link SavedModel}: what a model file holds, with the fact {@code key} = {@code value} unless null. */
  SavedModel saved(String key, String value) {
    requireStarted();
    learner.checkFinite();
    Map<String, String> facts = new LinkedHashMap<>(provenance);
    facts.remove(key);
    if (value != null) {
      facts.put(key, value);
    }
    if (open != null) {
      return new SavedModel(learner, null, open.numFeatures(), scaler, facts, open.vocabulary());
    }
    return new SavedModel(learner, labelNames, numFeatures, scaler, facts);
  }

  /**
   * Writes the model file {@code file} (atomically), which {@code alt predict --model} reads; {@code key} and {@code
   * value} a fact it records beside (Python's feature names), or null.
   */
  public void save(String file, String key, String value) throws IOException {
    ModelIo.write(saved(key, value), Path.of(file));
  }

  /** The model file's bytes (Python's pickle), with the fact {@code key} = {@code value} unless null. */
  public byte[] toBytes(String key, String value) throws IOException {
    return ModelIo.toBytes(saved(key, value));
  }

  /** The learner (after the first data). */
  OnlineMultiLabelLearner learner() {
    requireStarted();
    return learner;
  }

  /** The scaling the learner was trained with. */
  FeatureScaler scaler() {
    requireStarted();
    return scaler;
  }

  private void requireStarted() {
    if (learner == null) {
      throw new IllegalStateException("the " + settings.learner() + " learner has not learnt anything yet: fit it first"
          + " (or give n_labels to learn one example at a time)");
    }
  }
}
