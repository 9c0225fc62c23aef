package org.altml.sparse.io;

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
}
