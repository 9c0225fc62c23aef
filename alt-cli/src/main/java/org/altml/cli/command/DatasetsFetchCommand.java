package org.altml.cli.command;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import org.altml.cli.datasets.CatalogueDataset;
import org.altml.cli.datasets.DatasetCatalogue;
import org.altml.cli.datasets.DatasetFetcher;
import org.altml.cli.options.CatalogueOption;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code alt datasets fetch}: downloads catalogued datasets into a folder, verified, atomically and resumably. */
@Command(
    name = "fetch",
    mixinStandardHelpOptions = true,
    header = "Downloads datasets of the catalogue into a folder, verified.",
    description = {
      "Downloads each named dataset's files into DIR/NAME (the layout the experiments and tests read), checks each"
          + " file's SHA-256 against the catalogue and unpacks what the source ships packed. A dataset appears under"
          + " its name only when all its files are there and verified (they are put together in DIR/.alt-fetch-NAME"
          + " first). A download that broke off is resumed by the next run (an HTTP range request, or from the start"
          + " when the server does not take one); verified files are not downloaded again, so a second run only"
          + " verifies. A file with another SHA-256 is removed and the command fails naming it, both hashes and the URL.",
      "",
      "Examples:",
      "  ./alt datasets fetch emotions scene --into ../shared/datasets",
      "  ./alt datasets fetch rcv1subset1 --into data --from https://mirror.example.org/datasets"
    })
public final class DatasetsFetchCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @Mixin private CatalogueOption catalogueOption;

  @Parameters(arity = "1..*", paramLabel = "NAME", description = "Datasets to fetch, by their name in 'alt datasets list'.")
  private List<String> names;

  @Option(names = "--into", required = true, paramLabel = "DIR",
      description = "The datasets folder to put them in (created if missing), e.g. ../shared/datasets.")
  private Path into;

  @Option(names = "--from", paramLabel = "URL",
      description = "Download from a mirror instead of each dataset's source: URL/NAME/FILE, the files as a datasets"
          + " folder holds them (any HTTP server over a folder 'alt datasets fetch' filled will do).")
  private String from;

  /** Creates the command (picocli fills its fields). */
  public DatasetsFetchCommand() {}

  @Override
  public Integer call() throws Exception {
    if (from != null) {
      checkMirror(from);
    }
    DatasetCatalogue catalogue = catalogueOption.catalogue();
    List<CatalogueDataset> datasets = new ArrayList<>();
    for (String name : new LinkedHashSet<>(names)) {
      datasets.add(catalogue.get(name)); // every name checked before anything is downloaded
    }
    DatasetFetcher.checkSources(datasets, from);
    if (Files.exists(into) && !Files.isDirectory(into)) {
      throw new IllegalArgumentException(into + ": not a folder (--into names the datasets folder)");
    }
    boolean created = !Files.exists(into);
    Files.createDirectories(into);
    DatasetFetcher fetcher = new DatasetFetcher(spec.commandLine().getOut());
    try {
      for (CatalogueDataset d : datasets) {
        fetcher.fetch(d, into, from);
      }
    } catch (java.io.IOException | RuntimeException e) {
      if (created) {
        deleteIfEmpty(into); // a failed first fetch leaves no empty folder behind
      }
      throw e;
    }
    return 0;
  }

  private static void deleteIfEmpty(Path dir) {
    try (java.util.stream.Stream<Path> entries = Files.list(dir)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (java.io.IOException e) {
      // left as it is: the failure being reported matters more
    }
  }

  private void checkMirror(String url) {
    try {
      URI u = new URI(url);
      if (u.getScheme() != null && (u.getScheme().equals("http") || u.getScheme().equals("https")) && u.getHost() != null) {
        return;
      }
    } catch (URISyntaxException e) {
      // refused below
    }
    throw new CommandLine.ParameterException(spec.commandLine(),
        "--from: not an http(s) URL: '" + url + "' (e.g. https://mirror.example.org/datasets)");
  }
}
