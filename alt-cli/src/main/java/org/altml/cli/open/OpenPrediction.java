package org.altml.cli.open;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import org.altml.cli.output.Predictions;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.model.SavedModel;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.OpenStream;

/**
 * {@code alt predict} with an open model: each record's features mapped through the model's vocabulary as it was saved
 * (names it never saw are left out, the vocabulary does not grow), its prediction over the labels the model knows, by
 * name (docs/spec.md#open-prediction). A kind of fixed capacity (an ELM made with --max-labels) never reports a label it
 * has not seen.
 */
public final class OpenPrediction {
  private OpenPrediction() {}

  /**
   * Writes a line per record of {@code file} to {@code out} in the format of {@link Predictions}, label names always;
   * returns the number of records and of empty predictions.
   */
  public static long[] predict(SavedModel model, Path file, OpenFormat format, boolean withScores, Writer out)
      throws IOException {
    OnlineMultiLabelLearner learner = model.learner();
    OpenRounds rounds = new OpenRounds(learner, model.reportedLabels());
    Scores scores = new Scores(model.reportedLabels());
    Predictions lines = new Predictions(out, Math.max(1, model.reportedLabels()), withScores)
        .withLabelNames(model.vocabulary().labels().names());
    long records = 0;
    long empty = 0;
    try (OpenStream stream = OpenStream.open(file, format, model.vocabulary(), false, ReadOptions.defaults())) {
      while (stream.advance()) {
        rounds.predict(OnlineMultiLabelLearner.NO_ID, model.scaler().transform(stream.features()), scores);
        if (lines.write(scores) == 0) {
          empty++;
        }
        records++;
      }
    }
    return new long[] {records, empty};
  }
}
