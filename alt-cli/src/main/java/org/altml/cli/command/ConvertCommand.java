package org.altml.cli.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.OverwriteOption;
import org.altml.cli.output.CliOutput;
import org.altml.sparse.data.Dataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code alt convert IN OUT}: ARFF to LIBSVM and back, by file extension, gzip by name. */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    description = {
      "Converts a data file between ARFF and LIBSVM.",
      "ARFF is Mulan's, with its XML label file beside it; LIBSVM is the multi-label variant.",
      "Formats follow the extensions (.arff is ARFF, anything else LIBSVM; a .gz suffix compresses).",
      "OUT is written to a temporary file and moved into place: it is never left half-written.",
      "IN '-' reads standard input, OUT '-' writes LIBSVM to standard output. OUT is never IN (nor its",
      "label file), and an ARFF OUT does not replace an existing label file beside it without --overwrite.",
      "--zero-based says how IN is indexed; a LIBSVM OUT is always 1-based (read it without --zero-based)."
    })
public final class ConvertCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private DataOptions data;

  @Parameters(index = "0", paramLabel = "IN", description = "Input file ('-': standard input).")
  private Path in;

  @Parameters(index = "1", paramLabel = "OUT", description = "Output file ('-': LIBSVM to standard output).")
  private Path out;

  @Mixin private OverwriteOption overwrite;

  /** Creates the command (picocli fills its fields). */
  public ConvertCommand() {}

  @Override
  public Integer call() throws Exception {
    new CommandFiles().data("IN", in, data).dataOutput("OUT", out, overwrite.value()).check();
    Dataset dataset = DataLoading.read(in, data);
    DataLoading.checkFormatOptions(data, in, dataset);
    DataLoading.write(dataset, out, spec);
    PrintWriter report = CliOutput.isStandardOutput(out) ? spec.commandLine().getErr() : spec.commandLine().getOut();
    report.println("wrote " + out + " (" + dataset.size() + " examples, " + dataset.numFeatures() + " features, "
        + dataset.numLabels() + " labels" + DataLoading.shapeNote(dataset, out) + ")");
    report.flush();
    return 0;
  }
}
