package org.altml.bench.core;

import org.altml.core.learner.Scores;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.learner.Precision;
import org.altml.core.linear.Salt;
import org.altml.core.linear.SaltConfig;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * SALT on {@link YardstickComparison}'s stream: ALT's {@link Salt} (η = 1, δ = 1, M = 1) trained with
 * {@code predictThenUpdate} and asked to {@code predict}, example by example. The C program has no SALT;
 * this mode gives the SALT/FALT ratio on the identical stream in the same run.
 */
public final class SaltYardstickContender implements YardstickComparison.Contender {
  private final int numLabels;
  private final int numFeatures;
  private final Scores scores;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private Salt learner;

  /**
   * Creates the contender (mode {@code salt} of {@link YardstickComparison}).
   *
   * @param numLabels L
   * @param numFeatures d: W is allocated with d rows up front, as the C program allocates it
   */
  public SaltYardstickContender(int numLabels, int numFeatures) {
    this.numLabels = numLabels;
    this.numFeatures = numFeatures;
    this.scores = new Scores(numLabels);
    reset();
  }

  @Override
  public void reset() {
    // float weights, like the FALT contender and the C program (the library default is double)
    learner = new Salt(numLabels, new SaltConfig(1f, 1f, 1), LearnerOptions.defaults().withPrecision(Precision.FLOAT));
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
