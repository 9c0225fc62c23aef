package org.altml.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code --predictions FILE} of the commands that score data and may also write its predictions (a picocli mixin). */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class PredictionsOption {
  @Option(names = "--predictions", paramLabel = "FILE", descriptionKey = "predictions",
      description = "Also write the predictions in the format of 'alt predict' (written atomically; '-': stdout,"
          + " and the report goes to stderr). Never an input file.")
  private Path predictions;

  /** Creates the option (picocli fills it). */
  public PredictionsOption() {}

  /** The file, {@code -} for standard output, or null when not given. */
  public Path value() {
    return predictions;
  }
}
