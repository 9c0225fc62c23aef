package org.altml.cli.options;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code --threads} of the commands that run work in parallel (a picocli mixin): each says what the threads do
 * ({@link OptionHelp}); 0 is every core.
 */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class ThreadsOption {
  @Option(names = "--threads", defaultValue = "0", paramLabel = "T", descriptionKey = "threads",
      description = "Threads; 0 = all cores (default: ${DEFAULT-VALUE}).")
  private int threads;

  /** Creates the option with its default (picocli fills it). */
  public ThreadsOption() {}

  /** The number given (0: all cores; checked by {@link ProtocolOptions#threads}). */
  public int value() {
    return threads;
  }
}
