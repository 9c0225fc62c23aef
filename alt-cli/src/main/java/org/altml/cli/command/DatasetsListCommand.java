package org.altml.cli.command;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.altml.cli.datasets.CatalogueDataset;
import org.altml.cli.datasets.DatasetCatalogue;
import org.altml.cli.options.CatalogueOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code alt datasets list}: the catalogue, one dataset a line. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    header = "Lists the datasets of the catalogue.",
    description = "One line per dataset: its name, number of files, total size, whether it is one of the paper's, and"
        + " where it comes from ('mirror only': no public download holds these exact files; fetch them --from a"
        + " mirror). docs/datasets.md gives each file's download and SHA-256.")
public final class DatasetsListCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @Mixin private CatalogueOption catalogueOption;

  /** Creates the command (picocli fills its fields). */
  public DatasetsListCommand() {}

  @Override
  public Integer call() throws Exception {
    DatasetCatalogue catalogue = catalogueOption.catalogue();
    PrintWriter out = spec.commandLine().getOut();
    out.printf("%-18s %5s %12s %5s  %s%n", "NAME", "FILES", "BYTES", "PAPER", "SOURCE");
    for (CatalogueDataset d : catalogue.datasets()) {
      out.printf("%-18s %5d %12d %5s  %s%n", d.name(), d.files().size(), d.bytes(), d.paper() ? "yes" : "",
          d.downloadable() ? d.origin() : "mirror only: " + d.origin());
    }
    out.flush();
    return 0;
  }
}
