package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.altml.cli.output.ToolkitVersion;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.RunRecord;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class TrainPredictCommandTest {
  @TempDir Path dir;

  private Path train;
  private Path test;

  private void writeData(long seed) throws IOException {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withNumFeatures(300).withMeanNonZeros(10)
        .withNumLabels(6).withLabelCardinality(1.5).withModelNonZerosPerLabel(25).withSeed(seed);
    Dataset all = new SparseTextGenerator(c).generate(260);
    train = dir.resolve("train.svm");
    test = dir.resolve("test.svm");
    DataFiles.write(all.subset(EvaluateCommandTest.range(0, 180)), train);
    DataFiles.write(all.subset(EvaluateCommandTest.range(180, 260)), test);
  }

  /**
   * The acceptance criterion: train then predict gives exactly the predictions evaluate scored; the model
   * carries its scaling (standardize with the statistics fitted on the training file), so predict needs no
   * --scale.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "--learner falt --order file",
    "--learner falt --eta 0.3 --max-updates 4 --seed 9",
    "--learner salt --eta 0.5 --delta 0.1 --max-updates 3 --bias",
    "--learner pa1 --c 0.5 --scale l2",
    "--learner pa2 --max-updates-factor 0.5 --seed 2",
    "--learner falt --eta 0.3 --max-updates 4 --seed 9 --precision float",
    "--learner salt --eta 0.5 --delta 0.1 --max-updates 3 --bias --precision float",
    "--learner pa1 --c 0.5 --precision double",
    "--learner falt --eta 0.1 --max-updates 2 --scale standardize",
    "--learner salt --scale standardize --order file --precision float",
    "--learner pa2 --c 0.25 --scale standardize --bias",
    "--learner falt-k --sigma2 4 --budget 30 --budget-policy merge",
    "--learner falt-k --eta 0.5 --max-updates 2 --sigma2 2 --budget 25 --budget-policy smallest --precision float",
    "--learner pa2-k --c 0.5 --budget 20 --budget-policy random --seed 3",
    "--learner pa1-k --sigma2 8 --budget 40 --budget-policy oldest --scale l2",
    "--learner osml-elm --hidden 40 --initial-fraction 0.3 --block 7 --seed 4",
    "--learner osml-elm --hidden 250 --scale standardize --activation sin",
    "--learner elm-omll --hidden 30 --c 4 --label-threads 2 --scale standardize",
    "--learner elm-omll --hidden 20 --initial 50 --solver coupled --pair-normalization per-example",
  })
  void trainThenPredictEqualsEvaluate(String options) throws IOException {
    writeData(31);
    assertTrainThenPredictEqualsEvaluate(List.of(options.split(" ")));
  }

  /** The same for every registered learner kind with its defaults. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("learnerNames")
  void trainThenPredictEqualsEvaluateForEveryLearner(String learner) throws IOException {
    writeData(36);
    assertTrainThenPredictEqualsEvaluate(List.of("--learner", learner));
  }

  static List<String> learnerNames() {
    return LearnerRegistry.names();
  }

  private void assertTrainThenPredictEqualsEvaluate(List<String> opts) throws IOException {
    Path evaluated = dir.resolve("evaluated.txt");
    Path model = dir.resolve("model.alt");
    Path predicted = dir.resolve("predicted.txt");
    CliRun e = CliRun.of(args(List.of("evaluate", "--train", train.toString(), "--test", test.toString(),
        "--num-labels", "6", "--predictions", evaluated.toString(), "--json"), opts));
    assertEquals(0, e.exitCode(), e.err());
    CliRun t = CliRun.of(args(List.of("train", "--data", train.toString(), "--num-labels", "6", "--model", model.toString()), opts));
    assertEquals(0, t.exitCode(), t.err());
    assertTrue(t.out().startsWith("trained "), t.out());
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--out", predicted.toString());
    assertEquals(0, p.exitCode(), p.err());
    byte[] expected = Files.readAllBytes(evaluated);
    assertEquals(80, Files.readAllLines(evaluated).size());
    assertArrayEquals(expected, Files.readAllBytes(predicted), opts + " (seed 31)");
    assertTrue(Files.readAllLines(evaluated).stream().anyMatch(l -> !l.isEmpty()), "something is predicted: " + opts);

    // and the same on stdout
    CliRun stdout = CliRun.of("predict", "--model", model.toString(), "--data", test.toString());
    assertEquals(new String(expected, StandardCharsets.UTF_8), stdout.out());

    // alt test: the saved model's test pass gives evaluate's metrics, every one to the last bit, and predict's lines
    Path tested = dir.resolve("tested.txt");
    for (String threads : new String[] {"1", "3"}) {
      CliRun s = CliRun.of("test", "--model", model.toString(), "--data", test.toString(), "--json", "--threads", threads,
          "--predictions", tested.toString());
      assertEquals(0, s.exitCode(), s.err());
      assertEquals(metrics(e.out()), metrics(s.out()), opts + " with " + threads + " threads");
      assertEquals(80, Long.parseLong(Json.flatten(s.out()).get("examples")));
      assertArrayEquals(expected, Files.readAllBytes(tested), opts + " (alt test --predictions)");
    }
  }

  /** The metrics and their counts in a JSON report, by name. */
  static java.util.Map<String, String> metrics(String json) throws IOException {
    java.util.Map<String, String> m = new java.util.TreeMap<>();
    Json.flatten(json).forEach((k, v) -> {
      if (k.startsWith("metrics.") || k.endsWith("LeftOut")) {
        m.put(k, v);
      }
    });
    assertTrue(m.size() >= 13, m.toString());
    return m;
  }

  private static String[] args(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
  }

  /** --scores: the labels before the tab are exactly those scoring above the threshold. */
  @Test
  void scoresAgreeWithThePredictedLabels() throws IOException {
    writeData(32);
    Path model = dir.resolve("m.alt");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", train.toString(), "--model", model.toString()).exitCode());
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--scores");
    assertEquals(0, p.exitCode(), p.err());
    List<String> lines = p.out().lines().toList();
    assertEquals(80, lines.size());
    for (String line : lines) {
      String[] parts = line.split("\t", -1);
      assertEquals(2, parts.length, line);
      String[] s = parts[1].split(" ");
      assertEquals(6 + 1, s.length, line);
      float threshold = Float.parseFloat(s[6]);
      StringBuilder labels = new StringBuilder();
      for (int i = 0; i < 6; i++) {
        if (Float.parseFloat(s[i]) > threshold) {
          labels.append(labels.length() > 0 ? "," : "").append(i);
        }
      }
      assertEquals(labels.toString(), parts[0], line);
    }
  }

  @Test
  void handMadeModelPredictsByHand() throws IOException {
    // FALT, η = 1, one example x = e1, Y = {0}: row 1 = (1, −1 | 0) (see EvaluateCommandTest)
    Path data = dir.resolve("d.svm");
    Files.writeString(data, "0 1:1\n");
    Path model = dir.resolve("m.alt");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", data.toString(), "--num-labels", "2",
        "--model", model.toString()).exitCode());
    Path x = dir.resolve("x.svm");
    Files.writeString(x, "1:2\n 2:1\n1:-1 5:3\n");
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", x.toString(), "--scores");
    assertEquals(0, p.exitCode(), p.err());
    assertEquals("0\t2.0 -2.0 0.0\n\t0.0 0.0 0.0\n1\t-1.0 1.0 0.0\n", p.out());
  }

  /** The model's scaling is its own: predict may repeat it, not change it; the file records it and the data file. */
  @Test
  void theModelCarriesItsScalingAndProvenance() throws IOException {
    writeData(33);
    Path model = dir.resolve("m.alt");
    CliRun t = CliRun.of("train", "--learner", "falt", "--data", train.toString(), "--model", model.toString(),
        "--scale", "standardize");
    assertEquals(0, t.exitCode(), t.err());
    assertTrue(t.out().contains("scale standardize"), t.out());
    SavedModel saved = ModelIo.read(model);
    assertEquals(FeatureScaling.STANDARDIZE, saved.scaler().scaling());
    assertEquals(180, saved.scaler().observed(), "fitted on the training file");
    assertEquals(180, saved.examplesSeen());
    assertEquals(train.toString(), saved.provenance().get("data"));
    assertEquals(RunRecord.DataFile.of(train).sha256(), saved.provenance().get("dataSha256"));
    assertEquals(ToolkitVersion.get(), saved.provenance().get("toolkitVersion"));

    CliRun same = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--scale", "standardize");
    assertEquals(0, same.exitCode(), same.err());
    assertEquals(CliRun.of("predict", "--model", model.toString(), "--data", test.toString()).out(), same.out());
    Path out = dir.resolve("out.txt");
    CliRun other = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--scale", "l2",
        "--out", out.toString());
    assertEquals(2, other.exitCode());
    assertEquals("alt: --scale l2 differs from the scaling of " + model + " (standardize): the model carries its scaling,"
        + " leave --scale out", other.err().strip());
    assertFalse(Files.exists(out));
  }

  @Test
  void learnerIsRequiredWithoutFrom() throws IOException {
    writeData(37);
    Path model = dir.resolve("m.alt");
    CliRun t = CliRun.of("train", "--data", train.toString(), "--model", model.toString());
    assertEquals(2, t.exitCode());
    assertTrue(t.err().startsWith("alt: Missing required option: '--learner=NAME'"), t.err());
    assertTrue(t.err().contains("Try 'alt train --help' for the usage."), t.err());
    assertFalse(Files.exists(model));
  }

  @Test
  void corruptedOrTruncatedModelIsAClearErrorAndWritesNothing() throws IOException {
    writeData(34);
    Path model = dir.resolve("m.alt");
    assertEquals(0, CliRun.of("train", "--learner", "salt", "--data", train.toString(), "--model", model.toString()).exitCode());
    byte[] bytes = Files.readAllBytes(model);
    Path corrupt = dir.resolve("corrupt.alt");
    byte[] flipped = bytes.clone();
    flipped[bytes.length / 2] ^= 0x10;
    Files.write(corrupt, flipped);
    Path out = dir.resolve("out.txt");
    CliRun c = CliRun.of("predict", "--model", corrupt.toString(), "--data", test.toString(), "--out", out.toString());
    assertEquals(2, c.exitCode());
    assertTrue(c.err().startsWith("alt: ") && c.err().contains("corrupt.alt") && c.err().contains("checksum mismatch"), c.err());
    assertEquals(1, c.err().lines().count(), c.err());
    assertFalse(Files.exists(out));

    Path truncated = dir.resolve("truncated.alt");
    Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length - 7));
    CliRun t = CliRun.of("predict", "--model", truncated.toString(), "--data", test.toString());
    assertEquals(2, t.exitCode());
    assertTrue(t.err().contains("truncated.alt: truncated"), t.err());

    Path notAModel = dir.resolve("notamodel.alt");
    Files.writeString(notAModel, "0 1:1\n0 1:1\n0 1:1\n0 1:1\n");
    CliRun n = CliRun.of("predict", "--model", notAModel.toString(), "--data", test.toString());
    assertEquals(2, n.exitCode());
    assertTrue(n.err().contains("not an ALT model file"), n.err());
  }

  @Test
  void failedPredictionLeavesAnExistingOutputUntouched() throws IOException {
    writeData(35);
    Path model = dir.resolve("m.alt");
    assertEquals(0, CliRun.of("train", "--learner", "pa1", "--data", train.toString(), "--model", model.toString()).exitCode());
    Path bad = dir.resolve("bad.svm");
    Files.writeString(bad, "0 1:1\n0 1:1\n0 1:oops\n");
    Path out = dir.resolve("out.txt");
    Files.writeString(out, "keep\n");
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", bad.toString(), "--out", out.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("bad.svm:3:"), r.err());
    assertEquals("keep\n", Files.readString(out));
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".alt-tmp-")), "temporary file left");
    }
  }

  @Test
  void divergedTrainingSavesNoModel() throws IOException {
    Path data = dir.resolve("d.svm");
    Files.writeString(data, "0 1:1e30\n1 1:1e30\n");
    Path model = dir.resolve("m.alt");
    // float weights overflow (double weights would hold η·x = 1e60 and train fine)
    CliRun r = CliRun.of("train", "--learner", "falt", "--precision", "float", "--eta", "1e30", "--order", "file",
        "--data", data.toString(), "--model", model.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("diverged after learning from 1 example:"), r.err());
    assertFalse(Files.exists(model));
  }

  /**
   * LIBSVM data read with another first feature index than the training data was (--zero-based) gets a warning:
   * every feature is shifted by one, which no other check sees. The same base, and ARFF data, get none.
   */
  @Test
  void dataReadWithAnotherIndexBaseIsWarnedAbout() throws IOException {
    writeData(5);
    Path model = dir.resolve("zero.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--zero-based", "--data", train.toString(), "--model", model.toString())
        .exitCode());
    CliRun shifted = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--quiet");
    assertEquals(0, shifted.exitCode(), shifted.err());
    assertTrue(shifted.err().contains("test.svm is read with 1-based feature indices, the model " + model + " was trained on"
        + " data read with 0-based ones (--zero-based)"), shifted.err());
    CliRun same = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--zero-based", "--quiet");
    assertEquals("", same.err());
    CliRun more = CliRun.of("train", "--from", model.toString(), "--data", test.toString(), "--model",
        dir.resolve("more.model").toString(), "--quiet");
    assertTrue(more.err().contains("every feature is shifted by one; give --zero-based"), more.err());
    Path oneBased = dir.resolve("one.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", train.toString(), "--model", oneBased.toString()).exitCode());
    CliRun zero = CliRun.of("test", "--model", oneBased.toString(), "--data", test.toString(), "--zero-based", "--quiet");
    assertTrue(zero.err().contains("leave --zero-based out"), zero.err());
  }
}
