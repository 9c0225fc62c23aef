package org.altml.flink.training;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.ModelAveraging;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;

/**
 * A learner kind and its settings by name and text ({@link Settings#asText()}), with L and d: what the
 * operators need to create learners on the task managers through the {@link LearnerRegistry}, in a form
 * Flink can ship, and the zero-division policy of its metrics. No learner is named here: any registered kind works.
 */
public record LearnerSetup(String learner, LinkedHashMap<String, String> settings, int numLabels, int numFeatures, long seed,
    ZeroDivisionPolicy zeroDivision) implements Serializable {
  /** The setup of {@code settings} for data with L labels and d features (0 when unknown); metrics by the default policy. */
  public static LearnerSetup of(Settings settings, int numLabels, int numFeatures, long seed) {
    return new LearnerSetup(settings.learner(), new LinkedHashMap<>(settings.asText()), numLabels, numFeatures, seed,
        ZeroDivisionPolicy.defaults());
  }

  /** This setup with metrics by {@code policy} (0/0: {@code alt evaluate --zero-division}). */
  public LearnerSetup withZeroDivision(ZeroDivisionPolicy policy) {
    return new LearnerSetup(learner, settings, numLabels, numFeatures, seed, policy);
  }

  /** An empty metric suite over L labels by {@link #zeroDivision()}: every suite of a job is one, so they merge. */
  public EvaluationSuite newSuite() {
    return new EvaluationSuite(numLabels, zeroDivision);
  }

  /** The settings, parsed again through the registry. */
  public Settings parsed() {
    return Settings.parse(LearnerRegistry.get(learner), settings);
  }

  /** A fresh learner whose random choices derive from {@code seedOffset} (a key's or a worker's). */
  public OnlineMultiLabelLearner create(long seedOffset) {
    return LearnerRegistry.create(parsed(), new LearnerContext(numLabels, numFeatures, -1, seed * 1_000_003L + seedOffset));
  }

  /**
   * A fresh open learner (docs/spec.md#open-labels): no label and no feature yet, both grown by the stream; its random
   * choices derive from {@code seedOffset} as {@link #create}'s.
   *
   * @throws IllegalArgumentException for a kind whose output layer is fixed by construction (the ELMs)
   */
  public OnlineMultiLabelLearner createOpen(long seedOffset) {
    return LearnerRegistry.create(parsed(), new LearnerContext(0, 0, -1, seed * 1_000_003L + seedOffset));
  }

  /**
   * The averaging of the learner kind.
   *
   * @throws IllegalArgumentException when the kind cannot be averaged
   */
  public ModelAveraging averaging() {
    ModelAveraging a = LearnerRegistry.get(learner).averaging();
    if (a == null) {
      throw new IllegalArgumentException("learner " + learner + " cannot be averaged (its spec has no ModelAveraging):"
          + " data-parallel training needs one");
    }
    return a;
  }

  /** The settings' stable key. */
  @Override
  public String toString() {
    return parsed().key();
  }

  static Map<String, String> copy(Map<String, String> m) {
    return new LinkedHashMap<>(m);
  }
}
