package org.altml.sparse.io;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;

/** Helpers shared by the I/O tests. */
public final class IoTestSupport {
  private IoTestSupport() {}

  public static Path write(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  /** The UTF-8 bytes of {@code text} after a UTF-8 byte order mark. */
  public static byte[] withUtf8Bom(String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[b.length + 3];
    out[0] = (byte) 0xEF;
    out[1] = (byte) 0xBB;
    out[2] = (byte) 0xBF;
    System.arraycopy(b, 0, out, 3, b.length);
    return out;
  }

  /** Makes a FIFO with {@code mkfifo}; skips the test where there is none. */
  public static Path mkfifo(Path dir, String name) throws IOException, InterruptedException {
    Path fifo = dir.resolve(name);
    Process p;
    try {
      p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    } catch (IOException e) {
      org.junit.jupiter.api.Assumptions.abort("no mkfifo: " + e.getMessage());
      throw e;
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo failed");
    return fifo;
  }

  public static Path resource(String name) {
    try {
      return Path.of(IoTestSupport.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Asserts that two datasets hold the same examples bit for bit, and the same d and L. */
  public static void assertSameExamples(Dataset expected, Dataset actual, String context) {
    org.junit.jupiter.api.Assertions.assertEquals(expected.size(), actual.size(), context + ": size");
    org.junit.jupiter.api.Assertions.assertEquals(expected.numFeatures(), actual.numFeatures(), context + ": d");
    org.junit.jupiter.api.Assertions.assertEquals(expected.numLabels(), actual.numLabels(), context + ": L");
    for (int i = 0; i < expected.size(); i++) {
      org.junit.jupiter.api.Assertions.assertEquals(expected.example(i), actual.example(i), context + ": example " + i);
    }
  }
}
