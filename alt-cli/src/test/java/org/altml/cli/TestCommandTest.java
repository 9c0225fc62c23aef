package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alt test}: a saved model's metrics on labelled data, streamed. That they are {@code alt evaluate}'s, and its
 * predictions {@code alt predict}'s, for every learner kind, is {@link TrainPredictCommandTest}'s; here: the report,
 * standard input, and bad data (a clear error, exit 2, no predictions file).
 */
class TestCommandTest {
  @TempDir Path dir;

  private Path train;
  private Path test;
  private Path model;

  @BeforeEach
  void trainAModel() throws IOException {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withNumFeatures(300).withMeanNonZeros(8)
        .withNumLabels(5).withLabelCardinality(1.5).withModelNonZerosPerLabel(20).withSeed(5);
    Dataset all = new SparseTextGenerator(c).generate(900);
    train = dir.resolve("train.svm");
    test = dir.resolve("test.svm");
    DataFiles.write(all.subset(EvaluateCommandTest.range(0, 300)), train);
    DataFiles.write(all.subset(EvaluateCommandTest.range(300, 900)), test);
    model = dir.resolve("m.alt");
    CliRun t = CliRun.of("train", "--learner", "salt", "--data", train.toString(), "--num-labels", "5", "--model",
        model.toString(), "--order", "file");
    assertEquals(0, t.exitCode(), t.err());
  }

  @Test
  void printsThePapersTableAndTheWholePassTime() {
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", test.toString());
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = r.out().lines().toList();
    assertTrue(lines.get(0).startsWith("test: salt "), r.out());
    assertTrue(lines.get(1).matches("data test\\.svm: 600 examples, [0-9.]+ s end to end \\([0-9]+ ns/example, [0-9]+ threads\\)"),
        lines.get(1));
    assertEquals(List.of("learner", "P%", "R%", "F1%", "MacroF1%", "MicroF1%", "Hamming%", "RankLoss%"),
        List.of(lines.get(3).trim().split(" +")));
    assertTrue(lines.get(4).startsWith("salt "), r.out());
    // the same report as alt evaluate's table row for this model and test file
    CliRun e = CliRun.of("evaluate", "--learner", "salt", "--train", train.toString(), "--test", test.toString(),
        "--num-labels", "5", "--order", "file");
    assertEquals(0, e.exitCode(), e.err());
    assertTrue(e.out().contains(lines.get(4) + "\n"), e.out() + "\n" + r.out());
  }

  @Test
  void readsStandardInputAndWritesPredictionsToStandardOutputWithTheReportOnStderr() throws IOException {
    byte[] data = Files.readAllBytes(test);
    CliRun r = CliRun.withInput(data, "test", "--model", model.toString(), "--data", "-", "--predictions", "-", "--json");
    assertEquals(0, r.exitCode(), r.err());
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", test.toString());
    assertEquals(p.out(), r.out());
    assertEquals("600", Json.flatten(r.err().substring(r.err().indexOf('{'))).get("examples"));
  }

  @Test
  void aLabelTheModelDoesNotHaveIsAnErrorNamingTheFileAndLine() throws IOException {
    Path bad = testWithLine(400, "7 1:1");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(bad));
    lines.add(0, "# a comment: example 401 is on line 403");
    lines.add(100, "");
    Files.write(bad, lines);
    Path out = dir.resolve("p.txt");
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", bad.toString(), "--predictions", out.toString());
    assertEquals(2, r.exitCode());
    assertEquals("alt: " + bad + ":403: label 7, but the model " + model + " has 5 labels (0 to 4); was the"
        + " model trained on other data?", r.errLine());
    assertFalse(Files.exists(out), "no predictions file");
  }

  /**
   * With several threads, of two examples whose scores overflow the first in the file is named, and standard output
   * gets exactly the lines of the examples before it (it got the blocks after the failing one, shifted, and a cut line).
   */
  @Test
  void theFirstOverflowIsNamedAndOnlyTheLinesBeforeItAreWritten() throws IOException {
    String huge = "1 1:3e38 2:3e38 3:3e38 4:3e38 5:3e38 6:3e38 7:3e38 8:3e38";
    List<String> good = new java.util.ArrayList<>();
    for (int copy = 0; copy < 5; copy++) { // more blocks of 256 than the 9 slots of 3 threads
      good.addAll(Files.readAllLines(test));
    }
    Path goodFile = Files.write(dir.resolve("good.svm"), good);
    List<String> lines = new java.util.ArrayList<>(good);
    lines.set(299, huge); // example 300, in the second block of 256
    lines.set(899, huge); // example 900, in the fourth, predicted while the pipeline waits on the second
    Path bad = Files.write(dir.resolve("two.svm"), lines);
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", bad.toString(), "--predictions", "-", "--threads", "3");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.errLine().startsWith("alt: " + bad + ":300: "), r.errLine());
    CliRun all = CliRun.of("predict", "--model", model.toString(), "--data", goodFile.toString());
    assertEquals(0, all.exitCode(), all.err());
    List<String> expected = all.out().lines().limit(299).toList();
    assertEquals(expected, r.out().lines().toList(), "the lines of examples 1-299, whole");
    assertTrue(r.out().endsWith("\n"), "no line cut");
  }

  /** An example with many more features than the model's is named by its line. */
  @Test
  void manyMoreFeaturesInOneExampleNameItsLine() throws IOException {
    Path bad = testWithLine(20, "1 5000:1");
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", bad.toString());
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.errLine().startsWith("alt: " + bad + ":21: the example has features up to 5000, the model " + model
        + " was trained on "), r.errLine());
  }

  @Test
  void aScoreBeyondFloatRangeIsAnErrorNamingTheFileAndLine() throws IOException {
    Path bad = testWithLine(450, "1 1:3e38 2:3e38 3:3e38 4:3e38 5:3e38 6:3e38 7:3e38 8:3e38");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(bad));
    lines.add(0, "# example 451 is on line 452");
    Files.write(bad, lines);
    for (String command : new String[] {"test", "predict"}) {
      Path out = dir.resolve(command + ".txt");
      CliRun r = CliRun.of(command, "--model", model.toString(), "--data", bad.toString(),
          command.equals("test") ? "--predictions" : "--out", out.toString());
      assertEquals(2, r.exitCode(), command + ": " + r.err());
      assertTrue(r.errLine().startsWith("alt: " + bad + ":452: ") && r.errLine().contains("non-finite score"),
          command + ": " + r.errLine());
      assertFalse(Files.exists(out), command + ": no predictions file");
    }
  }

  @Test
  void aMalformedLineIsAnErrorNamingTheFileAndLineAndWritesNothing() throws IOException {
    Path bad = testWithLine(520, "1 3:0.5 2:x");
    Path out = dir.resolve("p.txt");
    Files.writeString(out, "keep me", StandardCharsets.UTF_8);
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", bad.toString(), "--predictions", out.toString(),
        "--json");
    assertEquals(2, r.exitCode());
    assertTrue(r.errLine().startsWith("alt: " + bad + ":521:"), r.err());
    assertEquals("", r.out());
    assertEquals("keep me", Files.readString(out), "an existing predictions file is left as it was");
  }

  /** The test file with its line {@code index} (0-based) replaced by {@code line}, as bad.svm. */
  private Path testWithLine(int index, String line) throws IOException {
    Path bad = dir.resolve("bad.svm");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(test));
    lines.set(index, line);
    Files.write(bad, lines);
    return bad;
  }

  @Test
  void theScaleIfGivenMustBeTheModels() {
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", test.toString(), "--scale", "l2");
    assertEquals(2, r.exitCode());
    assertEquals("alt: --scale l2 differs from the scaling of " + model + " (none): the model carries its scaling,"
        + " leave --scale out", r.errLine());
  }

  @Test
  void theModelsOwnTrainingDataIsScoredWithAWarningSayingSo() throws IOException {
    // a copy under another name: the same bytes (alt evaluate warns of a test file that is its training file; alt test
    // scored a model on its training data without a word)
    Path copy = dir.resolve("copy.svm");
    Files.copy(train, copy);
    CliRun r = CliRun.of("test", "--model", model.toString(), "--data", copy.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.errLine().startsWith("alt: warning: " + copy + " is the training data of the model " + model + " (the same content,"
        + " SHA-256 "), r.err());
    assertTrue(r.errLine().endsWith("...: " + train + "): the metrics measure how well the model fits it, not how well it"
        + " generalizes; give data it was not trained on"), r.err());
    // so is the data it was continued on, through standard input too
    Path more = dir.resolve("more.alt");
    assertEquals(0, CliRun.of("train", "--from", model.toString(), "--data", test.toString(), "--model", more.toString())
        .exitCode());
    CliRun s = CliRun.withInput(Files.readAllBytes(test), "test", "--model", more.toString(), "--data", "-");
    assertEquals(0, s.exitCode(), s.err());
    assertTrue(s.errLine().contains("<stdin> is the training data of the model " + more), s.err());
    // other data: nothing
    CliRun o = CliRun.of("test", "--model", model.toString(), "--data", test.toString());
    assertEquals("", o.err());
  }
}
