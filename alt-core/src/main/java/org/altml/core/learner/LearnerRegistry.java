package org.altml.core.learner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every learner kind on the class path, found once through {@link ServiceLoader} (the class loader of
 * this class and the thread's context class loader, so plug-ins on an application class path are found
 * too). Names are unique: two specs with the same name are an error at start-up. Thread-safe.
 */
public final class LearnerRegistry {
  private static final Map<String, LearnerSpec> SPECS = load();

  private LearnerRegistry() {}

  private static Map<String, LearnerSpec> load() {
    Map<String, LearnerSpec> specs = new TreeMap<>();
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(LearnerRegistry.class.getClassLoader());
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    for (ClassLoader loader : loaders) {
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
   * The learner kind called {@code name}.
   *
   * @throws IllegalArgumentException naming the known kinds when there is none
   */
  public static LearnerSpec get(String name) {
    LearnerSpec spec = SPECS.get(name);
    if (spec == null) {
      throw new IllegalArgumentException("no learner called '" + name + "' (known: " + String.join(", ", names()) + ")");
    }
    return spec;
  }

  /** Whether a learner kind is called {@code name}. */
  public static boolean contains(String name) {
    return SPECS.containsKey(name);
  }

  /** A fresh learner: {@code get(settings.learner()).create(settings, context)}. */
  public static OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    return settings.spec().create(settings, context);
  }
}
