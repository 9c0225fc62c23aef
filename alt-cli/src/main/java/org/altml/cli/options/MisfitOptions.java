package org.altml.cli.options;

import org.altml.core.eval.ShapeFit;
import org.altml.core.model.DataFit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What a user accepts of data whose shape differs from what it is used with, a picocli mixin: test data against the
 * training data given with it ({@link DataFit#testMisfits}; {@code evaluate}, {@code experiment}, in the words
 * below), or data against a saved model ({@code predict}, {@code test}, {@code train --from}, in their own words:
 * {@link OptionHelp}).
 */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class MisfitOptions {
  @Option(names = DataFit.ALLOW_SHAPE_MISMATCH, descriptionKey = "allow-shape-mismatch",
      description = "Accept test data whose shape differs from the training data's where either declares it (ARFF: fewer"
          + " or more labels or features, label names against label ids, label ids beyond the declared L): a warning, not"
          + " an error.")
  public boolean shapeMismatch;

  @Option(names = DataFit.ALLOW_NEW_FEATURES, descriptionKey = "allow-new-features",
      description = "Accept test data with more features than the training data declares (ARFF), or 2d + 100 or more"
          + " against an ARFF test file: a warning, not an error.")
  public boolean newFeatures;

  /** Creates the options with their defaults (picocli fills them). */
  public MisfitOptions() {}

  /** What the options accept. */
  public ShapeFit.Allowed allowed() {
    return new ShapeFit.Allowed(shapeMismatch, newFeatures);
  }

  /**
   * The options given, as command-line words (each with a leading space; empty when none), so that a suggested command
   * accepts what this one did.
   */
  public String args() {
    return (shapeMismatch ? " " + DataFit.ALLOW_SHAPE_MISMATCH : "") + (newFeatures ? " " + DataFit.ALLOW_NEW_FEATURES : "");
  }
}
