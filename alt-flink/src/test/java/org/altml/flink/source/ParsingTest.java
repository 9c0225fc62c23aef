package org.altml.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParsingTest {
  @TempDir Path dir;

  /** A LIBSVM record with a label beyond the job's L is a bad record (the job's L set by another input), not a failure. */
  @Test
  void aLabelBeyondTheJobsLabelsIsABadRecord() throws Exception {
    Path file = Files.writeString(dir.resolve("d.svm"), "0,2 1:1\n0,7 1:1\n");
    Parsing parsing = new Parsing(new DataSpec(0, 0, false, null, -1), 6);
    assertNotNull(parsing.parse(new TextLine(file.toString(), 1, "0,2 1:1".getBytes(StandardCharsets.UTF_8))));
    assertNull(parsing.parse(new TextLine(file.toString(), 2, "0,7 1:1".getBytes(StandardCharsets.UTF_8))));
    assertEquals("label 7 is not below the job's 6 labels", parsing.reason());
  }

  /** A UTF-8 byte order mark before line 1 is skipped, as the command line's readers skip it (it made line 1 bad). */
  @Test
  void aByteOrderMarkBeforeLineOneIsSkipped() throws Exception {
    Path file = Files.writeString(dir.resolve("bom.svm"), "\ufeff0,2 1:1\n");
    Parsing parsing = new Parsing(new DataSpec(0, 0, false, null, -1), 6);
    byte[] line = "\ufeff0,2 1:1".getBytes(StandardCharsets.UTF_8);
    assertNotNull(parsing.parse(new TextLine(file.toString(), 1, line)), parsing.reason());
    assertEquals(2, parsing.parser(file.toString()).labels().size());
  }
}
