package org.altml.core.learner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every learner kind on the class path, found once through {@link ServiceLoader} (the class loader of
 * this class and the thread's context class loader, so plug-ins on an application class path are found
 * too). Names are unique: two specs with the same name are an error at start-up. Thread-safe.
 *
 * <p>Composite kinds ({@code salt+rff}: a registered kind joined with {@link LearnerComposer#SEPARATOR} to
 * a part that changes it) are not registered one by one: {@link #get} and {@link #contains} ask the
 * {@link LearnerComposer}s found through {@link ServiceLoader} about a name with a separator, and cache
 * the spec they build. {@link #all} and {@link #names} list the registered kinds only.
 */
public final class LearnerRegistry {
  private static final Set<ClassLoader> LOADERS = loaders();
  private static final Map<String, LearnerSpec> SPECS = load();
  private static final List<LearnerComposer> COMPOSERS = loadComposers();
  private static final Map<String, LearnerSpec> COMPOSED = new ConcurrentHashMap<>();

  private LearnerRegistry() {}

  private static Set<ClassLoader> loaders() {
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(LearnerRegistry.class.getClassLoader());
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    return loaders;
  }

  private static List<LearnerComposer> loadComposers() {
    Map<String, LearnerComposer> composers = new TreeMap<>();
    for (ClassLoader loader : LOADERS) {
      try {
        for (LearnerComposer composer : ServiceLoader.load(LearnerComposer.class, loader)) {
          composers.putIfAbsent(composer.getClass().getName(), composer);
        }
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException("a learner composer could not be loaded: " + e.getMessage(), e);
      }
    }
    return List.copyOf(composers.values());
  }

  private static Map<String, LearnerSpec> load() {
    Map<String, LearnerSpec> specs = new TreeMap<>();
    for (ClassLoader loader : LOADERS) {
      try {
        for (LearnerSpec spec : ServiceLoader.load(LearnerSpec.class, loader)) {
          String name = spec.name();
          if (!name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalStateException("learner name '" + name + "' of " + spec.getClass().getName()
                + " is not lower case letters, digits and '-'");
          }
          LearnerSpec before = specs.putIfAbsent(name, spec);
          if (before != null && before.getClass() != spec.getClass()) {
            throw new IllegalStateException("two learner kinds are called '" + name + "': "
                + before.getClass().getName() + " and " + spec.getClass().getName());
          }
        }
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException("a learner kind could not be loaded: " + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableMap(specs);
  }

  /** Every registered learner kind, by name in alphabetical order. */
  public static List<LearnerSpec> all() {
    return List.copyOf(SPECS.values());
  }

  /** The registered names, in alphabetical order. */
  public static List<String> names() {
    return new ArrayList<>(SPECS.keySet());
  }

  /**
   * The learner kind called {@code name}, case ignored ({@code FALT} is {@code falt}): a registered one, or a composite
   * one a {@link LearnerComposer} builds (e.g. {@code salt+rff}).
   *
   * @throws IllegalArgumentException naming the known kinds (and the nearest, "did you mean") when there is none, or the
   *     composer's reason when a composite name does not compose
   */
  public static LearnerSpec get(String name) {
    if (name == null) {
      throw new IllegalArgumentException("no learner named (null); known: " + String.join(", ", names()));
    }
    String key = canonicalName(name);
    LearnerSpec spec = SPECS.get(key);
    if (spec == null) {
      spec = composed(key).orElseThrow(() -> new IllegalArgumentException("no learner called '" + name + "'"
          + didYouMean(key) + " (known: "
          + String.join(", ", names()) + (name.indexOf(LearnerComposer.SEPARATOR) >= 0
              ? "; a name with '" + LearnerComposer.SEPARATOR + "' is a learner before a feature map, as falt"
                  + LearnerComposer.SEPARATOR + "MAP, and no registered map composes this one"
              : "") + "; a kind registers when its module is on the class path, e.g. alt-kernel for the kernel learners"
          + " and the feature maps)"));
    }
    return spec;
  }

  /**
   * {@code name} as the registry spells learner names: lower case ({@code FALT} and {@code Salt+RFF} name {@code falt}
   * and {@code salt+rff}), whether or not a kind is called so.
   */
  public static String canonicalName(String name) {
    return name == null ? null : name.toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * {@code "; did you mean 'falt'?"} for the learner name nearest to the unknown {@code name} ({@link NameSuggestion}),
   * a composite one ({@code salt+rf} finds {@code salt+rff}) by its learner and its part; "" when none is near.
   */
  public static String didYouMean(String name) {
    if (name == null) {
      return "";
    }
    String key = canonicalName(name);
    int at = key.lastIndexOf(LearnerComposer.SEPARATOR);
    if (at < 0) {
      String near = NameSuggestion.didYouMean(key, names());
      // elm: no name is near, two have it as a part (elm-omll, osml-elm)
      List<String> parts = names().stream().filter(n -> !key.isEmpty() && List.of(n.split("-")).contains(key)).toList();
      return !near.isEmpty() || parts.isEmpty() ? near
          : "; did you mean '" + String.join("' or '", parts) + "'?";
    }
    String base = key.substring(0, at);
    String part = key.substring(at + 1);
    String b = SPECS.containsKey(base) ? base : NameSuggestion.nearest(base, names()).orElse(null);
    List<String> parts = compositeParts();
    String p = parts.contains(part) ? part : NameSuggestion.nearest(part, parts).orElse(null);
    if (b == null || p == null) {
      return "";
    }
    String candidate = b + LearnerComposer.SEPARATOR + p;
    return !candidate.equals(key) && contains(candidate) ? "; did you mean '" + candidate + "'?" : "";
  }

  /** Whether a learner kind is called {@code name} (case ignored), registered or composite. */
  public static boolean contains(String name) {
    if (name == null) {
      return false; // no kind is named null (get(null) says so)
    }
    String key = canonicalName(name);
    if (SPECS.containsKey(key)) {
      return true;
    }
    try {
      return composed(key).isPresent();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The parts the composers add (e.g. feature maps), for messages: {@code name + '+' + part} may compose. */
  public static List<String> compositeParts() {
    List<String> parts = new ArrayList<>();
    COMPOSERS.forEach(c -> parts.addAll(c.parts()));
    return parts;
  }

  private static Optional<LearnerSpec> composed(String name) {
    if (name == null || name.indexOf(LearnerComposer.SEPARATOR) < 0) {
      return Optional.empty();
    }
    LearnerSpec cached = COMPOSED.get(name);
    if (cached != null) {
      return Optional.of(cached);
    }
    for (LearnerComposer composer : COMPOSERS) {
      Optional<LearnerSpec> spec = composer.compose(name);
      if (spec.isPresent()) {
        if (!spec.get().name().equals(name)) {
          throw new IllegalStateException(composer.getClass().getName() + " built '" + spec.get().name() + "' for '" + name + "'");
        }
        return Optional.of(COMPOSED.computeIfAbsent(name, n -> spec.get()));
      }
    }
    return Optional.empty();
  }

  /** A fresh learner: {@code get(settings.learner()).create(settings, context)}. */
  public static OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    return settings.spec().create(settings, context);
  }
}
