package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** alt completion prints a bash completion script of the whole command tree. */
class CompletionCommandTest {
  @Test
  void theScriptCompletesEverySubcommandAndItsOptions() {
    CliRun r = CliRun.of("completion");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    String script = r.out();
    assertTrue(script.startsWith("#!/usr/bin/env bash"), script.lines().findFirst().orElse(""));
    assertTrue(script.contains("complete -F _complete_alt"), "registers the function for alt");
    CommandLine root = AltCommand.newCommandLine();
    for (CommandLine c : root.getSubcommands().values()) {
      String name = c.getCommandName();
      // picocli's function per subcommand, and the name among the root's candidates
      assertTrue(script.contains("function _picocli_alt_" + name + "()"), name + ": its completion function");
      assertTrue(script.matches("(?s).*local commands=\"[^\"]*\\b" + name + "\\b.*"), name + ": among the commands");
      for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
        assertTrue(script.contains(o.longestName()), name + " " + o.longestName());
      }
    }
  }

  /** main builds only the subcommand it runs: completion must still see every one. */
  @Test
  void theScriptIsTheWholeTreesAsMainRunsIt() {
    assertEquals(
        org.altml.cli.command.CompletionCommand.script(AltCommand.newCommandLine()), CliRun.of("completion").out());
  }

  /**
   * A script cut short (a full disk under {@code alt completion > file}) is an error, as any output of alt: a
   * truncated completion file would break the shell's completion silently.
   */
  @Test
  void aScriptThatCouldNotBeWrittenWholeIsAnError() throws Exception {
    Path full = Path.of("/dev/full");
    Assumptions.assumeTrue(Files.exists(full), "no /dev/full on this system");
    CliRun r = ForkedAlt.run(java.util.List.of(), null, full, "completion");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals("alt: " + org.altml.cli.output.CliOutput.STANDARD_OUTPUT_FAILED + "\n", r.err());
  }

  @Test
  void bashAcceptsTheScript(@TempDir Path dir) throws IOException, InterruptedException {
    File bash = new File("/bin/bash");
    Assumptions.assumeTrue(bash.canExecute(), "no /bin/bash to check the script's syntax with");
    Path script = dir.resolve("alt-completion.bash");
    Files.writeString(script, CliRun.of("completion").out(), StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(bash.getPath(), "-n", script.toString()).redirectErrorStream(true).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bash -n did not finish");
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "bash -n: " + output);
    // sourced, it registers the completion of alt
    Process q = new ProcessBuilder(bash.getPath(), "-c", "source " + script + " && complete -p alt")
        .redirectErrorStream(true).start();
    assertTrue(q.waitFor(60, TimeUnit.SECONDS), "bash did not finish");
    String registered = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, q.exitValue(), registered);
    assertTrue(registered.contains("-F _complete_alt") && registered.strip().endsWith(" alt"), registered);
  }
}
