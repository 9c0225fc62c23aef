package org.altml.flink.serve;

import java.util.Locale;

/** The serving job's counters, checkpointed as one array. */
final class ServeCounts {
  /** The counters, in the reports' order. */
  enum Count {
    /** Records predicted (a prediction line each). */
    SERVED,
    /** Examples learned from (their labels came). */
    LEARNED,
    /** Examples waiting for their labels now. */
    PENDING,
    /** Examples dropped when their labels had not come within the time to live. */
    EXPIRED,
    /** Examples dropped, the oldest first, to make room when --max-pending were waiting. */
    EVICTED,
    /** Labels waiting for their record now (they came first). */
    WAITING_FEEDBACK,
    /** Labels whose record came after them, within the time to live, and was learned at once. */
    EARLY_FEEDBACK,
    /** Labels of an id the job did not hold, whose record did not come within the time to live. */
    UNKNOWN_FEEDBACK,
    /** Labels of an id already learned, or already waiting: ignored. */
    DUPLICATE_FEEDBACK,
    /** Records of an id already served and held: predicted, not held again. */
    DUPLICATE_RECORDS,
    /** Records that do not parse (to the dead-letter topic). */
    BAD_RECORDS,
    /** Feedback messages that do not parse (to the dead-letter topic). */
    BAD_FEEDBACK,
    /** Model versions published. */
    PUBLISHED;

    /** The lowerCamelCase name of the reports. */
    String field() {
      String[] words = name().toLowerCase(Locale.ROOT).split("_");
      StringBuilder sb = new StringBuilder(words[0]);
      for (int i = 1; i < words.length; i++) {
        sb.append(Character.toUpperCase(words[i].charAt(0))).append(words[i], 1, words[i].length());
      }
      return sb.toString();
    }
  }

  private final long[] values;

  ServeCounts(long[] values) {
    this.values = values.length == Count.values().length ? values : java.util.Arrays.copyOf(values, Count.values().length);
  }

  ServeCounts() {
    this(new long[Count.values().length]);
  }

  long get(Count c) {
    return values[c.ordinal()];
  }

  void add(Count c, long n) {
    values[c.ordinal()] += n;
  }

  void inc(Count c) {
    values[c.ordinal()]++;
  }

  long[] array() {
    return values;
  }

  /** The counters as JSON fields {@code ,"served":N,...}. */
  void appendTo(StringBuilder sb) {
    for (Count c : Count.values()) {
      sb.append(",\"").append(c.field()).append("\":").append(values[c.ordinal()]);
    }
  }
}
