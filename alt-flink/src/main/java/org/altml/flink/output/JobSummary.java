package org.altml.flink.output;

import java.util.List;
import org.altml.sparse.io.TerminalText;

/**
 * The one JSON line a job's command prints on standard output when the job has ended: the mode, P, the records and the
 * bad ones, the timing ({@link Timing}), a parallel run's final prequential metrics, the number of keys, run's test
 * metrics; and on standard error why a job over data it could not read at all has failed.
 */
final class JobSummary {
  private JobSummary() {}

  /** The records a job counted: for run the examples learned (an ARFF header's lines are not), else the lines scored. */
  static long counted(ResultPlan plan, long n, List<String> reports) {
    if (!plan.training()) {
      return n;
    }
    long examples = 0;
    for (String r : reports) {
      if (r.startsWith("{\"type\":\"key\"") || r.contains("\"round\":\"final\"")) {
        examples += Output.longField(r, "count");
      }
    }
    return examples;
  }

  /**
   * Prints the job's summary line; returns its exit code: 0, or 2 when every record was bad (a job over data it
   * could not read at all has failed, though Flink ran it to its end), or with run's --test files every training
   * record or every test record, naming the first of them.
   *
   * @param withMain whether the job has a main stream (predictions), whose subtasks' spans the summary shows
   * @param failure when the job failed so, what failed and the first bad record ("every record was bad (N), the
   *     first file:line: reason"); else null
   * @param test run --test's metrics ({@link TestMetrics#json()}), or null
   */
  static int print(ResultPlan plan, boolean withMain, long n, long bad, String failure, List<String> reports, Timing timing,
      String test) {
    long counted = counted(plan, n, reports);
    if (counted == 0 && bad == 0) {
      // an empty file (or comments only) is a job that succeeds doing nothing: say so, as the command line does
      System.err.println("alt flink: warning: the data has no records; nothing was " + plan.verb());
    }
    boolean failed = failure != null;
    if (failed) {
      // a job over data it cannot read at all: an error, with the first bad record's file, line and problem
      System.err.println("alt flink: " + TerminalText.printable(failure + (plan.out() != null
          ? "; all in " + plan.out().resolve(CollectedResults.BAD_RECORDS) + " (the outputs of an earlier run there are kept)" : "")
          + (plan.deadLetter() != null ? "; all in the topic " + plan.deadLetter() : "")
          + "; nothing was " + (plan.training() && counted == 0 ? "learned" : "scored")));
    }
    StringBuilder summary = new StringBuilder("{\"mode\":").append(Output.quote(plan.mode())).append(",\"parallelism\":")
        .append(plan.parallelism()).append(",\"records\":").append(counted).append(",\"bad\":").append(bad);
    timing.appendTo(summary, counted, withMain);
    for (String r : reports) {
      if (r.contains("\"round\":\"final\"")) {
        summary.append(",\"final\":").append(Output.withoutModel(r));
      }
    }
    if (reports.stream().anyMatch(r -> r.startsWith("{\"type\":\"key\""))) {
      summary.append(",\"keys\":").append(reports.stream().filter(r -> r.startsWith("{\"type\":\"key\"")).count());
    }
    if (test != null) {
      summary.append(",\"test\":").append(test); // run --test: the metrics of the scored test records, as alt test's
    }
    System.out.println(summary.append('}'));
    return failed ? 2 : 0;
  }
}
