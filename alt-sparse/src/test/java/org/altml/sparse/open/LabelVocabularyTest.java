package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;

class LabelVocabularyTest {
  @Test
  void idsFollowFirstAppearance() throws Exception {
    LabelVocabulary v = new LabelVocabulary();
    assertEquals(0, v.add("sports", false, "a:1"));
    assertEquals(1, v.add("7", true, "a:1"));
    assertEquals(0, v.add("sports", false, "a:2"));
    assertEquals(2, v.add("economy", false, "a:3"));
    assertEquals(List.of("sports", "7", "economy"), v.names());
    assertEquals(3, v.size());
    assertEquals("7", v.name(1));
    assertTrue(v.isNumeric(1));
    assertFalse(v.isNumeric(0));
    assertEquals(2, v.idOf("economy"));
    assertEquals(-1, v.idOf("politics"));
    assertThrows(UnsupportedOperationException.class, () -> v.names().add("x"));
  }

  @Test
  void aStringNameCollidingWithAnEarlierNumericIdIsRefused() throws Exception {
    LabelVocabulary v = new LabelVocabulary();
    v.add("3", true, "data.svm:1");
    DataFormatException e = assertThrows(DataFormatException.class, () -> v.add("3", false, "data.jsonl:12"));
    assertEquals("data.jsonl:12: label name \"3\" collides with the label index 3 used earlier: a label is either a name"
        + " or a numeric id, write every use of it alike", e.getMessage());
    assertEquals(1, v.size());
  }

  @Test
  void aNumericIdCollidingWithAnEarlierStringNameIsRefused() throws Exception {
    LabelVocabulary v = new LabelVocabulary();
    v.add("3", false, "data.jsonl:1");
    DataFormatException e = assertThrows(DataFormatException.class, () -> v.add("3", true, "data.jsonl:5"));
    assertTrue(e.getMessage().startsWith("data.jsonl:5: label index 3 collides with the label name \"3\" used earlier"),
        e.getMessage());
  }

  @Test
  void theLabelPastTheBoundIsRefusedNamingTheOption() throws Exception {
    LabelVocabulary v = new LabelVocabulary(2);
    v.add("a", false, "f:1");
    v.add("b", false, "f:2");
    assertEquals(1, v.add("b", false, "f:3"), "a known label passes at the bound");
    DataFormatException e = assertThrows(DataFormatException.class, () -> v.add("c", false, "f:4"));
    assertEquals("f:4: label \"c\" would be label number 3, past the bound of 2 labels (--max-labels 2): give a larger"
        + " --max-labels", e.getMessage());
    assertEquals(2, v.size());
    assertThrows(IllegalArgumentException.class, () -> new LabelVocabulary(-1));
  }

  @Test
  void invalidNamesAreRefused() {
    LabelVocabulary v = new LabelVocabulary();
    for (String bad : new String[] {"", "a b", "a,b", "a:b", "tab\there", "nl\n", "nbsp\u00a0x", "ctl\u0001"}) {
      DataFormatException e = assertThrows(DataFormatException.class, () -> v.add(bad, false, "f:9"), bad);
      assertTrue(e.getMessage().startsWith("f:9: label "), e.getMessage());
    }
    assertEquals(0, v.size());
    assertThrows(IllegalArgumentException.class, () -> v.add("07", true, "f:1"), "a numeric id's text is canonical");
  }

  @Test
  void ofGivesDecimalNamesTheNumericKind() throws Exception {
    LabelVocabulary v = LabelVocabulary.of(List.of("sports", "3", "007"));
    assertEquals(List.of("sports", "3", "007"), v.names());
    assertTrue(v.isNumeric(1));
    assertFalse(v.isNumeric(2), "\"007\" is not how a numeric id is written");
    assertThrows(DataFormatException.class, () -> v.add("3", false, "x:1"));
    assertThrows(IllegalArgumentException.class, () -> LabelVocabulary.of(List.of("a", "a")));
    assertThrows(IllegalArgumentException.class, () -> LabelVocabulary.of(List.of("a b")));
    assertEquals(LabelVocabulary.of(List.of("x", "1")), LabelVocabulary.of(List.of("x", "1")));
    LabelVocabulary bounded = LabelVocabulary.of(List.of("x", "1"), 3);
    bounded.add("y", false, "f:1");
    DataFormatException e = assertThrows(DataFormatException.class, () -> bounded.add("z", false, "f:2"));
    assertTrue(e.getMessage().contains("(--max-labels 3)"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> LabelVocabulary.of(List.of("x", "1"), 1));
  }
}
