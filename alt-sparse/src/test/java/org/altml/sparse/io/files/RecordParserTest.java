package org.altml.sparse.io.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One line at a time, with exactly the readers' results and messages. */
class RecordParserTest {
  @TempDir Path dir;

  @Test
  void libSvmLinesParseAndFailAsInAFile() throws Exception {
    RecordParser p = RecordParser.libSvm("data.svm", ReadOptions.defaults().withNumLabels(4));
    assertTrue(p.parse("1,3 7:0.5 2:1", 5));
    assertEquals(2, p.features().nnz());
    assertEquals(1, p.features().index(0)); // sorted, 0-based
    assertEquals(2, p.labels().size());
    assertFalse(p.parse("  # a comment", 6));
    for (String bad : new String[] {"1 3:x", "5 1:1", "1 2:1 2:3", "1 0:1"}) {
      DataFormatException line = assertThrows(DataFormatException.class, () -> p.parse(bad, 9));
      String file = "0\n".repeat(8) + bad + "\n";
      DataFormatException whole = assertThrows(DataFormatException.class, () -> {
        try (LibSvmReader r = LibSvmReader.open(new ByteArrayInputStream(file.getBytes(StandardCharsets.UTF_8)), "data.svm",
            ReadOptions.defaults().withNumLabels(4))) {
          while (r.advance()) {
            // read to the bad line
          }
        }
      });
      assertEquals(whole.getMessage(), line.getMessage(), bad);
      assertEquals(9, line.line());
    }
  }

  @Test
  void arffLinesSkipTheHeader() throws Exception {
    Path arff = dir.resolve("small.arff");
    Files.writeString(arff, "@relation 'small: -C 2'\n@attribute a {0,1}\n@attribute b {0,1}\n@attribute x numeric\n@data\n"
        + "1,0,2.5\n{0 1,2 4}\n0,1,zz\n");
    RecordParser p = RecordParser.arff(arff, ReadOptions.defaults());
    assertEquals(5, p.headerLines());
    assertEquals(2, p.numLabels());
    for (long n = 1; n <= 5; n++) {
      assertFalse(p.parse("@data", n));
    }
    assertTrue(p.parse("1,0,2.5", 6));
    assertEquals(1, p.labels().size());
    assertTrue(p.parse("{0 1,2 4}", 7));
    assertEquals(4f, p.features().value(0));
    DataFormatException e = assertThrows(DataFormatException.class, () -> p.parse("0,1,zz", 8));
    assertTrue(e.getMessage().startsWith(arff + ":8: "), e.getMessage());
  }
}
