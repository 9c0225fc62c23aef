package org.altml.sparse.open;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.altml.sparse.io.DataFormatException;

/**
 * The labels of an open stream (docs/spec.md#open-labels): each name gets the next id on its first appearance, so the
 * ids are the order of first appearance. A numeric label id is named by its decimal text and remembered as numeric: the
 * same text used once as a numeric id and once as a string name is refused (a stream's label "3" is either the id 3 or
 * the name "3", never both). An optional bound ({@code --max-labels}) refuses the label past it. Not thread-safe.
 */
public final class LabelVocabulary {
  private final Object2IntOpenHashMap<String> ids = new Object2IntOpenHashMap<>();
  private final ArrayList<String> names = new ArrayList<>();
  private final List<String> view = Collections.unmodifiableList(names);
  private final BitSet numeric = new BitSet();
  private final int maxLabels;

  /** An empty vocabulary without a bound. */
  public LabelVocabulary() {
    this(Integer.MAX_VALUE);
  }

  /**
   * An empty vocabulary of at most {@code maxLabels} labels.
   *
   * @throws IllegalArgumentException if {@code maxLabels} is negative
   */
  public LabelVocabulary(int maxLabels) {
    if (maxLabels < 0) {
      throw new IllegalArgumentException("the maximum number of labels must be >= 0: " + maxLabels);
    }
    this.maxLabels = maxLabels;
    ids.defaultReturnValue(-1);
  }

  /**
   * The vocabulary of a model's saved names, in their order, without a bound; a name that is the decimal text of an int
   * ({@code "0"}, {@code "17"}, not {@code "017"}) is a numeric id, any other a string name.
   *
   * @throws IllegalArgumentException if a name is invalid or repeated
   */
  public static LabelVocabulary of(List<String> names) {
    return of(names, Integer.MAX_VALUE);
  }

  /**
   * As {@link #of(List)}, bounded by {@code maxLabels} ({@code --max-labels}) from now on.
   *
   * @throws IllegalArgumentException if a name is invalid or repeated, or there are more than {@code maxLabels}
   */
  public static LabelVocabulary of(List<String> names, int maxLabels) {
    LabelVocabulary v = new LabelVocabulary(maxLabels);
    if (names.size() > maxLabels) {
      throw new IllegalArgumentException(names.size() + " labels, more than the bound of " + maxLabels);
    }
    for (String name : names) {
      v.restore(name, OpenNames.isDecimal(name));
    }
    return v;
  }

  /** Appends {@code name} as read from a model (no bound; checked as {@link #of} says). */
  void restore(String name, boolean isNumeric) {
    String problem = OpenNames.problem(name);
    if (problem != null || (isNumeric && !OpenNames.isDecimal(name)) || ids.containsKey(name)) {
      throw new IllegalArgumentException("label " + OpenNames.quote(name) + ": "
          + (problem != null ? problem : isNumeric ? "a numeric label is the decimal text of an int" : "given twice"));
    }
    append(name, isNumeric);
  }

  private int append(String name, boolean isNumeric) {
    int id = names.size();
    ids.put(name, id);
    names.add(name);
    numeric.set(id, isNumeric);
    return id;
  }

  /** The number of labels so far, L_t. */
  public int size() {
    return names.size();
  }

  /** The bound given when created ({@link Integer#MAX_VALUE} without one). */
  public int maxLabels() {
    return maxLabels;
  }

  /**
   * The name of label {@code id}.
   *
   * @throws IndexOutOfBoundsException unless {@code 0 <= id < size()}
   */
  public String name(int id) {
    return names.get(id);
  }

  /** Whether label {@code id} is a numeric id (named by its decimal text) rather than a string name. */
  public boolean isNumeric(int id) {
    Objects.checkIndex(id, names.size());
    return numeric.get(id);
  }

  /** The names in the order of first appearance: an unmodifiable view that follows the vocabulary's growth. */
  public List<String> names() {
    return view;
  }

  /** The id of {@code name}, or -1 when it is unknown. */
  public int idOf(String name) {
    return ids.getInt(name);
  }

  /**
   * The id of the label {@code name}, a new one (the next id) on its first appearance.
   *
   * @param numeric true when the data gave a numeric label id ({@code name} is its decimal text), false for a string name
   * @param where the record, for messages (as in {@code "data.jsonl:12"})
   * @throws DataFormatException naming {@code where} if the name is invalid, collides with the same text of the other
   *     kind, or is past the bound
   * @throws IllegalArgumentException if {@code numeric} but {@code name} is not the decimal text of an int
   */
  public int add(String name, boolean numeric, String where) throws DataFormatException {
    return add(name, numeric, where, 0);
  }

  int add(String name, boolean isNumeric, String file, long line) throws DataFormatException {
    int id = ids.getInt(name);
    if (id >= 0) {
      checkKind(id, name, isNumeric, file, line);
      return id;
    }
    checkNew(name, isNumeric, names.size(), file, line);
    return append(name, isNumeric);
  }

  /** The id of {@code name}, or -1 when unknown (nothing grows); a known name of the other kind is refused as by {@link #add}. */
  int known(String name, boolean isNumeric, String file, long line) throws DataFormatException {
    int id = ids.getInt(name);
    if (id >= 0) {
      checkKind(id, name, isNumeric, file, line);
    }
    return id;
  }

  /**
   * Checks, without adding anything, that the distinct labels {@code given[0, n)} (numeric flags {@code kinds}) can be
   * added: no collision of kinds, no invalid name, the bound not passed. A record's labels are checked whole before any
   * is added, so a bad record leaves the vocabulary as it was.
   */
  void check(String[] given, boolean[] kinds, int n, String file, long line) throws DataFormatException {
    int size = names.size();
    for (int k = 0; k < n; k++) {
      int id = ids.getInt(given[k]);
      if (id >= 0) {
        checkKind(id, given[k], kinds[k], file, line);
      } else {
        checkNew(given[k], kinds[k], size++, file, line);
      }
    }
  }

  private void checkKind(int id, String name, boolean isNumeric, String file, long line) throws DataFormatException {
    if (numeric.get(id) != isNumeric) {
      throw new DataFormatException(file, line, (isNumeric
          ? "label index " + name + " collides with the label name \"" + name + "\" used earlier"
          : "label name \"" + name + "\" collides with the label index " + name + " used earlier")
          + ": a label is either a name or a numeric id, write every use of it alike");
    }
  }

  private void checkNew(String name, boolean isNumeric, int size, String file, long line) throws DataFormatException {
    if (isNumeric && !OpenNames.isDecimal(name)) {
      throw new IllegalArgumentException("a numeric label is named by the decimal text of an int, not " + OpenNames.quote(name));
    }
    String problem = OpenNames.problem(name);
    if (problem != null) {
      throw new DataFormatException(file, line, "label " + problem);
    }
    if (size >= maxLabels) {
      throw new DataFormatException(file, line, "label " + OpenNames.quote(name) + " would be label number " + (size + 1L)
          + ", past the bound of " + maxLabels + " labels (--max-labels " + maxLabels + "): give a larger --max-labels");
    }
  }

  /** Equal when the names, their kinds and order, and the bound are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LabelVocabulary v && v.maxLabels == maxLabels && v.names.equals(names) && v.numeric.equals(numeric);
  }

  @Override
  public int hashCode() {
    return names.hashCode() * 31 + numeric.hashCode();
  }

  @Override
  public String toString() {
    return names.size() + " labels";
  }
}
