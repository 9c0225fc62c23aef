package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;

/**
 * Random lines of every format's alphabet: each is a record or a DataFormatException (never another exception), and
 * every record handed out keeps the stream's invariants.
 */
class OpenRecordFuzzTest {
  private static final String[] PIECES = {
    "0", "1", "3", "12", "007", "-", ".", "e", "5e40", ":", ",", " ", "\t", "#", "{", "}", "[", "]", "\"", "\\ud800", "a",
    "b", "λ", "nan", "inf", "\u00a0", "\u0001", "\"features\"", "\"words\"", "\"labels\"", "\"id\"", ": ", ", ", "{}", "[]",
    "true", "null", "1.5", "-2", "3000000000"
  };

  @Test
  void randomLinesAreRecordsOrFormatErrors() {
    Random random = new Random(42);
    List<Supplier<FeatureVocabulary>> kinds = List.of(() -> new FeatureDictionary(50), () -> new FeatureHashing(4),
        () -> new NumericFeatures(random.nextBoolean(), 1000));
    int records = 0;
    int errors = 0;
    for (OpenFormat format : OpenFormat.values()) {
      for (Supplier<FeatureVocabulary> kind : kinds) {
        Vocabulary v = new Vocabulary(new LabelVocabulary(20), kind.get());
        OpenRecord r = new OpenRecord();
        for (int i = 0; i < 4000; i++) {
          String line = line(random, format);
          boolean grow = random.nextInt(4) > 0;
          try {
            if (OpenStream.parse(line, format, v, grow, "f", i + 1, r)) {
              records++;
              check(r, v, line);
            }
          } catch (DataFormatException e) {
            errors++;
            assertTrue(e.getMessage().startsWith("f:" + (i + 1) + ": "), e.getMessage());
          } catch (RuntimeException e) {
            throw new AssertionError(format + " " + v.features().describe() + ": " + line, e);
          }
        }
      }
    }
    assertTrue(records > 1000 && errors > 1000, records + " records, " + errors + " errors");
  }

  private static String line(Random random, OpenFormat format) {
    StringBuilder b = new StringBuilder();
    if (format == OpenFormat.JSON && random.nextBoolean()) {
      b.append("{\"features\": {");
      int n = random.nextInt(4);
      for (int k = 0; k < n; k++) {
        b.append(k > 0 ? ", " : "").append('"').append(random.nextInt(30)).append(random.nextBoolean() ? "" : "x")
            .append("\": ").append(random.nextInt(5) - 2);
      }
      b.append("}, \"labels\": [").append(random.nextInt(25)).append(", \"t").append(random.nextInt(25)).append("\"]}");
      return b.toString();
    }
    if (format != OpenFormat.JSON && random.nextBoolean()) {
      b.append(random.nextInt(25)).append(',').append(random.nextInt(25));
      int n = random.nextInt(5);
      for (int k = 0; k < n; k++) {
        b.append(' ').append(1 + random.nextInt(40)).append(':').append(random.nextInt(5) - 2);
      }
      return b.toString();
    }
    int n = random.nextInt(12);
    for (int k = 0; k < n; k++) {
      b.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  private static void check(OpenRecord r, Vocabulary v, String line) {
    SparseVector x = r.features();
    for (int k = 0; k < x.nnz(); k++) {
      assertTrue(x.index(k) >= 0 && x.index(k) < v.features().numRows(), line);
      assertTrue(k == 0 || x.index(k) > x.index(k - 1), line);
      assertTrue(x.value(k) != 0f && Float.isFinite(x.value(k)), line);
    }
    LabelSet y = r.labels();
    for (int k = 0; k < y.size(); k++) {
      assertTrue(y.label(k) >= 0 && y.label(k) < v.labels().size(), line);
      assertTrue(k == 0 || y.label(k) > y.label(k - 1), line);
    }
    assertEquals(v.labels().size(), v.labels().names().size());
  }
}
