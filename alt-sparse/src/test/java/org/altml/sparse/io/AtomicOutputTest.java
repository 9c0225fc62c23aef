package org.altml.sparse.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {
  @TempDir Path dir;

  private long entries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.count();
    }
  }

  @Test
  void targetAppearsOnlyOnCommit() throws IOException {
    Path target = dir.resolve("out.txt");
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.writer().write("hello\n");
      out.writer().flush();
      assertFalse(Files.exists(target), "nothing under the target name before commit");
      out.commit();
    }
    assertEquals("hello\n", Files.readString(target));
    assertEquals(1, entries(), "no temporary file left behind");
    assertThrows(IllegalStateException.class, () -> {
      try (AtomicOutput out = AtomicOutput.create(target)) {
        out.commit();
        out.commit();
      }
    });
  }

  @Test
  void abandonedOutputLeavesExistingTargetUntouched() throws IOException {
    Path target = dir.resolve("keep.txt");
    Files.writeString(target, "old");
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.stream().write("new but unfinished".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals("old", Files.readString(target));
    assertEquals(1, entries());
  }

  @Test
  void compressesByName() throws IOException {
    Path target = dir.resolve("data.svm.gz");
    byte[] payload = "1 1:0.5\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
    try (AtomicOutput out = AtomicOutput.createCompressedByName(target)) {
      out.stream().write(payload);
      out.commit();
    }
    ByteArrayOutputStream back = new ByteArrayOutputStream();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(target))) {
      in.transferTo(back);
    }
    assertArrayEquals(payload, back.toByteArray());
  }

  @Test
  void missingDirectoryIsReported() {
    NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> AtomicOutput.create(dir.resolve("no/such/out.txt")));
    assertEquals(dir.resolve("no/such/out.txt").toString(), e.getFile());
  }
}
