package org.altml.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code alt} run by {@link AltCommand#main} in a JVM of its own (as StreamingMemoryTest forks): for what
 * an in-process run cannot show, a small heap ({@code -Xmx64m}) or the process's real standard output.
 */
final class ForkedAlt {
  private ForkedAlt() {}

  /**
   * Runs {@code alt args} with the JVM options {@code jvm} and {@code stdin} (a file, or null for none) as
   * standard input; fails after two minutes.
   */
  static CliRun run(List<String> jvm, Path stdin, String... args) throws IOException, InterruptedException {
    return run(jvm, stdin, (Path) null, args);
  }

  /**
   * {@link #run(List, Path, String...)} with standard output going to the file {@code stdout} (null: read back as
   * {@link CliRun#out()}), e.g. {@code /dev/full}.
   */
  static CliRun run(List<String> jvm, Path stdin, Path stdout, String... args) throws IOException, InterruptedException {
    return start(jvm, stdin, stdout == null ? null : ProcessBuilder.Redirect.to(stdout.toFile()), args);
  }

  /** {@code alt args} with standard output appended to the file {@code stdout}, as the shell's {@code >> stdout} does. */
  static CliRun runAppendingTo(Path stdout, String... args) throws IOException, InterruptedException {
    return start(List.of(), null, ProcessBuilder.Redirect.appendTo(stdout.toFile()), args);
  }

  private static CliRun start(List<String> jvm, Path stdin, ProcessBuilder.Redirect stdout, String... args)
      throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector"));
    command.addAll(jvm);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), AltCommand.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    if (stdin != null) {
      builder.redirectInput(stdin.toFile());
    }
    if (stdout != null) {
      builder.redirectOutput(stdout);
    }
    Path err = Files.createTempFile("alt-forked-", ".err");
    builder.redirectError(err.toFile());
    Process p = builder.start();
    if (stdin == null) {
      p.getOutputStream().close();
    }
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("alt " + String.join(" ", args) + " did not finish in 120 s");
    }
    // the JVM's one line about the incubator module is not alt's
    String errText = Files.readString(err).lines()
        .filter(l -> !l.startsWith("WARNING: Using incubator modules")).map(l -> l + "\n").reduce("", String::concat);
    Files.delete(err);
    return new CliRun(p.exitValue(), new String(out, StandardCharsets.UTF_8), errText);
  }
}
