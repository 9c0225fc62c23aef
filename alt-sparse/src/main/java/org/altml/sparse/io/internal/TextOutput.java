package org.altml.sparse.io.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** A small byte buffer in front of an output stream, with int and exact float formatting. */
public final class TextOutput implements AutoCloseable {
  private final OutputStream out;
  private final byte[] buf = new byte[1 << 16];
  private int size;

  public TextOutput(OutputStream out) {
    this.out = out;
  }

  public TextOutput write(byte c) throws IOException {
    if (size == buf.length) {
      flushBuffer();
    }
    buf[size++] = c;
    return this;
  }

  public TextOutput write(char c) throws IOException {
    return write((byte) c);
  }

  public TextOutput write(String s) throws IOException {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > buf.length - size) {
      flushBuffer();
      if (bytes.length > buf.length) {
        out.write(bytes);
        return this;
      }
    }
    System.arraycopy(bytes, 0, buf, size, bytes.length);
    size += bytes.length;
    return this;
  }

  /** Writes a non-negative int in decimal. */
  public TextOutput write(int v) throws IOException {
    if (buf.length - size < 11) {
      flushBuffer();
    }
    if (v < 0) {
      return write(Integer.toString(v));
    }
    int digits = 1;
    for (int t = v; t >= 10; t /= 10) {
      digits++;
    }
    int p = size + digits;
    size = p;
    do {
      buf[--p] = (byte) ('0' + v % 10);
      v /= 10;
    } while (v > 0);
    return this;
  }

  /**
   * Writes a float so that parsing the text gives back the same float: {@link Float#toString} is the
   * shortest decimal that round-trips; a trailing {@code ".0"} is dropped.
   */
  public TextOutput write(float v) throws IOException {
    if (v == (int) v && v != 0f) {
      return writeIntegral((int) v);
    }
    return write(Float.toString(v));
  }

  private TextOutput writeIntegral(int v) throws IOException {
    if (v < 0) {
      write('-');
      if (v == Integer.MIN_VALUE) {
        return write("2147483648");
      }
      return write(-v);
    }
    return write(v);
  }

  private void flushBuffer() throws IOException {
    out.write(buf, 0, size);
    size = 0;
  }

  @Override
  public void close() throws IOException {
    try {
      flushBuffer();
    } finally {
      out.close();
    }
  }
}
