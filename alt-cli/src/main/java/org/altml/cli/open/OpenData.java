package org.altml.cli.open;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.OpenOptions;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.open.FeatureDictionary;
import org.altml.sparse.open.FeatureHashing;
import org.altml.sparse.open.FeatureVocabulary;
import org.altml.sparse.open.LabelVocabulary;
import org.altml.sparse.open.NumericFeatures;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;

/**
 * What {@code --open} commands share (docs/spec.md#open-labels): the checks of their options against the data, the
 * vocabulary a new open model starts from, the stream that grows it, and the open learner.
 */
public final class OpenData {
  private OpenData() {}

  /**
   * Refuses what an open stream cannot take: a fixed L, ARFF data (which declares its labels), the ARFF options.
   *
   * @throws IllegalArgumentException naming the option or the file
   */
  public static void check(OpenOptions open, DataOptions data, Path file) {
    open.check();
    if (!open.open) {
      return;
    }
    if (data.numLabels != null) {
      throw new IllegalArgumentException("--num-labels fixes L, which --open grows with the stream: give one of them");
    }
    if (data.labelsGiven() || !data.ignoreAttributes.isEmpty()) {
      throw new IllegalArgumentException("the ARFF options are not for --open, which reads LIBSVM, libsvm-names or JSON lines");
    }
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".arff") || name.endsWith(".arff.gz")) {
      throw new IllegalArgumentException(DataFiles.displayName(file) + ": ARFF declares its labels; --open reads LIBSVM,"
          + " libsvm-names or JSON lines (convert it with 'alt convert', or leave --open out)");
    }
  }

  /** The records' format: {@code --format}, else guessed from the file name. */
  public static OpenFormat format(OpenOptions open, Path file) {
    return format(open.format, file);
  }

  /** The records' format: {@code given} (a {@code --format} value), else, when null, guessed from the file name. */
  public static OpenFormat format(String given, Path file) {
    if (given == null) {
      return OpenFormat.guess(file);
    }
    for (OpenFormat f : OpenFormat.values()) {
      if (f.cliName().equals(given)) {
        return f;
      }
    }
    throw new IllegalArgumentException("--format must be libsvm, libsvm-names or json: " + given
        + org.altml.core.learner.NameSuggestion.didYouMean(given, java.util.List.of("libsvm", "libsvm-names", "json")));
  }

  /**
   * The empty vocabulary of a new open model: hashing with {@code --hash-bits}, numeric ids for LIBSVM, else a dictionary
   * of names bounded by {@code --max-features}.
   */
  public static Vocabulary newVocabulary(OpenOptions open, OpenFormat format, DataOptions data) {
    FeatureVocabulary features;
    if (open.hashBits != null) {
      features = new FeatureHashing(open.hashBits);
    } else if (format == OpenFormat.LIBSVM) { // numeric ids: a stray huge index is what the bound catches
      features = new NumericFeatures(data.zeroBased, open.maxFeatures != null ? open.maxFeatures : Integer.MAX_VALUE);
    } else {
      features = new FeatureDictionary(open.maxFeatures != null ? open.maxFeatures : FeatureDictionary.DEFAULT_MAX_NAMES);
    }
    return new Vocabulary(new LabelVocabulary(open.maxLabels != null ? open.maxLabels : OpenOptions.DEFAULT_MAX_LABELS),
        features);
  }

  /** The stream of {@code file}, read through {@code vocabulary} (which grows with it). */
  public static OpenStream stream(Path file, OpenFormat format, Vocabulary vocabulary) throws IOException {
    return OpenStream.open(file, format, vocabulary);
  }

  /**
   * A new open learner of {@code settings} (docs/spec.md#open-kinds): with no label yet when its kind grows its labels,
   * else with {@code --max-labels} labels, its fixed capacity.
   *
   * @throws IllegalArgumentException for a kind of fixed output layer without {@code --max-labels}
   */
  public static OpenRounds newLearner(Settings settings, OpenOptions open, long learnerSeed, int threads) {
    LearnerContext context = new LearnerContext(0, 0, -1, learnerSeed).withThreads(threads);
    OnlineMultiLabelLearner learner;
    try {
      learner = LearnerRegistry.create(settings, context);
    } catch (IllegalArgumentException e) {
      if (open.maxLabels == null) {
        String message = String.valueOf(e.getMessage());
        throw message.contains("--max-labels") ? e : new IllegalArgumentException(message + " (an open stream: give"
            + " --max-labels N, the most labels it may bring)", e);
      }
      learner = LearnerRegistry.create(settings, new LearnerContext(open.maxLabels, 0, -1, learnerSeed).withThreads(threads));
    }
    if (open.hashBits != null) {
      OpenRounds.reserveFeatureRows(learner, 1 << open.hashBits);
    }
    return new OpenRounds(learner, 0);
  }
}
