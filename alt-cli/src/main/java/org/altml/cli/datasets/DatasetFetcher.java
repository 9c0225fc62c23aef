package org.altml.cli.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Fetches catalogued datasets into a datasets folder ({@code alt datasets fetch}), in the layout the experiments and
 * tests read ({@code DIR/NAME/FILE}).
 *
 * <p>Atomic: a dataset's files are downloaded into a hidden folder {@code DIR/.alt-fetch-NAME}, each verified against
 * the catalogue's SHA-256 (an archive, then the file unpacked from it), and the folder is renamed to {@code DIR/NAME}
 * only when every file is there and verified; a folder already under that name that lacks files or holds wrong ones
 * gets the verified files moved in one by one. Resumable: a download that broke off is continued with an HTTP range
 * request (or restarted when the server ignores ranges), and files verified by an earlier attempt are not downloaded
 * again. A file whose SHA-256 is not the catalogue's is removed and the fetch fails naming the file, both hashes
 * and the URL.
 */
public final class DatasetFetcher {
  /** The prefix of the hidden folder a dataset is put together in. */
  public static final String STAGING_PREFIX = ".alt-fetch-";

  private final HttpDownload http;
  private final PrintWriter out;

  /** A fetcher that downloads with {@code client} and reports each file and dataset on {@code out}. */
  public DatasetFetcher(HttpClient client, PrintWriter out) {
    this.http = new HttpDownload(client);
    this.out = out;
  }

  /** A fetcher with the command's HTTP client. */
  public DatasetFetcher(PrintWriter out) {
    this(HttpDownload.newClient(), out);
  }

  /**
   * Puts dataset {@code d} into {@code dir/NAME}, downloaded from its source or, when {@code mirror} is not null, from
   * {@code mirror/NAME/FILE}; does nothing but verify when the folder is complete already.
   */
  public void fetch(CatalogueDataset d, Path dir, String mirror) throws IOException {
    checkSources(List.of(d), mirror);
    Path lockFile = dir.resolve(STAGING_PREFIX + d.name() + ".lock");
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = tryLock(channel)) {
      if (lock == null) {
        throw new DatasetFetchException(dir.resolve(d.name()) + ": another 'alt datasets fetch' is fetching it now ("
            + lockFile + " is locked); let it finish, then run this one again");
      }
      try {
        fetchLocked(d, dir, mirror);
      } finally {
        Files.deleteIfExists(lockFile);
      }
    }
  }

  /**
   * Refuses, before anything is downloaded, datasets that no public download holds when no mirror is given.
   *
   * @throws IllegalArgumentException naming them and what to do
   */
  public static void checkSources(List<CatalogueDataset> datasets, String mirror) {
    if (mirror != null) {
      return;
    }
    List<CatalogueDataset> mirrorOnly = datasets.stream().filter(d -> !d.downloadable()).toList();
    if (!mirrorOnly.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", mirrorOnly.stream().map(CatalogueDataset::name).toList())
          + ": no public download holds these files (" + mirrorOnly.get(0).origin() + "); give --from URL of a mirror"
          + " that does (see docs/datasets.md)");
    }
  }

  /** The lock, or null when another process (or another fetch of this one) holds it. */
  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (java.nio.channels.OverlappingFileLockException e) {
      return null;
    }
  }

  private void fetchLocked(CatalogueDataset d, Path dir, String mirror) throws IOException {
    Path target = dir.resolve(d.name());
    if (Files.exists(target) && !Files.isDirectory(target)) {
      throw new FileAlreadyExistsException(target.toString(), null, "exists and is not a folder: move it away");
    }
    List<CatalogueFile> needed = new ArrayList<>();
    int wrong = 0;
    for (CatalogueFile f : d.files()) {
      String problem = Files.isDirectory(target) ? DatasetFolderCheck.problem(target.resolve(f.path()), f.bytes(), f.sha256())
          : "missing";
      if (problem != null) {
        needed.add(f);
        if (!problem.equals("missing")) {
          out.println("  " + f.path() + ": " + problem + "; it will be replaced");
          wrong++;
        }
      }
    }
    Path staging = dir.resolve(STAGING_PREFIX + d.name());
    if (needed.isEmpty()) {
      deleteTree(staging); // left by an attempt that another one finished
      out.println(d.name() + ": already there, " + d.files().size() + " files verified in " + target);
      out.flush();
      return;
    }
    Files.createDirectories(staging);
    try {
      for (CatalogueFile f : needed) {
        try {
          obtain(d, f, staging, mirror);
        } catch (ChecksumMismatch e) {
          deleteTree(staging); // the source is wrong: nothing of it is kept
          throw e;
        }
      }
      deleteTree(staging.resolve(ARCHIVES));
      if (!Files.exists(target)) {
        Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
      } else {
        for (CatalogueFile f : needed) {
          Path into = target.resolve(f.path());
          Files.createDirectories(into.getParent());
          Files.move(staging.resolve(f.path()), into, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        deleteTree(staging);
      }
    } finally {
      deleteIfNothingKept(staging);
    }
    long bytes = needed.stream().mapToLong(CatalogueFile::bytes).sum();
    out.println(d.name() + ": " + (needed.size() == d.files().size() ? d.files().size() + " files"
        : needed.size() + " of " + d.files().size() + " files" + (wrong > 0 ? " (" + wrong + " replaced)" : ""))
        + " fetched and verified, " + bytes + " bytes, in " + target);
    out.flush();
  }

  /** Where the archives a dataset's files are unpacked from are kept, inside its staging folder. */
  private static final String ARCHIVES = ".archives";

  /** Puts {@code f}, verified, at its path under {@code staging}. */
  private void obtain(CatalogueDataset d, CatalogueFile f, Path staging, String mirror) throws IOException {
    Path dest = staging.resolve(f.path());
    String what = d.name() + "/" + f.path();
    if (Files.exists(dest)) {
      if (DatasetFolderCheck.problem(dest, f.bytes(), f.sha256()) == null) {
        out.println("  " + f.path() + ": verified by an earlier attempt");
        return;
      }
      Files.delete(dest);
    }
    Files.createDirectories(dest.getParent());
    URI uri = d.sourceOf(f, mirror);
    if (mirror != null || !f.unpacked()) {
      Path part = dest.resolveSibling(dest.getFileName() + ".part");
      download(uri, part, f.bytes(), f.sha256(), what);
      Files.move(part, dest, StandardCopyOption.ATOMIC_MOVE);
      return;
    }
    Path archive = staging.resolve(ARCHIVES).resolve(f.archiveSha256());
    if (!Files.exists(archive) || DatasetFolderCheck.problem(archive, f.archiveBytes(), f.archiveSha256()) != null) {
      Files.createDirectories(archive.getParent());
      Files.deleteIfExists(archive);
      Path part = archive.resolveSibling(archive.getFileName() + ".part");
      download(uri, part, f.archiveBytes(), f.archiveSha256(), what + " (the archive " + uri.getPath() + ")");
      Files.move(part, archive, StandardCopyOption.ATOMIC_MOVE);
    }
    Path unpacked = dest.resolveSibling(dest.getFileName() + ".unpacked");
    unpack(archive, f, unpacked, uri);
    String problem = DatasetFolderCheck.problem(unpacked, f.bytes(), f.sha256());
    if (problem != null) {
      Files.delete(unpacked);
      throw new ChecksumMismatch(what + ": checksum mismatch: " + problem + ", unpacked from " + uri
          + "; the file was removed");
    }
    Files.move(unpacked, dest, StandardCopyOption.ATOMIC_MOVE);
    out.println("  " + f.path() + ": " + f.bytes() + " bytes, unpacked from " + uri);
  }

  /**
   * Downloads {@code uri} into {@code part} (continuing it), verifies it, and when the bytes are not the catalogue's
   * removes them: once more from the start if a resumed download failed the check, then an error.
   */
  private void download(URI uri, Path part, long bytes, String sha256, String what) throws IOException {
    HttpDownload.Outcome o = http.fetch(uri, part, bytes);
    String problem = DatasetFolderCheck.problem(part, bytes, sha256);
    if (problem != null && o.resumedFrom() > 0) {
      Files.delete(part); // the earlier part may be of another file: the whole file once more
      out.println("  " + what + ": the resumed download does not verify; downloading it again from the start");
      o = http.fetch(uri, part, bytes);
      problem = DatasetFolderCheck.problem(part, bytes, sha256);
    }
    if (problem != null) {
      Files.deleteIfExists(part);
      throw new ChecksumMismatch(what + ": checksum mismatch: " + problem + ", downloaded from " + uri
          + "; the file was removed (the source changed or the download was corrupted: try again, or give --from a"
          + " mirror that holds the catalogued files)");
    }
    out.println("  " + what.substring(what.indexOf('/') + 1) + ": " + bytes + " bytes"
        + (o.resumedFrom() > 0 ? ", resumed at byte " + o.resumedFrom() : "") + " from " + uri);
  }

  /** A file whose bytes are not the catalogue's. */
  private static final class ChecksumMismatch extends DatasetFetchException {
    private static final long serialVersionUID = 1L;

    ChecksumMismatch(String message) {
      super(message);
    }
  }

  /** Writes the member {@code f} names of {@code archive} to {@code to}, at most one byte more than catalogued. */
  private static void unpack(Path archive, CatalogueFile f, Path to, URI uri) throws IOException {
    if (f.unpack() == CatalogueFile.Unpack.GUNZIP) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(archive), 1 << 16)) {
        copy(in, to, f.bytes() + 1);
      } catch (java.util.zip.ZipException e) {
        throw new DatasetFetchException(uri + ": not a gzip file (" + e.getMessage() + ")", e);
      }
      return;
    }
    try (ZipFile zip = new ZipFile(archive.toFile())) {
      ZipEntry entry = zip.getEntry(f.entry());
      if (entry == null || entry.isDirectory()) {
        throw new DatasetFetchException(uri + ": the archive has no file " + f.entry() + " (the catalogue's entry= for "
            + f.path() + ")");
      }
      try (InputStream in = zip.getInputStream(entry)) {
        copy(in, to, f.bytes() + 1);
      }
    } catch (java.util.zip.ZipException e) {
      throw new DatasetFetchException(uri + ": not a zip archive (" + e.getMessage() + ")", e);
    }
  }

  private static void copy(InputStream in, Path to, long limit) throws IOException {
    try (OutputStream out = Files.newOutputStream(to)) {
      byte[] buffer = new byte[1 << 16];
      long left = limit;
      int n;
      while (left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0) {
        out.write(buffer, 0, n);
        left -= n;
      }
    }
  }

  /** Removes the staging folder when a failure left nothing in it worth keeping for the next attempt. */
  private static void deleteIfNothingKept(Path staging) throws IOException {
    if (!Files.isDirectory(staging)) {
      return;
    }
    try (Stream<Path> files = Files.walk(staging)) {
      if (files.noneMatch(Files::isRegularFile)) {
        deleteTree(staging);
      }
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** The hidden staging folders an unfinished fetch left in {@code dir}. */
  public static List<Path> unfinished(Path dir) throws IOException {
    List<Path> found = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, STAGING_PREFIX + "*")) {
        s.forEach(p -> {
          if (Files.isDirectory(p)) {
            found.add(p);
          }
        });
      }
    }
    return found;
  }
}
