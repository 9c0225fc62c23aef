package org.altml.sparse.data;

import java.io.IOException;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A cursor over labelled examples, read once from the first to the last.
 *
 * <pre>{@code
 * try (ExampleStream s = dataset.stream()) {
 *   while (s.advance()) {
 *     learner.update(s.features(), s.labels());
 *   }
 * }
 * }</pre>
 *
 * <p>Like HPPC cursors and fastutil's fast iterators, a stream reuses one {@link SparseVector} and one
 * {@link LabelSet}: they are valid until the next {@link #advance()}, and a pass allocates nothing per
 * example. Not thread-safe.
 */
public interface ExampleStream extends AutoCloseable {
  /**
   * Moves to the next example.
   *
   * @return false at the end of the stream
   * @throws IOException if the underlying file cannot be read (a malformed file raises
   *     {@link org.altml.sparse.io.DataFormatException}, a subclass)
   */
  boolean advance() throws IOException;

  /** Features of the current example; valid until the next {@link #advance()}. */
  SparseVector features();

  /** Relevant labels of the current example; valid until the next {@link #advance()}. */
  LabelSet labels();

  /**
   * Number of labels L declared before reading (a header, a label file or an explicit option), or -1
   * when the stream cannot know it in advance.
   */
  int numLabels();

  /**
   * Number of features d declared before reading, or -1 when unknown in advance (LIBSVM without an
   * explicit dimension). Every index of {@link #features()} is below it when known.
   */
  int numFeatures();

  /**
   * The inputs this stream read, each hashed as it was read ({@link org.altml.sparse.io.ReadOptions#withInputHashing}):
   * for an ARFF file its Mulan XML label file (when one was read) and the data file, in that order. Empty
   * for a stream that reads no input (a dataset, a generator) or was opened without hashing.
   *
   * @throws IllegalStateException if hashing was asked for but the stream has not reached its end (the
   *     hash of a part would pass for the hash of the whole)
   */
  default List<InputDigest> inputDigests() {
    return List.of();
  }

  /**
   * The 1-based line, in the file it was read from, of the current example (after {@link #advance()} returned true),
   * for messages about it (a label the model does not have, a score that overflows); always 0 for a stream that
   * reads no lines (a dataset, a generator). Before the first example and after the last it means nothing.
   */
  default long lineNumber() {
    return 0;
  }

  /** Releases the underlying resources; idempotent. */
  @Override
  void close() throws IOException;
}
