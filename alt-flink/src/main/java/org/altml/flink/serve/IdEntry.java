package org.altml.flink.serve;

/**
 * What the job holds for one id (keyed state): a served example waiting for its labels ({@link #PENDING}: its features
 * and the scores it was served with), a marker of an example already learned ({@link #LEARNED}, so that labels that come
 * again are told from labels of an unknown id), or labels that came before their record ({@link #EARLY}). Every entry
 * leaves at {@code at} + the time to live. A Flink POJO.
 */
public final class IdEntry {
  /** Served, waiting for its labels. */
  public static final byte PENDING = 1;
  /** Learned: a marker until the time to live of the example passes. */
  public static final byte LEARNED = 2;
  /** Labels waiting for their record. */
  public static final byte EARLY = 3;

  /** {@link #PENDING}, {@link #LEARNED} or {@link #EARLY}. */
  public byte kind;
  /** When the entry was made (processing time, ms): the record served, or the early labels received. */
  public long at;
  /** The order in which pending examples were served (the oldest is evicted first). */
  public long seq;
  /** Pending: the feature indices. */
  public int[] indices;
  /** Pending: the feature values. */
  public float[] values;
  /** Pending: the L label scores and the threshold the example was served with. */
  public float[] scores;
  /** Early: the labels. */
  public int[] labels;

  /** For Flink's POJO serializer. */
  public IdEntry() {}

  static IdEntry pending(long at, long seq, int[] indices, float[] values, float[] scores) {
    IdEntry e = new IdEntry();
    e.kind = PENDING;
    e.at = at;
    e.seq = seq;
    e.indices = indices;
    e.values = values;
    e.scores = scores;
    return e;
  }

  static IdEntry early(long at, int[] labels) {
    IdEntry e = new IdEntry();
    e.kind = EARLY;
    e.at = at;
    e.labels = labels;
    return e;
  }

  /** This entry as a marker of a learned example (the arrays dropped; its time to live unchanged). */
  IdEntry learned() {
    kind = LEARNED;
    indices = null;
    values = null;
    scores = null;
    labels = null;
    return this;
  }

  /**
   * About the bytes of heap a pending entry holds with the heap state backend: the entry and its arrays, the id (of
   * {@code idChars} characters), the state table's entry, its timer and its place in the eviction order. The
   * serialized size (checkpoints, RocksDB) is {@link ServeOperator#serializedBytes}.
   */
  long heapBytes(int idChars) {
    long arrays = array(indices == null ? 0 : indices.length, 4) + array(values == null ? 0 : values.length, 4)
        + array(scores == null ? 0 : scores.length, 4) + array(labels == null ? 0 : labels.length, 4);
    long entry = 12 + 1 + 8 + 8 + 4 * 4; // header, kind, at, seq, four references (compressed oops)
    long id = 24 + array(idChars, 1); // a Latin-1 String
    long table = 32 + 8; // the state map's entry and its bucket
    long timer = 40 + 8; // the timer and its queue slot
    long order = 40 + 8; // the LinkedHashMap entry of the eviction order and its bucket
    return align(entry) + arrays + align(id) + table + timer + order;
  }

  private static long array(int n, int width) {
    return n == 0 ? 0 : align(16 + (long) n * width);
  }

  private static long align(long bytes) {
    return (bytes + 7) / 8 * 8;
  }
}
