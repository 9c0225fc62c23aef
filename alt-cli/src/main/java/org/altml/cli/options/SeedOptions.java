package org.altml.cli.options;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The random seed shared by every command that draws random numbers (a picocli mixin; experiment says how its runs
 * use it, {@link OptionHelp}).
 */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class SeedOptions {
  /** The seed; the same seed gives the same result on every machine. */
  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "1",
      descriptionKey = "seed",
      description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  /** Creates the options with their defaults (picocli fills them). */
  public SeedOptions() {}

  /** The seed. */
  public long seed() {
    return seed;
  }
}
