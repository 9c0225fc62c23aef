package org.altml.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --quiet}, shared by the long commands that show a progress bar (a picocli mixin). */
public final class ProgressOptions {
  @Option(names = {"-q", "--quiet"},
      description = "No progress bar on stderr (it is shown only when stderr is a terminal; warnings are always printed).")
  boolean quiet;

  /** Creates the options with their defaults (picocli fills them). */
  public ProgressOptions() {}

  /** The progress display of {@code spec}'s command with these options. */
  Progress progress(CommandSpec spec) {
    return Progress.of(spec, quiet);
  }
}
