package org.altml.bench.core;

import org.altml.core.learner.Scores;
import org.altml.core.linear.Falt;
import org.altml.core.linear.FaltConfig;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.learner.Precision;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * The learner side of {@link YardstickComparison}: ALT's {@link Falt} (η = 1, M = 1, float weights, as the C program)
 * trained with {@code predictThenUpdate} and asked to {@code predict}, example by example.
 */
public final class FaltYardstickContender implements YardstickComparison.Contender {
  private final int numLabels;
  private final int numFeatures;
  private final Scores scores;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private Falt learner;

  /**
   * Creates the contender (called by name from {@link YardstickComparison}).
   *
   * @param numLabels L
   * @param numFeatures d: W is allocated with d rows up front, as the C program allocates it
   */
  public FaltYardstickContender(int numLabels, int numFeatures) {
    this.numLabels = numLabels;
    this.numFeatures = numFeatures;
    this.scores = new Scores(numLabels);
    reset();
  }

  @Override
  public void reset() {
    // float weights, as the C yardstick program (explicit: the library default is double)
    learner = new Falt(numLabels, new FaltConfig(1f, 1), LearnerOptions.defaults().withPrecision(Precision.FLOAT));
    // d is known, as in the C program (which allocates W once): allocate the rows now instead of
    // timing the amortised growth copies of a stream that discovers d as it goes
    learner.ensureFeatures(numFeatures);
  }

  @Override
  public double trainPass(Dataset data) {
    long predicted = 0;
    for (int i = 0, n = data.size(); i < n; i++) {
      learner.predictThenUpdate(data.features(i, x), data.labels(i, y), scores);
      predicted += scores.predictedCount();
    }
    return predicted;
  }

  @Override
  public double predictPass(Dataset data) {
    long predicted = 0;
    for (int i = 0, n = data.size(); i < n; i++) {
      learner.predict(data.features(i, x), scores);
      predicted += scores.predictedCount();
    }
    return predicted;
  }
}
