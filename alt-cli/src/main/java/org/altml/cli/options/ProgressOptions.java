package org.altml.cli.options;

import org.altml.cli.output.Progress;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --quiet} and {@code --progress}, shared by the long commands that show a progress bar (a picocli mixin). */
public final class ProgressOptions {
  @Option(names = {"-q", "--quiet"},
      description = "No progress bar on stderr (it is shown only when stderr is a terminal; warnings are always printed).")
  boolean quiet;

  @Option(names = "--progress",
      description = "Show the progress bar on stderr even when it is not a terminal (a log file, a pipe).")
  public boolean progress;

  /** Creates the options with their defaults (picocli fills them). */
  public ProgressOptions() {}

  /** The progress display of {@code spec}'s command with these options. */
  public Progress progress(CommandSpec spec) {
    if (quiet && progress) {
      throw new IllegalArgumentException("give --quiet or --progress, not both");
    }
    return Progress.of(spec, quiet, progress);
  }
}
