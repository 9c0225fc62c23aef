package org.altml.cli.options;

import picocli.CommandLine.Option;

/**
 * The options of an open stream (docs/spec.md#open-labels, #open-features), shared by {@code alt prequential} and
 * {@code alt train} (a picocli mixin): {@code --open} and how its records name their labels and features.
 */
public final class OpenOptions {
  /** Whether the stream is open: labels and features grow with it. */
  @Option(names = "--open",
      description = "An open stream: no L is fixed; the labels (and features) grow as records bring them, a new label's"
          + " weights starting at zero (docs/spec.md#open-labels). Reads LIBSVM, libsvm-names or JSON lines.")
  public boolean open;

  /** The records' format, or null to guess it from the file name. */
  @Option(names = "--format", paramLabel = "FORMAT",
      description = "With --open: libsvm (numeric ids), libsvm-names (label names, name:value features) or json (one"
          + " {\"features\": {...}, \"labels\": [...]} object a line) (default: json for .jsonl and .json, else libsvm).")
  public String format;

  /** Hash named features into 2^B rows, or null for the exact dictionary. */
  @Option(names = "--hash-bits", paramLabel = "B",
      description = "With --open: hash feature names into 2^B rows (signed MurmurHash3) instead of a growing dictionary.")
  public Integer hashBits;

  /** The dictionary's bound on feature names, or null for the default. */
  @Option(names = "--max-features", paramLabel = "N",
      description = "With --open: the most feature names the dictionary holds (default: 4194304), or the most feature"
          + " rows numeric LIBSVM ids may reach (default: no bound); a record past it is refused.")
  public Integer maxFeatures;

  /** The most labels the stream may bring (an ELM's output layer), or null for no bound beyond the default. */
  @Option(names = "--max-labels", paramLabel = "N",
      description = "With --open: the most labels the stream may bring (default: 1000000); the ELM learners, whose output"
          + " layer is fixed, need it and are made with N labels.")
  public Integer maxLabels;

  /** Creates the options with their defaults (picocli fills them). */
  public OpenOptions() {}

  /** The default bound of the label vocabulary. */
  public static final int DEFAULT_MAX_LABELS = 1_000_000;

  /**
   * Refuses the open-stream options without {@code --open}, and their bad values.
   *
   * @throws IllegalArgumentException naming the option
   */
  public void check() {
    if (!open) {
      String given = format != null ? "--format" : hashBits != null ? "--hash-bits" : maxFeatures != null ? "--max-features"
          : maxLabels != null ? "--max-labels" : null;
      if (given != null) {
        throw new IllegalArgumentException(given + " is an option of an open stream: give --open too");
      }
      return;
    }
    if (hashBits != null && (hashBits < 1 || hashBits > 30)) {
      throw new IllegalArgumentException("--hash-bits must be in [1, 30]: " + hashBits);
    }
    if (hashBits != null && maxFeatures != null) {
      throw new IllegalArgumentException("--max-features bounds the dictionary, which --hash-bits replaces: give one of them");
    }
    if (maxFeatures != null && maxFeatures < 1) {
      throw new IllegalArgumentException("--max-features must be >= 1: " + maxFeatures);
    }
    if (maxLabels != null && maxLabels < 1) {
      throw new IllegalArgumentException("--max-labels must be >= 1: " + maxLabels);
    }
  }
}
