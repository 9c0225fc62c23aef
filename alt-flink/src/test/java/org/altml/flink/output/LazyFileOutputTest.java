package org.altml.flink.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A streamed output replaces an earlier file when its first line comes, not when it is opened. */
class LazyFileOutputTest {
  @TempDir Path dir;

  private static PrintWriter lines(LazyFileOutput file) {
    return new PrintWriter(new java.io.OutputStreamWriter(file, StandardCharsets.UTF_8), true);
  }

  private static PrintWriter lines(Path file) {
    return lines(LazyFileOutput.group(List.of(file)).get(0));
  }

  @Test
  void anOutputWithoutLinesLeavesTheEarlierFile() throws Exception {
    Path earlier = Files.writeString(dir.resolve("predictions.jsonl"), "earlier\n");
    try (PrintWriter w = lines(earlier)) {
      w.flush();
    }
    assertEquals("earlier\n", Files.readString(earlier));
    try (PrintWriter w = lines(earlier)) {
      w.println("new");
      assertEquals("new" + System.lineSeparator(), Files.readString(earlier), "each line is on disk as it comes");
      w.println("newer");
    }
    assertEquals("new" + System.lineSeparator() + "newer" + System.lineSeparator(), Files.readString(earlier));
    Path absent = dir.resolve("reports.jsonl");
    lines(absent).close();
    assertEquals(false, Files.exists(absent), "nothing written, nothing created");
  }

  /** The first line to one file of a group replaces them all: the files never mix two runs. */
  @Test
  void aGroupIsReplacedTogether() throws Exception {
    Path predictions = Files.writeString(dir.resolve("predictions.jsonl"), "earlier\n");
    Path bad = Files.writeString(dir.resolve("bad-records.jsonl"), "earlier bad\n");
    List<LazyFileOutput> group = LazyFileOutput.group(List.of(predictions, bad));
    try (PrintWriter p = lines(group.get(0)); PrintWriter b = lines(group.get(1))) {
      assertEquals("earlier bad\n", Files.readString(bad));
      p.println("new");
      assertEquals("", Files.readString(bad), "replaced with its group");
      b.flush();
    }
    assertEquals("", Files.readString(bad));
    assertEquals("new" + System.lineSeparator(), Files.readString(predictions));
  }
}
