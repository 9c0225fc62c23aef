package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.altml.cli.output.Reports;
import org.altml.core.eval.CurvePoint;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.RunRecord;
import org.altml.core.eval.Seeds;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrequentialCommandTest {
  @TempDir Path dir;

  private Path data;
  private PrequentialResult expected;

  /** 25 examples, 5 labels; the expected curve from Prequential run directly (FALT η = 0.5, W = 4, k = 10). */
  @BeforeEach
  void writeData() throws IOException {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withModelNonZerosPerLabel(20).withNumFeatures(200).withMeanNonZeros(8)
        .withNumLabels(5).withLabelCardinality(1.5).withModelNonZerosPerLabel(20).withSeed(41);
    Dataset all = new SparseTextGenerator(c).generate(25);
    data = dir.resolve("stream.svm");
    DataFiles.write(all, data);
    Settings falt = Settings.parse(LearnerRegistry.get("falt"), Map.of("eta", "0.5"));
    try (ExampleStream stream = all.stream()) {
      expected = Prequential.run(falt, LearnerContext.of(5), stream,
          Prequential.Config.defaults().withWindow(4).withSampleEvery(10).withSeed(1).withDataFiles(List.of(RunRecord.DataFile.of(data))));
    }
  }

  private CliRun run(String... extra) {
    return CliRun.of(Stream.concat(Stream.of("prequential", "--learner", "falt", "--eta", "0.5", "--data", data.toString(),
        "--num-labels", "5", "--window", "4", "--every", "10"), Stream.of(extra)).toArray(String[]::new));
  }

  @Test
  void csvCurveHasAPointEveryKExamples() throws IOException {
    Path curve = dir.resolve("curve.csv");
    CliRun r = run("--curve", curve.toString());
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = Files.readAllLines(curve);
    assertEquals(3, lines.size(), lines.toString());
    List<String> header = List.of(lines.get(0).split(","));
    assertEquals(List.of("examples", "learningSeconds", "cumulative_precision"), header.subList(0, 3));
    assertEquals(2 + 2 * Measure.values().length + 2, header.size());
    assertEquals(List.of("cumulative_rankingLossLeftOut", "window_rankingLossLeftOut"), header.subList(header.size() - 2, header.size()));
    for (int p = 0; p < 2; p++) {
      String[] row = lines.get(p + 1).split(",");
      CurvePoint point = expected.curve().get(p);
      assertEquals(Long.toString(10L * (p + 1)), row[0]);
      assertEquals(Double.toString(point.cumulative().get(Measure.F1)), row[header.indexOf("cumulative_f1")], "point " + p);
      assertEquals(Double.toString(point.window().get(Measure.RANKING_LOSS)), row[header.indexOf("window_rankingLoss")], "point " + p);
      // docs/spec.md#ranking-loss: the examples left out of ranking loss are reported with it, the window's too
      assertEquals(Long.toString(point.cumulative().rankingLossLeftOut()), row[header.indexOf("cumulative_rankingLossLeftOut")]);
      assertEquals(Long.toString(point.window().rankingLossLeftOut()), row[header.indexOf("window_rankingLossLeftOut")]);
    }
    String table = r.out();
    assertTrue(table.contains("25 examples"), table);
    String row = table.lines().filter(l -> l.startsWith("cumulative")).findFirst().orElseThrow();
    assertEquals(Reports.percent(expected.cumulative().get(Measure.F1)), row.trim().split("\\s+")[3], table);
  }

  @Test
  void theCurveFormatFollowsTheFileNameUnlessGiven() throws IOException {
    Path jsonl = dir.resolve("curve.jsonl");
    assertEquals(0, run("--curve", jsonl.toString()).exitCode());
    assertEquals("10", Json.flatten(Files.readAllLines(jsonl).get(0)).get("examples"));
    Path csv = dir.resolve("curve.jsonl.txt");
    assertEquals(0, run("--curve", csv.toString()).exitCode());
    assertTrue(Files.readAllLines(csv).get(0).startsWith("examples,"), Files.readAllLines(csv).get(0));
    Path forced = dir.resolve("forced.jsonl");
    assertEquals(0, run("--curve", forced.toString(), "--curve-format", "csv").exitCode());
    assertTrue(Files.readAllLines(forced).get(0).startsWith("examples,"), Files.readAllLines(forced).get(0));
  }

  @Test
  void jsonLinesCurveToStdoutWithTheSummaryOnStderr() throws IOException {
    CliRun r = run("--curve", "-", "--curve-format", "jsonl", "--json");
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(2, lines.size(), r.out());
    for (int p = 0; p < 2; p++) {
      Map<String, String> point = Json.flatten(lines.get(p));
      assertEquals(Long.toString(10L * (p + 1)), point.get("examples"));
      assertEquals(Double.toString(expected.curve().get(p).window().get(Measure.MICRO_F1)), point.get("window.microF1"));
      assertEquals(Long.toString(expected.curve().get(p).window().rankingLossLeftOut()), point.get("windowRankingLossLeftOut"));
      assertEquals(Long.toString(expected.curve().get(p).cumulative().rankingLossLeftOut()), point.get("rankingLossLeftOut"));
    }
    Map<String, String> summary = Json.flatten(r.err().substring(r.err().indexOf('{')));
    assertEquals("25", summary.get("examples"));
    assertEquals(Double.toString(expected.cumulative().get(Measure.HAMMING_LOSS)), summary.get("metrics.hammingLoss"));
    assertEquals(Double.toString(expected.window().get(Measure.F1)), summary.get("windowMetrics.f1"));
    assertEquals(Long.toString(expected.window().rankingLossLeftOut()), summary.get("windowRankingLossLeftOut"));
    assertEquals("prequential", summary.get("run.protocol"));
    assertEquals("stream", summary.get("run.order"));
    assertEquals(Long.toString(Seeds.learner(1)), summary.get("run.seeds.learner"));
    assertEquals(expected.record().settings(), EvaluateCommandTest.settingsOf(summary));
    assertEquals(expected.record().key(), summary.get("runKey"));
    assertTrue(Json.number(summary, "examplesPerSecond") > 0);
  }

  @Test
  void maxExamplesAndLabelsFoundByAFirstPass() throws IOException {
    CliRun r = CliRun.of("prequential", "--learner", "pa2", "--data", data.toString(), "--max-examples", "12", "--every", "5",
        "--json");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals("12", json.get("examples"));
    assertEquals("2", json.get("curvePoints"));
    int labels = DataFiles.read(data).numLabels();
    assertEquals(Integer.toString(labels), json.get("numLabels"));
  }

  @Test
  void malformedStreamLeavesNoCurveFile() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      sb.append(i % 3).append(" 1:1 4:0.5\n");
    }
    sb.append("1 3:zz\n");
    Path bad = dir.resolve("bad.svm");
    Files.writeString(bad, sb.toString());
    Path curve = dir.resolve("curve.csv");
    CliRun r = CliRun.of("prequential", "--learner", "falt", "--data", bad.toString(), "--num-labels", "3", "--every", "5",
        "--curve", curve.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("bad.svm:31:"), r.err());
    assertFalse(Files.exists(curve));
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".alt-tmp-")), "temporary file left");
    }
  }

  @Test
  void badProtocolOptions() {
    String[][] cases = {{"--window", "0"}, {"--every", "0"}, {"--max-examples", "0"}};
    for (String[] c : cases) {
      CliRun r = CliRun.of("prequential", "--learner", "falt", "--data", data.toString(), c[0], c[1]);
      assertEquals(2, r.exitCode());
      assertTrue(r.err().startsWith("alt: " + c[0] + " must be >= 1: 0"), r.err());
    }
    CliRun f = run("--curve-format", "xml");
    assertEquals(2, f.exitCode());
    assertTrue(f.err().contains("csv, jsonl"), f.err());
  }
}
