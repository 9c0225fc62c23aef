package org.altml.flink.options;

import org.altml.core.eval.ShapeFit;
import org.altml.core.model.DataFit;
import picocli.CommandLine.Option;

/**
 * What a user accepts of data whose declared shape differs from the one it is scored against: a model's ({@code
 * predict}) or the training data's ({@code run --test}); {@link DataFit}'s rule. A picocli mixin of both commands.
 */
public final class FlinkShapeOptions {
  @Option(names = DataFit.ALLOW_SHAPE_MISMATCH, description = "score data that declares another shape than the model's"
      + " (predict) or the training data's (run --test): fewer or more labels or features, label names against label ids;"
      + " else an error (predict --watch: bad records)")
  boolean shapeMismatch;
  @Option(names = DataFit.ALLOW_NEW_FEATURES, description = "score data with more features than the model was trained on"
      + " (many more; any more for a model of ARFF data), or than ARFF training data declares (run --test)")
  boolean newFeatures;

  /** Creates the options with their defaults (picocli fills them). */
  public FlinkShapeOptions() {}

  /** What the options accept. */
  public ShapeFit.Allowed allowed() {
    return new ShapeFit.Allowed(shapeMismatch, newFeatures);
  }
}
