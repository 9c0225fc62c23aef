package org.altml.sparse.io.libsvm;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.ExampleRows;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.data.ReadAheadThreads;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.LineChunk;
import org.altml.sparse.io.internal.LineInput;

/**
 * A LIBSVM file parsed on several threads ahead of its consumer ({@link ReadOptions#parseThreads()}), with
 * exactly the examples, order, errors and digests of {@link LibSvmReader}.
 *
 * <p>One thread reads the input (decompressing and hashing it when asked) and cuts it into chunks of whole
 * lines without counting them ({@link LineInput#nextChunk}); {@code n} parser threads each take the next
 * chunk and parse its lines with a {@link LibSvmReader} of their own into a block of examples; the consumer
 * serves the blocks in file order. A chunk's lines are numbered from 1 while it is parsed; the consumer, which
 * has counted the lines of every chunk before, turns that into the file's line number.
 *
 * <p>Every check of the reader is local to its line but one: a label id of at least {@link
 * LibSvmReader#FAR_LABEL} is compared with the largest label of every line before. The parsers leave that
 * check out and flag such lines ({@link LibSvmReader#deferringFarLabels}); the consumer re-parses a flagged
 * line, and the line of a parser's error, with a reader that has seen every label before it, so the error
 * thrown is the one a sequential reader throws, with its line and token. An error comes after every example
 * before it has been served, never earlier.
 *
 * <p>Chunks and blocks are recycled: a pass allocates nothing per example once they have grown. Not
 * thread-safe for the consumer; {@link #close()} stops the threads and closes the input.
 */
final class ParallelLibSvmStream implements ExampleStream {
  /** Bytes of whole lines per chunk (about 100 RCV1 documents). */
  static final int CHUNK_BYTES = 1 << 17;

  private static final Task END = new Task(0);

  private final LineInput input;
  private final String file;
  private final int declaredLabels;
  private final int declaredFeatures;
  private final BlockingQueue<Task> free;
  private final BlockingQueue<Task> work;
  private final BlockingQueue<Task> ordered;
  private final Thread splitter;
  private final Thread[] parsers;
  private final LineInput recheckInput;
  private final LibSvmReader recheck;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private volatile boolean closing;
  private Task current;
  private int position;
  private int nextRecheck;
  private long linesBefore;
  private long maxLabel = -1;
  private boolean ended;
  private boolean closed;

  /** Parses {@code input} (at its first line) on {@code options.parseThreads()} threads; owns and closes it. */
  ParallelLibSvmStream(LineInput input, ReadOptions options) {
    this.input = input;
    this.file = input.file();
    this.declaredLabels = options.numLabels();
    this.declaredFeatures = options.numFeatures();
    int threads = options.parseThreads();
    int depth = 4 * threads + 2;
    this.free = new ArrayBlockingQueue<>(depth);
    this.work = new ArrayBlockingQueue<>(depth + threads);
    this.ordered = new ArrayBlockingQueue<>(depth + 1); // + 1: the end marker never waits
    for (int i = 0; i < depth; i++) {
      free.add(new Task(CHUNK_BYTES + (CHUNK_BYTES >> 2)));
    }
    this.recheckInput = new LineInput(file);
    this.recheck = LibSvmReader.over(recheckInput, options);
    this.parsers = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      LineInput records = new LineInput(file);
      LibSvmReader reader = LibSvmReader.deferringFarLabels(records, options);
      parsers[i] = new Thread(() -> parseAll(records, reader), "alt-parse-" + i);
      parsers[i].setDaemon(true);
    }
    this.splitter = new Thread(this::splitAll, "alt-split");
    splitter.setDaemon(true);
    for (Thread t : parsers) {
      t.start();
    }
    splitter.start();
  }

  /** The reading thread: cuts the input into chunks, in order, for the parsers and the consumer. */
  private void splitAll() {
    try {
      while (!closing) {
        Task t = free.take();
        t.clear();
        boolean more;
        try {
          more = input.nextChunk(t.chunk, CHUNK_BYTES);
        } catch (IOException | RuntimeException | Error e) {
          t.failBefore(e);
          ordered.put(t);
          t.finish();
          break;
        }
        if (!more) {
          ordered.put(END);
          break;
        }
        ordered.put(t);
        work.put(t);
      }
    } catch (InterruptedException e) {
      // close() stops the reader
    }
    for (int i = 0; i < parsers.length; i++) {
      work.offer(END); // never blocks: room for one end marker per parser
    }
  }

  /** A parser thread: parses the chunks it takes into their blocks. */
  private void parseAll(LineInput records, LibSvmReader reader) {
    try {
      while (true) {
        Task t = work.take();
        if (t == END) {
          return;
        }
        try {
          parse(t, records, reader);
        } catch (RuntimeException | Error e) {
          t.error = e;
        }
        t.finish();
      }
    } catch (InterruptedException e) {
      // close() stops the parsers
    }
  }

  private static void parse(Task t, LineInput records, LibSvmReader reader) {
    byte[] b = t.chunk.bytes;
    int n = t.chunk.length;
    int p = 0;
    long line = 0;
    while (p < n) {
      int newline = LineInput.indexOfNewline(b, p, n);
      int lineEnd = newline < 0 ? n : newline;
      int e = lineEnd > p && b[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
      line++;
      records.setRecord(b, p, e, line);
      try {
        if (reader.parseCurrent()) {
          t.add(reader.features(), reader.labels(), reader.farLabelSeen(), p, e, line);
        }
      } catch (DataFormatException error) {
        t.failAt(error, p, e, line);
        break;
      }
      p = newline < 0 ? n : newline + 1;
    }
    t.lines = line;
  }

  @Override
  public boolean advance() throws IOException {
    if (closed) {
      throw new IllegalStateException("the stream is closed");
    }
    if (ended) {
      return false;
    }
    while (true) {
      if (current != null && position + 1 < current.rows.size()) {
        position++;
        try {
          serve();
        } catch (DataFormatException e) {
          ended = true;
          throw e;
        }
        return true;
      }
      if (current != null) {
        Task done = current;
        current = null;
        if (done.error != null || done.errorLine > 0) {
          ended = true;
          throw failure(done);
        }
        linesBefore += done.lines;
        free.add(done); // never blocks: there are as many places as tasks
      }
      Task next;
      try {
        next = ordered.take();
        if (next != END) {
          next.awaitFinished();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the next examples");
      }
      if (next == END) {
        ended = true;
        return false;
      }
      current = next;
      position = -1;
      nextRecheck = 0;
    }
  }

  /** Makes example {@link #position} of the current block the current one, re-checking a flagged line. */
  private void serve() throws DataFormatException {
    Task t = current;
    if (nextRecheck < t.recheckCount && t.recheckExample[nextRecheck] == position) {
      reparse(t, nextRecheck++);
    }
    t.rows.view(position, x, y);
    if (declaredLabels < 0 && y.size() > 0 && y.maxLabel() > maxLabel) {
      maxLabel = y.maxLabel();
    }
  }

  /** Parses recheck line {@code k} of {@code t} as a sequential reader would, after every line before it. */
  private boolean reparse(Task t, int k) throws DataFormatException {
    recheck.raiseMaxLabel(maxLabel);
    recheckInput.setRecord(t.chunk.bytes, t.recheckStart[k], t.recheckEnd[k], linesBefore + t.recheckLine[k]);
    return recheck.parseCurrent();
  }

  /** The exception a sequential reader throws where the task stopped. */
  private IOException failure(Task t) throws DataFormatException {
    if (t.error != null) {
      if (t.errorBefore && t.error instanceof DataFormatException d) {
        // the input failed after the lines handed out before it: the line after them
        return new DataFormatException(file, linesBefore + 1, d.problem(), d.getCause());
      }
      return ReadAheadThreads.rethrow(t.error);
    }
    // a parser's error: the same line again with every label before it seen throws the sequential error
    int k = t.recheckCount - 1; // failAt recorded the failing line last
    reparse(t, k);
    // (unreachable in practice: only the far-label check is stricter in file order) the parser's own error
    return new DataFormatException(file, linesBefore + t.errorLine, t.errorProblem);
  }

  /** The current example's line: the lines of the chunks before its own, plus its line within its chunk. */
  @Override
  public long lineNumber() {
    return current == null || position < 0 ? 0 : linesBefore + current.exampleLine[position];
  }

  @Override
  public SparseVector features() {
    return x;
  }

  @Override
  public LabelSet labels() {
    return y;
  }

  /** The declared number of labels, or -1 (LIBSVM files do not declare it). */
  @Override
  public int numLabels() {
    return declaredLabels;
  }

  /** The declared number of features, or -1 (LIBSVM files do not declare it). */
  @Override
  public int numFeatures() {
    return declaredFeatures;
  }

  /**
   * The digest of the file as read; empty without hashing.
   *
   * @throws IllegalStateException if hashing but the stream has not reached its end
   */
  @Override
  public List<InputDigest> inputDigests() {
    if (!ended && input.hashing()) {
      throw new IllegalStateException(file + " has not been read to its end: its hash is not known yet");
    }
    return ended ? input.digests(null) : List.of();
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    closing = true;
    splitter.interrupt();
    for (Thread t : parsers) {
      t.interrupt();
    }
    ReadAheadThreads.awaitBriefly(splitter);
    input.close();
  }

  /** One chunk of lines and the block of examples parsed from it, recycled. */
  private static final class Task {
    final LineChunk chunk;
    final ExampleRows rows = new ExampleRows();
    long lines;
    /** Lines the consumer parses again: flagged far labels, then the failing line (when {@link #errorLine} > 0). */
    int recheckCount;
    int[] recheckExample = new int[4];
    int[] recheckStart = new int[4];
    int[] recheckEnd = new int[4];
    long[] recheckLine = new long[4];
    /** The chunk-relative line of each example of {@link #rows}. */
    long[] exampleLine = new long[64];
    /** The chunk-relative line of a parser's format error, or 0. */
    long errorLine;
    String errorProblem;
    /** An error of the input before this chunk, or one no line explains. */
    Throwable error;
    boolean errorBefore;
    private boolean finished;

    Task(int chunkBytes) {
      this.chunk = new LineChunk(chunkBytes);
    }

    void clear() {
      rows.clear();
      lines = 0;
      recheckCount = 0;
      errorLine = 0;
      errorProblem = null;
      error = null;
      errorBefore = false;
      synchronized (this) {
        finished = false;
      }
    }

    void add(SparseVector f, LabelSet l, boolean recheck, int start, int end, long line) {
      if (recheck) {
        addRecheck(rows.size(), start, end, line);
      }
      if (rows.size() == exampleLine.length) {
        exampleLine = Arrays.copyOf(exampleLine, 2 * exampleLine.length);
      }
      exampleLine[rows.size()] = line;
      rows.add(f, l);
    }

    private void addRecheck(int example, int start, int end, long line) {
      if (recheckCount == recheckExample.length) {
        int grown = 2 * recheckCount;
        recheckExample = Arrays.copyOf(recheckExample, grown);
        recheckStart = Arrays.copyOf(recheckStart, grown);
        recheckEnd = Arrays.copyOf(recheckEnd, grown);
        recheckLine = Arrays.copyOf(recheckLine, grown);
      }
      recheckExample[recheckCount] = example;
      recheckStart[recheckCount] = start;
      recheckEnd[recheckCount] = end;
      recheckLine[recheckCount] = line;
      recheckCount++;
    }

    /** A parser's format error at chunk line {@code line}, {@code chunk.bytes[start, end)}. */
    void failAt(DataFormatException e, int start, int end, long line) {
      addRecheck(-1, start, end, line);
      errorLine = line;
      errorProblem = e.problem();
    }

    /** The input failed after the chunks before this one. */
    void failBefore(Throwable e) {
      error = e;
      errorBefore = true;
    }

    synchronized void finish() {
      finished = true;
      notifyAll();
    }

    synchronized void awaitFinished() throws InterruptedException {
      while (!finished) {
        wait();
      }
    }
  }
}
