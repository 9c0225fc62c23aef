package org.altml.core.features;

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
 * Every feature-map kind on the class path, found once through {@link ServiceLoader} (this class's loader
 * and the thread's context loader), as {@link org.altml.core.learner.LearnerRegistry} finds learner kinds.
 * Names are unique. Thread-safe.
 */
public final class FeatureMapRegistry {
  private static final Map<String, FeatureMapSpec> SPECS = load();

  private FeatureMapRegistry() {}

  private static Map<String, FeatureMapSpec> load() {
    Map<String, FeatureMapSpec> specs = new TreeMap<>();
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(FeatureMapRegistry.class.getClassLoader());
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    for (ClassLoader loader : loaders) {
      try {
        for (FeatureMapSpec spec : ServiceLoader.load(FeatureMapSpec.class, loader)) {
          String name = spec.name();
          if (!name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalStateException("feature map name '" + name + "' of " + spec.getClass().getName()
                + " is not lower case letters, digits and '-'");
          }
          FeatureMapSpec before = specs.putIfAbsent(name, spec);
          if (before != null && before.getClass() != spec.getClass()) {
            throw new IllegalStateException("two feature maps are called '" + name + "': "
                + before.getClass().getName() + " and " + spec.getClass().getName());
          }
        }
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException("a feature map could not be loaded: " + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableMap(specs);
  }

  /** Every registered map kind, by name in alphabetical order. */
  public static List<FeatureMapSpec> all() {
    return List.copyOf(SPECS.values());
  }

  /** The registered names, in alphabetical order. */
  public static List<String> names() {
    return new ArrayList<>(SPECS.keySet());
  }

  /** Whether a map kind is called {@code name}. */
  public static boolean contains(String name) {
    return SPECS.containsKey(name);
  }

  /**
   * The map kind called {@code name}.
   *
   * @throws IllegalArgumentException naming the known kinds when there is none
   */
  public static FeatureMapSpec get(String name) {
    FeatureMapSpec spec = SPECS.get(name);
    if (spec == null) {
      throw new IllegalArgumentException("no feature map called '" + name + "' (known: "
          + (SPECS.isEmpty() ? "none; is alt-kernel on the class path?" : String.join(", ", names())) + ")");
    }
    return spec;
  }
}
