package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsCommandTest {
  @TempDir Path dir;

  /**
   * Three examples, hand-counted: labels {0,2}, {}, {0,2} give cardinality 4/3, L = 3, density 4/9,
   * two distinct label sets, one example without labels; features 1:0.5 3:1 / 2:1 / 1:2 (1-based) give
   * d = 3, 4 non-zeros, mean 4/3.
   */
  @Test
  void countsAHandMadeFile() throws IOException {
    Path file = dir.resolve("tiny.svm");
    Files.writeString(file, "0,2 1:0.5 3:1\n 2:1\n0,2 1:2\n", StandardCharsets.UTF_8);
    CliRun r = CliRun.of("stats", "--json", file.toString());
    assertEquals(0, r.exitCode(), r.err());
    String out = r.out();
    assertTrue(out.contains("\"name\" : \"tiny.svm\""), out);
    assertTrue(out.contains("\"instances\" : 3"), out);
    assertTrue(out.contains("\"features\" : 3"), out);
    assertTrue(out.contains("\"labels\" : 3"), out);
    assertTrue(out.contains("\"cardinality\" : 1.3333333333333333"), out);
    assertTrue(out.contains("\"distinctLabelSets\" : 2"), out);
    assertTrue(out.contains("\"examplesWithoutLabels\" : 1"), out);
    assertTrue(out.contains("\"totalNonZeros\" : 4"), out);

    CliRun table = CliRun.of("stats", file.toString(), "--num-labels", "5");
    assertEquals(0, table.exitCode(), table.err());
    String row = table.out().lines().filter(l -> l.startsWith("tiny.svm")).findFirst().orElseThrow();
    assertEquals("tiny.svm 3 3 5 1.333 0.2667 0.4444 1.3 2 1", row.replaceAll("\\s+", " "), table.out());
  }

  @Test
  void malformedFileIsOneLineWithFileAndLine() throws IOException {
    Path file = dir.resolve("bad.svm");
    Files.writeString(file, "0 1:1\n1 0:1\n", StandardCharsets.UTF_8);
    CliRun r = CliRun.of("stats", file.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: ") && r.err().contains("bad.svm:2:"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }

  @Test
  void missingFileIsAnError() {
    CliRun r = CliRun.of("stats", dir.resolve("absent.svm").toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("absent.svm: no such file"), r.err());
  }

  @Test
  void needsAtLeastOneFile() {
    CliRun r = CliRun.of("stats");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("DATA"), r.err());
  }
}
