package org.altml.core.learner;

/**
 * What a learner factory knows about the data before the first example ({@link LearnerSpec#create}).
 *
 * @param numLabels L; 0 for an open learner that has seen no label yet (docs/spec.md#open-labels): a kind whose
 *     labels cannot grow refuses it
 * @param numFeatures d when known (a learner may allocate its model once instead of growing it), else 0
 * @param trainingSize the number of training examples when known (learners that size a block by a fraction
 *     of the stream need it), else -1
 * @param seed the seed of every random choice the learner makes (hidden layers, budgets, feature maps); the
 *     protocols derive it from their own seed, so runs are reproducible
 * @param resources per-dataset resources shared with the other learners of a run set (a Gram cache; see
 *     {@link SharedResources}), {@link SharedResources#NONE} for a single run
 * @param threads the most threads the learner may use inside one round ({@link RoundThreads}); 1 (the default)
 *     for the calling thread alone. A protocol that runs learners side by side (folds, repeated runs) passes 1;
 *     a single run may pass its thread budget. Learners whose rounds have nothing worth splitting ignore it,
 *     and no learner's results depend on it.
 */
public record LearnerContext(int numLabels, int numFeatures, long trainingSize, long seed, SharedResources resources, int threads) {
  /** Checks the sizes. */
  public LearnerContext {
    java.util.Objects.requireNonNull(resources, "resources");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1: " + threads);
    }
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
    if (numFeatures < 0) {
      throw new IllegalArgumentException("numFeatures must be >= 0 (0 = unknown): " + numFeatures);
    }
    if (trainingSize < -1) {
      throw new IllegalArgumentException("trainingSize must be >= 0, or -1 when unknown: " + trainingSize);
    }
  }

  /** A context for one thread. */
  public LearnerContext(int numLabels, int numFeatures, long trainingSize, long seed, SharedResources resources) {
    this(numLabels, numFeatures, trainingSize, seed, resources, 1);
  }

  /** A context sharing nothing ({@link SharedResources#NONE}), for one thread. */
  public LearnerContext(int numLabels, int numFeatures, long trainingSize, long seed) {
    this(numLabels, numFeatures, trainingSize, seed, SharedResources.NONE);
  }

  /** L labels, nothing else known, seed 1. */
  public static LearnerContext of(int numLabels) {
    return new LearnerContext(numLabels, 0, -1, 1L);
  }

  /** A copy with d. */
  public LearnerContext withNumFeatures(int numFeatures) {
    return new LearnerContext(numLabels, numFeatures, trainingSize, seed, resources, threads);
  }

  /** A copy with the training-set size. */
  public LearnerContext withTrainingSize(long trainingSize) {
    return new LearnerContext(numLabels, numFeatures, trainingSize, seed, resources, threads);
  }

  /** A copy with the seed. */
  public LearnerContext withSeed(long seed) {
    return new LearnerContext(numLabels, numFeatures, trainingSize, seed, resources, threads);
  }

  /** A copy with the shared resources. */
  public LearnerContext withResources(SharedResources resources) {
    return new LearnerContext(numLabels, numFeatures, trainingSize, seed, resources, threads);
  }

  /**
   * A copy with the round thread budget.
   *
   * @throws IllegalArgumentException if {@code threads < 1}
   */
  public LearnerContext withThreads(int threads) {
    return new LearnerContext(numLabels, numFeatures, trainingSize, seed, resources, threads);
  }
}
