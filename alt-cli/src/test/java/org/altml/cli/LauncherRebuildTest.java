package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher rebuilds alt-cli.jar when the root pom or a source of a module the CLI is built from is newer than the
 * jar, and not for a change in a module the CLI does not contain (alt-python, alt-flink, alt-bench: every change to the
 * Python package's Java side rebuilt the CLI for nothing). The script runs in a copy of the layout it expects, with a
 * stand-in java and a stand-in mvn that records that it ran.
 */
class LauncherRebuildTest {
  @TempDir Path dir;
  private Path root;
  private Path jar;
  private Path mvnRan;

  @BeforeEach
  void layout() throws IOException {
    root = dir.resolve("root");
    Files.createDirectories(root.resolve("alt-cli/target"));
    Files.copy(Path.of("..", "alt"), root.resolve("alt"));
    Files.writeString(root.resolve("pom.xml"), "<project/>");
    Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
    jar = root.resolve("alt-cli/target/alt-cli.jar");
    Files.writeString(jar, "stand-in");
    Path bin = dir.resolve("jdk/bin");
    Files.createDirectories(bin);
    executable(bin.resolve("java"), "#!/bin/sh\nif [ \"$1\" = -version ]; then echo 'openjdk version \"21.0.1\"' >&2; fi\nexit 0\n");
    mvnRan = dir.resolve("mvn-ran");
    executable(bin.resolve("mvn"), "#!/bin/sh\necho \"$@\" >> " + mvnRan + "\nexit 0\n");
  }

  private static void executable(Path file, String text) throws IOException {
    Files.writeString(file, text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** A source file under {@code module}/src/main, an hour newer than the jar. */
  private void changed(String module) throws IOException {
    Path source = root.resolve(module).resolve("src/main/java/X.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "class X {}");
    Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
  }

  private boolean runBuilds() throws IOException, InterruptedException {
    Files.deleteIfExists(mvnRan);
    ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("alt").toString(), "--version");
    pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
    pb.environment().put("PATH", dir.resolve("jdk/bin") + ":" + System.getenv("PATH"));
    pb.redirectErrorStream(true);
    Process p = pb.start();
    p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue());
    return Files.exists(mvnRan);
  }

  @Test
  void aChangeOutsideTheCliModulesBuildsNothing() throws Exception {
    for (String module : List.of("alt-python", "alt-flink", "alt-bench")) {
      changed(module);
      assertEquals(false, runBuilds(), module);
    }
  }

  @Test
  void aChangeInAModuleOfTheCliRebuildsIt() throws Exception {
    for (String module : List.of("alt-sparse", "alt-core", "alt-kernel", "alt-experiment", "alt-cli")) {
      changed(module);
      assertTrue(runBuilds(), module);
      Files.delete(root.resolve(module).resolve("src/main/java/X.java"));
    }
    Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis()));
    assertTrue(runBuilds(), "the root pom is newer than the jar");
  }
}
