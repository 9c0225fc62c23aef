package org.altml.bench.state;

import java.util.LinkedHashMap;
import java.util.Map;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;

/**
 * How alt-bench names its learners: by the names of {@link LearnerRegistry}, at the registry's defaults,
 * with only the values a measurement pins (the C program's η = 1, a weight precision) set by parameter
 * name. No benchmark, yardstick mode or peer comparison lists learner kinds or their defaults: a kind
 * registered by its module is benchmarked by naming it.
 */
public final class RegisteredLearners {
  private RegisteredLearners() {}

  /**
   * The settings of the learner kind called {@code learner}: its defaults, with each of {@code values}
   * (text by parameter name, as {@link Settings#parse} reads it) set when the kind takes that parameter
   * and ignored when it does not (so one set of values serves FALT's η and PA's C alike).
   *
   * @throws IllegalArgumentException naming the registered kinds when none is called {@code learner}, or
   *     naming the parameter when a value does not parse or is out of range
   */
  public static Settings settings(String learner, Map<String, String> values) {
    LearnerSpec spec = LearnerRegistry.get(learner);
    Map<String, String> taken = new LinkedHashMap<>();
    values.forEach((name, value) -> {
      if (spec.hasParameter(name)) {
        taken.put(name, value);
      }
    });
    return Settings.parse(spec, taken);
  }
}
