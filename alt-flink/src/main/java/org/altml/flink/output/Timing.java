package org.altml.flink.output;

import java.util.List;
import java.util.Locale;

/**
 * The two durations of a job that ended, and its rates in the summary line:
 * <ul>
 *   <li>{@code wholeJobSeconds}, {@code wholeJobRecordsPerSecond}: from the submission to the last result, as this
 *       process saw it: the (local MiniCluster's) start-up and the shutdown included;
 *   <li>{@code streamingSeconds}, {@code streamingRecordsPerSecond}: inside the job, from the first record's arrival
 *       (the earliest {@link Counting} subtask's first record) to the end of the job's work ({@link JobEnd}: every
 *       record learned or scored, the final average and the test records scored by it, the reports).
 * </ul>
 * The streaming part lies inside the whole job, so its rate is never below the whole job's (clocks of a cluster's
 * machines that disagree cannot make it longer than the whole job); it is null when no record arrived.
 *
 * @param seconds the whole job, as this process measured it
 * @param spans per counting subtask that saw a record: its first and last record (ms, wall clock)
 * @param endMs the end of the job's work (ms, wall clock); 0 when not known
 */
record Timing(double seconds, List<long[]> spans, long endMs) {
  /** The streaming part in seconds (at least a millisecond, at most the whole job), or NaN when no record arrived. */
  double streamingSeconds() {
    if (spans.isEmpty()) {
      return Double.NaN;
    }
    long end = Math.max(endMs, spans.stream().mapToLong(t -> t[1]).max().orElse(0));
    return Math.min(seconds, Math.max(end - firstMs(), 1) / 1e3);
  }

  private long firstMs() {
    return spans.stream().mapToLong(t -> t[0]).min().orElse(0);
  }

  /** Appends the fields to a summary of {@code records} records; {@code perSubtask}: also each subtask's span. */
  void appendTo(StringBuilder summary, long records, boolean perSubtask) {
    summary.append(",\"wholeJobSeconds\":").append(format("%.3f", seconds))
        .append(",\"wholeJobRecordsPerSecond\":").append(format("%.0f", records / seconds));
    double streaming = streamingSeconds();
    if (Double.isNaN(streaming)) {
      summary.append(",\"streamingSeconds\":null,\"streamingRecordsPerSecond\":null");
      return;
    }
    summary.append(",\"streamingSeconds\":").append(format("%.3f", streaming))
        .append(",\"streamingRecordsPerSecond\":").append(format("%.0f", records / streaming));
    if (perSubtask) {
      // each subtask's first and last record, in seconds after the job's first record: how evenly they ran
      long first = firstMs();
      summary.append(",\"subtaskSpans\":[");
      for (int i = 0; i < spans.size(); i++) {
        summary.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "[%.3f,%.3f]", (spans.get(i)[0] - first) / 1e3,
            (spans.get(i)[1] - first) / 1e3));
      }
      summary.append(']');
    }
  }

  private static String format(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }
}
