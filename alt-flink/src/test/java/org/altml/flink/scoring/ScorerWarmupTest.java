package org.altml.flink.scoring;

import org.altml.flink.source.TextLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.RecordParser;
import org.junit.jupiter.api.Test;

/** The warm-up's synthetic lines are valid records of the model's shape, the same every time. */
class ScorerWarmupTest {
  @Test
  void theLinesAreValidRecordsWithinTheModelsLabelsAndFeatures() throws Exception {
    int[][] shapes = {{1, 1}, {2, 3}, {6, 72}, {101, 47_236}};
    for (int[] shape : shapes) {
      int labels = shape[0];
      int features = shape[1];
      RecordParser parser = RecordParser.libSvm("(warm-up)", ReadOptions.defaults().withNumLabels(labels).withNumFeatures(features));
      TextLine[] lines = ScorerWarmup.lines(labels, features);
      TextLine[] again = ScorerWarmup.lines(labels, features);
      for (int i = 0; i < lines.length; i++) {
        assertTrue(java.util.Arrays.equals(lines[i].text, again[i].text), "seeded: the same lines every time");
        assertTrue(parser.parse(lines[i].text, 0, lines[i].text.length, i + 1), "a record: L " + labels + " d " + features);
        assertEquals(Math.min(64, features), parser.features().nnz());
        assertEquals(Math.min(2, labels), parser.labels().size());
      }
    }
  }
}
