package org.altml.cli.command;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code alt datasets}: the public datasets the reproduction runs on ({@code list}, {@code fetch}, {@code verify}),
 * from the catalogue of {@link org.altml.cli.datasets}.
 */
@Command(
    name = "datasets",
    mixinStandardHelpOptions = true,
    header = "Lists, downloads and verifies the public datasets the reproduction runs on.",
    description = {
      "The catalogue committed with alt names each dataset's files with their size and SHA-256 and where to download"
          + " them. 'fetch' puts datasets into a folder in the layout the experiments and tests read: DIR/NAME/FILE.",
      "The tests and the experiment scripts read ../shared/datasets (from the repository root) unless"
          + " -Dalt.datasets=DIR (tests) or ALT_DATASETS=DIR (experiment scripts) names another folder.",
      "'verify' checks such a folder, 'list' shows the catalogue. See docs/datasets.md.",
      "",
      "Example:",
      "  ./alt datasets fetch emotions scene --into ../shared/datasets"
    },
    subcommands = {DatasetsListCommand.class, DatasetsFetchCommand.class, DatasetsVerifyCommand.class})
public final class DatasetsCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  /** Creates the command (picocli fills its fields). */
  public DatasetsCommand() {}

  /** Without a subcommand: says so (exit 2). */
  @Override
  public Integer call() {
    spec.commandLine().getErr().println("alt: datasets: missing command (list, fetch, verify)");
    spec.commandLine().getErr().println("Try 'alt datasets --help' for the usage.");
    spec.commandLine().getErr().flush();
    return 2;
  }
}
