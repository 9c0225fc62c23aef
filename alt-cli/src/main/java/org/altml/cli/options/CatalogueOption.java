package org.altml.cli.options;

import java.io.IOException;
import java.nio.file.Path;
import org.altml.cli.datasets.DatasetCatalogue;
import picocli.CommandLine.Option;

/**
 * {@code --catalogue} of the {@code alt datasets} commands (a picocli mixin): the built-in dataset catalogue, or one
 * in the same format from a file (a private mirror's own datasets, a test's).
 */
public final class CatalogueOption {
  @Option(names = "--catalogue", paramLabel = "FILE",
      description = "Read the dataset catalogue from FILE (the format of the built-in one, see docs/datasets.md)"
          + " instead of the built-in one.")
  private Path file;

  /** Creates the option, unset (picocli fills it). */
  public CatalogueOption() {}

  /** The catalogue to use. */
  public DatasetCatalogue catalogue() throws IOException {
    return file == null ? DatasetCatalogue.builtIn() : DatasetCatalogue.read(file);
  }
}
