package org.altml.kernel.store;

import com.carrotsearch.hppc.LongIntHashMap;
import java.util.Arrays;

/**
 * The ages of a {@link SupportVectorStore}'s slots: each vector's append sequence number, a doubly linked age list
 * (oldest first, so that the oldest is exact and O(1) whatever was removed) and the example id each vector came
 * from (-1 when unknown or merged). Per-slot arrays that move with their vector; the store sizes them.
 */
final class SlotAges {
  static final int NONE = -1;

  long[] ages = new long[0];
  int[] ids = new int[0];
  private int[] prev = new int[0];
  private int[] next = new int[0];
  int head = NONE;
  int tail = NONE;
  long nextAge;

  /** Grows every array to {@code capacity} slots. */
  void grow(int capacity) {
    ages = Arrays.copyOf(ages, capacity);
    ids = Arrays.copyOf(ids, capacity);
    prev = Arrays.copyOf(prev, capacity);
    next = Arrays.copyOf(next, capacity);
  }

  /** The slot after {@code slot} in age order (a younger one), or -1. */
  int younger(int slot) {
    return next[slot];
  }

  /** Gives the new vector in {@code slot} the next age and links it as the newest. */
  void append(int slot, int id) {
    ids[slot] = id;
    ages[slot] = nextAge++;
    linkTail(slot);
  }

  private void linkTail(int slot) {
    prev[slot] = tail;
    next[slot] = NONE;
    if (tail != NONE) {
      next[tail] = slot;
    } else {
      head = slot;
    }
    tail = slot;
  }

  /** Takes {@code slot} out of the age list. */
  void unlink(int slot) {
    int p = prev[slot];
    int n = next[slot];
    if (p != NONE) {
      next[p] = n;
    } else {
      head = n;
    }
    if (n != NONE) {
      prev[n] = p;
    } else {
      tail = p;
    }
  }

  /** Moves {@code from}'s age, id and list position into {@code to} (which is free) and relinks its neighbours. */
  void move(int from, int to) {
    ages[to] = ages[from];
    ids[to] = ids[from];
    int p = prev[from];
    int n = next[from];
    prev[to] = p;
    next[to] = n;
    if (p != NONE) {
      next[p] = to;
    } else {
      head = to;
    }
    if (n != NONE) {
      prev[n] = to;
    } else {
      tail = to;
    }
  }

  /** The number of the first {@code size} slots whose vector has an id. */
  int withIds(int size) {
    int count = 0;
    for (int k = 0; k < size; k++) {
      count += ids[k] >= 0 ? 1 : 0;
    }
    return count;
  }

  /**
   * Rebuilds the age list of the first {@code size} slots from their ages (the list is always in age order).
   *
   * @return false when two vectors have the same age
   */
  boolean relinkByAge(int size) {
    LongIntHashMap slotByAge = new LongIntHashMap(size);
    long[] sorted = Arrays.copyOf(ages, size);
    for (int k = 0; k < size; k++) {
      slotByAge.put(ages[k], k);
      if (slotByAge.size() != k + 1) {
        return false;
      }
    }
    Arrays.sort(sorted);
    head = NONE;
    tail = NONE;
    for (long age : sorted) {
      linkTail(slotByAge.get(age));
    }
    return true;
  }

  /** Approximate bytes of heap held. */
  long ramBytesUsed() {
    return 8L * ages.length + 4L * ids.length + 4L * prev.length + 4L * next.length;
  }
}
