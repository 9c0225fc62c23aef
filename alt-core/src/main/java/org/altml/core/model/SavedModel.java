package org.altml.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.SparseVector;
import org.altml.sparse.open.Vocabulary;

/**
 * A model as {@link ModelIo} saves and loads it: the learner with its full state, what it was trained on,
 * and its preprocessing.
 *
 * @param learner the learner, ready to predict and to continue training exactly where it stopped (its
 *     {@link OnlineMultiLabelLearner#examplesSeen()} counts on from the saved value)
 * @param labelNames the names of the L labels in label-index order (their index as text when the data had none)
 * @param numFeatures d of the data the model was trained on (0 when unknown)
 * @param scaler the feature scaling the learner was trained with, statistics included; applied to every
 *     example before the learner sees it
 * @param provenance free-form facts about the model's origin (toolkit version, JDK, data files), in order
 * @param vocabulary an open model's label and feature vocabulary (docs/spec.md#open-labels, #open-features): the
 *     labels' names in order of first appearance and the features' dictionary or hashing; null for a model of fixed L
 */
public record SavedModel(
    OnlineMultiLabelLearner learner, List<String> labelNames, int numFeatures, FeatureScaler scaler,
    Map<String, String> provenance, Vocabulary vocabulary) {
  /**
   * Copies the names and provenance (null: the label indices as names, or an open model's vocabulary names, no
   * provenance); checks the label count.
   *
   * @throws IllegalArgumentException for another number of label names than labels, a null name, a null provenance
   *     key or value, or a negative d; for a vocabulary of more labels than the learner's
   */
  public SavedModel {
    Objects.requireNonNull(learner, "learner");
    Objects.requireNonNull(scaler, "scaler");
    if (vocabulary != null) {
      int known = vocabulary.labels().size();
      if (known > learner.numLabels() || (known < learner.numLabels() && learner.growsLabels())) {
        throw new IllegalArgumentException("a vocabulary of " + known + " labels for a learner of " + learner.numLabels());
      }
      if (labelNames == null) { // a kind of fixed capacity: the labels not yet seen are named by their index
        labelNames = org.altml.sparse.data.IndexNames.padded(vocabulary.labels().names(), learner.numLabels());
      }
    }
    for (int i = 0; labelNames != null && i < labelNames.size(); i++) { // List.of(...).contains(null) would throw
      if (labelNames.get(i) == null) {
        throw new IllegalArgumentException("label name " + i + " is null");
      }
    }
    labelNames = labelNames == null ? indexNames(learner.numLabels()) : List.copyOf(labelNames);
    if (labelNames.size() != learner.numLabels()) {
      throw new IllegalArgumentException(labelNames.size() + " label names for " + learner.numLabels() + " labels");
    }
    if (numFeatures < 0) {
      throw new IllegalArgumentException("numFeatures must be >= 0: " + numFeatures);
    }
    Map<String, String> facts = new LinkedHashMap<>(provenance == null ? Map.of() : provenance);
    if (facts.containsKey(null) || facts.containsValue(null)) {
      throw new IllegalArgumentException("provenance holds a null key or value: " + facts);
    }
    provenance = Collections.unmodifiableMap(facts);
  }

  /** A model of fixed L (no vocabulary). */
  public SavedModel(OnlineMultiLabelLearner learner, List<String> labelNames, int numFeatures, FeatureScaler scaler,
      Map<String, String> provenance) {
    this(learner, labelNames, numFeatures, scaler, provenance, null);
  }

  /** Whether this is an open model (a vocabulary that grows with the stream, docs/spec.md#open-labels). */
  public boolean isOpen() {
    return vocabulary != null;
  }

  /** The labels a prediction reports: an open model's known ones, else every one of L. */
  public int reportedLabels() {
    return vocabulary != null ? vocabulary.labels().size() : learner.numLabels();
  }

  /**
   * A model of {@code learner} without preprocessing, label names or provenance: for a learner trained on features
   * as they are. One trained through a protocol with scaling needs {@link #of(TrainThenTestResult, Dataset)}.
   */
  public static SavedModel of(OnlineMultiLabelLearner learner) {
    return new SavedModel(learner, null, 0, FeatureScaler.of(FeatureScaling.NONE), Map.of());
  }

  /**
   * The model {@code result} trained on {@code train}: its learner with the feature scaling it was trained with
   * (statistics included, so that {@link #predict} and {@code alt predict} scale raw examples as training did), and
   * the training set's label names and d, and a digest of its feature names when it has them ({@link
   * DataFit#FEATURE_NAMES_SHA256}: ARFF data of another attribute order is then refused by {@code alt predict}).
   */
  public static SavedModel of(org.altml.core.eval.TrainThenTestResult result, org.altml.sparse.data.Dataset train) {
    String features = DataFit.featureNamesDigest(train.featureNames(), train.numFeatures());
    return new SavedModel(result.learner(), train.labelNames(), train.numFeatures(), result.scaler(),
        features == null ? Map.of() : Map.of(DataFit.FEATURE_NAMES_SHA256, features));
  }

  /**
   * The scores of {@code x} as the model was trained to see it: scaled by {@link #scaler()} first (a model trained on
   * standardized features predicts nothing sensible from raw ones), then {@link OnlineMultiLabelLearner#predict}.
   * Uses the scaler's scratch: one thread at a time.
   */
  public void predict(SparseVector x, Scores scores) {
    learner.predict(scaler.transform(x), scores);
  }

  /**
   * Refuses data this model was not trained for before {@link #predict} gives scores of it that mean nothing: {@link
   * DataFit#check} with nothing accepted, messages naming the model by its learner kind. ARFF data of other label names,
   * fewer labels or other features, LIBSVM data of more label ids or many more feature ids than the model's: an error
   * (the data of another data set, which {@link #predict} would score without a word). LIBSVM data that uses fewer ids
   * fits. Call {@link DataFit#check} to name the model otherwise or to accept a misfit.
   *
   * @throws IllegalArgumentException naming the data, the model and the problem
   */
  public void checkFits(org.altml.sparse.data.Dataset data) {
    DataFit.check(this, learner.name(), data, ShapeFit.Allowed.NOTHING);
  }

  /** The names of the labels {@code scores} predicts (score above the threshold), in label order. */
  public List<String> predictedLabelNames(Scores scores) {
    if (scores.numLabels() != labelNames.size()) {
      throw new IllegalArgumentException("scores of " + scores.numLabels() + " labels for a model of " + labelNames.size());
    }
    int[] ids = new int[scores.numLabels()];
    int n = scores.predicted(ids);
    int reported = reportedLabels();
    List<String> names = new java.util.ArrayList<>(n);
    for (int i = 0; i < n && ids[i] < reported; i++) { // ids ascend: an open model's labels not yet seen come last
      names.add(labelNames.get(ids[i]));
    }
    return List.copyOf(names);
  }

  /** The number of update rounds the learner has seen. */
  public long examplesSeen() {
    return learner.examplesSeen();
  }

  /** Whether the label names are the data's own (ARFF attribute names), not the label indices as text. */
  public boolean hasNamedLabels() {
    return !labelNames.equals(indexNames(labelNames.size()));
  }

  private static List<String> indexNames(int numLabels) {
    String[] names = new String[numLabels];
    for (int i = 0; i < numLabels; i++) {
      names[i] = Integer.toString(i);
    }
    return List.of(names);
  }
}
