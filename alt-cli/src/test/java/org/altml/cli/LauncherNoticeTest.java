package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher keeps the JVM's "WARNING: Using incubator modules" line off stderr (it was printed on every run, on
 * {@code --help}, {@code --version} and usage errors too): help starts without the module, the other runs have that one
 * line taken out of the JVM's stderr, with the rest of stderr in order, a last line without a newline, and the JVM's
 * exit code kept; {@code ALT_INCUBATOR_WARNING=1} keeps it. The script runs in a copy of the layout it expects, with a
 * stand-in java that prints the notice when given the module, as a JVM does.
 */
class LauncherNoticeTest {
  private static final String NOTICE = "WARNING: Using incubator modules: jdk.incubator.vector";

  @TempDir Path dir;
  private Path script;
  private Path jdk;

  @BeforeEach
  void layout() throws IOException {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("alt-cli/target"));
    script = root.resolve("alt");
    Files.copy(Path.of("..", "alt"), script);
    Files.writeString(root.resolve("alt-cli/target/alt-cli.jar"), "stand-in");
    jdk = dir.resolve("jdk");
    Files.createDirectories(jdk.resolve("bin"));
    Path java = jdk.resolve("bin/java");
    Files.writeString(java, String.join("\n",
        "#!/bin/sh",
        "if [ \"$1\" = -version ]; then echo 'openjdk version \"21.0.1\"' >&2; exit 0; fi",
        "if [ -n \"$FAKE_VM_WARNING\" ]; then echo 'OpenJDK 64-Bit Server VM warning: stand-in' >&2; fi",
        "case \" $* \" in *' --add-modules jdk.incubator.vector '*) echo '" + NOTICE + "' >&2 ;; esac",
        "echo \"$@\"",
        "if [ -n \"$FAKE_READ_STDIN\" ]; then cat; fi",
        "if [ -n \"$FAKE_SLEEP\" ]; then trap 'echo \"alt: got TERM\" >&2; exit 143' TERM; echo started > \"$FAKE_SLEEP\";"
            + " while :; do sleep 0.1; done; fi",
        "echo 'alt: first line' >&2",
        "echo '" + NOTICE + "' >&2",
        "printf 'alt: last line without a newline' >&2",
        "exit 3",
        ""));
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private record Run(int exit, String out, String err) {}

  private Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("JAVA_HOME", jdk.toString());
    pb.environment().remove("ALT_INCUBATOR_WARNING");
    pb.environment().remove("ALT_JAVA_OPTS");
    pb.environment().putAll(env);
    Path err = dir.resolve("err.txt");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    p.getOutputStream().write("from stdin\n".getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    // read at once: the launcher ends after the filter has written all of stderr
    return new Run(p.exitValue(), out, Files.readString(err));
  }

  @Test
  void theNoticeIsTakenOutOfARunsStderrAndTheRestKept() throws Exception {
    for (String[] args : new String[][] {{"stats", "x.svm"}, {"--version"}, {"evaluate", "--learner", "flat"}}) {
      Run r = run(Map.of(), args);
      assertEquals(3, r.exit(), "the JVM's exit code");
      assertTrue(r.out().startsWith("--add-modules jdk.incubator.vector "), r.out());
      // only the JVM's own notice (the first) goes; the program's lines, in order, stay: its own copy of the text too
      assertEquals("alt: first line\n" + NOTICE + "\nalt: last line without a newline", r.err(), String.join(" ", args));
    }
  }

  @Test
  void jvmLinesBeforeTheNoticeStay() throws Exception {
    Run r = run(Map.of("FAKE_VM_WARNING", "1"), "stats", "x.svm");
    assertEquals("OpenJDK 64-Bit Server VM warning: stand-in\nalt: first line\n" + NOTICE
        + "\nalt: last line without a newline", r.err());
  }

  @Test
  void altIncubatorWarningKeepsTheNotice() throws Exception {
    Run r = run(Map.of("ALT_INCUBATOR_WARNING", "1"), "stats", "x.svm");
    assertEquals(3, r.exit());
    assertTrue(r.err().startsWith(NOTICE + "\nalt: first line\n"), r.err());
  }

  /** The JVM reads the launcher's standard input (a background child would read /dev/null). */
  @Test
  void theJvmReadsStandardInput() throws Exception {
    Run r = run(Map.of("FAKE_READ_STDIN", "1"), "predict", "--data", "-");
    assertEquals(3, r.exit());
    assertTrue(r.out().endsWith("\nfrom stdin\n"), r.out());
  }

  /** TERM sent to the launcher reaches the JVM (it is the launcher's child now), and stderr is still filtered. */
  @Test
  void termReachesTheJvm() throws Exception {
    Path started = dir.resolve("started");
    ProcessBuilder pb = new ProcessBuilder("bash", script.toString(), "stats", "x.svm");
    pb.environment().put("JAVA_HOME", jdk.toString());
    pb.environment().remove("ALT_INCUBATOR_WARNING");
    pb.environment().put("FAKE_SLEEP", started.toString());
    Path err = dir.resolve("err.txt");
    pb.redirectError(err.toFile());
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    for (int i = 0; i < 600 && !Files.exists(started); i++) {
      Thread.sleep(50);
    }
    assertTrue(Files.exists(started), "the stand-in JVM did not start");
    List<ProcessHandle> children = p.descendants().toList();
    p.destroy(); // SIGTERM to the launcher
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the launcher did not end");
    assertEquals(143, p.exitValue());
    assertEquals("alt: got TERM\n", Files.readString(err));
    for (ProcessHandle c : children) {
      assertTrue(c.onExit().get(30, TimeUnit.SECONDS) != null && !c.isAlive(), "a child of the launcher still runs: " + c.info());
    }
  }

  @Test
  void helpStartsWithoutTheModule() throws Exception {
    for (String[] args : new String[][] {{}, {"--help"}, {"-h"}, {"help"}, {"help", "evaluate"}, {"evaluate", "--help"},
        {"train", "-h"}}) {
      Run r = run(Map.of(), args);
      assertEquals(3, r.exit());
      assertFalse(r.out().contains("jdk.incubator.vector"), String.join(" ", args) + ": " + r.out());
      // scalar kernels chosen quietly (without the module the JVM would warn that it is missing)
      assertEquals("-Dalt.vectorization=scalar -jar " + script.getParent().toRealPath().resolve("alt-cli/target/alt-cli.jar")
          + (args.length == 0 ? "" : " " + String.join(" ", args)), r.out().strip());
      assertEquals("alt: first line\n" + NOTICE + "\nalt: last line without a newline", r.err());
    }
  }
}
