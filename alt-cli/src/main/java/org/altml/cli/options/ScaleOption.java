package org.altml.cli.options;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code --scale} of the commands that fit a scaling to the data they learn from (evaluate, prequential, tune,
 * experiment; default none), a picocli mixin: each command says where the scaling is fitted ({@link OptionHelp}).
 */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class ScaleOption {
  @Option(names = "--scale", defaultValue = "none", paramLabel = "SCALING", descriptionKey = "scale",
      description = "Feature scaling: none, standardize or l2 (default: ${DEFAULT-VALUE}).")
  private String scale;

  /** Creates the option with its default (picocli fills it). */
  public ScaleOption() {}

  /** The scaling's name as given (checked by {@link ProtocolOptions#scaling}). */
  public String value() {
    return scale;
  }
}
