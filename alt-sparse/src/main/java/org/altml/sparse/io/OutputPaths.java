package org.altml.sparse.io;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Questions about output paths that a tool asks before writing, such as "would this output overwrite one
 * of my inputs?" ({@link #sameFile}). {@link AtomicOutput} uses the same rules to decide where its bytes
 * go.
 */
public final class OutputPaths {
  /** Most symbolic links followed in a chain (Linux's limit). */
  private static final int MAX_LINKS = 40;

  private OutputPaths() {}

  /**
   * Whether {@code a} and {@code b} name the same file: the same inode when both exist
   * ({@link Files#isSameFile}: symbolic links, hard links, {@code ./x} and {@code x}); otherwise the same
   * path once made absolute, normalised and with symbolic links followed (also a dangling link and the
   * file it would create). {@code "-"} stands for standard input ({@code /dev/stdin}, so {@code < file}
   * is recognised where the system shows it).
   *
   * @throws IOException if a path cannot be examined
   */
  public static boolean sameFile(Path a, Path b) throws IOException {
    Path x = standardInputAsFile(a);
    Path y = standardInputAsFile(b);
    if (x == null || y == null) {
      return false;
    }
    if (Files.exists(x) && Files.exists(y)) {
      return Files.isSameFile(x, y);
    }
    return canonical(x).equals(canonical(y));
  }

  /** {@code p}, or {@code /dev/stdin} for {@code "-"} (null when the system has none). */
  private static Path standardInputAsFile(Path p) {
    if (!InputNames.isStandardInput(p)) {
      return p;
    }
    Path stdin = Path.of("/dev/stdin");
    return Files.exists(stdin) ? stdin : null;
  }

  /** The path with every symbolic link followed, as far as the files exist. */
  private static Path canonical(Path p) throws IOException {
    Path absolute = resolveLinks(p.toAbsolutePath().normalize(), p.toString());
    Path dir = absolute.getParent();
    if (dir != null && Files.exists(dir)) {
      return dir.toRealPath().resolve(absolute.getFileName());
    }
    return absolute;
  }

  /**
   * Whether {@code absolute} names an open descriptor rather than a file: {@code /dev/stdout},
   * {@code /dev/stderr}, {@code /dev/stdin}, {@code /dev/fd/N}, {@code /proc/self/fd/N},
   * {@code /proc/PID/fd/N}. Written in place by {@link AtomicOutput}.
   */
  public static boolean isDescriptor(Path absolute) {
    String s = absolute.toString().replace('\\', '/');
    return s.equals("/dev/stdout") || s.equals("/dev/stderr") || s.equals("/dev/stdin")
        || s.matches("/dev/fd/\\d+") || s.matches("/proc/(self|\\d+)/fd/\\d+");
  }

  /**
   * Follows {@code absolute} while it is a symbolic link (relative links from the link's directory) to the
   * file a write should replace, which need not exist.
   *
   * @param shown the path as the caller gave it, for the message
   * @throws FileSystemException naming {@code shown} after {@value #MAX_LINKS} links (a loop)
   */
  static Path resolveLinks(Path absolute, String shown) throws IOException {
    Path p = absolute;
    for (int hops = 0; Files.isSymbolicLink(p); hops++) {
      if (hops == MAX_LINKS) {
        throw new FileSystemException(shown, null, "too many levels of symbolic links");
      }
      Path link = Files.readSymbolicLink(p);
      Path dir = p.getParent();
      p = (dir == null ? link : dir.resolve(link)).toAbsolutePath().normalize();
    }
    return p;
  }

  /**
   * The outermost folder of {@code dir}'s path that does not exist yet ({@code dir} itself when only it is missing), or
   * null when {@code dir} exists: what {@link java.nio.file.Files#createDirectories} would make.
   */
  public static Path firstMissing(Path dir) {
    Path absolute = dir.toAbsolutePath().normalize();
    if (java.nio.file.Files.exists(absolute)) {
      return null;
    }
    Path missing = absolute;
    for (Path p = absolute.getParent(); p != null && !java.nio.file.Files.exists(p); p = p.getParent()) {
      missing = p;
    }
    return missing;
  }

  /**
   * Removes {@code dir} and then its parents up to and including {@code top} ({@link #firstMissing}'s answer before
   * they were made), each only while it is empty: what a failed command made and left empty goes, anything holding a
   * file stays. Best effort: a folder that cannot be removed is left.
   */
  public static void removeEmptyUpTo(Path dir, Path top) {
    Path stop = top.toAbsolutePath().normalize();
    for (Path p = dir.toAbsolutePath().normalize(); p != null && p.startsWith(stop); p = p.getParent()) {
      try {
        java.nio.file.Files.deleteIfExists(p); // fails when the folder is not empty
      } catch (java.io.IOException e) {
        return;
      }
    }
  }

  /**
   * Whether a file or folder name part {@code pidAndRest} ("PID-..." after a fixed prefix: {@code AtomicOutput}'s
   * temporary files, a streaming job's checkpoint folders) was left by a process that is gone: PID is a number that is
   * not this process's and names no live process. Anything else (no PID, another shape) is false: it cannot be told.
   */
  public static boolean leftByDeadProcess(String pidAndRest) {
    int dash = pidAndRest.indexOf('-');
    if (dash <= 0 || dash > 18 || !pidAndRest.substring(0, dash).chars().allMatch(Character::isDigit)) {
      return false;
    }
    long pid = Long.parseLong(pidAndRest.substring(0, dash));
    return pid != ProcessHandle.current().pid() && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
