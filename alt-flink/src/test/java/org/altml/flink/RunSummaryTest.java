package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.model.ModelIo;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary line of alt flink run and predict: the test metrics of run --test, and the two rates. */
class RunSummaryTest {
  @TempDir Path dir;

  /** Runs the command line, expecting exit 0; returns its summary line (standard output). */
  private static String summary(Object... args) {
    String[] strings = java.util.Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream was = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, FlinkMain.commandLine().execute(strings), String.join(" ", strings));
    } finally {
      System.setOut(was);
    }
    String printed = out.toString(StandardCharsets.UTF_8).strip();
    assertEquals(1, printed.lines().count(), printed);
    return printed;
  }

  /** The object of field {@code name} in a JSON line, braces balanced (these lines hold no braces in strings). */
  private static String object(String json, String name) {
    int at = json.indexOf("\"" + name + "\":{");
    assertTrue(at >= 0, name + " in " + json);
    int start = json.indexOf('{', at);
    int depth = 0;
    for (int i = start; i < json.length(); i++) {
      depth += json.charAt(i) == '{' ? 1 : json.charAt(i) == '}' ? -1 : 0;
      if (depth == 0) {
        return json.substring(start, i + 1);
      }
    }
    throw new AssertionError("unbalanced: " + json);
  }

  /** The number of field {@code name} in {@code json} (NaN for null). */
  private static double number(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(null|[-0-9.Ee]+)").matcher(json);
    assertTrue(m.find(), name + " in " + json);
    return m.group(1).equals("null") ? Double.NaN : Double.parseDouble(m.group(1));
  }

  /** Every metric of {@code expected} is the test object's, bit for bit (NaN as null), with the counts and the policy. */
  private static void assertMetrics(MetricReport expected, String test) {
    assertEquals(expected.examples(), (long) number(test, "examples"), test);
    String metrics = object(test, "metrics");
    for (Measure m : Measure.values()) {
      assertEquals(expected.get(m), number(metrics, m.metricName()), m.metricName() + " in " + test);
    }
    assertEquals(expected.rankingLossLeftOut(), (long) number(test, "rankingLossLeftOut"), test);
    assertEquals(expected.emptyTruthLeftOut(), (long) number(test, "emptyTruthLeftOut"), test);
    assertTrue(test.contains("\"zeroDivision\":\"" + expected.policy().name().toLowerCase(java.util.Locale.ROOT) + "\""), test);
  }

  /** The test line of reports.jsonl, the one line there of type test (the predictors' own are merged into it). */
  private static String testReport(Path out) throws Exception {
    List<String> lines = Files.readAllLines(out.resolve("reports.jsonl"));
    assertFalse(lines.stream().anyMatch(l -> l.contains("\"test-metrics\"")), lines.toString());
    List<String> tests = lines.stream().filter(l -> l.startsWith("{\"type\":\"test\",")).toList();
    assertEquals(1, tests.size(), lines.toString());
    return tests.get(0);
  }

  /** The whole-job and streaming rates are both in the summary, and the streaming part lies inside the whole job. */
  private static void assertRates(String summary) {
    double whole = number(summary, "wholeJobRecordsPerSecond");
    double streaming = number(summary, "streamingRecordsPerSecond");
    double wholeSeconds = number(summary, "wholeJobSeconds");
    double streamingSeconds = number(summary, "streamingSeconds");
    assertTrue(whole > 0 && streaming >= whole, summary);
    assertTrue(streamingSeconds > 0 && streamingSeconds <= wholeSeconds, summary);
    // the rate is rounded to a whole number of records per second, the seconds to milliseconds
    assertEquals(number(summary, "records"), whole * wholeSeconds, 0.5 * wholeSeconds + 0.0005 * whole + 1, summary);
    assertFalse(summary.contains("\"recordsPerSecond\"") || summary.contains("\"seconds\""), "no rate without its span: " + summary);
  }

  /**
   * run --mode parallel --test reports the test metrics (it wrote the predictions only): every metric alt test computes
   * (alt-core's TrainThenTest.test, the sequential test pass) for final.model on the test file, in the summary and in
   * reports.jsonl; with --mix-every N the records scored by the first averages, as EvaluationSuite computes them from
   * the written predictions' scores.
   */
  @Test
  void aParallelRunWithTestReportsTheTestMetrics() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 400, 3, List.of());
    Path test = FlinkTesting.libSvm(dir, "test.svm", 90, 4, List.of());
    Path out = dir.resolve("final");
    String summary = summary("run", "--mode", "parallel", "--learner", "falt", "--data", train, "--test", test, "--num-labels",
        FlinkTesting.LABELS, "--parallelism", 2, "--checkpoint-ms", 0, "--out", out);
    MetricReport expected;
    try (LibSvmReader r = LibSvmReader.open(test, ReadOptions.defaults().withNumLabels(FlinkTesting.LABELS))) {
      expected = TrainThenTest.test(ModelIo.read(out.resolve("final.model")).learner(), r, FeatureScaler.of(FeatureScaling.NONE),
          ZeroDivisionPolicy.SPEC).metrics();
    }
    assertEquals(90, expected.examples());
    String reported = object(summary, "test");
    assertMetrics(expected, reported);
    assertEquals("{\"type\":\"test\"," + reported.substring(1), testReport(out), "the summary's test metrics are reports.jsonl's");
    assertRates(summary);

    // averaged every 100 records: the test records are scored by the first averages, and the metrics are theirs; 0/0 is
    // 0 (alt evaluate's --zero-division zero) in every metric of the job
    Path early = dir.resolve("early");
    summary = summary("run", "--mode", "parallel", "--learner", "salt", "--data", train, "--test", test, "--num-labels",
        FlinkTesting.LABELS, "--parallelism", 2, "--mix-every", 100, "--checkpoint-ms", 0, "--scores", "--zero-division", "zero",
        "--out", early);
    List<String> predictions = Files.readAllLines(early.resolve("predictions.jsonl"));
    assertEquals(90, predictions.size());
    EvaluationSuite fromPredictions = FlinkTesting.suiteOf(predictions, test, ZeroDivisionPolicy.ZERO);
    EvaluationSuite spec = FlinkTesting.suiteOf(predictions, test, ZeroDivisionPolicy.SPEC);
    assertTrue(spec.report().get(Measure.PRECISION) > fromPredictions.report().get(Measure.PRECISION), "the data has 0/0 cases");
    assertMetrics(fromPredictions.report(), object(summary, "test"));
    assertMetrics(fromPredictions.report(), testReport(early));
  }

  /** --test files without a record: the job succeeds, as alt test on such a file does, and says that nothing was tested. */
  @Test
  void testFilesWithoutRecordsAreSaidToBe() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 50, 3, List.of());
    Path empty = Files.writeString(dir.resolve("empty.svm"), "# no records\n");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream was = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    String summary;
    try {
      summary = summary("run", "--mode", "parallel", "--learner", "falt", "--data", train, "--test", empty, "--num-labels",
          FlinkTesting.LABELS, "--checkpoint-ms", 0);
    } finally {
      System.setErr(was);
    }
    String test = object(summary, "test");
    assertEquals(0, (long) number(test, "examples"), test);
    assertTrue(Double.isNaN(number(object(test, "metrics"), "f1")), test);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("alt flink: warning: the --test files have no records; nothing was"
        + " scored, and every test metric is undefined"), err.toString(StandardCharsets.UTF_8));
  }

  /** Every job's summary reports the whole job's rate and the streaming part's, inside the whole job. */
  @Test
  void everySummaryHasTheWholeJobsRateAndTheStreamingRate() throws Exception {
    Path train = FlinkTesting.libSvm(dir, "train.svm", 300, 5, List.of());
    Path out = dir.resolve("keyed");
    String keyed = summary("run", "--mode", "keyed", "--learner", "falt", "--data", train, "--num-labels", FlinkTesting.LABELS,
        "--key-by", "mod:2", "--parallelism", 2, "--checkpoint-ms", 0, "--out", out);
    assertRates(keyed);
    assertFalse(keyed.contains("\"test\""), "no test, no test metrics: " + keyed);
    String predict = summary("predict", "--model", out.resolve("key-k0.model"), "--data", train, "--num-labels", FlinkTesting.LABELS,
        "--checkpoint-ms", 0);
    assertRates(predict);
  }
}
