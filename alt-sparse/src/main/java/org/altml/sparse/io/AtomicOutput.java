package org.altml.sparse.io;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/**
 * An output file that appears whole or not at all. Every writer of the toolkit (data files, label
 * files, model files, CLI outputs) goes through this class.
 *
 * <pre>{@code
 * try (AtomicOutput out = AtomicOutput.create(target)) {
 *   out.stream().write(bytes);
 *   out.commit();
 * }
 * }</pre>
 *
 * <p><b>Regular files</b> (or a target that does not exist yet) are written under a temporary name in the
 * target's directory and moved into place only by {@link #commit()}: a failed or interrupted writer never
 * leaves a half-written file under the target name, and an existing target stays untouched until the
 * move. The temporary file is named {@code .NAME.alt-tmp-PID-N} (N counts this process's outputs); it is
 * deleted by {@link #close()} without a commit, and by a shutdown hook when the JVM exits (SIGINT and
 * SIGTERM run shutdown hooks). Temporary files of a killed run (same pattern, a PID that is no longer
 * alive) beside a target are removed by the next write to that target. It is created with
 * {@code CREATE_NEW}, so it gets the process's usual permissions (unlike {@link Files#createTempFile},
 * whose owner-only permissions would stay on the result).
 *
 * <p><b>A symbolic link</b> is written through: the file it points to (following a chain of links, even
 * to a file that does not exist yet) is replaced, and the link stays a link.
 *
 * <p><b>Other files</b> (a device such as {@code /dev/null}, a FIFO) and the names of open descriptors
 * ({@code /dev/stdout}, {@code /dev/stderr}, {@code /dev/fd/N}, {@code /proc/self/fd/N}) are written in
 * place: no temporary file, no rename, {@link #commit()} only finishes and flushes; descriptors are opened
 * for appending, so what the process already wrote there stays. Such outputs cannot be atomic.
 *
 * <p><b>Errors</b> name the target as the caller gave it and the problem (output directory does not exist,
 * permission denied, no space left on device, is a directory), never the temporary file. Not
 * thread-safe.
 */
public final class AtomicOutput implements AutoCloseable {
  /** Marks temporary files: {@code .NAME + TMP_MARK + PID-N}. */
  static final String TMP_MARK = ".alt-tmp-";
  /** Longest part of the target's name kept in the temporary name, in bytes (NAME_MAX is 255). */
  private static final int MAX_NAME_BYTES = 200;
  private static final AtomicLong COUNTER = new AtomicLong();

  private final String shown;
  private final Path target;
  private final Path destination;
  private final Path tmp;
  private final FileChannel channel;
  private final OutputStream sink;
  private final OutputStream stream;
  private Writer writer;
  private boolean done;
  /** Whether {@link #prepare()} finished the file: {@link #commit()} then only moves it. */
  private boolean prepared;

  private AtomicOutput(String shown, Path target, Path destination, Path tmp, FileChannel channel, OutputStream sink, boolean gzip)
      throws IOException {
    this.shown = shown;
    this.target = target;
    this.destination = destination;
    this.tmp = tmp;
    this.channel = channel;
    this.sink = sink;
    // errors name the target, and the caller's close() must not close the file before commit() has forced it
    OutputStream raw = new FilterOutputStream(sink) {
          @Override
          public void write(int b) throws IOException {
            try {
              out.write(b);
            } catch (IOException e) {
              throw translate(e);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            try {
              out.write(b, off, len);
            } catch (IOException e) {
              throw translate(e);
            }
          }

          @Override
          public void flush() throws IOException {
            try {
              out.flush();
            } catch (IOException e) {
              throw translate(e);
            }
          }

          @Override
          public void close() throws IOException {
            flush();
          }
        };
    this.stream = gzip ? new GZIPOutputStream(raw, 1 << 16) : new BufferedOutputStream(raw, 1 << 16);
  }

  /**
   * Opens an output for {@code target}; bytes written to {@link #stream()} are stored as they are.
   *
   * @throws NoSuchFileException if the target's directory does not exist
   * @throws FileSystemException naming the target if it is a directory or cannot be written
   */
  public static AtomicOutput create(Path target) throws IOException {
    return create(target, false);
  }

  /**
   * Opens an output for {@code target}, gzip-compressing what is written to {@link #stream()} when the
   * target's name ends in {@code .gz}.
   */
  public static AtomicOutput createCompressedByName(Path target) throws IOException {
    return create(target, InputNames.isGzipName(target));
  }

  private static AtomicOutput create(Path target, boolean gzip) throws IOException {
    String shown = target.toString();
    Path absolute = target.toAbsolutePath().normalize();
    if (OutputPaths.isDescriptor(absolute)) {
      return inPlace(shown, absolute, gzip, true);
    }
    Path destination = OutputPaths.resolveLinks(absolute, shown);
    BasicFileAttributes attributes = attributesOrNull(destination);
    if (attributes != null && attributes.isDirectory()) {
      throw new FileSystemException(shown, null, "is a directory");
    }
    if (attributes != null && attributes.isOther()) {
      return inPlace(shown, destination, gzip, false);
    }
    Path dir = destination.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new NoSuchFileException(shown, null, "output directory " + (dir == null ? "" : dir + " ") + "does not exist");
    }
    String name = destination.getFileName().toString();
    removeStaleTemporaries(dir, name);
    String prefix = "." + shortened(name) + TMP_MARK + ProcessHandle.current().pid() + "-";
    while (true) {
      Path tmp = dir.resolve(prefix + COUNTER.incrementAndGet());
      FileChannel channel;
      try {
        channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      } catch (FileAlreadyExistsException e) {
        continue; // left by an earlier process with the same PID: take the next number
      } catch (IOException e) {
        throw translate(e, shown, tmp, "cannot create a file in " + dir);
      }
      Temporaries.register(tmp);
      try {
        return new AtomicOutput(shown, absolute, destination, tmp, channel, Channels.newOutputStream(channel), gzip);
      } catch (IOException | RuntimeException e) {
        channel.close();
        Temporaries.delete(tmp);
        throw e;
      }
    }
  }

  private static AtomicOutput inPlace(String shown, Path file, boolean gzip, boolean append) throws IOException {
    OutputStream out;
    try {
      out = append
          ? Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
          : Files.newOutputStream(file, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw translate(e, shown, file, null);
    }
    try {
      return new AtomicOutput(shown, file, file, null, null, out, gzip);
    } catch (IOException | RuntimeException e) {
      out.close();
      throw e;
    }
  }

  private static BasicFileAttributes attributesOrNull(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return null;
    }
  }

  private static String shortened(String name) {
    String s = name;
    while (s.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
      s = s.substring(0, s.length() - 1);
    }
    return s;
  }

  /**
   * Deletes {@code .NAME.alt-tmp-PID-N} files beside the target whose process is gone (a run killed with
   * SIGKILL, or a crash, leaves them). Best effort: a file that cannot be listed or deleted stays.
   */
  private static void removeStaleTemporaries(Path dir, String name) {
    String prefix = "." + shortened(name) + TMP_MARK;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, p -> p.getFileName().toString().startsWith(prefix))) {
      for (Path p : entries) {
        String rest = p.getFileName().toString().substring(prefix.length()); // PID-N
        String counter = rest.substring(rest.indexOf('-') + 1);
        if (counter.chars().allMatch(Character::isDigit) && OutputPaths.leftByDeadProcess(rest)
            && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort: a stale file is harmless, failing the write over it would not be
    }
  }

  /** The target as given, made absolute: the file this output replaces on {@link #commit()}. */
  public Path target() {
    return target;
  }

  /** Whether this output writes in place (a device, a FIFO or a descriptor) rather than through a temporary file. */
  public boolean inPlace() {
    return tmp == null;
  }

  /** The (buffered, possibly compressing) stream into the output. Closing it is harmless. */
  public OutputStream stream() {
    return stream;
  }

  /** A UTF-8 writer over {@link #stream()}, created on first use; flushed by {@link #commit()}. */
  public Writer writer() {
    if (writer == null) {
      writer = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
    }
    return writer;
  }

  /**
   * Finishes the stream (and the writer) and forces the file to disk, without moving it into place: everything
   * of {@link #commit()} that takes time or may fail for lack of space, so that {@link #commitAll} can move
   * several outputs into place one right after the other. Idempotent; in place, finishes and flushes.
   *
   * @throws IllegalStateException if already committed or closed
   * @throws IOException naming the target when writing fails; the output is then discarded and the target left as
   *     it was
   */
  public void prepare() throws IOException {
    if (done) {
      throw new IllegalStateException("already committed or closed: " + shown);
    }
    if (prepared) {
      return;
    }
    try {
      if (writer != null) {
        writer.flush();
      }
      stream.close(); // finishes gzip; the file stays open (see raw)
      if (tmp != null) {
        channel.force(true);
        channel.close();
      }
      prepared = true;
    } catch (IOException e) {
      IOException failure = translate(e);
      try {
        close();
      } catch (IOException suppressed) {
        failure.addSuppressed(suppressed);
      }
      throw failure;
    }
  }

  /**
   * Finishes the stream (and the writer), forces the file to disk and moves it into place, replacing the
   * target (atomically where the file system supports it); in place, only finishes and flushes.
   *
   * @throws IllegalStateException if already committed or closed
   * @throws IOException naming the target when writing or moving fails; the target is then left as it was
   */
  public void commit() throws IOException {
    prepare();
    done = true;
    IOException failure = null;
    try {
      if (tmp != null) {
        keepPermissions();
        try {
          Files.move(tmp, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, destination, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      failure = translate(e);
    }
    try {
      release();
    } catch (IOException e) {
      if (failure == null) {
        failure = translate(e);
      } else {
        failure.addSuppressed(e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Gives the temporary file the permissions of the file it replaces: a private (600) model or data file written over
   * stays private (it took the process's usual permissions). Nothing when there is no such file or no POSIX
   * permissions; a file of another owner keeps what it had only where the owner may set it.
   */
  private void keepPermissions() {
    try {
      Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(destination));
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      // no file to replace, or permissions this system does not have: the usual ones
    }
  }

  /**
   * Commits several outputs that belong together (an ARFF file and its label file, an experiment's tables):
   * first every one is finished and forced to disk ({@link #prepare()}), then they are moved into place in the
   * order given, one right after the other. A failure while finishing any of them (a full disk) moves none, so
   * every target stays as it was; only an interruption within the few renames at the end can leave some of them
   * new and the others old. Two files cannot be replaced in one atomic step.
   *
   * @throws IOException naming the target that failed; the outputs not yet moved are discarded
   */
  public static void commitAll(java.util.List<AtomicOutput> outputs) throws IOException {
    try {
      for (AtomicOutput out : outputs) {
        out.prepare();
      }
      for (AtomicOutput out : outputs) {
        out.commit();
      }
    } catch (IOException | RuntimeException e) {
      for (AtomicOutput out : outputs) {
        try {
          out.close();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /** Without {@link #commit()}: discards the temporary file. After a commit: does nothing. */
  @Override
  public void close() throws IOException {
    if (!done) {
      done = true;
      try {
        release();
      } catch (IOException e) {
        throw translate(e);
      }
    }
  }

  private void release() throws IOException {
    if (tmp == null) {
      sink.close();
      return;
    }
    try {
      sink.close(); // closes the channel
    } finally {
      Temporaries.delete(tmp);
    }
  }

  private IOException translate(IOException e) {
    return translate(e, shown, tmp, null);
  }

  /**
   * {@code e} as an exception naming {@code shown} (the caller's path) instead of the file that failed:
   * the reason of a {@link FileSystemException} (which holds no path), otherwise the message with the
   * temporary path replaced. {@code context} is added when the reason alone would be unclear.
   */
  static IOException translate(IOException e, String shown, Path internal, String context) {
    if (e instanceof FileSystemException f && shown.equals(f.getFile()) && f.getOtherFile() == null) {
      return e;
    }
    String reason;
    if (e instanceof AccessDeniedException) {
      reason = "permission denied";
    } else if (e instanceof NoSuchFileException) {
      reason = "no such file or directory";
    } else if (e instanceof FileSystemException f && f.getReason() != null) {
      reason = f.getReason();
    } else {
      reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
    if (internal != null) {
      reason = reason.replace(internal.toString(), shown);
    }
    if (context != null) {
      reason = reason + " (" + context + ")";
    }
    FileSystemException x = e instanceof AccessDeniedException ? new AccessDeniedException(shown, null, reason)
        : e instanceof NoSuchFileException ? new NoSuchFileException(shown, null, reason)
        : new FileSystemException(shown, null, reason);
    x.initCause(e);
    return x;
  }

  /** The temporary files of this process not yet committed or closed, deleted by one shutdown hook. */
  private static final class Temporaries {
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

    static {
      try {
        Runtime.getRuntime().addShutdownHook(new Thread(Temporaries::deleteAll, "alt-delete-temporary-outputs"));
      } catch (IllegalStateException e) {
        // already shutting down: close() still deletes each file
      }
    }

    static void register(Path tmp) {
      OPEN.add(tmp);
    }

    static void delete(Path tmp) throws IOException {
      try {
        Files.deleteIfExists(tmp);
      } finally {
        OPEN.remove(tmp);
      }
    }

    private static void deleteAll() {
      for (Path p : OPEN) {
        try {
          Files.deleteIfExists(p);
        } catch (IOException | RuntimeException e) {
          // nothing more can be done while the JVM exits
        }
      }
    }
  }
}
