package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --feature-map}: options from the registry of maps, usage errors as one line and exit 2, the JSON
 * report of the model, train + predict giving what evaluate scored, and a nonlinear gain on a real dataset.
 */
class FeatureMapCommandTest {
  @TempDir Path dir;

  private Path[] corpus() throws IOException {
    Dataset data = SmallCorpus.generate(40, 4, 300, 5L);
    return new Path[] {SmallCorpus.write(data, 0, 200, dir.resolve("train.svm")), SmallCorpus.write(data, 200, 300, dir.resolve("test.svm"))};
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "--learner salt --map-dim 100|alt: --map-dim needs --feature-map (nystrom or rff) with salt",
    "--learner falt --sigma2 2|alt: --sigma2 applies to falt-k, pa1-k, pa2-k, --feature-map nystrom and --feature-map rff, not falt",
    "--learner salt --feature-map rff --c 2|alt: --c applies to elm-omll, pa1, pa1-k, pa2 and pa2-k, not salt+rff",
    "--learner pa2 --feature-map nystrom --map-dim 0|alt: --map-dim must be in [1, 1048576]: 0",
    "--learner salt --feature-map rff --sigma2 -1|alt: --sigma2 must be > 0 and finite: -1",
    "--learner salt --feature-map nystrom --map-dim 250|alt: nystrom takes its mapDim (--map-dim) = 250 landmarks from the"
        + " training examples, but there are only 200; use a smaller mapDim (--map-dim)",
  })
  void usageErrorsAreOneLineAndExitTwo(String options, String message) throws IOException {
    Path[] files = corpus();
    String[] args = ("evaluate --num-labels 4 --train " + files[0] + " --test " + files[1] + " " + options).split(" ");
    CliRun r = CliRun.of(args);
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(message, r.errLine());
  }

  /**
   * tune tunes the learner on the map (it tuned the plain learner, ignoring --feature-map), refuses map options
   * without a map as evaluate does, and suggests an evaluate command that runs.
   */
  @Test
  void tuneTunesTheLearnerOnItsMap() throws IOException {
    Path[] files = corpus();
    CliRun t = CliRun.of("tune", "--learner", "salt", "--feature-map", "rff", "--map-dim", "50", "--train", files[0].toString(),
        "--grid", "none", "--folds", "2", "--json", "--quiet");
    assertEquals(0, t.exitCode(), t.err());
    java.util.Map<String, String> json = Json.flatten(t.out());
    assertEquals("salt+rff", json.get("learner"));
    assertEquals("--learner salt --feature-map rff --map-dim 50", json.get("evaluateOptions"));
    CliRun e = CliRun.of(("evaluate --train " + files[0] + " --test " + files[1] + " " + json.get("evaluateOptions")
        + " --quiet").split(" "));
    assertEquals(0, e.exitCode(), e.err());
    CliRun bad = CliRun.of("tune", "--learner", "salt", "--map-dim", "50", "--train", files[0].toString(), "--grid", "none");
    assertEquals(2, bad.exitCode());
    assertEquals("alt: --map-dim needs --feature-map (nystrom or rff) with salt", bad.errLine());
  }

  @Test
  void anUnknownMapNamesTheKnownOnes() throws IOException {
    Path[] files = corpus();
    CliRun r = CliRun.of("evaluate", "--train", files[0].toString(), "--test", files[1].toString(), "--learner", "salt",
        "--feature-map", "poly");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: Invalid value for option '--feature-map': expected one of [nystrom, rff] but was 'poly'"),
        r.err());
  }

  /** A kernel learner (falt-k once alt-kernel registers it) has its own feature space: a map on it is refused. */
  @Test
  void aFeatureMapOnAKernelLearnerIsAUsageError() throws IOException {
    Optional<LearnerSpec> kernel = LearnerRegistry.all().stream().filter(s -> !s.isLinear()).findFirst();
    assumeTrue(kernel.isPresent(), "no learner kind other than the linear ones is registered");
    Path[] files = corpus();
    CliRun r = CliRun.of("evaluate", "--train", files[0].toString(), "--test", files[1].toString(), "--learner",
        kernel.get().name(), "--feature-map", "rff");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals("alt: --feature-map applies to the linear learners (falt, pa1, pa2 and salt), not " + kernel.get().name(),
        r.errLine());
  }

  @Test
  void trainFromRefusesAFeatureMap() throws IOException {
    Path[] files = corpus();
    Path model = dir.resolve("m.alt");
    assertEquals(0, CliRun.of("train", "--learner", "salt", "--feature-map", "rff", "--map-dim", "20", "--data",
        files[0].toString(), "--model", model.toString()).exitCode());
    CliRun r = CliRun.of("train", "--from", model.toString(), "--feature-map", "rff", "--data", files[1].toString(),
        "--model", dir.resolve("m2.alt").toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.errLine().startsWith("alt: --feature-map cannot be combined with --from"), r.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"rff", "nystrom"})
  void jsonReportsTheMapAndTheModelsMemory(String map) throws IOException {
    Path[] files = corpus();
    CliRun r = CliRun.of("evaluate", "--train", files[0].toString(), "--test", files[1].toString(), "--learner", "salt",
        "--feature-map", map, "--map-dim", "64", "--sigma2", "2", "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals("salt+" + map, json.get("model.learner"));
    assertEquals(map, json.get("model.featureMap"));
    assertEquals(64, Json.number(json, "model.mapDim"));
    assertEquals(2.0, Json.number(json, "model.sigma2"));
    assertEquals("salt", json.get("model.innerLearner"));
    assertTrue(Json.number(json, "model.ramBytesUsed") > Json.number(json, "model.innerRamBytesUsed"), r.out());
    assertEquals("salt+" + map, json.get("run.learner"));
    assertEquals("64", json.get("run.settings.mapDim"));
    assertEquals("2.0", json.get("run.settings.sigma2"));
    CliRun linear = CliRun.of("evaluate", "--train", files[0].toString(), "--test", files[1].toString(), "--learner", "salt",
        "--json");
    Map<String, String> plain = Json.flatten(linear.out());
    assertEquals("salt", plain.get("model.learner"));
    assertTrue(Json.number(plain, "model.ramBytesUsed") > 0);
  }

  /** The model file holds the map (seed, D, σ², landmarks) and the inner learner: predict gives evaluate's bytes. */
  @ParameterizedTest
  @CsvSource({"salt, rff", "falt, nystrom", "pa1, rff", "pa2, nystrom"})
  void trainThenPredictReproducesEvaluate(String learner, String map) throws IOException {
    Path[] files = corpus();
    Path evaluated = dir.resolve("evaluated.txt");
    String[] options = {"--learner", learner, "--feature-map", map, "--map-dim", "48", "--sigma2", "1.5", "--seed", "11"};
    CliRun e = CliRun.of(concat(new String[] {"evaluate", "--train", files[0].toString(), "--test", files[1].toString(),
        "--predictions", evaluated.toString()}, options));
    assertEquals(0, e.exitCode(), e.err());
    Path model = dir.resolve("model.alt");
    CliRun t = CliRun.of(concat(new String[] {"train", "--data", files[0].toString(), "--model", model.toString()}, options));
    assertEquals(0, t.exitCode(), t.err());
    Path predicted = dir.resolve("predicted.txt");
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", files[1].toString(), "--out", predicted.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertArrayEquals(Files.readAllBytes(evaluated), Files.readAllBytes(predicted), learner + "+" + map);
  }

  @Test
  void prequentialRunsNystromThroughItsWarmUp() throws IOException {
    Path[] files = corpus();
    CliRun r = CliRun.of("prequential", "--data", files[0].toString(), "--learner", "salt", "--feature-map", "nystrom",
        "--map-dim", "30", "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals(200, Json.number(json, "examples"));
    assertEquals("true", json.get("model.fitted"));
    assertEquals(30, Json.number(json, "model.landmarks"));
  }

  @Test
  void helpListsTheMapsAndTheirOptions() {
    CliRun r = CliRun.of("evaluate", "--help");
    assertEquals(0, r.exitCode());
    String help = r.out().replaceAll("\\s+", " ");
    assertTrue(help.contains("--feature-map=MAP"), help);
    assertTrue(help.contains("rff: random Fourier features"), help);
    assertTrue(help.contains("nystrom: Nyström map"), help);
    assertTrue(help.contains("feature maps: nystrom, rff; default: 256 (nystrom), 1000 (rff)"), help);
    assertTrue(help.contains("--sigma2=SIGMA2"), help);
  }

  /** On emotions (72 standardized audio features), SALT on RBF features beats linear SALT by a wide margin. */
  @Tag("slow")
  @ParameterizedTest
  @ValueSource(strings = {"rff", "nystrom"})
  void saltOnAnRbfMapBeatsLinearSaltOnEmotions(String map) throws IOException {
    Path train = RealDatasets.require("emotions/emotions-train.arff");
    Path test = RealDatasets.require("emotions/emotions-test.arff");
    String[] common = {"evaluate", "--train", train.toString(), "--test", test.toString(), "--scale", "standardize",
        "--learner", "salt", "--json"};
    CliRun linear = CliRun.of(common);
    CliRun mapped = CliRun.of(concat(common, new String[] {"--feature-map", map, "--sigma2", "16"}));
    assertEquals(0, linear.exitCode(), linear.err());
    assertEquals(0, mapped.exitCode(), mapped.err());
    double linearF1 = Json.number(Json.flatten(linear.out()), "metrics.f1");
    double mappedF1 = Json.number(Json.flatten(mapped.out()), "metrics.f1");
    double linearHamming = Json.number(Json.flatten(linear.out()), "metrics.hammingLoss");
    double mappedHamming = Json.number(Json.flatten(mapped.out()), "metrics.hammingLoss");
    assertTrue(mappedF1 > linearF1 + 0.03 && mappedHamming < linearHamming,
        "salt+" + map + " F1 " + mappedF1 + " Hamming " + mappedHamming + ", salt F1 " + linearF1 + " Hamming " + linearHamming);
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
