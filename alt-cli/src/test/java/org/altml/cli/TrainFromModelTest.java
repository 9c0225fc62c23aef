package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.altml.cli.output.ToolkitVersion;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code alt train --from MODEL --data MORE}: training continues as if MORE had followed the model's
 * training data in one stream, so A then B equals A+B (the files concatenated) to the last bit of every
 * score.
 */
class TrainFromModelTest {
  @TempDir Path dir;

  private Dataset b;
  private Path fileA;
  private Path fileB;
  private Path fileAb;
  private Path test;

  /** A: 120 examples, B: 90, test: 60; 6 labels. B's features reach beyond A's where the generator puts them. */
  @BeforeEach
  void writeData() throws IOException {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withNumFeatures(300).withMeanNonZeros(10)
        .withNumLabels(6).withLabelCardinality(1.5).withModelNonZerosPerLabel(25).withSeed(51);
    Dataset all = new SparseTextGenerator(c).generate(270);
    fileA = dir.resolve("a.svm");
    fileB = dir.resolve("b.svm");
    test = dir.resolve("test.svm");
    b = all.subset(EvaluateCommandTest.range(120, 210));
    DataFiles.write(all.subset(EvaluateCommandTest.range(0, 120)), fileA);
    DataFiles.write(b, fileB);
    DataFiles.write(all.subset(EvaluateCommandTest.range(210, 270)), test);
    fileAb = concatenate("ab.svm", fileA, fileB);
  }

  /** The files one after the other, byte for byte (LIBSVM is one example per line). */
  private Path concatenate(String name, Path... files) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (Path f : files) {
      bytes.write(Files.readAllBytes(f));
    }
    Path out = dir.resolve(name);
    Files.write(out, bytes.toByteArray());
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "--learner falt --eta 0.5 --max-updates 3",
    "--learner falt --eta 0.5 --max-updates 3 --bias --precision float",
    "--learner salt --eta 0.5 --delta 0.1 --max-updates 2 --bias",
    "--learner salt --eta 0.5 --delta 0.1 --max-updates 2 --precision float",
    "--learner pa1 --c 0.5 --max-updates-factor 0.5",
    "--learner falt --scale l2",
    "--learner salt --scale standardize",
  })
  void aThenBEqualsAPlusB(String options) throws IOException {
    List<String> opts = List.of(options.split(" "));
    Path modelA = train(fileA, "a.alt", opts);
    Path modelAb = train(fileAb, "ab.alt", opts);
    Path continued = dir.resolve("a-then-b.alt");
    CliRun r = CliRun.of("train", "--from", modelA.toString(), "--data", fileB.toString(), "--num-labels", "6",
        "--model", continued.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().startsWith("continued "), r.out());

    if (options.contains("standardize")) {
      // one stream means one scaling: the statistics fitted on A, kept for B, differ from those of A+B
      assertEquals(120, ModelIo.read(continued).scaler().observed());
    } else {
      assertEquals(scores(modelAb), scores(continued), options);
    }
    assertEquals(120, ModelIo.read(modelA).examplesSeen());
    SavedModel saved = ModelIo.read(continued);
    assertEquals(210, saved.examplesSeen(), "examplesSeen counts on");
    assertEquals(ModelIo.read(modelA).learner().settings(), saved.learner().settings());
    assertEquals(fileA.toString(), saved.provenance().get("data"));
    assertEquals(fileB.toString(), saved.provenance().get("continued1.data"));
    assertEquals(ToolkitVersion.get(), saved.provenance().get("continued1.toolkitVersion"));
  }

  /** --order shuffle with --from reorders B only: the same as A followed by B written in that order. */
  @Test
  void shuffleReordersOnlyTheNewData() throws IOException {
    List<String> opts = List.of("--learner", "salt", "--max-updates", "2");
    Path modelA = train(fileA, "a.alt", opts);
    Path continued = dir.resolve("shuffled.alt");
    CliRun r = CliRun.of("train", "--from", modelA.toString(), "--data", fileB.toString(), "--order", "shuffle",
        "--seed", "7", "--model", continued.toString());
    assertEquals(0, r.exitCode(), r.err());
    Path bShuffled = dir.resolve("b-shuffled.svm");
    DataFiles.write(b.subset(b.permutation(7)), bShuffled);
    Path reference = train(concatenate("ab-shuffled.svm", fileA, bShuffled), "ref.alt", opts);
    assertEquals(scores(reference), scores(continued));
  }

  /** Continuing twice keeps counting: a third file is the second continuation. */
  @Test
  void continuingAContinuedModel() throws IOException {
    List<String> opts = List.of("--learner", "falt");
    Path modelA = train(fileA, "a.alt", opts);
    Path ab = dir.resolve("ab-cont.alt");
    Path abb = dir.resolve("abb-cont.alt");
    assertEquals(0, CliRun.of("train", "--from", modelA.toString(), "--data", fileB.toString(), "--model", ab.toString())
        .exitCode());
    CliRun r = CliRun.of("train", "--from", ab.toString(), "--data", fileB.toString(), "--model", abb.toString());
    assertEquals(0, r.exitCode(), r.err());
    SavedModel saved = ModelIo.read(abb);
    assertEquals(300, saved.examplesSeen());
    assertEquals(fileB.toString(), saved.provenance().get("continued2.data"));
    Path reference = train(concatenate("abb.svm", fileA, fileB, fileB), "abb.alt", opts);
    assertEquals(scores(reference), scores(abb));
  }

  @Test
  void learnerOptionsScalingAndMoreLabelsAreRefused() throws IOException {
    Path modelA = train(fileA, "a.alt", List.of("--learner", "falt", "--scale", "l2"));
    Path out = dir.resolve("out.alt");
    String[][] cases = {
      {"--learner", "falt"},
      {"--eta", "0.5"},
      {"--bias"},
      {"--scale", "none"},
    };
    String[] expected = {
      "alt: --learner cannot be combined with --from: the learner and its settings come from the model " + modelA,
      "alt: --eta cannot be combined with --from: the learner and its settings come from the model " + modelA,
      "alt: --bias cannot be combined with --from: the learner and its settings come from the model " + modelA,
      "alt: --scale none cannot be combined with --from: the model " + modelA + " carries its scaling (l2)",
    };
    for (int i = 0; i < cases.length; i++) {
      String[] args = Stream.concat(Stream.of("train", "--from", modelA.toString(), "--data", fileB.toString(),
          "--model", out.toString()), Stream.of(cases[i])).toArray(String[]::new);
      CliRun r = CliRun.of(args);
      assertEquals(2, r.exitCode(), String.join(" ", args));
      assertEquals(expected[i], r.err().strip(), String.join(" ", args));
    }
    assertEquals(0, CliRun.of("train", "--from", modelA.toString(), "--data", fileB.toString(), "--scale", "l2",
        "--model", out.toString()).exitCode(), "the model's own scaling may be repeated");
    Files.delete(out);

    Path moreLabels = dir.resolve("more-labels.svm");
    Files.writeString(moreLabels, "0 1:1\n7 2:1\n");
    CliRun r = CliRun.of("train", "--from", modelA.toString(), "--data", moreLabels.toString(), "--model", out.toString());
    assertEquals(2, r.exitCode());
    assertEquals("alt: " + moreLabels + " has 8 labels but the model " + modelA + " has 6: a model's labels are fixed"
        + " when it is first trained", r.err().strip());
    assertFalse(Files.exists(out));
  }

  private Path train(Path data, String name, List<String> opts) {
    Path model = dir.resolve(name);
    String[] args = Stream.concat(Stream.of("train", "--order", "file", "--num-labels", "6", "--data", data.toString(),
        "--model", model.toString()), opts.stream()).toArray(String[]::new);
    CliRun r = CliRun.of(args);
    assertEquals(0, r.exitCode(), r.err());
    return model;
  }

  /** {@code alt predict --scores} of the test file. */
  private String scores(Path model) {
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--scores");
    assertEquals(0, p.exitCode(), p.err());
    assertEquals(60, p.out().lines().count());
    return p.out();
  }
}
