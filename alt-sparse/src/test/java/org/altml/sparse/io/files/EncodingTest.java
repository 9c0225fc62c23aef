package org.altml.sparse.io.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.altml.sparse.LabelSet;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** UTF-8 byte order marks are skipped; UTF-16 and binary data are refused at line 1 with a clear message. */
class EncodingTest {
  private static final String LIBSVM = "1,2 1:0.5 3:2\n0 2:1\n";
  private static final String ARFF = "@relation 'r: -C -1'\n@attribute a numeric\n@attribute y {0,1}\n@data\n1.5,1\n0,0\n";

  @TempDir Path dir;

  @Test
  void utf8ByteOrderMarkIsSkipped() throws IOException {
    Dataset svm = DataFiles.read(Files.write(dir.resolve("bom.svm"), IoTestSupport.withUtf8Bom(LIBSVM)));
    assertEquals(2, svm.size());
    assertEquals(LabelSet.of(1, 2), svm.example(0).labels());
    Dataset arff = DataFiles.read(Files.write(dir.resolve("bom.arff"), IoTestSupport.withUtf8Bom(ARFF)));
    assertEquals(2, arff.size());
    assertEquals(LabelSet.of(0), arff.example(0).labels());
  }

  static Stream<Arguments> utf16() {
    return Stream.of(
        Arguments.of("le-bom.svm", LIBSVM, StandardCharsets.UTF_16LE, true),
        Arguments.of("be-bom.svm", LIBSVM, StandardCharsets.UTF_16BE, true),
        Arguments.of("le.svm", LIBSVM, StandardCharsets.UTF_16LE, false),
        Arguments.of("be.svm", LIBSVM, StandardCharsets.UTF_16BE, false),
        Arguments.of("le-bom.arff", ARFF, StandardCharsets.UTF_16LE, true),
        Arguments.of("be.arff", ARFF, StandardCharsets.UTF_16BE, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("utf16")
  void utf16IsReportedAtLineOne(String name, String text, Charset charset, boolean bom) throws IOException {
    byte[] body = text.getBytes(charset);
    byte[] bytes = body;
    if (bom) {
      bytes = new byte[body.length + 2];
      boolean le = charset == StandardCharsets.UTF_16LE;
      bytes[0] = (byte) (le ? 0xFF : 0xFE);
      bytes[1] = (byte) (le ? 0xFE : 0xFF);
      System.arraycopy(body, 0, bytes, 2, body.length);
    }
    Path f = Files.write(dir.resolve(name), bytes);
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(f + ":1: UTF-16 text: ALT reads UTF-8 (convert it, e.g. iconv -f UTF-16 -t UTF-8)", e.getMessage());
    assertEquals(1, e.line());
  }

  @Test
  void binaryDataIsReportedAsSuch() throws IOException {
    Path f = Files.write(dir.resolve("model.svm"), new byte[] {'A', 'L', 'T', 0, 0, 0, 3, 'x', 0, 7, '\n'});
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(f + ":1: binary data (NUL bytes in line 1), not a UTF-8 text file", e.getMessage());
  }

  static Stream<Arguments> packed() {
    return Stream.of(
        Arguments.of("d.svm.bz2", new int[] {'B', 'Z', 'h', '9', '1', 'A', 'Y', '&'}, "bzip2-compressed data: decompress it first (bunzip2 -k FILE)"),
        Arguments.of("d.svm.xz", new int[] {0xFD, '7', 'z', 'X', 'Z', 0, 0, 4}, "xz-compressed data: decompress it first (unxz -k FILE)"),
        Arguments.of("d.svm.zst", new int[] {0x28, 0xB5, 0x2F, 0xFD, 0x24, '1'}, "zstd-compressed data: decompress it first (unzstd FILE)"),
        Arguments.of("d.svm.lz4", new int[] {0x04, 0x22, 0x4D, 0x18, 0x64}, "lz4-compressed data: decompress it first (unlz4 FILE)"),
        Arguments.of("d.svm.Z", new int[] {0x1F, 0x9D, 0x90, '1'}, "compress (.Z) data: decompress it first (uncompress FILE)"),
        Arguments.of("d.zip", new int[] {'P', 'K', 3, 4, 20, 0}, "a zip archive: extract the data file first (unzip FILE)"),
        Arguments.of("d.7z", new int[] {'7', 'z', 0xBC, 0xAF, 0x27, 0x1C, 0}, "a 7z archive: extract the data file first (7z x FILE)"),
        Arguments.of("d.rar", new int[] {'R', 'a', 'r', '!', 0x1A, 0x07, 1, 0}, "a RAR archive: extract the data file first (unrar x FILE)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("packed")
  void archivesAndOtherCompressionAreNamed(String name, int[] head, String how) throws IOException {
    byte[] bytes = new byte[head.length + 40];
    for (int i = 0; i < head.length; i++) {
      bytes[i] = (byte) head[i];
    }
    for (int i = head.length; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 37); // compressed-looking bytes, NULs and newlines among them
    }
    Path f = Files.write(dir.resolve(name), bytes);
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(f + ":1: " + how + "; ALT reads UTF-8 text, plain or gzip-compressed", e.getMessage());
  }

  @Test
  void aTarArchiveInsideGzipIsNamed() throws IOException {
    byte[] tar = new byte[1024]; // one tar header: a member's name, then "ustar" at offset 257
    byte[] member = "emotions/emotions.svm".getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(member, 0, tar, 0, member.length);
    System.arraycopy("ustar".getBytes(StandardCharsets.US_ASCII), 0, tar, 257, 5);
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
      out.write(tar);
    }
    Path f = Files.write(dir.resolve("emotions.tar.gz"), gz.toByteArray());
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(f + ":1: a tar archive: extract the data file first (tar -xf FILE); ALT reads UTF-8 text, plain or gzip-compressed",
        e.getMessage());
  }

  @Test
  void textThatStartsLikeNoArchiveIsRead() throws IOException {
    Dataset svm = DataFiles.read(Files.write(dir.resolve("plain.svm"), "7 1:1\n".getBytes(StandardCharsets.US_ASCII)));
    assertEquals(LabelSet.of(7), svm.example(0).labels());
  }

  /** A Latin-1 name in an ARFF header is refused at its line, not read as U+FFFD. */
  @Test
  void latin1InAnArffHeaderIsRefusedAtItsLine() throws IOException {
    Path f = Files.write(dir.resolve("lat.arff"), "@relation r\n@attribute x numeric\n@attribute 'caf\u00e9' {0,1}\n@data\n1,1\n"
        .getBytes(StandardCharsets.ISO_8859_1));
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1)));
    assertEquals(f + ":3: not UTF-8 text: ALT reads UTF-8 (convert it, e.g. iconv -f ISO-8859-1 -t UTF-8)", e.getMessage());
    Path ok = Files.write(dir.resolve("utf8.arff"), "@relation r\n@attribute x numeric\n@attribute 'caf\u00e9' {0,1}\n@data\n1,1\n"
        .getBytes(StandardCharsets.UTF_8));
    assertEquals(java.util.List.of("caf\u00e9"), DataFiles.read(ok, ReadOptions.defaults().withLabelsLast(1)).labelNames());
  }

  /** Text with "ustar" at byte 257 is text; a Latin-1 comment in an ARFF header names nothing and is read. */
  @Test
  void textThatLooksPartlyLikeTarAndLatin1CommentsAreRead() throws IOException {
    StringBuilder arff = new StringBuilder("@relation r\n");
    int xs = 257 - "@attribute c".length() - arff.length() - 2; // a comment line of this many x's, '%' and '\n'
    arff.append('%').append("x".repeat(xs)).append('\n');
    arff.append("@attribute custard numeric\n@attribute y {0,1}\n@data\n1,1\n");
    assertEquals("ustar", arff.substring(257, 262), "the bytes a tar header has at 257");
    Path f = Files.write(dir.resolve("recipes.arff"), arff.toString().getBytes(StandardCharsets.US_ASCII));
    assertEquals(1, DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1)).size());
    Path comment = Files.write(dir.resolve("comment.arff"), "% Autor: Jos\u00e9\n@relation r\n@attribute x numeric\n@attribute y {0,1}\n@data\n1,1\n"
        .getBytes(StandardCharsets.ISO_8859_1));
    assertEquals(1, DataFiles.read(comment, ReadOptions.defaults().withLabelsLast(1)).size());
  }
}
