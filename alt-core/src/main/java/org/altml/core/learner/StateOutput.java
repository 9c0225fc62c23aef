package org.altml.core.learner;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * The stream a {@link ModelCodec} writes a model's state to: {@link DataOutputStream} (big-endian) plus bulk
 * writers for primitive arrays that go through one reused buffer instead of one call per value. Not
 * thread-safe; the caller owns and closes the underlying stream.
 */
public final class StateOutput extends DataOutputStream {
  private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

  /** Writes to {@code out}. */
  public StateOutput(OutputStream out) {
    super(out);
  }

  /** Writes {@code a[off..off+n)} as big-endian doubles. */
  public void writeDoubles(double[] a, int off, int n) throws IOException {
    for (int i = off, end = off + n; i < end; ) {
      int count = Math.min(end - i, buffer.capacity() / Double.BYTES);
      buffer.clear();
      buffer.asDoubleBuffer().put(a, i, count);
      write(buffer.array(), 0, count * Double.BYTES);
      i += count;
    }
  }

  /** Writes {@code a[off..off+n)} as big-endian floats. */
  public void writeFloats(float[] a, int off, int n) throws IOException {
    for (int i = off, end = off + n; i < end; ) {
      int count = Math.min(end - i, buffer.capacity() / Float.BYTES);
      buffer.clear();
      buffer.asFloatBuffer().put(a, i, count);
      write(buffer.array(), 0, count * Float.BYTES);
      i += count;
    }
  }

  /** Writes {@code a[off..off+n)} as big-endian longs. */
  public void writeLongs(long[] a, int off, int n) throws IOException {
    for (int i = off, end = off + n; i < end; ) {
      int count = Math.min(end - i, buffer.capacity() / Long.BYTES);
      buffer.clear();
      buffer.asLongBuffer().put(a, i, count);
      write(buffer.array(), 0, count * Long.BYTES);
      i += count;
    }
  }
}
