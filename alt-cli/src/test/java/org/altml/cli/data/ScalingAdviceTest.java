package org.altml.cli.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.altml.cli.CliRun;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The learning commands say once, on stderr, when dense features of very different ranges are learned from without
 * {@code --scale} (untuned FALT on emotions: F1 17 unscaled against 64-72 standardized, with no word), and when a kernel
 * budget is not smaller than the training data (it never acts).
 */
class ScalingAdviceTest {
  private static final String ADVICE = "span very different ranges";

  @TempDir Path dir;

  /** Dense rows: feature 1 in [0, 1000), feature 2 in [0, 0.01), feature 3 in [0, 1); two labels. */
  private Path wideDense(String name, int n) throws IOException {
    Random r = new Random(5);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i % 2).append(String.format(Locale.ROOT, " 1:%.3f 2:%.6f 3:%.4f%n", 1 + 999 * r.nextDouble(),
          0.0001 + 0.01 * r.nextDouble(), 0.5 + 0.5 * r.nextDouble()));
    }
    Path p = dir.resolve(name);
    Files.writeString(p, sb.toString(), StandardCharsets.UTF_8);
    return p;
  }

  private static long adviceLines(CliRun r) {
    return r.err().lines().filter(l -> l.contains(ADVICE)).count();
  }

  @Test
  void everyLearningCommandSaysOnceWhenDenseRangesDifferAndNoScalingIsChosen() throws IOException {
    Path train = wideDense("train.svm", 60);
    Path test = wideDense("test.svm", 20);
    List<String[]> commands = List.of(
        new String[] {"evaluate", "--learner", "falt", "--train", train.toString(), "--test", test.toString()},
        new String[] {"train", "--learner", "falt", "--data", train.toString(), "--model", dir.resolve("m.model").toString()},
        new String[] {"prequential", "--learner", "falt", "--data", train.toString()},
        new String[] {"tune", "--learner", "pa1", "--c", "1", "--train", train.toString(), "--folds", "2"},
        new String[] {"experiment", "--train", train.toString(), "--test", test.toString(), "--learners", "falt", "--given",
            "falt:eta=0.5", "--runs", "2", "--curve-points", "0", "--out", dir.resolve("o").toString()});
    for (String[] c : commands) {
      CliRun r = CliRun.of(with(c, "--quiet"));
      assertEquals(0, r.exitCode(), String.join(" ", c) + ": " + r.err());
      assertEquals(1, adviceLines(r), c[0] + ": " + r.err());
      String line = r.err().lines().filter(l -> l.contains(ADVICE)).findFirst().orElseThrow();
      assertTrue(line.startsWith("alt: warning: ") && line.contains(train.toString()) && line.contains("--scale standardize"),
          line);
      for (String scale : new String[] {"none", "standardize"}) {
        CliRun scaled = CliRun.of(with(c, "--quiet", "--scale", scale));
        if (c[0].equals("experiment")) {
          deleteOut();
        }
        assertEquals(0, scaled.exitCode(), scaled.err());
        assertEquals(0, adviceLines(scaled), c[0] + " --scale " + scale + ": " + scaled.err());
      }
      if (c[0].equals("experiment")) {
        deleteOut();
      }
    }
  }

  private void deleteOut() throws IOException {
    Path out = dir.resolve("o");
    if (Files.exists(out)) {
      try (var files = Files.walk(out)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Only the first {@link ScalingAdvice#SAMPLE} examples are looked at: the advice costs a bounded time on any stream. */
  @Test
  void onlyTheFirstExamplesAreLookedAt() {
    ScalingAdvice unit = new ScalingAdvice();
    for (int i = 0; i < ScalingAdvice.SAMPLE; i++) {
      unit.add(org.altml.sparse.SparseVector.of(new int[] {0, 1}, new float[] {0.5f, 0.25f}));
    }
    unit.add(org.altml.sparse.SparseVector.of(new int[] {0, 1}, new float[] {1000f, 0.001f})); // after the sample
    assertEquals(null, unit.warning("d"));
    ScalingAdvice wide = new ScalingAdvice();
    wide.add(org.altml.sparse.SparseVector.of(new int[] {0, 1}, new float[] {1000f, 0.001f}));
    assertTrue(wide.warning("d").contains(ADVICE), wide.warning("d"));
  }

  /** Features within [-1, 1], sparse rows of counts, and features of similar ranges: no advice. */
  @Test
  void unitRangeSparseOrSimilarFeaturesGetNoAdvice() throws IOException {
    Random r = new Random(9);
    StringBuilder unit = new StringBuilder();
    StringBuilder sparse = new StringBuilder();
    StringBuilder similar = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      unit.append(i % 2).append(String.format(Locale.ROOT, " 1:%.4f 2:%.6f 3:1%n", r.nextDouble(), 0.001 * r.nextDouble() + 1e-5));
      // 100 features, two non-zero per row: counts up to 500 beside counts of 1
      sparse.append(i % 2).append(String.format(Locale.ROOT, " %d:%d %d:1%n", 1 + i % 50, 1 + r.nextInt(500), 51 + i % 50));
      similar.append(i % 2).append(String.format(Locale.ROOT, " 1:%.3f 2:%.3f%n", 5 + 40 * r.nextDouble(), 1 + r.nextDouble()));
    }
    for (String[] file : new String[][] {{"unit.svm", unit.toString()}, {"sparse.svm", sparse.toString()},
        {"similar.svm", similar.toString()}}) {
      Path p = dir.resolve(file[0]);
      Files.writeString(p, file[1], StandardCharsets.UTF_8);
      CliRun run = CliRun.of("train", "--learner", "pa1", "--data", p.toString(), "--model", dir.resolve(file[0] + ".model").toString(),
          "--quiet");
      assertEquals(0, run.exitCode(), run.err());
      assertEquals(0, adviceLines(run), file[0] + ": " + run.err());
    }
  }

  /** On the shared datasets: emotions warns; rcv1subset1 (tf-idf), bibtex (binary), scene and yeast (in [-1, 1]) do not. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "emotions/emotions-train.arff, true",
    "scene/scene-train.arff, false",
    "bibtex/bibtex-train.arff, false",
    "yeast/yeast-train.arff, false",
    "rcv1subset1/rcv1subset1.arff.gz, false",
  })
  void sharedDatasets(String file, boolean warns) {
    Path path = RealDatasets.require(file);
    CliRun run = CliRun.of("train", "--learner", "pa1", "--data", path.toString(), "--model", dir.resolve("m.model").toString(),
        "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(warns ? 1 : 0, adviceLines(run), file + ": " + run.err());
  }

  /** A budget of at least the training examples never acts: said once; a smaller one is not. */
  @Test
  void aBudgetThatNeverActsIsWarnedOf() throws IOException {
    Path train = wideDense("train.svm", 40);
    for (String budget : new String[] {"40", "500", "39"}) {
      CliRun r = CliRun.of("evaluate", "--learner", "falt-k", "--budget", budget, "--budget-policy", "merge", "--scale",
          "standardize", "--train", train.toString(), "--test", train.toString(), "--quiet");
      assertEquals(0, r.exitCode(), r.err());
      long warnings = r.err().lines().filter(l -> l.contains("the budget never acts")).count();
      assertEquals(budget.equals("39") ? 0 : 1, warnings, budget + ": " + r.err());
      assertFalse(r.err().contains(ADVICE), r.err());
    }
  }

  private static String[] with(String[] command, String... more) {
    List<String> all = new ArrayList<>(List.of(command));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
