package org.altml.sparse.io.arff;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.altml.sparse.LabelSet;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MEKA {@code -C N} that alone says which attributes are labels gets a warning, once and naming the file, when it may
 * be stale (a Weka filter applied after it, labels that look unlike labels while the other end looks like them, data
 * the other reading fits better), and none when the file is a plain MEKA file; an XML beside the file that names other
 * labels is followed, with a warning that the -C was ignored (issue 37, issue 39).
 */
class StaleMekaCountTest {
  @TempDir Path dir;

  /** Three word features f1..f3 and two labels a, b, all nominal {0,1}: the shape of medical. */
  private static final String BINARY = "@attribute f1 {0,1}\n@attribute f2 {0,1}\n@attribute f3 {0,1}\n";

  /** Labels last: every example has a label; the first two attributes are both 0 in three of the five. */
  private static final String LABELS_LAST_ROWS = "@data\n0,0,1,1,0\n1,0,0,0,1\n0,0,1,1,1\n0,1,0,1,0\n0,0,0,0,1\n";

  private final List<String> warnings = new ArrayList<>();

  private ReadOptions collecting() {
    return ReadOptions.defaults().withWarnings(warnings::add);
  }

  private static String choose(String otherEnd, String otherOption, String sameEnd, String sameOption) {
    return "; say which attributes are the labels: the " + otherEnd + " (" + otherOption + "), those a Mulan XML file names"
        + " (--labels-xml FILE, ReadOptions.withLabelFile), or the " + sameEnd + " as read (" + sameOption + "), which silences"
        + " this warning";
  }

  private static final String CHOOSE_LAST = choose("last 2 attributes", "--labels-last 2, ReadOptions.withLabelsLast", "first 2",
      "--labels-first 2, ReadOptions.withLabelsFirst");

  @Test
  void aPlainMekaFileWithItsLabelsFirstGetsNoWarning() throws IOException {
    // labels a, b first; numeric features after them: no other reading
    Path numeric = write(dir, "m.arff", "@relation 'M: -C 2'\n@attribute a {0,1}\n@attribute b {0,1}\n@attribute f1 numeric\n"
        + "@attribute f2 numeric\n@attribute f3 numeric\n@data\n1,0,0.5,2,3\n0,0,1,1,1\n0,1,-1,0,2\n");
    assertEquals(List.of("a", "b"), DataFiles.read(numeric, collecting()).labelNames());
    // all attributes nominal {0,1}, but the last two fit no better than the labels (more examples without any)
    Path words = write(dir, "w.arff", "@relation 'W: -C 2 -I 0'\n@attribute a {0,1}\n@attribute b {0,1}\n" + BINARY
        + "@data\n1,0,0,1,0\n0,1,0,0,0\n1,1,1,0,1\n0,0,1,0,0\n1,0,0,0,0\n");
    assertEquals(5, DataFiles.read(words, collecting()).size());
    assertEquals(List.of(), warnings);
  }

  @Test
  void aMekaCountFollowedByAWekaFilterThatMovesAttributesIsWarnedOfOnce() throws IOException {
    // medical's relation: -C 45, then Weka's Remove; its labels are last
    Path medical = write(dir, "medical-train.arff", "@relation 'MEDC: -C 2 -I 0-weka.filters.unsupervised.attribute.Remove-R1-2_MEDC:"
        + " -C 2 -I 0-weka.filters.unsupervised.attribute.Remove-R6-9'\n" + BINARY + "@attribute a {0,1}\n@attribute b {0,1}\n"
        + LABELS_LAST_ROWS);
    Dataset d = DataFiles.read(medical, collecting());
    assertEquals(List.of("f1", "f2"), d.labelNames(), "read as the -C says");
    assertEquals(List.of(medical + ": the relation's -C 2 makes the first 2 attributes the labels, but the Weka filter"
        + " weka.filters.unsupervised.attribute.Remove was applied after it was written (the relation names it) and may have moved"
        + " them, and the last 2 attributes are nominal {0,1} like labels" + CHOOSE_LAST), warnings);
    // each way of choosing reads without a word
    warnings.clear();
    assertEquals(List.of("a", "b"), DataFiles.read(medical, collecting().withLabelsLast(2)).labelNames());
    assertEquals(List.of("f1", "f2"), DataFiles.read(medical, collecting().withLabelsFirst(2)).labelNames());
    write(dir, "labels.xml", "<labels><label name=\"a\"/><label name=\"b\"/></labels>");
    assertEquals(List.of("a", "b"), DataFiles.read(medical, collecting().withLabelFile(dir.resolve("labels.xml"))).labelNames());
    assertEquals(List.of(), warnings);
  }

  @Test
  void aNegativeCountWithAFilterPointsToTheFirstAttributes() throws IOException {
    Path f = write(dir, "neg.arff", "@relation 'x: -C -2-weka.filters.unsupervised.attribute.Reorder-R3-last,1-2'\n"
        + "@attribute a {0,1}\n@attribute b {0,1}\n" + BINARY + "@data\n1,0,0,0,1\n0,1,0,0,0\n");
    DataFiles.read(f, collecting());
    assertEquals(List.of(f + ": the relation's -C -2 makes the last 2 attributes the labels, but the Weka filter"
        + " weka.filters.unsupervised.attribute.Reorder was applied after it was written (the relation names it) and may have moved"
        + " them, and the first 2 attributes are nominal {0,1} like labels" + choose("first 2 attributes",
        "--labels-first 2, ReadOptions.withLabelsFirst", "last 2", "--labels-last 2, ReadOptions.withLabelsLast")), warnings);
  }

  @Test
  void filtersThatMoveNoAttributeOrCameBeforeTheCountAreNoConcern() throws IOException {
    String labelsFirst = "@attribute a {0,1}\n@attribute b {0,1}\n" + BINARY + "@data\n1,0,0,0,1\n0,1,1,0,0\n1,1,0,0,0\n";
    // an instance filter (as genbase's Randomize) reorders examples, not attributes
    DataFiles.read(write(dir, "r.arff", "@relation 'x: -C 2-weka.filters.unsupervised.instance.Randomize-S73'\n" + labelsFirst),
        collecting());
    // a filter named before the -C was applied before MEKA wrote it
    DataFiles.read(write(dir, "b.arff", "@relation 'x-weka.filters.unsupervised.attribute.Remove-R9: -C 2'\n" + labelsFirst),
        collecting());
    // a filter after the -C, but the other end cannot be labels (a feature with other values)
    DataFiles.read(write(dir, "n.arff", "@relation 'x: -C 2-weka.filters.unsupervised.attribute.Remove-R9'\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n@attribute f1 {0,1}\n@attribute f2 numeric\n@attribute f3 {low,mid,high}\n@data\n1,0,0,0.5,low\n"), collecting());
    // ... or a numeric end that holds other values than 0 and 1
    DataFiles.read(write(dir, "v.arff", "@relation 'x: -C 2-weka.filters.unsupervised.attribute.Remove-R9'\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n@attribute f1 {0,1}\n@attribute f2 numeric\n@attribute f3 numeric\n@data\n1,0,0,1,0\n0,1,1,0,2.5\n"),
        collecting());
    assertEquals(List.of(), warnings);
  }

  @Test
  void aFilterAndANumericOtherEndOfZerosAndOnesIsWarnedOfAtTheEndOfTheData() throws IOException {
    Path f = write(dir, "z.arff", "@relation 'x: -C 2-weka.filters.unsupervised.attribute.Remove-R9'\n" + BINARY
        + "@attribute a numeric\n@attribute b numeric\n" + LABELS_LAST_ROWS);
    DataFiles.read(f, collecting());
    assertEquals(List.of(f + ": the relation's -C 2 makes the first 2 attributes the labels, but the Weka filter"
        + " weka.filters.unsupervised.attribute.Remove was applied after it was written (the relation names it) and may have moved"
        + " them, and the last 2 attributes hold only 0 and 1 like labels" + CHOOSE_LAST), warnings);
  }

  @Test
  void aPlainCountThatTakesNumericAttributesWhileTheLastAreNominalIsWarnedOf() throws IOException {
    String header = "@relation 'x: -C 2'\n@attribute f1 numeric\n@attribute f2 numeric\n@attribute f3 numeric\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n";
    String why = ": the relation's -C 2 makes the first 2 attributes the labels, but 'f1' among them is numeric, not nominal {0,1}"
        + " like labels, while the last 2 attributes are all nominal {0,1}: the -C may be stale" + CHOOSE_LAST;
    // numeric values of 0 and 1 read as labels, with the warning
    Path zeros = write(dir, "zeros.arff", header + "@data\n0,1,0.5,1,0\n1,0,2,0,1\n");
    assertEquals(2, DataFiles.read(zeros, collecting()).size());
    assertEquals(List.of(zeros + why), warnings);
    // other values are an error that says the -C may be stale, after the same warning
    warnings.clear();
    Path real = write(dir, "real.arff", header + "@data\n0.25,1,0.5,1,0\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(real, collecting()));
    assertEquals(real + ":8: token '0.25': label attribute 'f1' must be 0 or 1 (the relation's -C 2 makes it a label, and may be"
        + " stale: if the labels are the last 2 attributes, say so: --labels-last 2, ReadOptions.withLabelsLast, or --labels-xml FILE,"
        + " ReadOptions.withLabelFile)", e.getMessage());
    assertEquals(List.of(real + why), warnings);
    // a nominal attribute of other values cannot be a label: the error says the same
    Path nominal = write(dir, "nominal.arff", "@relation 'x: -C 1'\n@attribute g {low,mid,high}\n@attribute a {0,1}\n@data\nlow,1\n");
    e = assertThrows(DataFormatException.class, () -> DataFiles.read(nominal, collecting()));
    assertTrue(e.getMessage().endsWith("label attribute 'g' is not binary: declared {low,mid,high}, expected values 0 and 1 (the relation's"
        + " -C 1 makes it a label, and may be stale: if the labels are the last 1 attributes, say so: --labels-last 1,"
        + " ReadOptions.withLabelsLast, or --labels-xml FILE, ReadOptions.withLabelFile)"), e.getMessage());
  }

  @Test
  void aPlainCountWhoseOtherReadingLeavesFewerExamplesWithoutLabelsIsWarnedOfOnceAtTheEnd() throws IOException {
    Path f = write(dir, "plain.arff", "@relation 'MEDC: -C 2 -I 0'\n" + BINARY + "@attribute a {0,1}\n@attribute b {0,1}\n"
        + LABELS_LAST_ROWS);
    try (ExampleStream s = DataFiles.open(f, collecting())) {
      while (s.advance()) {
        assertEquals(List.of(), warnings, "said at the end of the data, when it is known");
      }
      assertTrue(!s.advance());
    }
    assertEquals(List.of(f + ": the relation's -C 2 makes the first 2 attributes the labels, which leaves 3 of 5 examples without labels"
        + " (label cardinality 0.400), while the last 2 attributes, all 0 or 1, would leave 0 (cardinality 1.200): the -C may be stale"
        + CHOOSE_LAST), warnings);
    // the same file with -C -2 reads its labels, without a word
    warnings.clear();
    Path right = write(dir, "right.arff", "@relation 'MEDC: -C -2 -I 0'\n" + BINARY + "@attribute a {0,1}\n@attribute b {0,1}\n"
        + LABELS_LAST_ROWS);
    Dataset d = DataFiles.read(right, collecting());
    assertEquals(LabelSet.of(0), d.example(0).labels());
    assertEquals(List.of(), warnings);
  }

  @Test
  void sparseRowsAreCheckedAsDenseOnes() throws IOException {
    Path f = write(dir, "sparse.arff", "@relation 'MEDC: -C 2 -I 0'\n" + BINARY + "@attribute a {0,1}\n@attribute b {0,1}\n"
        + "@data\n{2 1,3 1}\n{0 1,4 1}\n{2 1,3 1,4 1}\n{1 1,3 1}\n{4 1}\n");
    DataFiles.read(f, collecting());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("which leaves 3 of 5 examples without labels"), warnings.get(0));
  }

  /** Issue 39: a stale -C with the Mulan XML beside the file naming attributes that all exist reads by the XML. */
  @Test
  void anXmlBesideThatNamesOtherAttributesIsFollowedWithAWarning() throws IOException {
    Path arff = write(dir, "x-train.arff", "@relation 'x: -C -3'\n@attribute f numeric\n@attribute a {0,1}\n@attribute b {0,1}\n"
        + "@attribute c {0,1}\n@data\n1,0,1,0\n");
    write(dir, "x.xml", "<labels><label name=\"b\"/><label name=\"c\"/></labels>");
    Dataset d = DataFiles.read(arff, collecting());
    assertEquals(List.of("b", "c"), d.labelNames());
    assertEquals(List.of("f", "a"), d.featureNames());
    assertEquals(List.of(arff + ": the relation's -C -3 makes the last 3 attributes the labels, but the label file " + dir.resolve("x.xml")
        + " beside it names others (2 labels): the XML is followed (as Mulan does) and the -C ignored (to read the -C's labels instead:"
        + " --labels-last 3, ReadOptions.withLabelsLast)"), warnings);
    // the -C's reading, asked for, reads without a word; so does an XML that agrees with the -C
    warnings.clear();
    assertEquals(3, DataFiles.read(arff, collecting().withLabelsLast(3)).numLabels());
    write(dir, "x.xml", "<labels><label name=\"a\"/><label name=\"b\"/><label name=\"c\"/></labels>");
    assertEquals(3, DataFiles.read(arff, collecting()).numLabels());
    assertEquals(List.of(), warnings);
  }

  /** The XML and the -C cannot both be read: the XML names what is not an attribute, or an attribute that cannot be a label. */
  @Test
  void anXmlBesideThatCannotBeReadIsRefusedNamingTheCount() throws IOException {
    Path arff = write(dir, "y.arff", "@relation 'y: -C 2'\n@attribute a {0,1}\n@attribute b {0,1}\n@attribute f numeric\n"
        + "@attribute g {low,mid,high}\n@data\n1,0,1.5,low\n");
    Path xml = write(dir, "y.xml", "<labels><label name=\"a\"/><label name=\"z\"/></labels>");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(arff, collecting()));
    String hint = " (the label file beside the data names it, while the relation's -C 2 makes the first 2 attributes the labels: is the"
        + " XML for other data? say which is right: --labels-first 2, ReadOptions.withLabelsFirst, or --labels-xml FILE,"
        + " ReadOptions.withLabelFile)";
    assertEquals(xml + ": label 'z' is not an attribute of " + arff + hint, e.getMessage());
    write(dir, "y.xml", "<labels><label name=\"a\"/><label name=\"g\"/></labels>");
    e = assertThrows(DataFormatException.class, () -> DataFiles.read(arff, collecting()));
    assertEquals(arff + ": label attribute 'g' is not binary: declared {low,mid,high}, expected values 0 and 1" + hint, e.getMessage());
    assertEquals(List.of(), warnings, "an error, not a warning that the XML was followed");
    // where the XML and the -C agree, neither is in doubt: the error says only what is wrong
    Path agree = write(dir, "w.arff", "@relation 'w: -C 2'\n@attribute a {0,1}\n@attribute g {low,mid,high}\n@attribute f numeric\n"
        + "@data\n1,low,1.5\n");
    write(dir, "w.xml", "<labels><label name=\"a\"/><label name=\"g\"/></labels>");
    e = assertThrows(DataFormatException.class, () -> DataFiles.read(agree, collecting()));
    assertEquals(agree + ": label attribute 'g' is not binary: declared {low,mid,high}, expected values 0 and 1", e.getMessage());
  }

  @Test
  void aCountThatTakesWhatCannotBeALabelIsAnErrorThatSaysTheCountMayBeStaleWithoutAWarningFirst() throws IOException {
    String hint = " (the relation's -C 2 makes it a label, and may be stale: if the labels are the last 2 attributes, say so:"
        + " --labels-last 2, ReadOptions.withLabelsLast, or --labels-xml FILE, ReadOptions.withLabelFile)";
    Path mixed = write(dir, "mixed.arff", "@relation 'x: -C 2'\n@attribute f numeric\n@attribute g {low,mid,high}\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n@data\n1,low,0,1\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(mixed, collecting()));
    assertEquals(mixed + ": label attribute 'g' is not binary: declared {low,mid,high}, expected values 0 and 1" + hint, e.getMessage());
    Path string = write(dir, "string.arff", "@relation 'x: -C 2'\n@attribute id string\n@attribute f numeric\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n@data\nx,1,0,1\n");
    e = assertThrows(DataFormatException.class, () -> DataFiles.read(string, collecting()));
    assertEquals(string + ": string attribute 'id' (attribute 1) cannot be a label: ignore it (--ignore-attributes id,"
        + " ReadOptions.withIgnoredAttributes)" + hint, e.getMessage());
    assertEquals(List.of(), warnings);
  }

  @Test
  void aCountBeyondTheAttributesIsAStaleCountAndSaysHowToChoose() throws IOException {
    Path f = write(dir, "many.arff", "@relation 'x: -C 45'\n@attribute f numeric\n@attribute a {0,1}\n@data\n1,0\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f, collecting()));
    assertEquals(f + ": the relation's -C 45 asks for 45 labels but the file has only 2 attributes: a stale -C (one written before"
        + " attributes were removed?); say which attributes are the labels (--labels-xml FILE, ReadOptions.withLabelFile, --labels-last N,"
        + " ReadOptions.withLabelsLast, or --labels-first N, ReadOptions.withLabelsFirst)", e.getMessage());
  }

  @Test
  void theDefaultSinkLogs() {
    assertEquals(ReadOptions.LOGGED, ReadOptions.defaults().warnings());
  }

  /** A copy of a real file in {@code to}, its relation replaced by {@code relation}. */
  private static Path withRelation(Path real, Path to, String relation) throws IOException {
    java.nio.file.Files.createDirectories(to);
    String text = java.nio.file.Files.readString(real);
    int start = text.toLowerCase(java.util.Locale.ROOT).indexOf("@relation");
    int end = text.indexOf('\n', start);
    Path copy = to.resolve(real.getFileName());
    java.nio.file.Files.writeString(copy, text.substring(0, start) + "@relation " + relation + text.substring(end));
    return copy;
  }

  /**
   * bibtex (word features and labels all nominal {0,1}, its 159 labels last) given medical's stale MEKA relation: read
   * by the -C alone it warns, with the Mulan XML beside it it reads its real labels, and a plain -C 159 is caught by its
   * data (the first 159 words leave most examples without labels).
   */
  @Test
  void aRealMulanFileWithAStaleMekaRelation() throws IOException {
    Path real = RealDatasets.requireAll("bibtex/bibtex-train.arff", "bibtex/bibtex.xml").get(0);
    Path bibtex = real.getParent();
    Path alone = withRelation(real, dir.resolve("alone"), "'MEDC: -C 159 -I 0-weka.filters.unsupervised.attribute.Remove-R1-159'");
    Dataset d = DataFiles.read(alone, collecting());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).startsWith(alone + ": the relation's -C 159 makes the first 159 attributes the labels, but the Weka filter"
        + " weka.filters.unsupervised.attribute.Remove was applied after it"), warnings.get(0));
    assertTrue(warnings.get(0).contains("the last 159 attributes (--labels-last 159, ReadOptions.withLabelsLast)"), warnings.get(0));
    Dataset right = DataFiles.read(real, ReadOptions.defaults());
    assertEquals(right.size(), d.size());

    warnings.clear();
    Path plain = withRelation(real, dir.resolve("plain"), "'bibtex: -C 159'");
    DataFiles.read(plain, collecting());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).matches(java.util.regex.Pattern.quote(plain + ": the relation's -C 159 makes the first 159 attributes the"
        + " labels, which leaves ") + "[0-9,]+ of 4,880 examples without labels .* while the last 159 attributes, all 0 or 1, would"
        + " leave 0 \\(cardinality 2\\.380\\): the -C may be stale; .*"), warnings.get(0));

    warnings.clear();
    Path beside = withRelation(real, dir.resolve("beside"), "'MEDC: -C 159 -I 0-weka.filters.unsupervised.attribute.Remove-R1-159'");
    java.nio.file.Files.copy(bibtex.resolve("bibtex.xml"), beside.resolveSibling("bibtex.xml"));
    Dataset byXml = DataFiles.read(beside, collecting());
    IoTestSupport.assertSameExamples(right, byXml, "read by the XML beside");
    assertEquals(List.of(beside + ": the relation's -C 159 makes the first 159 attributes the labels, but the label file "
        + beside.resolveSibling("bibtex.xml") + " beside it names others (159 labels): the XML is followed (as Mulan does) and the -C"
        + " ignored (to read the -C's labels instead: --labels-first 159, ReadOptions.withLabelsFirst)"), warnings);
  }

  /** emotions (72 numeric features, its 6 labels last) with a plain -C 6: warned of at the header, refused at its first row. */
  @Test
  void aRealFileWhoseCountTakesNumericFeatures() throws IOException {
    Path real = RealDatasets.require("emotions/emotions-train.arff");
    Path f = withRelation(real, dir, "'emotions: -C 6'");
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(f, collecting()));
    assertTrue(e.getMessage().contains("label attribute 'Mean_Acc1298_Mean_Mem40_Centroid' must be 0 or 1 (the relation's -C 6 makes"
        + " it a label, and may be stale: if the labels are the last 6 attributes, say so: --labels-last 6"), e.getMessage());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).startsWith(f + ": the relation's -C 6 makes the first 6 attributes the labels, but"
        + " 'Mean_Acc1298_Mean_Mem40_Centroid' among them is numeric"), warnings.get(0));
    assertEquals(391, DataFiles.read(f, ReadOptions.defaults().withLabelsLast(6)).size());
  }

  /** Mulan's medical, where the shared datasets hold it: its stale -C is warned of without the XML and ignored with it. */
  @Test
  void mulanMedicalWhenPresent() throws IOException {
    // not in the catalogue of alt datasets: read where someone put it there
    Optional<Path> found = RealDatasets.find("medical");
    org.junit.jupiter.api.Assumptions.assumeTrue(found.isPresent(), "Mulan's medical not in " + RealDatasets.folder().folder());
    Path medical = found.get();
    List<Path> files;
    try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(medical)) {
      files = s.filter(p -> p.getFileName().toString().matches("(?i)medical.*\\.arff(\\.gz)?")).sorted().toList();
    }
    org.junit.jupiter.api.Assumptions.assumeFalse(files.isEmpty(), "no medical*.arff in " + medical + "; skipping");
    Path copy = dir.resolve(files.get(0).getFileName());
    java.nio.file.Files.copy(files.get(0), copy);
    DataFiles.read(copy, collecting());
    assertEquals(1, warnings.size(), "without its XML: " + warnings);
    assertTrue(warnings.get(0).contains("-C 45"), warnings.get(0));
    warnings.clear();
    Path xml = medical.resolve("medical.xml");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(xml), "no medical.xml; skipping the XML case");
    Dataset d = DataFiles.read(files.get(0), collecting());
    assertEquals(45, d.numLabels());
    assertEquals(1, warnings.size(), "with its XML: " + warnings);
    assertTrue(warnings.get(0).contains("the XML is followed"), warnings.get(0));
  }
}
