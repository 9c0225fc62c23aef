package org.altml.flink.source;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.zip.ZipException;
import org.altml.sparse.io.StrictGzipInputStream;
import org.altml.sparse.io.files.RecordParser;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.enumerate.FileEnumerator;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.IteratorResultIterator;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * The lines of LIBSVM and ARFF files for Flink's file source, each with its file and exact 1-based line
 * number, so that a bad record can be named as the readers name it.
 *
 * <p>Splitting: {@link Enumerator} cuts every plain (not gzip) file into a few splits per source subtask
 * (one when one subtask reads), at line ends, counting the lines before each cut in one pass over the file when the job
 * starts; the split's id carries its first line number ({@code "<n>@<line>"}), so every subtask knows the
 * number of every line it reads. A gzip file is one split (it cannot be entered in the middle). A reader's
 * position is the number of lines of its split already emitted: a restore from a checkpoint re-opens the
 * split and skips them, so the lines after a failure are exactly those that follow the checkpoint.
 */
public final class LineFormat implements BulkFormat<TextLine, FileSourceSplit> {
  private static final long serialVersionUID = 1L;
  private static final int BATCH = 512;

  @Override
  public Reader<TextLine> createReader(Configuration config, FileSourceSplit split) throws IOException {
    return new LineReader(split, 0);
  }

  @Override
  public Reader<TextLine> restoreReader(Configuration config, FileSourceSplit split) throws IOException {
    long skip = split.getReaderPosition().map(CheckpointedPosition::getRecordsAfterOffset).orElse(0L);
    return new LineReader(split, skip);
  }

  @Override
  public boolean isSplittable() {
    return true;
  }

  @Override
  public TypeInformation<TextLine> getProducedType() {
    return TypeInformation.of(TextLine.class);
  }

  /** The index of the first {@code '\n'} in {@code a[from, to)}, or {@code to} (the readers' search, {@link RecordParser#indexOfNewline}). */
  static int indexOfNewline(byte[] a, int from, int to) {
    int i = RecordParser.indexOfNewline(a, from, to);
    return i < 0 ? to : i;
  }

  /**
   * A failure to read line {@code line} of {@code file} as the readers name it: the file, the line and the problem
   * ({@code "truncated or corrupt gzip data: ..."} for a broken gzip stream, a {@link PermanentFailure}: no restart
   * would read other bytes), {@code e} kept as suppressed.
   */
  static IOException readFailure(String file, long line, boolean gzip, IOException e) {
    // the gzip data's own faults (not an EOFException of the file system underneath, which a restart may cure)
    boolean broken = gzip && (e instanceof StrictGzipInputStream.Truncated || e instanceof ZipException);
    if (broken) { // the file's bytes: a restart would read them again
      return new PermanentFailure(file + ":" + line + ": truncated or corrupt gzip data: " + e.getMessage(), e);
    }
    IOException named = new IOException(file + ":" + line + ": " + e.getMessage());
    named.addSuppressed(e); // not the cause: the command line reports a failure's deepest cause, which must be this one
    return named;
  }

  /** Whether {@code path} is read through gzip: by its name, as Flink's file source decides it too. */
  static boolean isGzip(Path path) {
    return path.getName().endsWith(".gz");
  }

  /** The first line number a split id of {@link Enumerator} carries (1 for other ids). */
  static long firstLine(String splitId) {
    int at = splitId.indexOf('@');
    return at < 0 ? 1 : Long.parseLong(splitId.substring(at + 1));
  }

  /** The path as messages show it: the path part of a {@code file:} URI, else the URI. */
  static String displayName(Path path) {
    URI uri = path.toUri();
    return uri.getScheme() == null || "file".equals(uri.getScheme()) ? uri.getPath() : uri.toString();
  }

  private static final class LineReader implements Reader<TextLine> {
    /** What {@link #next} returns for a line passed over. */
    private static final byte[] PASSED = new byte[0];

    private final InputStream in;
    private final LineCursor lines;
    private final String file;
    private final boolean gzip;
    private final long end;
    private long emitted;
    private long line;

    LineReader(FileSourceSplit split, long skip) throws IOException {
      FileSystem fs = split.path().getFileSystem();
      FSDataInputStream raw = fs.open(split.path());
      this.file = displayName(split.path());
      this.gzip = isGzip(split.path());
      if (gzip) {
        this.in = new StrictGzipInputStream(raw, 1 << 16);
        this.end = Long.MAX_VALUE;
      } else {
        raw.seek(split.offset());
        this.in = raw;
        this.end = split.length();
      }
      this.lines = new LineCursor(in);
      this.line = firstLine(split.splitId()) - 1;
      for (long i = 0; i < skip; i++) {
        if (next(false) == null) {
          break;
        }
      }
      this.emitted = skip;
    }

    /**
     * The next line of the split: in an array of its own when {@code copy}, else passed over without a copy
     * ({@link #PASSED}); null at the end of the split. A read failure names the file and the line.
     */
    private byte[] next(boolean copy) throws IOException {
      if (lines.consumed() >= end) {
        return null;
      }
      byte[] text;
      try {
        text = copy ? lines.nextCopy() : lines.skip() ? PASSED : null;
      } catch (IOException e) {
        throw readFailure(file, line + 1, gzip, e);
      }
      if (text != null) {
        line++;
      }
      return text;
    }

    @Override
    public RecordIterator<TextLine> readBatch() throws IOException {
      List<TextLine> batch = new ArrayList<>(BATCH);
      long first = emitted;
      for (int i = 0; i < BATCH; i++) {
        byte[] text = next(true);
        if (text == null) {
          break;
        }
        batch.add(new TextLine(file, line, text));
      }
      if (batch.isEmpty()) {
        return null;
      }
      emitted += batch.size();
      return new IteratorResultIterator<>(batch.iterator(), CheckpointedPosition.NO_OFFSET, first);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /**
   * Splits plain files at line ends into about {@code splitsPerSubtask} x {@code minDesiredSplits} splits each
   * (at least {@code minSplitBytes} long; one split when one subtask reads), counting lines so that each
   * split's id carries its first line number; gzip files are single splits. More splits than subtasks
   * balance the load: the file source hands a split to whichever subtask asks next, so a subtask slowed down
   * by the other work on its core reads fewer of them.
   */
  public static final class Enumerator implements FileEnumerator {
    private final long minSplitBytes;
    private final int splitsPerSubtask;

    /** Splits of at least {@code minSplitBytes} bytes, one per subtask. */
    public Enumerator(long minSplitBytes) {
      this(minSplitBytes, 1);
    }

    /** Splits of at least {@code minSplitBytes} bytes, {@code splitsPerSubtask} per subtask when several read. */
    public Enumerator(long minSplitBytes, int splitsPerSubtask) {
      if (splitsPerSubtask < 1) {
        throw new IllegalArgumentException("splitsPerSubtask must be >= 1: " + splitsPerSubtask);
      }
      this.minSplitBytes = minSplitBytes;
      this.splitsPerSubtask = splitsPerSubtask;
    }

    /** The provider a {@link org.apache.flink.connector.file.src.FileSource} builder takes. */
    public static FileEnumerator.Provider provider(long minSplitBytes, int splitsPerSubtask) {
      return () -> new Enumerator(minSplitBytes, splitsPerSubtask);
    }

    @Override
    public Collection<FileSourceSplit> enumerateSplits(Path[] paths, int minDesiredSplits) throws IOException {
      List<FileSourceSplit> splits = new ArrayList<>();
      int id = 0;
      for (Path path : paths) {
        FileSystem fs = path.getFileSystem();
        FileStatus status = fs.getFileStatus(path);
        long size = status.getLen();
        long time = status.getModificationTime();
        if (isGzip(path) || minDesiredSplits <= 1 || size < 2 * minSplitBytes) {
          splits.add(new FileSourceSplit((id++) + "@1", path, 0, size, time, size));
          continue;
        }
        long wanted = (long) minDesiredSplits * splitsPerSubtask;
        long target = Math.max(minSplitBytes, (size + wanted - 1) / wanted);
        try (InputStream in = fs.open(path)) {
          long start = 0;
          long lineOfStart = 1;
          long pos = 0;
          long lines = 0;
          byte[] block = new byte[1 << 16];
          int n;
          while ((n = in.read(block, 0, block.length)) >= 0) {
            for (int i = indexOfNewline(block, 0, n); i < n; i = indexOfNewline(block, i + 1, n)) {
              lines++;
              long after = pos + i + 1;
              if (after - start >= target && after < size) {
                splits.add(new FileSourceSplit((id++) + "@" + lineOfStart, path, start, after - start, time, size));
                start = after;
                lineOfStart = lines + 1;
              }
            }
            pos += n;
          }
          if (start < size) {
            splits.add(new FileSourceSplit((id++) + "@" + lineOfStart, path, start, size - start, time, size));
          }
        }
      }
      return splits;
    }
  }
}
