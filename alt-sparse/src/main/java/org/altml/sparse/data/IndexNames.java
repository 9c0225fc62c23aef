package org.altml.sparse.data;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The names "0", "1", ..., "n-1" without storing them: labels without names cost nothing per label, even
 * when a file declares a huge number of them. Immutable. Also the one rule for naming labels a declared L adds
 * beyond a file's named ones ({@link #padded}).
 */
public final class IndexNames extends AbstractList<String> implements RandomAccess {
  private final int size;

  IndexNames(int size) {
    if (size < 0) {
      throw new IllegalArgumentException("size must be >= 0: " + size);
    }
    this.size = size;
  }

  @Override
  public String get(int index) {
    java.util.Objects.checkIndex(index, size);
    return Integer.toString(index);
  }

  @Override
  public int size() {
    return size;
  }

  /** An immutable copy of {@code names} (index names stay unstored). */
  static List<String> copyOf(List<String> names) {
    return names instanceof IndexNames ? names : List.copyOf(names);
  }

  /**
   * {@code names} (distinct) cut or padded to {@code size}: an added name is its index, with leading underscores
   * where {@code names} already has that name (a file may name a label "2"), so the names stay distinct and every
   * reader pads one file's names alike.
   */
  public static List<String> padded(List<String> names, int size) {
    if (names.size() == size) {
      return names;
    }
    if (names instanceof IndexNames) {
      return new IndexNames(size);
    }
    if (size < names.size()) {
      return List.copyOf(names.subList(0, size));
    }
    List<String> out = new ArrayList<>(Math.min(size, names.size() + 1024));
    java.util.Set<String> taken = new java.util.HashSet<>(names);
    out.addAll(names);
    for (int i = names.size(); i < size; i++) {
      String name = Integer.toString(i);
      while (!taken.add(name)) {
        name = "_" + name;
      }
      out.add(name);
    }
    return List.copyOf(out);
  }
}
