package org.altml.cli.options;

import java.util.ListResourceBundle;

/**
 * The words in which a command describes a shared option, where they are its own: a resource bundle whose keys are
 * {@code alt.COMMAND.KEY}, KEY being the option's {@code descriptionKey} (picocli looks a description up by the
 * command's qualified name first). An option of a mixin has one declaration (names, parameter label, default); a
 * command without an entry here shows the description of that declaration.
 */
public final class OptionHelp extends ListResourceBundle {
  /** The bundle's name, for {@code @Command(resourceBundle = ...)} on the mixins. */
  public static final String BUNDLE = "org.altml.cli.options.OptionHelp";

  /** Creates the bundle (the resource bundle machinery does). */
  public OptionHelp() {}

  private static final String ZERO_DIVISION_SHORT = "0/0 in the metrics: spec, zero or one (default: ${DEFAULT-VALUE}).";
  private static final String TUNING_SCALE = "Feature scaling: none, standardize (fitted on the training part only) or l2"
      + " (default: ${DEFAULT-VALUE}).";
  private static final String TUNING_THREADS = "Worker threads; 0 = all cores; the results do not depend on it (default:"
      + " ${DEFAULT-VALUE}).";

  @Override
  protected Object[][] getContents() {
    return new Object[][] {
      {"alt.evaluate.scale", "Feature scaling: none, standardize (fitted on TRAIN only) or l2 (default: ${DEFAULT-VALUE})."},
      {"alt.prequential.scale", "Feature scaling: none, standardize (running statistics) or l2 (default: ${DEFAULT-VALUE})."},
      {"alt.tune.scale", TUNING_SCALE},
      {"alt.experiment.scale", TUNING_SCALE},
      {"alt.train.model-scale", "Feature scaling: none, standardize (fitted on DATA, saved in the model) or l2 (default:"
          + " none; with --from: the model's, which cannot be changed)."},

      {"alt.prequential.zero-division", ZERO_DIVISION_SHORT},
      {"alt.tune.zero-division", ZERO_DIVISION_SHORT},
      {"alt.experiment.zero-division", ZERO_DIVISION_SHORT},

      {"alt.evaluate.threads", "Threads predicting the test set, and those a learner may use inside a training round (a"
          + " budgeted kernel learner's merges; the same results on any number); 0 = all cores (default: ${DEFAULT-VALUE})."},
      {"alt.test.threads", "Threads predicting and scoring (the metrics do not depend on it); 0 = all cores (default:"
          + " ${DEFAULT-VALUE})."},
      {"alt.train.threads", "Threads a learner may use inside a training round (a kernel learner's merges and block"
          + " scoring; the same model on any number; a model continued with --from trains on one); 0 = all cores (default:"
          + " ${DEFAULT-VALUE})."},
      {"alt.tune.threads", TUNING_THREADS},
      {"alt.experiment.threads", TUNING_THREADS},

      {"alt.demo.json", "Print the results as one JSON object (metrics as fractions, run records)."},
      {"alt.evaluate.json", "Print one JSON object: metrics (fractions), timings, run record."},
      {"alt.prequential.json", "Print the summary as one JSON object (metrics as fractions, run record)."},
      {"alt.stats.json", "Print a JSON array, one object per file."},
      {"alt.test.json", "Print one JSON object: metrics (fractions), counts, timing, the model."},
      {"alt.tune.json", "Print one JSON object: the selected settings, its fold means, every setting of the last stage"
          + " (every one for a full search; halving: those on every fold, with foldRuns counting every pass) with its"
          + " value on each fold, and each fold's held-out examples (0-based positions in the training file)."},

      {"alt.evaluate.predictions", "Also write the test predictions in the format of 'alt predict' (written atomically;"
          + " '-': stdout, and the report goes to stderr). Never an input file."},
      {"alt.prequential.predictions", "Also write each example's served prediction (made before it was learned), a line"
          + " per example in the format of 'alt predict' (label names with --open; written atomically; '-': stdout, and the"
          + " report goes to stderr). Never an input file."},

      {"alt.experiment.seed", "Seed of run 0; run r uses S + r, as 'alt evaluate --seed' (default: ${DEFAULT-VALUE})."},

      {"alt.predict.allow-new-features", "Predict data with many more features than the model was trained on (a warning,"
          + " not an error)."},
      {"alt.predict.allow-shape-mismatch", "Predict data that declares another shape than the model's (fewer labels or"
          + " features, label names against label ids): a warning, not an error."},
      {"alt.test.allow-new-features", "Score data with many more features than the model was trained on (a warning, not"
          + " an error)."},
      {"alt.test.allow-shape-mismatch", "Score data that declares another shape than the model's (fewer labels or"
          + " features, label names against label ids): a warning, not an error."},
      {"alt.train.allow-new-features", "With --from: train on data with many more features than the model was trained"
          + " on (a warning, not an error)."},
      {"alt.train.allow-shape-mismatch", "With --from: train on data that declares another shape than the model's (fewer"
          + " labels or features, label names against label ids): a warning, not an error."},
    };
  }
}
