package org.altml.flink.serve;

/**
 * A record of the records topic, parsed: its id, where it came from, its features (a copy, the parser's buffers are
 * reused), or why it is bad. A Flink POJO.
 */
public final class ServeRecord {
  /** The record's id (see {@link RecordParsing#recordId}); for a bad record, where it is. */
  public String id;
  /** The topic and partition it came from ({@code kafka://H:P/TOPIC#PARTITION}). */
  public String file;
  /** Its offset. */
  public long line;
  /** The feature indices, ascending (0-based). */
  public int[] indices;
  /** The feature values. */
  public float[] values;
  /**
   * An open job's record as it came (docs/spec.md#open-features): mapped by the learner through its vocabulary, which
   * lives there; null (and {@link #indices} set) for a job of fixed L.
   */
  public String text;
  /** Why the record is bad, or null. */
  public String reason;

  /** For Flink's POJO serializer. */
  public ServeRecord() {}
}
