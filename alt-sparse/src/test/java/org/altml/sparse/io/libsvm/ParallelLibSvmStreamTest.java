package org.altml.sparse.io.libsvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReadOptions#parseThreads()} above 1 ({@link ParallelLibSvmStream}) reads exactly what the sequential
 * {@link LibSvmReader} reads: the same examples in the same order, the same error (message with file, line
 * and token) after the same examples, the same digests. The files span many chunks of
 * {@link ParallelLibSvmStream#CHUNK_BYTES}, so errors and special lines fall in later chunks and on chunk
 * boundaries.
 */
class ParallelLibSvmStreamTest {
  @TempDir Path dir;

  /** What reading a file gave: every example as text, then the error's class and message, then the digests. */
  private static List<String> outcome(Path file, ReadOptions options) throws IOException {
    List<String> out = new ArrayList<>();
    try (ExampleStream s = DataFiles.open(file, options)) {
      if (options.parseThreads() > 1) {
        assertInstanceOf(ParallelLibSvmStream.class, s);
      }
      try {
        while (s.advance()) {
          out.add("line " + s.lineNumber() + ": " + s.labels() + " " + s.features());
        }
        out.add("end " + s.inputDigests());
      } catch (IOException | RuntimeException e) {
        out.add("error " + e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
    return out;
  }

  private static void assertSameAsSequential(Path file, ReadOptions options) throws IOException {
    List<String> expected = outcome(file, options);
    for (int threads : new int[] {2, 3}) {
      List<String> actual = outcome(file, options.withParseThreads(threads));
      assertEquals(expected.size(), actual.size(), "examples and outcome, " + threads + " threads");
      for (int i = 0; i < expected.size(); i++) {
        assertEquals(expected.get(i), actual.get(i), "item " + i + ", " + threads + " threads");
      }
    }
  }

  /** Valid lines of every shape the reader accepts (labels or none, comments, blank, CRLF, unsorted, zeros). */
  private static String validLines(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      switch (r.nextInt(20)) {
        case 0 -> b.append("# a comment line\n");
        case 1 -> b.append("   \n");
        case 2 -> b.append("3:0 5:1.5\r\n");
        default -> {
          int labels = r.nextInt(4);
          int first = r.nextInt(50);
          for (int k = 0; k < labels; k++) { // distinct, in some order
            b.append(k > 0 ? "," : "").append((first + 17 * k) % 50);
          }
          int nnz = 1 + r.nextInt(60);
          int index = 1 + r.nextInt(5);
          boolean unsorted = r.nextInt(10) == 0;
          List<String> tokens = new ArrayList<>();
          for (int k = 0; k < nnz; k++) {
            tokens.add(index + ":" + (r.nextBoolean() ? Float.toString((float) r.nextGaussian()) : Integer.toString(r.nextInt(9))));
            index += 1 + r.nextInt(40);
          }
          if (unsorted) {
            java.util.Collections.reverse(tokens);
          }
          for (String t : tokens) {
            b.append(labels == 0 && t == tokens.get(0) ? "" : " ").append(t);
          }
          b.append(r.nextInt(8) == 0 ? " # trailing comment" : "").append(r.nextInt(6) == 0 ? "\r\n" : "\n");
        }
      }
    }
    return b.toString();
  }

  private Path write(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(bytes)) {
      z.write(data);
    }
    return bytes.toByteArray();
  }

  @Test
  void manyChunksReadAsTheSequentialReader() throws IOException {
    String text = validLines(20_000, 1);
    assertTrue(text.length() > 8 * ParallelLibSvmStream.CHUNK_BYTES, "spans many chunks: " + text.length());
    Path f = write("a.svm", text);
    List<String> read = outcome(f, ReadOptions.defaults().withParseThreads(2));
    assertTrue(read.size() > 17_000 && read.get(read.size() - 1).startsWith("end"), read.size() + " " + read.get(read.size() - 1));
    assertSameAsSequential(f, ReadOptions.defaults());
    assertSameAsSequential(f, ReadOptions.defaults().withInputHashing(true));
    assertSameAsSequential(f, ReadOptions.defaults().withZeroBased(true).withNumLabels(50));
    // without a final line end, and gzipped
    Path g = dir.resolve("a.svm.gz");
    Files.write(g, gzip(text.strip().getBytes(StandardCharsets.UTF_8)));
    assertSameAsSequential(g, ReadOptions.defaults().withInputHashing(true));
  }

  @Test
  void examplesKnowTheirLinesAcrossChunks() throws IOException {
    StringBuilder text = new StringBuilder();
    List<Long> expected = new ArrayList<>();
    long line = 0;
    for (int i = 0; i < 60_000; i++) {
      text.append(i % 7 == 0 ? "# comment\n" : i % 11 == 0 ? "\n" : "1 2:0.5 9:1 17:0.25 40:3\n");
      line++;
      if (i % 7 != 0 && i % 11 != 0) {
        expected.add(line);
      }
    }
    assertTrue(text.length() > 8 * ParallelLibSvmStream.CHUNK_BYTES, "spans many chunks: " + text.length());
    Path f = write("lines.svm", text.toString());
    for (int threads : new int[] {1, 2, 3}) {
      List<Long> lines = new ArrayList<>();
      try (ExampleStream s = DataFiles.open(f, ReadOptions.defaults().withParseThreads(threads))) {
        assertEquals(0, s.lineNumber(), "before the first example");
        while (s.advance()) {
          lines.add(s.lineNumber());
        }
      }
      assertEquals(expected, lines, threads + " threads");
    }
  }

  @Test
  void aBadTokenInALaterChunkFailsAfterTheExamplesBeforeIt() throws IOException {
    String text = validLines(20_000, 2);
    int cut = text.indexOf('\n', text.length() * 2 / 3) + 1;
    Path f = write("bad.svm", text.substring(0, cut) + "1,2 3:x 4:1\n" + text.substring(cut));
    List<String> outcome = outcome(f, ReadOptions.defaults().withParseThreads(2));
    assertTrue(outcome.get(outcome.size() - 1).contains("bad.svm:"), outcome.get(outcome.size() - 1));
    assertTrue(outcome.get(outcome.size() - 1).contains("'3:x'"), outcome.get(outcome.size() - 1));
    assertSameAsSequential(f, ReadOptions.defaults());
    // a declared d exceeded, and a repeated index sorted out of order, in the last line
    assertSameAsSequential(write("d.svm", text + "1 7:1 900000:2\n"), ReadOptions.defaults().withNumFeatures(100_000));
    assertSameAsSequential(write("dup.svm", text + "1 7:1 3:2 7:1\n"), ReadOptions.defaults());
  }

  @Test
  void farLabelsAreCheckedAgainstEveryLineBefore() throws IOException {
    String text = validLines(20_000, 3);
    int cut = text.indexOf('\n', text.length() / 2) + 1;
    // refused: far beyond labels below 50
    assertSameAsSequential(write("far.svm", text.substring(0, cut) + "3,2000000000 1:1\n" + text.substring(cut)), ReadOptions.defaults());
    // accepted: a line far back raised the largest label enough (64 * 40,001 > 2,000,000), in another chunk
    String early = "40000 1:1\n";
    String accepted = early + text.substring(0, cut) + "2000000 1:1\n1999999,2000001 2:1\n" + text.substring(cut);
    Path ok = write("ok.svm", accepted);
    assertSameAsSequential(ok, ReadOptions.defaults());
    List<String> read = outcome(ok, ReadOptions.defaults().withParseThreads(2));
    assertTrue(read.get(read.size() - 1).startsWith("end"), read.get(read.size() - 1));
    // a far label on a line that also has a bad token: the sequential reader's first complaint
    assertSameAsSequential(write("both.svm", text.substring(0, cut) + "7,2000000000 1:x\n" + text.substring(cut)), ReadOptions.defaults());
    assertSameAsSequential(write("both2.svm", early + text.substring(0, cut) + "7,2000000 1:x\n" + text.substring(cut)),
        ReadOptions.defaults());
  }

  @Test
  void inputFailuresNameTheLineAfterTheWholeLinesBefore() throws IOException {
    byte[] text = validLines(20_000, 4).getBytes(StandardCharsets.UTF_8);
    byte[] z = gzip(text);
    for (int cut : new int[] {z.length / 3, z.length - 40, z.length - 5}) {
      Path f = dir.resolve("cut" + cut + ".svm.gz");
      Files.write(f, Arrays.copyOf(z, cut));
      assertSameAsSequential(f, ReadOptions.defaults());
    }
    // a line longer than allowed, in a later chunk
    String lines = validLines(20_000, 5);
    int cut = lines.indexOf('\n', lines.length() / 2) + 1;
    Path longLine = write("long.svm", lines.substring(0, cut) + "1 " + "2:1 ".repeat(5000) + "\n" + lines.substring(cut));
    assertSameAsSequential(longLine, ReadOptions.defaults().withMaxLineBytes(1 << 14));
  }

  @Test
  void closingEarlyStopsTheThreads() throws IOException, InterruptedException {
    Path f = write("c.svm", validLines(40_000, 6));
    for (int i = 0; i < 5; i++) {
      try (ExampleStream s = DataFiles.open(f, ReadOptions.defaults().withParseThreads(2))) {
        for (int k = 0; k < 10 && s.advance(); k++) {
          s.features();
        }
      }
    }
    Thread.sleep(200);
    long alive = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("alt-parse-") || t.getName().equals("alt-split")).count();
    assertEquals(0, alive, "parsing threads left running");
  }

  @Test
  void mutatedFilesGiveTheSequentialOutcome() throws IOException {
    SplittableRandom r = new SplittableRandom(Long.getLong("alt.tests.seed", 20261127L));
    byte[] valid = validLines(12_000, 7).getBytes(StandardCharsets.UTF_8);
    byte[] special = " ,:#-.e\n\r\t0123456789".getBytes(StandardCharsets.US_ASCII);
    for (int c = 0; c < 12; c++) {
      byte[] data = valid.clone();
      for (int m = 0; m < 3; m++) {
        data[r.nextInt(data.length)] = special[r.nextInt(special.length)];
      }
      Path f = dir.resolve("m" + c + ".svm");
      Files.write(f, data);
      assertSameAsSequential(f, ReadOptions.defaults());
    }
  }
}
