package org.altml.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A text file written under a temporary name in the target's directory and moved into place only by
 * {@link #commit()}: a failed or interrupted command never leaves a half-written file under the target
 * name, and an existing target is left untouched until the move. Closing without committing deletes
 * the temporary file. Use with try-with-resources.
 */
final class AtomicOutput implements AutoCloseable {
  private final Path target;
  private final Path tmp;
  private final Writer writer;
  private boolean done;

  private AtomicOutput(Path target, Path tmp, Writer writer) {
    this.target = target;
    this.tmp = tmp;
    this.writer = writer;
  }

  /**
   * Opens a temporary file beside {@code target} (UTF-8).
   *
   * @throws NoSuchFileException if the target's directory does not exist
   */
  static AtomicOutput create(Path target) throws IOException {
    Path absolute = target.toAbsolutePath().normalize();
    Path dir = absolute.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new NoSuchFileException(String.valueOf(dir), null, "output directory does not exist");
    }
    // not Files.createTempFile: its owner-only permissions would stay on the result; CREATE_NEW keeps the umask
    long unique = ProcessHandle.current().pid() * 1_000_003L ^ System.nanoTime();
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve(".alt-tmp-" + absolute.getFileName() + "." + Long.toHexString(unique + attempt) + ".tmp");
      java.io.OutputStream stream;
      try {
        stream = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      } catch (FileAlreadyExistsException e) {
        if (attempt < 100) {
          continue;
        }
        throw e;
      }
      try {
        Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        return new AtomicOutput(absolute, tmp, w);
      } catch (RuntimeException e) {
        stream.close();
        Files.deleteIfExists(tmp);
        throw e;
      }
    }
  }

  /** The writer of the temporary file. */
  Writer writer() {
    return writer;
  }

  /** Flushes, closes and moves the file into place (replacing the target). */
  void commit() throws IOException {
    writer.close();
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    done = true;
  }

  /** Without {@link #commit()}: closes and deletes the temporary file. */
  @Override
  public void close() throws IOException {
    if (!done) {
      try {
        writer.close();
      } finally {
        Files.deleteIfExists(tmp);
        done = true;
      }
    }
  }
}
