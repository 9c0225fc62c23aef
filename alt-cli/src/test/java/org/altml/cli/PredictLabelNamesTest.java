package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alt predict --label-names}: the model's label names for its ids, where it has names; an error where it has none. */
class PredictLabelNamesTest {
  @TempDir Path dir;

  private Path arff(String relation, String... labels) throws IOException {
    StringBuilder a = new StringBuilder("@relation " + relation + "\n@attribute f1 numeric\n@attribute f2 numeric\n");
    StringBuilder xml = new StringBuilder("<labels xmlns=\"http://mulan.sourceforge.net/labels\">");
    for (String l : labels) {
      a.append("@attribute '").append(l).append("' {0,1}\n");
      xml.append("<label name=\"").append(l.replace("&", "&amp;")).append("\"/>");
    }
    a.append("@data\n");
    for (int i = 0; i < 12; i++) {
      a.append(i % 3 - 1).append(',').append(i % 4 - 2);
      for (int l = 0; l < labels.length; l++) {
        a.append(',').append((i + l) % 3 == 0 ? 1 : 0);
      }
      a.append('\n');
    }
    Files.writeString(dir.resolve(relation + ".xml"), xml.append("</labels>"));
    return Files.writeString(dir.resolve(relation + ".arff"), a);
  }

  private Path train(Path data) {
    Path model = dir.resolve(data.getFileName() + ".model");
    CliRun r = CliRun.of("train", "--learner", "pa2", "--data", data.toString(), "--model", model.toString());
    assertEquals(0, r.exitCode(), r.err());
    return model;
  }

  @Test
  void namesStandForIdsAndTheScoresStayInIdOrder() throws IOException {
    List<String> names = List.of("happy", "sad", "calm");
    Path data = arff("moods", names.toArray(String[]::new));
    Path model = train(data);
    for (boolean scores : new boolean[] {false, true}) {
      String[] ids = scores ? new String[] {"--scores"} : new String[0];
      CliRun byId = CliRun.of(concat(new String[] {"predict", "--model", model.toString(), "--data", data.toString()}, ids));
      CliRun byName = CliRun.of(concat(new String[] {"predict", "--model", model.toString(), "--data", data.toString(),
          "--label-names"}, ids));
      assertEquals(0, byName.exitCode(), byName.err());
      List<String> a = byId.out().lines().toList();
      List<String> b = byName.out().lines().toList();
      assertEquals(a.size(), b.size());
      boolean anyLabel = false;
      for (int i = 0; i < a.size(); i++) {
        String[] idLine = a.get(i).split("\t", -1);
        String[] nameLine = b.get(i).split("\t", -1);
        String expected = idLine[0].isEmpty() ? "" : String.join(",", java.util.Arrays.stream(idLine[0].split(","))
            .map(id -> names.get(Integer.parseInt(id))).toList());
        anyLabel |= !expected.isEmpty();
        assertEquals(expected, nameLine[0], "line " + (i + 1));
        assertEquals(idLine.length, nameLine.length);
        if (scores) {
          assertEquals(idLine[1], nameLine[1], "the scores stay in label id order");
        }
      }
      assertTrue(anyLabel, "some label is predicted: " + byName.out());
    }
  }

  @Test
  void aModelOfLabelIdsOnlyIsAnError() throws IOException {
    Path svm = Files.writeString(dir.resolve("d.svm"), "0 1:1\n1,2 2:1\n2 1:-1\n");
    Path model = train(svm);
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", svm.toString(), "--label-names");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.errLine().contains("--label-names: the labels of the model " + model + " have no names, only ids"), r.err());
    assertEquals("", r.out());
  }

  @Test
  void aNameThatALineCannotHoldIsAnError() throws IOException {
    Path data = arff("commas", "a,b", "c", "d");
    Path model = train(data);
    Path out = dir.resolve("p.txt");
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--label-names", "--out", out.toString());
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.errLine().contains("label id 0 is named 'a,b'"), r.err());
    assertTrue(!Files.exists(out));
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
