package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Random;
import java.util.TreeSet;
import org.altml.sparse.LabelSet;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An open stream of LIBSVM lines with numeric features reads every line as the LIBSVM reader does. */
class OpenStreamLibSvmTest {
  @TempDir Path dir;

  @Test
  void numericFeaturesReadLibSvmAsTheLibSvmReaderDoes() throws Exception {
    Random random = new Random(3);
    StringBuilder text = new StringBuilder("# generated\n");
    for (int i = 0; i < 3000; i++) {
      if (random.nextInt(20) == 0) {
        text.append(random.nextBoolean() ? "\n" : "  # a comment\n");
        continue;
      }
      TreeSet<Integer> labels = new TreeSet<>();
      for (int k = random.nextInt(4); k > 0; k--) {
        labels.add(random.nextInt(i / 100 + 1) * 7);
      }
      StringBuilder line = new StringBuilder(String.join(",", labels.stream().map(String::valueOf).toList()));
      TreeSet<Integer> indices = new TreeSet<>();
      for (int k = random.nextInt(8); k > 0; k--) {
        indices.add(1 + random.nextInt(50 + i));
      }
      for (int index : random.nextBoolean() ? indices : indices.descendingSet()) {
        line.append(' ').append(index).append(':').append(random.nextInt(3) == 0 ? "0" : random.nextGaussian());
      }
      text.append(line.toString().strip()).append(random.nextBoolean() ? "\r\n" : " # c\n");
    }
    Path f = IoTestSupport.write(dir, "g.svm", text.toString());
    Vocabulary v = new Vocabulary(new LabelVocabulary(), new NumericFeatures());
    int examples = 0;
    try (LibSvmReader expected = LibSvmReader.open(f, ReadOptions.defaults());
        OpenStream open = OpenStream.open(f, OpenFormat.LIBSVM, v)) {
      while (expected.advance()) {
        assertTrue(open.advance());
        assertEquals(expected.lineNumber(), open.lineNumber());
        assertEquals(expected.features(), open.features(), "line " + expected.lineNumber());
        assertTrue(open.numFeatures() > expected.features().maxIndex());
        LabelSet y = open.labels();
        TreeSet<String> names = new TreeSet<>();
        for (int k = 0; k < y.size(); k++) {
          names.add(v.labels().name(y.label(k)));
        }
        TreeSet<String> want = new TreeSet<>();
        for (int k = 0; k < expected.labels().size(); k++) {
          want.add(Integer.toString(expected.labels().label(k)));
        }
        assertEquals(want, names, "line " + expected.lineNumber());
        examples++;
      }
      assertFalse(open.advance());
    }
    assertTrue(examples > 2500);
  }
}
