package org.altml.experiment.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunStoreTest {
  private static StoredRun run(String key, double f1) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (org.altml.core.metric.Measure measure : org.altml.core.metric.Measure.values()) {
      if (measure.paperMetric()) {
        m.put(measure.metricName(), 0.25);
      }
    }
    m.put("f1", f1);
    m.put("rankingLoss", Double.NaN);
    return new StoredRun(key, "run", "d", "h", "falt", Map.of("eta", "0.5"), 7, 2, 0, "none", m, 0.25, 0.125, "abc");
  }

  @Test
  void linesRoundTripExactly(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("runs.jsonl");
    try (RunStore s = RunStore.open(file)) {
      s.put(run("a", 0.1 + 0.2), true);
      s.put(run("b", 1.0 / 3), false);
      s.put(run("a", 0.9), false); // a stored key keeps its first value
    }
    try (RunStore s = RunStore.open(file)) {
      assertEquals(2, s.loaded());
      assertFalse(s.droppedTornLine());
      assertEquals(0.1 + 0.2, s.get("a").metric("f1"));
      assertEquals(1.0 / 3, s.get("b").metric("f1"));
      assertTrue(Double.isNaN(s.get("b").metric("rankingLoss")));
      assertEquals(run("b", 1.0 / 3), s.get("b"));
    }
  }

  /** Two runs appending to one store would write over each other's lines: the second is refused while the first runs. */
  @Test
  void aStoreOpenInAnotherRunIsRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("runs.jsonl");
    try (RunStore s = RunStore.open(file)) {
      s.put(run("a", 0.5), true);
      RunStore.StoreInUseException e = assertThrows(RunStore.StoreInUseException.class, () -> RunStore.open(file));
      assertTrue(e.getMessage().startsWith(file + ": the results store is in use by another run"), e.getMessage());
    }
    String javaCommand = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    Process other = new ProcessBuilder(javaCommand, "-cp", System.getProperty("java.class.path"), RunStoreHolder.class.getName(),
        file.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      java.io.BufferedReader said = new java.io.BufferedReader(new java.io.InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("open 1", said.readLine());
      assertThrows(RunStore.StoreInUseException.class, () -> RunStore.open(file), "held by another process");
    } finally {
      other.getOutputStream().close();
      assertTrue(other.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
    }
    assertEquals(0, other.exitValue());
    try (RunStore s = RunStore.open(file)) {
      assertEquals(1, s.loaded(), "free again once the other run ended");
    }
  }

  @Test
  void aTornLastLineIsDroppedAndTheFileTruncated(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("runs.jsonl");
    try (RunStore s = RunStore.open(file)) {
      s.put(run("a", 0.5), true);
    }
    long whole = Files.size(file);
    String line = RunStore.format(run("b", 0.25));
    Files.writeString(file, line.substring(0, line.length() / 2), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    try (RunStore s = RunStore.open(file)) {
      assertTrue(s.droppedTornLine());
      assertEquals(1, s.loaded());
      assertEquals(whole, Files.size(file));
      s.put(run("b", 0.25), true);
    }
    try (RunStore s = RunStore.open(file)) {
      assertEquals(2, s.loaded());
    }
  }

  @Test
  void aDamagedLineInsideIsNamed(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("runs.jsonl");
    Files.writeString(file, RunStore.format(run("a", 0.5)) + "\n{oops\n" + RunStore.format(run("b", 0.5)) + "\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> RunStore.open(file));
    assertTrue(e.getMessage().contains(":2:"), e.getMessage());
    // the parser's own location (no file, Jackson's feature names) is left out: the file and line are ours
    assertTrue(e.getMessage().contains("not a stored run (") && !e.getMessage().contains("Source:")
        && !e.getMessage().contains("StreamReadFeature"), e.getMessage());
  }

  /**
   * Metrics no evaluation gives, a missing paper metric, and a key stored twice with other values are refused with
   * their line: they went into the tables in silence (an F1 of 7.5 made a mean of 415%, a run without F1 was left out
   * of its mean, a review).
   */
  @Test
  void impossibleMetricsAndConflictingDuplicatesAreNamed(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("runs.jsonl");
    String good = RunStore.format(run("a", 0.5));
    for (String[] bad : new String[][] {
        {good.replace("\"f1\":0.5", "\"f1\":7.5"), "metric f1 = 7.5 is outside [0, 1]"},
        {good.replace("\"f1\":0.5,", ""), "no \"f1\" among the metrics"},
        {good.replace("\"precision\":0.25", "\"precision\":-0.25"), "metric precision = -0.25 is outside [0, 1]"},
        {RunStore.format(run("a", 0.25)), "stores the evaluation of line 1 again with other metrics"}}) {
      Files.writeString(file, good + "\n" + bad[0] + "\n" + RunStore.format(run("b", 0.5)) + "\n");
      DataFormatException e = assertThrows(DataFormatException.class, () -> RunStore.open(file), bad[1]);
      assertTrue(e.getMessage().contains(":2:") && e.getMessage().contains(bad[1]), e.getMessage());
    }
    // the same evaluation twice (two stores joined: other times) is no conflict
    String later = good.replace("\"trainSeconds\":0.25", "\"trainSeconds\":0.5");
    assertTrue(!later.equals(good), good);
    Files.writeString(file, good + "\n" + later + "\n");
    try (RunStore s = RunStore.open(file)) {
      assertEquals(1, s.size());
    }
  }
}
