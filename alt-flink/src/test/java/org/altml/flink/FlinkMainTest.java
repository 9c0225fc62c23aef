package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.flink.options.FlinkOptionChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's outputs: model files that know their data, and nothing half-written after a failure. */
class FlinkMainTest {
  @TempDir Path dir;

  private Path arff(String name, String label1, String label2) throws Exception {
    StringBuilder b = new StringBuilder("@relation r\n@attribute f1 numeric\n@attribute f2 numeric\n@attribute f3 numeric\n");
    b.append("@attribute ").append(label1).append(" {0,1}\n@attribute ").append(label2).append(" {0,1}\n@data\n");
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 200; i++) {
      double f1 = random.nextGaussian();
      double f3 = random.nextGaussian();
      b.append(String.format(java.util.Locale.ROOT, "%.3f,%.3f,%.3f,%d,%d%n", f1, random.nextGaussian(), f3, f1 > 0 ? 1 : 0, f3 > 0 ? 1 : 0));
    }
    Path file = dir.resolve(name);
    Files.writeString(file, b);
    return file;
  }

  /** The data files whose keyed models are in {@code out} ({@code key-<path with _>_<file>.model}), sorted. */
  private static List<String> keyModels(Path out) throws java.io.IOException {
    try (var files = Files.list(out)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("key-") && n.endsWith(".model"))
          .map(n -> n.substring(n.lastIndexOf('_') + 1, n.length() - ".model".length())).sorted().toList();
    }
  }

  /**
   * A reader's error keeps its file and line (a malformed XML label file's parser exception, the deepest cause, knows
   * neither), hints carry this command's options and no Java API names, and --labels-first reads MEKA's layout.
   */
  @Test
  void readerErrorsNameTheirFileInCommandWordsAndLabelsFirstIsAnOption() throws Exception {
    Path data = arff("d.arff", "up", "high");
    Path broken = Files.writeString(dir.resolve("broken.xml"), "<labels xmlns=\"http://mulan.sourceforge.net/labels\">\n<label name=\"up\">\n");
    Path meka = Files.writeString(dir.resolve("meka.arff"), "@relation m\n@attribute a {0,1}\n@attribute b {0,1}\n"
        + "@attribute f1 numeric\n@attribute f2 numeric\n@data\n1,0,0.5,1\n0,1,1,0.25\n1,1,0.75,0.5\n");
    String[][] runs = {
        {"run", "--mode", "keyed", "--learner", "falt", "--data", data.toString(), "--labels-xml", broken.toString(), "--checkpoint-ms", "0"},
        {"run", "--mode", "keyed", "--learner", "falt", "--data", meka.toString(), "--checkpoint-ms", "0"}};
    String[] expected = {"broken.xml:", "(--labels-first N)"};
    for (int i = 0; i < runs.length; i++) {
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      java.io.PrintStream was = System.err;
      System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      try {
        assertEquals(2, FlinkMain.commandLine().execute(runs[i]), String.join(" ", runs[i]));
      } finally {
        System.setErr(was);
      }
      String message = err.toString(java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(message.contains(expected[i]) && !message.contains("ReadOptions"), message);
    }
    Path out = dir.resolve("meka-out");
    assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", meka.toString(),
        "--labels-first", "2", "--checkpoint-ms", "0", "--out", out.toString()));
    assertEquals(3, Files.readAllLines(out.resolve("predictions.jsonl")).size());
  }

  /** --no-predictions keeps no prediction in run mode either (a keyed run wrote every one, a review). */
  @Test
  void noPredictionsKeepsNoneInRunMode() throws Exception {
    Path a = arff("a.arff", "up", "high");
    for (String mode : List.of("keyed", "parallel")) {
      Path out = dir.resolve("np-" + mode);
      assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", mode, "--learner", "falt", "--data", a.toString(),
          "--labels-last", "2", "--checkpoint-ms", "0", "--no-predictions", "--out", out.toString()));
      assertEquals(0, Files.size(out.resolve("predictions.jsonl")), mode);
      assertTrue(Files.size(out.resolve("reports.jsonl")) > 0, mode);
    }
  }

  /** A keyed run's folder holds its own key models only, and a run leaves no checkpoint folder behind. */
  @Test
  void aKeyedRunReplacesTheKeyModelsOfAnEarlierRunAndRemovesItsCheckpoints() throws Exception {
    Path a = arff("a.arff", "up", "high");
    Path b = arff("b.arff", "up", "high");
    Path out = dir.resolve("keyed");
    Path checkpoints = Files.createDirectory(dir.resolve("checkpoints"));
    // a folder of a run killed by SIGKILL (its process is gone) is removed by the next run; a live process's stays
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path killed = Files.createDirectories(checkpoints.resolve("alt-flink-checkpoints-" + gone.pid() + "-7/job/chk-1"));
    Files.writeString(killed.resolve("_metadata"), "state");
    String live = "alt-flink-checkpoints-" + ProcessHandle.current().pid() + "-8";
    Files.createDirectory(checkpoints.resolve(live));
    JobEnvironment.checkpointRoot = checkpoints;
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream was = System.err;
    try {
      assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", a.toString(),
          b.toString(), "--labels-last", "2", "--checkpoint-ms", "50", "--out", out.toString()));
      assertEquals(List.of("a.arff", "b.arff"), keyModels(out));
      System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", a.toString(),
          "--labels-last", "2", "--checkpoint-ms", "50", "--out", out.toString()));
    } finally {
      System.setErr(was);
      JobEnvironment.checkpointRoot = null;
    }
    assertEquals(List.of("a.arff"), keyModels(out), "b.arff's model was of the earlier run only");
    assertTrue(err.toString(java.nio.charset.StandardCharsets.UTF_8).contains(
        "alt flink: removed 1 key-*.model file of an earlier run from " + out + " (keys not in this run's data)"), err.toString());
    try (var left = Files.list(checkpoints)) {
      assertEquals(List.of(live), left.map(p -> p.getFileName().toString()).toList(),
          "the runs' checkpoint folders are removed, and so is the killed run's");
    }
    // keys that differ only where a file name cannot hold them (a_b/c.arff and a/b_c.arff) get a model each
    Path ab = Files.createDirectories(dir.resolve("a_b")).resolve("c.arff");
    Path bc = Files.createDirectories(dir.resolve("a")).resolve("b_c.arff");
    Files.copy(a, ab);
    Files.copy(b, bc);
    Path twins = dir.resolve("twins");
    assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", ab.toString(),
        bc.toString(), "--labels-last", "2", "--checkpoint-ms", "0", "--out", twins.toString()));
    try (var models = Files.list(twins)) {
      List<Path> keyed = models.filter(f -> f.getFileName().toString().startsWith("key-")).sorted().toList();
      assertEquals(2, keyed.size(), keyed.toString());
      assertEquals(bc.toString(), ModelIo.read(keyed.get(1)).provenance().get("key"), "the key of the plain name sorts first");
    }
  }

  @Test
  void aTrainedModelKnowsItsDataAndAFailedJobLeavesTheEarlierOutputsAsTheyWere() throws Exception {
    Path train = arff("train.arff", "up", "high");
    Path out = dir.resolve("out");
    int code = FlinkMain.commandLine().execute("run", "--mode", "parallel", "--learner", "falt", "--data", train.toString(),
        "--labels-last", "2", "--parallelism", "2", "--checkpoint-ms", "0", "--out", out.toString());
    assertEquals(0, code);
    SavedModel model = ModelIo.read(out.resolve("final.model"));
    assertEquals(List.of("up", "high"), model.labelNames());
    assertEquals(3, model.numFeatures());
    assertTrue(model.provenance().get("data").contains("train.arff"), model.provenance().toString());

    Path scored = dir.resolve("scored");
    assertEquals(0, FlinkMain.commandLine().execute("predict", "--model", out.resolve("final.model").toString(), "--data",
        train.toString(), "--labels-last", "2", "--out", scored.toString(), "--checkpoint-ms", "0"));
    String predictions = Files.readString(scored.resolve("predictions.jsonl"));
    assertEquals(200, predictions.lines().count());
    // other data (labels named otherwise) is refused, and the earlier outputs in the folder stay as they were
    Path other = arff("other.arff", "left", "right");
    assertEquals(2, FlinkMain.commandLine().execute("predict", "--model", out.resolve("final.model").toString(), "--data",
        other.toString(), "--labels-last", "2", "--out", scored.toString(), "--checkpoint-ms", "0"));
    assertEquals(predictions, Files.readString(scored.resolve("predictions.jsonl")));
    // and data that declares another shape (labels named by their ids against the model's names) unless allowed
    Path ids = arff("ids.arff", "0", "1");
    String refused = executeWithErr(2, "predict", "--model", out.resolve("final.model").toString(), "--data", ids.toString(),
        "--labels-last", "2", "--out", scored.toString(), "--checkpoint-ms", "0");
    assertTrue(refused.contains("are named by their ids (0, 1)") && refused.contains("--allow-shape-mismatch"), refused);
    assertEquals(predictions, Files.readString(scored.resolve("predictions.jsonl")));
    Path accepted = dir.resolve("accepted");
    String warned = executeWithErr(0, "predict", "--model", out.resolve("final.model").toString(), "--data", ids.toString(),
        "--labels-last", "2", "--out", accepted.toString(), "--checkpoint-ms", "0", "--allow-shape-mismatch");
    assertTrue(warned.contains("alt flink: warning: the labels of " + ids), warned);
    assertEquals(200, Files.readString(accepted.resolve("predictions.jsonl")).lines().count());
    // so is data of the model's labels with its attributes in another order
    Path swapped = dir.resolve("swapped.arff");
    Files.writeString(swapped, Files.readString(train).replace("@attribute f1 numeric\n@attribute f2 numeric",
        "@attribute f2 numeric\n@attribute f1 numeric"));
    assertEquals(2, FlinkMain.commandLine().execute("predict", "--model", out.resolve("final.model").toString(), "--data",
        swapped.toString(), "--labels-last", "2", "--out", scored.toString(), "--checkpoint-ms", "0"));
    assertEquals(predictions, Files.readString(scored.resolve("predictions.jsonl")));
    // one job's inputs must name the same labels: refused before the job runs
    assertEquals(2, FlinkMain.commandLine().execute("run", "--mode", "parallel", "--learner", "falt", "--data", train.toString(),
        other.toString(), "--labels-last", "2", "--checkpoint-ms", "0"));
    assertEquals(2, FlinkMain.commandLine().execute("run", "--mode", "parallel", "--learner", "falt", "--data", train.toString(),
        "--test", other.toString(), "--labels-last", "2", "--checkpoint-ms", "0"));
    // and the same features, in the same order
    assertEquals(2, FlinkMain.commandLine().execute("run", "--mode", "parallel", "--learner", "falt", "--data", train.toString(),
        swapped.toString(), "--labels-last", "2", "--checkpoint-ms", "0"));
    // a job that fails while it streams (a truncated gzip file after good lines) leaves them as they were too
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(gz)) {
      for (int i = 0; i < 20_000; i++) {
        z.write(("0 1:0." + i % 10 + " 3:1\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      }
    }
    Path broken = dir.resolve("broken.svm.gz");
    Files.write(broken, java.util.Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
    String message = executeWithErr(2, "predict", "--model", out.resolve("final.model").toString(), "--data",
          broken.toString(), "--out", scored.toString(), "--checkpoint-ms", "0");
    assertTrue(message.matches("(?s).*alt flink: \\S*broken\\.svm\\.gz:\\d+: truncated or corrupt gzip data: .*"), message);
    assertEquals(predictions, Files.readString(scored.resolve("predictions.jsonl")));
    // and an --out folder the failed job made is not left behind, empty
    Path fresh = dir.resolve("fresh");
    executeWithErr(2, "predict", "--model", out.resolve("final.model").toString(), "--data", broken.toString(), "--out",
        fresh.toString(), "--checkpoint-ms", "0");
    assertFalse(Files.exists(fresh), "no empty folder left");
    try (var files = Files.list(scored)) {
      assertEquals(List.of("bad-records.jsonl", "predictions.jsonl", "reports.jsonl"),
          files.map(f -> f.getFileName().toString()).sorted().toList(), "no temporary file left behind");
    }
  }

  /** Option values the jobs cannot take are usage errors (exit 2) before anything runs; --out never replaces a file. */
  @Test
  void badOptionValuesAreUsageErrors() throws Exception {
    Path data = arff("d.arff", "up", "high");
    Path file = Files.writeString(dir.resolve("not-a-folder"), "keep me");
    String d = data.toString();
    // names that say otherwise than the content (Flink decides gzip, and the jobs ARFF, by the name)
    Path gzipUnderPlainName = dir.resolve("hidden.svm");
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gzipUnderPlainName))) {
      z.write("0 1:1\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }
    Path plainUnderGzipName = Files.writeString(dir.resolve("plain.svm.gz"), "0 1:1\n");
    Path arffUnderOtherName = Files.copy(data, dir.resolve("d.dat"));
    String[] misnamed = {gzipUnderPlainName.toString(), plainUnderGzipName.toString(), arffUnderOtherName.toString()};
    Path libSvm = Files.writeString(dir.resolve("plain.svm"), "0 1:1\n1 2:1\n");
    // what the command line's readers refuse at line 1: an archive (whose members a job learned from), UTF-16
    Path zip = dir.resolve("data.zip");
    try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
      z.putNextEntry(new java.util.zip.ZipEntry("plain.svm"));
      z.write("0 1:1\n1 2:1\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }
    Path utf16 = Files.write(dir.resolve("u16.svm"), "0 1:1\n1 2:1\n".getBytes(java.nio.charset.StandardCharsets.UTF_16));
    List<String[]> bad = List.of(
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", zip.toString(), "--num-labels", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", utf16.toString(), "--num-labels", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", misnamed[0], "--num-labels", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", misnamed[1], "--num-labels", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", misnamed[2], "--num-labels", "2"},
        new String[] {"run", "--mode", "parallel", "--learner", "falt", "--data", d, "--labels-last", "2", "--mix-every", "-5"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--parallelism", "0"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--parallelism", "100000"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--checkpoint-dir", d},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--checkpoint-ms", "-1"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--restarts", "-1"},
        // a restart without checkpoints would start over and collect the records again
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--restarts", "2",
            "--checkpoint-ms", "0"},
        // a learner, parameter or key the job cannot take
        new String[] {"run", "--mode", "keyed", "--learner", "nope", "--data", d, "--labels-last", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--set", "foo=1"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--set", "eta=-1"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--key-by", "7"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--key-by", "mod:x"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--zero-division", "half"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--out", file.toString()},
        new String[] {"predict", "--watch", dir.toString(), "--data", d, "--refresh-ms", "0"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--mix-every", "5"},
        new String[] {"run", "--mode", "parallel", "--learner", "falt", "--data", d, "--labels-last", "2", "--key-by", "mod:2"},
        // two ways to name the labels: the readers took one in silence
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--labels-first", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-xml", d, "--labels-first", "2"},
        // an option of a format no input has
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--zero-based"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", libSvm.toString(), "--num-labels", "2", "--labels-last", "1"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--num-labels", "3"},
        // options that would be ignored
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--checkpoint-ms", "0",
            "--checkpoint-dir", dir.toString()},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-last", "2", "--scores",
            "--no-predictions"},
        new String[] {"predict", "--data", d, "--model", d, "--labels-last", "2", "--refresh-ms", "100"});
    List<String[]> missing = List.of(
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", dir.toString(), "--num-labels", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", dir.resolve("none.svm").toString(), "--num-labels", "2"},
        new String[] {"run", "--mode", "keyed", "--learner", "falt", "--data", d, "--labels-xml", dir.resolve("none.xml").toString()},
        new String[] {"predict", "--watch", dir.resolve("none").toString(), "--data", d},
        new String[] {"predict", "--model", dir.resolve("none.model").toString(), "--data", d, "--labels-last", "2"});
    for (String[] args : concat(bad, missing)) {
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      java.io.PrintStream was = System.err;
      System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      try {
        assertEquals(2, FlinkMain.commandLine().execute(args), String.join(" ", args));
      } finally {
        System.setErr(was);
      }
      String message = err.toString(java.nio.charset.StandardCharsets.UTF_8);
      // the problem, then where the usage is; not the fifty lines of the usage itself
      assertTrue(message.startsWith("alt flink: ") && !message.contains("Usage:"), message);
      if (args[1].equals("--model")) {
        assertTrue(message.contains("--model " + args[2] + ": no such file"), message);
      }
      if (bad.contains(args)) {
        assertTrue(message.endsWith("Try 'alt flink " + args[0] + " --help' for the usage." + System.lineSeparator()), message);
      }
    }
    assertEquals("keep me", Files.readString(file));
    // an input that an output of the same name under --out would replace
    Path out = Files.createDirectories(dir.resolve("out"));
    Path inputThere = Files.copy(data, out.resolve("reports.jsonl"));
    assertEquals(2, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", inputThere.toString(),
        "--labels-last", "2", "--checkpoint-ms", "0", "--out", out.toString()));
    assertEquals(Files.readString(data), Files.readString(inputThere));
    // an output under --out that is a link to an input: writing it would write into the input
    Path linked = Files.createDirectories(dir.resolve("linked"));
    Path input = Files.copy(data, dir.resolve("in.arff"));
    Files.createSymbolicLink(linked.resolve("predictions.jsonl"), input);
    assertEquals(2, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", input.toString(),
        "--labels-last", "2", "--checkpoint-ms", "0", "--out", linked.toString()));
    assertEquals(Files.readString(data), Files.readString(input));
    // standard output redirected into an input (>> in.arff): the predictions would be appended to it
    FlinkOptionChecks.standardOutput = input;
    java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
    java.io.PrintStream was = System.err;
    try {
      System.setErr(new java.io.PrintStream(said, true, java.nio.charset.StandardCharsets.UTF_8));
      assertEquals(2, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", input.toString(),
          "--labels-last", "2", "--checkpoint-ms", "0"));
    } finally {
      System.setErr(was);
      FlinkOptionChecks.standardOutput = Path.of("/dev/stdout");
    }
    assertTrue(said.toString(java.nio.charset.StandardCharsets.UTF_8).contains("standard output is redirected to --data "
        + input + ", which the job reads"), said.toString(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(Files.readString(data), Files.readString(input));
  }

  /** Runs the command line, checks its exit code and returns what it printed on standard error. */
  static String executeWithErr(int exitCode, String... args) {
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream was = System.err;
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(exitCode, FlinkMain.commandLine().execute(args), String.join(" ", args));
    } finally {
      System.setErr(was);
    }
    return err.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * An option of another command after --data's files is read as one more file (so that a file named like an option,
   * --out=-x, still works), and the message says so.
   */
  @Test
  void anOptionAfterTheDataFilesIsNamedAsSuch() throws Exception {
    Path d = Files.writeString(dir.resolve("d.svm"), "0 1:1\n");
    String message = executeWithErr(2, "predict", "--model", d.toString(), "--data", d.toString(), d.toString(),
          "--mix-every", "3");
    assertTrue(message.startsWith("alt flink: --data --mix-every: no such file (if --mix-every is meant as an option, alt flink"
        + " predict does not take it: --data takes every file up to the next option it knows)"), message);
    assertTrue(message.endsWith("Try 'alt flink predict --help' for the usage." + System.lineSeparator()), message);
  }

  /** Without --out, where bad records are kept nowhere, a job that succeeds says how many there were and the first. */
  @Test
  void someBadRecordsWithoutOutAreCounted() throws Exception {
    Path mixed = Files.writeString(dir.resolve("mixed.svm"), "0 1:1\n1 2:x\n1 2:1\n0 1:y\n");
    String message = executeWithErr(0, "run", "--mode", "keyed", "--learner", "falt", "--data", mixed.toString(),
          "--num-labels", "2", "--checkpoint-ms", "0");
    assertTrue(message.contains("alt flink: warning: 2 bad records, the first " + mixed.toAbsolutePath().normalize() + ":2: token"
        + " '2:x'"), message);
    assertTrue(message.contains("; give --out DIR to keep them all in DIR/bad-records.jsonl"), message);
  }

  /** A job that could read none of its records fails, naming the first; a file of no records succeeds, saying so. */
  @Test
  void aJobOfOnlyBadRecordsFails() throws Exception {
    Path outDir = dir.resolve("bad-out");
    Path good = Files.writeString(dir.resolve("good.svm"), "0 1:1\n1 2:1\n");
    assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", "keyed", "--learner", "falt", "--data", good.toString(),
        "--num-labels", "2", "--checkpoint-ms", "0", "--out", outDir.toString()));
    String predictions = Files.readString(outDir.resolve("predictions.jsonl"));
    List<String> models;
    try (java.util.stream.Stream<Path> files = Files.list(outDir)) {
      models = files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".model")).sorted().toList();
    }
    assertEquals(1, models.size(), models.toString());
    // two bad files: the first bad record is the first in the order given (a's line 3), not the smallest line (b's 1);
    // a control character of the data is shown as an escape
    Path bad = Files.writeString(dir.resolve("bad.svm"), "# \"quoted\" \\ comment\n\n0 1:a\u001b[2Jbc\n1 2:x\n");
    Path second = Files.writeString(dir.resolve("b-second.svm"), "0 1:y\n");
    String message = executeWithErr(2, "run", "--mode", "keyed", "--learner", "falt", "--data", bad.toString(),
          second.toString(), "--num-labels", "2", "--checkpoint-ms", "0", "--parallelism", "2", "--out", outDir.toString());
    assertTrue(message.contains("alt flink: every record was bad (3), the first " + bad.toAbsolutePath().normalize() + ":3: token"
        + " '1:a\\x1b[2Jbc'"), message);
    assertTrue(message.contains("; all in " + outDir.resolve("bad-records.jsonl") + " (the outputs of an earlier"
        + " run there are kept); nothing was learned"), message);
    assertEquals(3, Files.readAllLines(outDir.resolve("bad-records.jsonl")).size(), "the bad records are written");
    assertEquals(predictions, Files.readString(outDir.resolve("predictions.jsonl")), "the earlier run's predictions stay");
    for (String m : models) {
      assertTrue(Files.exists(outDir.resolve(m)), "the earlier run's model " + m + " stays");
    }
    // a file of comments only: a job that learns nothing says so too (it exited 0 without a word)
    Path empty = Files.writeString(dir.resolve("empty.svm"), "# nothing\n");
    message = executeWithErr(0, "run", "--mode", "keyed", "--learner", "falt", "--data", empty.toString(), "--num-labels", "2",
        "--checkpoint-ms", "0", "--out", dir.resolve("empty-out").toString())
        // and a device is not called missing
        + executeWithErr(2, "run", "--mode", "keyed", "--learner", "falt", "--data", "/dev/null", "--num-labels", "2",
            "--checkpoint-ms", "0");
    assertTrue(message.contains("alt flink: warning: the data has no records; nothing was learned"), message);
    assertTrue(message.contains("/dev/null: not a regular file"), message);
  }

  /**
   * run --test that learns from good records but can score none of its test records fails like a job of only bad
   * records (it exited 0, its summary's bad count mixing the two kinds); some bad test records do not fail it.
   */
  @Test
  void aTestOfOnlyBadRecordsFails() throws Exception {
    Path outDir = dir.resolve("test-bad-out");
    Path train = Files.writeString(dir.resolve("train.svm"), "0 1:1\n1 2:1\n0 1:1\n");
    Path badTest = Files.writeString(dir.resolve("bad-test.svm"), "# header\n0 1:z\n1 2:x\n");
    String message = executeWithErr(2, "run", "--mode", "parallel", "--learner", "falt", "--data", train.toString(), "--test",
        badTest.toString(), "--num-labels", "2", "--checkpoint-ms", "0", "--parallelism", "2", "--out", outDir.toString());
    assertTrue(message.contains("alt flink: every --test record was bad (2), the first " + badTest.toAbsolutePath().normalize()
        + ":2: token '1:z'"), message);
    assertTrue(message.endsWith("(the outputs of an earlier run there are kept); nothing was scored" + System.lineSeparator()), message);
    assertEquals(2, Files.readAllLines(outDir.resolve("bad-records.jsonl")).size(), "the bad records are written");
    assertFalse(Files.exists(outDir.resolve("final.model")), "a failed job keeps no model");
    // one good test record among them: the job succeeds, with a warning-free summary and its outputs
    Path someBad = Files.writeString(dir.resolve("some-bad-test.svm"), "0 1:z\n1 2:1\n");
    message = executeWithErr(0, "run", "--mode", "parallel", "--learner", "falt", "--data", train.toString(), "--test",
        someBad.toString(), "--num-labels", "2", "--checkpoint-ms", "0", "--out", outDir.toString());
    assertFalse(message.contains("every"), message);
    assertEquals(1, Files.readAllLines(outDir.resolve("predictions.jsonl")).size());
    assertTrue(Files.exists(outDir.resolve("final.model")));
    // a training file with bad records and a good test file: not a test failure
    Path badTrain = Files.writeString(dir.resolve("bad-train.svm"), "0 1:1\n1 2:q\n");
    Path goodTest = Files.writeString(dir.resolve("good-test.svm"), "0 1:1\n");
    executeWithErr(0, "run", "--mode", "parallel", "--learner", "falt", "--data", badTrain.toString(), "--test",
        goodTest.toString(), "--num-labels", "2", "--checkpoint-ms", "0");
    // every training record bad and the test records good: they were scored by a model that learned nothing (exit 0)
    Path allBadTrain = Files.writeString(dir.resolve("all-bad-train.svm"), "0 1:w\n1 2:q\n");
    message = executeWithErr(2, "run", "--mode", "parallel", "--learner", "falt", "--data", allBadTrain.toString(), "--test",
        goodTest.toString(), "--num-labels", "2", "--checkpoint-ms", "0");
    assertTrue(message.contains("alt flink: every training record was bad (2), the first " + allBadTrain.toAbsolutePath().normalize()
        + ":1: token '1:w'"), message);
    assertTrue(message.endsWith("; nothing was learned" + System.lineSeparator()), message);
  }

  private static List<String[]> concat(List<String[]> a, List<String[]> b) {
    List<String[]> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** Inputs given as file: URIs are read through Flink's file systems, ARFF headers included. */
  @Test
  void fileUrisAreInputsToo() throws Exception {
    Path data = arff("u.arff", "up", "high");
    Path out = dir.resolve("u-out");
    assertEquals(0, FlinkMain.commandLine().execute("run", "--mode", "parallel", "--learner", "falt", "--data", data.toUri().toString(),
        "--labels-last", "2", "--checkpoint-ms", "0", "--out", out.toString()));
    Path scored = dir.resolve("u-scored");
    assertEquals(0, FlinkMain.commandLine().execute("predict", "--model", out.resolve("final.model").toUri().toString(), "--data",
        data.toUri().toString(), "--labels-last", "2", "--checkpoint-ms", "0", "--out", scored.toString()));
    assertEquals(200, Files.readString(scored.resolve("predictions.jsonl")).lines().count());
  }
}
