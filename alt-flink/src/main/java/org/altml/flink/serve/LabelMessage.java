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
  /**
   * An open job's labels by name (docs/spec.md#open-labels), as the message gives them; {@link #labels} is then null until
   * the learner maps them through its vocabulary.
   */
  public String[] names;
  /** For each of {@link #names}: whether the message gave it as a number (a label id) rather than a string. */
  public boolean[] numeric;
  /** Why the message is bad, or null. */
  public String reason;

  /** For Flink's POJO serializer. */
  public LabelMessage() {}
}
