package org.altml.sparse.data;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The names "0", "1", ..., "n-1" without storing them: labels without names cost nothing per label, even
 * when a file declares a huge number of them. Immutable.
 */
final class IndexNames extends AbstractList<String> implements RandomAccess {
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

  /** {@code names} cut or padded with index names to {@code size}. */
  static List<String> padded(List<String> names, int size) {
    if (names.size() == size) {
      return names;
    }
    if (names instanceof IndexNames) {
      return new IndexNames(size);
    }
    List<String> out = new ArrayList<>(Math.min(size, names.size() + 1024));
    for (int i = 0; i < size; i++) {
      out.add(i < names.size() ? names.get(i) : Integer.toString(i));
    }
    return List.copyOf(out);
  }
}
