package org.altml.flink.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.altml.sparse.io.AtomicOutput;
import org.altml.sparse.io.TerminalText;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.util.CloseableIterator;

/**
 * The results of a job that ends, as they stream back to the client (Flink's collect): the predictions, the bad
 * records and the reports are written aside under {@code --out} and moved into place only when the job has ended well
 * (a failed job leaves no half-written file and the outputs of an earlier run as they were), with the models a run's
 * reports carry ({@link ModelFileWriter}); the test metrics of the predictors merged into one report ({@link
 * TestMetrics}); the warnings the results call for; and the summary line ({@link JobSummary}).
 */
public final class CollectedResults {
  /** The predictions' file under {@code --out}. */
  public static final String PREDICTIONS = "predictions.jsonl";
  /** The bad records' file under {@code --out}. */
  public static final String BAD_RECORDS = "bad-records.jsonl";
  /** The reports' file under {@code --out}. */
  public static final String REPORTS = "reports.jsonl";
  /** The outputs every command writes under {@code --out}; an input of one of these names there would be replaced. */
  public static final List<String> FILES = List.of(PREDICTIONS, BAD_RECORDS, REPORTS);

  private final ResultPlan plan;
  private long n;
  private long bad;
  private long predicted;
  private final FirstBadRecords badOnes;
  private final List<String> reports = new ArrayList<>();
  private final List<long[]> spans = new ArrayList<>(); // per counting subtask: first and last record (ms)
  private long endMs; // the end of the job's work, inside the job (JobEnd)
  private final TestMetrics test = new TestMetrics();
  private final FeaturesBeyond beyond = new FeaturesBeyond(); // predict's LIBSVM records beyond the model's d, per file

  private CollectedResults(ResultPlan plan) {
    this.plan = plan;
    this.badOnes = new FirstBadRecords(plan.inputs(), plan.testFrom());
  }

  /**
   * Runs the job whose lines are {@code all}, writes its outputs when it has ended well, prints the summary.
   *
   * @param withMain whether the job has a main stream (predictions)
   * @param models the model files of a run, or null (a job that writes none)
   * @return the exit code: 0, or 2 when the job could not read any record (of its training or its test files)
   */
  public static int collect(DataStream<String> all, boolean withMain, ResultPlan plan, ModelFileWriter models) throws Exception {
    return new CollectedResults(plan).run(all, withMain, models);
  }

  private int run(DataStream<String> all, boolean withMain, ModelFileWriter models) throws Exception {
    long start = System.nanoTime();
    // the end of the job's work is stamped where its results leave it, chained to the collect sink (p = 1)
    all = all.transform("end of the job", Types.STRING, new JobEnd()).setParallelism(1).uid("job-end");
    try (AtomicOutput predictionsFile = output(PREDICTIONS); AtomicOutput badFile = output(BAD_RECORDS);
        AtomicOutput reportsFile = output(REPORTS)) {
      PrintWriter predictions = writer(predictionsFile);
      PrintWriter badRecords = writer(badFile);
      PrintWriter reportLines = writer(reportsFile);
      CloseableIterator<String> it = all.executeAndCollect("alt flink " + plan.mode());
      try {
        while (it.hasNext()) {
          take(it.next(), predictions, badRecords, reportLines);
        }
      } finally {
        it.close();
      }
      Timing timing = new Timing((System.nanoTime() - start) / 1e9, spans, endMs);
      String failure = failure();
      if (failure != null) {
        // a failed job: the bad records say why, and an earlier run's predictions, reports and models stay
        commit(badRecords, badFile);
        return JobSummary.print(plan, withMain, n, bad, failure, reports, timing, null);
      }
      warn();
      if (test.any()) {
        reportLines.println(test.reportLine());
      }
      Set<String> written = models == null ? Set.of() : models.write(reports);
      commit(predictions, predictionsFile);
      commit(badRecords, badFile);
      commit(reportLines, reportsFile);
      if (models != null && plan.mode().equals("keyed")) {
        models.removeStaleKeyModels(written);
      }
      return JobSummary.print(plan, withMain, n, bad, null, reports, timing, test.json());
    }
  }

  /** Takes one line of the job's results. */
  private void take(String line, PrintWriter predictions, PrintWriter badRecords, PrintWriter reportLines) {
    if (line.startsWith("{\"type\":\"prediction\"")) {
      predicted++;
      if (plan.keepPredictions()) { // run's predictions are not counted on the way (its records are the examples learned)
        predictions.println(line);
      }
    } else if (line.startsWith("{\"type\":\"bad\"")) {
      bad++;
      badRecords.println(line);
      badOnes.offer(line);
    } else if (line.startsWith("{\"type\":\"count\"")) {
      n += Output.longField(line, "n");
      if (Output.longField(line, "n") > 0) {
        spans.add(new long[] {Output.longField(line, "firstMs"), Output.longField(line, "lastMs")});
      }
    } else if (line.startsWith(JobEnd.TYPE)) {
      endMs = Output.longField(line, "endMs");
    } else if (!test.offer(line) && !beyond.offer(line)) { // a predictor's test metrics are merged, then written as one line
      reports.add(line);
      reportLines.println(Output.withoutModel(line));
    }
  }

  /**
   * Why the job has failed though Flink ran it to its end, naming the first bad record, or null: every record was bad;
   * run --test scored its test records with a model that learned nothing; or learned, but could score none of them.
   */
  private String failure() {
    long counted = JobSummary.counted(plan, n, reports);
    if (bad > 0 && predicted == 0 && counted == 0) {
      return "every record was bad (" + bad + "), the first " + badOnes.all.describe();
    } else if (plan.training() && plan.testFrom() < plan.inputs().size() && badOnes.training.count() > 0 && counted == 0) {
      // run --test scored its test records with a model that learned nothing: every training record was bad
      return "every training record was bad (" + badOnes.training.count() + "), the first " + badOnes.training.describe();
    } else if (badOnes.test.count() > 0 && predicted == 0) {
      // run --test learned, but could score none of the test records: the evaluation asked for did not happen
      return "every --test record was bad (" + badOnes.test.count() + "), the first " + badOnes.test.describe();
    }
    return null;
  }

  /** The warnings of a job that ended well: bad records kept nowhere, data beyond the model's d, empty test results. */
  private void warn() {
    if (plan.out() == null && plan.deadLetter() == null && bad > 0) {
      // without --out the bad records are kept nowhere: say how many, and the first
      System.err.println("alt flink: warning: " + TerminalText.printable(bad + " bad record" + (bad == 1 ? "" : "s") + ", the first "
          + badOnes.all.describe() + "; give --out DIR to keep them all in DIR/bad-records.jsonl"));
    }
    for (String warning : beyond.warnings()) {
      System.err.println("alt flink: warning: " + TerminalText.printable(warning));
    }
    if (test.any()) {
      if (test.examples() == 0) {
        System.err.println("alt flink: warning: the --test files have no records; nothing was scored, and every test metric is"
            + " undefined");
      }
      String allEmpty = test.allEmptyWarning(plan.learner());
      if (allEmpty != null) {
        System.err.println("alt flink: warning: " + allEmpty);
      }
    }
  }

  /** The output {@code name} under {@code --out}, written to a temporary file until committed; null without {@code --out}. */
  private AtomicOutput output(String name) throws IOException {
    return plan.out() == null ? null : AtomicOutput.create(plan.out().resolve(name));
  }

  private static PrintWriter writer(AtomicOutput output) {
    return output == null ? new PrintWriter(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8)
        : new PrintWriter(output.writer());
  }

  /** Flushes {@code w} and commits {@code output} into place; PrintWriter hides its errors, so they are asked for. */
  private static void commit(PrintWriter w, AtomicOutput output) throws IOException {
    w.flush();
    if (w.checkError()) {
      throw new IOException((output == null ? "an output" : output.target()) + ": could not be written");
    }
    if (output != null) {
      output.commit();
    }
  }
}
