package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open-stream commands (docs/spec.md#open-labels): {@code alt prequential --open}, {@code alt train --open} and
 * {@code --from} an open model, {@code alt predict} and {@code alt inspect} of one, and their bad input.
 */
class OpenStreamCommandsTest {
  @TempDir Path dir;

  private Path births(int n) {
    Path file = dir.resolve("births.svm");
    CliRun g = CliRun.of("generate", "--births", "0.3", "-n", Integer.toString(n), "--num-labels", "20", "--num-features",
        "300", "--mean-nnz", "20", "--model-nnz", "30", file.toString());
    assertEquals(0, g.exitCode(), g.err());
    return file;
  }

  private static CliRun ok(String... args) {
    CliRun run = CliRun.of(args);
    assertEquals(0, run.exitCode(), String.join(" ", args) + ": " + run.err());
    return run;
  }

  @Test
  void openEqualsFixedWhenEveryLabelIsInTheFirstExample() throws IOException {
    Path stream = births(600);
    Path all = dir.resolve("all-first.svm");
    Files.writeString(all, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 3:1 7:0.5\n" + Files.readString(stream));
    for (String learner : List.of("falt", "salt", "pa1")) {
      Path fixed = dir.resolve(learner + "-fixed.txt");
      Path open = dir.resolve(learner + "-open.txt");
      CliRun f = ok("prequential", "--learner", learner, "--data", all.toString(), "--num-labels", "20", "--json",
          "--predictions", fixed.toString());
      CliRun o = ok("prequential", "--open", "--learner", learner, "--data", all.toString(), "--json", "--predictions",
          open.toString());
      assertEquals(Files.readString(fixed), Files.readString(open), learner);
      Map<String, String> fj = Json.flatten(f.out());
      Map<String, String> oj = Json.flatten(o.out());
      for (String metric : List.of("f1", "macroF1", "microF1", "hammingLoss", "rankingLoss")) {
        assertEquals(fj.get("metrics." + metric), oj.get("metrics." + metric), learner + " " + metric);
      }
    }
  }

  @Test
  void openDiffersFromFixedWhenLabelsAreBornLaterAndNamesTheLabelsInOrderOfFirstAppearance() throws IOException {
    Path stream = births(600);
    Path fixed = dir.resolve("fixed.txt");
    Path open = dir.resolve("open.txt");
    ok("prequential", "--learner", "falt", "--data", stream.toString(), "--num-labels", "20", "--predictions", fixed.toString());
    CliRun o = ok("prequential", "--open", "--learner", "falt", "--data", stream.toString(), "--json", "--predictions",
        open.toString());
    assertNotEquals(Files.readString(fixed), Files.readString(open));
    Map<String, String> json = Json.flatten(o.out());
    int labels = (int) Json.number(json, "numLabels");
    // the labels in the order the stream first carries them
    java.util.LinkedHashSet<String> order = new java.util.LinkedHashSet<>();
    for (String line : Files.readAllLines(stream)) {
      String head = line.split(" ")[0];
      if (!head.contains(":")) {
        order.addAll(List.of(head.split(",")));
      }
    }
    assertEquals(order.size(), labels);
    List<String> expected = List.copyOf(order);
    for (int i = 0; i < labels; i++) {
      assertEquals(expected.get(i), json.get("labels[" + i + "]"));
    }
  }

  @Test
  void anOpenModelSavedMidGrowthAndContinuedEqualsOneRun() throws IOException {
    Path words = dir.resolve("words.jsonl");
    ok("generate", "--kind", "words", "-n", "800", "--num-labels", "30", words.toString());
    List<String> lines = Files.readAllLines(words);
    Path first = Files.write(dir.resolve("first.jsonl"), lines.subList(0, 300));
    Path rest = Files.write(dir.resolve("rest.jsonl"), lines.subList(300, lines.size()));
    for (String learner : List.of("falt", "salt")) {
      Path whole = dir.resolve(learner + "-whole.model");
      Path half = dir.resolve(learner + "-half.model");
      Path continued = dir.resolve(learner + "-continued.model");
      ok("train", "--open", "--learner", learner, "--max-updates-factor", "0.1", "--data", words.toString(), "--model",
          whole.toString());
      ok("train", "--open", "--learner", learner, "--max-updates-factor", "0.1", "--data", first.toString(), "--model",
          half.toString());
      ok("train", "--from", half.toString(), "--data", rest.toString(), "--model", continued.toString());
      SavedModel a = ModelIo.read(whole);
      SavedModel b = ModelIo.read(continued);
      assertTrue(ModelIo.read(half).reportedLabels() < a.reportedLabels(), "labels were born after the save");
      assertEquals(a.vocabulary(), b.vocabulary());
      assertArrayEquals(state(a), state(b), learner);
      CliRun p1 = ok("predict", "--model", whole.toString(), "--data", rest.toString());
      CliRun p2 = ok("predict", "--model", continued.toString(), "--data", rest.toString());
      assertEquals(p1.out(), p2.out());
      assertTrue(p1.out().contains("tag"), "labels printed by name");
    }
  }

  @Test
  void testScoresAnOpenModelOverItsLabelsAndTheDataLabelsItNeverSaw() throws IOException {
    Path train = Files.writeString(dir.resolve("train.jsonl"),
        "{\"features\": {\"a\": 1}, \"labels\": [\"x\"]}\n{\"features\": {\"b\": 1}, \"labels\": [\"y\"]}\n".repeat(20));
    Path model = dir.resolve("m.model");
    ok("train", "--open", "--learner", "falt", "--data", train.toString(), "--model", model.toString());
    Path test = Files.writeString(dir.resolve("test.jsonl"), "{\"features\": {\"a\": 1, \"new\": 3}, \"labels\": [\"x\"]}\n"
        + "{\"features\": {\"b\": 1}, \"labels\": [\"y\", \"z\"]}\n");
    Path predictions = dir.resolve("p.txt");
    CliRun t = ok("test", "--model", model.toString(), "--data", test.toString(), "--json", "--predictions",
        predictions.toString());
    assertEquals("x\ny\n", Files.readString(predictions));
    Map<String, String> json = Json.flatten(t.out());
    assertEquals(1.0, Json.number(json, "metrics.precision"), 1e-12);
    assertEquals(0.75, Json.number(json, "metrics.recall"), 1e-12); // z, never seen, is missed
    assertEquals(1.0 / 6, Json.number(json, "metrics.hammingLoss"), 1e-12); // over x, y and z
    CliRun unlabelled = CliRun.of("test", "--model", model.toString(), "--data",
        Files.writeString(dir.resolve("u.jsonl"), "{\"features\": {\"a\": 1}}\n").toString());
    assertEquals(2, unlabelled.exitCode());
    assertTrue(unlabelled.err().contains("u.jsonl:1: a record without labels"), unlabelled.err());
  }

  private static byte[] state(SavedModel model) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    model.learner().spec().codec().write(model.learner(), new org.altml.core.learner.StateOutput(bytes));
    return bytes.toByteArray();
  }

  @Test
  void inspectNamesAnOpenModelsLabelsAndFeaturesAndAHashedOneHasNoFeatureNames() throws IOException {
    Path words = dir.resolve("words.jsonl");
    ok("generate", "--kind", "words", "-n", "300", words.toString());
    Path dictionary = dir.resolve("dictionary.model");
    Path hashed = dir.resolve("hashed.model");
    ok("train", "--open", "--learner", "falt", "--data", words.toString(), "--model", dictionary.toString());
    ok("train", "--open", "--learner", "falt", "--hash-bits", "12", "--data", words.toString(), "--model", hashed.toString());
    CliRun named = ok("inspect", "--model", dictionary.toString(), "--features", "3");
    assertTrue(named.out().contains("open, in order of first appearance"), named.out());
    assertTrue(named.out().matches("(?s).*\\ntag\\d+: w\\d+\\(.*"), named.out());
    CliRun refused = CliRun.of("inspect", "--model", hashed.toString(), "--features", "3");
    assertEquals(2, refused.exitCode());
    assertEquals("", refused.out());
    assertTrue(refused.err().contains("hashes its features into 2^12 rows"), refused.err());
    assertTrue(ok("inspect", "--model", hashed.toString()).out().contains("hashing into 2^12 rows"));
  }

  @Test
  void badInputIsRefusedNamingTheRecordAndWritesNothing() throws IOException {
    Path collide = Files.writeString(dir.resolve("collide.jsonl"),
        "{\"features\": {\"a\": 1}, \"labels\": [3]}\n{\"features\": {\"b\": 1}, \"labels\": [\"3\"]}\n");
    Path out = dir.resolve("p.txt");
    CliRun c = CliRun.of("prequential", "--open", "--learner", "falt", "--data", collide.toString(), "--predictions",
        out.toString());
    assertEquals(2, c.exitCode());
    assertTrue(c.err().contains("collide.jsonl:2:") && c.err().contains("collides"), c.err());
    assertFalse(Files.exists(out), "no half-written predictions");

    Path many = Files.writeString(dir.resolve("many.jsonl"),
        "{\"features\": {\"a\": 1, \"b\": 1}, \"labels\": [\"x\"]}\n{\"features\": {\"c\": 1, \"d\": 1}, \"labels\": [\"y\"]}\n");
    Path model = dir.resolve("m.model");
    CliRun bound = CliRun.of("train", "--open", "--learner", "falt", "--max-features", "3", "--data", many.toString(),
        "--model", model.toString());
    assertEquals(2, bound.exitCode());
    assertTrue(bound.err().contains("many.jsonl:2:") && bound.err().contains("--max-features"),
        bound.err());
    assertFalse(Files.exists(model), "no half-written model");

    CliRun elm = CliRun.of("prequential", "--open", "--learner", "osml-elm", "--data", many.toString());
    assertEquals(2, elm.exitCode());
    assertTrue(elm.err().contains("--max-labels"), elm.err());
    CliRun numLabels = CliRun.of("prequential", "--open", "--num-labels", "3", "--learner", "falt", "--data", many.toString());
    assertNotEquals(0, numLabels.exitCode(), numLabels.err());
    assertTrue(numLabels.err().contains("--num-labels") && numLabels.err().contains("--open"), numLabels.err());
    CliRun hashWithout = CliRun.of("prequential", "--hash-bits", "10", "--learner", "falt", "--data", many.toString());
    assertNotEquals(0, hashWithout.exitCode());
    assertTrue(hashWithout.err().contains("give --open too"), hashWithout.err());
  }
}
