package org.altml.sparse.open;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Objects;

/**
 * The vocabulary of an open stream and of the model it trains: its labels' names and how its features map to rows. A
 * model file stores it ({@link #write}, {@link #read}) so that a saved model, continued, goes on exactly as one
 * uninterrupted run. Not thread-safe.
 */
public final class Vocabulary {
  private final LabelVocabulary labels;
  private final FeatureVocabulary features;

  /** Pairs the two (both grow as records are read through them). */
  public Vocabulary(LabelVocabulary labels, FeatureVocabulary features) {
    this.labels = Objects.requireNonNull(labels, "labels");
    this.features = Objects.requireNonNull(features, "features");
  }

  /** The labels. */
  public LabelVocabulary labels() {
    return labels;
  }

  /** The feature map. */
  public FeatureVocabulary features() {
    return features;
  }

  /**
   * Writes this vocabulary, versioned and with a checksum, for {@link #read}.
   *
   * @throws IOException if {@code out} fails
   */
  public void write(DataOutput out) throws IOException {
    VocabularyCodec.write(this, out);
  }

  /**
   * Reads a vocabulary written by {@link #write}.
   *
   * @throws IOException saying what is wrong if the data is not a vocabulary, of a version this code does not read,
   *     truncated or corrupt (a checksum or a check of its content fails)
   */
  public static Vocabulary read(DataInput in) throws IOException {
    return VocabularyCodec.read(in);
  }

  /** Equal when the labels (names, kinds, order, bound) and the feature maps (kind, names or parameters) are. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Vocabulary v && v.labels.equals(labels) && v.features.equals(features);
  }

  @Override
  public int hashCode() {
    return labels.hashCode() * 31 + features.hashCode();
  }

  @Override
  public String toString() {
    return labels + ", features by " + features.describe();
  }
}
