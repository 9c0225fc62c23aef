package org.altml.cli.datasets;

/**
 * One file of a catalogued dataset: where it goes under {@code DIR/NAME}, its size and SHA-256, and its download.
 *
 * @param path the file's relative path under the dataset's folder ({@code emotions-train.arff})
 * @param bytes its size
 * @param sha256 its SHA-256, 64 lowercase hex digits
 * @param source its download, relative to the dataset's base URL or an absolute URL
 * @param unpack how the download becomes the file
 * @param archiveBytes the download's size when it is unpacked (else {@code bytes})
 * @param archiveSha256 the download's SHA-256 when it is unpacked (else {@code sha256})
 * @param entry the zip member that is the file ({@link Unpack#UNZIP} only, else null)
 */
public record CatalogueFile(
    String path, long bytes, String sha256, String source, Unpack unpack, long archiveBytes, String archiveSha256,
    String entry) {

  /** How a download becomes the catalogued file. */
  public enum Unpack {
    /** The download is the file. */
    NONE,
    /** The download is the file compressed with gzip. */
    GUNZIP,
    /** The download is a zip archive; the file is its member {@code entry}. */
    UNZIP
  }

  /** A file that is downloaded as it is. */
  public static CatalogueFile plain(String path, long bytes, String sha256, String source) {
    return new CatalogueFile(path, bytes, sha256, source, Unpack.NONE, bytes, sha256, null);
  }

  /** Whether the download is an archive to unpack. */
  public boolean unpacked() {
    return unpack != Unpack.NONE;
  }
}
