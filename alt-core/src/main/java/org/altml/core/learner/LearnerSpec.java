package org.altml.core.learner;

import java.util.List;

/**
 * A learner kind, found by name through {@link java.util.ServiceLoader} ({@link LearnerRegistry}), as Lucene
 * finds its codecs: its name, its typed parameters with defaults, ranges and the paper's grids, a factory,
 * and the codec of its model state. The module that owns a learner registers its spec with one line in
 * {@code META-INF/services/org.altml.core.learner.LearnerSpec}; the CLI's options, help, defaults and
 * validation, the protocols, model files and benchmarks all come from here, so adding a learner kind means
 * writing the learner, its spec and that line, and nothing else.
 *
 * <p>A minimal learner kind's spec (the tests register this one: {@code MeanScore.Spec} in alt-core's {@code src/test};
 * the whole recipe is in the package documentation):
 *
 * <pre>{@code
 * public static final class Spec implements LearnerSpec {
 *   static final Parameter<Float> SHARE = Parameter.positiveFloat("share", "", "...", 0.5f, List.of());
 *   public Spec() {}
 *   public String name() { return "mean-score"; }
 *   public String description() { return "predicts the labels seen in more than a share of the examples"; }
 *   public List<Parameter<?>> parameters() { return List.of(SHARE); }
 *   public OnlineMultiLabelLearner create(Settings s, LearnerContext c) {
 *     s.requireKind(this); // another kind's settings are refused
 *     return new MeanScore(this, s, c.numLabels());
 *   }
 *   public ModelCodec codec() { return CODEC; }
 * }
 * }</pre>
 *
 * <p>Implementations are stateless and thread-safe, with a public no-argument constructor.
 */
public interface LearnerSpec {
  /** The name users type ({@code --learner NAME}) and model files record: lower case, digits and '-'. */
  String name();

  /** One line for help texts, citing the paper's section where there is one. */
  String description();

  /**
   * The name the paper's tables give this kind ({@code FALT(l)}, {@code PA-I-BR(k)}), for reports that
   * reproduce them; the registered {@link #name()} by default.
   */
  default String paperName() {
    return name();
  }

  /** Every parameter, in the order they are shown and keyed ({@link Settings#key()}). */
  List<Parameter<?>> parameters();

  /**
   * A fresh learner with {@code settings} (of this spec) for the data described by {@code context}.
   *
   * @throws IllegalArgumentException if the settings are another kind's ({@link Settings#requireKind}) or do not fit
   *     the context
   */
  OnlineMultiLabelLearner create(Settings settings, LearnerContext context);

  /** How this kind's model state is written to and read from model files and checkpoints. */
  ModelCodec codec();

  /**
   * Whether this kind's scores are linear in the features it is given (s = x·W, with a weight row per
   * feature index, grown as indices appear): such a kind learns the same way on any real-valued features,
   * so a feature map ({@code org.altml.core.features}) composes with it into a nonlinear learner
   * ({@code salt+rff}). False by default: a kernel learner already works in a feature space of its own.
   */
  default boolean isLinear() {
    return false;
  }

  /**
   * Checks a combination of values that single parameters cannot (e.g. M given twice); the default
   * accepts everything.
   *
   * @throws IllegalArgumentException naming the parameters
   */
  default void validate(Settings settings) {}

  /**
   * How models of this kind are averaged (data-parallel training by parameter mixing), or null when the kind
   * cannot be averaged (the default).
   */
  default ModelAveraging averaging() {
    return null;
  }

  /**
   * The settings a JIT warm-up ({@link org.altml.core.eval.JitWarmup}) trains a throwaway learner with in
   * place of {@code settings}: the same by default. A learner whose code paths change only after much data
   * (a kernel learner's budget maintenance starts once B support vectors are stored) returns settings that
   * reach them within the warm-up's fraction of a second, with the same code paths.
   */
  default Settings warmupSettings(Settings settings) {
    return settings;
  }

  /** The defaults of every parameter. */
  default Settings defaults() {
    return Settings.defaults(this);
  }

  /**
   * The parameter called {@code name}.
   *
   * @throws IllegalArgumentException naming the parameters this kind takes, and the nearest ("did you mean", {@link
   *     NameSuggestion}: {@code Eta} and {@code max_updates} find {@code eta} and {@code maxUpdates})
   */
  default Parameter<?> parameter(String name) {
    java.util.List<String> known = new java.util.ArrayList<>();
    for (Parameter<?> p : parameters()) {
      if (p.name().equals(name)) {
        return p;
      }
      known.add(p.name());
    }
    java.util.List<String> others = new java.util.ArrayList<>(); // delta to falt: salt's, not a misspelt eta
    for (LearnerSpec spec : LearnerRegistry.all()) {
      if (spec.parameters().stream().anyMatch(p -> p.name().equals(name))) {
        others.add(spec.name());
      }
    }
    throw new IllegalArgumentException(name() + " has no parameter '" + name + "'" + (others.isEmpty()
        ? NameSuggestion.didYouMean(name, known) : "; it is a parameter of " + String.join(", ", others)) + " (it takes "
        + String.join(", ", known) + ")");
  }

  /** Whether this kind takes a parameter called {@code name}. */
  default boolean hasParameter(String name) {
    for (Parameter<?> p : parameters()) {
      if (p.name().equals(name)) {
        return true;
      }
    }
    return false;
  }
}
