package org.altml.cli.open;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.OpenOptions;
import org.altml.cli.output.ToolkitVersion;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.model.SavedModel;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;

/**
 * {@code alt train --open}: one pass over a stream in its order, the labels and features growing as records bring them
 * (docs/spec.md#open-labels), and the model saved with its vocabulary; or an open model continued on more of the
 * stream, exactly as if it had followed in one stream.
 */
public final class OpenTraining {
  private final SavedModel model;
  private final long examples;
  private final double seconds;

  private OpenTraining(SavedModel model, long examples, double seconds) {
    this.model = model;
    this.examples = examples;
    this.seconds = seconds;
  }

  /** The model trained. */
  public SavedModel model() {
    return model;
  }

  /** The examples of this pass. */
  public long examples() {
    return examples;
  }

  /** The seconds of learning. */
  public double seconds() {
    return seconds;
  }

  /** A new open model of {@code settings} trained on {@code file}. */
  public static OpenTraining train(Settings settings, OpenOptions open, DataOptions data, Path file, long learnerSeed, int threads)
      throws IOException {
    OpenFormat format = OpenData.format(open, file);
    Vocabulary vocabulary = OpenData.newVocabulary(open, format, data);
    OpenRounds rounds = OpenData.newLearner(settings, open, learnerSeed, threads);
    return pass(rounds, vocabulary, format, file, new LinkedHashMap<>(), "");
  }

  /**
   * The open model {@code saved} trained further on {@code file}, its vocabulary growing on.
   *
   * @throws IllegalArgumentException for vocabulary options (the model carries its own)
   */
  public static OpenTraining proceed(SavedModel saved, Path savedFile, OpenOptions open, Path file) throws IOException {
    if (open.hashBits != null || open.maxFeatures != null || open.maxLabels != null) {
      throw new IllegalArgumentException("--hash-bits, --max-features and --max-labels cannot be combined with --from: the"
          + " open model " + DataFiles.displayName(savedFile) + " carries its vocabulary (" + saved.vocabulary().features()
          .describe() + ")");
    }
    OpenFormat format = OpenData.format(open, file);
    OpenRounds rounds = new OpenRounds(saved.learner(), saved.vocabulary().labels().size());
    int pass = 1;
    while (saved.provenance().containsKey("continued" + pass + ".data")) {
      pass++;
    }
    return pass(rounds, saved.vocabulary(), format, file, new LinkedHashMap<>(saved.provenance()), "continued" + pass + ".");
  }

  private static OpenTraining pass(OpenRounds rounds, Vocabulary vocabulary, OpenFormat format, Path file,
      Map<String, String> provenance, String prefix) throws IOException {
    long n = 0;
    long nanos = 0;
    try (OpenStream stream = OpenData.stream(file, format, vocabulary)) {
      while (stream.advance()) {
        long start = System.nanoTime();
        rounds.learn(OnlineMultiLabelLearner.NO_ID, stream.features(), stream.labels(), "example " + n + " (line " + stream.lineNumber() + " of "
            + DataFiles.displayName(file) + ")");
        nanos += System.nanoTime() - start;
        n++;
      }
    }
    OnlineMultiLabelLearner learner = rounds.learner();
    learner.checkFinite();
    provenance.put(prefix + "toolkitVersion", ToolkitVersion.get());
    provenance.put(prefix + "data", DataFiles.displayName(file));
    provenance.put(prefix + "format", format.cliName());
    SavedModel model = new SavedModel(learner, null, vocabulary.features().numRows(), FeatureScaler.of(FeatureScaling.NONE),
        provenance, vocabulary);
    return new OpenTraining(model, n, nanos * 1e-9);
  }
}
