package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.math.VectorMath;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {
  @Test
  void hashesFilesAndRecordsTheEnvironment(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("abc.txt");
    Files.writeString(f, "abc", StandardCharsets.US_ASCII);
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("eta", "1.0");
    settings.put("maxUpdates", "1");
    RunRecord r = RunRecord.of("train-then-test", "falt", settings, Map.of("order", 1L), "shuffle",
        FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, List.of(f));
    // SHA-256("abc"), FIPS 180-2 test vector
    assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", r.dataFiles().get(0).sha256());
    assertEquals(3, r.dataFiles().get(0).bytes());
    assertEquals(List.of("eta", "maxUpdates"), List.copyOf(r.settings().keySet()));
    assertEquals(VectorMath.implementation(), r.vectorization());
    assertFalse(r.jdk().isBlank());
    assertEquals("dev", r.toolkitVersion(), "classes run from target/classes have no manifest version");
    assertThrows(UnsupportedOperationException.class, () -> r.settings().put("x", "y"));
  }

  @Test
  void digestsOfWhatWasReadNeedNoSecondRead(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("pipe.svm");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    Thread writer = new Thread(() -> {
      try {
        Files.writeString(fifo, "1 1:1\n", StandardCharsets.US_ASCII);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    writer.start();
    Dataset d = DataFiles.read(fifo, ReadOptions.defaults().withInputHashing(true));
    writer.join();
    List<RunRecord.DataFile> files = RunRecord.DataFile.of(d.inputDigests());
    // SHA-256 of "1 1:1\n"
    assertEquals(List.of(new RunRecord.DataFile(fifo.toString(), 6, sha256("1 1:1\n"))), files);
    IOException e = assertThrows(IOException.class, () -> RunRecord.DataFile.of(fifo));
    assertTrue(e.getMessage().contains("not a regular file, so it cannot be read again"), e.getMessage());
  }

  private static String sha256(String text) throws Exception {
    return java.util.HexFormat.of().formatHex(
        java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
  }
}
