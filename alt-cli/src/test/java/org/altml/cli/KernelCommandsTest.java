package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The kernel learners through the commands: options from the registry, statistics in the JSON, usage errors. */
class KernelCommandsTest {
  @TempDir Path dir;

  private Path train;
  private Path test;

  @BeforeEach
  void writeData() throws IOException {
    Dataset all = SmallCorpus.generate(100, 4, 160, 5);
    train = SmallCorpus.write(all, 0, 120, dir.resolve("train.svm"));
    test = SmallCorpus.write(all, 120, 160, dir.resolve("test.svm"));
  }

  private CliRun run(String command, String... options) {
    List<String> args = new ArrayList<>(List.of(command));
    if (command.equals("prequential")) {
      args.addAll(List.of("--data", train.toString()));
    } else {
      args.addAll(List.of("--train", train.toString(), "--test", test.toString()));
    }
    args.addAll(List.of(options));
    return CliRun.of(args.toArray(String[]::new));
  }

  @ParameterizedTest
  @CsvSource({"evaluate, falt-k", "evaluate, pa1-k", "prequential, pa2-k", "prequential, falt-k"})
  void jsonReportsSupportVectorsKernelEvaluationsAndMemory(String command, String learner) throws IOException {
    CliRun r = run(command, "--learner", learner, "--sigma2", "2", "--budget", "25", "--budget-policy", "merge", "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals(25.0, Json.number(json, "model.supportVectors"), r.out());
    assertTrue(Json.number(json, "model.kernelEvaluations") > 25 * 25, r.out());
    assertTrue(Json.number(json, "model.ramBytesUsed") > 25 * 8, r.out());
    assertEquals(Json.number(json, "model.supportVectorsAppended") - 25, Json.number(json, "model.budgetReductions"), r.out());
    assertEquals("2.0", json.get("run.settings.sigma2"));
    assertEquals("merge", json.get("run.settings.budgetPolicy"));
  }

  @Test
  void withoutABudgetEveryStepAddsASupportVector() throws IOException {
    CliRun r = run("evaluate", "--learner", "falt-k", "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals(Json.number(json, "model.supportVectorsAppended"), Json.number(json, "model.supportVectors"));
    assertEquals(0.0, Json.number(json, "model.budgetReductions"));
    // a linear learner reports its memory too, and no kernel counters
    Map<String, String> linear = Json.flatten(run("evaluate", "--learner", "falt", "--json").out());
    assertTrue(Json.number(linear, "model.ramBytesUsed") > 0);
    assertTrue(!linear.containsKey("model.supportVectors"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "--learner falt-k --budget 10 | --budget 10 needs a --budget-policy (oldest, random, smallest, merge)",
    "--learner pa1-k --budget-policy merge | --budget-policy merge needs a --budget > 0 (--budget 0 means no limit)",
    "--learner falt-k --budget -3 --budget-policy oldest | --budget must be in [0, 2147483647]: -3",
    "--learner falt-k --budget-policy lru --budget 3 | --budget-policy must be none, oldest, random, smallest or merge: lru",
    "--learner falt-k --sigma2 0 | --sigma2 must be > 0 and finite: 0",
    "--learner falt-k --bias | --bias applies to falt, pa1, pa2 and salt, not falt-k",
    "--learner pa1-k --max-updates 2 | --max-updates applies to falt, falt-k, pa1, pa2 and salt, not pa1-k",
    "--learner falt --sigma2 2 | --sigma2 applies to falt-k, pa1-k, pa2-k, --feature-map nystrom and --feature-map rff, not falt",
    "--learner pa2 --budget 5 | --budget applies to falt-k, pa1-k and pa2-k, not pa2",
  })
  void usageErrorsExitTwoWithOneLine(String options, String message) {
    CliRun r = run("evaluate", options.trim().split(" "));
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.errLine().contains(message.trim()), r.err());
  }

  @Test
  void trainGivesTheSameModelOnAnyNumberOfThreads() throws IOException {
    Path one = dir.resolve("one.alt");
    Path two = dir.resolve("two.alt");
    for (Path model : new Path[] {one, two}) {
      CliRun r = CliRun.of("train", "--data", train.toString(), "--model", model.toString(), "--learner", "falt-k", "--sigma2", "2",
          "--budget", "40", "--budget-policy", "merge", "--order", "file", "--threads", model == one ? "1" : "2");
      assertEquals(0, r.exitCode(), r.err());
    }
    CliRun p1 = CliRun.of("predict", "--model", one.toString(), "--data", test.toString(), "--scores");
    CliRun p2 = CliRun.of("predict", "--model", two.toString(), "--data", test.toString(), "--scores");
    assertEquals(0, p1.exitCode(), p1.err());
    assertEquals(p1.out(), p2.out());
    CliRun bad = CliRun.of("train", "--data", train.toString(), "--model", dir.resolve("bad.alt").toString(), "--learner", "falt-k",
        "--threads", "-1");
    assertEquals(2, bad.exitCode(), bad.err());
    assertTrue(bad.err().contains("--threads must be 0 (all cores) to 1024: -1"), bad.err());
    assertTrue(!java.nio.file.Files.exists(dir.resolve("bad.alt")), "no model written");
  }

  @Test
  void trainRefusesTheSameErrors() {
    Path model = dir.resolve("m.alt");
    CliRun r = CliRun.of("train", "--data", train.toString(), "--model", model.toString(), "--learner", "pa2-k",
        "--budget", "4");
    assertEquals(2, r.exitCode(), r.err());
    CliRun p = CliRun.of("prequential", "--data", train.toString(), "--learner", "falt-k", "--budget-policy", "random");
    assertEquals(2, p.exitCode(), p.err());
  }

  /**
   * Float mode divides by 2σ² in float (and rff draws Ω of about 1/σ as floats): a σ² a float cannot hold is refused
   * before training, not a divergence, a NaN K(x, x) or a constant kernel; double takes it.
   */
  @Test
  void aSigma2BeyondFloatRangeIsRefusedInFloatMode() {
    String[][] learners = {{"falt-k"}, {"pa1-k"}, {"falt", "--feature-map", "rff", "--map-dim", "8"}};
    for (String[] learner : learners) {
      for (String sigma2 : new String[] {"1e-300", "1e300"}) {
        List<String> args = new java.util.ArrayList<>(List.of("train", "--data", train.toString(), "--model",
            dir.resolve("f.alt").toString(), "--precision", "float", "--sigma2", sigma2, "--learner"));
        args.addAll(List.of(learner));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, r.exitCode(), args + " -> " + r.err());
        assertTrue(r.err().contains("must be within a float's range with --precision=float"), r.err());
      }
    }
    CliRun d = CliRun.of("train", "--data", train.toString(), "--model", dir.resolve("d.alt").toString(), "--learner", "falt-k",
        "--sigma2", "1e300");
    assertEquals(0, d.exitCode(), d.err());
  }
}
