package org.altml.cli.output;

import java.io.PrintWriter;
import java.util.Locale;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;

/**
 * The warnings of the learning commands: one line each on stderr, {@code alt: warning: ...}, for runs that
 * finish but are most likely not what was meant. They are printed whatever {@code --quiet} says ({@code
 * --quiet} silences the progress bar only) and never go to standard output.
 */
public final class Warnings {
  private Warnings() {}

  /** Prints {@code alt: warning: text}. */
  public static void print(PrintWriter err, String text) {
    err.println("alt: warning: " + text);
    err.flush();
  }

  /** The data a model learns from has no example ({@code data}: "the training data x.svm"). */
  public static void ifNoExamples(PrintWriter err, long examples, String data) {
    ifNoExamples(err, examples, data, "the model has learned nothing");
  }

  /** {@code data} has no example, so that {@code consequence} ("nothing was scored"). */
  public static void ifNoExamples(PrintWriter err, long examples, String data, String consequence) {
    if (examples == 0) {
      print(err, data + " has no examples: " + consequence);
    }
  }

  /** Every prediction of a run over at least one example by {@code learner} is empty (from its empty-prediction rate). */
  public static void ifAllPredictionsEmpty(PrintWriter err, MetricReport report, long examples, String what, OnlineMultiLabelLearner learner) {
    ifAllPredictionsEmpty(err, report.get(Measure.EMPTY_PREDICTION_RATE) == 1.0 ? examples : 0, examples, what, "try", learner);
  }

  /**
   * {@code empty} of {@code examples} predictions of {@code learner} are empty: when that is all of them (and there
   * is at least one), says why when the learner never started ({@link OnlineMultiLabelLearner#notStartedReason()}),
   * else with the likely cure.
   *
   * @param verb how the cure is introduced ("try", "retrain with")
   */
  public static void ifAllPredictionsEmpty(PrintWriter err, long empty, long examples, String what, String verb,
      OnlineMultiLabelLearner learner) {
    if (examples == 0 || empty != examples) {
      return;
    }
    String notStarted = learner.notStartedReason();
    if (notStarted != null) {
      print(err, String.format(Locale.ROOT, "every prediction %s is empty (%,d examples): %s never started to learn: %s", what,
          examples, learner.name(), notStarted));
      return;
    }
    print(err, String.format(Locale.ROOT, "every prediction %s is empty (%,d examples: no label scores above the"
        + " threshold); %s %s", what, examples, verb, emptyPredictionsCure(learner)));
  }

  /**
   * Warns that a trained model cannot predict yet when its learner never started ({@link
   * OnlineMultiLabelLearner#notStartedReason()}: an ELM short of N0 examples, a Nyström map short of its landmarks).
   */
  public static void ifNotStarted(PrintWriter err, OnlineMultiLabelLearner learner, String model) {
    String notStarted = learner.notStartedReason();
    if (notStarted != null) {
      print(err, model + " cannot predict yet: " + learner.name() + " never started to learn: " + notStarted
          + " (or continue it with train --from on more data)");
    }
  }

  /** What most often cures a model that predicts no label at all: scaled features, and more steps where M is a parameter. */
  public static String emptyPredictionsCure(OnlineMultiLabelLearner learner) {
    org.altml.core.learner.Parameter<?> m = org.altml.core.learner.CommonParameters.MAX_UPDATES;
    return "--scale standardize" + (learner.spec().hasParameter(m.name()) ? " or a larger " + m.option() : "");
  }
}
