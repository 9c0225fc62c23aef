package org.altml.sparse.open;

import org.altml.sparse.SparseVectorBuilder;
import org.altml.sparse.io.DataFormatException;

/**
 * How an open stream maps feature names to rows of the model (docs/spec.md#open-features): a growing, exact
 * {@link FeatureDictionary}, {@link FeatureHashing} into 2^B signed rows, or {@link NumericFeatures}, the LIBSVM indices
 * as they are. Not thread-safe.
 */
public sealed interface FeatureVocabulary permits FeatureDictionary, FeatureHashing, NumericFeatures {
  /**
   * Maps the feature {@code name} to its row, growing the vocabulary on a first appearance, and appends
   * {@code row:sign*value} to {@code out} (the sign is -1 for some hashed names, else +1; a zero value appends nothing).
   * Two hashed names may share a row: {@code out} may then hold that row twice, whose values add up
   * ({@link OpenRecord} sums them).
   *
   * @param where the record, for messages (as in {@code "data.jsonl:12"})
   * @throws DataFormatException naming {@code where} if the name is invalid for this vocabulary or past its bound
   * @throws IllegalArgumentException if {@code value} is NaN or infinite
   */
  void add(String name, float value, SparseVectorBuilder out, String where) throws DataFormatException;

  /**
   * As {@link #add} for prediction: never grows; appends the entry only when the name has a row (hashing: always) and
   * returns whether it had one (an unknown name is ignored).
   */
  default boolean addKnown(String name, float value, SparseVectorBuilder out) {
    int row = row(name);
    if (row < 0) {
      return false;
    }
    out.add(row, value);
    return true;
  }

  /** The row of {@code name}, or -1 when it has none (without growing; a hashed name always has one). */
  int row(String name);

  /** Whether the rows have names ({@link #featureName}): false for hashing. */
  boolean hasNames();

  /**
   * The name of {@code row}: the dictionary's name, the index text of a numeric feature.
   *
   * @throws IllegalStateException for hashing, whose rows have no names
   * @throws IndexOutOfBoundsException unless {@code 0 <= row < numRows()}
   */
  String featureName(int row);

  /** The rows in use so far (a dictionary's names, the largest numeric index + 1), or 2^B for hashing: the model's d. */
  int numRows();

  /** What this vocabulary is, for messages and model summaries: "dictionary of N names", "hashing into 2^B rows". */
  String describe();
}
