package org.altml.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --model FILE} of the commands that apply a saved model (predict, test), a picocli mixin. */
public final class SavedModelOption {
  @Option(names = "--model", required = true, paramLabel = "FILE",
      description = "A model saved by 'alt train' ('-': standard input).")
  private Path modelFile;

  /** Creates the option (picocli fills it). */
  public SavedModelOption() {}

  /** The model file, {@code -} for standard input. */
  public Path value() {
    return modelFile;
  }
}
