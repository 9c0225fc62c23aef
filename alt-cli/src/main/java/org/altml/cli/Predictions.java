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
  /** A line's label ids as characters: at most 11 per id with its comma. */
  private final char[] ids;

  /** A writer of prediction lines for {@code numLabels} labels ({@code out} may be null to {@link #format} only). */
  Predictions(Writer out, int numLabels, boolean withScores) {
    this.out = out;
    this.withScores = withScores;
    this.predicted = new int[numLabels];
    this.ids = new char[11 * numLabels];
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
    appendLabels(predicted, n, text);
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

  /**
   * Appends the line of one example from its predicted labels alone ({@code labels[0, n)}, ascending; no
   * scores: a writer made without them), its line end included.
   */
  void formatLabels(int[] labels, int n, StringBuilder text) {
    if (withScores) {
      throw new IllegalStateException("this line format needs the scores");
    }
    appendLabels(labels, n, text);
    text.append('\n');
  }

  /** The label ids, comma separated, as characters in one buffer (no {@link StringBuilder#append(int)} per id). */
  private void appendLabels(int[] labels, int n, StringBuilder text) {
    int len = 0;
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        ids[len++] = ',';
      }
      len = digits(labels[k], ids, len);
    }
    text.append(ids, 0, len);
  }

  /** Writes the decimal digits of {@code v} >= 0 at {@code out[at..]} (as {@link Integer#toString(int)}); returns the end. */
  static int digits(int v, char[] out, int at) {
    if (v < 10) {
      out[at] = (char) ('0' + v);
      return at + 1;
    }
    if (v < 100) {
      out[at] = (char) ('0' + v / 10);
      out[at + 1] = (char) ('0' + v % 10);
      return at + 2;
    }
    int length = 3;
    for (int x = v / 1000; x > 0; x /= 10) {
      length++;
    }
    int end = at + length;
    for (int i = end - 1; i >= at; i--) {
      out[i] = (char) ('0' + v % 10);
      v /= 10;
    }
    return end;
  }
}
