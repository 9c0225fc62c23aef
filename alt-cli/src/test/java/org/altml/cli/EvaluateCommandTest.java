package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.RunRecord;
import org.altml.core.eval.Seeds;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class EvaluateCommandTest {
  @TempDir Path dir;

  private Path file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  /** A test file of comments only is warned of, as alt test warns (evaluate exited 0 with NaN ns/example and no word). */
  @Test
  void anEmptyTestFileIsWarnedOf() throws IOException {
    Path train = file("train.svm", "0 1:1\n");
    Path test = file("test.svm", "# nothing here\n");
    CliRun r = CliRun.of("evaluate", "--learner", "falt", "--train", train.toString(), "--test", test.toString(), "--num-labels", "1");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains("warning: the test data " + test + " has no examples: nothing was scored"), r.err());
  }

  /**
   * Hand-computed. Train: one example x = e1, Y = {0} (so the training file has L = 1). FALT η = 1, M =
   * 1 from W = 0: all scores 0, a = b = 1, c = (−1, +1, 0), so row 1 becomes (1, −1 | 0). Test (L = 2,
   * more than the training file): x = e1, Y = {0} → scores (1, −1 | 0), Ŷ = {0}; x = e1, Y = {1} → Ŷ =
   * {0}; x = e2 (a feature never trained), Y = ∅ → all scores 0, Ŷ = ∅. Precision = recall = F1 = 2/3
   * (1, 0, and 1 for the empty pair); Hamming 2/6; micro-F1 2·1/(2+1+1) = 1/2; macro-F1 (2/3 + 0)/2;
   * ranking loss (0 + 1)/2 with the third example left out.
   */
  @Test
  void handComputedFaltStep() throws IOException {
    Path train = file("train.svm", "0 1:1\n");
    Path test = file("test.svm", "0 1:1\n1 1:1\n2:1\n");
    CliRun r = CliRun.of("evaluate", "--learner", "falt", "--train", train.toString(), "--test", test.toString(), "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals(2.0 / 3, Json.number(json, "metrics.precision"), 1e-12);
    assertEquals(2.0 / 3, Json.number(json, "metrics.recall"), 1e-12);
    assertEquals(2.0 / 3, Json.number(json, "metrics.f1"), 1e-12);
    assertEquals(1.0 / 3, Json.number(json, "metrics.macroF1"), 1e-12);
    assertEquals(0.5, Json.number(json, "metrics.microF1"), 1e-12);
    assertEquals(1.0 / 3, Json.number(json, "metrics.hammingLoss"), 1e-12);
    assertEquals(0.5, Json.number(json, "metrics.rankingLoss"), 1e-12);
    assertEquals(1, Json.number(json, "rankingLossLeftOut"));
    assertEquals(1, Json.number(json, "trainExamples"));
    assertEquals(3, Json.number(json, "testExamples"));
    assertEquals("2", json.get("numLabels"));

    CliRun human = CliRun.of("evaluate", "--learner", "falt", "--train", train.toString(), "--test", test.toString());
    assertEquals(0, human.exitCode(), human.err());
    String row = human.out().lines().filter(l -> l.startsWith("falt ")).findFirst().orElseThrow();
    assertEquals(List.of("falt", "66.67", "66.67", "66.67", "33.33", "50.00", "33.33", "50.00"),
        List.of(row.trim().split("\\s+")), human.out());
    assertTrue(human.out().contains("ranking loss leaves out 1 of 3"), human.out());
  }

  /** The JSON equals TrainThenTest run directly on the same data, bit for bit, and has every field. */
  @Test
  void jsonMatchesTheLibraryAndHasTheRunRecord() throws IOException {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withNumFeatures(400).withMeanNonZeros(12)
        .withNumLabels(7).withLabelCardinality(1.8).withModelNonZerosPerLabel(30).withSeed(21);
    Dataset all = new SparseTextGenerator(c).generate(300);
    Path train = dir.resolve("train.svm");
    Path test = dir.resolve("test.svm");
    DataFiles.write(all.subset(range(0, 200)), train);
    DataFiles.write(all.subset(range(200, 300)), test);
    CliRun r = CliRun.of("evaluate", "--learner", "salt", "--eta", "0.5", "--delta", "0.5", "--max-updates", "3",
        "--train", train.toString(), "--test", test.toString(), "--num-labels", "7", "--seed", "5", "--scale", "l2",
        "--threads", "2", "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());

    Dataset tr = DataFiles.read(train).withDimensions(DataFiles.read(train).numFeatures(), 7);
    Dataset te = DataFiles.read(test).withDimensions(DataFiles.read(test).numFeatures(), 7);
    Settings salt = Settings.parse(LearnerRegistry.get("salt"), Map.of("eta", "0.5", "delta", "0.5", "maxUpdates", "3"));
    TrainThenTestResult expected = TrainThenTest.run(salt, DataView.of(tr), DataView.of(te),
        new TrainThenTest.Config(Order.SHUFFLE, 5, FeatureScaling.L2, ZeroDivisionPolicy.SPEC, 1)
            .withDataFiles(List.of(RunRecord.DataFile.of(train), RunRecord.DataFile.of(test))));
    for (Measure m : Measure.values()) {
      double v = expected.metrics().get(m);
      String text = json.get("metrics." + m.metricName());
      assertEquals(Double.isNaN(v) ? "null" : Double.toString(v), text, m.metricName() + " (seed 21/5)");
    }
    for (String field : new String[] {"trainSeconds", "testSeconds", "trainNanosPerExample", "testNanosPerExample"}) {
      assertTrue(Json.number(json, field) >= 0, field);
    }
    assertEquals(200, Json.number(json, "trainExamples"));
    assertEquals(100, Json.number(json, "testExamples"));
    assertTrue(json.containsKey("rankingLossLeftOut"));
    assertEquals("train-then-test", json.get("run.protocol"));
    assertEquals("salt", json.get("run.learner"));
    assertEquals("0.5", json.get("run.settings.eta"));
    assertEquals("0.5", json.get("run.settings.delta"));
    assertEquals("3", json.get("run.settings.maxUpdates"));
    assertEquals("double", json.get("run.settings.precision"), "double is the default");
    assertEquals("5", json.get("run.seeds.order"));
    assertEquals(Long.toString(Seeds.learner(5)), json.get("run.seeds.learner"));
    assertEquals(expected.record().settings(), settingsOf(json), "every parameter, defaults from the registry");
    assertEquals(expected.record().key(), json.get("runKey"), "the same run has the same key (threads aside)");
    assertEquals("shuffle", json.get("run.order"));
    assertEquals("l2", json.get("run.scaling"));
    assertEquals(train.toString(), json.get("run.dataFiles[0].path"));
    assertEquals(Long.toString(Files.size(train)), json.get("run.dataFiles[0].bytes"));
    assertEquals(64, json.get("run.dataFiles[1].sha256").length());
    for (String key : new String[] {"run.jdk", "run.vectorization", "run.toolkitVersion"}) {
      assertFalse(json.get(key).isBlank(), key);
    }
  }

  /** --precision float builds float32 learners: the JSON equals the library's FLOAT run and records it. */
  @Test
  void floatPrecisionMatchesTheLibraryAndIsRecorded() throws IOException {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withNumFeatures(300).withMeanNonZeros(10)
        .withNumLabels(5).withLabelCardinality(1.5).withModelNonZerosPerLabel(30).withSeed(23);
    Dataset all = new SparseTextGenerator(c).generate(200);
    Path train = dir.resolve("train.svm");
    DataFiles.write(all, train);
    CliRun r = CliRun.of("evaluate", "--learner", "falt", "--max-updates", "4", "--precision", "float",
        "--train", train.toString(), "--test", train.toString(), "--num-labels", "5", "--order", "file", "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals("float", json.get("run.settings.precision"));
    Dataset data = DataFiles.read(train).withDimensions(DataFiles.read(train).numFeatures(), 5);
    Settings falt = Settings.parse(LearnerRegistry.get("falt"), Map.of("maxUpdates", "4", "precision", "float"));
    TrainThenTestResult expected = TrainThenTest.run(falt, DataView.of(data), DataView.of(data),
        TrainThenTest.Config.defaults().withOrder(Order.FILE));
    for (Measure m : Measure.values()) {
      double v = expected.metrics().get(m);
      assertEquals(Double.isNaN(v) ? "null" : Double.toString(v), json.get("metrics." + m.metricName()), m.metricName());
    }
  }

  /** The record keeps the factor as given; the learner resolves M = ceil(m·L), shown in the human output. */
  @Test
  void maxUpdatesFactorUsesL() throws IOException {
    Path train = file("train.svm", "0 1:1\n1 2:1\n2 3:1\n3 1:1\n");
    CliRun r = CliRun.of("evaluate", "--learner", "falt", "--max-updates-factor", "0.5", "--train", train.toString(),
        "--test", train.toString(), "--json");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("0.5", Json.flatten(r.out()).get("run.settings.maxUpdatesFactor"));
    CliRun human = CliRun.of("evaluate", "--learner", "falt", "--max-updates-factor", "0.5", "--train", train.toString(),
        "--test", train.toString());
    assertEquals(0, human.exitCode(), human.err());
    assertTrue(human.out().startsWith("train-then-test: falt eta=1.0 maxUpdates=2 bias=false precision=double numLabels=4,"),
        "ceil(0.5 * 4): " + human.out());
  }

  @Test
  void badOptionsAreOneLineAndExitTwo() throws IOException {
    Path data = file("d.svm", "0 1:1\n");
    String[][] cases = {
      {"--learner", "nope"},
      {"--learner", "falt", "--eta", "-1"},
      {"--learner", "falt", "--eta", "NaN"},
      {"--learner", "falt", "--eta", "1e300"},
      {"--learner", "falt", "--eta", "fast"},
      {"--learner", "salt", "--delta", "0"},
      {"--learner", "falt", "--max-updates", "0"},
      {"--learner", "falt", "--max-updates", "2", "--max-updates-factor", "1"},
      {"--learner", "falt", "--max-updates-factor", "1", "--max-updates", "1"},
      {"--learner", "falt", "--delta", "1"},
      {"--learner", "pa1", "--eta", "1"},
      {"--learner", "falt", "--order", "random"},
      {"--learner", "falt", "--scale", "minmax"},
      {"--learner", "falt", "--threads", "-1"},
      {"--learner", "falt", "--threads", "32768"},
      {"--learner", "falt", "--precision", "half"},
      {"--learner", "falt", "--eta", "0.25,1"},
    };
    String[] expected = {
      "expected one of " + LearnerRegistry.names() + " but was 'nope'",
      "alt: --eta must be > 0 and finite: -1",
      "alt: --eta must be > 0 and finite: NaN",
      "alt: --eta must be > 0 and within a float's range (about 1.4e-45 to 3.4e38): 1e300",
      "alt: --eta must be > 0 and finite: fast",
      "alt: --delta must be > 0 and finite: 0",
      "alt: --max-updates must be in [1, 2147483647]: 0",
      "alt: give --max-updates or --max-updates-factor, not both",
      "alt: give --max-updates or --max-updates-factor, not both",
      "alt: --delta applies to salt only, not falt",
      "alt: --eta applies to " + RegisteredKinds.takersInWords("eta") + ", not pa1",
      "alt: --order must be file or shuffle: random",
      "alt: --scale must be none, standardize or l2: minmax",
      "alt: --threads must be 0 (all cores) to 1024: -1",
      "alt: --threads must be 0 (all cores) to 1024: 32768",
      "alt: --precision must be double or float: half",
      "alt: --eta must be > 0 and finite: 0.25,1 (one value here; lists and ranges such as 2^-2..2^1 are for alt tune)",
    };
    for (int i = 0; i < cases.length; i++) {
      String[] args = Stream.concat(Stream.of("evaluate", "--train", data.toString(), "--test", data.toString()),
          Stream.of(cases[i])).toArray(String[]::new);
      CliRun r = CliRun.of(args);
      assertEquals(2, r.exitCode(), String.join(" ", args));
      assertTrue(r.err().contains(expected[i]), String.join(" ", args) + " -> " + r.err());
      assertEquals("", r.out(), String.join(" ", args));
      if (i > 0) {
        assertEquals(1, r.err().lines().count(), r.err());
      }
    }
  }

  @Test
  void missingAndMalformedFiles() throws IOException {
    Path good = file("good.svm", "0 1:1\n");
    CliRun missing = CliRun.of("evaluate", "--learner", "falt", "--train", dir.resolve("absent.svm").toString(),
        "--test", good.toString());
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().startsWith("alt: ") && missing.err().contains("absent.svm: no such file"), missing.err());
    // an option the command does not know, where a file is due: said so, with where the usage is (it read as a missing
    // file, without the Try line)
    CliRun optionAsFile = CliRun.of("evaluate", "--learner", "falt", "--train", "--fo", "--test", good.toString());
    assertEquals(2, optionAsFile.exitCode());
    assertEquals("alt: --train --fo: no such file (if --fo is meant as an option, alt evaluate does not take it)"
        + System.lineSeparator() + "Try 'alt evaluate --help' for the usage." + System.lineSeparator(), optionAsFile.err());
    Path bad = file("bad.svm", "0 1:1\n1 2:x\n");
    CliRun malformed = CliRun.of("evaluate", "--learner", "falt", "--train", good.toString(), "--test", bad.toString());
    assertEquals(2, malformed.exitCode());
    assertTrue(malformed.err().contains("bad.svm:2:"), malformed.err());
    assertEquals(1, malformed.err().lines().count(), malformed.err());
  }

  /**
   * Float weights, η = 1e30 on x = 1e30: the first step already overflows W; the second example reads the
   * infinite row. Double weights hold the 1e60 (here the second step cancels the first), but on one example
   * the test score 1e90 does not fit the float scores.
   */
  @Test
  void divergenceIsReportedWithTheExampleAndNoPredictionsFileIsLeft() throws IOException {
    Path train = file("train.svm", "0 1:1e30\n1 1:1e30\n");
    Path preds = dir.resolve("p.txt");
    CliRun r = CliRun.of("evaluate", "--learner", "falt", "--num-labels", "2", "--precision", "float", "--eta", "1e30", "--order", "file", "--train", train.toString(),
        "--test", train.toString(), "--predictions", preds.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: falt") && r.err().contains("diverged after learning from 1 example:"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(Files.exists(preds));

    // one example: no score reads the overflowed row during training, the final check catches it
    Path one = file("one.svm", "0 1:1e30\n");
    CliRun single = CliRun.of("evaluate", "--learner", "falt", "--precision", "float", "--eta", "1e30", "--train", one.toString(),
        "--test", one.toString());
    assertEquals(2, single.exitCode());
    assertTrue(single.err().contains("non-finite weight after 1 examples"), single.err());
    // double weights hold η·x = 1e60; the test score 1e90 does not fit the float scores: predict reports it
    CliRun dbl = CliRun.of("evaluate", "--learner", "falt", "--eta", "1e30", "--train", one.toString(),
        "--test", one.toString(), "--predictions", preds.toString());
    assertEquals(2, dbl.exitCode());
    assertTrue(dbl.err().contains("diverged") && dbl.err().contains("non-finite score"), dbl.err());
    assertFalse(Files.exists(preds));
    assertNoTemporaryFiles();
  }

  private void assertNoTemporaryFiles() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".alt-tmp-")), "temporary file left");
    }
  }

  /** The run record's settings in the JSON, in order. */
  public static Map<String, String> settingsOf(Map<String, String> json) {
    Map<String, String> settings = new LinkedHashMap<>();
    json.forEach((k, v) -> {
      if (k.startsWith("run.settings.")) {
        settings.put(k.substring("run.settings.".length()), v);
      }
    });
    return settings;
  }

  static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }
}
