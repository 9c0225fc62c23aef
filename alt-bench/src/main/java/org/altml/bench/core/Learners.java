package org.altml.bench.core;

import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.linear.Falt;
import org.altml.core.linear.FaltConfig;
import org.altml.core.linear.Salt;
import org.altml.core.linear.SaltConfig;

/**
 * The learners compared by the learner benchmarks, as factories (the {@code Library} enum of HPPC's
 * benchmarks): each constant builds a fresh learner for L labels, M = 1.
 */
public enum Learners {
  /** FALT, η = 1. */
  FALT {
    @Override
    public OnlineMultiLabelLearner create(int numLabels) {
      return new Falt(numLabels, new FaltConfig(1f, 1));
    }
  },
  /** SALT, η = 1, δ = 1. */
  SALT {
    @Override
    public OnlineMultiLabelLearner create(int numLabels) {
      return new Salt(numLabels, new SaltConfig(1f, 1f, 1));
    }
  },
  /** PA-I binary relevance, C = 1. */
  PA1_BR {
    @Override
    public OnlineMultiLabelLearner create(int numLabels) {
      return new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA1, 1f, 1));
    }
  },
  /** PA-II binary relevance, C = 1. */
  PA2_BR {
    @Override
    public OnlineMultiLabelLearner create(int numLabels) {
      return new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA2, 1f, 1));
    }
  };

  /** A new, untrained learner for {@code numLabels} labels. */
  public abstract OnlineMultiLabelLearner create(int numLabels);
}
