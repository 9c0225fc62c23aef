package org.altml.cli.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.altml.sparse.io.AtomicOutput;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A text output named on the command line: a file written through {@link AtomicOutput} (whole or not at
 * all; devices, FIFOs and {@code /dev/stdout} in place; links written through), or the command's standard
 * output for {@code -}. Use as {@link AtomicOutput}: write, {@link #commit()}, close.
 */
public final class CliOutput implements AutoCloseable {
  private final AtomicOutput file;
  private final PrintWriter stdout;
  private OutputStream stdoutBytes;

  private CliOutput(AtomicOutput file, PrintWriter stdout) {
    this.file = file;
    this.stdout = stdout;
  }

  /** Opens {@code target} ({@code -}: the standard output of {@code spec}'s command line). */
  public static CliOutput open(CommandSpec spec, Path target) throws IOException {
    if (isStandardOutput(target)) {
      return new CliOutput(null, spec.commandLine().getOut());
    }
    return new CliOutput(AtomicOutput.create(target), null);
  }

  /** Whether {@code target} is {@code -}, standard output. */
  public static boolean isStandardOutput(Path target) {
    return target != null && isStandardStream(target);
  }

  /** Where text goes (not to be closed). */
  public Writer writer() {
    return file != null ? file.writer() : stdout;
  }

  /** Where UTF-8 bytes go (not to be closed): on standard output they are decoded into its writer. */
  public OutputStream stream() {
    if (file != null) {
      return file.stream();
    }
    if (stdoutBytes == null) {
      stdoutBytes = new DecodingStream(stdout);
    }
    return stdoutBytes;
  }

  /**
   * Finishes the output: moves the file into place, or flushes standard output.
   *
   * @throws IOException when a write to standard output failed (a full disk, a closed pipe): its writers keep
   *     going silently, so the output is incomplete and the command must not report success
   */
  public void commit() throws IOException {
    if (file != null) {
      file.commit();
    } else {
      if (stdoutBytes != null) {
        stdoutBytes.flush();
      }
      checkStandardOutput(stdout);
    }
  }

  /** The message of a failed write to standard output. */
  public static final String STANDARD_OUTPUT_FAILED =
      "writing standard output failed (a full disk or a closed pipe): what it received is incomplete";

  /**
   * Flushes {@code out} (a writer over standard output) and standard output itself, and fails when a write to
   * either failed: {@link PrintWriter} and {@link System#out} record an I/O error instead of throwing it.
   */
  public static void checkStandardOutput(PrintWriter out) throws IOException {
    if (out.checkError() | System.out.checkError()) {
      throw new IOException(STANDARD_OUTPUT_FAILED);
    }
  }

  /** Without {@link #commit()}: discards the file (what went to standard output stays). */
  @Override
  public void close() throws IOException {
    if (file != null) {
      file.close();
    } else {
      // what was written stays, whole: the lines of the examples before a failure, not a line cut in a buffer
      if (stdoutBytes != null) {
        stdoutBytes.flush();
      }
      stdout.flush();
    }
  }

  /** UTF-8 bytes decoded into a writer as they arrive (a character split across writes is kept for the next). */
  private static final class DecodingStream extends OutputStream {
    private final Writer out;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 13);
    private final CharBuffer chars = CharBuffer.allocate(1 << 13);

    DecodingStream(Writer out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      int done = 0;
      while (done < len) {
        int n = Math.min(len - done, bytes.remaining());
        bytes.put(b, off + done, n);
        done += n;
        decode();
      }
    }

    private void decode() throws IOException {
      bytes.flip();
      CoderResult result;
      do {
        result = decoder.decode(bytes, chars, false);
        chars.flip();
        out.append(chars);
        chars.clear();
      } while (result.isOverflow());
      bytes.compact();
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }
  }

  /** Whether {@code path} is {@code -}, standard input or output. */
  public static boolean isStandardStream(Path path) {
    return path.toString().equals("-");
  }
}
