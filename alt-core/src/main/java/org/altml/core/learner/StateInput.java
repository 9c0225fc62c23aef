package org.altml.core.learner;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.altml.sparse.MemoryCheck;

/**
 * The stream a {@link ModelCodec} reads a model's state from: {@link DataInputStream} (big-endian) plus bulk
 * readers for primitive arrays, and {@link #remaining()}, the bytes left before the end of the state, so
 * that a codec checks every size a header declares against the data actually there before it allocates
 * (a crafted header cannot make the reader allocate gigabytes), and {@link #requireAllocation}, which also
 * checks the heap, so that a valid model too large for this JVM is an
 * {@link org.altml.sparse.InsufficientMemoryException} saying so rather than an {@link OutOfMemoryError}.
 * Not thread-safe.
 */
public final class StateInput extends DataInputStream {
  private final String source;
  private final Counting counting;
  private final byte[] chunk = new byte[1 << 16];

  /**
   * Reads from {@code in}, of which at most {@code limit} bytes belong to the state ({@link Long#MAX_VALUE}
   * when unknown).
   *
   * @param source the file or stream name, for messages
   */
  public StateInput(InputStream in, long limit, String source) {
    this(new Counting(in, limit), source);
  }

  private StateInput(Counting counting, String source) {
    super(counting);
    this.counting = counting;
    this.source = source;
  }

  /** The name of the file or stream, for messages. */
  public String source() {
    return source;
  }

  /** Bytes left in the state (a bound: what the container says is there). */
  public long remaining() {
    return counting.limit - counting.count;
  }

  /**
   * Moves the end of the state to {@code limit} bytes from the start: for containers that learn their
   * framing (an older format's footer) only after reading a header.
   */
  public void limit(long limit) {
    if (limit < counting.count) {
      throw new IllegalArgumentException("limit " + limit + " is before the position " + counting.count);
    }
    counting.limit = limit;
  }

  /** Bytes read so far. */
  public long position() {
    return counting.count;
  }

  /**
   * Checks that {@code count} values of {@code bytesEach} bytes can still be read.
   *
   * @param what what the values are, for the message
   * @throws CorruptStateException if the state is shorter (or the count is negative)
   */
  public void requireValues(long count, int bytesEach, String what) throws CorruptStateException {
    if (count < 0 || count > remaining() / bytesEach) {
      throw corrupt("truncated or corrupt: " + what + " declares " + count + " values of " + bytesEach + " bytes, but only " + remaining()
          + " bytes remain");
    }
  }

  /**
   * Checks, before allocating for them, that {@code count} values of {@code bytesEach} bytes can still be
   * read ({@link #requireValues}) and that {@code count} values of {@code heapBytesEach} bytes fit in the
   * heap.
   *
   * @param heapBytesEach the bytes each value takes in memory (an object costs more than its encoding)
   * @throws CorruptStateException if the state is shorter
   * @throws org.altml.sparse.InsufficientMemoryException if the values do not fit in the heap
   */
  public void requireAllocation(long count, int bytesEach, long heapBytesEach, String what) throws CorruptStateException {
    requireValues(count, bytesEach, what);
    MemoryCheck.require(MemoryCheck.bytes(count, heapBytesEach), what + " of the model " + source, null);
  }

  /** An exception naming this input and {@code problem}. */
  public CorruptStateException corrupt(String problem) {
    return new CorruptStateException(source, problem);
  }

  /** Reads {@code n} big-endian doubles into {@code dst[off..off+n)}. */
  public void readDoubles(double[] dst, int off, int n) throws IOException {
    readChunks(n, Double.BYTES, (b, done, count) -> b.asDoubleBuffer().get(dst, off + done, count));
  }

  /** Reads {@code n} big-endian floats into {@code dst[off..off+n)}. */
  public void readFloats(float[] dst, int off, int n) throws IOException {
    readChunks(n, Float.BYTES, (b, done, count) -> b.asFloatBuffer().get(dst, off + done, count));
  }

  /**
   * Reads {@code rows} runs of {@code n} big-endian doubles, run r into {@code dst[off + r·stride, + n)}: rows
   * stored without the padding they have in memory. The same bytes as {@code rows} calls of {@link #readDoubles},
   * read in batches of whole rows (a call per row of a large model cost more than the bytes, before the JIT).
   */
  public void readDoubleRows(double[] dst, int off, int n, int rows, int stride) throws IOException {
    requireValues((long) rows * n, Double.BYTES, "rows of " + n + " values");
    int perBatch = rowsPerBatch(n, rows, Double.BYTES);
    double[] batch = new double[perBatch * n];
    readRows(batch, perBatch, dst, off, n, rows, stride, values -> readDoubles(batch, 0, values));
  }

  /** As {@link #readDoubleRows} for floats. */
  public void readFloatRows(float[] dst, int off, int n, int rows, int stride) throws IOException {
    requireValues((long) rows * n, Float.BYTES, "rows of " + n + " values");
    int perBatch = rowsPerBatch(n, rows, Float.BYTES);
    float[] batch = new float[perBatch * n];
    readRows(batch, perBatch, dst, off, n, rows, stride, values -> readFloats(batch, 0, values));
  }

  /** Reads the first {@code values} values of a batch. */
  private interface BatchReader {
    void read(int values) throws IOException;
  }

  /** Whole rows of {@code n} values that fit the read chunk (at least one, and at most {@code rows} when there are any). */
  private int rowsPerBatch(int n, int rows, int bytesEach) {
    return Math.max(1, Math.min(rows, chunk.length / bytesEach / Math.max(1, n)));
  }

  /**
   * Fills {@code batch} (an array of {@code perBatch} whole rows, at least one) again and again, copying each row into its
   * place in {@code dst}.
   */
  private static void readRows(Object batch, int perBatch, Object dst, int off, int n, int rows, int stride, BatchReader reader)
      throws IOException {
    for (int r = 0; r < rows; r += perBatch) {
      int k = Math.min(perBatch, rows - r);
      reader.read(k * n);
      for (int i = 0; i < k; i++) {
        System.arraycopy(batch, i * n, dst, off + (r + i) * stride, n);
      }
    }
  }

  /** Reads {@code n} big-endian longs into {@code dst[off..off+n)}. */
  public void readLongs(long[] dst, int off, int n) throws IOException {
    readChunks(n, Long.BYTES, (b, done, count) -> b.asLongBuffer().get(dst, off + done, count));
  }

  /** Copies values out of a chunk of bytes. */
  private interface ChunkReader {
    void read(ByteBuffer chunk, int done, int count);
  }

  private void readChunks(int n, int bytesEach, ChunkReader reader) throws IOException {
    requireValues(n, bytesEach, "an array");
    for (int done = 0; done < n; ) {
      int count = Math.min(n - done, chunk.length / bytesEach);
      readFully(chunk, 0, count * bytesEach);
      reader.read(ByteBuffer.wrap(chunk, 0, count * bytesEach), done, count);
      done += count;
    }
  }

  /** Counts the bytes read and refuses to read past the limit (an EOF there). */
  private static final class Counting extends FilterInputStream {
    private long limit;
    private long count;

    Counting(InputStream in, long limit) {
      super(in);
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      if (count >= limit) {
        return -1;
      }
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (count >= limit) {
        return len == 0 ? 0 : -1;
      }
      int n = super.read(b, off, (int) Math.min(len, limit - count));
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      throw new EOFException("skip is not supported");
    }
  }
}
