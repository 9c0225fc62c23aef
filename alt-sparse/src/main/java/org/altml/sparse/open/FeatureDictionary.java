package org.altml.sparse.open;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.altml.sparse.SparseVectorBuilder;
import org.altml.sparse.io.DataFormatException;

/**
 * Exact feature names: a name gets the next row on its first appearance (docs/spec.md#open-features), and the names
 * are saved with the model. At most {@link #maxNames()} names ({@code --max-features}) keep memory bounded: the record
 * that would pass the bound is refused, naming the bound and the fixes.
 */
public final class FeatureDictionary implements FeatureVocabulary {
  /** A bound for callers without one of their own: some 4 million names, a few hundred MB of names and map. */
  public static final int DEFAULT_MAX_NAMES = 1 << 22;

  private final Object2IntOpenHashMap<String> rows = new Object2IntOpenHashMap<>();
  private final ArrayList<String> names = new ArrayList<>();
  private final int maxNames;

  /**
   * An empty dictionary of at most {@code maxNames} names.
   *
   * @throws IllegalArgumentException if {@code maxNames} is not positive
   */
  public FeatureDictionary(int maxNames) {
    if (maxNames <= 0) {
      throw new IllegalArgumentException("the maximum number of feature names must be > 0: " + maxNames);
    }
    this.maxNames = maxNames;
    rows.defaultReturnValue(-1);
  }

  /**
   * A dictionary of a model's saved names (rows in their order) bounded by {@code maxNames}.
   *
   * @throws IllegalArgumentException if a name is invalid or repeated, or there are more than {@code maxNames}
   */
  public static FeatureDictionary of(List<String> names, int maxNames) {
    FeatureDictionary d = new FeatureDictionary(maxNames);
    if (names.size() > maxNames) {
      throw new IllegalArgumentException(names.size() + " feature names, more than the bound of " + maxNames);
    }
    for (String name : names) {
      String problem = OpenNames.problem(name);
      if (problem != null || d.rows.containsKey(name)) {
        throw new IllegalArgumentException("feature " + (problem != null ? problem : OpenNames.quote(name) + " given twice"));
      }
      d.append(name);
    }
    return d;
  }

  /** The bound on the number of names. */
  public int maxNames() {
    return maxNames;
  }

  /** The names, row by row: an unmodifiable view that follows the dictionary's growth. */
  public List<String> names() {
    return Collections.unmodifiableList(names);
  }

  private int append(String name) {
    int row = names.size();
    rows.put(name, row);
    names.add(name);
    return row;
  }

  @Override
  public void add(String name, float value, SparseVectorBuilder out, String where) throws DataFormatException {
    String problem = OpenNames.problem(name);
    if (problem != null) {
      throw new DataFormatException(where, 0, "feature " + problem);
    }
    out.add(rowOrAdd(name, where, 0), value);
  }

  /** The row of {@code name} (a valid name), added when new. */
  int rowOrAdd(String name, String file, long line) throws DataFormatException {
    int row = rows.getInt(name);
    if (row >= 0) {
      return row;
    }
    checkRoom(name, 1, file, line);
    return append(name);
  }

  /**
   * Refuses, naming {@code name}, when {@code newNames} more names would pass the bound (a record's new names are
   * counted before any is added, so the refused record leaves the dictionary as it was).
   */
  void checkRoom(String name, int newNames, String file, long line) throws DataFormatException {
    if ((long) names.size() + newNames > maxNames) {
      throw new DataFormatException(file, line, "feature " + OpenNames.quote(name) + " would pass the dictionary's bound of "
          + maxNames + " feature names: give a larger bound (--max-features N), or hash the names into 2^B rows"
          + " (--hash-bits B)");
    }
  }

  @Override
  public int row(String name) {
    return rows.getInt(name);
  }

  @Override
  public boolean hasNames() {
    return true;
  }

  @Override
  public String featureName(int row) {
    return names.get(row);
  }

  @Override
  public int numRows() {
    return names.size();
  }

  @Override
  public String describe() {
    return "dictionary of " + names.size() + " names";
  }

  /** Equal when the names, their rows and the bound are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof FeatureDictionary d && d.maxNames == maxNames && d.names.equals(names);
  }

  @Override
  public int hashCode() {
    return names.hashCode();
  }

  @Override
  public String toString() {
    return describe();
  }
}
