package org.altml.cli.options;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code --json}: the report as JSON instead of text (a picocli mixin; each command says what it holds, {@link OptionHelp}). */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class JsonOption {
  @Option(names = "--json", descriptionKey = "json", description = "Print the report as JSON.")
  private boolean json;

  /** Creates the option (picocli fills it). */
  public JsonOption() {}

  /** Whether {@code --json} was given. */
  public boolean value() {
    return json;
  }
}
