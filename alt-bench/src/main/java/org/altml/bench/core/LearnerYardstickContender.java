package org.altml.bench.core;

import java.util.Map;
import org.altml.bench.state.RegisteredLearners;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * A learner on {@link YardstickComparison}'s stream: the registered learner kind of the mode's name
 * ({@code falt}, {@code salt}, any other), built through the registry with the C program's settings where
 * the kind takes them (η = 1, M = 1, float weights; the rest at the registry's defaults), trained with
 * {@code predictThenUpdate} and asked to {@code predict}, example by example. Mode {@code falt} is the
 * C program's counterpart; the others have none and give ratios to it on the identical stream.
 */
public final class LearnerYardstickContender implements YardstickComparison.Contender {
  /**
   * What {@code falt_limit.c} runs: η = 1, M = 1, float weights (explicit: the library default is
   * double), and learning from the first example (an ELM's N0 = 1), set on the kinds that take these
   * parameters.
   */
  static final Map<String, String> C_PROGRAM = Map.of(
      CommonParameters.ETA.name(), "1",
      CommonParameters.MAX_UPDATES.name(), "1",
      CommonParameters.PRECISION.name(), "float",
      // the ELMs' initial block: learn from the first example on, as the C program does (the stream's
      // length is not given to the learner, so N0 would otherwise default to H)
      "initial", "1");

  private final Settings settings;
  private final LearnerContext context;
  private final Scores scores;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private OnlineMultiLabelLearner learner;

  /**
   * Creates the contender.
   *
   * @param learner a registered learner kind
   * @param numLabels L
   * @param numFeatures d: given to the learner, so a linear one allocates W's d rows up front, as the C
   *     program does, instead of timing the amortised growth copies of a stream that discovers d as it goes
   * @throws IllegalArgumentException naming the registered kinds when none is called {@code learner}
   */
  public LearnerYardstickContender(String learner, int numLabels, int numFeatures) {
    this.settings = RegisteredLearners.settings(learner, C_PROGRAM);
    this.context = new LearnerContext(numLabels, numFeatures, -1, 1L);
    this.scores = new Scores(numLabels);
    reset();
  }

  /** The settings the learner runs with. */
  public Settings settings() {
    return settings;
  }

  @Override
  public void reset() {
    learner = settings.spec().create(settings, context);
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
