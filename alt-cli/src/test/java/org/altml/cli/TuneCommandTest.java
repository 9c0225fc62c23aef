package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alt tune}'s reports. */
class TuneCommandTest {
  /**
   * Selecting by a metric every fold leaves undefined (ranking loss with one label: every example has no label or all)
   * chooses nothing, and says so (it reported the grid's first setting in silence; a review).
   */
  @Test
  void aSelectionMetricUndefinedEverywhereIsSaid(@TempDir Path dir) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      text.append(i % 2 == 0 ? "0" : "").append(' ').append(1 + i % 5).append(":1 ").append(6 + i % 3).append(":0.5\n");
    }
    Path train = Files.writeString(dir.resolve("one-label.svm"), text.toString());
    CliRun run = CliRun.of("tune", "--train", train.toString(), "--num-labels", "1", "--learner", "pa1", "--c", "2^-2..2^1",
        "--folds", "3", "--select", "rankingLoss", "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("every setting's rankingLoss is undefined on these folds"), run.err());
    CliRun f1 = CliRun.of("tune", "--train", train.toString(), "--num-labels", "1", "--learner", "pa1", "--c", "2^-2..2^1",
        "--folds", "3", "--select", "f1", "--quiet");
    assertTrue(!f1.err().contains("undefined on these folds"), f1.err());
  }

  /** Two ways to give one value are refused in evaluate's words (tune's message showed a library call). */
  @Test
  void anOptionAndTheOneGivenInsteadOfItAreRefusedPlainly(@TempDir Path dir) throws IOException {
    Path train = Files.writeString(dir.resolve("a.svm"), "0 1:1\n1 2:1\n0 1:1\n1 2:1\n");
    CliRun run = CliRun.of("tune", "--train", train.toString(), "--learner", "falt", "--folds", "2", "--max-updates", "1,2",
        "--max-updates-factor", "1");
    assertEquals(2, run.exitCode());
    assertEquals("alt: give --max-updates or --max-updates-factor, not both", run.err().strip());
  }

  /** --json gives each candidate's value on every fold (the means are their means) and each fold's held-out examples. */
  @Test
  void theJsonHasEveryFoldsValuesAndItsHeldOutExamples(@TempDir Path dir) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 47; i++) {
      text.append(i % 3).append(i % 4 == 0 && i % 3 != 2 ? ",2" : "").append(' ').append(1 + i % 5).append(":1 ").append(6 + i % 3).append(":0.5\n");
    }
    Path train = Files.writeString(dir.resolve("t.svm"), text.toString());
    CliRun run = CliRun.of("tune", "--train", train.toString(), "--num-labels", "3", "--learner", "falt", "--eta", "0.5,1",
        "--folds", "4", "--json", "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    java.util.Map<String, String> j = Json.flatten(run.out());
    for (int c = 0; c < 2; c++) {
      for (String metric : new String[] {"f1", "hammingLoss"}) {
        double sum = 0;
        int n = 0;
        for (int f = 0; f < 4; f++) {
          String v = j.get("candidates[" + c + "].folds." + metric + "[" + f + "]");
          assertTrue(v != null, "fold " + f + " of " + metric + " in " + j.keySet());
          if (!v.equals("null")) {
            sum += Double.parseDouble(v);
            n++;
          }
        }
        assertEquals(null, j.get("candidates[" + c + "].folds." + metric + "[4]"), "four folds");
        assertEquals(Json.number(j, "candidates[" + c + "]." + metric), sum / n, 1e-12, metric + " is the folds' mean");
      }
    }
    // the held-out examples: every example once, in four folds of 11 or 12
    java.util.Set<Integer> seen = new java.util.TreeSet<>();
    for (int f = 0; f < 4; f++) {
      int size = 0;
      for (int k = 0; j.containsKey("heldOut[" + f + "][" + k + "]"); k++, size++) {
        assertTrue(seen.add(Integer.parseInt(j.get("heldOut[" + f + "][" + k + "]"))), "fold " + f + " position " + k);
      }
      assertTrue(size == 11 || size == 12, "fold " + f + ": " + size);
    }
    assertEquals(47, seen.size());
    assertEquals(0, (int) ((java.util.TreeSet<Integer>) seen).first());
    assertEquals(46, (int) ((java.util.TreeSet<Integer>) seen).last());
  }
}
