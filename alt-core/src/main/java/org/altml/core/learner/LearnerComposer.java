package org.altml.core.learner;

import java.util.List;
import java.util.Optional;

/**
 * Builds composite learner kinds, whose names join a registered kind and a part that changes it, with
 * {@code '+'} (e.g. {@code salt+rff}: SALT on random Fourier features). Found through {@link
 * java.util.ServiceLoader} by {@link LearnerRegistry}, which asks every composer about a name it has no
 * registered kind for, so that model files, run records and settings keys name a composite kind as they
 * name any other, and {@code LearnerRegistry.get(settings.learner())} works for every settings. The
 * learner package knows no composer: the feature maps register theirs ({@code
 * org.altml.core.features.FeatureMapComposer}) in {@code
 * META-INF/services/org.altml.core.learner.LearnerComposer}.
 *
 * <p>Implementations are stateless and thread-safe, with a public no-argument constructor.
 */
public interface LearnerComposer {
  /** The character that joins the parts of a composite name. */
  char SEPARATOR = '+';

  /**
   * The composite kind called {@code name}, or empty when this composer does not build names of its form.
   * The same name gives an equal spec every time (the registry caches one).
   *
   * @throws IllegalArgumentException when the name has this composer's form but a part is unknown or the
   *     parts do not compose, naming them
   */
  Optional<LearnerSpec> compose(String name);

  /** The names of the parts this composer adds (e.g. the feature maps), for messages; may be empty. */
  default List<String> parts() {
    return List.of();
  }
}
