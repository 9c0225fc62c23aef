package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.experiment.plan.PlanLearners;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The acceptance tests of {@code alt tune} and {@code alt experiment}. */
class ExperimentCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Writes train (first {@code split} rows) and test files of a synthetic corpus; returns {train, test}. */
  private static Path[] corpus(Path dir, int n, int split) throws IOException {
    Dataset all = SmallCorpus.generate(300, 5, n, 11);
    return new Path[] {SmallCorpus.write(all, 0, split, dir.resolve("train.svm")), SmallCorpus.write(all, split, n, dir.resolve("test.svm"))};
  }

  /** {@code data} with the label sets of its rows shuffled among the rows (features kept). */
  private static Dataset scrambled(Dataset data, long seed) {
    int[] p = Dataset.permutation(data.size(), seed);
    DatasetBuilder b = new DatasetBuilder().numFeatures(data.numFeatures()).numLabels(data.numLabels());
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < data.size(); i++) {
      b.add(data.features(i, x), data.labels(p[i], y));
    }
    return b.build();
  }

  private static JsonNode json(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }

  private static String[] experiment(Path[] data, Path out, String... extra) {
    List<String> args = new ArrayList<>(List.of("experiment", "--train", data[0].toString(), "--test", data[1].toString(),
        "--num-labels", "5", "--learners", "falt,pa1", "--folds", "3", "--runs", "3", "--curve-points", "5",
        "--out", out.toString(), "--quiet"));
    args.addAll(List.of(extra));
    if (!args.contains("--grid")) {
      args.addAll(List.of("--grid", "coarse"));
    }
    return args.toArray(String[]::new);
  }

  @Test
  void tuningNeverSeesTheTestSet(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 400, 250);
    Dataset test = DataFiles.read(data[1], org.altml.sparse.io.ReadOptions.defaults().withNumLabels(5));
    Path scrambledTest = dir.resolve("scrambled.svm");
    DataFiles.write(scrambled(test, 3), scrambledTest);
    CliRun a = CliRun.of(experiment(data, dir.resolve("a")));
    assertEquals(0, a.exitCode(), a.err());
    CliRun b = CliRun.of(experiment(new Path[] {data[0], scrambledTest}, dir.resolve("b")));
    assertEquals(0, b.exitCode(), b.err());
    JsonNode ja = json(dir.resolve("a/experiment.json"));
    JsonNode jb = json(dir.resolve("b/experiment.json"));
    for (int l = 0; l < 2; l++) {
      JsonNode la = ja.at("/datasets/0/learners/" + l);
      JsonNode lb = jb.at("/datasets/0/learners/" + l);
      assertEquals(la.get("settings"), lb.get("settings"), "the chosen settings do not depend on the test labels");
      assertEquals(la.at("/tuning/cells"), lb.at("/tuning/cells"), "nor does any cross-validated number");
      assertNotEquals(la.at("/summary/f1/mean"), lb.at("/summary/f1/mean"), "the test metrics do");
    }
  }

  @Test
  void everyRunInTheJsonIsReproducedByEvaluate(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 300, 200);
    CliRun run = CliRun.of(experiment(data, dir.resolve("out"), "--wilcoxon"));
    assertEquals(0, run.exitCode(), run.err());
    JsonNode root = json(dir.resolve("out/experiment.json"));
    // the test examples ranking loss leaves out (no label or every label), counted from the test file itself
    Dataset test = DataFiles.read(data[1], org.altml.sparse.io.ReadOptions.defaults().withNumLabels(5));
    int leftOut = 0;
    for (int i = 0; i < test.size(); i++) {
      int size = test.example(i).labels().size();
      leftOut += size == 0 || size == 5 ? 1 : 0;
    }
    assertEquals(leftOut, root.at("/datasets/0/rankingLossLeftOut").asInt());
    String table3 = Files.readString(dir.resolve("out/table3.md"));
    assertEquals(leftOut > 0, table3.contains(" test examples; the " + leftOut + " with no label or every label are left out"),
        table3);
    assertFalse(Files.readString(dir.resolve("out/table4.md")).contains("shared a cache"), "linear learners share no cache");
    int checked = 0;
    for (JsonNode learner : root.at("/datasets/0/learners")) {
      for (JsonNode r : learner.get("runs")) {
        String command = r.get("evaluate").asText();
        assertTrue(command.startsWith("alt evaluate "), command);
        List<String> args = new ArrayList<>(List.of(command.substring(4).split(" ")));
        args.add("--quiet");
        CliRun evaluate = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, evaluate.exitCode(), command + "\n" + evaluate.err());
        JsonNode e = JSON.readTree(evaluate.out());
        assertEquals(r.get("runKey").asText(), e.get("runKey").asText(), command);
        for (Iterator<Map.Entry<String, JsonNode>> it = r.get("metrics").fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> m = it.next();
          assertEquals(m.getValue(), e.at("/metrics/" + m.getKey()), command + ": " + m.getKey());
        }
        checked++;
      }
    }
    assertEquals(2 * 3, checked);
    for (String f : List.of("table3.md", "table3.tex", "table4.md", "table4.tex", "tables.csv", "friedman.md",
        "figures/curves-train.png", "figures/sensitivity-train-falt.png", "figures/sensitivity-train-pa1.png",
        "figures/curves-train.pdf", "figures/sensitivity-train-falt.svg", "figures/sensitivity-train-pa1.caption.txt")) {
      assertTrue(Files.size(dir.resolve("out").resolve(f)) > 0, f);
    }
  }

  @Test
  void aPlanFileRunsSeveralDatasetsAndTheFriedmanTest(@TempDir Path dir) throws IOException {
    Path[] a = corpus(Files.createDirectory(dir.resolve("a")), 200, 120);
    Path[] b = corpus(Files.createDirectory(dir.resolve("b")), 240, 150);
    Path plan = Files.writeString(dir.resolve("plan.txt"), """
        # two datasets, relative paths
        one: --train a/train.svm --test a/test.svm --num-labels 5 --learners falt,pa1,pa2 --given pa2:c=0.5
        two: --train 'b/train.svm' --test "b/test.svm" --num-labels 5 --learners falt,pa1,pa2 --given pa2:c=0.5  # quoted
        """);
    CliRun run = CliRun.of("experiment", "--plan", plan.toString(), "--grid", "coarse", "--folds", "3", "--runs", "2",
        "--curve-points", "0", "--out", dir.resolve("out").toString(), "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("| one | PA-II-BR(l) |") && run.out().contains("| two | FALT(l) |"), run.out());
    JsonNode root = json(dir.resolve("out/experiment.json"));
    assertEquals(3, root.at("/friedman/f1/averageRanks").size());
    assertTrue(root.at("/datasets/0/learners/2/tuning").isNull(), "pa2 was given, not tuned");
    assertTrue(Files.size(dir.resolve("out/figures/cd-f1.png")) > 0);
    // a bad plan line is named by file and line, nothing written
    Path bad = Files.writeString(dir.resolve("bad.txt"), "one: --train a/train.svm --test a/test.svm --learners falt\ntwo --train x\n");
    CliRun fails = CliRun.of("experiment", "--plan", bad.toString(), "--out", dir.resolve("bad").toString());
    assertEquals(2, fails.exitCode());
    assertTrue(fails.err().contains("bad.txt:2:"), fails.err());
    assertTrue(!Files.exists(dir.resolve("bad")));
    CliRun unknown = CliRun.of(experiment(a, dir.resolve("u"), "--learners", "nope"));
    assertEquals(2, unknown.exitCode());
    assertTrue(unknown.err().contains("no learner called 'nope'"), unknown.err());
  }

  /** A test file that is the training file (or a copy of it) gets evaluate's warning. */
  @Test
  void testDataThatIsTheTrainingDataIsWarnedOf(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 200, 120);
    Path copy = Files.copy(data[0], dir.resolve("copy.svm"));
    CliRun run = CliRun.of("experiment", "--train", data[0].toString(), "--test", copy.toString(), "--num-labels", "5",
        "--learners", "falt", "--given", "falt:eta=0.5", "--runs", "2", "--curve-points", "0", "--out", dir.resolve("o").toString());
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("warning: " + "train: the test data " + copy + " is the training data " + data[0]
        + " (the same content, SHA-256 "), run.err());
  }

  /**
   * The store is keyed by the examples, not by the files: the same files read with other options (more labels, indices
   * from 0) hold other examples and meet none of the stored results (they were keyed by the files' hashes alone and
   * handed back: tables of other data, found by a review).
   */
  @Test
  void theSameFilesReadOtherwiseMeetNoStoredResult(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 200, 120);
    Path out = dir.resolve("o");
    String[] base = {"experiment", "--train", data[0].toString(), "--test", data[1].toString(), "--learners", "falt,pa1", "--given",
        "falt:eta=0.5", "--grid", "coarse", "--folds", "3", "--runs", "2", "--curve-points", "0", "--out", out.toString(), "--quiet"};
    CliRun first = CliRun.of(concat(base, "--num-labels", "5"));
    assertEquals(0, first.exitCode(), first.err());
    assertTrue(first.out().contains(" evaluations computed, 0 taken"), first.out());
    CliRun again = CliRun.of(concat(base, "--num-labels", "5"));
    assertTrue(again.out().contains("0 evaluations computed, "), again.out());
    for (String[] other : List.of(new String[] {"--num-labels", "6"}, new String[] {"--num-labels", "5", "--zero-based"})) {
      CliRun run = CliRun.of(concat(base, other));
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains(" evaluations computed, 0 taken"), String.join(" ", other) + ": " + run.out());
    }
    // a store of an earlier build (keyed by the files' hashes) is said to be recomputed, not silently ignored
    Path store = out.resolve("runs.jsonl");
    Files.writeString(store, Files.readString(store).replace("\"data\":\"content:", "\"data\":\"").replace("|content:", "|"));
    CliRun old = CliRun.of(concat(base, "--num-labels", "5"));
    assertEquals(0, old.exitCode(), old.err());
    assertTrue(old.err().contains("were stored by an earlier ALT, which keyed them by the data files' hashes"), old.err());
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** An experiment that fails on its data leaves no new --out folder behind (it left one with an empty store). */
  @Test
  void aFailedExperimentLeavesNoNewFolder(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 200, 120);
    Path bad = Files.writeString(dir.resolve("bad.svm"), "0 3:NaN\n");
    Path out = dir.resolve("p1/p2/o");
    CliRun run = CliRun.of("experiment", "--train", data[0].toString(), "--test", bad.toString(), "--num-labels", "5",
        "--learners", "falt", "--given", "falt:eta=0.5", "--runs", "2", "--curve-points", "0", "--out", out.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.err().contains("bad.svm:1:"), run.err());
    assertFalse(Files.exists(dir.resolve("p1")), "no folder left, nor the parents made for it");
  }

  /** Dataset names that one file name would hold (a+b, a_b) get a figure each. */
  @Test
  void namesThatMapToOneFileNameGetAFigureEach(@TempDir Path dir) throws IOException {
    corpus(Files.createDirectory(dir.resolve("a")), 200, 120);
    Path plan = Files.writeString(dir.resolve("p.plan"), """
        a+b: --train a/train.svm --test a/test.svm --num-labels 5 --learners falt --given falt:eta=0.5
        a_b: --train a/train.svm --test a/test.svm --num-labels 5 --learners falt --given falt:eta=0.25
        """);
    CliRun run = CliRun.of("experiment", "--plan", plan.toString(), "--runs", "2", "--curve-points", "3", "--out",
        dir.resolve("o").toString(), "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(Files.size(dir.resolve("o/figures/curves-a_b.png")) > 0);
    assertTrue(Files.size(dir.resolve("o/figures/curves-a_b-2.png")) > 0);
  }

  /** A plan file that is not UTF-8 is named with the line of its first bad byte. */
  @Test
  void aPlanFileThatIsNotUtf8IsNamedWithItsLine(@TempDir Path dir) throws IOException {
    Path plan = Files.write(dir.resolve("lat.plan"), "# fine\n# caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    CliRun run = CliRun.of("experiment", "--plan", plan.toString(), "--out", dir.resolve("o").toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals("alt: " + plan + ":2: not UTF-8 text (save the plan file as UTF-8)", run.errLine());
  }

  /** A plan line's missing data file, or standard input, is named with the plan's file and line (they were named alone). */
  @Test
  void aPlanLinesDataProblemsNameTheLine(@TempDir Path dir) throws IOException {
    corpus(dir, 200, 120);
    String[][] cases = {
        {"a: --train train.svm --test nope.svm --num-labels 5 --learners falt", ":2: --test " + dir.resolve("nope.svm") + ": no such file"},
        {"a: --train - --test test.svm --num-labels 5 --learners falt", ":2: a plan's data are files: standard input"},
        {"a: --train train.svm --test test.svm --labels-xml - --learners falt", ":2: a plan's data are files: standard input"}};
    for (String[] c : cases) {
      Path plan = Files.writeString(dir.resolve("p.plan"), "# one dataset\n" + c[0] + "\n");
      CliRun run = CliRun.of("experiment", "--plan", plan.toString(), "--out", dir.resolve("o").toString());
      assertEquals(2, run.exitCode(), run.err());
      assertEquals("alt: " + plan + c[1], run.errLine().substring(0, Math.min(run.errLine().length(), ("alt: " + plan + c[1]).length())),
          run.err());
    }
  }

  /** An input where the run writes a table, a figure or its store is refused before anything is written. */
  @Test
  void theOutputFolderNeverReplacesAnInput(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 60, 30);
    for (String name : List.of("tables.csv", "experiment.json", "runs.jsonl", "figures/curves-x.png")) {
      Path out = dir.resolve("out-" + name.replace('/', '-'));
      Path input = out.resolve(name);
      Files.createDirectories(input.getParent());
      Files.copy(data[1], input);
      CliRun run = CliRun.of(experiment(new Path[] {data[0], input}, out, "--grid", "none"));
      assertEquals(2, run.exitCode(), name);
      assertTrue(run.err().contains("an output never replaces an input"), run.err());
      assertEquals(-1L, Files.mismatch(data[1], input), name + " is left as it was");
    }
    // a file of another name in the folder is read, and stays
    Path out = dir.resolve("beside");
    Path input = Files.copy(data[1], Files.createDirectories(out).resolve("test.svm"));
    CliRun run = CliRun.of(experiment(new Path[] {data[0], input}, out, "--grid", "none"));
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(-1L, Files.mismatch(data[1], input));
  }

  /** The outputs are written all or none: one that cannot be written leaves every earlier output as it was. */
  @Test
  void outputsAreReplacedAllOrNone(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 60, 30);
    Path out = dir.resolve("out");
    CliRun first = CliRun.of(experiment(data, out, "--grid", "none"));
    assertEquals(0, first.exitCode(), first.err());
    Files.writeString(out.resolve("table3.md"), "earlier\n");
    Path curves;
    try (var figures = Files.list(out.resolve("figures"))) {
      curves = figures.filter(f -> f.getFileName().toString().startsWith("curves-")).findFirst().orElseThrow();
    }
    Files.delete(curves);
    Files.createDirectories(curves.resolve("in-the-way")); // a folder where a figure goes: that output fails
    CliRun again = CliRun.of(experiment(data, out, "--grid", "none"));
    assertEquals(2, again.exitCode(), again.err());
    assertEquals("earlier\n", Files.readString(out.resolve("table3.md")), "no table replaced when a figure fails");
    try (var files = Files.walk(out)) {
      assertEquals(List.of(), files.filter(f -> f.getFileName().toString().contains(".alt-tmp-")).toList(), "no temporary left");
    }
  }

  /** A rerun without a learner drops that learner's figures: the folder shows one run; files of other names stay. */
  @Test
  void figuresOfAnEarlierRunThatThisOneDoesNotDrawAreRemoved(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 60, 30);
    Path out = dir.resolve("out");
    CliRun first = CliRun.of(experiment(data, out));
    assertEquals(0, first.exitCode(), first.err());
    assertTrue(Files.exists(out.resolve("figures/sensitivity-train-pa1.png")));
    Path notes = Files.writeString(out.resolve("figures/notes.txt"), "mine\n");
    List<String> args = new ArrayList<>(List.of(experiment(data, out)));
    args.set(args.indexOf("falt,pa1"), "falt");
    CliRun again = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, again.exitCode(), again.err());
    assertFalse(Files.exists(out.resolve("figures/sensitivity-train-pa1.png")), "pa1 is not in this run");
    assertTrue(Files.exists(out.resolve("figures/sensitivity-train-falt.png")));
    assertTrue(Files.exists(out.resolve("figures/curves-train.png")));
    assertEquals("mine\n", Files.readString(notes));
  }

  /** What would be ignored or resolved silently is refused before anything is written. */
  @Test
  void optionsThatWouldBeIgnoredAreRefused(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 60, 30);
    Path plan = Files.writeString(dir.resolve("p.plan"), "a: --train train.svm --test test.svm --num-labels 5 --learners falt\n"
        + "b: --name a --train train.svm --test test.svm --num-labels 5 --learners pa1\n");
    String[][] refused = {
      {"experiment", "--plan", plan.toString(), "--given", "falt:eta=0.5", "--out", dir.resolve("o1").toString()},
      {"experiment", "--plan", plan.toString(), "--data-scale", "l2", "--out", dir.resolve("o2").toString()},
      {"experiment", "--plan", plan.toString(), "--out", dir.resolve("o3").toString()},
      experiment(data, dir.resolve("o4"), "--given", "falt:eta=1", "--fix", "falt:precision=float"),
      experiment(data, dir.resolve("o5"), "--given", "falt:eta=1", "--given", "falt:eta=2"),
      experiment(data, dir.resolve("o6"), "--learners", "falt,falt"),
      {"experiment", "--plan", Files.writeString(dir.resolve("s.plan"), "a: --train train.svm --test test.svm --num-labels 5"
          + " --learners falt --data-scale bogus\n").toString(), "--out", dir.resolve("o7").toString()},
    };
    String[] messages = {"give --plan or the dataset options", "give --plan or the dataset options",
        "p.plan:2: a second dataset named a: give each its own --name", "give one of them", "sets falt's eta twice",
        "--learners names falt twice", "s.plan:1: --data-scale must be none, standardize or l2: bogus"};
    for (int i = 0; i < refused.length; i++) {
      CliRun r = CliRun.of(refused[i]);
      assertEquals(2, r.exitCode(), String.join(" ", refused[i]) + " -> " + r.err());
      assertTrue(r.err().contains(messages[i]), r.err());
      assertFalse(Files.exists(dir.resolve("o" + (i + 1))), "nothing written");
    }
  }

  /** The kernel kinds' parameters too (alt-experiment's own test sees alt-core's kinds only). */
  @Test
  void givenAndFixTakeOptionSpellingsOfKernelParameterNames() {
    assertEquals("budgetPolicy", PlanLearners.parameterName("falt-k", "budget-policy"));
    assertEquals("sigma2", PlanLearners.parameterName("falt-k", "--sigma2"));
  }

  @Test
  void tuneReportsTheSelectionAndTakesValueLists(@TempDir Path dir) throws IOException {
    Path[] data = corpus(dir, 200, 200);
    CliRun run = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "salt", "--eta", "2^-2..2^1",
        "--delta", "0.5,1", "--max-updates-factor", "1", "--folds", "3", "--json", "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    JsonNode j = JSON.readTree(run.out());
    assertEquals(8, j.get("candidates").size());
    assertEquals("1.0", j.at("/selected/maxUpdatesFactor").asText());
    assertFalse(j.get("evaluateOptions").asText().contains("--scale"), j.toString());
    CliRun one = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "pa1", "--c", "1,2",
        "--folds", "3", "--select", "microF1", "--threads", "1", "--quiet", "--scale", "standardize", "--zero-division", "one");
    assertEquals(0, one.exitCode(), one.err());
    assertTrue(one.out().contains("selected: pa1"), one.out());
    // the suggested evaluate command scores the tuned setting: the folds' scaling and zero-division policy with it
    assertTrue(one.out().contains("--scale standardize --zero-division one --train ... --test ..."), one.out());
    // and the data options that decided how the file was read; --top 0 lists no table, only the selection
    CliRun zero = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "pa1", "--c", "1,2",
        "--folds", "3", "--zero-based", "--top", "0", "--quiet");
    assertEquals(0, zero.exitCode(), zero.err());
    assertTrue(zero.out().contains("evaluate with: alt evaluate --learner pa1"), zero.out());
    assertTrue(zero.out().contains(" --zero-based --num-labels 5 --train ... --test ..."), zero.out());
    assertFalse(zero.out().contains("rank"), zero.out());
    assertFalse(zero.out().contains("(the first of"), zero.out());
    // a given M is kept (1 is its default), and a list of M is searched, not refused
    CliRun m1 = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "falt", "--eta", "1,2",
        "--max-updates", "1", "--folds", "3", "--json", "--quiet");
    assertEquals(0, m1.exitCode(), m1.err());
    assertEquals(2, JSON.readTree(m1.out()).get("candidates").size(), m1.out());
    CliRun m12 = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "falt", "--eta", "1",
        "--max-updates", "1,2", "--folds", "3", "--json", "--quiet");
    assertEquals(0, m12.exitCode(), m12.err());
    assertEquals(2, JSON.readTree(m12.out()).get("candidates").size(), m12.out());
    // parameters validated together (a budget and its policy) take lists too
    CliRun budgets = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "pa1-k", "--sigma2", "2",
        "--budget", "20,40", "--budget-policy", "oldest", "--folds", "2", "--grid", "none", "--json", "--quiet");
    assertEquals(0, budgets.exitCode(), budgets.err());
    assertEquals(2, JSON.readTree(budgets.out()).get("candidates").size(), budgets.out());
    CliRun policies = CliRun.of("tune", "--train", data[0].toString(), "--num-labels", "5", "--learner", "pa1-k", "--sigma2", "2",
        "--budget", "20", "--budget-policy", "oldest,random", "--folds", "2", "--grid", "none", "--json", "--quiet");
    assertEquals(0, policies.exitCode(), policies.err());
    assertEquals(2, JSON.readTree(policies.out()).get("candidates").size(), policies.out());
    CliRun wrong = CliRun.of("tune", "--train", data[0].toString(), "--learner", "falt", "--delta", "1,2");
    assertEquals(2, wrong.exitCode());
    assertTrue(wrong.err().contains("--delta applies to salt only, not falt"), wrong.err());
  }

  /**
   * kill -9 in the middle of an experiment, then the same command: it takes every stored evaluation from
   * the store (none recomputed), computes the rest, and ends with the tables of an uninterrupted run.
   */
  @Test
  @Tag("slow")
  void killedExperimentResumesToTheSameTables(@TempDir Path dir) throws Exception {
    Path[] data = corpus(dir, 1500, 1000);
    Path killed = dir.resolve("killed");
    String[] args = experiment(data, killed, "--grid", "paper", "--threads", "1");
    String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector", "-cp",
        System.getProperty("java.class.path"), AltCommand.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("forked.log").toFile()).start();
    Path store = killed.resolve("runs.jsonl");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (p.isAlive() && System.nanoTime() < deadline && (!Files.exists(store) || Files.readAllLines(store).size() < 200)) {
      Thread.sleep(10);
    }
    assertTrue(p.isAlive(), "the experiment should still be running when killed: " + Files.readString(dir.resolve("forked.log")));
    p.destroyForcibly(); // SIGKILL
    p.waitFor(30, TimeUnit.SECONDS);
    byte[] bytes = Files.readAllBytes(store);
    int complete = 0;
    for (byte c : bytes) {
      complete += c == '\n' ? 1 : 0;
    }
    assertTrue(complete >= 200, "stored before the kill: " + complete);

    CliRun resumed = CliRun.of(args);
    assertEquals(0, resumed.exitCode(), resumed.err());
    Matcher m = Pattern.compile("(\\d+) evaluations computed, (\\d+) taken from").matcher(resumed.out());
    assertTrue(m.find(), resumed.out());
    int computed = Integer.parseInt(m.group(1));
    int taken = Integer.parseInt(m.group(2));
    assertEquals(complete, taken, "every evaluation stored before the kill is taken from the store");

    Path fresh = dir.resolve("fresh");
    CliRun uninterrupted = CliRun.of(experiment(data, fresh, "--grid", "paper", "--threads", "2"));
    assertEquals(0, uninterrupted.exitCode(), uninterrupted.err());
    Matcher all = Pattern.compile("(\\d+) evaluations computed, 0 taken").matcher(uninterrupted.out());
    assertTrue(all.find(), uninterrupted.out());
    assertEquals(Integer.parseInt(all.group(1)), computed + taken, "nothing computed twice, nothing missing");
    assertEquals(Files.readString(fresh.resolve("table3.md")), Files.readString(killed.resolve("table3.md")));
    assertEquals(Files.readString(fresh.resolve("table3.tex")), Files.readString(killed.resolve("table3.tex")));
    assertEquals(Files.readAllLines(store).size(), Files.readAllLines(fresh.resolve("runs.jsonl")).size(), "no key stored twice");
  }
}
