package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.altml.core.model.ModelIo;
import org.altml.flink.model.Models;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format json}: the same data as LIBSVM lines and as JSON records gives bit-equal models and predictions; every
 * malformed JSON record is a bad record with its file, line and reason, and the job goes on.
 */
class JsonFormatTest {
  @TempDir Path dir;

  /** The LIBSVM lines of {@code libSvm} as JSON records, each number as written there, with an id of its line number. */
  static Path asJson(Path libSvm, Path json) throws Exception {
    List<String> out = new ArrayList<>();
    long n = 0;
    for (String line : Files.readAllLines(libSvm)) {
      n++;
      String[] tokens = line.trim().split(" ");
      int first = tokens[0].contains(":") ? 0 : 1;
      StringBuilder b = new StringBuilder("{\"id\": \"r" + n + "\", \"features\": {");
      for (int i = first; i < tokens.length; i++) {
        String[] iv = tokens[i].split(":");
        b.append(i == first ? "" : ", ").append('"').append(iv[0]).append("\": ").append(iv[1]);
      }
      b.append("}, \"labels\": [").append(first == 1 ? tokens[0] : "").append("]}");
      out.add(b.toString());
    }
    Files.write(json, out);
    return json;
  }

  private static List<String> sorted(Path file, String from, String to) throws Exception {
    return Files.readAllLines(file).stream().map(l -> l.replace(from, to)).sorted().toList();
  }

  @Test
  void theSameDataAsJsonGivesTheSameModelsAndPredictions() throws Exception {
    Path svm = FlinkTesting.libSvm(dir, "train.svm", 2000, 7, List.of());
    Path json = asJson(svm, dir.resolve("train.jsonl"));
    Path test = FlinkTesting.libSvm(dir, "test.svm", 1000, 8, List.of());
    Path testJson = asJson(test, dir.resolve("test.jsonl"));
    for (String[] run : new String[][] {{svm.toString(), "libsvm", "a"}, {json.toString(), "json", "b"}}) {
      FlinkTesting.Cli cli = FlinkTesting.cli("run", "--mode", "keyed", "--learner", "salt", "--key-by", "mod:3", "--data", run[0],
          "--format", run[1], "--num-labels", "5", "--parallelism", "2", "--checkpoint-ms", "0", "--scores", "--out",
          dir.resolve("keyed-" + run[2]).toString());
      assertEquals(0, cli.code(), cli.err());
      assertTrue(cli.out().contains("\"records\":2000,\"bad\":0"), cli.out());
    }
    Path a = dir.resolve("keyed-a");
    Path b = dir.resolve("keyed-b");
    assertEquals(sorted(a.resolve("predictions.jsonl"), svm.toString(), "F"), sorted(b.resolve("predictions.jsonl"), json.toString(), "F"));
    assertEquals(sorted(a.resolve("reports.jsonl"), svm.toString(), "F"), sorted(b.resolve("reports.jsonl"), json.toString(), "F"));
    List<String> models;
    try (Stream<Path> files = Files.list(a)) {
      models = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".model")).sorted().toList();
    }
    assertEquals(3, models.size(), models.toString());
    for (String m : models) {
      assertArrayEquals(Models.toBytes(ModelIo.read(a.resolve(m)).learner()), Models.toBytes(ModelIo.read(b.resolve(m)).learner()), m);
    }
    // predict: a model scores the JSON records as it scores their LIBSVM lines; the records need no labels there
    String model = a.resolve(models.get(0)).toString();
    Path unlabelled = Files.write(dir.resolve("unlabelled.jsonl"), Files.readAllLines(testJson).stream()
        .map(l -> l.replaceAll(", \"labels\": \\[[0-9,]*]", "")).toList());
    for (String[] run : new String[][] {{test.toString(), "libsvm", "a"}, {testJson.toString(), "json", "b"},
        {unlabelled.toString(), "json", "c"}}) {
      FlinkTesting.Cli cli = FlinkTesting.cli("predict", "--model", model, "--data", run[0], "--format", run[1], "--parallelism", "2",
          "--checkpoint-ms", "0", "--scores", "--out", dir.resolve("scored-" + run[2]).toString());
      assertEquals(0, cli.code(), cli.err());
    }
    List<String> expected = sorted(dir.resolve("scored-a/predictions.jsonl"), test.toString(), "F");
    assertEquals(1000, expected.size());
    assertEquals(expected, sorted(dir.resolve("scored-b/predictions.jsonl"), testJson.toString(), "F"));
    assertEquals(expected, sorted(dir.resolve("scored-c/predictions.jsonl"), unlabelled.toString(), "F"));
  }

  @Test
  void malformedJsonRecordsAreBadRecordsAndTheJobGoesOn() throws Exception {
    Path svm = FlinkTesting.libSvm(dir, "good.svm", 300, 7, List.of());
    List<String> lines = new ArrayList<>(Files.readAllLines(asJson(svm, dir.resolve("good.jsonl"))));
    lines.set(9, "0,4 3:0.5");
    lines.set(19, "{\"features\": {\"3\": NaN}, \"labels\": [1]}");
    lines.set(29, "{\"features\": {\"3\": 1}, \"label\": [1]}");
    lines.set(39, "{\"features\": {\"3\": 1}}");
    lines.set(49, "{\"features\": {\"3\": 1}, \"labels\": [7]}");
    lines.set(59, "{\"features\": {\"3\": 1}, \"labels\": [1]} {}");
    Path data = Files.write(dir.resolve("mixed.jsonl"), lines);
    Path out = dir.resolve("out");
    FlinkTesting.Cli cli = FlinkTesting.cli("run", "--mode", "parallel", "--learner", "falt", "--data", data.toString(), "--format",
        "json", "--num-labels", "5", "--checkpoint-ms", "0", "--out", out.toString());
    assertEquals(0, cli.code(), cli.err());
    assertTrue(cli.out().contains("\"records\":294,\"bad\":6"), cli.out());
    List<String> bad = Files.readAllLines(out.resolve("bad-records.jsonl")).stream().sorted().toList();
    String[] reasons = {"not a JSON object (a LIBSVM line?", "value NaN is NaN or infinite", "unknown key \\\"label\\\"",
        "no \\\"labels\\\": the job learns from labelled records", "label beyond the declared 5 labels", "text after the record's object"};
    int[] at = {10, 20, 30, 40, 50, 60};
    for (int i = 0; i < at.length; i++) {
      String line = "\"file\":\"" + data + "\",\"line\":" + at[i] + ",";
      String reason = reasons[i];
      assertTrue(bad.stream().anyMatch(l -> l.contains(line) && l.contains(reason)), line + " " + reason + " in " + bad);
    }
    // the same records in predict: the one without labels is scored there
    FlinkTesting.Cli predict = FlinkTesting.cli("predict", "--model", out.resolve("final.model").toString(), "--data", data.toString(),
        "--format", "json", "--checkpoint-ms", "0", "--out", dir.resolve("scored").toString());
    assertEquals(0, predict.code(), predict.err());
    assertTrue(predict.out().contains("\"records\":295,\"bad\":5"), predict.out());
  }

  /** --format json is for files that are not ARFF: with only ARFF inputs it would be ignored. */
  @Test
  void jsonWithOnlyArffInputsIsAUsageError() throws Exception {
    Path arff = Files.writeString(dir.resolve("d.arff"), "@relation r\n@attribute f1 numeric\n@attribute a {0,1}\n@data\n0.5,1\n");
    FlinkTesting.Cli cli = FlinkTesting.cli("run", "--mode", "keyed", "--learner", "falt", "--data", arff.toString(), "--labels-last",
        "1", "--format", "json", "--checkpoint-ms", "0");
    assertEquals(2, cli.code());
    assertTrue(cli.err().startsWith("alt flink: --format json reads the records of files that are not ARFF, and every input is ARFF"),
        cli.err());
    FlinkTesting.Cli typo = FlinkTesting.cli("run", "--mode", "keyed", "--learner", "falt", "--data", arff.toString(), "--labels-last",
        "1", "--format", "jsonl", "--checkpoint-ms", "0");
    assertEquals(2, typo.code());
    assertTrue(typo.err().contains("--format") && typo.err().contains("LIBSVM") && typo.err().contains("JSON"), typo.err());
  }
}
