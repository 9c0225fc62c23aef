package org.altml.cli.options;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code --zero-division} of every command that computes the metrics (a picocli mixin; {@link OptionHelp}). */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class ZeroDivisionOption {
  @Option(names = "--zero-division", defaultValue = "spec", paramLabel = "POLICY", descriptionKey = "zero-division",
      description = "0/0 in the metrics: spec (1 when both sets are empty, else 0), zero or one (default: ${DEFAULT-VALUE}).")
  private String zeroDivision;

  /** Creates the option with its default (picocli fills it). */
  public ZeroDivisionOption() {}

  /** The policy's name as given (checked by {@link ProtocolOptions#zeroDivision}). */
  public String value() {
    return zeroDivision;
  }
}
