package org.altml.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;

/**
 * The warnings of the learning commands: one line each on stderr, {@code alt: warning: ...}, for runs that
 * finish but are most likely not what was meant. They are printed whatever {@code --quiet} says ({@code
 * --quiet} silences the progress bar only) and never go to standard output.
 */
final class Warnings {
  /** What most often cures a model that predicts no label at all. */
  static final String EMPTY_PREDICTIONS_CURE = "--scale standardize or a larger --max-updates";

  private Warnings() {}

  /** Prints {@code alt: warning: text}. */
  static void print(PrintWriter err, String text) {
    err.println("alt: warning: " + text);
    err.flush();
  }

  /** The data a model learns from has no example ({@code data}: "the training data x.svm"). */
  static void ifNoExamples(PrintWriter err, long examples, String data) {
    if (examples == 0) {
      print(err, data + " has no examples: the model has learned nothing");
    }
  }

  /** Every prediction of a run over at least one example is empty (from its empty-prediction rate). */
  static void ifAllPredictionsEmpty(PrintWriter err, MetricReport report, long examples, String what) {
    ifAllPredictionsEmpty(err, report.get(Measure.EMPTY_PREDICTION_RATE) == 1.0 ? examples : 0, examples, what, "try");
  }

  /**
   * {@code empty} of {@code examples} predictions are empty: when that is all of them (and there is at
   * least one), says so with the likely cure.
   *
   * @param verb how the cure is introduced ("try", "retrain with")
   */
  static void ifAllPredictionsEmpty(PrintWriter err, long empty, long examples, String what, String verb) {
    if (examples > 0 && empty == examples) {
      print(err, String.format(Locale.ROOT, "every prediction %s is empty (%,d examples: no label scores above the"
          + " threshold); %s %s", what, examples, verb, EMPTY_PREDICTIONS_CURE));
    }
  }
}
