package org.altml.experiment.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plan files read as lines of NAME: words, errors at their file and line. */
class PlanFileTest {
  /** Plan lines split as a shell would, without escapes. */
  @Test
  void wordsSplitLikeAShell() throws IOException {
    Path plan = Path.of("p.plan");
    assertArrayEquals(new String[] {"--train", "my data/a.svm", "--name", "it's", "--x=a b", "a#b"},
        PlanFile.words("--train 'my data/a.svm' --name \"it's\" --x=\"a b\" a#b # a comment 'unmatched", plan, 3));
    assertArrayEquals(new String[] {"", "#not-a-comment"}, PlanFile.words("'' '#not-a-comment'", plan, 3));
    assertEquals("p.plan:3: an unmatched single quote",
        assertThrows(DataFormatException.class, () -> PlanFile.words("--name 'x", plan, 3)).getMessage());
    assertEquals("p.plan:4: an unmatched double quote",
        assertThrows(DataFormatException.class, () -> PlanFile.words("--name \"x' y'", plan, 4)).getMessage());
  }

  @Test
  void readsNamedLinesSkippingCommentsAndABom(@TempDir Path dir) throws IOException {
    Path plan = Files.writeString(dir.resolve("p.plan"), "\uFEFF# datasets\n\n  a: --train x.svm  # note\nb.2 :--test 'y z.svm'\n");
    List<PlanLine> lines = PlanFile.read(plan);
    assertEquals(2, lines.size());
    assertEquals(new PlanLine(plan, dir.toAbsolutePath(), 3, "a", List.of("--train", "x.svm")), lines.get(0));
    assertEquals(new PlanLine(plan, dir.toAbsolutePath(), 4, "b.2", List.of("--test", "y z.svm")), lines.get(1));
    assertEquals(plan + ":4: ", lines.get(1).where());
    assertEquals(dir.toAbsolutePath().resolve("y z.svm"), lines.get(1).resolve(Path.of("y z.svm")));
    Path absolute = dir.toAbsolutePath().resolve("elsewhere.svm");
    assertEquals(absolute, lines.get(1).resolve(absolute));
  }

  @Test
  void badPlansAreRefusedAtTheirLine(@TempDir Path dir) throws IOException {
    String[][] cases = {
      {"# only a comment\n\n", ":2: the plan names no dataset"},
      {"a: --train x\nnot a name line\n", ":2: expected 'NAME: options'"},
      {"a: --name 'open\n", ":1: an unmatched single quote"},
    };
    for (String[] c : cases) {
      Path plan = Files.writeString(dir.resolve("p.plan"), c[0]);
      assertEquals(plan + c[1], assertThrows(DataFormatException.class, () -> PlanFile.read(plan)).getMessage());
    }
    Path latin1 = dir.resolve("l.plan");
    Files.write(latin1, "a: --train x\nb: --name caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    assertEquals(latin1 + ":2: not UTF-8 text (save the plan file as UTF-8)",
        assertThrows(DataFormatException.class, () -> PlanFile.read(latin1)).getMessage());
  }

  /** A problem the caller finds in an earlier line is reported before a format error of a later one. */
  @Test
  void eachLineIsHandedOverBeforeTheNextIsRead(@TempDir Path dir) throws IOException {
    Path plan = Files.writeString(dir.resolve("p.plan"), "a: --train x\nb: --name 'open\n");
    List<String> seen = new java.util.ArrayList<>();
    DataFormatException e = assertThrows(DataFormatException.class, () -> PlanFile.forEach(plan, line -> {
      seen.add(line.name());
      throw line.error("no such file");
    }));
    assertEquals(plan + ":1: no such file", e.getMessage());
    assertEquals(List.of("a"), seen);
  }

  @Test
  void aLineNamesFilesNotStandardInputAndOnlyExistingOnes(@TempDir Path dir) throws IOException {
    PlanLine line = new PlanLine(dir.resolve("p.plan"), dir, 7, "a", List.of());
    assertEquals(dir.resolve("p.plan") + ":7: a plan's data are files: standard input ('-') is read by one command, not"
        + " by a plan line", assertThrows(DataFormatException.class, () -> line.requireFiles(Path.of("x"), null,
            Path.of("-"))).getMessage());
    Path missing = dir.resolve("missing.svm");
    assertEquals(dir.resolve("p.plan") + ":7: --test " + missing + ": no such file",
        assertThrows(DataFormatException.class, () -> line.requireExists("--test", missing)).getMessage());
    line.requireExists("--train", Files.writeString(dir.resolve("here.svm"), "1 1:1\n"));
    line.requireExists("--labels-xml", null);
  }
}
