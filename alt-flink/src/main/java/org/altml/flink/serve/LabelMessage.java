package org.altml.flink.serve;

/** A message of the feedback topic, parsed: the id it labels and its labels, or why it is bad. A Flink POJO. */
public final class LabelMessage {
  /** The id of the record labelled; for a bad message, where it is. */
  public String id;
  /** The topic and partition it came from. */
  public String file;
  /** Its offset. */
  public long line;
  /** The labels, ascending and distinct, each below L. */
  public int[] labels;
  /** Why the message is bad, or null. */
  public String reason;

  /** For Flink's POJO serializer. */
  public LabelMessage() {}
}
