package org.altml.cli.options;

import picocli.CommandLine.Option;

/** {@code --overwrite} of the commands that write data (a picocli mixin). */
public final class OverwriteOption {
  @Option(names = "--overwrite",
      description = "An ARFF OUT may replace the existing Mulan XML label file beside it (<dataset>.xml).")
  private boolean overwrite;

  /** Creates the option (picocli fills it). */
  public OverwriteOption() {}

  /** Whether an ARFF output may replace the label file beside it. */
  public boolean value() {
    return overwrite;
  }
}
