package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.altml.cli.datasets.CatalogueDataset;
import org.altml.cli.datasets.CatalogueFile;
import org.altml.cli.datasets.DatasetCatalogue;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in catalogue against the real datasets ({@link RealDatasets}; skipped with a message when absent): it lists
 * exactly the files and checksums of the maintainers' folder (its {@code SHA256SUMS}), and {@code alt datasets fetch}
 * from a loopback server over that folder reproduces it byte for byte.
 */
class DatasetsOnSharedDatasetsTest {
  /** The datasets folder with every dataset of the catalogue, or the test is skipped naming those missing. */
  private static Path everyDataset() {
    RealDatasets.requireAll(DatasetCatalogue.builtIn().datasets().stream().map(CatalogueDataset::name).toArray(String[]::new));
    return RealDatasets.root().orElseThrow();
  }

  @Test
  void theCatalogueListsEveryFileOfTheDatasetsFolderWithItsChecksum() throws IOException {
    Path root = everyDataset();
    assumeTrue(Files.isRegularFile(root.resolve("SHA256SUMS")), "no SHA256SUMS in " + root + " (the maintainers' checksums)");
    Map<String, String> sums = new TreeMap<>();
    for (String line : Files.readAllLines(root.resolve("SHA256SUMS"))) {
      String[] w = line.strip().split("\\s+", 2);
      sums.put(w[1].replaceFirst("^\\./", ""), w[0]);
    }
    Map<String, String> catalogued = new TreeMap<>();
    for (CatalogueDataset d : DatasetCatalogue.builtIn().datasets()) {
      for (CatalogueFile f : d.files()) {
        catalogued.put(d.name() + "/" + f.path(), f.sha256());
        assertEquals(Files.size(root.resolve(d.name()).resolve(f.path())), f.bytes(), d.name() + "/" + f.path());
      }
    }
    assertEquals(sums, catalogued);
  }

  @Test
  void aFetchFromAMirrorOfTheFolderReproducesItAndVerifies(@TempDir Path tmp) throws IOException {
    List<String> names = List.of("emotions", "corel5k", "rcv1subset1", "yahoo-arts");
    Path root = RealDatasets.requireAll(names.toArray(String[]::new)).get(0).getParent();
    Path into = tmp.resolve("datasets");
    try (LoopbackServer server = new LoopbackServer(root)) {
      String[] args = new String[] {"datasets", "fetch", "--into", into.toString(), "--from", server.url(),
          "emotions", "corel5k", "rcv1subset1", "yahoo-arts"};
      CliRun r = CliRun.of(args);
      assertEquals(0, r.exitCode(), r.err());
      for (String name : names) {
        CatalogueDataset d = DatasetCatalogue.builtIn().get(name);
        for (CatalogueFile f : d.files()) {
          assertArrayEquals(Files.readAllBytes(root.resolve(name).resolve(f.path())),
              Files.readAllBytes(into.resolve(name).resolve(f.path())), name + "/" + f.path());
        }
      }
      int downloads = server.requests().size();
      assertEquals(0, CliRun.of(args).exitCode());
      assertEquals(downloads, server.requests().size(), "a second fetch downloads nothing");
    }
    CliRun v = CliRun.of("datasets", "verify", into.toString());
    assertEquals(0, v.exitCode(), v.err());
    assertEquals(4, v.out().lines().filter(l -> l.contains(": ok, ")).count(), v.out());
  }

  @Test
  void theDatasetsFolderVerifies() {
    Path root = everyDataset();
    CliRun v = CliRun.of("datasets", "verify", root.toString());
    assertEquals(0, v.exitCode(), v.out() + v.err());
    assertEquals(DatasetCatalogue.builtIn().datasets().size(), v.out().lines().filter(l -> l.contains(": ok, ")).count(),
        v.out());
    assertTrue(v.out().contains("emotions: ok, 3 files verified"), v.out());
  }
}
