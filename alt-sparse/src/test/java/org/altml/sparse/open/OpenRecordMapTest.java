package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;

/** {@link OpenRecord#map}: a record handed over as arrays maps exactly as the same record parsed from a line. */
class OpenRecordMapTest {
  private static Vocabulary dictionary(int maxNames) {
    return new Vocabulary(new LabelVocabulary(), new FeatureDictionary(maxNames));
  }

  @Test
  void arraysMapAsTheSameJsonLineDoes() throws DataFormatException {
    Vocabulary byArrays = dictionary(100);
    Vocabulary byLine = dictionary(100);
    OpenRecord a = new OpenRecord();
    OpenRecord b = new OpenRecord();
    a.map(new String[] {"budget", "tax", "cut"}, new float[] {1f, 0f, -2f}, 3, new String[] {"money", "3"},
        new boolean[] {false, true}, 2, byArrays, true, "learn_one (example 1)");
    OpenStream.parse("{\"features\": {\"budget\": 1, \"tax\": 0, \"cut\": -2}, \"labels\": [\"money\", 3]}",
        OpenFormat.JSON, byLine, true, "x.jsonl", 1, b);
    assertEquals(byLine, byArrays);
    assertEquals(b.features(), a.features());
    assertEquals(b.labels(), a.labels());
    assertEquals(List.of("budget", "cut"), ((FeatureDictionary) byArrays.features()).names()); // a zero gives no row
    assertTrue(byArrays.labels().isNumeric(1));
  }

  @Test
  void numericFeaturesComeAsTheirIndexText() throws DataFormatException {
    Vocabulary v = new Vocabulary(new LabelVocabulary(), new NumericFeatures(false, 100));
    OpenRecord r = new OpenRecord();
    r.map(new String[] {"9", "2"}, new float[] {1f, 3f}, 2, new String[0], new boolean[0], 0, v, true, "learn_one");
    assertArrayEquals(new int[] {1, 8}, new int[] {r.features().index(0), r.features().index(1)}); // 1-based: row = index - 1
    assertEquals(9, v.features().numRows());
  }

  @Test
  void aRefusedRecordNamesTheCallerAndLeavesTheVocabularyAsItWas() throws DataFormatException {
    Vocabulary v = dictionary(2);
    OpenRecord r = new OpenRecord();
    r.map(new String[] {"a"}, new float[] {1f}, 1, new String[] {"3"}, new boolean[] {true}, 1, v, true, "learn_one (example 1)");
    Vocabulary before = dictionary(2);
    r.map(new String[] {"a"}, new float[] {1f}, 1, new String[] {"3"}, new boolean[] {true}, 1, before, true, "same");
    String[][] badNames = {{"b", "c"}, {"b c"}, {"b"}, {"b"}};
    float[][] badValues = {{1f, 1f}, {1f}, {Float.NaN}, {1f}};
    String[][] badLabels = {{"x"}, {"x"}, {"x"}, {"y", "3"}};
    boolean[][] kinds = {{false}, {false}, {false}, {false, false}};
    String[] problems = {"would pass the dictionary's bound of 2 feature names", "contains whitespace",
        "has the value NaN: feature values must be finite numbers", "label name \"3\" collides with the label index 3"};
    for (int k = 0; k < problems.length; k++) {
      int at = k;
      DataFormatException e = assertThrows(DataFormatException.class, () -> r.map(badNames[at], badValues[at],
          badNames[at].length, badLabels[at], kinds[at], badLabels[at].length, v, true, "learn_one (example 2)"));
      assertTrue(e.getMessage().startsWith("learn_one (example 2): ") && e.getMessage().contains(problems[k]),
          e.getMessage());
      assertEquals(before, v, problems[k]);
      assertEquals(0, r.features().nnz());
    }
  }
}
