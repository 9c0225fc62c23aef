package org.altml.cli.command;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code alt completion}: prints a bash completion script for {@code alt} and every subcommand, generated from the
 * command line's picocli model by picocli's {@link AutoComplete} (so it never lags behind the options).
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    header = "Prints a bash completion script for alt and every subcommand.",
    description = {
      "Prints a bash (and zsh, through bashcompinit) completion script for alt, every subcommand and their options,",
      "generated from the command line's own model. Load it in the current shell with:",
      "  source <(./alt completion)",
      "",
      "Or keep it where bash-completion finds it (the 'alt' command must then be on the PATH, e.g. a link to the launcher):",
      "  ./alt completion > ~/.local/share/bash-completion/completions/alt"
    })
public final class CompletionCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  /** Creates the command (picocli fills its fields). */
  public CompletionCommand() {}

  /** Prints the script for the root command line this command belongs to. */
  @Override
  public Integer call() {
    spec.commandLine().getOut().print(script(spec.root().commandLine()));
    spec.commandLine().getOut().flush();
    return 0;
  }

  /** The bash completion script of {@code root}, under the root's name. */
  public static String script(picocli.CommandLine root) {
    return AutoComplete.bash(root.getCommandName(), root);
  }
}
