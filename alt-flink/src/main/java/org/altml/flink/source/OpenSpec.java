package org.altml.flink.source;

import java.io.Serializable;
import org.altml.sparse.open.FeatureDictionary;
import org.altml.sparse.open.FeatureHashing;
import org.altml.sparse.open.FeatureVocabulary;
import org.altml.sparse.open.LabelVocabulary;
import org.altml.sparse.open.NumericFeatures;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.Vocabulary;

/**
 * How the records of an open job (no {@code --num-labels}, docs/spec.md#open-streams) map to a model's rows and labels,
 * in a form Flink can ship: the record format, and the feature map every new model starts with (numeric LIBSVM ids, a
 * dictionary of JSON feature names, or hashing into 2^B rows with {@code --hash-bits B}).
 *
 * @param format LIBSVM lines (numeric labels and indices) or JSON lines (named features, labels by name or id)
 * @param zeroBased whether LIBSVM feature indices start at 0
 * @param hashBits B of {@code --hash-bits}, or 0: no hashing
 */
public record OpenSpec(OpenFormat format, boolean zeroBased, int hashBits) implements Serializable {
  /** The most labels an open model takes (a stray stream of ever new label names stops there, naming the record). */
  public static final int MAX_LABELS = 1_000_000;

  /** The open spec of records of {@code format} ({@code --format}) with {@code hashBits} (0: none). */
  public static OpenSpec of(RecordFormat format, boolean zeroBased, int hashBits) {
    return new OpenSpec(format == RecordFormat.JSON ? OpenFormat.JSON : OpenFormat.LIBSVM, zeroBased, hashBits);
  }

  /** The empty vocabulary of a new model: hashing with {@code --hash-bits}, numeric ids for LIBSVM, else a dictionary. */
  public Vocabulary newVocabulary() {
    FeatureVocabulary features;
    if (hashBits > 0) {
      features = new FeatureHashing(hashBits);
    } else if (format == OpenFormat.LIBSVM) {
      features = new NumericFeatures(zeroBased, Integer.MAX_VALUE);
    } else {
      features = new FeatureDictionary(FeatureDictionary.DEFAULT_MAX_NAMES);
    }
    return new Vocabulary(new LabelVocabulary(MAX_LABELS), features);
  }
}
