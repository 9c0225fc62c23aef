package org.altml.sparse.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {
  @TempDir Path dir;

  /** A file written over keeps its permissions (a private model stayed private only until it was replaced). */
  @Test
  void aReplacedFileKeepsItsPermissions() throws IOException {
    Path target = Files.writeString(dir.resolve("private.model"), "old");
    java.util.Set<java.nio.file.attribute.PosixFilePermission> own;
    try {
      own = java.nio.file.attribute.PosixFilePermissions.fromString("rw-------");
      Files.setPosixFilePermissions(target, own);
    } catch (UnsupportedOperationException e) {
      org.junit.jupiter.api.Assumptions.abort("no POSIX permissions here");
      return;
    }
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.stream().write("new".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      out.commit();
    }
    assertEquals("new", Files.readString(target));
    assertEquals(own, Files.getPosixFilePermissions(target));
  }

  private List<String> entries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void targetAppearsOnlyOnCommit() throws IOException {
    Path target = dir.resolve("out.txt");
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.writer().write("hello\n");
      out.writer().flush();
      assertFalse(Files.exists(target), "nothing under the target name before commit");
      assertFalse(out.inPlace());
      out.commit();
    }
    assertEquals("hello\n", Files.readString(target));
    assertEquals(List.of("out.txt"), entries(), "no temporary file left behind");
    assertThrows(IllegalStateException.class, () -> {
      try (AtomicOutput out = AtomicOutput.create(target)) {
        out.commit();
        out.commit();
      }
    });
  }

  @Test
  void temporaryFileHasARecognisableNameAndGoesAwayOnClose() throws IOException {
    Path target = dir.resolve("model.bin");
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.stream().write(1);
      List<String> names = entries();
      assertEquals(1, names.size(), names.toString());
      assertTrue(names.get(0).matches("\\.model\\.bin\\.alt-tmp-" + ProcessHandle.current().pid() + "-\\d+"), names.toString());
    }
    assertEquals(List.of(), entries());
  }

  @Test
  void abandonedOutputLeavesExistingTargetUntouched() throws IOException {
    Path target = dir.resolve("keep.txt");
    Files.writeString(target, "old");
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.stream().write("new but unfinished".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals("old", Files.readString(target));
    assertEquals(List.of("keep.txt"), entries());
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
  void missingDirectoryIsReportedWithTheTarget() {
    NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> AtomicOutput.create(dir.resolve("no/such/out.txt")));
    assertEquals(dir.resolve("no/such/out.txt").toString(), e.getFile());
    assertTrue(e.getMessage().contains("output directory"), e.getMessage());
  }

  @Test
  void directoryTargetIsReported() throws IOException {
    Path target = Files.createDirectory(dir.resolve("sub"));
    FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicOutput.create(target));
    assertEquals(target + ": is a directory", e.getMessage());
  }

  @Test
  void devNullIsWrittenInPlaceAndStaysADevice() throws IOException {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull), "no /dev/null");
    try (AtomicOutput out = AtomicOutput.createCompressedByName(devNull)) {
      assertTrue(out.inPlace());
      out.stream().write(new byte[100_000]);
      out.commit();
    }
    assertFalse(Files.isRegularFile(devNull));
  }

  /** Outputs that belong together: all finished before any is moved; one that cannot be finished moves none. */
  @Test
  void commitAllMovesNoneWhenOneCannotBeFinished() throws IOException {
    Path labels = Files.writeString(dir.resolve("a.xml"), "old labels");
    Path table = Files.writeString(dir.resolve("a.md"), "old table");
    try (AtomicOutput first = AtomicOutput.create(labels); AtomicOutput second = AtomicOutput.create(table)) {
      first.writer().write("new labels");
      second.writer().write("new table");
      AtomicOutput.commitAll(List.of(first, second));
    }
    assertEquals("new labels", Files.readString(labels));
    assertEquals("new table", Files.readString(table));
    Path full = Path.of("/dev/full");
    assumeTrue(Files.exists(full), "no /dev/full");
    FileSystemException e = assertThrows(FileSystemException.class, () -> {
      try (AtomicOutput first = AtomicOutput.create(labels); AtomicOutput second = AtomicOutput.create(full)) {
        first.writer().write("newer labels");
        second.stream().write(new byte[1 << 17]);
        AtomicOutput.commitAll(List.of(first, second));
      }
    });
    assertEquals("/dev/full", e.getFile());
    assertEquals("new labels", Files.readString(labels), "the first output is not moved when the second fails");
    assertEquals(List.of("a.md", "a.xml"), entries(), "no temporary file left behind");
  }

  @Test
  void fullDeviceReportsNoSpaceNamingTheTarget() {
    Path full = Path.of("/dev/full");
    assumeTrue(Files.exists(full), "no /dev/full");
    FileSystemException e = assertThrows(FileSystemException.class, () -> {
      try (AtomicOutput out = AtomicOutput.create(full)) {
        out.stream().write(new byte[1 << 17]);
        out.commit();
      }
    });
    assertEquals("/dev/full", e.getFile());
    assertTrue(e.getMessage().startsWith("/dev/full: No space left on device"), e.getMessage());
  }

  @Test
  void fifoIsWrittenInPlace() throws Exception {
    Path fifo = IoTestSupport.mkfifo(dir, "pipe");
    CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
      try (InputStream in = Files.newInputStream(fifo)) {
        return in.readAllBytes();
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    try (AtomicOutput out = AtomicOutput.create(fifo)) {
      assertTrue(out.inPlace());
      out.writer().write("through the pipe\n");
      out.commit();
    }
    assertEquals("through the pipe\n", new String(reader.get(30, TimeUnit.SECONDS), StandardCharsets.UTF_8));
    assertEquals(List.of("pipe"), entries(), "no temporary file beside a FIFO");
    assertFalse(Files.isRegularFile(fifo));
  }

  @Test
  void symbolicLinkIsWrittenThroughAndStaysALink() throws IOException {
    Path real = Files.writeString(Files.createDirectory(dir.resolve("real")).resolve("data.txt"), "old");
    Path link = Files.createSymbolicLink(dir.resolve("link.txt"), Path.of("real/data.txt"));
    try (AtomicOutput out = AtomicOutput.create(link)) {
      out.writer().write("new");
      out.commit();
    }
    assertTrue(Files.isSymbolicLink(link), "the link stays a link");
    assertEquals("new", Files.readString(real));
    assertEquals(List.of("data.txt"), Files.list(real.getParent()).map(p -> p.getFileName().toString()).toList());
    // a dangling link creates the file it points to
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("created.txt"));
    try (AtomicOutput out = AtomicOutput.create(dangling)) {
      out.writer().write("made");
      out.commit();
    }
    assertTrue(Files.isSymbolicLink(dangling));
    assertEquals("made", Files.readString(dir.resolve("created.txt")));
  }

  @Test
  void linkLoopIsReported() throws IOException {
    Path a = dir.resolve("a");
    Files.createSymbolicLink(a, dir.resolve("b"));
    Files.createSymbolicLink(dir.resolve("b"), a);
    FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicOutput.create(a));
    assertEquals(a + ": too many levels of symbolic links", e.getMessage());
  }

  @Test
  void staleTemporaryOfADeadProcessIsRemovedByTheNextWrite() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    long dead = p.pid();
    assumeTrue(ProcessHandle.of(dead).isEmpty(), "pid " + dead + " was reused");
    Path stale = Files.writeString(dir.resolve(".out.svm.alt-tmp-" + dead + "-3"), "half");
    Path live = Files.writeString(dir.resolve(".out.svm.alt-tmp-" + ProcessHandle.current().pid() + "-999999"), "mine");
    Path other = Files.writeString(dir.resolve(".other.svm.alt-tmp-" + dead + "-1"), "not beside this target");
    try (AtomicOutput out = AtomicOutput.create(dir.resolve("out.svm"))) {
      out.commit();
    }
    assertFalse(Files.exists(stale), "a dead process's temporary file is removed");
    assertTrue(Files.exists(live), "a live process's temporary file stays");
    assertTrue(Files.exists(other), "only temporaries of this target are touched");
  }

  @Test
  void errorsNameTheTargetNeverTheTemporaryFile() {
    Path tmp = dir.resolve(".out.alt-tmp-1-1");
    IOException denied = AtomicOutput.translate(new AccessDeniedException(tmp.toString()), "out", tmp, "cannot create a file in " + dir);
    assertEquals("out: permission denied (cannot create a file in " + dir + ")", denied.getMessage());
    assertTrue(denied instanceof AccessDeniedException);
    IOException full = AtomicOutput.translate(new FileSystemException(tmp.toString(), null, "No space left on device"), "out", tmp, null);
    assertEquals("out: No space left on device", full.getMessage());
    IOException plain = AtomicOutput.translate(new IOException("write " + tmp + " failed"), "out", tmp, null);
    assertEquals("out: write out failed", plain.getMessage());
  }

  private static ProcessBuilder child(String arg) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), AtomicOutputChild.class.getName(), arg);
  }

  @Test
  void devStdoutIsWrittenInPlaceAfterWhatWasPrinted() throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/stdout")), "no /dev/stdout");
    // stdout a pipe
    Process piped = child("--stdout").start();
    String text = new String(piped.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, piped.waitFor(), new String(piped.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    assertEquals("printed\nwritten through /dev/stdout\n", text);
    // stdout redirected to a file: appended after what was printed, the file is not replaced
    Path file = dir.resolve("redirected.txt");
    Process redirected = child("--stdout").redirectOutput(file.toFile()).start();
    assertEquals(0, redirected.waitFor());
    assertEquals("printed\nwritten through /dev/stdout\n", Files.readString(file));
    assertEquals(List.of("redirected.txt"), entries());
  }

  @Test
  void sigtermDeletesTheTemporaryFile() throws Exception {
    Path target = dir.resolve("killed.txt");
    Process child = child(target.toString()).redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("writing", out.readLine());
      assertEquals(1, entries().size(), entries().toString());
      child.destroy(); // SIGTERM: shutdown hooks run
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    } finally {
      child.destroyForcibly();
    }
    assertEquals(List.of(), entries(), "the shutdown hook deleted the temporary file");
    assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS));
  }
}
