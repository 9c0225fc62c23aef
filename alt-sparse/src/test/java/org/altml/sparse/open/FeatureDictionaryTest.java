package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.altml.sparse.SparseVector;
import org.altml.sparse.SparseVectorBuilder;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;

class FeatureDictionaryTest {
  @Test
  void namesGetRowsInOrderOfFirstAppearance() throws Exception {
    FeatureDictionary d = new FeatureDictionary(10);
    SparseVectorBuilder out = new SparseVectorBuilder();
    d.add("tax", 2.5f, out, "f:1");
    d.add("budget", 1f, out, "f:1");
    d.add("tax", 3f, new SparseVectorBuilder(), "f:2");
    assertEquals(SparseVector.of(new int[] {0, 1}, new float[] {2.5f, 1f}), out.build());
    assertEquals(List.of("tax", "budget"), d.names());
    assertEquals("budget", d.featureName(1));
    assertEquals(2, d.numRows());
    assertEquals(1, d.row("budget"));
    assertEquals(-1, d.row("vat"));
    assertEquals("dictionary of 2 names", d.describe());
    assertTrue(d.hasNames());
    assertFalse(d.addKnown("vat", 1f, out), "an unknown name is ignored without growth");
    assertEquals(2, d.numRows());
  }

  @Test
  void theNamePastTheBoundIsRefusedNamingTheFixes() throws Exception {
    FeatureDictionary d = new FeatureDictionary(2);
    SparseVectorBuilder out = new SparseVectorBuilder();
    d.add("a", 1f, out, "f:1");
    d.add("b", 1f, out, "f:1");
    d.add("a", 1f, new SparseVectorBuilder(), "f:2");
    DataFormatException e = assertThrows(DataFormatException.class, () -> d.add("c", 1f, out, "news.jsonl:3"));
    assertEquals("news.jsonl:3: feature \"c\" would pass the dictionary's bound of 2 feature names: give a larger bound"
        + " (--max-features N), or hash the names into 2^B rows (--hash-bits B)", e.getMessage());
    assertEquals(2, d.numRows());
    assertThrows(IllegalArgumentException.class, () -> new FeatureDictionary(0));
  }

  @Test
  void invalidNamesAreRefused() {
    FeatureDictionary d = new FeatureDictionary(10);
    DataFormatException e = assertThrows(DataFormatException.class, () -> d.add("a:b", 1f, new SparseVectorBuilder(), "f:4"));
    assertTrue(e.getMessage().startsWith("f:4: feature name \"a:b\" contains a ':'"), e.getMessage());
    assertThrows(DataFormatException.class, () -> d.add("", 1f, new SparseVectorBuilder(), "f:4"));
    assertEquals(0, d.numRows());
    assertThrows(IllegalArgumentException.class, () -> FeatureDictionary.of(List.of("x", "x"), 5));
    assertThrows(IllegalArgumentException.class, () -> FeatureDictionary.of(List.of("x", "y"), 1));
  }

  @Test
  void numericFeaturesGrowWithTheLargestIndex() throws Exception {
    NumericFeatures f = new NumericFeatures();
    SparseVectorBuilder out = new SparseVectorBuilder();
    f.add("12", 0.5f, out, "f:1");
    assertEquals(12, f.numRows());
    assertEquals(11, f.row("12"));
    assertEquals("12", f.featureName(11));
    assertEquals(-1, f.row("13"), "beyond the rows so far");
    f.add("3", 1f, out, "f:2");
    assertEquals(12, f.numRows());
    DataFormatException e = assertThrows(DataFormatException.class, () -> f.add("budget", 1f, out, "f:3"));
    assertTrue(e.getMessage().startsWith("f:3: feature \"budget\" is not a feature index"), e.getMessage());
    e = assertThrows(DataFormatException.class, () -> f.add("0", 1f, out, "f:4"));
    assertTrue(e.getMessage().contains("feature index 0 in a 1-based file"), e.getMessage());
    NumericFeatures bounded = new NumericFeatures(true, 100);
    bounded.add("0", 1f, out, "f:5");
    assertEquals(1, bounded.numRows());
    e = assertThrows(DataFormatException.class, () -> bounded.add("100", 1f, out, "f:6"));
    assertEquals("f:6: feature index 100 is past the bound of 100 features: give a larger bound (--max-features N)",
        e.getMessage());
    assertEquals(1, bounded.numRows());
    NumericFeatures continued = NumericFeatures.withRows(false, 1000, 40);
    assertEquals(40, continued.numRows());
    assertEquals(39, continued.row("40"));
    assertEquals(-1, continued.row("41"));
    assertThrows(IllegalArgumentException.class, () -> NumericFeatures.withRows(false, 10, 11));
  }
}
