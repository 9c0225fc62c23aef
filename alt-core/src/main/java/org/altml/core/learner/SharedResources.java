package org.altml.core.learner;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

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
 * scaling one instance serves every fold. Runs that score another file share one instance over both
 * datasets ({@link #create(List, long, boolean)}: the test rows' ids follow the training rows'), as the
 * permutation runs of an experiment do. Thread-safe.
 */
public final class SharedResources {
  /** No sharing: every request creates a fresh resource (the default for single runs). */
  public static final SharedResources NONE = new SharedResources(false, -1, -1L, new Dataset[0], false);

  private final boolean shared;
  private final int numExamples;
  private final long memoryBudgetBytes;
  /**
   * The datasets whose rows the ids index, in id order, when the protocol said so ({@link #create(Dataset, long)},
   * {@link #create(List, long, boolean)}); empty otherwise.
   */
  private final Dataset[] parts;
  /** The id of each part's row 0. */
  private final long[] firstIds;
  private final boolean wholeOnly;
  private final ConcurrentHashMap<String, Object> resources = new ConcurrentHashMap<>();

  private SharedResources(boolean shared, int numExamples, long memoryBudgetBytes, Dataset[] parts, boolean wholeOnly) {
    this.shared = shared;
    this.numExamples = numExamples;
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.parts = parts;
    this.firstIds = new long[parts.length];
    long id = 0;
    for (int p = 0; p < parts.length; p++) {
      firstIds[p] = id;
      id += parts[p].size();
    }
    this.wholeOnly = wholeOnly;
  }

  /** An empty set of resources whose entries are created once and then shared (dataset size unknown, default budget). */
  public static SharedResources create() {
    return new SharedResources(true, -1, -1L, new Dataset[0], false);
  }

  /**
   * An empty set of resources for a dataset of {@code numExamples} rows (example ids lie in
   * {@code [0, numExamples)}, so a per-example cache can size itself), whose caches may hold up to
   * {@code memoryBudgetBytes} of heap together: -1 lets each resource use its own default, 0 turns caches
   * off (their kinds compute as without sharing).
   *
   * @throws IllegalArgumentException when {@code numExamples < -1} or {@code memoryBudgetBytes < -1}
   */
  public static SharedResources create(int numExamples, long memoryBudgetBytes) {
    if (numExamples < -1 || memoryBudgetBytes < -1) {
      throw new IllegalArgumentException("numExamples " + numExamples + " and memoryBudgetBytes " + memoryBudgetBytes
          + " must be >= 0, or -1 (unknown / default)");
    }
    return new SharedResources(true, numExamples, memoryBudgetBytes, new Dataset[0], false);
  }

  /**
   * As {@link #create(int, long)} for the rows of {@code data}, which the learners are given as the views
   * {@link Dataset#features} makes (a protocol running on {@link org.altml.core.eval.DataView}s of it without
   * a transform): a resource may then recognise an example as row id of {@code data} without reading it
   * ({@link #isDatasetRow}). Anything else presented under an id (a scaled copy, another dataset's row) is
   * still handled as by {@link #create(int, long)}.
   *
   * @throws IllegalArgumentException when {@code memoryBudgetBytes < -1}
   */
  public static SharedResources create(Dataset data, long memoryBudgetBytes) {
    Objects.requireNonNull(data, "data");
    return create(List.of(data), memoryBudgetBytes, false);
  }

  /**
   * Resources for the rows of several datasets under one id space, the rows of {@code parts.get(0)} first:
   * row r of part p has id {@link #firstId}(p) + r (a dataset listed twice, by identity, counts once). This is
   * how a protocol that scores another file shares a cache across runs: the permutation runs of an experiment
   * train on the training set's rows and test on the test set's, which follow them.
   *
   * <p>With {@code wholeOnly}, each use of a resource visits every id about once, in a new order (a run
   * over a permutation): a cache that cannot hold every id would evict each entry before its next use and
   * only cost time, so caches should not be created then ({@link #wholeOnly()}).
   *
   * @throws IllegalArgumentException when {@code memoryBudgetBytes < -1}, {@code parts} is empty or the rows
   *     number more than {@link Integer#MAX_VALUE}
   */
  public static SharedResources create(List<Dataset> parts, long memoryBudgetBytes, boolean wholeOnly) {
    Objects.requireNonNull(parts, "parts");
    if (memoryBudgetBytes < -1) {
      throw new IllegalArgumentException("memoryBudgetBytes " + memoryBudgetBytes + " must be >= 0, or -1 (default)");
    }
    List<Dataset> distinct = new java.util.ArrayList<>();
    long rows = 0;
    for (Dataset d : parts) {
      Objects.requireNonNull(d, "part");
      if (distinct.stream().noneMatch(e -> e == d)) {
        distinct.add(d);
        rows += d.size();
      }
    }
    if (distinct.isEmpty() || rows > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("the parts must be 1 or more datasets of at most " + Integer.MAX_VALUE
          + " rows in all: " + distinct.size() + " of " + rows);
    }
    return new SharedResources(true, (int) rows, memoryBudgetBytes, distinct.toArray(new Dataset[0]), wholeOnly);
  }

  /**
   * The id of row 0 of {@code data} when these resources were created for its rows ({@link #create(Dataset, long)},
   * {@link #create(List, long, boolean)}; compared by identity), else -1.
   */
  public long firstId(Dataset data) {
    for (int p = 0; p < parts.length; p++) {
      if (parts[p] == data) {
        return firstIds[p];
      }
    }
    return -1;
  }

  /**
   * Whether {@code x} is the row with id {@code id} of the datasets these resources were created for, as its
   * dataset's own view ({@link Dataset#isRow}: same storage, same range; a dataset never changes, so its
   * content is that row's). False when no dataset was given.
   */
  public boolean isDatasetRow(long id, SparseVector x) {
    for (int p = parts.length - 1; p >= 0; p--) {
      if (id >= firstIds[p]) {
        return parts[p].isRow(id - firstIds[p], x);
      }
    }
    return false;
  }

  /**
   * Whether only a cache that holds every id pays ({@link #create(List, long, boolean)}): then a cache that would
   * have to evict should not be created, and its learners compute as without sharing.
   */
  public boolean wholeOnly() {
    return wholeOnly;
  }

  /** The number of rows of the datasets the resources serve (ids are below it), or -1 when unknown. */
  public int numExamples() {
    return numExamples;
  }

  /** The heap the caches among the resources may hold together, in bytes: -1 for their defaults, 0 for none. */
  public long memoryBudgetBytes() {
    return memoryBudgetBytes;
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

  /**
   * The counters of every resource that keeps some ({@link Reporting}), by key in key order: what reports
   * print without knowing any kind (a Gram cache's hits and misses).
   */
  public java.util.Map<String, java.util.Map<String, Object>> statistics() {
    java.util.Map<String, java.util.Map<String, Object>> out = new java.util.TreeMap<>();
    resources.forEach((key, value) -> {
      if (value instanceof Reporting r) {
        out.put(key, r.statistics());
      }
    });
    return out;
  }

  /** A resource with counters for reports ({@link SharedResources#statistics()}). */
  public interface Reporting {
    /** Counters by lowerCamelCase name in a stable order; values are {@link String}, {@link Number} or {@link Boolean}. */
    java.util.Map<String, Object> statistics();
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
