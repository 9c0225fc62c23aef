package org.altml.flink.source;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.altml.sparse.io.StrictGzipInputStream;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The lines of a list of files, shared out by line number among p source subtasks: share k of p is every line
 * whose 1-based number in its file is ≡ k (mod p), in file order, and subtask k reads share k. Each subtask
 * passes over the other shares' lines without copying them (a line-end search; parsing is what costs), so the
 * p readers need nothing from each other and a reader can be chained to the operator that consumes its
 * share: no record crosses a thread. The data-parallel job uses it this way, one worker per share.
 *
 * <p>Deterministic: the enumerator gives share k to subtask k when that subtask registers (never on
 * request), so which lines a subtask sees, and in which order, depends on nothing but p. A share's position is
 * its file and the number of that file's lines passed; a restore from a checkpoint re-opens the file and
 * passes over them. A share handed out after the last checkpoint comes back to the enumerator when its
 * subtask fails and goes to it again when it registers anew. Restored at another parallelism (from a
 * savepoint), the shares of the old p are kept, each finishing the lines it had left, and the subtasks
 * without one read nothing.
 */
public final class ShareSource implements Source<TextLine, ShareSource.Share, List<ShareSource.Share>> {
  private static final long serialVersionUID = 1L;
  /** Lines a reader emits per call before it lets the task do other work (checkpoints). */
  private static final int BATCH = 256;
  private final String[] uris;

  /** The lines of {@code files} (local paths or URIs of Flink's file systems). */
  public ShareSource(List<String> files) {
    this.uris = files.stream().map(DataSpec::uri).toArray(String[]::new);
  }

  /**
   * Share {@code share} of {@code shares} at its position: file {@code file} of the source's list, of which
   * {@code linesDone} lines have been passed (emitted or not).
   */
  public record Share(int share, int shares, int file, long linesDone) implements SourceSplit {
    @Override
    public String splitId() {
      return share + "/" + shares;
    }
  }

  @Override
  public Boundedness getBoundedness() {
    return Boundedness.BOUNDED;
  }

  @Override
  public SplitEnumerator<Share, List<Share>> createEnumerator(SplitEnumeratorContext<Share> context) {
    int p = context.currentParallelism();
    List<Share> shares = new ArrayList<>();
    for (int k = 0; k < p; k++) {
      shares.add(new Share(k, p, 0, 0));
    }
    return new Enumerator(context, shares);
  }

  @Override
  public SplitEnumerator<Share, List<Share>> restoreEnumerator(SplitEnumeratorContext<Share> context, List<Share> pending) {
    return new Enumerator(context, new ArrayList<>(pending));
  }

  @Override
  public SimpleVersionedSerializer<Share> getSplitSerializer() {
    return new ShareSerializer();
  }

  @Override
  public SimpleVersionedSerializer<List<Share>> getEnumeratorCheckpointSerializer() {
    return new PendingSerializer();
  }

  @Override
  public SourceReader<TextLine, Share> createReader(SourceReaderContext context) {
    return new Reader(uris);
  }

  /** Hands each share to its subtask when that subtask registers, then tells it there is no more. */
  static final class Enumerator implements SplitEnumerator<Share, List<Share>> {
    private final SplitEnumeratorContext<Share> context;
    private final List<Share> pending;

    Enumerator(SplitEnumeratorContext<Share> context, List<Share> pending) {
      this.context = context;
      this.pending = pending;
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtask, String host) {} // shares are handed out on registration

    @Override
    public void addSplitsBack(List<Share> splits, int subtask) {
      pending.addAll(splits); // its subtask failed; it gets them again when it registers anew
    }

    @Override
    public void addReader(int subtask) {
      int p = context.currentParallelism();
      List<Share> mine = new ArrayList<>();
      for (Iterator<Share> it = pending.iterator(); it.hasNext(); ) {
        Share s = it.next();
        if (s.share() % p == subtask) {
          mine.add(s);
          it.remove();
        }
      }
      if (!mine.isEmpty()) {
        context.assignSplits(new SplitsAssignment<>(Map.of(subtask, mine)));
      }
      context.signalNoMoreSplits(subtask);
    }

    @Override
    public List<Share> snapshotState(long checkpointId) {
      return new ArrayList<>(pending);
    }

    @Override
    public void close() {}
  }

  /** Reads its shares one after the other, emitting their lines and passing over the others. */
  static final class Reader implements SourceReader<TextLine, Share> {
    private final String[] uris;
    private final ArrayDeque<Share> queued = new ArrayDeque<>();
    private boolean noMoreSplits;
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private Share current; // the share being read, at its start; null when none
    private int file;
    private long linesDone;
    private String fileName;
    private boolean gzip;
    private InputStream in;
    private LineCursor lines;

    Reader(String[] uris) {
      this.uris = uris;
    }

    @Override
    public void start() {}

    @Override
    public InputStatus pollNext(ReaderOutput<TextLine> output) throws Exception {
      int emitted = 0;
      while (emitted < BATCH) {
        if (lines == null && !open()) {
          return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
        }
        long number = linesDone + 1;
        try {
          if (Math.floorMod(number, (long) current.shares()) == current.share()) {
            byte[] text = lines.nextCopy();
            if (text == null) {
              nextFile();
              continue;
            }
            // the position moves once the line has been passed on: a checkpoint taken while it is held on the way
            // (FailAt) resumes with it
            output.collect(new TextLine(fileName, number, text));
            linesDone = number;
            emitted++;
          } else if (lines.skip()) {
            linesDone = number;
          } else {
            nextFile();
          }
        } catch (IOException e) {
          throw LineFormat.readFailure(fileName, number, gzip, e);
        }
      }
      return InputStatus.MORE_AVAILABLE;
    }

    /** Opens the file to read next: the current share's, or the next queued share's; false when there is none. */
    private boolean open() throws IOException {
      while (true) {
        if (current == null) {
          current = queued.poll();
          if (current == null) {
            return false;
          }
          file = current.file();
          linesDone = current.linesDone();
        }
        if (file >= uris.length) {
          current = null;
          continue;
        }
        Path path = new Path(uris[file]);
        InputStream raw = path.getFileSystem().open(path);
        gzip = LineFormat.isGzip(path);
        in = gzip ? new StrictGzipInputStream(raw, 1 << 16) : raw;
        fileName = LineFormat.displayName(path);
        lines = new LineCursor(in);
        for (long i = 0; i < linesDone; i++) {
          if (!lines.skip()) {
            throw new PermanentFailure(fileName + ": has fewer lines than the " + linesDone + " a checkpoint passed", null);
          }
        }
        return true;
      }
    }

    /** Closes the file read to its end; the share goes on with its next file. */
    private void nextFile() throws IOException {
      closeFile();
      file++;
      linesDone = 0;
    }

    private void closeFile() throws IOException {
      lines = null;
      if (in != null) {
        InputStream was = in;
        in = null;
        was.close();
      }
    }

    @Override
    public List<Share> snapshotState(long checkpointId) {
      List<Share> state = new ArrayList<>();
      if (current != null) {
        state.add(new Share(current.share(), current.shares(), file, linesDone));
      }
      state.addAll(queued);
      return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
      if (current != null || !queued.isEmpty() || noMoreSplits) {
        return CompletableFuture.completedFuture(null);
      }
      if (available.isDone()) {
        available = new CompletableFuture<>();
      }
      return available;
    }

    @Override
    public void addSplits(List<Share> splits) {
      queued.addAll(splits);
      available.complete(null);
    }

    @Override
    public void notifyNoMoreSplits() {
      noMoreSplits = true;
      available.complete(null);
    }

    @Override
    public void close() throws IOException {
      closeFile();
    }
  }

  private static void write(DataOutputStream out, Share s) throws IOException {
    out.writeInt(s.share());
    out.writeInt(s.shares());
    out.writeInt(s.file());
    out.writeLong(s.linesDone());
  }

  private static Share read(DataInputStream in) throws IOException {
    return new Share(in.readInt(), in.readInt(), in.readInt(), in.readLong());
  }

  static final class ShareSerializer implements SimpleVersionedSerializer<Share> {
    @Override
    public int getVersion() {
      return 1;
    }

    @Override
    public byte[] serialize(Share share) throws IOException {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(20);
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        write(out, share);
      }
      return bytes.toByteArray();
    }

    @Override
    public Share deserialize(int version, byte[] serialized) throws IOException {
      if (version != 1) {
        throw new IOException("unknown version of a share's state: " + version);
      }
      try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
        return read(in);
      }
    }
  }

  static final class PendingSerializer implements SimpleVersionedSerializer<List<Share>> {
    @Override
    public int getVersion() {
      return 1;
    }

    @Override
    public byte[] serialize(List<Share> pending) throws IOException {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        out.writeInt(pending.size());
        for (Share s : pending) {
          write(out, s);
        }
      }
      return bytes.toByteArray();
    }

    @Override
    public List<Share> deserialize(int version, byte[] serialized) throws IOException {
      if (version != 1) {
        throw new IOException("unknown version of the shares' enumerator state: " + version);
      }
      try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
        int n = in.readInt();
        List<Share> pending = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          pending.add(read(in));
        }
        return pending;
      }
    }
  }
}
