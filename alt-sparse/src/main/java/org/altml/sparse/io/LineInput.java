package org.altml.sparse.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * Buffered, byte-level line reader: {@link #next()} exposes the current line as {@code buf[start, end)}
 * (without the line terminator, LF or CRLF) and never allocates per line; the buffer grows only for a
 * line longer than it, up to a limit that keeps binary garbage without line breaks from exhausting the
 * heap. Truncated or corrupt gzip data surfaces as {@link DataFormatException}.
 */
final class LineInput implements Closeable {
  private static final int BUFFER = 1 << 18;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private final InputStream in;
  private final String file;
  private final int maxLineBytes;
  byte[] buf;
  int start;
  int end;
  long line;
  private int pos;
  private int limit;
  private boolean eof;
  private long bytesRead;

  /**
   * Wraps {@code in} (already decompressed) and reads the first block.
   *
   * @throws DataFormatException if the input is empty
   */
  LineInput(InputStream in, String file, int maxLineBytes) throws IOException {
    this.in = in;
    this.file = file;
    this.maxLineBytes = maxLineBytes;
    this.buf = new byte[Math.min(BUFFER, Math.max(maxLineBytes, 16))];
    fill();
    if (limit == 0) {
      throw new DataFormatException(file, 0, "file is empty");
    }
  }

  /** File name for messages. */
  String file() {
    return file;
  }

  /** Total bytes taken from the (decompressed) input so far. */
  long bytesRead() {
    return bytesRead;
  }

  /** Moves to the next line; false at the end of the input. */
  boolean next() throws IOException {
    int scan = pos;
    while (true) {
      byte[] b = buf;
      int i = indexOfNewline(b, scan, limit);
      if (i >= 0) {
        start = pos;
        end = i > pos && b[i - 1] == '\r' ? i - 1 : i;
        pos = i + 1;
        line++;
        return true;
      }
      if (eof) {
        if (pos < limit) {
          start = pos;
          end = b[limit - 1] == '\r' ? limit - 1 : limit;
          pos = limit;
          line++;
          return true;
        }
        return false;
      }
      scan = limit - pos;
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
      }
      if (limit == buf.length) {
        if (buf.length >= maxLineBytes) {
          throw new DataFormatException(file, line + 1, "line longer than " + maxLineBytes + " bytes (binary data?)");
        }
        buf = Arrays.copyOf(buf, (int) Math.min(maxLineBytes, 2L * buf.length));
      }
      fill();
    }
  }

  /** Position of the first LF in {@code b[from, to)} or -1; scans 8 bytes at a time (SWAR). */
  private static int indexOfNewline(byte[] b, int from, int to) {
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONGS.get(b, i) ^ NEWLINES;
      // the lowest flagged byte is the first zero byte of x, i.e. the first LF (Mycroft's trick)
      long t = (x - ONES) & ~x & HIGHS;
      if (t != 0) {
        return i + (Long.numberOfTrailingZeros(t) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void fill() throws IOException {
    int n;
    try {
      n = in.read(buf, limit, buf.length - limit);
    } catch (EOFException | ZipException e) {
      throw new DataFormatException(file, line + 1, "truncated or corrupt gzip data: " + e.getMessage(), e);
    }
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
      bytesRead += n;
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
