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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in catalogue against the real datasets ({@code -Dalt.datasets}, by default {@code ../shared/datasets}
 * beside the repository; skipped with a message when absent): it lists exactly their files and checksums, and
 * {@code alt datasets fetch} from a loopback server over that folder reproduces it byte for byte.
 */
class DatasetsOnSharedDatasetsTest {
  private static Path root() {
    String p = System.getProperty("alt.datasets", "");
    Path root = p.isEmpty() ? Path.of("..", "..", "shared", "datasets") : Path.of(p);
    assumeTrue(Files.isRegularFile(root.resolve("SHA256SUMS")),
        "real datasets not found at " + root.toAbsolutePath() + " (get them with 'alt datasets fetch', see docs/datasets.md): skipped");
    return root;
  }

  @Test
  void theCatalogueListsEveryFileOfTheDatasetsFolderWithItsChecksum() throws IOException {
    Path root = root();
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
    Path root = root();
    List<String> names = List.of("emotions", "corel5k", "rcv1subset1", "yahoo-arts");
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
    Path root = root();
    CliRun v = CliRun.of("datasets", "verify", root.toString());
    assertEquals(0, v.exitCode(), v.out() + v.err());
    assertEquals(DatasetCatalogue.builtIn().datasets().size(), v.out().lines().filter(l -> l.contains(": ok, ")).count(),
        v.out());
    assertTrue(v.out().contains("emotions: ok, 3 files verified"), v.out());
  }
}
