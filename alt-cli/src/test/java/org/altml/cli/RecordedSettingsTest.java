package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every setting a record shows is the value used: with {@code --max-updates-factor}, {@code maxUpdates} is the M the
 * factor resolves to on the data's L (the JSON showed {@code "maxUpdates": "1"}, the unused default, beside the factor
 * while the text header said the M used).
 */
class RecordedSettingsTest {
  @TempDir Path dir;

  /** 5 labels: factor 0.5 gives M = ceil(2.5) = 3. */
  private Path[] corpus() throws IOException {
    Dataset all = SmallCorpus.generate(200, 5, 120, 3);
    return new Path[] {SmallCorpus.write(all, 0, 80, dir.resolve("train.svm")),
        SmallCorpus.write(all, 80, 120, dir.resolve("test.svm"))};
  }

  @Test
  void evaluateRecordsTheMaxUpdatesItUsed() throws IOException {
    Path[] data = corpus();
    String[] args = {"evaluate", "--learner", "falt", "--max-updates-factor", "0.5", "--train", data[0].toString(), "--test",
        data[1].toString(), "--num-labels", "5"};
    CliRun json = CliRun.of(concat(args, "--json"));
    assertEquals(0, json.exitCode(), json.err());
    Map<String, String> j = Json.flatten(json.out());
    assertEquals("3", j.get("run.settings.maxUpdates"), json.out());
    assertEquals("0.5", j.get("run.settings.maxUpdatesFactor"), json.out());
    CliRun text = CliRun.of(args);
    assertEquals(0, text.exitCode(), text.err());
    assertTrue(text.out().lines().findFirst().orElseThrow().contains(" maxUpdates=3 "), text.out());
  }

  @Test
  void prequentialRecordsTheMaxUpdatesItUsed() throws IOException {
    Path[] data = corpus();
    CliRun json = CliRun.of("prequential", "--learner", "salt", "--max-updates-factor", "0.5", "--data", data[0].toString(),
        "--num-labels", "5", "--json", "--quiet");
    assertEquals(0, json.exitCode(), json.err());
    Map<String, String> j = Json.flatten(json.out());
    assertEquals("3", j.get("run.settings.maxUpdates"), json.out());
    assertEquals("0.5", j.get("run.settings.maxUpdatesFactor"), json.out());
  }

  @Test
  void experimentRecordsTheMaxUpdatesItUsed() throws IOException {
    Path[] data = corpus();
    CliRun run = CliRun.of("experiment", "--train", data[0].toString(), "--test", data[1].toString(), "--num-labels", "5",
        "--learners", "falt", "--given", "falt:eta=0.5,max-updates-factor=0.5", "--runs", "2", "--curve-points", "0",
        "--out", dir.resolve("o").toString(), "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    JsonNode root = new ObjectMapper().readTree(dir.resolve("o/experiment.json").toFile());
    JsonNode settings = root.at("/datasets/0/learners/0/settings");
    assertEquals("3", settings.get("maxUpdates").asText(), settings.toString());
    assertEquals("0.5", settings.get("maxUpdatesFactor").asText(), settings.toString());
    // the store's lines too (runs and tuning folds)
    int lines = 0;
    for (String line : java.nio.file.Files.readAllLines(dir.resolve("o/runs.jsonl"))) {
      JsonNode stored = new ObjectMapper().readTree(line);
      assertEquals("3", stored.at("/settings/maxUpdates").asText(), line);
      lines++;
    }
    assertEquals(2, lines, "two runs");
    CliRun tuned = CliRun.of("experiment", "--train", data[0].toString(), "--test", data[1].toString(), "--num-labels", "5",
        "--learners", "falt", "--fix", "falt:max-updates-factor=0.5", "--grid", "coarse", "--folds", "2", "--runs", "2",
        "--curve-points", "0", "--out", dir.resolve("t").toString(), "--quiet");
    assertEquals(0, tuned.exitCode(), tuned.err());
    long folds = 0;
    for (String line : java.nio.file.Files.readAllLines(dir.resolve("t/runs.jsonl"))) {
      JsonNode stored = new ObjectMapper().readTree(line);
      assertEquals("3", stored.at("/settings/maxUpdates").asText(), line);
      folds += stored.get("kind").asText().equals("fold") ? 1 : 0;
    }
    assertTrue(folds > 0, "tuning folds stored");
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
