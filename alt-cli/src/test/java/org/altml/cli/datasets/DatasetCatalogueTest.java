package org.altml.cli.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;

/** The catalogue's format: what it accepts, and a refusal naming the line and the problem for what it does not. */
class DatasetCatalogueTest {
  private static final String SHA = "a".repeat(64);

  private static DatasetCatalogue parse(String text) throws IOException {
    return DatasetCatalogue.parse(new StringReader(text), "cat.txt");
  }

  private static String refusal(String text) {
    return assertThrows(DataFormatException.class, () -> parse(text)).getMessage();
  }

  @Test
  void readsDatasetsFilesAndSources() throws IOException {
    DatasetCatalogue c = parse("# comment\ndataset d https://h.example/base/\n origin o\n licence l\n paper yes\n"
        + " file d-train.arff 10 " + SHA + "\n file d.xml 3 " + SHA + " source=D.xml\n"
        + "dataset m -\n file sub/m.arff.gz 5 " + SHA + "\n");
    assertEquals(List.of("d", "m"), c.datasets().stream().map(CatalogueDataset::name).toList());
    CatalogueDataset d = c.get("d");
    assertTrue(d.paper() && d.downloadable());
    assertEquals(13, d.bytes());
    assertEquals(URI.create("https://h.example/base/D.xml"), d.sourceOf(d.files().get(1), null));
    assertEquals(URI.create("http://m.example/x/d/d.xml"), d.sourceOf(d.files().get(1), "http://m.example/x/"));
    CatalogueDataset m = c.get("m");
    assertTrue(!m.downloadable() && !m.paper());
    assertEquals(URI.create("http://m.example/m/sub/m.arff.gz"), m.sourceOf(m.files().get(0), "http://m.example"));
  }

  @Test
  void refusesWhatItCannotRead() {
    assertEquals("cat.txt:2: not a SHA-256 (64 lowercase hex digits): abc",
        refusal("dataset d -\nfile a 1 abc\n"));
    assertEquals("cat.txt:1: unknown keyword 'datset' (dataset, origin, licence, paper, file)",
        refusal("datset d -\n"));
    assertEquals("cat.txt:1: a dataset's details before its 'dataset NAME BASE-URL' line",
        refusal("file a 1 " + SHA + "\n"));
    assertEquals("cat.txt:2: unpack=bunzip2 is not supported (gunzip, unzip)",
        refusal("dataset d -\nfile a 1 " + SHA + " unpack=bunzip2 archive-bytes=2 archive-sha256=" + SHA + "\n"));
    assertEquals("cat.txt:2: unpack=gunzip needs the download's archive-bytes= and archive-sha256=",
        refusal("dataset d -\nfile a 1 " + SHA + " unpack=gunzip\n"));
    assertEquals("cat.txt:2: entry= names the zip member: it goes with unpack=unzip, which needs it",
        refusal("dataset d -\nfile a 1 " + SHA + " unpack=unzip archive-bytes=2 archive-sha256=" + SHA + "\n"));
    assertEquals("cat.txt:2: the path ../a must be relative, below the dataset's folder, without hidden parts",
        refusal("dataset d -\nfile ../a 1 " + SHA + "\n"));
    assertEquals("cat.txt:1: not an http(s) URL: ftp://x/y", refusal("dataset d ftp://x/y\n"));
    assertEquals("cat.txt:3: dataset d is listed twice", refusal("dataset d -\nfile a 1 " + SHA + "\ndataset d -\n"));
    assertEquals("cat.txt:2: dataset d has no file", refusal("dataset d -\ndataset e -\nfile a 1 " + SHA + "\n"));
    assertEquals("cat.txt:3: dataset d lists a file twice", refusal("dataset d -\nfile a 1 " + SHA + "\nfile a 2 " + SHA + "\n"));
    assertEquals("cat.txt:2: not a size in bytes: x", refusal("dataset d -\nfile a x " + SHA + "\n"));
    assertEquals("cat.txt:2: unknown file option 'sorce=b' (source=, unpack=, archive-bytes=, archive-sha256=, entry=)",
        refusal("dataset d -\nfile a 1 " + SHA + " sorce=b\n"));
    assertEquals("cat.txt: no dataset in the catalogue", refusal(""));
  }

  /** Every public download is pinned: https, and for Mulan's repository one commit, so the checksums cannot drift. */
  @Test
  void theBuiltInCatalogueIsPinned() {
    DatasetCatalogue c = DatasetCatalogue.builtIn();
    assertEquals(20, c.datasets().size());
    assertEquals(10, c.datasets().stream().filter(CatalogueDataset::paper).count());
    for (CatalogueDataset d : c.datasets()) {
      assertTrue(!d.origin().isEmpty() && !d.licence().isEmpty(), d.name() + ": origin and licence");
      if (d.downloadable()) {
        assertTrue(d.base().matches("https://raw\\.githubusercontent\\.com/tsoumakas/mulan/[0-9a-f]{40}/data/multi-label/"
            + d.name()), d.base());
      }
    }
    CatalogueDataset corel = c.get("corel5k");
    assertEquals(URI.create(corel.base() + "/Corel5k-train-sparse.arff"), corel.sourceOf(corel.files().get(0), null));
  }

  /** docs/datasets.md gives every catalogued file with its size and SHA-256, as the catalogue does. */
  @Test
  void theDatasetsPageListsEveryFileWithItsChecksum() throws IOException {
    String page = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "datasets.md"));
    java.util.List<String> missing = new java.util.ArrayList<>();
    for (CatalogueDataset d : DatasetCatalogue.builtIn().datasets()) {
      for (CatalogueFile f : d.files()) {
        String row = "| `" + d.name() + "/" + f.path() + "` | " + String.format(java.util.Locale.ROOT, "%,d", f.bytes())
            + " | `" + f.sha256() + "` | ";
        if (!page.contains(row)) {
          missing.add(row);
        }
      }
    }
    assertEquals(List.of(), missing, "rows of docs/datasets.md that do not match the catalogue");
  }
}
