package org.altml.cli.open;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.OpenOptions;
import org.altml.cli.output.Predictions;
import org.altml.core.eval.OpenRounds;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.Seeds;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;

/**
 * {@code alt prequential --open}: the open protocol ({@link Prequential#runOpen}) over a stream whose labels and
 * features grow, the served predictions written by label name when asked.
 */
public final class OpenPrequentialRun {
  private final Vocabulary vocabulary;
  private PrequentialResult result;
  private long lineNumber;

  private OpenPrequentialRun(Vocabulary vocabulary) {
    this.vocabulary = vocabulary;
  }

  /**
   * Runs {@code settings}' learner, open, over {@code file}.
   *
   * @param predictions where the served predictions go, a line per example (label names, in the order of first
   *     appearance), or null
   */
  public static OpenPrequentialRun run(Settings settings, OpenOptions open, DataOptions data, Path file, Prequential.Config config,
      Writer predictions) throws IOException {
    OpenFormat format = OpenData.format(open, file);
    Vocabulary vocabulary = OpenData.newVocabulary(open, format, data);
    OpenPrequentialRun run = new OpenPrequentialRun(vocabulary);
    OpenRounds rounds = OpenData.newLearner(settings, open, Seeds.learner(config.seed()), 1);
    try (OpenStream stream = OpenData.stream(file, format, vocabulary)) {
      Prequential.PredictionListener listener = predictions == null ? null : run.writer(predictions);
      run.result = Prequential.runOpen(rounds, stream, config, listener);
      run.lineNumber = stream.lineNumber();
    }
    return run;
  }

  private Prequential.PredictionListener writer(Writer out) {
    return new Prequential.PredictionListener() {
      private Predictions lines;

      @Override
      public void onPrediction(long n, LabelSet truth, Scores scores) throws IOException {
        if (lines == null || lines.numLabels() < scores.numLabels()) { // the labels grew: names known now
          lines = new Predictions(out, Math.max(16, 2 * scores.numLabels()), false).withLabelNames(vocabulary.labels().names());
        }
        lines.write(scores);
      }
    };
  }

  /** The protocol's result. */
  public PrequentialResult result() {
    return result;
  }

  /** The vocabulary the stream grew. */
  public Vocabulary vocabulary() {
    return vocabulary;
  }

  /** The last line read. */
  public long lineNumber() {
    return lineNumber;
  }
}
