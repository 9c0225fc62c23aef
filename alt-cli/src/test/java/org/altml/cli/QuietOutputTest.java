package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.altml.cli.output.Progress;
import org.altml.core.elm.ElmLearner;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Normal output without noise: an ELM's matrix diagnostics (ranks, eigenvalues, the symmetry of P) only with
 * {@code --verbose} or in the JSON (evaluate printed them in its summary), and no progress bar off a terminal unless
 * {@code --progress} asks for one.
 */
class QuietOutputTest {
  @TempDir Path dir;

  private Path data() throws IOException {
    Dataset all = SmallCorpus.generate(60, 5, 40, 4);
    return SmallCorpus.write(all, 0, 40, dir.resolve("d.svm"));
  }

  @Test
  void elmDiagnosticsOnlyWithVerboseOrInTheJson() throws IOException {
    Path d = data();
    List<String> elms = RegisteredKinds.taking("hidden"); // the ELM kinds
    assertEquals(2, elms.size(), elms.toString());
    for (String learner : elms) {
      String[] args = {"evaluate", "--learner", learner, "--hidden", "4", "--train", d.toString(), "--test", d.toString()};
      CliRun plain = CliRun.of(args);
      assertEquals(0, plain.exitCode(), plain.err());
      assertTrue(plain.out().contains("learner: hidden=4"), plain.out());
      for (String key : ElmLearner.DIAGNOSTICS) {
        assertFalse(plain.out().contains(key + "="), learner + " " + key + ": " + plain.out());
      }
      CliRun verbose = CliRun.of(concat(args, "--verbose"));
      assertEquals(0, verbose.exitCode(), verbose.err());
      assertTrue(verbose.out().contains("pAsymmetry=") && verbose.out().contains("memory="), verbose.out());
      CliRun json = CliRun.of(concat(args, "--json"));
      Map<String, String> j = Json.flatten(json.out());
      assertTrue(j.containsKey("model.pAsymmetry") && j.containsKey("model.guardSkips"), json.out());
    }
  }

  @Test
  void progressBarOffATerminalOnlyWhenAsked() throws IOException {
    Path d = data();
    Boolean saved = Progress.terminalForTests;
    Progress.terminalForTests = false;
    try {
      // --num-labels: without it training says once that L was inferred, a warning this test does not count
      String[] args = {"train", "--learner", "falt", "--data", d.toString(), "--num-labels", "5", "--model",
          dir.resolve("m.model").toString()};
      CliRun plain = CliRun.of(args);
      assertEquals(0, plain.exitCode(), plain.err());
      assertEquals("", plain.err());
      CliRun asked = CliRun.of(concat(args, "--progress"));
      assertEquals(0, asked.exitCode(), asked.err());
      assertTrue(asked.err().contains("training"), asked.err());
      CliRun both = CliRun.of(concat(args, "--progress", "--quiet"));
      assertEquals(2, both.exitCode());
      assertTrue(both.err().startsWith("alt: give --quiet or --progress, not both"), both.err());
    } finally {
      Progress.terminalForTests = saved;
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
