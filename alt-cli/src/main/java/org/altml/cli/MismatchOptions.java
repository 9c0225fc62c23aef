package org.altml.cli;

import org.altml.core.eval.ShapeFit;
import org.altml.core.model.DataFit;
import picocli.CommandLine.Option;

/**
 * What a user accepts of test data whose shape differs from the training data's given with it ({@link
 * DataFit#testMisfits}): the options of the commands that train and test in one run ({@code evaluate}, {@code
 * experiment}), a picocli mixin.
 */
public final class MismatchOptions {
  @Option(names = DataFit.ALLOW_SHAPE_MISMATCH,
      description = "Accept test data whose shape differs from the training data's where either declares it (ARFF: fewer"
          + " or more labels or features, label names against label ids, label ids beyond the declared L): a warning, not"
          + " an error.")
  boolean shapeMismatch;

  @Option(names = DataFit.ALLOW_NEW_FEATURES,
      description = "Accept test data with more features than the training data declares (ARFF), or 2d + 100 or more"
          + " against an ARFF test file: a warning, not an error.")
  boolean newFeatures;

  /** Creates the options with their defaults (picocli fills them). */
  public MismatchOptions() {}

  /** What the options accept. */
  ShapeFit.Allowed allowed() {
    return new ShapeFit.Allowed(shapeMismatch, newFeatures);
  }

  /**
   * The options given, as command-line words (each with a leading space; empty when none), so that a suggested command
   * accepts what this one did.
   */
  String args() {
    return (shapeMismatch ? " " + DataFit.ALLOW_SHAPE_MISMATCH : "") + (newFeatures ? " " + DataFit.ALLOW_NEW_FEATURES : "");
  }
}
