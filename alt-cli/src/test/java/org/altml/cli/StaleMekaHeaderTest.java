package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37: an ARFF file whose MEKA {@code -C} may be stale is read with one warning on stderr, in command-line words,
 * once per file however often a command reads it; issue 39: a stale {@code -C} with the Mulan XML beside the file is
 * read by the XML, with one warning, where {@code alt stats} refused it.
 */
class StaleMekaHeaderTest {
  @TempDir Path dir;

  /** medical's shape: word features and labels, all nominal {0,1}, the labels last, a -C 2 with Weka's Remove after it. */
  private Path medical(String name) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, "@relation 'MEDC: -C 2 -I 0-weka.filters.unsupervised.attribute.Remove-R6-9'\n@attribute f1 {0,1}\n"
        + "@attribute f2 {0,1}\n@attribute f3 {0,1}\n@attribute a {0,1}\n@attribute b {0,1}\n@data\n0,0,1,1,0\n1,0,0,0,1\n0,0,1,1,1\n"
        + "0,1,0,1,0\n0,0,0,0,1\n0,1,1,1,0\n", StandardCharsets.UTF_8);
    return f;
  }

  private static String warning(Path f) {
    return "alt: warning: " + f + ": the relation's -C 2 makes the first 2 attributes the labels, but the Weka filter"
        + " weka.filters.unsupervised.attribute.Remove was applied after it was written (the relation names it) and may have moved"
        + " them, and the last 2 attributes are nominal {0,1} like labels; say which attributes are the labels: the last 2 attributes"
        + " (--labels-last 2), those a Mulan XML file names (--labels-xml FILE), or the first 2 as read (--labels-first 2), which"
        + " silences this warning";
  }

  private static List<String> warnings(CliRun r) {
    return r.err().lines().filter(l -> l.contains("the relation's -C")).toList();
  }

  @Test
  void statsWarnsOncePerFileAndTheChoiceSilencesIt() throws IOException {
    Path a = medical("a.arff");
    Path b = medical("b.arff");
    CliRun r = CliRun.of("stats", a.toString(), b.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(List.of(warning(a), warning(b)), r.err().lines().toList());
    CliRun chosen = CliRun.of("stats", "--json", "--labels-last", "2", a.toString());
    assertEquals(0, chosen.exitCode(), chosen.err());
    assertEquals("", chosen.err());
    assertTrue(chosen.out().contains("\"examplesWithoutLabels\" : 0"), chosen.out());
  }

  @Test
  void aCommandThatPeeksBeforeItReadsWarnsOnce() throws IOException {
    Path train = medical("train.arff");
    Path test = medical("test.arff");
    CliRun r = CliRun.of("evaluate", "--learner", "falt", "--train", train.toString(), "--test", test.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(List.of(warning(train), warning(test)), warnings(r));
  }

  @Test
  void aPlainCountTheDataContradictIsWarnedOfAfterReading() throws IOException {
    Path f = dir.resolve("plain.arff");
    Files.writeString(f, "@relation 'MEDC: -C 2'\n@attribute f1 {0,1}\n@attribute f2 {0,1}\n@attribute f3 {0,1}\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n@data\n{2 1,3 1}\n{0 1,4 1}\n{2 1,3 1,4 1}\n{1 1,3 1}\n{4 1}\n", StandardCharsets.UTF_8);
    CliRun r = CliRun.of("stats", f.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(List.of("alt: warning: " + f + ": the relation's -C 2 makes the first 2 attributes the labels, which leaves 3 of 5"
        + " examples without labels (label cardinality 0.400), while the last 2 attributes, all 0 or 1, would leave 0 (cardinality"
        + " 1.200): the -C may be stale; say which attributes are the labels: the last 2 attributes (--labels-last 2), those a Mulan"
        + " XML file names (--labels-xml FILE), or the first 2 as read (--labels-first 2), which silences this warning"),
        r.err().lines().toList());
  }

  @Test
  void aStaleCountWithTheXmlBesideReadsByTheXml() throws IOException {
    Path f = medical("medical.arff");
    Path xml = dir.resolve("medical.xml");
    Files.writeString(xml, "<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"a\"></label><label name=\"b\"></label>"
        + "</labels>", StandardCharsets.UTF_8);
    CliRun r = CliRun.of("stats", "--json", f.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(List.of("alt: warning: " + f + ": the relation's -C 2 makes the first 2 attributes the labels, but the label file "
        + xml + " beside it names others (2 labels): the XML is followed (as Mulan does) and the -C ignored (to read the -C's labels"
        + " instead: --labels-first 2)"), r.err().lines().toList());
    assertTrue(r.out().contains("\"examplesWithoutLabels\" : 0"), r.out());
    assertTrue(r.out().contains("\"features\" : 3"), r.out());
    // an XML that names what is not an attribute cannot be followed: refused, naming both
    Files.writeString(xml, "<labels><label name=\"a\"/><label name=\"z\"/></labels>", StandardCharsets.UTF_8);
    CliRun refused = CliRun.of("stats", f.toString());
    assertEquals(2, refused.exitCode());
    assertEquals("alt: " + xml + ": label 'z' is not an attribute of " + f + " (the label file beside the data names it, while the"
        + " relation's -C 2 makes the first 2 attributes the labels: is the XML for other data? say which is right: --labels-first 2,"
        + " or --labels-xml FILE)", refused.errLine());
  }
}
