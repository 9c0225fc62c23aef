package org.altml.sparse.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;

/**
 * A folder of real datasets laid out as {@code alt datasets fetch} writes it ({@code DIR/NAME/...}): hands the tests
 * the files they read, or aborts the test (a skip) naming the dataset it lacks, and records every dataset found missing
 * so that {@link RealDatasetsSummary} can say once, at the end of the run, which ones and how to get them.
 * {@link RealDatasets} is the one folder of the build ({@code -Dalt.datasets}); tests of this class make their own.
 */
public final class RealDatasetFolder {
  /** What was found missing: the number of tests skipped and the datasets they needed. */
  public record Missing(int tests, SortedSet<String> datasets) {
    public Missing {
      datasets = Collections.unmodifiableSortedSet(new TreeSet<>(datasets));
    }
  }

  private final Path folder;
  private final SortedSet<String> missing = new TreeSet<>();
  private int skipped;

  /** The datasets in {@code folder} (which need not exist). */
  public RealDatasetFolder(Path folder) {
    this.folder = folder.toAbsolutePath().normalize();
  }

  /**
   * The folder the tests read: the system property's value when given (not blank), else {@code ../shared/datasets}
   * beside the repository: the folder of the build's root {@code pom.xml}, found by going up from {@code workingDir} (a
   * module's folder, where surefire runs the tests, or the root itself) as long as the parent holds a {@code pom.xml}.
   */
  public static Path configured(String property, Path workingDir) {
    if (property != null && !property.isBlank()) {
      return Path.of(property).toAbsolutePath().normalize();
    }
    return defaultFolder(workingDir);
  }

  /** {@code ../shared/datasets} beside the repository that holds {@code workingDir} (or beside it, outside one). */
  static Path defaultFolder(Path workingDir) {
    Path top = workingDir.toAbsolutePath().normalize();
    while (top.getParent() != null && Files.isRegularFile(top.getParent().resolve("pom.xml"))) {
      top = top.getParent();
    }
    return top.resolveSibling("shared").resolve("datasets");
  }

  /** The folder looked in (absolute). */
  public Path folder() {
    return folder;
  }

  /** The folder, when it exists. */
  public Optional<Path> root() {
    return Files.isDirectory(folder) ? Optional.of(folder) : Optional.empty();
  }

  /**
   * {@code folder/relative} (a dataset's folder, {@code "emotions"}, or one of its files,
   * {@code "emotions/emotions-train.arff"}); when it is not there the test is aborted (skipped) with a short message
   * naming the dataset (the first name of the path), which is recorded.
   */
  public Path require(String relative) {
    return requireAll(relative).get(0);
  }

  /** Like {@link #require(String)} for several paths: all of them, or the test is aborted naming every dataset missing. */
  public List<Path> requireAll(String... relatives) {
    List<Path> found = new ArrayList<>();
    SortedSet<String> lacking = new TreeSet<>();
    List<String> files = new ArrayList<>();
    for (String r : relatives) {
      Path p = folder.resolve(r);
      found.add(p);
      if (!Files.exists(p)) {
        lacking.add(datasetOf(r));
        files.add(r);
      }
    }
    if (!lacking.isEmpty()) {
      record(lacking);
      Assumptions.abort(abortMessage(lacking, files));
    }
    return found;
  }

  /** {@code folder/relative} when it is there, recording nothing: for files outside the catalogue of {@code alt datasets}. */
  public Optional<Path> find(String relative) {
    Path p = folder.resolve(relative);
    return Files.exists(p) ? Optional.of(p) : Optional.empty();
  }

  /** What was found missing so far. */
  public synchronized Missing missing() {
    return new Missing(skipped, missing);
  }

  /** What was found missing so far, forgetting it (so that a summary is given once). */
  public synchronized Missing takeMissing() {
    Missing m = missing();
    missing.clear();
    skipped = 0;
    return m;
  }

  private synchronized void record(SortedSet<String> datasets) {
    missing.addAll(datasets);
    skipped++;
  }

  /** The dataset a relative path belongs to: its first name. */
  static String datasetOf(String relative) {
    Path p = Path.of(relative).normalize();
    return p.getNameCount() == 0 ? relative : p.getName(0).toString();
  }

  private String abortMessage(SortedSet<String> datasets, List<String> files) {
    String what = files.size() == 1 && !files.get(0).equals(datasets.first()) ? " (" + files.get(0) + ")" : "";
    return "real dataset" + (datasets.size() == 1 ? " " : "s ") + String.join(", ", datasets) + what + " not in " + folder
        + ": skipped (how to get it: the summary at the end of the run, docs/datasets.md)";
  }
}
