package org.altml.core.learner;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Resources that the learners built for one dataset share across settings and folds: the extension point
 * for per-dataset caches such as a kernel learner's Gram cache (squared distances between examples do not
 * depend on σ², nor on which fold a row falls in). A protocol that runs many learners over views of one
 * dataset ({@link org.altml.core.eval.DataView}; example ids are dataset row indices) creates one
 * {@code SharedResources} per dataset and feature transform and passes it through
 * {@link LearnerContext#resources()}; a learner kind that wants a cache asks for it by key in its
 * {@link LearnerSpec#create} and gets the one instance every other learner of the run set got:
 *
 * <pre>{@code
 * GramCache cache = context.resources().computeIfAbsent("rbf.squaredDistances", () -> new GramCache(...));
 * }</pre>
 *
 * <p>Rules for a resource: it must be thread-safe (the tuner trains many learners at once on the shared
 * pool), it must never change a result (a learner with {@link #NONE} computes the same numbers, only
 * slower), and its key names everything its content depends on besides the dataset and the transform
 * (e.g. a kernel width when the cache holds kernel values rather than distances). The protocol decides the
 * scope: with a transform fitted per training set (standardization) each fold gets its own instance,
 * because the same row has different features in different folds; with no scaling or per-example L2
 * scaling one instance serves every fold. Thread-safe.
 */
public final class SharedResources {
  /** No sharing: every request creates a fresh resource (the default for single runs). */
  public static final SharedResources NONE = new SharedResources(false);

  private final boolean shared;
  private final ConcurrentHashMap<String, Object> resources = new ConcurrentHashMap<>();

  private SharedResources(boolean shared) {
    this.shared = shared;
  }

  /** An empty set of resources whose entries are created once and then shared. */
  public static SharedResources create() {
    return new SharedResources(true);
  }

  /**
   * The resource under {@code key}, created by {@code factory} on first request (exactly once per key,
   * even under concurrent requests); with {@link #NONE}, a new one every time.
   *
   * @throws ClassCastException in the caller when two kinds use one key for different types
   */
  @SuppressWarnings("unchecked")
  public <T> T computeIfAbsent(String key, Supplier<? extends T> factory) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(factory, "factory");
    if (!shared) {
      return Objects.requireNonNull(factory.get(), "factory result");
    }
    return (T) resources.computeIfAbsent(key, k -> Objects.requireNonNull(factory.get(), "factory result"));
  }

  /** Whether this instance shares ({@link #NONE} does not). */
  public boolean isShared() {
    return shared;
  }

  /** Number of resources created so far (0 for {@link #NONE}). */
  public int size() {
    return resources.size();
  }

  @Override
  public String toString() {
    return shared ? "SharedResources" + resources.keySet() : "SharedResources.NONE";
  }
}
