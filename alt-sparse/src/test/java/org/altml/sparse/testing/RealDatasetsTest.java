package org.altml.sparse.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

class RealDatasetsTest {
  @TempDir Path tmp;

  private RealDatasetFolder folderWithEmotions() throws IOException {
    Path root = tmp.resolve("datasets");
    Files.createDirectories(root.resolve("emotions"));
    Files.writeString(root.resolve("emotions").resolve("emotions-train.arff"), "@relation emotions\n");
    return new RealDatasetFolder(root);
  }

  @Test
  void aPresentFileOrFolderIsReturnedAndNothingIsRecorded() throws IOException {
    RealDatasetFolder f = folderWithEmotions();
    assertEquals(tmp.resolve("datasets/emotions/emotions-train.arff"), f.require("emotions/emotions-train.arff"));
    assertEquals(tmp.resolve("datasets/emotions"), f.require("emotions"));
    assertEquals(Optional.of(tmp.resolve("datasets")), f.root());
    assertEquals(new RealDatasetFolder.Missing(0, new TreeSet<>()), f.missing());
  }

  @Test
  void aMissingFileAbortsTheTestNamingItsDatasetAndIsRecorded() throws IOException {
    RealDatasetFolder f = folderWithEmotions();
    TestAbortedException e = assertThrows(TestAbortedException.class, () -> f.require("emotions/emotions-test.arff"));
    assertEquals("real dataset emotions (emotions/emotions-test.arff) not in " + tmp.resolve("datasets")
        + ": skipped (how to get it: the summary at the end of the run, docs/datasets.md)", e.getMessage());
    e = assertThrows(TestAbortedException.class, () -> f.requireAll("emotions/emotions-train.arff", "yeast", "scene/scene-test.arff"));
    assertTrue(e.getMessage().startsWith("real datasets scene, yeast not in "), e.getMessage());
    assertEquals(new RealDatasetFolder.Missing(2, new TreeSet<>(Set.of("emotions", "scene", "yeast"))), f.takeMissing());
    assertEquals(0, f.missing().tests(), "taken");
    assertEquals(Optional.empty(), f.find("medical/medical.arff"));
    assertEquals(0, f.missing().tests(), "find records nothing");
  }

  @Test
  void aFolderThatDoesNotExistLacksEveryDataset() {
    RealDatasetFolder f = new RealDatasetFolder(tmp.resolve("nowhere"));
    assertEquals(Optional.empty(), f.root());
    assertThrows(TestAbortedException.class, () -> f.require("bibtex"));
    assertEquals(List.of("bibtex"), List.copyOf(f.missing().datasets()));
  }

  @Test
  void theFolderIsThePropertyOrSharedDatasetsBesideTheRepository() throws IOException {
    assertEquals(tmp.resolve("d"), RealDatasetFolder.configured(tmp.resolve("d").toString(), tmp));
    Path repo = tmp.resolve("repo");
    Files.createDirectories(repo.resolve("alt-cli/src"));
    Files.writeString(repo.resolve("pom.xml"), "<project/>");
    Files.writeString(repo.resolve("alt-cli/pom.xml"), "<project/>");
    Path expected = tmp.resolve("shared/datasets");
    assertEquals(expected, RealDatasetFolder.configured(null, repo.resolve("alt-cli")));
    assertEquals(expected, RealDatasetFolder.configured(" ", repo));
    assertEquals(expected, RealDatasetFolder.configured("", repo.resolve("alt-cli/src")));
    // a pom.xml further up, not the parent of the build's root, belongs to something else
    Path nested = tmp.resolve("outer/clones/alt");
    Files.createDirectories(nested.resolve("alt-core"));
    Files.writeString(tmp.resolve("outer/pom.xml"), "<project/>");
    Files.writeString(nested.resolve("pom.xml"), "<project/>");
    Files.writeString(nested.resolve("alt-core/pom.xml"), "<project/>");
    assertEquals(tmp.resolve("outer/clones/shared/datasets"), RealDatasetFolder.configured(null, nested.resolve("alt-core")));
  }

  @Test
  void theDatasetOfAPathIsItsFirstName() {
    assertEquals("emotions", RealDatasetFolder.datasetOf("emotions/emotions-train.arff"));
    assertEquals("rcv1subset1", RealDatasetFolder.datasetOf("./rcv1subset1/rcv1subset1.arff.gz"));
    assertEquals("bibtex", RealDatasetFolder.datasetOf("bibtex"));
  }

  @Test
  void theSummaryNamesTheDatasetsTheFolderAndTheCommand() {
    var missing = new RealDatasetFolder.Missing(12, new TreeSet<>(Set.of("yeast", "emotions", "rcv1subset1")));
    String nl = System.lineSeparator();
    assertEquals(nl
        + "Real datasets missing: 12 tests skipped, the data they read are not in /x/shared/datasets (no such folder):" + nl
        + "  emotions, rcv1subset1, yeast" + nl
        + "To run them, from the repository root:" + nl
        + "  ./alt datasets fetch emotions rcv1subset1 yeast --into ../shared/datasets" + nl
        + "(or give the tests a folder that holds them: -Dalt.datasets=DIR; the datasets marked 'mirror only' in"
        + " docs/datasets.md need --from URL)" + nl,
        RealDatasetsSummary.text(missing, Path.of("/x/shared/datasets"), false, true));
    String other = RealDatasetsSummary.text(new RealDatasetFolder.Missing(1, new TreeSet<>(Set.of("bibtex"))),
        Path.of("/data/alt"), true, false);
    assertTrue(other.contains("Real datasets missing: 1 test skipped, the data they read are not in /data/alt:" + nl), other);
    assertTrue(other.contains("  ./alt datasets fetch bibtex --into /data/alt" + nl), other);
  }

  @Test
  void theListenerPrintsTheSummaryOnceAndNothingWhenNothingIsMissing() throws IOException {
    RealDatasetFolder f = folderWithEmotions();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RealDatasetsSummary listener = new RealDatasetsSummary(f, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    f.require("emotions/emotions-train.arff");
    listener.testPlanExecutionFinished(null);
    assertEquals("", bytes.toString(StandardCharsets.UTF_8), "nothing missing, nothing said");
    assertThrows(TestAbortedException.class, () -> f.require("scene"));
    assertThrows(TestAbortedException.class, () -> f.require("scene/scene-train.arff"));
    listener.testPlanExecutionFinished(null);
    String said = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(RealDatasetsSummary.text(new RealDatasetFolder.Missing(2, new TreeSet<>(Set.of("scene"))), f.folder(), true,
        false), said);
    listener.testPlanExecutionFinished(null);
    assertEquals(said, bytes.toString(StandardCharsets.UTF_8), "said once");
  }
}
