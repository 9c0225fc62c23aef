package org.altml.sparse.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A stream read ahead on its own thread serves the source's examples and errors exactly, in order. */
class ReadAheadStreamTest {
  private static String libsvm(int n) {
    StringBuilder sb = new StringBuilder();
    java.util.SplittableRandom r = new java.util.SplittableRandom(n);
    for (int i = 0; i < n; i++) {
      int labels = r.nextInt(3);
      for (int l = 0; l < labels; l++) {
        sb.append(l == 0 ? "" : ",").append(2 * l + r.nextInt(2));
      }
      int f = 0;
      for (int k = 0, nnz = labels == 0 ? 1 + r.nextInt(11) : r.nextInt(12); k < nnz; k++) { // no line is blank
        f += 1 + r.nextInt(40);
        sb.append(' ').append(f).append(':').append(r.nextInt(1000) / 7.0);
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static ExampleStream open(String text) throws IOException {
    return DataFiles.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)), "mem.svm", ReadOptions.defaults());
  }

  @ParameterizedTest
  @CsvSource({"1, 4, 2", "7, 1, 1", "1000, 16, 3", "1000, 1000, 1", "1001, 10, 4"})
  void servesTheSourcesExamplesInOrder(int n, int blockSize, int depth) throws IOException {
    String text = "# two lines before the examples\n\n" + libsvm(n);
    try (ExampleStream plain = open(text); ExampleStream ahead = new ReadAheadStream(open(text), blockSize, depth)) {
      int count = 0;
      while (plain.advance()) {
        assertTrue(ahead.advance(), "example " + count);
        assertEquals(plain.features(), ahead.features(), "example " + count);
        assertEquals(plain.labels(), ahead.labels(), "example " + count);
        assertEquals(count + 3, ahead.lineNumber(), "the source's line of example " + count);
        count++;
      }
      assertFalse(ahead.advance());
      assertFalse(ahead.advance(), "stays at its end");
      assertEquals(n, count);
    }
  }

  @Test
  void aBadLineIsReportedAfterEveryGoodExampleBeforeIt() throws IOException {
    String text = libsvm(300) + "1 5:oops\n" + libsvm(50);
    int served = 0;
    try (ExampleStream ahead = new ReadAheadStream(open(text), 16, 2)) {
      DataFormatException e = assertThrows(DataFormatException.class, () -> {
        while (ahead.advance()) {
          // consume
        }
      });
      assertTrue(e.getMessage().startsWith("mem.svm:301:"), e.getMessage());
    }
    try (ExampleStream ahead = new ReadAheadStream(open(text), 16, 2)) {
      try {
        while (ahead.advance()) {
          served++;
        }
      } catch (DataFormatException expected) {
        // the 300 good examples came first
      }
    }
    assertEquals(300, served);
  }

  @Test
  void closingEarlyStopsTheReader() throws IOException {
    ReadAheadStream ahead = new ReadAheadStream(open(libsvm(5000)), 8, 2);
    assertTrue(ahead.advance());
    ahead.close();
    ahead.close(); // idempotent
    assertThrows(IllegalStateException.class, ahead::advance);
  }
}
