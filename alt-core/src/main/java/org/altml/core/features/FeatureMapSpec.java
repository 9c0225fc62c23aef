package org.altml.core.features;

import java.util.List;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * A feature-map kind, found by name through {@link java.util.ServiceLoader} ({@link FeatureMapRegistry}) as
 * learner kinds are: its name, typed parameters with defaults and ranges, a factory and the codec of its
 * state. The module that owns a map registers its spec with one line in {@code
 * META-INF/services/org.altml.core.features.FeatureMapSpec}; composed with any linear learner kind it makes
 * the learner kind {@code LEARNER+MAP} ({@link MappedSpec}), which the CLI, protocols and model files find
 * by that name, so none of them lists maps by hand.
 *
 * <p>A map's parameters are keyed in the mapped learner's {@link Settings} beside the learner's own, so
 * their names must differ from every linear learner's; parameters several maps share (D, σ²) are one
 * {@link Parameter} each ({@link MapParameters}, {@link org.altml.core.learner.CommonParameters#SIGMA2}).
 *
 * <p>Implementations are stateless and thread-safe, with a public no-argument constructor.
 */
public interface FeatureMapSpec {
  /** The name users type ({@code --feature-map NAME}) and model files record: lower case, digits and '-'. */
  String name();

  /** One line for help texts, citing the method. */
  String description();

  /** Every parameter, in the order they are shown and keyed. */
  List<Parameter<?>> parameters();

  /**
   * A fresh map with the values of its parameters in {@code settings} (the mapped learner's settings), its
   * random choices seeded by {@link LearnerContext#seed()}.
   *
   * @throws IllegalArgumentException if the settings do not fit the context (more landmarks than training
   *     examples), naming the parameter
   */
  FeatureMap create(Settings settings, LearnerContext context);

  /** How this kind's state is written to and read from model files. */
  FeatureMapCodec codec();

  /**
   * Checks a combination of values single parameters cannot; the default accepts everything.
   *
   * @throws IllegalArgumentException naming the parameters
   */
  default void validate(Settings settings) {}
}
