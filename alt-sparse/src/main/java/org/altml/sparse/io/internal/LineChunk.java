package org.altml.sparse.io.internal;

import java.util.Arrays;

/** Whole lines of an input, copied out of its buffer ({@link LineInput#nextChunk}): {@code bytes[0, length)}. */
public final class LineChunk {
  public byte[] bytes;
  public int length;

  public LineChunk(int capacity) {
    this.bytes = new byte[capacity];
  }

  /** Copies {@code b[from, to)} in, growing when it is longer than the array. */
  void set(byte[] b, int from, int to) {
    int n = to - from;
    if (n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(n, 2 * bytes.length));
    }
    System.arraycopy(b, from, bytes, 0, n);
    length = n;
  }
}
