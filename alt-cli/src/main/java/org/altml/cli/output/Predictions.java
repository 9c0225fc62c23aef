package org.altml.cli.output;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.altml.core.learner.Scores;
import org.altml.sparse.io.TerminalText;

/**
 * The prediction file format shared by {@code alt predict} and {@code alt evaluate --predictions}: one
 * line per example, in input order: the predicted label ids in ascending order, comma separated (an
 * empty line when no label is predicted); with scores, a tab and then the L label scores and the
 * threshold score, space separated, each printed as the shortest decimal that reads back as the same
 * float ({@link Float#toString(float)}). With label names ({@link #withLabelNames}: {@code alt predict --label-names}),
 * the names of the predicted labels in label id order stand for their ids; the scores stay in label id order.
 */
public final class Predictions {
  private final Writer out;
  private final boolean withScores;
  private final int[] predicted;
  private final StringBuilder line = new StringBuilder();
  /** A line's label ids as characters: at most 11 per id with its comma. */
  private final char[] ids;
  /** The label names printed for the ids, or null for the ids. */
  private List<String> names;

  /** A writer of prediction lines for {@code numLabels} labels ({@code out} may be null to {@link #format} only). */
  public Predictions(Writer out, int numLabels, boolean withScores) {
    this.out = out;
    this.withScores = withScores;
    this.predicted = new int[numLabels];
    this.ids = new char[11 * numLabels];
  }

  /** The most labels a line of this writer holds. */
  public int numLabels() {
    return predicted.length;
  }

  /**
   * Prints the predicted labels by these names (one per label id; null: by their ids).
   *
   * @throws IllegalArgumentException naming a label whose name could not be read back from a line: empty, or with a
   *     comma (which separates labels), a tab (which starts the scores) or a line break
   */
  public Predictions withLabelNames(List<String> labelNames) {
    for (int i = 0; labelNames != null && i < labelNames.size(); i++) {
      String n = labelNames.get(i);
      if (n.isEmpty() || n.chars().anyMatch(c -> c == ',' || c == '\t' || c == '\n' || c == '\r')) {
        throw new IllegalArgumentException("label id " + i + " is named '" + TerminalText.printable(n) + "', which a prediction"
            + " line cannot hold (labels are separated by commas, the scores by a tab); leave --label-names out to print ids");
      }
    }
    this.names = labelNames;
    return this;
  }

  /** Writes the line of one example; returns the number of labels predicted. */
  public int write(Scores scores) throws IOException {
    line.setLength(0);
    int n = format(scores, line);
    out.append(line);
    return n;
  }

  /** Appends the line of one example, its line end included, to {@code text}; returns the number of labels predicted. */
  public int format(Scores scores, StringBuilder text) {
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
  public void formatLabels(int[] labels, int n, StringBuilder text) {
    if (withScores) {
      throw new IllegalStateException("this line format needs the scores");
    }
    appendLabels(labels, n, text);
    text.append('\n');
  }

  /** The label ids, comma separated, as characters in one buffer (no {@link StringBuilder#append(int)} per id). */
  private void appendLabels(int[] labels, int n, StringBuilder text) {
    if (names != null) {
      for (int k = 0; k < n; k++) {
        text.append(k > 0 ? "," : "").append(names.get(labels[k]));
      }
      return;
    }
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
