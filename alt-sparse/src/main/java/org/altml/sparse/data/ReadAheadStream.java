package org.altml.sparse.data;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * An {@link ExampleStream} that reads its source on a thread of its own, a few blocks of examples ahead of
 * the consumer: parsing a text file and using its examples (predicting, writing) then run on two cores at
 * once instead of one after the other. The consumer sees exactly the source's examples, in its order.
 *
 * <p>Errors keep their meaning and their place: an exception of the source (a {@link
 * org.altml.sparse.io.DataFormatException} naming the file and line, an I/O error) is thrown by the
 * {@link #advance()} that would have returned the example it stopped at, after every example before it
 * has been served, never earlier. {@link #numLabels()} and {@link #numFeatures()} are the source's
 * declarations (read before the thread starts); {@link #inputDigests()} is the source's, once the stream
 * has reached its end.
 *
 * <p>Blocks are recycled, so a pass allocates nothing per example once the blocks have grown to the
 * longest examples. Not thread-safe for the consumer (one thread calls {@link #advance()}); {@link
 * #close()} stops the reading thread and closes the source.
 */
public final class ReadAheadStream implements ExampleStream {
  /** Examples per block handed from the reading thread to the consumer. */
  public static final int DEFAULT_BLOCK_SIZE = 512;
  /** Blocks read ahead at most (the reading thread waits when they are all full). */
  public static final int DEFAULT_DEPTH = 4;

  private final ExampleStream source;
  private final int numLabels;
  private final int numFeatures;
  private final BlockingQueue<Block> full;
  private final BlockingQueue<Block> free;
  private final Thread reader;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private volatile boolean closing;
  private Block current;
  private int position;
  private boolean ended;
  private boolean closed;

  /** Reads {@code source} ahead in blocks of {@link #DEFAULT_BLOCK_SIZE}, at most {@link #DEFAULT_DEPTH} ahead. */
  public ReadAheadStream(ExampleStream source) {
    this(source, DEFAULT_BLOCK_SIZE, DEFAULT_DEPTH);
  }

  /**
   * Reads {@code source} ahead in blocks of {@code blockSize} examples, at most {@code depth} blocks ahead;
   * the stream owns the source from now on (closing this stream closes it).
   *
   * @throws IllegalArgumentException if {@code blockSize < 1} or {@code depth < 1}
   */
  public ReadAheadStream(ExampleStream source, int blockSize, int depth) {
    this.source = Objects.requireNonNull(source, "source");
    if (blockSize < 1 || depth < 1) {
      throw new IllegalArgumentException("blockSize and depth must be >= 1: " + blockSize + ", " + depth);
    }
    this.numLabels = source.numLabels();
    this.numFeatures = source.numFeatures();
    this.full = new ArrayBlockingQueue<>(depth + 1); // + 1: the end or error marker never waits
    this.free = new ArrayBlockingQueue<>(depth + 1);
    for (int i = 0; i < depth; i++) {
      free.add(new Block(blockSize));
    }
    this.reader = new Thread(this::readAll, "alt-read-ahead");
    reader.setDaemon(true);
    reader.start();
  }

  /** The reading thread: fills free blocks from the source until its end, an error or close(). */
  private void readAll() {
    try {
      while (!closing) {
        Block b = free.take();
        b.rows.clear();
        boolean more = true;
        Throwable error = null;
        try {
          while (b.rows.size() < b.capacity && (more = source.advance())) {
            if (b.rows.size() == b.lines.length) {
              b.lines = java.util.Arrays.copyOf(b.lines, (int) Math.min(b.capacity, 2L * b.lines.length));
            }
            b.lines[b.rows.size()] = source.lineNumber();
            b.rows.add(source.features(), source.labels());
          }
        } catch (IOException | RuntimeException | Error e) {
          error = e; // served after the examples read before it
        }
        if (b.rows.size() > 0) {
          full.put(b);
        }
        if (error != null) {
          full.put(Block.failed(error));
          return;
        }
        if (!more) {
          full.put(Block.END);
          return;
        }
      }
    } catch (InterruptedException e) {
      // close() stops the reader
    }
  }

  @Override
  public boolean advance() throws IOException {
    if (closed) {
      throw new IllegalStateException("the stream is closed");
    }
    if (ended) {
      return false;
    }
    if (current != null && ++position < current.rows.size()) {
      current.rows.view(position, x, y);
      return true;
    }
    if (current != null) {
      free.add(current); // never blocks: there are as many places as blocks
      current = null;
    }
    Block next;
    try {
      next = full.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the next examples");
    }
    if (next == Block.END) {
      ended = true;
      return false;
    }
    if (next.error != null) {
      ended = true;
      throw ReadAheadThreads.rethrow(next.error);
    }
    current = next;
    position = 0;
    current.rows.view(0, x, y);
    return true;
  }

  /** The source's line of the current example, as the reading thread saw it. */
  @Override
  public long lineNumber() {
    return current == null ? 0 : current.lines[position];
  }

  @Override
  public SparseVector features() {
    return x;
  }

  @Override
  public LabelSet labels() {
    return y;
  }

  @Override
  public int numLabels() {
    return numLabels;
  }

  @Override
  public int numFeatures() {
    return numFeatures;
  }

  /**
   * The source's digests; once {@link #advance()} has returned false, the reading thread has finished with
   * the source.
   *
   * @throws IllegalStateException before the end of the stream
   */
  @Override
  public List<InputDigest> inputDigests() {
    if (!ended) {
      throw new IllegalStateException("the input digests are known at the end of the stream");
    }
    return source.inputDigests();
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    closing = true;
    reader.interrupt();
    ReadAheadThreads.awaitBriefly(reader);
    source.close();
  }

  /** A block of at most {@code capacity} examples ({@link ExampleRows}), or the end or error marker. */
  private static final class Block {
    static final Block END = new Block(0);

    final int capacity;
    final ExampleRows rows = new ExampleRows();
    /** The source's line of each example of {@link #rows} (grown with them, up to the capacity). */
    long[] lines;
    Throwable error;

    Block(int capacity) {
      this.capacity = capacity;
      this.lines = new long[Math.min(capacity, 64)];
    }

    static Block failed(Throwable error) {
      Block b = new Block(0);
      b.error = error;
      return b;
    }
  }
}
