package org.altml.sparse.testing;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The real datasets the data-dependent tests read, in the folder of the system property {@code alt.datasets} (the
 * build sets it; by default {@code ../shared/datasets} beside the repository). A test asks for the files it reads:
 * {@code Path train = RealDatasets.require("emotions/emotions-train.arff");} returns the file, or skips the test with a
 * short message naming the dataset, and {@link RealDatasetsSummary} says once per run which datasets were missing and
 * how to get them ({@code alt datasets fetch}, docs/datasets.md). Published in alt-sparse's test-jar.
 */
public final class RealDatasets {
  /** The system property naming the folder. */
  public static final String PROPERTY = "alt.datasets";

  private static final RealDatasetFolder FOLDER =
      new RealDatasetFolder(RealDatasetFolder.configured(System.getProperty(PROPERTY), Path.of("")));

  private RealDatasets() {}

  /** The folder of this run's tests (absolute; it may not exist). */
  public static RealDatasetFolder folder() {
    return FOLDER;
  }

  /** The datasets folder, when it exists. */
  public static Optional<Path> root() {
    return FOLDER.root();
  }

  /** A dataset's folder ({@code "emotions"}) or file ({@code "emotions/emotions-train.arff"}), or the test is skipped. */
  public static Path require(String relative) {
    return FOLDER.require(relative);
  }

  /** Several datasets' folders or files, or the test is skipped naming every dataset missing. */
  public static List<Path> requireAll(String... relatives) {
    return FOLDER.requireAll(relatives);
  }

  /** A file outside the catalogue of {@code alt datasets}, when present (a test skips by itself without it). */
  public static Optional<Path> find(String relative) {
    return FOLDER.find(relative);
  }
}
