package org.altml.sparse.io.libsvm;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LibSvmReaderTest {
  @TempDir Path dir;

  @Test
  void readsLabelsFeaturesCommentsAndBlankLines() throws IOException {
    Path f = write(dir, "a.svm", """
        # header comment
        2,0 1:0.5 3:-2   # trailing comment
        \t
        4:1e-3
        1\r
        3 2:0 5:7.25
        """);
    Dataset d = DataFiles.read(f);
    assertEquals(4, d.size());
    // line 2: labels {0,2}, 1-based 1 and 3 become 0 and 2
    assertEquals(LabelSet.of(0, 2), d.example(0).labels());
    assertEquals(SparseVector.of(new int[] {0, 2}, new float[] {0.5f, -2f}), d.example(0).features());
    // line 4: no labels; 1e-3 parsed exactly as Float.parseFloat does
    assertTrue(d.example(1).labels().isEmpty());
    assertEquals(SparseVector.of(new int[] {3}, new float[] {1e-3f}), d.example(1).features());
    // line 5: labels only, CRLF
    assertEquals(LabelSet.of(1), d.example(2).labels());
    assertEquals(0, d.example(2).features().nnz());
    // line 6: the explicit zero 2:0 is dropped
    assertEquals(SparseVector.of(new int[] {4}, new float[] {7.25f}), d.example(3).features());
    assertEquals(5, d.numFeatures(), "largest index 5 (1-based) gives d = 5");
    assertEquals(4, d.numLabels(), "largest label 3 gives L = 4");
  }

  @Test
  void sortsUnsortedIndicesAndLabels() throws IOException {
    Path f = write(dir, "u.svm", "3,1 9:1 2:2 5:3\n");
    Dataset d = DataFiles.read(f);
    assertEquals(LabelSet.of(1, 3), d.example(0).labels());
    assertEquals(SparseVector.of(new int[] {1, 4, 8}, new float[] {2, 3, 1}), d.example(0).features());
  }

  @Test
  void zeroBasedAndDeclaredDimensions() throws IOException {
    Path f = write(dir, "z.svm", "0 0:1 2:2\n");
    Dataset d = DataFiles.read(f, ReadOptions.defaults().withZeroBased(true).withNumFeatures(10).withNumLabels(3));
    assertEquals(SparseVector.of(new int[] {0, 2}, new float[] {1, 2}), d.example(0).features());
    assertEquals(10, d.numFeatures());
    assertEquals(3, d.numLabels());
  }

  @Test
  void streamReusesViewsAndReportsDeclaredDimensions() throws IOException {
    Path f = write(dir, "s.svm", "1 1:1\n2 2:2\n");
    try (ExampleStream s = DataFiles.open(f, ReadOptions.defaults().withNumLabels(5))) {
      assertEquals(5, s.numLabels());
      assertEquals(-1, s.numFeatures());
      assertTrue(s.advance());
      SparseVector first = s.features();
      assertTrue(s.advance());
      assertTrue(first == s.features(), "the same view is repositioned");
      assertEquals(1, s.features().index(0));
      assertFalse(s.advance());
      assertFalse(s.advance(), "stays at the end");
    }
  }

  @Test
  void readsGzipByMagicBytesWhateverTheName() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write("1 1:2.5\n".getBytes());
    }
    Path f = dir.resolve("plain-name.svm");
    Files.write(f, bytes.toByteArray());
    Dataset d = DataFiles.read(f);
    assertEquals(SparseVector.of(new int[] {0}, new float[] {2.5f}), d.example(0).features());
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("1 1:1\na 1:1\n", 2, "'a'", "label is not a non-negative integer"),
        Arguments.of("1.5 1:1\n", 1, "'1.5'", "label is not a non-negative integer"),
        Arguments.of("-1 1:1\n", 1, "'-1'", "negative label"),
        Arguments.of("1,1 1:1\n", 1, "'1,1'", "duplicate label"),
        Arguments.of("1,,2 1:1\n", 1, "''", "label is not"),
        Arguments.of("1 0:1\n", 1, "'0:1'", "feature index 0 in a 1-based file"),
        Arguments.of("1 -3:1\n", 1, "'-3:1'", "negative feature index"),
        Arguments.of("1 2.5:1\n", 1, "'2.5:1'", "feature index is not a non-negative integer"),
        Arguments.of("1 x:1\n", 1, "'x:1'", "feature index is not a non-negative integer"),
        Arguments.of("1 99999999999:1\n", 1, "'99999999999:1'", "feature index too large"),
        Arguments.of("1 1:1 2\n", 1, "'2'", "missing ':'"),
        Arguments.of("1 1:abc\n", 1, "'1:abc'", "value 'abc' is not a number"),
        Arguments.of("1 1:\n", 1, "'1:'", "is not a number"),
        Arguments.of("1 1:1f\n", 1, "'1:1f'", "is not a number"),
        Arguments.of("1 1:NaN\n", 1, "'1:NaN'", "NaN or infinite"),
        Arguments.of("1 1:-Infinity\n", 1, "'1:-Infinity'", "NaN or infinite"),
        Arguments.of("1 1:1e60\n", 1, "'1:1e60'", "outside the float range"),
        Arguments.of("\n\n1 3:1 2:1 3:5\n", 3, "duplicate feature index 3", ""));
  }

  /** A 0-based index of 2147483647 makes d = index + 1 overflow: refused like any index too large (d was -2147483648). */
  @Test
  void theLargestZeroBasedIndexIsTooLarge() throws IOException {
    Path f = write(dir, "z.svm", "0 2147483647:1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f, ReadOptions.defaults().withZeroBased(true)));
    assertTrue(e.getMessage().startsWith(f + ":1: ") && e.getMessage().contains("feature index too large"), e.getMessage());
    assertEquals(2147483646, DataFiles.read(write(dir, "y.svm", "0 2147483646:1\n"), ReadOptions.defaults().withZeroBased(true))
        .numFeatures() - 1);
  }

  @ParameterizedTest
  @MethodSource("malformed")
  void malformedInputNamesFileLineAndToken(String text, int line, String token, String problem) throws IOException {
    Path f = write(dir, "bad.svm", text);
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(line, e.line(), e.getMessage());
    assertTrue(e.getMessage().startsWith(f.toString() + ":" + line + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(token), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void indexOrLabelBeyondDeclaredDimensionIsAnError() throws IOException {
    Path f = write(dir, "dim.svm", "1 5:1\n");
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withNumFeatures(4)));
    assertTrue(e.getMessage().contains("beyond the declared 4 features"), e.getMessage());
    DataFormatException l = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withNumLabels(1)));
    assertTrue(l.getMessage().contains("beyond the declared 1 labels"), l.getMessage());
  }

  @Test
  void emptyFileTruncatedGzipAndBinaryGarbageAreFormatErrors() throws IOException {
    Path empty = write(dir, "empty.svm", "");
    assertTrue(assertThrows(DataFormatException.class, () -> DataFiles.read(empty)).getMessage().contains("empty"));

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      for (int i = 0; i < 2000; i++) {
        gz.write(("1 1:" + i + " 7:0.25\n").getBytes());
      }
    }
    byte[] all = bytes.toByteArray();
    Path truncated = dir.resolve("t.svm.gz");
    Files.write(truncated, Arrays.copyOf(all, all.length / 2));
    DataFormatException t = assertThrows(DataFormatException.class, () -> DataFiles.read(truncated));
    assertTrue(t.getMessage().contains("gzip"), t.getMessage());
    Path header = dir.resolve("h.svm.gz");
    Files.write(header, Arrays.copyOf(all, 5));
    assertThrows(DataFormatException.class, () -> DataFiles.read(header));

    byte[] garbage = new byte[4096];
    new java.util.SplittableRandom(7).nextBytes(garbage);
    Path bin = dir.resolve("g.svm");
    Files.write(bin, garbage);
    assertThrows(DataFormatException.class, () -> DataFiles.read(bin));
  }

  @Test
  void lineLongerThanTheLimitIsAnError() throws IOException {
    Path f = write(dir, "long.svm", "1" + " 1:1".repeat(100) + "\n");
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withMaxLineBytes(64)));
    assertTrue(e.getMessage().contains("line longer than 64 bytes"), e.getMessage());
  }

  @Test
  void writerOutputReadsBackExactly() throws IOException {
    java.util.SplittableRandom r = new java.util.SplittableRandom(42);
    org.altml.sparse.data.DatasetBuilder b = new org.altml.sparse.data.DatasetBuilder().numFeatures(50).numLabels(6);
    for (int i = 0; i < 300; i++) {
      org.altml.sparse.SparseVectorBuilder x = new org.altml.sparse.SparseVectorBuilder();
      for (int j = 0; j < 50; j++) {
        if (r.nextInt(4) == 0) {
          x.add(j, randomFinite(r));
        }
      }
      int[] labels = r.ints(0, 6).distinct().limit(r.nextInt(4)).toArray();
      b.add(x.build(), LabelSet.of(labels));
    }
    Dataset original = b.build();
    for (String name : new String[] {"rt.svm", "rt.svm.gz"}) {
      Path f = dir.resolve(name);
      DataFiles.write(original, f);
      Dataset back = DataFiles.read(f, ReadOptions.defaults().withNumFeatures(50).withNumLabels(6));
      IoTestSupport.assertSameExamples(original, back, name + " seed 42");
    }
    assertArrayEquals(new byte[] {'1', ':', '0', '\n'},
        Arrays.copyOf(emptyExampleLine(), 4), "an empty example is written as 1:0");
  }

  /** Any finite float bit pattern half of the time (exercises exponents and subnormals), else a small one. */
  static float randomFinite(java.util.SplittableRandom r) {
    if (r.nextBoolean()) {
      return (float) r.nextGaussian();
    }
    float v;
    do {
      v = Float.intBitsToFloat(r.nextInt());
    } while (!Float.isFinite(v));
    return v;
  }

  private byte[] emptyExampleLine() throws IOException {
    Dataset one = new org.altml.sparse.data.DatasetBuilder().numFeatures(3).add(new SparseVector(), new LabelSet()).build();
    Path f = dir.resolve("one.svm");
    DataFiles.write(one, f);
    assertEquals(1, DataFiles.read(f).size());
    return Files.readAllBytes(f);
  }

  @Test
  void labelIdFarBeyondTheOthersIsRefusedUnlessTheNumberOfLabelsIsGiven() throws IOException {
    Path f = write(dir, "stray.svm", "3 1:1\n99,5 2:1\n2000000000 1:1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(f + ":3: token '2000000000': label id 2000000000 is far beyond the others (max so far 99); if it is"
        + " right, give the number of labels explicitly (--num-labels, ReadOptions.withNumLabels)", e.getMessage());
    Dataset d = DataFiles.read(f, ReadOptions.defaults().withNumLabels(2_000_000_001));
    assertEquals(2_000_000_001, d.numLabels());
    assertEquals("1999999999", d.labelNames().get(1_999_999_999), "label names are not stored one by one");
    // large ids that grow gradually, and any id below a million, are fine
    Path gradual = write(dir, "xmc.svm", "900000 1:1\n1500000 1:1\n50000000 1:1\n");
    assertEquals(50_000_001, DataFiles.read(gradual).numLabels());
    Path first = write(dir, "first.svm", "5000000 1:1\n");
    assertTrue(assertThrows(DataFormatException.class, () -> DataFiles.read(first)).getMessage()
        .contains("label id 5000000 is far beyond the others (no label before it)"));
  }

  /** Writes {@code d} as LIBSVM to {@code name} and reads it back with {@code options}. */
  private Dataset writtenAndReadBack(Dataset d, String name, ReadOptions options) throws IOException {
    Path out = dir.resolve(name);
    DataFiles.write(d, out);
    return DataFiles.read(out, options);
  }

  @Test
  void edgeDatasetsSurviveAWriteAndARead() throws IOException {
    // found by DataReadersFuzzTest#libSvm: "1:0" (the writer's empty example) was refused with d = 0 declared
    Dataset noFeatures = DataFiles.read(write(dir, "empty.svm", "1:0\n1:0\n"));
    assertEquals(0, noFeatures.numFeatures());
    IoTestSupport.assertSameExamples(noFeatures,
        writtenAndReadBack(noFeatures, "back.svm", ReadOptions.defaults().withNumFeatures(0).withNumLabels(0)), "d = 0");
    Path nonZero = write(dir, "beyond.svm", "1:0 3:2\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(nonZero, ReadOptions.defaults().withNumFeatures(2)));
    assertEquals(nonZero + ":1: token '3:2': feature index beyond the declared 2 features", e.getMessage());
    // found by DataReadersFuzzTest#libSvm: a comment-only file read as 0 examples but was written as an empty file
    Dataset noExamples = DataFiles.read(write(dir, "comments.svm", "# nothing here\n"));
    assertEquals(0, noExamples.size());
    assertEquals(0, writtenAndReadBack(noExamples, "none.svm", ReadOptions.defaults()).size());
    assertEquals("# no examples\n", Files.readString(dir.resolve("none.svm")));
  }
}
