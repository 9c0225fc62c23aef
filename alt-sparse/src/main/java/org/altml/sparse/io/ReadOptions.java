package org.altml.sparse.io;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * How to read a data file. Start from {@link #defaults()} and change single settings with the
 * {@code with...} methods; every instance is validated by the compact constructor.
 *
 * @param format the file format, or {@link DataFormat#AUTO} to decide by the file name
 * @param numFeatures the number of features d, or -1 to take it from the file (LIBSVM: largest index +
 *     1; ARFF: the number of feature attributes). When set, an index at or beyond it is an error and the
 *     dataset has exactly d features (a smaller file is padded: useful to align a test file)
 * @param numLabels the number of labels L, or -1 to take it from the file (LIBSVM: largest label + 1).
 *     Same rules as {@code numFeatures}
 * @param zeroBased LIBSVM only: feature indices start at 0 instead of the usual 1
 * @param labelFile ARFF only: the Mulan XML file naming the label attributes, or null to look for
 *     {@code <dataset>.xml} beside the ARFF file (see {@link org.altml.sparse.io.arff.ArffReader})
 * @param labelsFirst ARFF only: the first N attributes are the labels (MEKA layout), or -1
 * @param labelsLast ARFF only: the last N attributes are the labels, or -1
 * @param ignoredAttributes ARFF only: attributes to skip entirely (for example an ID attribute such as
 *     genbase's {@code protein}), each by name or by 1-based position in the header ({@code "1"} is the
 *     first attribute); each must exist in the file, and a key that names one attribute and is the
 *     position of another is an error
 * @param maxLineBytes the longest line accepted, in bytes; a longer line is a format error (it guards
 *     against binary input without line breaks)
 * @param hashInputs whether readers hash the bytes they read (SHA-256, in the same pass), for
 *     {@link org.altml.sparse.data.ExampleStream#inputDigests()} and
 *     {@link org.altml.sparse.data.Dataset#inputDigests()}; off by default (it costs about a quarter of
 *     the parsing time)
 * @param parseThreads LIBSVM only: 1 (the default), {@link org.altml.sparse.io.files.DataFiles#open} parses on the caller's thread, as
 *     it reads; more, the stream reads ahead on threads of its own, the file cut into blocks of whole lines
 *     parsed on {@code parseThreads} threads at once. The examples, their order, every error message (file,
 *     line, token) and the digests are the same whatever the number. An ARFF file is parsed as it is read
 * @param labelNames ARFF only: the label attributes by name, in label order, used when neither a label file,
 *     nor a label count, nor an XML file beside the ARFF file says which attributes are labels (a saved
 *     model's label names, so that a file without its XML can be scored); null for none
 * @param warnings where a reader says what it read but doubts: one line each, starting with the file's name (an ARFF
 *     file whose MEKA {@code -C} in the relation may be stale, see {@link org.altml.sparse.io.arff.ArffReader}); a reader says each at most once,
 *     and a caller reading a file twice may get it twice. Default: {@link #LOGGED}
 */
public record ReadOptions(
    DataFormat format,
    int numFeatures,
    int numLabels,
    boolean zeroBased,
    Path labelFile,
    int labelsFirst,
    int labelsLast,
    Set<String> ignoredAttributes,
    int maxLineBytes,
    boolean hashInputs,
    int parseThreads,
    java.util.List<String> labelNames,
    Consumer<String> warnings) {

  /**
   * The default warnings sink: {@code java.util.logging}, logger {@code org.altml.sparse.io}, level WARNING (on
   * stderr without a logging configuration).
   */
  public static final Consumer<String> LOGGED = text -> Logger.getLogger("org.altml.sparse.io").warning(text);

  /** Default longest line: 64 MiB. */
  public static final int DEFAULT_MAX_LINE_BYTES = 64 << 20;

  /**
   * Validates the settings.
   *
   * @throws IllegalArgumentException if a count is below -1, both label positions are given, or
   *     {@code maxLineBytes} is not positive
   */
  public ReadOptions {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(ignoredAttributes, "ignoredAttributes");
    Objects.requireNonNull(warnings, "warnings");
    ignoredAttributes = Set.copyOf(ignoredAttributes);
    if (numFeatures < -1) {
      throw new IllegalArgumentException("numFeatures must be >= 0 or -1 (from the file): " + numFeatures);
    }
    if (numLabels < -1) {
      throw new IllegalArgumentException("numLabels must be >= 0 or -1 (from the file): " + numLabels);
    }
    if (labelsFirst < -1 || labelsLast < -1) {
      throw new IllegalArgumentException(
          "labelsFirst/labelsLast must be >= 0 or -1 (unset): " + labelsFirst + ", " + labelsLast);
    }
    if (labelsFirst >= 0 && labelsLast >= 0) {
      throw new IllegalArgumentException("give labelsFirst or labelsLast, not both");
    }
    if (maxLineBytes <= 0) {
      throw new IllegalArgumentException("maxLineBytes must be > 0: " + maxLineBytes);
    }
    if (parseThreads < 1) {
      throw new IllegalArgumentException("parseThreads must be >= 1: " + parseThreads);
    }
    labelNames = labelNames == null ? null : java.util.List.copyOf(labelNames);
  }

  /**
   * Format by file name, dimensions from the file, 1-based LIBSVM indices, labels from the XML file
   * beside an ARFF file (or its MEKA {@code -C} relation), nothing ignored, lines up to 64 MiB, no hashing,
   * parsed on the caller's thread, warnings logged ({@link #LOGGED}).
   */
  public static ReadOptions defaults() {
    return new ReadOptions(DataFormat.AUTO, -1, -1, false, null, -1, -1, Set.of(), DEFAULT_MAX_LINE_BYTES, false, 1, null, LOGGED);
  }

  /** Same options with the given format ({@link DataFormat#AUTO} decides by file name). */
  public ReadOptions withFormat(DataFormat format) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options with a declared number of features d (-1: from the file). */
  public ReadOptions withNumFeatures(int numFeatures) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options with a declared number of labels L (-1: from the file). */
  public ReadOptions withNumLabels(int numLabels) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options with 0-based (true) or 1-based (false, the LIBSVM convention) feature indices. */
  public ReadOptions withZeroBased(boolean zeroBased) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options with an explicit Mulan XML label file (null: look beside the ARFF file). */
  public ReadOptions withLabelFile(Path labelFile) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options where the last {@code n} ARFF attributes are the labels (clears labelsFirst). */
  public ReadOptions withLabelsLast(int n) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, -1, n, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options where the first {@code n} ARFF attributes are the labels, as in MEKA (clears labelsLast). */
  public ReadOptions withLabelsFirst(int n) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, n, -1, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /**
   * Same options skipping the given ARFF attributes, each a name or a 1-based position ({@code "protein"}
   * or {@code "1"} for genbase's identifier); replaces the previous list.
   */
  public ReadOptions withIgnoredAttributes(String... attributes) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, Set.of(attributes), maxLineBytes,
        hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options with a different longest accepted line, in bytes. */
  public ReadOptions withMaxLineBytes(int maxLineBytes) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /**
   * Same options with hashing of what is read on (true) or off: the readers then report the SHA-256 and
   * size of every input they read, for provenance.
   */
  public ReadOptions withInputHashing(boolean hashInputs) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /**
   * Same options parsing on {@code parseThreads} threads ahead of the caller (1: on the caller's thread, as it
   * reads); see the record comment. {@code Runtime.getRuntime().availableProcessors()} suits a caller that
   * does little per example.
   *
   * @throws IllegalArgumentException if {@code parseThreads < 1}
   */
  public ReadOptions withParseThreads(int parseThreads) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /**
   * Same options with the label attributes named, in label order, for an ARFF file whose labels nothing else
   * names (no label file, no label count, no XML beside it): a saved model's label names. Null: none.
   */
  public ReadOptions withLabelNames(java.util.List<String> labelNames) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }

  /** Same options with the readers' warnings sent to {@code warnings} (see the record comment). */
  public ReadOptions withWarnings(Consumer<String> warnings) {
    return new ReadOptions(format, numFeatures, numLabels, zeroBased, labelFile, labelsFirst, labelsLast, ignoredAttributes, maxLineBytes, hashInputs, parseThreads, labelNames, warnings);
  }
}
