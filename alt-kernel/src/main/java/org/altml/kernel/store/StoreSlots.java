package org.altml.kernel.store;

/**
 * The slots of a {@link SupportVectorStore}, apart from what they hold: how many, their ages (the age list, oldest
 * first, and each vector's example id, {@link SlotAges}) and their stamps and marks ({@link SlotStamps}), with the
 * public methods that read them. The store's base, so that its file holds the features, coefficients and kernel
 * rows; every method here is final.
 */
abstract class StoreSlots {
  int size;
  int capacity;
  final SlotAges ages = new SlotAges();
  final SlotStamps stamps = new SlotStamps();

  StoreSlots() {}

  /** Number of support vectors. */
  public final int size() {
    return size;
  }

  /** Slots allocated. */
  public final int capacity() {
    return capacity;
  }

  /** The age of the next appended vector (= number of vectors appended so far). */
  public final long nextAge() {
    return ages.nextAge;
  }

  /** The slot of the oldest support vector (the head of the age list), or -1 when empty. */
  public final int oldest() {
    return ages.head;
  }

  /** The slot of the newest support vector, or -1 when empty. */
  public final int newest() {
    return ages.tail;
  }

  /** The slot after {@code slot} in age order (a younger one), or -1. */
  public final int younger(int slot) {
    checkSlot(slot);
    return ages.younger(slot);
  }

  /** The age of the vector in {@code slot}: its append sequence number (a merged vector keeps its partner's). */
  public final long age(int slot) {
    checkSlot(slot);
    return ages.ages[slot];
  }

  /** The example id the vector in {@code slot} came from (a {@link org.altml.kernel.cache.GramCache} id), or -1. */
  public final int id(int slot) {
    checkSlot(slot);
    return ages.ids[slot];
  }

  /** The number of vectors that came from an example with an id ({@link #id} not -1; a merged vector has none). O(size). */
  public final int vectorsWithIds() {
    return ages.withIds(size);
  }

  /**
   * The stamp of the vector in {@code slot}: a number given to each (x, α) when it is written (appended,
   * merged in, read), unique over the store's life and unchanged by slot moves, so a caller can tell a
   * vector it saw before from a new one in the same slot ({@link #stampsGone}).
   */
  public final long stamp(int slot) {
    checkSlot(slot);
    return stamps.stamps[slot];
  }

  /** The stamp the next written vector gets (every stamp below it was given before). */
  public final long nextStamp() {
    return stamps.nextStamp;
  }

  /**
   * The stamps of the vectors removed or replaced since {@link #clearStampsGone()}, in that order (live
   * array, the first {@link #stampsGoneCount()} entries): how blocked scoring learns which vectors of
   * the store it scored against are gone.
   */
  public final long[] stampsGone() {
    return stamps.gone;
  }

  /** Entries of {@link #stampsGone()}. */
  public final int stampsGoneCount() {
    return stamps.goneCount;
  }

  /** Forgets the stamps gone so far. */
  public final void clearStampsGone() {
    stamps.goneCount = 0;
  }

  /**
   * Marks every vector with its slot now, so that {@link #mark} can tell later where a vector was: blocked
   * scoring looks its vectors' kernel values up by the slot they had when the block was scored, in O(1).
   */
  public final void markSlots() {
    stamps.markSlots(size);
  }

  /**
   * The slot the vector in {@code slot} held at the last {@link #markSlots()} (removals move vectors), or -1 if
   * it was written (appended, merged in, read) since.
   */
  public final int mark(int slot) {
    checkSlot(slot);
    return stamps.marks[slot];
  }

  final void checkSlot(int slot) {
    if (slot < 0 || slot >= size) {
      throw new IndexOutOfBoundsException("slot " + slot + " outside [0, " + size + ")");
    }
  }

  final void checkSlots(int from, int count) {
    if (from < 0 || count < 0 || from + count > size) {
      throw new IllegalArgumentException("slots [" + from + ", " + (from + count) + ") of " + size);
    }
  }
}
