package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenStreamTest {
  @TempDir Path dir;

  private static Vocabulary dictionary() {
    return new Vocabulary(new LabelVocabulary(), new FeatureDictionary(1000));
  }

  /** One example as read: "labels | row:value ...". */
  private static String show(OpenStream s) {
    StringBuilder b = new StringBuilder();
    LabelSet y = s.labels();
    for (int k = 0; k < y.size(); k++) {
      b.append(k > 0 ? "," : "").append(y.label(k));
    }
    b.append(" |");
    SparseVector x = s.features();
    for (int k = 0; k < x.nnz(); k++) {
      b.append(' ').append(x.index(k)).append(':').append(x.value(k));
    }
    return b.toString();
  }

  private static List<String> readAll(OpenStream s) throws Exception {
    List<String> out = new ArrayList<>();
    try (s) {
      while (s.advance()) {
        out.add(s.lineNumber() + ": " + show(s) + " (L=" + s.numLabels() + " d=" + s.numFeatures() + ")");
      }
    }
    return out;
  }

  @Test
  void libSvmWithNumericFeaturesGrowsLabelsAndRowsInOrderOfAppearance() throws Exception {
    Path f = IoTestSupport.write(dir, "a.svm", "# a comment\n7,3 12:0.5 2:1\n\n3 1:2 # why\n 40:1\n");
    Vocabulary v = new Vocabulary(new LabelVocabulary(), new NumericFeatures());
    assertEquals(List.of(
        "2: 0,1 | 1:1.0 11:0.5 (L=2 d=12)",
        "4: 1 | 0:2.0 (L=2 d=12)",
        "5:  | 39:1.0 (L=2 d=40)"), readAll(OpenStream.open(f, OpenFormat.LIBSVM, v)));
    assertEquals(List.of("7", "3"), v.labels().names(), "within a record, the order it lists them");
    assertTrue(v.labels().isNumeric(0));
  }

  @Test
  void libSvmIndicesAreNamesForADictionary() throws Exception {
    Path f = IoTestSupport.write(dir, "a.svm", "1 40:1 012:2\n2 12:3 7:0\n");
    Vocabulary v = dictionary();
    assertEquals(List.of("1: 0 | 0:1.0 1:2.0 (L=1 d=2)", "2: 1 | 1:3.0 (L=2 d=2)"),
        readAll(OpenStream.open(f, OpenFormat.LIBSVM, v)));
    assertEquals(List.of("40", "12"), ((FeatureDictionary) v.features()).names(), "a zero value gives its name no row");
  }

  @Test
  void namedLibSvm() throws Exception {
    Path f = IoTestSupport.write(dir, "a.txt", "sports,economy budget:1 tax:2.5\r\ntax:-1\n#x\neconomy,λ économie:1e-3 budget:1\n");
    Vocabulary v = dictionary();
    assertEquals(List.of(
        "1: 0,1 | 0:1.0 1:2.5 (L=2 d=2)",
        "2:  | 1:-1.0 (L=2 d=2)",
        "4: 1,2 | 0:1.0 2:0.001 (L=3 d=3)"), readAll(OpenStream.open(f, OpenFormat.LIBSVM_NAMES, v)));
    assertEquals(List.of("sports", "economy", "λ"), v.labels().names());
    assertFalse(v.labels().isNumeric(0));
    assertEquals(List.of("budget", "tax", "économie"), ((FeatureDictionary) v.features()).names());
  }

  @Test
  void namedLibSvmCommentsBeginATokenAndAHashWithinANameIsPartOfIt() throws Exception {
    Vocabulary v = dictionary();
    OpenRecord r = new OpenRecord();
    assertTrue(OpenStream.parse("c#,f# x#1:2 #y:1 z:1", OpenFormat.LIBSVM_NAMES, v, true, "x", r));
    assertEquals(List.of("c#", "f#"), v.labels().names());
    assertEquals(List.of("x#1"), ((FeatureDictionary) v.features()).names());
    assertEquals(SparseVector.of(new int[] {0}, new float[] {2}), r.features());
    assertFalse(OpenStream.parse("#c#,f# x:1", OpenFormat.LIBSVM_NAMES, v, true, "x", r));
    // LIBSVM keeps its rule: '#' anywhere starts the comment
    Vocabulary n = dictionary();
    assertTrue(OpenStream.parse("3#,4 1:1", OpenFormat.LIBSVM, n, true, "x", r));
    assertEquals(List.of("3"), n.labels().names());
  }

  @Test
  void namedLibSvmDigitsAreStringNames() throws Exception {
    Vocabulary v = dictionary();
    OpenStream.parse("3 a:1", OpenFormat.LIBSVM_NAMES, v, true, "x", new OpenRecord());
    assertFalse(v.labels().isNumeric(0));
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> OpenStream.parse("3 1:1", OpenFormat.LIBSVM, v, true, "y.svm", 4, new OpenRecord()));
    assertTrue(e.getMessage().startsWith("y.svm:4: label index 3 collides with the label name \"3\" used earlier"), e.getMessage());
  }

  @Test
  void jsonLines() throws Exception {
    Path f = IoTestSupport.write(dir, "a.jsonl", String.join("\n",
        "{\"id\": \"a1\", \"features\": {\"budget\": 1.0, \"tax\": 2}, \"labels\": [\"sports\", 3]}",
        "",
        "{\"words\": {\"tax\": 0.5, \"vat\": -1}, \"labels\": [], \"id\": 17}",
        "  {\"features\": {}}  "));
    Vocabulary v = dictionary();
    try (OpenStream s = OpenStream.open(f, OpenFormat.JSON, v)) {
      assertTrue(s.advance());
      assertEquals("0,1 | 0:1.0 1:2.0", show(s));
      assertEquals("a1", s.record().id());
      assertTrue(s.record().labelled());
      assertTrue(s.advance());
      assertEquals(3, s.lineNumber());
      assertEquals(" | 1:0.5 2:-1.0", show(s));
      assertEquals("17", s.record().id());
      assertTrue(s.record().labelled());
      assertTrue(s.advance());
      assertEquals(" |", show(s));
      assertNull(s.record().id());
      assertFalse(s.record().labelled(), "no \"labels\": unlabelled");
      assertFalse(s.advance());
    }
    assertEquals(List.of("sports", "3"), v.labels().names());
    assertFalse(v.labels().isNumeric(0));
    assertTrue(v.labels().isNumeric(1));
  }

  @Test
  void growthFollowsTheRecordsListedOrder() throws Exception {
    for (OpenFormat format : OpenFormat.values()) {
      Vocabulary v = dictionary();
      String line = switch (format) {
        case LIBSVM -> "9,2,5 30:1 4:1 17:1";
        case LIBSVM_NAMES -> "9,2,5 30:1 4:1 17:1";
        case JSON -> "{\"features\": {\"30\": 1, \"4\": 1, \"17\": 1}, \"labels\": [\"9\", \"2\", \"5\"]}";
      };
      OpenRecord r = new OpenRecord();
      assertTrue(OpenStream.parse(line, format, v, true, "x", r));
      assertEquals(List.of("9", "2", "5"), v.labels().names(), format.cliName());
      assertEquals(List.of("30", "4", "17"), ((FeatureDictionary) v.features()).names(), format.cliName());
      assertEquals(LabelSet.of(0, 1, 2), r.labels());
      assertEquals(SparseVector.of(new int[] {0, 1, 2}, new float[] {1, 1, 1}), r.features());
    }
  }

  /** Two names of one row, with the signs asked for. */
  private static String[] sharingARow(FeatureHashing h, boolean sameSign) {
    for (int i = 0; ; i++) {
      for (int j = 0; j < i; j++) {
        String a = "w" + i;
        String b = "w" + j;
        if (h.row(a) == h.row(b) && (FeatureHashing.sign(a) == FeatureHashing.sign(b)) == sameSign) {
          return new String[] {a, b};
        }
      }
    }
  }

  @Test
  void hashedNamesOfOneRowAddTheirSignedValues() throws Exception {
    FeatureHashing h = new FeatureHashing(3);
    Vocabulary v = new Vocabulary(new LabelVocabulary(), h);
    OpenRecord r = new OpenRecord();
    for (boolean same : new boolean[] {true, false}) {
      String[] ab = sharingARow(h, same);
      String other = "zz";
      for (int i = 0; h.row(other) == h.row(ab[0]); i++) {
        other = "zz" + i;
      }
      OpenStream.parse("x " + ab[0] + ":1.5 " + other + ":1 " + ab[1] + ":4", OpenFormat.LIBSVM_NAMES, v, true, "x", r);
      float expected = FeatureHashing.sign(ab[0]) * 1.5f + FeatureHashing.sign(ab[1]) * 4f;
      assertEquals(2, r.features().nnz());
      assertEquals(expected, r.features().get(h.row(ab[0])), same ? "same signs" : "opposite signs");
      assertEquals(FeatureHashing.sign(other), r.features().get(h.row(other)));
      // opposite signs and equal values cancel: the row is dropped
      if (!same) {
        OpenStream.parse("{\"features\": {\"" + ab[0] + "\": 2, \"" + ab[1] + "\": 2}}", OpenFormat.JSON, v, true, "x", r);
        assertEquals(0, r.features().nnz());
      }
    }
    assertEquals(8, v.features().numRows());
  }

  @Test
  void aRecordPastTheDictionaryBoundIsRefusedWhole() throws Exception {
    Vocabulary v = new Vocabulary(new LabelVocabulary(), new FeatureDictionary(3));
    OpenRecord r = new OpenRecord();
    OpenStream.parse("a a:1 b:1", OpenFormat.LIBSVM_NAMES, v, true, "x", r);
    Path f = IoTestSupport.write(dir, "news.txt", "a b:1\nnew c:1 d:1 e:1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> readAll(OpenStream.open(f, OpenFormat.LIBSVM_NAMES, v)));
    assertEquals(f + ":2: feature \"d\" would pass the dictionary's bound of 3 feature names: give a larger bound"
        + " (--max-features N), or hash the names into 2^B rows (--hash-bits B)", e.getMessage());
    assertEquals(2, v.features().numRows(), "nothing of the refused record was added");
    assertEquals(List.of("a"), v.labels().names());
  }

  @Test
  void aRecordWithACollidingLabelIsRefusedWhole() throws Exception {
    Vocabulary v = dictionary();
    OpenRecord r = new OpenRecord();
    OpenStream.parse("{\"features\": {}, \"labels\": [3]}", OpenFormat.JSON, v, true, "d.jsonl", 1, r);
    DataFormatException e = assertThrows(DataFormatException.class, () -> OpenStream.parse(
        "{\"features\": {\"x\": 1}, \"labels\": [\"new\", \"3\"]}", OpenFormat.JSON, v, true, "d.jsonl", 12, r));
    assertEquals("d.jsonl:12: label name \"3\" collides with the label index 3 used earlier: a label is either a name or a"
        + " numeric id, write every use of it alike", e.getMessage());
    assertEquals(List.of("3"), v.labels().names());
    assertEquals(0, v.features().numRows());
  }

  @Test
  void theLabelBoundRefusesTheRecordNamingTheOption() throws Exception {
    Vocabulary v = new Vocabulary(new LabelVocabulary(2), new FeatureHashing(4));
    Path f = IoTestSupport.write(dir, "l.svm", "1,2 1:1\n2 1:1\n2,3,1 1:1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> readAll(OpenStream.open(f, OpenFormat.LIBSVM, v)));
    assertEquals(f + ":3: label \"3\" would be label number 3, past the bound of 2 labels (--max-labels 2): give a larger"
        + " --max-labels", e.getMessage());
  }

  @Test
  void withoutGrowthUnknownNamesAreIgnoredAndTheVocabularyStays() throws Exception {
    Vocabulary v = dictionary();
    OpenRecord r = new OpenRecord();
    OpenStream.parse("a,b x:1 y:2", OpenFormat.LIBSVM_NAMES, v, true, "t", r);
    Vocabulary before = new Vocabulary(LabelVocabulary.of(List.of("a", "b")), FeatureDictionary.of(List.of("x", "y"), 1000));
    assertEquals(before, v);
    assertTrue(OpenStream.parse("c,b,d z:1 y:3 w:1", OpenFormat.LIBSVM_NAMES, v, false, "t", r));
    assertEquals(LabelSet.of(1), r.labels());
    assertEquals(List.of("c", "d"), r.unknownLabels());
    assertEquals(SparseVector.of(new int[] {1}, new float[] {3}), r.features());
    assertEquals(2, r.unknownFeatures());
    assertEquals(before, v);
    // numeric features: indices beyond the model's rows are unknown
    Vocabulary n = new Vocabulary(new LabelVocabulary(), new NumericFeatures());
    OpenStream.parse("1 3:1", OpenFormat.LIBSVM, n, true, "t", r);
    Path f = IoTestSupport.write(dir, "p.svm", "1 2:1 9:1\n");
    try (OpenStream s = OpenStream.open(f, OpenFormat.LIBSVM, n, false, org.altml.sparse.io.ReadOptions.defaults())) {
      assertTrue(s.advance());
      assertEquals("0 | 1:1.0", show(s));
      assertEquals(1, s.record().unknownFeatures());
    }
    assertEquals(3, n.features().numRows());
    // a known label of the other kind is refused without growth too
    assertThrows(DataFormatException.class, () -> OpenStream.parse("{\"features\": {}, \"labels\": [\"1\"]}", OpenFormat.JSON,
        n, false, "t", new OpenRecord()));
  }

  @Test
  void readerGzipAndByteOrderMark() throws Exception {
    String text = "\uFEFFa,b x:1\nb y:2\n";
    Vocabulary v1 = dictionary();
    List<String> fromReader = readAll(OpenStream.open(new StringReader(text), "kafka", OpenFormat.LIBSVM_NAMES, v1));
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    Path f = dir.resolve("n.txt.gz");
    Files.write(f, gz.toByteArray());
    Vocabulary v2 = dictionary();
    assertEquals(fromReader, readAll(OpenStream.open(f, OpenFormat.LIBSVM_NAMES, v2)));
    assertEquals(List.of("1: 0,1 | 0:1.0 (L=2 d=1)", "2: 1 | 1:2.0 (L=2 d=2)"), fromReader);
    assertEquals(v1, v2);
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> readAll(OpenStream.open(new StringReader("ok x:1\nbad x\n"), "kafka", OpenFormat.LIBSVM_NAMES, dictionary())));
    assertTrue(e.getMessage().startsWith("kafka:2: "), e.getMessage());
  }

  @Test
  void formatNamesAndGuesses() {
    assertEquals(OpenFormat.JSON, OpenFormat.guess(Path.of("x/news.jsonl")));
    assertEquals(OpenFormat.JSON, OpenFormat.guess(Path.of("news.JSON.gz")));
    assertEquals(OpenFormat.LIBSVM, OpenFormat.guess(Path.of("news.svm")));
    assertEquals(OpenFormat.LIBSVM, OpenFormat.guess(Path.of("-")));
    for (OpenFormat f : OpenFormat.values()) {
      assertEquals(f, OpenFormat.ofCliName(f.cliName()));
    }
    assertEquals("libsvm-names", OpenFormat.LIBSVM_NAMES.cliName());
    assertThrows(IllegalArgumentException.class, () -> OpenFormat.ofCliName("csv"));
  }

  @Test
  void blankAndCommentLinesAreNoRecords() throws Exception {
    OpenRecord r = new OpenRecord();
    assertFalse(OpenStream.parse("   ", OpenFormat.JSON, dictionary(), true, "x", r));
    assertFalse(OpenStream.parse("# only a comment", OpenFormat.LIBSVM_NAMES, dictionary(), true, "x", r));
    assertFalse(OpenStream.parse("", OpenFormat.LIBSVM, dictionary(), true, "x", r));
    assertEquals(0, r.features().nnz());
  }
}
