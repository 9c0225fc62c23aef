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
}
