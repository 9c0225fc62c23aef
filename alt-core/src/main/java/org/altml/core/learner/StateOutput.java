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
    writeChunks(n, Double.BYTES, (b, done, count) -> b.asDoubleBuffer().put(a, off + done, count));
  }

  /** Writes {@code a[off..off+n)} as big-endian floats. */
  public void writeFloats(float[] a, int off, int n) throws IOException {
    writeChunks(n, Float.BYTES, (b, done, count) -> b.asFloatBuffer().put(a, off + done, count));
  }

  /** Writes {@code a[off..off+n)} as big-endian longs. */
  public void writeLongs(long[] a, int off, int n) throws IOException {
    writeChunks(n, Long.BYTES, (b, done, count) -> b.asLongBuffer().put(a, off + done, count));
  }

  /** Copies values into a chunk of bytes. */
  private interface ChunkWriter {
    void write(ByteBuffer chunk, int done, int count);
  }

  private void writeChunks(int n, int bytesEach, ChunkWriter writer) throws IOException {
    for (int done = 0; done < n; ) {
      int count = Math.min(n - done, buffer.capacity() / bytesEach);
      buffer.clear();
      writer.write(buffer, done, count);
      write(buffer.array(), 0, count * bytesEach);
      done += count;
    }
  }
}
