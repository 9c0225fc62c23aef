package org.altml.sparse.io.arff;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ArffReaderTest {
  @TempDir Path dir;

  private static SparseVector vec(int[] i, float[] v) {
    return SparseVector.of(i, v);
  }

  /**
   * '%' after a space or tab starts a comment to the end of a dense row (as after a sparse row's brace), after the last
   * value or cutting the row short; inside a bare value it is part of the value, as the header declares such values.
   */
  @Test
  void aCommentAfterADenseRowEndsIt() throws IOException {
    String header = "@relation r\n@attribute f numeric\n@attribute g {x,y}\n@attribute a {0,1}\n@attribute b {0,1}\n@data\n";
    Path arff = IoTestSupport.write(dir, "c.arff", header + "1.5,y,0,1 % a trailing comment, with commas\n2,x,1,0\t% a tab\n"
        + "3 ,y ,1 ,1 %\n{0 4,1 y} % sparse, as before\n");
    Dataset d = DataFiles.read(arff, ReadOptions.defaults().withLabelsLast(2));
    assertEquals(4, d.size());
    assertEquals(vec(new int[] {0, 1}, new float[] {1.5f, 1}), d.example(0).features());
    assertEquals(LabelSet.of(1), d.example(0).labels());
    assertEquals(vec(new int[] {0}, new float[] {2}), d.example(1).features());
    assertEquals(LabelSet.of(0), d.example(1).labels());
    assertEquals(LabelSet.of(0, 1), d.example(2).labels());
    assertEquals(vec(new int[] {0, 1}, new float[] {4, 1}), d.example(3).features());
    // a comment that cuts a row short leaves it short; one after too many values does not count its commas
    Path cut = IoTestSupport.write(dir, "cut.arff", header + "1.5,y % 0,1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(cut, ReadOptions.defaults().withLabelsLast(2)));
    assertEquals(cut + ":7: expected 4 values, found 2", e.getMessage());
    Path five = IoTestSupport.write(dir, "five.arff", header + "1.5,y,0,1,5 % x, y, z\n");
    e = assertThrows(DataFormatException.class, () -> DataFiles.read(five, ReadOptions.defaults().withLabelsLast(2)));
    assertEquals(five + ":7: expected 4 values, found 5", e.getMessage());
    // '%' inside a bare value is the value's, in dense and sparse rows alike; without a space before it, not a comment
    Path inside = IoTestSupport.write(dir, "inside.arff", "@relation r\n@attribute f numeric\n@attribute g {a,a%b,5%}\n"
        + "@attribute a {0,1}\n@data\n1,a%b,1\n{0 1,1 a%b,2 1}\n2,5%,0\n");
    Dataset in = DataFiles.read(inside, ReadOptions.defaults().withLabelsLast(1));
    assertEquals(vec(new int[] {0, 1}, new float[] {1, 1}), in.example(0).features(), "a%b is value 1");
    assertEquals(in.example(0).features(), in.example(1).features(), "the same in a sparse row");
    assertEquals(vec(new int[] {0, 1}, new float[] {2, 2}), in.example(2).features(), "5% is value 2");
    Path glued = IoTestSupport.write(dir, "glued.arff", header + "1.5,y,0,1% no space\n");
    assertThrows(DataFormatException.class, () -> DataFiles.read(glued, ReadOptions.defaults().withLabelsLast(2)));
  }

  @Test
  void mulanFileWithLabelsInTheMiddleAndXmlBeside() throws IOException {
    // birdsong-train.arff finds birdsong.xml; -C 45 in its relation is stale (more than its attributes) and is ignored.
    Dataset d = DataFiles.read(IoTestSupport.resource("birdsong-train.arff"));
    assertEquals(List.of("Brown Creeper", "Swainson's Thrush"), d.labelNames());
    assertEquals(4, d.numFeatures(), "length, location, loud, tone");
    assertEquals(3, d.size());
    // 1.5,1,10,0,YES,0: length 1.5, location 10 (numeric nominal), loud YES = 1; Swainson (label 1)
    assertEquals(vec(new int[] {0, 1, 2}, new float[] {1.5f, 10, 1}), d.example(0).features());
    assertEquals(LabelSet.of(1), d.example(0).labels());
    // 0,0,2,1,NO,-2.25: Brown Creeper (label 0)
    assertEquals(vec(new int[] {1, 3}, new float[] {2, -2.25f}), d.example(1).features());
    assertEquals(LabelSet.of(0), d.example(1).labels());
    // {0 3,1 1,3 1}: omitted location takes its first value 2, omitted loud its first value YES = 1
    assertEquals(vec(new int[] {0, 1, 2}, new float[] {3, 2, 1}), d.example(2).features());
    assertEquals(LabelSet.of(0, 1), d.example(2).labels());
  }

  @Test
  void labelNamesNameTheLabelsOfAFileWithoutItsXml() throws IOException {
    // the Mulan file copied away from its XML: the caller's names (a saved model's) pick the label attributes
    Path alone = dir.resolve("alone.arff");
    Files.copy(IoTestSupport.resource("birdsong-train.arff"), alone);
    List<String> names = List.of("Brown Creeper", "Swainson's Thrush");
    Dataset d = DataFiles.read(alone, ReadOptions.defaults().withLabelNames(names));
    Dataset beside = DataFiles.read(IoTestSupport.resource("birdsong-train.arff"));
    assertEquals(names, d.labelNames());
    for (int i = 0; i < d.size(); i++) {
      assertEquals(beside.example(i).features(), d.example(i).features());
      assertEquals(beside.example(i).labels(), d.example(i).labels());
    }
    // an XML beside the file still wins over the names
    assertEquals(names, DataFiles.read(IoTestSupport.resource("birdsong-train.arff"),
        ReadOptions.defaults().withLabelNames(List.of("length"))).labelNames());
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> DataFiles.read(alone, ReadOptions.defaults().withLabelNames(List.of("Brown Creeper", "Robin"))));
    assertTrue(e.getMessage().contains("label 'Robin'"), e.getMessage());
  }

  @Test
  void mekaRelationGivesTheFirstLabels() throws IOException {
    Dataset d = DataFiles.read(IoTestSupport.resource("music-meka.arff"));
    assertEquals(List.of("amazed", "happy", "calm"), d.labelNames());
    assertEquals(2, d.numFeatures());
    assertEquals(LabelSet.of(0, 2), d.example(0).labels());
    assertEquals(vec(new int[] {0}, new float[] {0.5f}), d.example(0).features());
    assertTrue(d.example(1).labels().isEmpty());
    assertEquals(0, d.example(1).features().nnz());
    assertEquals(LabelSet.of(1), d.example(2).labels());
    assertEquals(vec(new int[] {1}, new float[] {7}), d.example(2).features());
  }

  /**
   * A -C that is not a non-zero whole number, or two that differ, is refused: -C six and -C 0 were "no MEKA -C N", and of
   * -C 6 -C 3 the last was taken where MEKA takes the first (a review). Two equal ones are one.
   */
  @Test
  void mekaCountsThatAreNotOneNonZeroNumberAreRefused() throws IOException {
    String body = "\n@attribute a numeric\n@attribute b numeric\n@attribute y {0,1}\n@data\n1,2,1\n";
    String[][] cases = {
        {"'x: -C six'", "no MEKA -C N in the relation (the relation's -C six is not a number of label attributes)"},
        {"'x: -C 0'", "the relation's -C 0 names no label attributes"},
        {"'x: -C 2 -C 1'", "the relation gives -C 2 and -C 1: give one"}};
    for (String[] c : cases) {
      Path f = write(dir, "c.arff", "@relation " + c[0] + body);
      DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f), c[0]);
      assertTrue(e.getMessage().contains(c[1]), e.getMessage());
    }
    Path twice = write(dir, "t.arff", "@relation 'x: -C -1 -C -1'" + body);
    assertEquals(List.of("y"), DataFiles.read(twice).labelNames());
    // with an XML beside the file, free text after -C in the relation is no concern (a review: 'export -C all')
    Path mulan = write(dir, "m.arff", "@relation 'export -C all'" + body);
    write(dir, "m.xml", "<?xml version=\"1.0\"?>\n<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"y\"/></labels>\n");
    assertEquals(List.of("y"), DataFiles.read(mulan).labelNames());
  }

  @Test
  void explicitCountsAndNegativeMekaCount() throws IOException {
    Path f = write(dir, "m.arff", "@relation 'x: -C -1'\n@attribute a numeric\n@attribute b numeric\n@attribute y {0,1}\n@data\n1,2,1\n");
    Dataset last = DataFiles.read(f);
    assertEquals(List.of("y"), last.labelNames());
    assertEquals(LabelSet.of(0), last.example(0).labels());
    Dataset first = DataFiles.read(f, ReadOptions.defaults().withLabelsFirst(1).withNumLabels(3));
    assertEquals(List.of("a", "1", "2"), first.labelNames(), "declared L pads the names");
    // a file naming a label like a padded index: the padded name is made distinct (it collided, and ARFF output refused
    // the names without naming --num-labels)
    Path named = write(dir, "named.arff", "@relation r\n@attribute a numeric\n@attribute 2 {0,1}\n@attribute _3 {0,1}\n@data\n1,1,0\n");
    assertEquals(List.of("2", "_3", "_2", "3", "4"),
        DataFiles.read(named, ReadOptions.defaults().withLabelsLast(2).withNumLabels(5)).labelNames());
    assertEquals(2, first.numFeatures());
    Dataset ignored = DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("a"));
    assertEquals(vec(new int[] {0}, new float[] {2}), ignored.example(0).features());
  }

  @Test
  void nominalMappingRuleAndIgnoredStringAttribute() throws IOException {
    Path f = write(dir, "n.arff", """
        @relation r
        @attribute id string
        @attribute colour {red,green,blue}
        @attribute flag {True,FALSE}
        @attribute when date "yyyy-MM-dd"
        @attribute lab {0,1}
        @data
        'a b',blue,True,"2020-01-01",1
        x,red,FALSE,'2020-01-02',0
        """);
    ReadOptions o = ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("id", "when");
    Dataset d = DataFiles.read(f, o);
    // blue is declared third: index 2; True maps to 1; red is index 0 (not stored), FALSE is 0
    assertEquals(vec(new int[] {0, 1}, new float[] {2, 1}), d.example(0).features());
    assertEquals(0, d.example(1).features().nnz());
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1)));
    assertTrue(e.getMessage().endsWith("string attribute 'id' (attribute 1) cannot be a feature: ignore it"
        + " (--ignore-attributes id, ReadOptions.withIgnoredAttributes)"), e.getMessage());
  }

  static Stream<Arguments> malformed() {
    String h = "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@attribute y {0,1}\n@data\n";
    return Stream.of(
        Arguments.of(h + "1,x\n", 6, "expected 3 values, found 2"),
        Arguments.of(h + "1,x,0,5\n", 6, "expected 3 values, found 4"),
        Arguments.of(h + "{0 1,7 1}\n", 6, "sparse index out of range [0, 3)"),
        Arguments.of(h + "{0 1,-1 1}\n", 6, "expected a non-negative attribute index"),
        Arguments.of(h + "{0 1,0 2}\n", 6, "given twice"),
        Arguments.of(h + "{0 1,1 x\n", 6, "unterminated sparse row"),
        Arguments.of(h + "1,z,0\n", 6, "value not declared for nominal attribute 'c'"),
        Arguments.of(h + "?,x,0\n", 6, "missing value '?' for attribute 'a' (missing values are not supported)"),
        Arguments.of(h + "1,x,?\n", 6, "missing value '?' for label attribute 'y' (missing values are not supported; for data"
            + " whose labels are unknown, to be predicted, write 0: predicting does not read them)"),
        Arguments.of(h + "abc,x,0\n", 6, "value 'abc' is not a number"),
        Arguments.of(h + "NaN,x,0\n", 6, "NaN or infinite"),
        Arguments.of("@relation r\n@attribute a numeric\n@attribute y numeric\n@data\n1,2\n", 5, "must be 0 or 1"),
        Arguments.of("@relation r\n@attribute a numeric\n@attribute y {0,2}\n@data\n1,2\n", 0, "is not binary"),
        Arguments.of("@relation r\n@attribute a blob\n", 2, "unknown type 'blob'"),
        Arguments.of("@relation r\n@attribute a relational\n", 2, "relational attribute"),
        Arguments.of("@relation r\n@attribute a {x,y\n", 2, "unterminated nominal list"),
        Arguments.of("@relation r\n@attribute 'a numeric\n", 2, "unterminated quoted name"),
        Arguments.of("@relation r\n@attribute a numeric\n@attribute a numeric\n", 3, "duplicate attribute name"),
        Arguments.of("@relation r\n@attribute a numeric\n@attribute y {0,1}\n1,1\n", 4, "expected @attribute or @data"),
        Arguments.of("@relation r\n@attribute a numeric\n@attribute y {0,1}\n", 3, "missing @data"),
        Arguments.of("hello\n", 1, "expected @relation"),
        Arguments.of("@relation r\n@foo\n", 2, "unknown keyword"));
  }

  @ParameterizedTest
  @MethodSource("malformed")
  void malformedInputNamesFileLineAndProblem(String text, int line, String problem) throws IOException {
    Path f = write(dir, "bad.arff", text);
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1)));
    assertEquals(line, e.line(), e.getMessage());
    assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void noLabelInformationIsAnError() throws IOException {
    Path f = write(dir, "plain.arff", "@relation r\n@attribute a numeric\n@data\n1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertEquals(f + ": cannot tell which attributes are labels: no Mulan XML file 'plain.xml' beside the file and no MEKA"
        + " -C N in the relation; give the label file (--labels-xml FILE, ReadOptions.withLabelFile) or the number of label"
        + " attributes at the end (--labels-last N, ReadOptions.withLabelsLast) or at the start (--labels-first N, ReadOptions.withLabelsFirst)",
        e.getMessage());
  }

  @Test
  void ignoredAttributesByNameOrOneBasedPosition() throws IOException {
    // genbase's layout: a string identifier first, then features, then labels
    Path f = write(dir, "g.arff", """
        @relation g
        @attribute protein string
        @attribute 'x 1' {YES,NO}
        @attribute 2 numeric
        @attribute y {0,1}
        @data
        p1,YES,3,1
        p2,NO,0,0
        """);
    Dataset byName = DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("protein"));
    Dataset byPosition = DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("1"));
    IoTestSupport.assertSameExamples(byName, byPosition, "protein by name or as attribute 1");
    assertEquals(List.of("x 1", "2"), byPosition.featureNames());
    assertEquals(vec(new int[] {0, 1}, new float[] {1, 3}), byPosition.example(0).features());
    // "2" names attribute 3 but is the position of attribute 2: an error, not a guess
    DataFormatException ambiguous = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("1", "2")));
    assertEquals(f + ": ignored attribute '2' is ambiguous: it is the name of attribute 3 and the position of 'x 1'",
        ambiguous.getMessage());
    DataFormatException outside = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("1", "9")));
    assertEquals(f + ": ignored attribute 9 is outside 1..4 (the file has 4 attributes)", outside.getMessage());
    DataFormatException unknown = assertThrows(DataFormatException.class,
        () -> DataFiles.read(f, ReadOptions.defaults().withLabelsLast(1).withIgnoredAttributes("proteins")));
    assertEquals(f + ": ignored attribute 'proteins' is neither the name nor the 1-based position of an attribute of the file",
        unknown.getMessage());
  }

  @Test
  void arffToArffKeepsTheAttributeNames() throws IOException {
    Path f = write(dir, "named.arff", """
        @relation named
        @attribute 'Swainson\\'s' numeric
        @attribute y1 {0,1}
        @attribute tempo real
        @attribute y2 {0,1}
        @data
        1.5,1,2,0
        0,0,-1,1
        """);
    write(dir, "named.xml", "<labels><label name=\"y2\"/><label name=\"y1\"/></labels>");
    Dataset d = DataFiles.read(f);
    assertEquals(List.of("Swainson's", "tempo"), d.featureNames());
    Path out = dir.resolve("copy.arff");
    DataFiles.write(d, out);
    String text = Files.readString(out);
    assertTrue(text.contains("@attribute 'Swainson\\'s' numeric\n@attribute tempo numeric\n@attribute y2 {0,1}\n@attribute y1 {0,1}\n"), text);
    Dataset back = DataFiles.read(out);
    assertEquals(d.featureNames(), back.featureNames());
    assertEquals(d.labelNames(), back.labelNames());
    IoTestSupport.assertSameExamples(d, back, "ARFF -> ARFF");
    // LIBSVM cannot carry names: the writer makes them up again
    Path svm = dir.resolve("copy.svm");
    DataFiles.write(d, svm);
    assertEquals(List.of(), DataFiles.read(svm).featureNames());
  }

  /**
   * What the writer would write and the reader not read back is refused or made readable (a review): a label name with a
   * control character (no XML 1.0 file holds it), a file name with " -C N" in it (the relation read as a second MEKA
   * count), data with no feature and no label (a header without attributes).
   */
  @Test
  void writtenArffReadsBack() throws IOException {
    Dataset control = new org.altml.sparse.data.DatasetBuilder().labelNames(List.of("a\u0001b"))
        .add(SparseVector.of(new int[] {0}, new float[] {1}), LabelSet.of(0)).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DataFiles.write(control, dir.resolve("c.arff")));
    assertTrue(e.getMessage().contains("U+0001"), e.getMessage());
    assertTrue(!Files.exists(dir.resolve("c.arff")) && !Files.exists(dir.resolve("c.xml")));
    Dataset one = new org.altml.sparse.data.DatasetBuilder().numLabels(2)
        .add(SparseVector.of(new int[] {0}, new float[] {5}), LabelSet.of(0, 1)).build();
    Path named = dir.resolve("t -C 1.arff");
    DataFiles.write(one, named);
    IoTestSupport.assertSameExamples(one, DataFiles.read(named), "a name with -C");
    Dataset nothing = new org.altml.sparse.data.DatasetBuilder().add(new SparseVector(), LabelSet.of()).build();
    assertThrows(IllegalArgumentException.class, () -> DataFiles.write(nothing, dir.resolve("e.arff")));
  }

  /** A write that fails part-way leaves neither the ARFF nor its label file (the label file was written first). */
  @Test
  void aFailedWriteLeavesNoLabelFile() throws IOException {
    Dataset clash = new org.altml.sparse.data.DatasetBuilder().labelNames(List.of("tempo", "y2")).featureNames(List.of("tempo"))
        .add(SparseVector.of(new int[] {0}, new float[] {1}), LabelSet.of(1)).build();
    Path out = dir.resolve("clash.arff");
    assertThrows(IllegalArgumentException.class, () -> DataFiles.write(clash, out));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(), files.map(p -> p.getFileName().toString()).toList());
    }
  }

  @Test
  void xmlErrors() throws IOException {
    Path f = write(dir, "d-test.arff", "@relation r\n@attribute a numeric\n@attribute y {0,1}\n@data\n1,1\n");
    Path xml = write(dir, "d.xml", "<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"z\"/></labels>");
    DataFormatException unknown = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertTrue(unknown.getMessage().startsWith(xml.toString()), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("label 'z' is not an attribute"), unknown.getMessage());

    Files.writeString(xml, "<labels>\n<label name=\"y\">\n</labels>");
    DataFormatException malformed = assertThrows(DataFormatException.class, () -> DataFiles.read(f));
    assertTrue(malformed.getMessage().contains("malformed XML"), malformed.getMessage());
    assertEquals(3, malformed.line(), malformed.getMessage());

    Files.writeString(xml, "<!DOCTYPE labels [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><labels><label name=\"&x;\"/></labels>");
    assertTrue(assertThrows(DataFormatException.class, () -> DataFiles.read(f)).getMessage().contains("a DOCTYPE is not allowed"));

    Files.writeString(xml, "<other/>");
    assertTrue(assertThrows(DataFormatException.class, () -> DataFiles.read(f)).getMessage().contains("expected <labels>"));

    Files.writeString(xml, "<labels><label name=\"y\"/></labels>");
    assertEquals(List.of("y"), DataFiles.read(f).labelNames(), "a label file without namespace is accepted");
    // the XML wins over an explicit count only when given explicitly; a count wins over the file beside
    assertEquals(List.of("a"), DataFiles.read(f, ReadOptions.defaults().withLabelsFirst(1)).labelNames());
  }

  @Test
  void emptyFileAndGarbage() throws IOException {
    Path empty = write(dir, "e.arff", "");
    assertThrows(DataFormatException.class, () -> DataFiles.read(empty, ReadOptions.defaults().withLabelsLast(1)));
    byte[] garbage = new byte[3000];
    new java.util.SplittableRandom(3).nextBytes(garbage);
    Path g = dir.resolve("g.arff");
    Files.write(g, garbage);
    assertThrows(DataFormatException.class, () -> DataFiles.read(g, ReadOptions.defaults().withLabelsLast(1)));
  }
}
