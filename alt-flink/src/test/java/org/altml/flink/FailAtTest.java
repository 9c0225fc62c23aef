package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --fail-at N}: every job fails once at its N-th record after a checkpoint, restarts from it, and its outputs
 * (predictions, bad records, reports, models) are bit-equal to a run without the failure; the option is refused where the
 * failure could not be recovered from.
 */
class FailAtTest {
  @TempDir Path dir;

  /** Runs {@code args} with {@code --out out}, then with --fail-at N --restarts 1 into {@code out-failed}: the same files. */
  private void sameWithAFailure(Path out, long n, String... args) throws Exception {
    List<String> plain = new ArrayList<>(List.of(args));
    plain.addAll(List.of("--checkpoint-ms", "50", "--out", out.toString()));
    FlinkTesting.Cli clean = FlinkTesting.cli(plain.toArray(String[]::new));
    assertEquals(0, clean.code(), clean.err());
    assertTrue(!clean.err().contains("--fail-at"), clean.err());
    Path failedOut = dir.resolve(out.getFileName() + "-failed");
    List<String> failing = new ArrayList<>(List.of(args));
    failing.addAll(List.of("--checkpoint-ms", "50", "--out", failedOut.toString(), "--fail-at", Long.toString(n), "--restarts", "1"));
    FlinkTesting.Cli failed = FlinkTesting.cli(failing.toArray(String[]::new));
    assertEquals(0, failed.code(), failed.err());
    // the failure happened (the restarted taps say so) and the job resumed from a checkpoint, not from its start
    assertTrue(failed.err().matches("(?s).*alt flink: --fail-at " + n + ": the injected failure stopped the job, which restarted"
        + " from checkpoint \\d+.*"), failed.err());
    List<String> files = names(out);
    assertEquals(files, names(failedOut));
    assertTrue(files.contains("predictions.jsonl") && files.contains("reports.jsonl"), files.toString());
    for (String f : files) {
      if (f.endsWith(".model")) {
        assertArrayEquals(Files.readAllBytes(out.resolve(f)), Files.readAllBytes(failedOut.resolve(f)), f);
      } else {
        assertSameLines(sortedLines(out.resolve(f)), sortedLines(failedOut.resolve(f)), f);
      }
    }
  }

  /** The same lines, or the first that differs (not the thousands of lines of the files). */
  static void assertSameLines(List<String> expected, List<String> actual, String what) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      assertEquals(expected.get(i), actual.get(i), what + ", line " + (i + 1) + " of the sorted lines");
    }
    assertEquals(expected.size(), actual.size(), what + ": lines");
  }

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static List<String> sortedLines(Path file) throws Exception {
    return Files.readAllLines(file).stream().sorted().toList();
  }

  @Test
  void everyJobGivesTheSameOutputsAfterAnInjectedFailure() throws Exception {
    String train = FlinkTesting.libSvm(dir, "train.svm", 3000, 7, List.of(10, 2500)).toString();
    String test = FlinkTesting.libSvm(dir, "test.svm", 2000, 8, List.of(5)).toString();
    String[] data = {"--data", train, "--num-labels", "5"};
    sameWithAFailure(dir.resolve("keyed"), 1500, concat(new String[] {"run", "--mode", "keyed", "--learner", "salt", "--key-by",
        "mod:3", "--parallelism", "2"}, data));
    sameWithAFailure(dir.resolve("parallel"), 700, concat(new String[] {"run", "--mode", "parallel", "--learner", "falt",
        "--mix-every", "400", "--parallelism", "2"}, data));
    // --test scored by the final average (with --mix-every N > 0 by the first averages, as they come: timing)
    sameWithAFailure(dir.resolve("parallel-test"), 700, concat(new String[] {"run", "--mode", "parallel", "--learner", "salt",
        "--parallelism", "2", "--test", test}, data));
    String model = dir.resolve("parallel").resolve("final.model").toString();
    sameWithAFailure(dir.resolve("frozen"), 900, "predict", "--model", model, "--data", test, "--parallelism", "2", "--scores");
  }

  /**
   * A record reached before any checkpoint has completed is held until one has (the source task takes it meanwhile), and
   * the restart reads it again: the sources' positions in that checkpoint are those before it.
   */
  @Test
  void theFirstRecordIsHeldUntilACheckpointHasCompleted() throws Exception {
    String train = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of()).toString();
    String[] data = {"--data", train, "--num-labels", "5"};
    sameWithAFailure(dir.resolve("keyed1"), 1, concat(new String[] {"run", "--mode", "keyed", "--learner", "falt", "--key-by",
        "mod:2", "--parallelism", "2"}, data));
    sameWithAFailure(dir.resolve("parallel1"), 1, concat(new String[] {"run", "--mode", "parallel", "--learner", "falt",
        "--mix-every", "300", "--parallelism", "2"}, data));
  }

  /**
   * predict --watch, which runs until cancelled: the restart is said while it runs, and the streamed predictions and bad
   * records are those of a run without the failure (one model in the folder: every record waits for it).
   */
  @Test
  void aWatchingJobSaysItRestartedAndStreamsTheSameLines() throws Exception {
    String train = FlinkTesting.libSvm(dir, "train.svm", 1000, 7, List.of()).toString();
    String test = FlinkTesting.libSvm(dir, "test.svm", 2000, 8, List.of(5)).toString();
    Path trained = dir.resolve("trained");
    assertEquals(0, FlinkTesting.cli("run", "--mode", "parallel", "--learner", "falt", "--data", train, "--num-labels", "5",
        "--checkpoint-ms", "0", "--out", trained.toString()).code());
    Path models = Files.createDirectory(dir.resolve("models"));
    Files.copy(trained.resolve("final.model"), models.resolve("v1.model"));
    List<List<String>> lines = new ArrayList<>();
    for (boolean fail : new boolean[] {false, true}) {
      Path out = dir.resolve("watch-" + fail);
      List<String> args = new ArrayList<>(List.of("predict", "--watch", models.toString(), "--data", test, "--num-labels", "5",
          "--parallelism", "2", "--checkpoint-ms", "50", "--refresh-ms", "100", "--out", out.toString()));
      if (fail) {
        args.addAll(List.of("--fail-at", "600", "--restarts", "1"));
      }
      java.util.concurrent.CompletableFuture<org.apache.flink.core.execution.JobClient> client = new java.util.concurrent.CompletableFuture<>();
      FlinkCommand.submitted = new org.apache.flink.core.execution.JobListener() {
        @Override
        public void onJobSubmitted(org.apache.flink.core.execution.JobClient c, Throwable t) {
          client.complete(c);
        }

        @Override
        public void onJobExecuted(org.apache.flink.api.common.JobExecutionResult r, Throwable t) {}
      };
      FlinkTesting.Cli[] result = new FlinkTesting.Cli[1];
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      Thread job = new Thread(() -> result[0] = FlinkTesting.cli(err, args.toArray(String[]::new)));
      job.start();
      long deadline = System.nanoTime() + 120_000_000_000L;
      Path predictions = out.resolve("predictions.jsonl");
      while (System.nanoTime() < deadline && !(Files.exists(predictions) && Files.readAllLines(predictions).size() >= 1999
          && Files.readAllLines(out.resolve("bad-records.jsonl")).size() >= 1)) {
        Thread.sleep(100);
      }
      // the restart is said when the restarted tasks report their accumulators (with the task managers' heartbeats)
      while (fail && System.nanoTime() < deadline && !err.toString(java.nio.charset.StandardCharsets.UTF_8).contains("restarted")) {
        Thread.sleep(100);
      }
      try {
        client.get(1, java.util.concurrent.TimeUnit.MINUTES).cancel().get(1, java.util.concurrent.TimeUnit.MINUTES); // as Ctrl-C ends it
        job.join(60_000);
      } finally {
        FlinkCommand.submitted = null;
      }
      assertTrue(!fail || result[0].err().matches("(?s).*alt flink: --fail-at 600: the injected failure stopped the job, which"
          + " restarted from checkpoint \\d+.*"), result[0].err());
      lines.add(Stream.concat(sortedLines(predictions).stream(), sortedLines(out.resolve("bad-records.jsonl")).stream()).toList());
    }
    assertEquals(2000, lines.get(0).size());
    assertSameLines(lines.get(0), lines.get(1), "predictions and bad records");
  }

  static String[] concat(String[] a, String[] b) {
    return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
  }

  /** More records than the data has: nothing fails, and the command says so. */
  @Test
  void aRecordBeyondTheDataInjectsNothingAndSaysSo() throws Exception {
    String train = FlinkTesting.libSvm(dir, "small.svm", 200, 7, List.of()).toString();
    FlinkTesting.Cli run = FlinkTesting.cli("run", "--mode", "keyed", "--learner", "falt", "--data", train, "--num-labels", "5",
        "--checkpoint-ms", "50", "--restarts", "1", "--fail-at", "5000");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.err().contains("alt flink: warning: --fail-at 5000: no source subtask read 5000 records (the most: 200), so no"
        + " failure was injected"), run.err());
  }

  /** The failure must be recoverable: a restart, a checkpoint to restart from, a record to fail at. */
  @Test
  void usageErrors() throws Exception {
    String train = FlinkTesting.libSvm(dir, "u.svm", 20, 7, List.of()).toString();
    String[] run = {"run", "--mode", "keyed", "--learner", "falt", "--data", train, "--num-labels", "5"};
    String[][] bad = {
        concat(run, new String[] {"--fail-at", "10"}),
        concat(run, new String[] {"--fail-at", "10", "--restarts", "0"}),
        concat(run, new String[] {"--fail-at", "10", "--restarts", "1", "--checkpoint-ms", "0"}),
        concat(run, new String[] {"--fail-at", "0", "--restarts", "1"}),
        concat(run, new String[] {"--fail-at", "-3", "--restarts", "1"}),
        {"predict", "--model", train, "--data", train, "--fail-at", "10"}};
    String[] expected = {"--fail-at needs --restarts 1 or more: without a restart the injected failure would end the job",
        "--fail-at needs --restarts 1 or more", "--fail-at fails the job after a checkpoint, to restart from it, and --checkpoint-ms 0"
        + " takes none", "N must be >= 1, not 0", "N must be >= 1, not -3", "--fail-at needs --restarts 1 or more"};
    for (int i = 0; i < bad.length; i++) {
      FlinkTesting.Cli cli = FlinkTesting.cli(bad[i]);
      assertEquals(2, cli.code(), String.join(" ", bad[i]));
      assertTrue(cli.err().startsWith("alt flink: ") && cli.err().contains(expected[i]), cli.err());
    }
  }
}
