package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {
  @TempDir Path dir;

  @Test
  void writesTheGeneratorsExamples() throws IOException {
    Path out = dir.resolve("text.svm");
    CliRun r = CliRun.of("generate", "--kind", "text", "-n", "200", "--seed", "5", "--num-features", "3000",
        "--num-labels", "20", "--cardinality", "2", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("200 examples"), r.out());
    Dataset read = DataFiles.read(out);
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withNumFeatures(3000).withNumLabels(20)
        .withLabelCardinality(2).withSeed(5);
    Dataset expected = new SparseTextGenerator(c).generate(200);
    assertEquals(200, read.size());
    for (int i = 0; i < 200; i++) {
      assertEquals(expected.example(i), read.example(i), "example " + i + ", seed 5");
    }
    assertNoTemporaryFilesLeft();
  }

  /** LIBSVM keeps no shape: the report says what the file read back holds when it is less than asked. */
  @Test
  void aLibSvmFileSmallerThanItsShapeIsReportedSo() throws IOException {
    Path out = dir.resolve("few.svm");
    CliRun r = CliRun.of("generate", "-n", "20", "--num-features", "1000", "--num-labels", "50", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    Dataset read = DataFiles.read(out);
    assertTrue(read.numLabels() < 50, "20 examples draw fewer than 50 labels: " + read.numLabels());
    assertTrue(r.out().contains("; LIBSVM keeps no shape: read back, the file has " + read.numFeatures() + " features and "
        + read.numLabels() + " labels unless read with --num-labels 50)"), r.out());
    CliRun arff = CliRun.of("generate", "-n", "20", "--num-features", "1000", "--num-labels", "50", dir.resolve("few.arff").toString());
    assertFalse(arff.out().contains("LIBSVM"), arff.out());
  }

  /** A test set of the same corpus: --skip K leaves out the examples a training set written with -n K holds. */
  @Test
  void skipWritesTheExamplesAfterTheFirstK() throws IOException {
    for (String kind : new String[] {"text", "dense"}) {
      Path all = dir.resolve(kind + "-all.svm");
      Path tail = dir.resolve(kind + "-tail.svm");
      String[] shape = {"--kind", kind, "--seed", "4", "--num-features", "300", "--num-labels", "8"};
      assertEquals(0, CliRun.of(concat(shape, "-n", "30", all.toString())).exitCode());
      CliRun r = CliRun.of(concat(shape, "-n", "10", "--skip", "20", tail.toString()));
      assertEquals(0, r.exitCode(), r.err());
      assertTrue(r.out().contains("10 examples") && r.out().contains("after the first 20"), r.out());
      Dataset whole = DataFiles.read(all);
      Dataset rest = DataFiles.read(tail);
      assertEquals(10, rest.size());
      for (int i = 0; i < 10; i++) {
        assertEquals(whole.example(20 + i), rest.example(i), kind + " example " + (20 + i));
      }
    }
    CliRun negative = CliRun.of("generate", "--skip", "-1", dir.resolve("x.svm").toString());
    assertEquals(2, negative.exitCode());
    assertTrue(negative.err().contains("--skip"), negative.err());
    assertFalse(Files.exists(dir.resolve("x.svm")));
  }

  private static String[] concat(String[] options, String... more) {
    return Stream.concat(Stream.of("generate"), Stream.concat(Stream.of(options), Stream.of(more))).toArray(String[]::new);
  }

  @Test
  void smallNumFeaturesLowersTheDefaultNonZeros() {
    Path out = dir.resolve("tiny.svm");
    CliRun r = CliRun.of("generate", "-n", "10", "--num-features", "40", out.toString());
    assertEquals(0, r.exitCode(), r.err());
  }

  @Test
  void writesDenseArffWithItsLabelFile() throws IOException {
    Path out = dir.resolve("dense.arff");
    CliRun r = CliRun.of("generate", "--kind", "dense", "-n", "50", "--seed", "3", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(Files.exists(dir.resolve("dense.xml")), "Mulan XML beside the ARFF");
    Dataset read = DataFiles.read(out);
    Dataset expected = new NonlinearDenseGenerator(NonlinearDenseGenerator.Config.defaults().withSeed(3)).generate(50);
    assertEquals(120, read.numFeatures());
    assertEquals(101, read.numLabels());
    for (int i = 0; i < 50; i++) {
      assertEquals(expected.example(i), read.example(i), "example " + i + ", seed 3");
    }
    assertNoTemporaryFilesLeft();
  }

  @Test
  void badShapeIsOneLineAndExitTwo() {
    Path out = dir.resolve("bad.svm");
    CliRun r = CliRun.of("generate", "--noise", "0.7", out.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: --noise must be in [0, 0.5): 0.7"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(Files.exists(out));
    CliRun wrongKind = CliRun.of("generate", "--kind", "dense", "--mean-nnz", "5", out.toString());
    assertEquals(2, wrongKind.exitCode());
    assertTrue(wrongKind.err().contains("--kind text only"), wrongKind.err());
  }

  @Test
  void missingOutputDirectoryIsAnError() {
    CliRun r = CliRun.of("generate", "-n", "5", dir.resolve("no/such/dir/x.svm").toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: ") && r.err().contains("no/such/dir"), r.err());
  }

  @Test
  void kindMustBeKnown() {
    CliRun r = CliRun.of("generate", "--kind", "images", dir.resolve("x.svm").toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("images"), r.err());
  }

  private void assertNoTemporaryFilesLeft() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".alt-tmp-")), "temporary folder left");
    }
  }
}
