package org.altml.cli;

import java.io.IOException;
import java.io.Writer;
import org.altml.core.learner.Scores;

/**
 * The prediction file format shared by {@code alt predict} and {@code alt evaluate --predictions}: one
 * line per example, in input order: the predicted label ids in ascending order, comma separated (an
 * empty line when no label is predicted); with scores, a tab and then the L label scores and the
 * threshold score, space separated, each printed as the shortest decimal that reads back as the same
 * float ({@link Float#toString(float)}).
 */
final class Predictions {
  private final Writer out;
  private final boolean withScores;
  private final int[] predicted;
  private final StringBuilder line = new StringBuilder();

  /** A writer of prediction lines for {@code numLabels} labels ({@code out} may be null to {@link #format} only). */
  Predictions(Writer out, int numLabels, boolean withScores) {
    this.out = out;
    this.withScores = withScores;
    this.predicted = new int[numLabels];
  }

  /** Writes the line of one example; returns the number of labels predicted. */
  int write(Scores scores) throws IOException {
    line.setLength(0);
    int n = format(scores, line);
    out.append(line);
    return n;
  }

  /** Appends the line of one example, its line end included, to {@code text}; returns the number of labels predicted. */
  int format(Scores scores, StringBuilder text) {
    int n = scores.predicted(predicted);
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        text.append(',');
      }
      text.append(predicted[k]);
    }
    if (withScores) {
      text.append('\t');
      for (int i = 0; i < scores.numLabels(); i++) {
        text.append(scores.label(i)).append(' ');
      }
      text.append(scores.threshold());
    }
    text.append('\n');
    return n;
  }
}
