package org.altml.core.linear;

/**
 * What every linear learner's values share: M, the maximum number of update steps per example
 * (docs/spec.md#m-steps). Implemented by the views of a learner's {@link org.altml.core.learner.Settings}
 * ({@link FaltConfig}, {@link SaltConfig}, {@code PaConfig}), which hold no defaults and check nothing: the
 * settings are the configuration.
 */
public interface LearnerConfig {
  /** M ≥ 1: at most this many inner update steps per example, stopping early at zero loss. */
  int maxUpdatesPerExample();
}
