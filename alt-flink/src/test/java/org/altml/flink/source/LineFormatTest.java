package org.altml.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.flink.FlinkTesting;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Splits at line ends with exact line numbers, and restores that skip what was emitted. */
class LineFormatTest {
  @TempDir Path dir;

  private static List<TextLine> readAll(BulkFormat.Reader<TextLine> reader) throws Exception {
    List<TextLine> out = new ArrayList<>();
    BulkFormat.RecordIterator<TextLine> batch;
    while ((batch = reader.readBatch()) != null) {
      RecordAndPosition<TextLine> r;
      while ((r = batch.next()) != null) {
        out.add(r.getRecord());
      }
      batch.releaseBatch();
    }
    reader.close();
    return out;
  }

  @Test
  void everySplitKnowsItsLineNumbers() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "data.svm", 700, 5, List.of());
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<FileSourceSplit> splits = new ArrayList<>(new LineFormat.Enumerator(1000).enumerateSplits(
        new org.apache.flink.core.fs.Path[] {new org.apache.flink.core.fs.Path(file.toUri())}, 3));
    assertEquals(3, splits.size(), splits.toString());
    LineFormat format = new LineFormat();
    List<TextLine> all = new ArrayList<>();
    for (FileSourceSplit split : splits) {
      all.addAll(readAll(format.createReader(new Configuration(), split)));
    }
    assertEquals(lines.size(), all.size());
    for (int i = 0; i < all.size(); i++) {
      assertEquals(i + 1, all.get(i).line);
      assertEquals(lines.get(i), new String(all.get(i).text, StandardCharsets.UTF_8));
    }
    // a restore of the second split after 17 of its lines goes on with the 18th
    FileSourceSplit second = splits.get(1).updateWithCheckpointedPosition(new CheckpointedPosition(CheckpointedPosition.NO_OFFSET, 17));
    List<TextLine> rest = readAll(format.restoreReader(new Configuration(), second));
    long first = LineFormat.firstLine(splits.get(1).splitId());
    assertTrue(first > 1);
    assertEquals(first + 17, rest.get(0).line);
  }

  @Test
  void severalSplitsPerSubtaskStillCoverEveryLineOnceInOrder() throws Exception {
    Path file = FlinkTesting.libSvm(dir, "data.svm", 700, 5, List.of());
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    org.apache.flink.core.fs.Path[] paths = {new org.apache.flink.core.fs.Path(file.toUri())};
    List<FileSourceSplit> splits = new ArrayList<>(new LineFormat.Enumerator(1000, 4).enumerateSplits(paths, 2));
    assertEquals(8, splits.size(), splits.toString());
    assertEquals(1, new LineFormat.Enumerator(1000, 4).enumerateSplits(paths, 1).size(), "one reader: one split, file order");
    List<TextLine> all = new ArrayList<>();
    for (FileSourceSplit split : splits) {
      all.addAll(readAll(new LineFormat().createReader(new Configuration(), split)));
    }
    assertEquals(lines.size(), all.size());
    for (int i = 0; i < all.size(); i++) {
      assertEquals(i + 1, all.get(i).line);
      assertEquals(lines.get(i), new String(all.get(i).text, StandardCharsets.UTF_8));
    }
  }

  @Test
  void theWordAtATimeNewlineSearchFindsTheFirstNewlineAsAByteLoopDoes() {
    java.util.Random random = new java.util.Random(11);
    for (int trial = 0; trial < 2000; trial++) {
      byte[] a = new byte[random.nextInt(40)];
      for (int i = 0; i < a.length; i++) {
        // newlines, their neighbours (0x09, 0x0B: a borrow or a carry away), zeros and high bytes
        int kind = random.nextInt(6);
        a[i] = (byte) (kind == 0 ? '\n' : kind == 1 ? 0x09 : kind == 2 ? 0x0B : kind == 3 ? 0 : kind == 4 ? 0x8A : random.nextInt(256));
      }
      int from = a.length == 0 ? 0 : random.nextInt(a.length + 1);
      int to = from + random.nextInt(a.length - from + 1);
      int want = to;
      for (int i = from; i < to; i++) {
        if (a[i] == '\n') {
          want = i;
          break;
        }
      }
      assertEquals(want, LineFormat.indexOfNewline(a, from, to), java.util.Arrays.toString(a) + " from " + from + " to " + to);
    }
  }

  /**
   * {@link LineCursor#nextCopy()} gives the lines {@link LineCursor#next()} gives, with the same consumed counts:
   * lines within a 64 KiB block, across block ends and longer than a block, empty lines, CRLF ends (a '\r' at a
   * block's end too), and a last line without its end.
   */
  @Test
  void aCursorsCopiedLinesAreTheLinesItReads() throws Exception {
    java.util.Random random = new java.util.Random(5);
    for (int trial = 0; trial < 30; trial++) {
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      int lines = 1 + random.nextInt(400);
      for (int i = 0; i < lines; i++) {
        int len = random.nextInt(10) == 0 ? 0 : random.nextInt(random.nextInt(20) == 0 ? 150_000 : 2_000);
        for (int k = 0; k < len; k++) {
          b.write(random.nextInt(8) == 0 ? '\r' : 'a' + random.nextInt(26));
        }
        if (i < lines - 1 || random.nextBoolean()) {
          byte[] end = (random.nextBoolean() ? "\r\n" : "\n").getBytes(StandardCharsets.US_ASCII);
          b.write(end, 0, end.length);
        }
      }
      byte[] bytes = b.toByteArray();
      LineCursor read = new LineCursor(new java.io.ByteArrayInputStream(bytes));
      LineCursor copied = new LineCursor(new java.io.ByteArrayInputStream(bytes));
      int count = 0;
      while (true) {
        int n = read.next();
        byte[] copy = copied.nextCopy();
        if (n < 0) {
          assertEquals(null, copy, "trial " + trial + ": both end after " + count + " lines");
          break;
        }
        assertTrue(java.util.Arrays.equals(read.buffer(), 0, n, copy, 0, copy.length), "trial " + trial + ", line " + (count + 1));
        assertEquals(read.consumed(), copied.consumed(), "trial " + trial + ", line " + (count + 1));
        count++;
      }
    }
  }
}
