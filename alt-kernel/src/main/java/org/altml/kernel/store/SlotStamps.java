package org.altml.kernel.store;

import java.util.Arrays;

/**
 * The stamps and marks of a {@link SupportVectorStore}'s slots, which let blocked scoring follow the store through
 * a block: a stamp per written vector (unique over the store's life, unchanged by slot moves), the stamps of the
 * vectors removed or replaced since the log was cleared, and per slot the slot its vector held at the last
 * {@link SupportVectorStore#markSlots()} (-1 if written since).
 */
final class SlotStamps {
  private static final int NONE = -1;

  long[] stamps = new long[0];
  int[] marks = new int[0];
  long nextStamp;
  long[] gone = new long[16];
  int goneCount;

  /** Grows the per-slot arrays to {@code capacity} slots. */
  void grow(int capacity) {
    stamps = Arrays.copyOf(stamps, capacity);
    marks = Arrays.copyOf(marks, capacity);
  }

  /** The vector in {@code slot} was just written: a new stamp, no mark. */
  void written(int slot) {
    stamps[slot] = nextStamp++;
    marks[slot] = NONE;
  }

  /** Logs the stamp of the vector in {@code slot}, about to be removed or replaced. */
  void logGone(int slot) {
    if (goneCount == gone.length) {
      gone = Arrays.copyOf(gone, 2 * gone.length);
    }
    gone[goneCount++] = stamps[slot];
  }

  /** Moves {@code from}'s stamp and mark into {@code to}. */
  void move(int from, int to) {
    stamps[to] = stamps[from];
    marks[to] = marks[from];
  }

  /** Marks each of the first {@code size} slots with itself. */
  void markSlots(int size) {
    for (int k = 0; k < size; k++) {
      marks[k] = k;
    }
  }

  /** Approximate bytes of heap held. */
  long ramBytesUsed() {
    return 8L * stamps.length + 4L * marks.length + 8L * gone.length;
  }
}
