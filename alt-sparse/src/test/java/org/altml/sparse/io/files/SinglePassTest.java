package org.altml.sparse.io.files;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.altml.sparse.LabelSet;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetStats;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.DataFormat;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.arff.ArffReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every input is read once: FIFOs, standard input and streams work, the format is told from the content
 * when the name does not say, and the hash of what was read is the hash of the content.
 */
class SinglePassTest {
  private static final String LIBSVM = "# a comment\n1,2 1:0.5 3:2\n0 2:1\n";
  private static final String ARFF = "% made by hand\n@relation 'r: -C -1'\n@attribute a numeric\n@attribute b numeric\n"
      + "@attribute y {0,1}\n@data\n1.5,0,1\n0,2,0\n";

  @TempDir Path dir;

  private static InputDigest sha256(String name, byte[] bytes) throws IOException {
    try {
      byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
      return new InputDigest(name, bytes.length, HexFormat.of().formatHex(d));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IOException(e);
    }
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }

  /** Writes {@code bytes} into {@code fifo} from another thread, as a shell pipe would. */
  private static CompletableFuture<Void> feed(Path fifo, byte[] bytes) {
    return CompletableFuture.runAsync(() -> {
      try (OutputStream out = Files.newOutputStream(fifo)) {
        for (int i = 0; i < bytes.length; i += 7) {
          out.write(bytes, i, Math.min(7, bytes.length - i)); // small writes: the reader sees partial blocks
          out.flush();
        }
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  @Test
  void fifoIsReadOnceAndItsHashIsTheHashOfItsContent() throws Exception {
    byte[] content = gzip(LIBSVM.getBytes(StandardCharsets.UTF_8));
    Path fifo = IoTestSupport.mkfifo(dir, "data.svm.gz");
    CompletableFuture<Void> writer = feed(fifo, content);
    Dataset d = DataFiles.read(fifo, ReadOptions.defaults().withInputHashing(true));
    writer.get(30, TimeUnit.SECONDS);
    assertEquals(2, d.size());
    assertEquals(LabelSet.of(1, 2), d.example(0).labels());
    assertEquals(List.of(sha256(fifo.toString(), content)), d.inputDigests());
  }

  @Test
  void arffFifoIsToldByItsContent() throws Exception {
    Path fifo = IoTestSupport.mkfifo(dir, "63");
    CompletableFuture<Void> writer = feed(fifo, ARFF.getBytes(StandardCharsets.UTF_8));
    try (ExampleStream s = DataFiles.open(fifo, ReadOptions.defaults().withInputHashing(true))) {
      assertTrue(s instanceof ArffReader, "a name that says nothing: the content decides");
      assertEquals(2, DatasetStats.of(s).instances());
      assertEquals(List.of(sha256(fifo.toString(), ARFF.getBytes(StandardCharsets.UTF_8))), s.inputDigests());
    }
    writer.get(30, TimeUnit.SECONDS);
  }

  @Test
  void dashIsStandardInput() throws IOException {
    InputStream saved = System.in;
    byte[] content = LIBSVM.getBytes(StandardCharsets.UTF_8);
    try {
      System.setIn(new ByteArrayInputStream(content));
      Dataset d = DataFiles.read(DataFiles.STANDARD_INPUT, ReadOptions.defaults().withInputHashing(true));
      assertEquals("<stdin>", d.name());
      assertEquals(2, d.size());
      assertEquals(List.of(sha256("<stdin>", content)), d.inputDigests());
      System.setIn(new ByteArrayInputStream("1 1:x\n".getBytes(StandardCharsets.UTF_8)));
      DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(Path.of("-")));
      assertEquals("<stdin>:1: token '1:x': value 'x' is not a number", e.getMessage());
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void streamsWithANameThatDecidesNothing() throws IOException {
    Dataset arff = DataFiles.read(new ByteArrayInputStream(ARFF.getBytes(StandardCharsets.UTF_8)), "upload", ReadOptions.defaults());
    assertEquals(List.of("a", "b"), arff.featureNames());
    assertEquals(List.of("y"), arff.labelNames());
    Dataset svm = DataFiles.read(new ByteArrayInputStream(gzip(LIBSVM.getBytes(StandardCharsets.UTF_8))), "upload", ReadOptions.defaults());
    assertEquals(2, svm.size());
    // an explicit format is never second-guessed
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(
        new ByteArrayInputStream(ARFF.getBytes(StandardCharsets.UTF_8)), "x", ReadOptions.defaults().withFormat(DataFormat.LIBSVM)));
    assertTrue(e.getMessage().startsWith("x:1: token '%'"), e.getMessage());
  }

  @Test
  void arffWithItsLabelFileHashesBoth() throws IOException {
    Path arff = write(dir, "d-train.arff", "@relation d\n@attribute a numeric\n@attribute y {0,1}\n@data\n1,1\n");
    Path xml = write(dir, "d.xml", "<labels><label name=\"y\"/></labels>");
    Dataset d = DataFiles.read(arff, ReadOptions.defaults().withInputHashing(true));
    assertEquals(List.of(sha256(xml.toString(), Files.readAllBytes(xml)), sha256(arff.toString(), Files.readAllBytes(arff))),
        d.inputDigests());
    assertEquals(List.of(), DataFiles.read(arff).inputDigests(), "no hashing unless asked");
  }

  @Test
  void hashOfAStreamNotReadToItsEndIsRefused() throws IOException {
    Path f = write(dir, "long.svm", "1 1:1\n".repeat(200_000));
    try (ExampleStream s = DataFiles.open(f, ReadOptions.defaults().withInputHashing(true))) {
      s.advance();
      IllegalStateException e = assertThrows(IllegalStateException.class, s::inputDigests);
      assertEquals(f + " has not been read to its end: its hash is not known yet", e.getMessage());
      while (s.advance()) {
        // to the end
      }
      assertEquals(List.of(sha256(f.toString(), Files.readAllBytes(f))), s.inputDigests());
    }
  }
}
