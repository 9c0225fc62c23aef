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
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPOutputStream;

/**
 * A file written under a temporary name in the target's directory and moved into place only by
 * {@link #commit()}: a failed or interrupted writer never leaves a half-written file under the target
 * name, and an existing target stays untouched until the move. Closing without committing deletes the
 * temporary file. Every writer of the toolkit (data files, label files, model files, CLI outputs) goes
 * through this class.
 *
 * <pre>{@code
 * try (AtomicOutput out = AtomicOutput.create(target)) {
 *   out.stream().write(bytes);
 *   out.commit();
 * }
 * }</pre>
 *
 * <p>The temporary file is created with {@code CREATE_NEW} (so it gets the process's usual permissions,
 * unlike {@link Files#createTempFile}, whose owner-only permissions would stay on the result). Not
 * thread-safe.
 */
public final class AtomicOutput implements AutoCloseable {
  private final Path target;
  private final Path tmp;
  private final FileChannel channel;
  private final OutputStream stream;
  private final OutputStream raw;
  private Writer writer;
  private boolean done;

  private AtomicOutput(Path target, Path tmp, FileChannel channel, boolean gzip) throws IOException {
    this.target = target;
    this.tmp = tmp;
    this.channel = channel;
    // the caller's close() must not close the channel before commit() has forced it to disk
    this.raw = new FilterOutputStream(Channels.newOutputStream(channel)) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            flush();
          }
        };
    this.stream = gzip ? new GZIPOutputStream(raw, 1 << 16) : new BufferedOutputStream(raw, 1 << 16);
  }

  /**
   * Opens a temporary file beside {@code target}; bytes written to {@link #stream()} are stored as they
   * are.
   *
   * @throws NoSuchFileException if the target's directory does not exist
   */
  public static AtomicOutput create(Path target) throws IOException {
    return create(target, false);
  }

  /**
   * Opens a temporary file beside {@code target}, gzip-compressing what is written to {@link #stream()}
   * when the target's name ends in {@code .gz}.
   */
  public static AtomicOutput createCompressedByName(Path target) throws IOException {
    return create(target, Inputs.isGzipName(target));
  }

  private static AtomicOutput create(Path target, boolean gzip) throws IOException {
    Path absolute = target.toAbsolutePath().normalize();
    Path dir = absolute.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new NoSuchFileException(String.valueOf(target), null, "output directory does not exist");
    }
    long unique = ProcessHandle.current().pid() * 1_000_003L ^ System.nanoTime();
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve(".alt-tmp-" + absolute.getFileName() + "." + Long.toHexString(unique + attempt) + ".tmp");
      FileChannel channel;
      try {
        channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      } catch (FileAlreadyExistsException e) {
        if (attempt < 100) {
          continue;
        }
        throw e;
      }
      try {
        return new AtomicOutput(absolute, tmp, channel, gzip);
      } catch (IOException | RuntimeException e) {
        channel.close();
        Files.deleteIfExists(tmp);
        throw e;
      }
    }
  }

  /** The target this output will replace on {@link #commit()}. */
  public Path target() {
    return target;
  }

  /** The (buffered, possibly compressing) stream into the temporary file. Closing it is harmless. */
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
   * Finishes the stream (and the writer), forces the file to disk and moves it into place, replacing
   * the target (atomically where the file system supports it).
   */
  public void commit() throws IOException {
    if (done) {
      throw new IllegalStateException("already committed or closed: " + target);
    }
    if (writer != null) {
      writer.flush();
    }
    stream.close(); // finishes gzip; the channel stays open (see raw)
    channel.force(true);
    channel.close();
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      Files.deleteIfExists(tmp);
      done = true;
      throw e;
    }
    done = true;
  }

  /** Without {@link #commit()}: discards the temporary file. After a commit: does nothing. */
  @Override
  public void close() throws IOException {
    if (!done) {
      done = true;
      try {
        channel.close();
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
  }
}
