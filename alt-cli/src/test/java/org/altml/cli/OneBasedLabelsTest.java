package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LIBSVM label ids start at 0; data whose labels start at 1 read as they are has each label one too high and a label 0
 * of no example, which the macro metrics count, and L inferred one too large. The inferred-L warning says so when no
 * example has label 0 (issue 37: an inferred index base not said).
 */
class OneBasedLabelsTest {
  @TempDir Path dir;

  private static final String ROWS = "%d 1:0.5 2:1\n%d,%d 2:0.25 3:1\n%d 1:1 3:0.5\n%d 2:1\n";

  @Test
  void dataWithoutLabelZeroIsSaidWithTheInferredL() throws IOException {
    Path oneBased = Files.writeString(dir.resolve("one.svm"), String.format(ROWS, 1, 2, 3, 3, 1));
    CliRun r = CliRun.of("train", "--learner", "falt", "--data", oneBased.toString(), "--model", dir.resolve("m").toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("alt: warning: L = 4 inferred from the largest label id in " + oneBased + "; give --num-labels L if the data"
        + " has more labels; no example has label 0: LIBSVM label ids start at 0, so if the labels of the data start at 1, each"
        + " is one too high and label 0 is a label of no example, which the macro metrics count (write them from 0)",
        r.errLine());
    Path zeroBased = Files.writeString(dir.resolve("zero.svm"), String.format(ROWS, 0, 1, 2, 2, 0));
    CliRun z = CliRun.of("train", "--learner", "falt", "--data", zeroBased.toString(), "--model", dir.resolve("z").toString());
    assertEquals("alt: warning: L = 3 inferred from the largest label id in " + zeroBased + "; give --num-labels L if the data"
        + " has more labels", z.errLine());
  }
}
