package org.altml.core.features;

import java.util.List;
import java.util.Optional;
import org.altml.core.learner.LearnerComposer;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;

/**
 * Builds the learner kinds {@code LEARNER+MAP} ({@link MappedSpec}): a linear learner kind on a registered
 * feature map, e.g. {@code salt+rff}. Registered as a {@link LearnerComposer}, so {@link LearnerRegistry}
 * resolves these names for model files, run records and settings without listing them.
 */
public final class FeatureMapComposer implements LearnerComposer {
  /** Created by {@link java.util.ServiceLoader}. */
  public FeatureMapComposer() {}

  /** The name of {@code learner} on {@code map}: {@code learner + '+' + map}. */
  public static String name(String learner, String map) {
    return learner + SEPARATOR + map;
  }

  @Override
  public Optional<LearnerSpec> compose(String name) {
    int at = name.lastIndexOf(SEPARATOR);
    if (at <= 0 || !FeatureMapRegistry.contains(name.substring(at + 1))) {
      return Optional.empty();
    }
    LearnerSpec inner = LearnerRegistry.get(name.substring(0, at));
    return Optional.of(new MappedSpec(inner, FeatureMapRegistry.get(name.substring(at + 1))));
  }

  @Override
  public List<String> parts() {
    return FeatureMapRegistry.names();
  }
}
