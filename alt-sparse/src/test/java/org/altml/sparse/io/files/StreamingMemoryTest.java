package org.altml.sparse.io.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.altml.sparse.io.ReadOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A LIBSVM file several times larger than the heap is streamed by a forked JVM started with
 * {@code -Xmx64m}: it must count every example, which it cannot do if the reader loads the file.
 */
@Tag("slow")
class StreamingMemoryTest {
  private static final int BLOCK_LINES = 2000;
  private static final int BLOCKS = 100;

  @TempDir Path dir;

  /** Entry point of the forked JVM: streams the file and prints "examples nnz". */
  static final class CountMain {
    public static void main(String[] args) throws IOException {
      long n = 0;
      long nnz = 0;
      try (var s = DataFiles.open(Path.of(args[0]), ReadOptions.defaults())) {
        while (s.advance()) {
          n++;
          nnz += s.features().nnz();
        }
      }
      System.out.println(n + " " + nnz);
    }
  }

  @Test
  void streamsAFileMuchLargerThanTheHeap() throws Exception {
    Path file = dir.resolve("big.svm");
    SplittableRandom random = new SplittableRandom(11);
    StringBuilder block = new StringBuilder();
    long blockNnz = 0;
    for (int i = 0; i < BLOCK_LINES; i++) {
      block.append(random.nextInt(101)).append(',').append(101 + random.nextInt(50));
      int index = 0;
      for (int k = 0; k < 76; k++) {
        index += 1 + random.nextInt(600);
        block.append(' ').append(index).append(':').append(0.001f + random.nextInt(100000) / 1e6f);
        blockNnz++;
      }
      block.append('\n');
    }
    byte[] bytes = block.toString().getBytes(StandardCharsets.US_ASCII);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      for (int b = 0; b < BLOCKS; b++) {
        out.write(bytes);
      }
    }
    long size = Files.size(file);
    String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
        CountMain.class.getName(), file.toString()));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    boolean done = p.waitFor(120, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    assertEquals(0, done ? p.exitValue() : -1, "forked JVM output: " + output);
    assertEquals((long) BLOCK_LINES * BLOCKS + " " + blockNnz * BLOCKS, output,
        "examples and non-zeros of a " + size / 1_000_000 + " MB file read under -Xmx64m");
  }
}
