package org.altml.flink.source;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of an input stream, one at a time, without their line ends ({@code '\n'}, and a {@code '\r'}
 * before it): read into a buffer, or passed over without a copy. Reads the stream in 64 KiB blocks and finds
 * line ends with the readers' eight-bytes-at-a-time search. Not thread-safe.
 */
final class LineCursor {
  private final InputStream in;
  private final byte[] block = new byte[1 << 16];
  private int blockPos;
  private int blockLimit;
  private byte[] buf = new byte[1 << 10];
  private long consumed;

  /** The lines of {@code in}, from its current position. */
  LineCursor(InputStream in) {
    this.in = in;
  }

  /** Reads the next line into {@link #buffer()}; its length without the line end, or -1 at the end of the input. */
  int next() throws IOException {
    return read(true);
  }

  /**
   * The next line in a new array of its length (line end dropped), or null at the end of the input: {@link
   * #next()} and a copy of its bytes, in one copy from the read block when the line lies within it (all but
   * about one line per block).
   */
  byte[] nextCopy() throws IOException {
    if (blockPos < blockLimit) {
      int p = LineFormat.indexOfNewline(block, blockPos, blockLimit);
      if (p < blockLimit) {
        int len = p - blockPos;
        byte[] line = Arrays.copyOfRange(block, blockPos, len > 0 && block[p - 1] == '\r' ? p - 1 : p);
        consumed += len + 1;
        blockPos = p + 1;
        return line;
      }
    }
    int n = next();
    return n < 0 ? null : Arrays.copyOf(buf, n);
  }

  /** Passes over the next line; false at the end of the input. */
  boolean skip() throws IOException {
    return read(false) >= 0;
  }

  /** The bytes of the line {@link #next()} read last (its returned length of them). */
  byte[] buffer() {
    return buf;
  }

  /** Bytes of the stream consumed so far by the lines read or passed over, line ends included. */
  long consumed() {
    return consumed;
  }

  private int read(boolean copy) throws IOException {
    int n = 0;
    boolean newline = false;
    while (true) {
      if (blockPos == blockLimit) {
        blockLimit = in.read(block, 0, block.length);
        blockPos = 0;
        if (blockLimit <= 0) {
          blockLimit = 0;
          break;
        }
      }
      int p = LineFormat.indexOfNewline(block, blockPos, blockLimit);
      int len = p - blockPos;
      if (copy) {
        if (n + len > buf.length) {
          buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + len));
        }
        System.arraycopy(block, blockPos, buf, n, len);
      }
      n += len;
      consumed += len;
      blockPos = p;
      if (p < blockLimit) {
        blockPos++;
        consumed++;
        newline = true;
        break;
      }
    }
    if (!newline && n == 0) {
      return -1;
    }
    if (copy && n > 0 && buf[n - 1] == '\r') {
      n--;
    }
    return n;
  }
}
