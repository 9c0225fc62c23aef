package org.altml.cli.datasets;

import java.net.URI;
import java.util.List;

/**
 * One dataset of the catalogue: its name (the folder under the datasets directory), the base URL its files are
 * downloaded from ({@code null} when no public download holds these exact files: they come only from a mirror),
 * where it comes from, its licence and its files.
 */
public record CatalogueDataset(String name, String base, String origin, String licence, boolean paper,
    List<CatalogueFile> files) {

  /** Whether {@code alt datasets fetch} can get it without {@code --from}. */
  public boolean downloadable() {
    return base != null;
  }

  /** The total size of its files. */
  public long bytes() {
    return files.stream().mapToLong(CatalogueFile::bytes).sum();
  }

  /**
   * Where {@code file} is downloaded from: {@code mirror/NAME/PATH} (the file as it is laid out) when a mirror is
   * given, else its source resolved against the base URL.
   */
  public URI sourceOf(CatalogueFile file, String mirror) {
    if (mirror != null) {
      return URI.create(stripSlash(mirror) + "/" + name + "/" + file.path());
    }
    if (base == null) {
      throw new IllegalStateException(name + " has no public download");
    }
    if (file.source().contains("://")) {
      return URI.create(file.source());
    }
    return URI.create(stripSlash(base) + "/" + file.source());
  }

  private static String stripSlash(String url) {
    String u = url;
    while (u.endsWith("/")) {
      u = u.substring(0, u.length() - 1);
    }
    return u;
  }
}
