package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options that contradict each other, or mean nothing without another, are usage errors naming the option
 * (exit 2) instead of being ignored; a write-protected output is not replaced behind the user's back.
 */
class OptionConflictsTest {
  @TempDir Path dir;

  private Path data;
  private Path arff;

  @BeforeEach
  void writeData() throws IOException {
    Dataset all = SmallCorpus.generate(50, 6, 200, 7);
    data = SmallCorpus.write(all, 0, 200, dir.resolve("d.svm"));
    arff = dir.resolve("d.arff");
    assertEquals(0, CliRun.of("convert", data.toString(), arff.toString()).exitCode());
  }

  private static void refused(String expected, String... args) {
    CliRun r = CliRun.of(args);
    assertEquals(2, r.exitCode(), String.join(" ", args) + " -> " + r.err());
    assertTrue(r.err().lines().findFirst().orElse("").contains(expected), r.err());
  }

  @Test
  void optionsThatContradictOrDependAreRefused() {
    String xml = dir.resolve("d.xml").toString();
    refused("give --labels-xml or --labels-last, not both", "stats", "--labels-last", "1", "--labels-xml", xml, arff.toString());
    refused("give --labels-xml or --labels-first, not both", "stats", "--labels-first", "1", "--labels-xml", xml, arff.toString());
    refused("--allow-new-features is for --from MODEL", "train", "--learner", "falt", "--data", data.toString(), "--model",
        dir.resolve("m.model").toString(), "--allow-new-features");
    assertFalse(Files.exists(dir.resolve("m.model")));
    refused("--curve-format is the format of --curve FILE", "prequential", "--learner", "falt", "--data", data.toString(),
        "--curve-format", "csv");
    refused("--top must be >= 0", "tune", "--learner", "falt", "--train", data.toString(), "--top", "-1");
    refused("--ignore-attributes names f1 twice", "stats", "--ignore-attributes", "f1,f1", arff.toString());
    // an option of the other format would be ignored without a word
    refused(arff + " is ARFF data, and zero-based indexing (--zero-based) is a LIBSVM option", "stats",
        "--zero-based", arff.toString());
    refused(data + " is LIBSVM data, whose lines list their labels, and the labels-last count (--labels-last N) is an ARFF option",
        "prequential", "--learner", "falt", "--data", data.toString(), "--labels-last", "3");
    refused(data + " is LIBSVM data, whose lines list their labels, and a label file (--labels-xml FILE) is an ARFF option",
        "train", "--learner", "falt", "--data", data.toString(), "--labels-xml", xml, "--model", dir.resolve("m.model").toString());
    assertFalse(Files.exists(dir.resolve("m.model")));
    refused(data + " is LIBSVM data, whose lines list their labels, and ignoring attributes (--ignore-attributes NAME|INDEX) is",
        "stats", "--ignore-attributes", "f1", data.toString());
    // one set of options serves every input: a command reading both formats may give both kinds (--zero-based shifts the
    // 1-based LIBSVM file's features by one, 51 against the ARFF file's 50: a shape misfit, accepted here)
    CliRun mixed = CliRun.of("evaluate", "--learner", "falt", "--train", data.toString(), "--test", arff.toString(), "--zero-based",
        "--allow-shape-mismatch", "--quiet");
    assertEquals(0, mixed.exitCode(), mixed.err());
    CliRun both = CliRun.of("stats", "--zero-based", data.toString(), arff.toString());
    assertEquals(0, both.exitCode(), both.err());
    refused("--plan " + dir + ": is a folder, not a plan file", "experiment", "--plan", dir.toString(), "--out",
        dir.resolve("o").toString());
    // a learner's refusal inside a tuning's worker threads reaches the user as its own message, no class name
    CliRun n0 = CliRun.of("tune", "--learner", "osml-elm", "--num-labels", "6", "--initial", "1000", "--train", data.toString(), "--grid", "none",
        "--folds", "2");
    assertEquals(2, n0.exitCode(), n0.err());
    assertTrue(n0.errLine().startsWith("alt: N0 = 1000 (--initial) is larger than the"), n0.err());
  }

  /** A FALT model of the data. */
  private Path model() {
    Path model = dir.resolve("m.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", data.toString(), "--model", model.toString()).exitCode());
    return model;
  }

  @Test
  void testingNoExamplesSaysNothingWasScored() throws IOException {
    Path model = model();
    Path empty = Files.writeString(dir.resolve("empty.svm"), "# no examples\n");
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", empty.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains("has no examples: nothing was scored"), r.err());
  }

  /** Replacing a read-only file would need the user's word, as cp and mv ask for it (not testable as root). */
  @Test
  void aWriteProtectedOutputIsNotReplaced() throws IOException {
    Path model = model();
    Path out = Files.writeString(dir.resolve("p.txt"), "keep\n");
    Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("r--r--r--"));
    Assumptions.assumeFalse(Files.isWritable(out), "a superuser may write any file");
    refused("the file is write-protected", "predict", "--model", model.toString(), "--data", data.toString(), "--out",
        out.toString());
    assertEquals("keep\n", Files.readString(out));
  }
}
