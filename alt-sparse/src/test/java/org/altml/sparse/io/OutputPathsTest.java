package org.altml.sparse.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputPathsTest {
  @TempDir Path dir;

  @Test
  void sameFileThroughLinksAndSpellings() throws IOException {
    Path file = Files.writeString(dir.resolve("train.svm"), "1 1:1\n");
    Path other = Files.writeString(dir.resolve("test.svm"), "1 1:1\n");
    assertTrue(OutputPaths.sameFile(file, dir.resolve("./sub/../train.svm")));
    assertTrue(OutputPaths.sameFile(file, Files.createSymbolicLink(dir.resolve("link.svm"), file)), "symbolic link");
    assertTrue(OutputPaths.sameFile(Files.createLink(dir.resolve("hard.svm"), file), file), "hard link");
    assertFalse(OutputPaths.sameFile(file, other), "same content, another file");
  }

  @Test
  void outputsThatDoNotExistYet() throws IOException {
    Path missing = dir.resolve("out.svm");
    assertTrue(OutputPaths.sameFile(missing, dir.resolve("x/../out.svm")));
    assertFalse(OutputPaths.sameFile(missing, dir.resolve("out2.svm")));
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), missing);
    assertTrue(OutputPaths.sameFile(dangling, missing), "a dangling link and the file it would create");
    Path realDir = Files.createDirectory(dir.resolve("real"));
    Path linkedDir = Files.createSymbolicLink(dir.resolve("linked"), realDir);
    assertTrue(OutputPaths.sameFile(linkedDir.resolve("a.txt"), realDir.resolve("a.txt")), "through a linked directory");
  }

  @Test
  void standardInputIsNotAnOrdinaryOutput() throws IOException {
    Path file = Files.writeString(dir.resolve("in.svm"), "");
    assertFalse(OutputPaths.sameFile(Path.of("-"), file));
    assertTrue(OutputPaths.isDescriptor(Path.of("/dev/stdout")));
    assertTrue(OutputPaths.isDescriptor(Path.of("/proc/self/fd/1")));
    assertTrue(OutputPaths.isDescriptor(Path.of("/dev/fd/3")));
    assertFalse(OutputPaths.isDescriptor(Path.of("/dev/shm/out.svm")));
  }
}
