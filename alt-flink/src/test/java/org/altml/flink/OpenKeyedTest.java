package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.flink.model.Models;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.training.LearnerSetup;
import org.altml.sparse.open.OpenFormat;
import org.altml.sparse.open.OpenRecord;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alt flink run --mode keyed} without {@code --num-labels} (docs/spec.md#open-streams): each key's model is open,
 * its labels and features growing as its records bring them; the same predictions and model, bit for bit, as an open
 * loop over the key's records ({@link OpenRounds}); the same after a failure and a restart mid-growth.
 */
class OpenKeyedTest {
  private static final Pattern PREDICTION = Pattern.compile("\"line\":(\\d+),\"key\":\"([^\"]*)\",\"model\":(\\d+),\"labels\":\\[([^\\]]*)\\]");
  @TempDir Path dir;

  /** LIBSVM lines whose label k is born at record 40 k and whose feature indices grow with the stream; line 77 is bad. */
  static Path births(Path dir, String name, int n, boolean json) throws Exception {
    Random r = new Random(11);
    List<String> lines = new ArrayList<>();
    String[] topics = {"sports", "economy", "arts", "science", "health", "travel", "food", "music"};
    for (int t = 0; t < n; t++) {
      int born = Math.min(8, 1 + t / 40);
      List<Integer> labels = new ArrayList<>();
      labels.add(t / 40 < 8 && t % 40 == 0 ? t / 40 : r.nextInt(born)); // each label first comes at its birth
      if (r.nextBoolean()) {
        int other = r.nextInt(born);
        if (!labels.contains(other)) {
          labels.add(other);
        }
      }
      int width = 8 + t / 10;
      Map<Integer, Float> x = new java.util.TreeMap<>();
      for (int k = 0; k < 6; k++) {
        x.put(1 + r.nextInt(width), 0.25f + r.nextInt(4) * 0.25f);
      }
      for (int label : labels) {
        x.put(1 + label * 3, 1f); // a feature that tells the label
      }
      StringBuilder sb = new StringBuilder();
      if (json) {
        sb.append("{\"id\":\"r").append(t).append("\",\"features\":{");
        int k = 0;
        for (Map.Entry<Integer, Float> e : x.entrySet()) {
          sb.append(k++ > 0 ? "," : "").append("\"w").append(e.getKey()).append("\":").append(e.getValue());
        }
        sb.append("},\"labels\":[");
        for (int i = 0; i < labels.size(); i++) {
          sb.append(i > 0 ? "," : "").append('"').append(topics[labels.get(i)]).append('"');
        }
        sb.append("]}");
      } else {
        for (int i = 0; i < labels.size(); i++) {
          sb.append(i > 0 ? "," : "").append(labels.get(i) * 7); // ids that are not the order of first appearance
        }
        for (Map.Entry<Integer, Float> e : x.entrySet()) {
          sb.append(' ').append(e.getKey()).append(':').append(e.getValue());
        }
      }
      lines.add(t == 76 ? (json ? "{\"features\": {\"a\": x}}" : "3 1:x") : sb.toString());
    }
    Path file = dir.resolve(name);
    Files.write(file, lines);
    return file;
  }

  /** What one key's open loop predicts (by line: the labels as the output names them) and the model it ends with. */
  record Expected(Map<Long, String> labels, OnlineMultiLabelLearner learner, Vocabulary vocabulary) {}

  /** The open rounds over the lines of {@code file} that key {@code key} of {@code mod:K} gets, as the job's key would. */
  static Expected expected(Path file, int k, String key, OpenSpec spec, String learner) throws Exception {
    return expected(file, k, key, spec, learner, 1);
  }

  /** {@link #expected(Path, int, String, OpenSpec, String)} with records numbered from {@code base} (a Kafka offset: 0). */
  static Expected expected(Path file, int k, String key, OpenSpec spec, String learner, int base) throws Exception {
    LearnerSetup setup = LearnerSetup.of(LearnerRegistry.get(learner).defaults(), 0, 0, 1);
    OpenRounds rounds = new OpenRounds(setup.createOpen(key.hashCode()), 0);
    Vocabulary v = spec.newVocabulary();
    Map<Long, String> out = new LinkedHashMap<>();
    List<String> lines = Files.readAllLines(file);
    OpenRecord rec = new OpenRecord();
    for (int i = 0; i < lines.size(); i++) {
      long line = i + 1;
      if (!key.equals("k" + Math.floorMod(i + base, k))) {
        continue;
      }
      try {
        if (!OpenStream.parse(lines.get(i), spec.format(), v, true, file.toString(), line, rec)) {
          continue;
        }
      } catch (org.altml.sparse.io.DataFormatException e) {
        continue;
      }
      Scores served = new Scores(Math.max(rounds.known(), rec.labels().maxLabel() + 1));
      rounds.predictThenLearn(OnlineMultiLabelLearner.NO_ID, rec.features(), rec.labels(), served, "line " + line);
      int[] predicted = new int[served.numLabels()];
      int n = served.predicted(predicted);
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < n; j++) {
        String name = v.labels().name(predicted[j]);
        sb.append(j > 0 ? "," : "").append(v.labels().isNumeric(predicted[j]) ? name : "\"" + name + "\"");
      }
      out.put(line, sb.toString());
    }
    return new Expected(out, rounds.learner(), v);
  }

  /** The predictions of a run's predictions.jsonl by key, then line. */
  static Map<String, Map<Long, String>> predictions(Path out) throws Exception {
    Map<String, Map<Long, String>> byKey = new java.util.TreeMap<>();
    for (String l : Files.readAllLines(out.resolve("predictions.jsonl"))) {
      Matcher m = PREDICTION.matcher(l);
      assertTrue(m.find(), l);
      byKey.computeIfAbsent(m.group(2), x -> new java.util.TreeMap<>()).put(Long.parseLong(m.group(1)), m.group(4));
    }
    return byKey;
  }

  /** Runs, checks the outputs against the open loop of each key, and returns the run's output folder. */
  private Path runAndCheck(Path file, OpenSpec spec, String learner, List<String> extra, String name) throws Exception {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("run", "--mode", "keyed", "--learner", learner, "--key-by", "mod:2", "--data",
        file.toString(), "--parallelism", "2", "--checkpoint-ms", "50", "--out", out.toString()));
    args.addAll(extra);
    FlinkTesting.Cli run = FlinkTesting.cli(args.toArray(String[]::new));
    assertEquals(0, run.code(), run.err());
    Map<String, Map<Long, String>> got = predictions(out);
    assertEquals(List.of("k0", "k1"), List.copyOf(got.keySet()));
    for (String key : got.keySet()) {
      Expected e = expected(file, 2, key, spec, learner);
      assertEquals(e.labels(), got.get(key), key);
      SavedModel saved = ModelIo.read(out.resolve("key-" + key + ".model"));
      assertTrue(saved.isOpen(), "the key's model carries its vocabulary");
      assertEquals(e.vocabulary(), saved.vocabulary(), key);
      assertArrayEquals(Models.toBytes(e.learner()), Models.toBytes(saved.learner()), key + ": the model bit for bit");
    }
    List<String> bad = Files.readAllLines(out.resolve("bad-records.jsonl"));
    assertEquals(1, bad.size(), bad.toString());
    assertTrue(bad.get(0).contains("\"line\":77"), bad.get(0));
    return out;
  }

  @Test
  void eachKeyGrowsItsLabelsAndFeaturesAsTheOpenLoopDoes() throws Exception {
    Path file = births(dir, "births.svm", 480, false);
    Path out = runAndCheck(file, new OpenSpec(OpenFormat.LIBSVM, false, 0), "salt", List.of(), "libsvm");
    SavedModel k0 = ModelIo.read(out.resolve("key-k0.model"));
    // label ids by first appearance: the file's label 7 k is the key's k-th label
    assertEquals(List.of("0", "7", "14", "21", "28", "35", "42", "49"), k0.vocabulary().labels().names());
    assertEquals(8, k0.learner().numLabels());
    String reports = Files.readString(out.resolve("reports.jsonl"));
    assertTrue(reports.contains("\"key\":\"k0\"") && reports.contains("\"count\":239"), reports); // 240 less the bad line 77
    assertTrue(Files.readString(out.resolve("predictions.jsonl")).contains("\"labels\":[49"), "a label born late is predicted");

    // alt flink predict with the open model: records mapped through its frozen vocabulary, labels by name
    Path more = births(dir, "more.svm", 120, false);
    Files.write(more, List.of("0 1:1 900:2", "49 22:1 23:0.5"), java.nio.file.StandardOpenOption.APPEND); // unknown feature 900
    FlinkTesting.Cli predict = FlinkTesting.cli("predict", "--model", out.resolve("key-k0.model").toString(), "--data",
        more.toString(), "--parallelism", "2", "--out", dir.resolve("scored").toString());
    assertEquals(0, predict.code(), predict.err());
    Map<Long, String> scored = new java.util.TreeMap<>();
    for (String l : Files.readAllLines(dir.resolve("scored").resolve("predictions.jsonl"))) {
      Matcher m = Pattern.compile("\"line\":(\\d+),\"model\":0,\"labels\":\\[([^\\]]*)\\]").matcher(l);
      assertTrue(m.find(), l);
      scored.put(Long.parseLong(m.group(1)), m.group(2));
    }
    Vocabulary v = k0.vocabulary();
    OpenRounds frozen = new OpenRounds(k0.learner(), v.labels().size());
    List<String> lines = Files.readAllLines(more);
    OpenRecord rec = new OpenRecord();
    Map<Long, String> want = new java.util.TreeMap<>();
    for (int i = 0; i < lines.size(); i++) {
      try {
        OpenStream.parse(lines.get(i), OpenFormat.LIBSVM, v, false, "more", i + 1, rec);
      } catch (org.altml.sparse.io.DataFormatException e) {
        continue;
      }
      Scores s = new Scores(frozen.known());
      frozen.predict(OnlineMultiLabelLearner.NO_ID, rec.features(), s);
      int[] p = new int[s.numLabels()];
      int n = s.predicted(p);
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < n; j++) {
        sb.append(j > 0 ? "," : "").append(v.labels().name(p[j]));
      }
      want.put(i + 1L, sb.toString());
    }
    assertEquals(want, scored);
    assertEquals(8, v.labels().size(), "the frozen vocabulary did not grow");
    FlinkTesting.Cli withL = FlinkTesting.cli("predict", "--model", out.resolve("key-k0.model").toString(), "--data",
        more.toString(), "--num-labels", "8");
    assertEquals(2, withL.code());
    assertTrue(withL.err().contains("is an open model, which names its own labels: leave --num-labels out"), withL.err());
  }

  @Test
  void jsonNamedFeaturesByDictionaryAndByHashing() throws Exception {
    Path file = births(dir, "births.jsonl", 400, true);
    Path out = runAndCheck(file, new OpenSpec(OpenFormat.JSON, false, 0), "falt", List.of("--format", "json"), "dictionary");
    SavedModel k1 = ModelIo.read(out.resolve("key-k1.model"));
    assertEquals("sports", k1.vocabulary().labels().name(0));
    assertTrue(k1.vocabulary().features().hasNames(), k1.vocabulary().features().describe());
    Path hashed = runAndCheck(file, new OpenSpec(OpenFormat.JSON, false, 6), "falt", List.of("--format", "json", "--hash-bits",
        "6"), "hashed");
    SavedModel h = ModelIo.read(hashed.resolve("key-k1.model"));
    assertEquals(64, h.vocabulary().features().numRows());
    assertTrue(!h.vocabulary().features().hasNames());
  }

  /** A failure and a restart from a checkpoint while the labels are still being born: the same outputs, bit for bit. */
  @Test
  void aRestartMidGrowthEqualsAnUninterruptedRun() throws Exception {
    Path file = births(dir, "restart.svm", 480, false);
    Path clean = runAndCheck(file, new OpenSpec(OpenFormat.LIBSVM, false, 0), "salt", List.of(), "clean");
    FlinkTesting.Cli failed = FlinkTesting.cli("run", "--mode", "keyed", "--learner", "salt", "--key-by", "mod:2", "--data",
        file.toString(), "--parallelism", "2", "--checkpoint-ms", "50", "--out", dir.resolve("failed").toString(), "--fail-at",
        "150", "--restarts", "1");
    assertEquals(0, failed.code(), failed.err());
    assertTrue(failed.err().matches("(?s).*alt flink: --fail-at 150: the injected failure stopped the job, which restarted"
        + " from checkpoint \\d+.*"), failed.err());
    for (String f : List.of("predictions.jsonl", "reports.jsonl", "bad-records.jsonl")) {
      assertEquals(Files.readAllLines(clean.resolve(f)).stream().sorted().toList(),
          Files.readAllLines(dir.resolve("failed").resolve(f)).stream().sorted().toList(), f);
    }
    for (String f : List.of("key-k0.model", "key-k1.model")) {
      assertArrayEquals(Files.readAllBytes(clean.resolve(f)), Files.readAllBytes(dir.resolve("failed").resolve(f)), f);
    }
  }

  @Test
  void whatAnOpenRunRefuses() throws Exception {
    Path file = births(dir, "refused.svm", 50, false);
    String[][] runs = {
        {"run", "--mode", "parallel", "--learner", "falt", "--data", file.toString()},
        {"run", "--mode", "keyed", "--learner", "falt", "--data", file.toString(), "--num-labels", "50", "--hash-bits", "8"},
        {"run", "--mode", "keyed", "--learner", "falt", "--data", file.toString(), "--hash-bits", "31"},
        {"run", "--mode", "keyed", "--learner", "falt", "--data", file.toString(), "--num-features", "100"},
        {"run", "--mode", "keyed", "--learner", "elm-omll", "--data", file.toString()},
        {"serve", "--data", "kafka://127.0.0.1:1/a", "--feedback", "kafka://127.0.0.1:1/b", "--out", "kafka://127.0.0.1:1/c",
            "--learner", "falt", "--num-labels", "5", "--hash-bits", "8"},
        {"serve", "--data", "kafka://127.0.0.1:1/a", "--feedback", "kafka://127.0.0.1:1/b", "--out", "kafka://127.0.0.1:1/c",
            "--learner", "elm-omll"}};
    String[] expected = {"--mode parallel needs --num-labels L: without it each worker's model is open",
        "--hash-bits is for open models (no --num-labels, no ARFF input)", "--hash-bits must be between 1 and 30, not 31",
        "--num-features is for a model of fixed shape", "(a job without --num-labels has open models: give --num-labels L, or a"
        + " kind that grows its labels)", "--hash-bits is for an open model (no --num-labels)", "a job without --num-labels has"
        + " open models"};
    for (int i = 0; i < runs.length; i++) {
      FlinkTesting.Cli run = FlinkTesting.cli(runs[i]);
      assertEquals(2, run.code(), run.err());
      assertTrue(run.err().contains(expected[i]), run.err());
    }
  }
}
