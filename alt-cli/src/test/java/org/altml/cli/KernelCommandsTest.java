package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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

  /** Every registered kind with a support-vector budget, under evaluate and prequential. */
  static Stream<Arguments> budgetedKinds() {
    List<String> kinds = RegisteredKinds.taking("budget");
    assertTrue(kinds.size() >= 3, "the kernel kinds are registered: " + kinds);
    return kinds.stream().flatMap(k -> Stream.of(Arguments.of("evaluate", k), Arguments.of("prequential", k)));
  }

  @ParameterizedTest
  @MethodSource("budgetedKinds")
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

  /** Options and the one line they give; who takes a parameter comes from the registry. */
  static Stream<Arguments> usageErrors() {
    return Stream.of(
        Arguments.of("--learner falt-k --budget 10", "--budget 10 needs a --budget-policy (oldest, random, smallest, merge)"),
        Arguments.of("--learner pa1-k --budget-policy merge", "--budget-policy merge needs a --budget > 0 (--budget 0 means no"
            + " limit)"),
        Arguments.of("--learner falt-k --budget -3 --budget-policy oldest", "--budget must be in [0, 2147483647]: -3"),
        Arguments.of("--learner falt-k --budget-policy lru --budget 3", "--budget-policy must be none, oldest, random,"
            + " smallest or merge: lru"),
        Arguments.of("--learner falt-k --sigma2 0", "--sigma2 must be > 0 and finite: 0"),
        Arguments.of("--learner falt-k --bias", "--bias applies to " + RegisteredKinds.takersInWords("bias") + ", not falt-k"),
        Arguments.of("--learner pa1-k --max-updates 2", "--max-updates applies to " + RegisteredKinds.takersInWords("maxUpdates")
            + ", not pa1-k"),
        Arguments.of("--learner falt --sigma2 2", "--sigma2 applies to " + RegisteredKinds.takersInWords("sigma2") + ", not falt"),
        Arguments.of("--learner pa2 --budget 5", "--budget applies to " + RegisteredKinds.takersInWords("budget") + ", not pa2"));
  }

  @ParameterizedTest
  @MethodSource("usageErrors")
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
    // every registered kind with an RBF width and a float mode, and a linear learner on random features
    List<String[]> learners = new ArrayList<>();
    RegisteredKinds.takingAll("sigma2", "precision").forEach(k -> learners.add(new String[] {k}));
    assertTrue(learners.size() >= 3, "the kernel kinds are registered");
    learners.add(new String[] {"falt", "--feature-map", "rff", "--map-dim", "8"});
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
