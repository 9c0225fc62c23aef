package org.altml.flink.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.open.Vocabulary;

/**
 * An open model of a Flink job (docs/spec.md#open-labels): the learner and the vocabulary its labels and features grow
 * in, kept together in state and written together as one model file (format 4, {@link SavedModel#vocabulary()}), so a
 * checkpoint, a published model and {@code alt predict} all see the names in the order the stream brought them.
 * Mutable: the learner and the vocabulary grow in place.
 */
public final class OpenModel {
  private final OnlineMultiLabelLearner learner;
  private final Vocabulary vocabulary;

  /** Pairs {@code learner} with {@code vocabulary}, of which it knows every label. */
  public OpenModel(OnlineMultiLabelLearner learner, Vocabulary vocabulary) {
    this.learner = learner;
    this.vocabulary = vocabulary;
  }

  /** The learner. */
  public OnlineMultiLabelLearner learner() {
    return learner;
  }

  /** The vocabulary. */
  public Vocabulary vocabulary() {
    return vocabulary;
  }

  /** The model as a model file holds it, with {@code provenance}: d is the vocabulary's rows so far. */
  public SavedModel saved(Map<String, String> provenance) {
    return new SavedModel(learner, null, vocabulary.features().numRows(), FeatureScaler.of(FeatureScaling.NONE), provenance,
        vocabulary);
  }

  /** The model file's bytes (full state: training continues exactly, vocabulary included). */
  public byte[] toBytes() {
    try {
      return ModelIo.toBytes(saved(Map.of()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The open model of {@link #toBytes} bytes.
   *
   * @throws IllegalArgumentException naming {@code source} when the model has no vocabulary (a model of fixed L)
   */
  public static OpenModel of(byte[] bytes, String source) {
    SavedModel saved = Models.saved(bytes, source);
    if (saved.vocabulary() == null) {
      throw new IllegalArgumentException(source + ": a model of fixed L where an open model (with its vocabulary) was expected");
    }
    return new OpenModel(saved.learner(), saved.vocabulary());
  }
}
