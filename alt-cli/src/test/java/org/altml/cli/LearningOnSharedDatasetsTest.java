package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
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
    String root = System.getProperty("alt.datasets", "");
    Path train = Path.of(root, name, name + "-train.arff");
    Path test = Path.of(root, name, name + "-test.arff");
    assumeTrue(!root.isEmpty() && Files.isRegularFile(train) && Files.isRegularFile(test),
        "shared datasets not found at " + train + ": skipped");
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
}
