package org.altml.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.zip.GZIPOutputStream;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ShareSource}: which lines each share emits, its position across a checkpoint, the enumerator's hand-out. */
class ShareSourceTest {
  @TempDir Path dir;

  /** A file of {@code n} lines "name-i" (1-based), Windows line ends on every third, no line end after the last. */
  private Path file(String name, int n, boolean gzip) throws IOException {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= n; i++) {
      b.append(name).append('-').append(i).append(i % 3 == 0 ? "\r\n" : "\n");
    }
    if (n > 0) {
      b.setLength(b.length() - (n % 3 == 0 ? 2 : 1));
    }
    Path f = dir.resolve(name + (gzip ? ".svm.gz" : ".svm"));
    try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(f)) : Files.newOutputStream(f)) {
      out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return f;
  }

  /** Collects what a reader emits. */
  static final class Collected implements ReaderOutput<TextLine> {
    final List<String> lines = new ArrayList<>();

    @Override
    public void collect(TextLine line) {
      lines.add(Path.of(line.file).getFileName() + ":" + line.line + ":" + new String(line.text, StandardCharsets.UTF_8));
    }

    @Override
    public void collect(TextLine line, long timestamp) {
      collect(line);
    }

    @Override
    public void emitWatermark(Watermark watermark) {}

    @Override
    public void markIdle() {}

    @Override
    public void markActive() {}

    @Override
    public SourceOutput<TextLine> createOutputForSplit(String splitId) {
      return this;
    }

    @Override
    public void releaseOutputForSplit(String splitId) {}
  }

  /** Polls until the reader has emitted {@code limit} lines (or all of them); the status of the last poll. */
  private static InputStatus poll(ShareSource.Reader reader, Collected out, int limit) throws Exception {
    InputStatus status = InputStatus.MORE_AVAILABLE;
    while (out.lines.size() < limit && status == InputStatus.MORE_AVAILABLE) {
      status = reader.pollNext(out);
    }
    return status;
  }

  private static ShareSource.Reader reader(List<Path> files) {
    return (ShareSource.Reader) new ShareSource(files.stream().map(Path::toString).toList()).createReader(null);
  }

  @Test
  void eachShareIsItsLinesInFileOrderAcrossFiles() throws Exception {
    List<Path> files = List.of(file("a", 1000, false), file("b", 7, true), file("c", 0, false), file("d", 613, false));
    int p = 3;
    List<String> all = new ArrayList<>();
    for (int k = 0; k < p; k++) {
      ShareSource.Reader reader = reader(files);
      reader.addSplits(List.of(new ShareSource.Share(k, p, 0, 0)));
      reader.notifyNoMoreSplits();
      Collected out = new Collected();
      assertEquals(InputStatus.END_OF_INPUT, poll(reader, out, Integer.MAX_VALUE));
      List<String> expected = new ArrayList<>();
      for (String name : List.of("a", "b", "d")) {
        int n = name.equals("a") ? 1000 : name.equals("b") ? 7 : 613;
        for (int i = 1; i <= n; i++) {
          if (i % p == k) {
            expected.add(name + (name.equals("b") ? ".svm.gz" : ".svm") + ":" + i + ":" + name + "-" + i);
          }
        }
      }
      assertEquals(expected, out.lines, "share " + k);
      all.addAll(out.lines);
      reader.close();
    }
    assertEquals(1000 + 7 + 613, all.size(), "every line in exactly one share");
  }

  @Test
  void aRestoredShareGoesOnAfterItsCheckpointedLine() throws Exception {
    List<Path> files = List.of(file("a", 900, true), file("b", 450, false));
    ShareSource.Reader whole = reader(files);
    whole.addSplits(List.of(new ShareSource.Share(1, 2, 0, 0)));
    whole.notifyNoMoreSplits();
    Collected expected = new Collected();
    poll(whole, expected, Integer.MAX_VALUE);

    for (int cut : new int[] {0, 1, 300, 449, 450, 451, 600, 675}) {
      ShareSource.Reader first = reader(files);
      first.addSplits(List.of(new ShareSource.Share(1, 2, 0, 0)));
      first.notifyNoMoreSplits();
      Collected out = new Collected();
      poll(first, out, cut); // a poll emits whole batches: the checkpoint falls wherever it stopped
      List<ShareSource.Share> state = first.snapshotState(1);
      first.close();
      assertEquals(out.lines.size() == expected.lines.size() ? 0 : 1, state.size(), "a share read to its end is not in the state");
      List<ShareSource.Share> copies = new ArrayList<>();
      for (ShareSource.Share share : state) {
        copies.add(new ShareSource.ShareSerializer().deserialize(1, new ShareSource.ShareSerializer().serialize(share)));
      }
      assertEquals(state, copies);

      ShareSource.Reader restored = reader(files);
      restored.addSplits(copies);
      restored.notifyNoMoreSplits();
      assertEquals(InputStatus.END_OF_INPUT, poll(restored, out, Integer.MAX_VALUE));
      assertEquals(expected.lines, out.lines, "checkpoint after " + cut + " lines asked");
    }
  }

  @Test
  void aReaderWaitsForItsShareAndEndsWithoutOne() throws Exception {
    ShareSource.Reader reader = reader(List.of(file("a", 10, false)));
    Collected out = new Collected();
    assertEquals(InputStatus.NOTHING_AVAILABLE, reader.pollNext(out));
    var available = reader.isAvailable();
    assertTrue(!available.isDone());
    reader.notifyNoMoreSplits();
    assertTrue(available.isDone());
    assertEquals(InputStatus.END_OF_INPUT, reader.pollNext(out));
    assertTrue(out.lines.isEmpty());
  }

  @Test
  void aFileShorterThanItsCheckpointIsAnErrorNamingIt() throws Exception {
    Path a = file("a", 10, false);
    ShareSource.Reader reader = reader(List.of(a));
    reader.addSplits(List.of(new ShareSource.Share(0, 2, 0, 20)));
    IOException e = assertThrows(IOException.class, () -> reader.pollNext(new Collected()));
    assertTrue(e.getMessage().contains(a.toString()) && e.getMessage().contains("20"), e.getMessage());
  }

  /** Records what the enumerator hands out. */
  static final class Context implements SplitEnumeratorContext<ShareSource.Share> {
    final int parallelism;
    final Map<Integer, List<String>> assigned = new HashMap<>();
    final List<Integer> noMore = new ArrayList<>();

    Context(int parallelism) {
      this.parallelism = parallelism;
    }

    @Override
    public SplitEnumeratorMetricGroup metricGroup() {
      return null;
    }

    @Override
    public void sendEventToSourceReader(int subtaskId, SourceEvent event) {}

    @Override
    public int currentParallelism() {
      return parallelism;
    }

    @Override
    public Map<Integer, ReaderInfo> registeredReaders() {
      return Map.of();
    }

    @Override
    public void assignSplits(SplitsAssignment<ShareSource.Share> assignment) {
      assignment.assignment().forEach((k, v) -> v.forEach(s -> assigned.computeIfAbsent(k, x -> new ArrayList<>()).add(s.splitId())));
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
      noMore.add(subtask);
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {}

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelay, long period) {}

    @Override
    public void runInCoordinatorThread(Runnable runnable) {
      runnable.run();
    }
  }

  @Test
  void shareKGoesToSubtaskKOnRegistrationAndAgainAfterAFailure() throws Exception {
    ShareSource source = new ShareSource(List.of("x.svm"));
    Context context = new Context(3);
    var enumerator = source.createEnumerator(context);
    enumerator.handleSplitRequest(0, "host"); // requests are not how shares are handed out
    assertTrue(context.assigned.isEmpty());
    enumerator.addReader(2);
    enumerator.addReader(0);
    enumerator.addReader(1);
    assertEquals(Map.of(0, List.of("0/3"), 1, List.of("1/3"), 2, List.of("2/3")), context.assigned);
    assertEquals(List.of(2, 0, 1), context.noMore);
    assertEquals(List.of(), enumerator.snapshotState(1));

    enumerator.addSplitsBack(List.of(new ShareSource.Share(1, 3, 0, 17)), 1);
    List<ShareSource.Share> pending = enumerator.snapshotState(2);
    ShareSource.PendingSerializer serializer = new ShareSource.PendingSerializer();
    assertEquals(pending, serializer.deserialize(1, serializer.serialize(pending)));
    Context after = new Context(3);
    var restored = source.restoreEnumerator(after, pending);
    restored.addReader(0);
    restored.addReader(1);
    assertEquals(Map.of(1, List.of("1/3")), after.assigned, "the failed subtask gets its share back, at its position");
    assertEquals(List.of(0, 1), after.noMore);
  }
}
