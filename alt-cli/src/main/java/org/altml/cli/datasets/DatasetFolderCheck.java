package org.altml.cli.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.altml.sparse.Sha256;

/**
 * Checks a datasets folder against the catalogue ({@code alt datasets verify}): for each dataset whose folder is
 * there (or each one asked for), every catalogued file must be present with the catalogue's size and SHA-256.
 * Files the catalogue does not list are left alone.
 */
public final class DatasetFolderCheck {
  private DatasetFolderCheck() {}

  /** What the check found for one dataset; no problems means every file is there and verified. */
  public record Report(CatalogueDataset dataset, List<String> problems) {
    /** Whether every file is there and verified. */
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  /**
   * The reports for {@code names} in {@code dir} (a missing folder is a problem), or, when {@code names} is empty,
   * for every catalogued dataset whose folder {@code dir} holds.
   *
   * @throws IllegalArgumentException when {@code names} is empty and {@code dir} holds no catalogued dataset
   */
  public static List<Report> check(DatasetCatalogue catalogue, Path dir, List<String> names) throws IOException {
    if (!Files.exists(dir)) {
      throw new NoSuchFileException(dir.toString(), null, "no such folder");
    }
    if (!Files.isDirectory(dir)) {
      throw new NotDirectoryException(dir.toString());
    }
    List<CatalogueDataset> datasets = new ArrayList<>();
    if (names.isEmpty()) {
      for (CatalogueDataset d : catalogue.datasets()) {
        if (Files.isDirectory(dir.resolve(d.name()))) {
          datasets.add(d);
        }
      }
      if (datasets.isEmpty()) {
        throw new IllegalArgumentException(dir + ": no dataset of the catalogue here (a folder per dataset, named as in"
            + " 'alt datasets list'); get them with 'alt datasets fetch NAME... --into " + dir + "'");
      }
    } else {
      for (String name : names) {
        datasets.add(catalogue.get(name));
      }
    }
    List<Report> reports = new ArrayList<>();
    for (CatalogueDataset d : datasets) {
      reports.add(new Report(d, problems(d, dir.resolve(d.name()))));
    }
    return reports;
  }

  /** What is wrong with {@code folder} as dataset {@code d}: one entry per missing or wrong file. */
  static List<String> problems(CatalogueDataset d, Path folder) throws IOException {
    List<String> problems = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      problems.add(Files.exists(folder) ? "not a folder" : "missing (no folder " + folder + ")");
      return problems;
    }
    for (CatalogueFile f : d.files()) {
      String problem = problem(folder.resolve(f.path()), f.bytes(), f.sha256());
      if (problem != null) {
        problems.add(f.path() + ": " + problem);
      }
    }
    return problems;
  }

  /** Null when {@code file} has the size and SHA-256 given, else what is wrong with it. */
  static String problem(Path file, long bytes, String sha256) throws IOException {
    if (!Files.isRegularFile(file)) {
      return Files.exists(file) ? "not a file" : "missing";
    }
    long size = Files.size(file);
    String actual = sha256(file);
    if (actual.equals(sha256)) {
      return null;
    }
    return "SHA-256 " + actual + ", expected " + sha256 + (size != bytes ? " (" + size + " bytes, expected " + bytes + ")" : "");
  }

  /** The SHA-256 of {@code file}'s bytes as 64 lowercase hex digits. */
  public static String sha256(Path file) throws IOException {
    MessageDigest digest = Sha256.digest();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = in.read(buffer)) >= 0) {
        digest.update(buffer, 0, n);
      }
    }
    return Sha256.hex(digest);
  }
}
