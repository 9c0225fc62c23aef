package org.altml.bench.core;

import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.linear.Falt;
import org.altml.core.linear.FaltConfig;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.learner.Precision;
import org.altml.core.linear.Salt;
import org.altml.core.linear.SaltConfig;

/**
 * The learners compared by the learner benchmarks, as factories (the {@code Library} enum of HPPC's
 * benchmarks): each constant builds a fresh learner for L labels, M = 1, in a given weight precision.
 */
public enum Learners {
  /** FALT, η = 1. */
  FALT {
    @Override
    public OnlineMultiLabelLearner create(int numLabels, Precision precision) {
      return new Falt(numLabels, new FaltConfig(1f, 1), LearnerOptions.defaults().withPrecision(precision));
    }
  },
  /** SALT, η = 1, δ = 1. */
  SALT {
    @Override
    public OnlineMultiLabelLearner create(int numLabels, Precision precision) {
      return new Salt(numLabels, new SaltConfig(1f, 1f, 1), LearnerOptions.defaults().withPrecision(precision));
    }
  },
  /** PA-I binary relevance, C = 1. */
  PA1_BR {
    @Override
    public OnlineMultiLabelLearner create(int numLabels, Precision precision) {
      return new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA1, 1f, 1), LearnerOptions.defaults().withPrecision(precision));
    }
  },
  /** PA-II binary relevance, C = 1. */
  PA2_BR {
    @Override
    public OnlineMultiLabelLearner create(int numLabels, Precision precision) {
      return new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA2, 1f, 1), LearnerOptions.defaults().withPrecision(precision));
    }
  };

  /** A new, untrained learner for {@code numLabels} labels with weights in {@code precision}. */
  public abstract OnlineMultiLabelLearner create(int numLabels, Precision precision);

  /** A new, untrained learner for {@code numLabels} labels in the default precision (double). */
  public OnlineMultiLabelLearner create(int numLabels) {
    return create(numLabels, LearnerOptions.defaults().precision());
  }
}
