package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
}
