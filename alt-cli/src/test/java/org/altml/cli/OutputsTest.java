package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import org.altml.cli.command.TrainCommand;
import org.altml.cli.output.CliOutput;
import org.altml.sparse.io.arff.MulanLabels;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where outputs go when they are allowed: '-' is standard output (the report then goes to stderr), devices
 * such as /dev/null and /dev/stdout are written in place and stay devices, a symbolic link is written
 * through and stays a link, and --overwrite lets an ARFF output replace its label file. The refusals are
 * in MalformedInputCorpusTest.
 */
class OutputsTest {
  @TempDir Path dir;

  private Path data;
  private Path model;
  private String predictions;

  @BeforeEach
  void trainAModel() throws IOException {
    data = SmallCorpus.write(SmallCorpus.generate(100, 4, 60, 71), 0, 60, dir.resolve("data.svm"));
    model = dir.resolve("m.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--max-updates", "4", "--data", data.toString(), "--model",
        model.toString()).exitCode());
    predictions = CliRun.of("predict", "--model", model.toString(), "--data", data.toString()).out();
    assertEquals(60, predictions.lines().count());
  }

  private static boolean isDevice(Path p) throws IOException {
    return Files.readAttributes(p, BasicFileAttributes.class).isOther();
  }

  @Test
  void devNullIsWrittenInPlaceAndStaysADevice() throws IOException {
    Path devNull = Path.of("/dev/null");
    String[][] commands = {
      {"predict", "--model", model.toString(), "--data", data.toString(), "--out", "/dev/null"},
      {"test", "--model", model.toString(), "--data", data.toString(), "--predictions", "/dev/null"},
      {"evaluate", "--learner", "pa1", "--train", data.toString(), "--test", data.toString(), "--predictions", "/dev/null"},
      {"train", "--learner", "pa1", "--data", data.toString(), "--model", "/dev/null"},
      {"prequential", "--learner", "pa1", "--data", data.toString(), "--curve", "/dev/null"},
      {"convert", data.toString(), "/dev/null"},
      {"generate", "-n", "5", "/dev/null"},
    };
    for (String[] args : commands) {
      CliRun r = CliRun.of(args);
      assertEquals(0, r.exitCode(), String.join(" ", args) + " -> " + r.err());
      assertTrue(isDevice(devNull), "still a device after " + args[0]);
    }
    try (var files = Files.list(Path.of("/dev"))) {
      assertTrue(files.noneMatch(p -> p.getFileName().toString().contains(".alt-tmp-")), "no temporary file in /dev");
    }
  }

  /** /dev/stdout is the process's standard output: only a JVM of its own can show it. */
  @Test
  void devStdoutIsTheProcessStandardOutput() throws Exception {
    CliRun r = ForkedAlt.run(List.of(), null, "predict", "--model", model.toString(), "--data", data.toString(), "--out",
        "/dev/stdout");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(predictions, r.out());
    assertEquals("", r.err());
  }

  /**
   * Standard output appended to an input ({@code >> data.svm}) is refused before anything is read or printed, so the
   * input is neither extended nor read back with the command's own output in it; {@code --out /dev/stdout} with
   * standard output in another file still writes there.
   */
  @Test
  void standardOutputRedirectedIntoAnInputIsRefused() throws Exception {
    byte[] before = Files.readAllBytes(data);
    String[][] commands = {
      {"predict", "--model", model.toString(), "--data", data.toString()},
      {"test", "--model", model.toString(), "--data", data.toString(), "--predictions", "-"},
      {"convert", data.toString(), "-"},
    };
    for (String[] args : commands) {
      CliRun r = ForkedAlt.runAppendingTo(data, args);
      assertEquals(2, r.exitCode(), String.join(" ", args) + " -> " + r.err());
      assertTrue(r.err().contains("standard output is redirected to --data " + data) || r.err().contains("standard output is"
          + " redirected to IN " + data), r.err());
      assertArrayEquals(before, Files.readAllBytes(data), "the input is unchanged after " + args[0]);
    }
    Path log = Files.writeString(dir.resolve("log.txt"), "earlier\n");
    CliRun r = ForkedAlt.runAppendingTo(log, "predict", "--model", model.toString(), "--data", data.toString(), "--out",
        "/dev/stdout");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("earlier\n" + predictions, Files.readString(log));
  }

  /**
   * A write to standard output that fails (a full disk) is an error, not a success over an incomplete output:
   * Java's writers record the failure instead of throwing it.
   */
  @Test
  void aFailedWriteToStandardOutputIsAnError() throws Exception {
    Path full = Path.of("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(full), "no /dev/full on this system");
    String[][] commands = {
      {"convert", data.toString(), "-"},
      {"predict", "--model", model.toString(), "--data", data.toString()},
      {"train", "--learner", "falt", "--num-labels", "4", "--data", data.toString(), "--model", "-"},
      {"stats", data.toString()},
    };
    for (String[] args : commands) {
      CliRun r = ForkedAlt.run(List.of(), null, full, args);
      assertEquals(2, r.exitCode(), String.join(" ", args) + " -> " + r.err());
      assertEquals("alt: " + CliOutput.STANDARD_OUTPUT_FAILED + "\n", r.err(), String.join(" ", args));
    }
  }

  /**
   * Help and the version cut short by their reader ({@code alt tune --help | head}) are what the reader asked for: no
   * error line under the help kept, exit 0 (a pipe closed by head gave the error at random, as it closed early or late).
   */
  @Test
  void helpToAClosedOutputIsNoError() throws Exception {
    Path full = Path.of("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(full), "no /dev/full on this system");
    for (String[] args : new String[][] {{"tune", "--help"}, {"--help"}, {"--version"}, {"evaluate", "-h"}}) {
      CliRun r = ForkedAlt.run(List.of(), null, full, args);
      assertEquals(0, r.exitCode(), String.join(" ", args) + " -> " + r.err());
      assertEquals("", r.err(), String.join(" ", args));
    }
  }

  @Test
  void aSymbolicLinkIsWrittenThroughAndStaysALink() throws IOException {
    Path target = dir.resolve("target.txt");
    Files.writeString(target, "old\n");
    Path link = dir.resolve("link.txt");
    Files.createSymbolicLink(link, target.getFileName());
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--out", link.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(Files.isSymbolicLink(link));
    assertEquals(target.getFileName(), Files.readSymbolicLink(link));
    assertEquals(predictions, Files.readString(target));

    // a link to a file that does not exist yet: the file is created, the link kept
    Path dangling = dir.resolve("later.link");
    Files.createSymbolicLink(dangling, Path.of("later.txt"));
    assertEquals(0, CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--out", dangling.toString())
        .exitCode());
    assertTrue(Files.isSymbolicLink(dangling));
    assertEquals(predictions, Files.readString(dir.resolve("later.txt")));
    assertTrue(Files.isRegularFile(dir.resolve("later.txt"), LinkOption.NOFOLLOW_LINKS));
  }

  @Test
  void overwriteLetsAnArffOutputReplaceItsLabelFile() throws IOException {
    Path xml = dir.resolve("mydata.xml");
    Files.writeString(xml, "<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"old\"/></labels>");
    Path arff = dir.resolve("mydata-train.arff");
    CliRun refused = CliRun.of("convert", data.toString(), arff.toString());
    assertEquals(2, refused.exitCode());
    assertTrue(refused.errLine().contains("--overwrite"), refused.err());
    assertTrue(refused.errLine().contains("the label file of every ARFF file of its dataset name beside it"), refused.err());
    assertFalse(Files.exists(arff));
    CliRun r = CliRun.of("convert", "--overwrite", data.toString(), arff.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(List.of("0", "1", "2", "3"), MulanLabels.read(xml));
    assertEquals(60, DataFiles.read(arff).size());
    // the label file a previous conversion wrote beside the same output is as unnamed as any other
    assertEquals(2, CliRun.of("convert", data.toString(), arff.toString()).exitCode());
  }

  @Test
  void dashWritesStandardOutputAndTheReportGoesToStderr() throws IOException {
    CliRun convert = CliRun.of("convert", data.toString(), "-");
    assertEquals(0, convert.exitCode(), convert.err());
    assertArrayEquals(Files.readAllBytes(data), convert.out().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertTrue(convert.err().startsWith("wrote - (60 examples"), convert.err());

    CliRun generate = CliRun.of("generate", "-n", "7", "--num-features", "50", "-");
    assertEquals(0, generate.exitCode(), generate.err());
    assertEquals(7, generate.out().lines().count());

    CliRun evaluate = CliRun.of("evaluate", "--learner", "falt", "--max-updates", "4", "--order", "shuffle", "--train",
        data.toString(), "--test", data.toString(), "--predictions", "-", "--json");
    assertEquals(0, evaluate.exitCode(), evaluate.err());
    assertEquals(60, evaluate.out().lines().count(), "only the predictions on stdout");
    Map<String, String> json = Json.flatten(evaluate.err().substring(evaluate.err().indexOf('{')));
    assertEquals("60", json.get("testExamples"));

    Path stdinModel = dir.resolve("from-stdout.model");
    PrintStream saved = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CliRun train;
    try {
      System.setOut(new PrintStream(bytes, true));
      train = CliRun.of("train", "--learner", "falt", "--num-labels", "4", "--max-updates", "4", "--data", data.toString(), "--model", "-");
    } finally {
      System.setOut(saved);
    }
    assertEquals(0, train.exitCode(), train.err());
    assertEquals("", train.out());
    assertTrue(train.err().startsWith("trained falt"), train.err());
    Files.write(stdinModel, bytes.toByteArray());
    assertEquals(predictions, CliRun.of("predict", "--model", stdinModel.toString(), "--data", data.toString()).out());
    assertEquals(predictions, CliRun.withInput(bytes.toByteArray(), "predict", "--model", "-", "--data", data.toString()).out());
  }

  /** The folder of an output is named as the user typed it, relative paths included. */
  @Test
  void aMissingOutputFolderIsNamedAsTyped() {
    String typed = "no-such-folder-" + ProcessHandle.current().pid() + "/predictions.txt";
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--out", typed);
    assertEquals(2, r.exitCode());
    assertEquals("alt: --out " + typed + ": the folder " + typed.substring(0, typed.indexOf('/')) + " does not exist",
        r.errLine());
    assertFalse(Files.exists(Path.of(typed).getParent()));
  }

  /** A binary model is not written onto a terminal: the user forgot the redirection. */
  @Test
  void aModelIsNotWrittenOntoATerminal() {
    CliRun r;
    try {
      TrainCommand.stdoutTerminalForTests = true;
      r = CliRun.of("train", "--learner", "falt", "--data", data.toString(), "--model", "-");
    } finally {
      TrainCommand.stdoutTerminalForTests = null;
    }
    assertEquals(2, r.exitCode());
    assertEquals("alt: --model -: standard output is a terminal, and a model file is binary; redirect it (--model - > model.alt)"
        + " or give a file", r.err().lines().findFirst().orElse(""));
    assertEquals("", r.out());
  }
}
