package org.altml.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.altml.sparse.data.Dataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
      "OUT is written to a temporary file and moved into place: it is never left half-written."
    })
public final class ConvertCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private DataOptions data;

  @Parameters(index = "0", paramLabel = "IN", description = "Input file.")
  private Path in;

  @Parameters(index = "1", paramLabel = "OUT", description = "Output file.")
  private Path out;

  /** Creates the command (picocli fills its fields). */
  public ConvertCommand() {}

  @Override
  public Integer call() throws Exception {
    Dataset dataset = DataLoading.read(in, data);
    DataLoading.write(dataset, out);
    spec.commandLine().getOut().println("wrote " + out + " (" + dataset.size() + " examples, "
        + dataset.numFeatures() + " features, " + dataset.numLabels() + " labels)");
    return 0;
  }
}
