package org.altml.cli.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.altml.cli.datasets.DatasetFetcher;
import org.altml.cli.datasets.DatasetFolderCheck;
import org.altml.cli.options.CatalogueOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code alt datasets verify}: checks a datasets folder against the catalogue. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    header = "Checks a datasets folder against the catalogue.",
    description = "Checks every catalogued dataset whose folder DIR holds (or the ones named): each file must be"
        + " there with the catalogue's SHA-256. Prints one line per dataset (ok, or its missing and wrong files) and"
        + " exits 2 when any is not ok. Files the catalogue does not list are left alone.")
public final class DatasetsVerifyCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @Mixin private CatalogueOption catalogueOption;

  @Parameters(index = "0", paramLabel = "DIR", description = "The datasets folder, e.g. ../shared/datasets.")
  private Path dir;

  @Parameters(index = "1..*", arity = "0..*", paramLabel = "NAME",
      description = "Only these datasets (a missing folder is then a problem).")
  private List<String> names = List.of();

  /** Creates the command (picocli fills its fields). */
  public DatasetsVerifyCommand() {}

  @Override
  public Integer call() throws Exception {
    List<DatasetFolderCheck.Report> reports = DatasetFolderCheck.check(catalogueOption.catalogue(), dir,
        names == null ? List.of() : names);
    PrintWriter out = spec.commandLine().getOut();
    int bad = 0;
    for (DatasetFolderCheck.Report r : reports) {
      if (r.ok()) {
        out.println(r.dataset().name() + ": ok, " + r.dataset().files().size() + " files verified");
      } else {
        bad++;
        out.println(r.dataset().name() + ": " + r.problems().size() + (r.problems().size() == 1 ? " problem: " : " problems: ")
            + String.join("; ", r.problems()));
      }
    }
    for (Path p : DatasetFetcher.unfinished(dir)) {
      out.println("note: " + p + " is an unfinished fetch; run 'alt datasets fetch' again to finish it");
    }
    out.flush();
    if (bad > 0) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("alt: " + dir + ": " + bad + " of " + reports.size() + " datasets are not as the catalogue lists them"
          + " (fetch them again: alt datasets fetch NAME... --into " + dir + ")");
      err.flush();
      return 2;
    }
    return 0;
  }
}
