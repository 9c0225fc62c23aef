package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * evaluate, train and predict on the shared Mulan splits (ARFF with the XML found beside it): example
 * counts as in the datasets' README, a finite positive F1 (untuned, M = 1: SALT reaches only 0.17 on scene), and
 * train + predict reproducing evaluate's predictions, standardized ones included. Skipped when the shared datasets are absent.
 */
@Tag("slow")
class LearningOnSharedDatasetsTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource({
    "emotions, falt, l2, 391, 202",
    "emotions, pa1, l2, 391, 202",
    "emotions, salt, standardize, 391, 202",
    "scene, salt, l2, 1211, 1196",
    "yeast, falt, l2, 1500, 917",
  })
  void evaluateThenTrainAndPredict(String name, String learner, String scale, int trainCount, int testCount)
      throws IOException {
    List<Path> files = RealDatasets.requireAll(name + "/" + name + "-train.arff", name + "/" + name + "-test.arff");
    Path train = files.get(0);
    Path test = files.get(1);
    Path evaluated = dir.resolve("evaluated.txt");
    CliRun e = CliRun.of("evaluate", "--learner", learner, "--order", "file", "--scale", scale, "--train", train.toString(),
        "--test", test.toString(), "--predictions", evaluated.toString(), "--json");
    assertEquals(0, e.exitCode(), e.err());
    Map<String, String> json = Json.flatten(e.out());
    assertEquals(trainCount, Json.number(json, "trainExamples"));
    assertEquals(testCount, Json.number(json, "testExamples"));
    double f1 = Json.number(json, "metrics.f1");
    assertTrue(f1 > 0.1 && f1 <= 1, name + " " + learner + " F1 " + f1);

    Path model = dir.resolve("model.alt");
    Path predicted = dir.resolve("predicted.txt");
    assertEquals(0, CliRun.of("train", "--learner", learner, "--order", "file", "--scale", scale, "--data", train.toString(),
        "--model", model.toString()).exitCode());
    // the model carries its scaling (standardize: the statistics fitted on the training file)
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", test.toString(), "--out", predicted.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertArrayEquals(Files.readAllBytes(evaluated), Files.readAllBytes(predicted), name + " " + learner + " " + scale);
  }

  /**
   * An experiment whose given setting predicts no label in one of its runs (emotions unscaled, a tiny η: seed 1 ends
   * with every score below the threshold) says so on stderr; the run still counts in the table, as the protocol says.
   */
  @Test
  void anExperimentWarnsAboutRunsThatPredictNothing() {
    Path train = RealDatasets.require("emotions/emotions-train.arff");
    Path test = RealDatasets.require("emotions/emotions-test.arff");
    CliRun run = CliRun.of("experiment", "--train", train.toString(), "--test", test.toString(), "--learners", "falt", "--given",
        "falt:eta=9.765625E-4,maxUpdatesFactor=0.25", "--runs", "2", "--curve-points", "0", "--out", dir.resolve("x").toString(), "-q");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("alt: warning: emotions, falt: 1 of 2 runs predicted no label for any test example (seeds [1])"),
        run.err());
  }

  /** A kernel learner's runs share a distance cache, and Table 4 says their times are not comparable between runs. */
  @Test
  void table4SaysWhenRunsSharedACache() throws java.io.IOException {
    Path train = RealDatasets.require("emotions/emotions-train.arff");
    Path test = RealDatasets.require("emotions/emotions-test.arff");
    Path out = dir.resolve("k");
    CliRun run = CliRun.of("experiment", "--train", train.toString(), "--test", test.toString(), "--learners", "falt-k", "--given",
        "falt-k:sigma2=16", "--runs", "2", "--curve-points", "0", "--out", out.toString(), "-q");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(Files.readString(out.resolve("table4.md")).contains("On emotions the runs shared a cache"), run.out());
  }

  /** genbase's first attribute is a protein id (662 nominal values), not a feature: --ignore-attributes drops it. */
  @Test
  void genbaseWithoutItsProteinId() throws IOException {
    Path train = RealDatasets.require("genbase/genbase-train.arff");
    Path test = RealDatasets.require("genbase/genbase-test.arff");
    Path model = dir.resolve("genbase.model");
    CliRun r = CliRun.of("train", "--learner", "falt", "--ignore-attributes", "protein", "--data", train.toString(),
        "--model", model.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("on 463 examples") && r.out().contains("(d = 1185)"), r.out());
    // by position, the same attribute
    Path byIndex = dir.resolve("by-index.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--ignore-attributes", "1", "--data", train.toString(), "--model",
        byIndex.toString()).exitCode());
    // the model carries the attributes it was trained without: predict applies them by itself
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", test.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertEquals(199, p.out().lines().count());
    assertEquals(p.out(), CliRun.of("predict", "--model", model.toString(), "--ignore-attributes", "protein", "--data",
        test.toString()).out());
    assertEquals(p.out(), CliRun.of("predict", "--model", byIndex.toString(), "--data", test.toString()).out());
    CliRun other = CliRun.of("predict", "--model", model.toString(), "--ignore-attributes", "PS00010", "--data",
        test.toString());
    assertEquals(2, other.exitCode());
    assertTrue(other.errLine().contains("(protein)"), other.err());
  }

  /** A model of emotions given scene data (same L, other label names) or yeast data (more labels). */
  @Test
  void aModelRefusesAnotherDatasetNamingBoth() throws IOException {
    Path emotions = RealDatasets.require("emotions/emotions-train.arff");
    Path scene = RealDatasets.require("scene/scene-test.arff");
    Path yeast = RealDatasets.require("yeast/yeast-test.arff");
    Path model = dir.resolve("emotions.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", emotions.toString(), "--model", model.toString())
        .exitCode());
    Path out = dir.resolve("p.txt");
    CliRun s = CliRun.of("predict", "--model", model.toString(), "--data", scene.toString(), "--out", out.toString());
    assertEquals(2, s.exitCode());
    String line = s.errLine();
    assertTrue(line.contains(scene.toString()) && line.contains(model.toString()) && line.contains("Beach")
        && line.contains("amazed-suprised"), line);
    CliRun y = CliRun.of("predict", "--model", model.toString(), "--data", yeast.toString(), "--out", out.toString());
    assertEquals(2, y.exitCode());
    assertEquals("alt: " + yeast + " has 14 labels but the model " + model + " has 6: a model's labels are fixed when it is"
        + " first trained", y.errLine());
    CliRun more = CliRun.of("train", "--from", model.toString(), "--data", scene.toString(), "--model",
        dir.resolve("more.model").toString());
    assertEquals(2, more.exitCode());
    assertTrue(more.errLine().contains("Beach"), more.err());
    assertFalse(Files.exists(out));
  }
}
