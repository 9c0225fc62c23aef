package org.altml.cli.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.JsonOption;
import org.altml.cli.output.StatsReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code alt stats DATA...}: a summary of each data file, like Table 1 of the paper, or JSON. */
@Command(
    name = "stats",
    mixinStandardHelpOptions = true,
    description = {
      "Summarizes data files, like Table 1 of the paper.",
      "One streaming pass per file (LIBSVM or ARFF, gzipped or not; '-' reads standard input): instances,",
      "features, labels,",
      "label cardinality and density, feature density, mean non-zeros, distinct label sets,",
      "examples without labels."
    })
public final class StatsCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private DataOptions data;

  @Mixin private JsonOption json;

  @Parameters(arity = "1..*", paramLabel = "DATA", description = "Data files ('-': standard input, once).")
  private List<Path> files;

  /** Creates the command (picocli fills its fields). */
  public StatsCommand() {}

  @Override
  public Integer call() throws Exception {
    CommandFiles inputs = new CommandFiles();
    for (Path file : files) {
      inputs.data("DATA", file, data);
    }
    inputs.check();
    List<StatsReport.Row> rows = new ArrayList<>();
    java.util.Map<String, Boolean> formats = new java.util.LinkedHashMap<>();
    for (Path file : files) {
      rows.add(new StatsReport.Row(DataLoading.shortName(file), DataLoading.stats(file, data, formats)));
    }
    DataLoading.checkFormatOptions(data, formats);
    if (json.value()) {
      StatsReport.printJson(rows, spec.commandLine().getOut());
    } else {
      StatsReport.printTable(rows, spec.commandLine().getOut());
    }
    return 0;
  }
}
