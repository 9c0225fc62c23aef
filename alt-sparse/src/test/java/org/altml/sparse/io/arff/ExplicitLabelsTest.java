package org.altml.sparse.io.arff;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A label count given explicitly is followed, but when the Mulan XML beside the file names other labels the reader
 * says so, once: {@code --labels-last 150} on bibtex (159 labels, its XML beside it) made 9 labels features without a
 * word (issue 37: a label position read silently wrong).
 */
class ExplicitLabelsTest {
  @TempDir Path dir;

  private final List<String> warnings = new ArrayList<>();

  private Path data() throws IOException {
    write(dir, "d.xml", "<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"b\"/><label name=\"a\"/>"
        + "<label name=\"c\"/></labels>");
    return write(dir, "d-train.arff", "@relation d\n@attribute f1 {0,1}\n@attribute f2 {0,1}\n@attribute a {0,1}\n"
        + "@attribute b {0,1}\n@attribute c {0,1}\n@data\n1,0,1,0,1\n0,1,0,1,1\n");
  }

  private List<String> labels(ReadOptions options) throws IOException {
    return DataFiles.read(data(), options.withWarnings(warnings::add)).labelNames();
  }

  @Test
  void aCountTheXmlBesideContradictsIsFollowedWithAWarning() throws IOException {
    Path f = data();
    assertEquals(List.of("b", "c"), labels(ReadOptions.defaults().withLabelsLast(2)));
    assertEquals(List.of(f + ": the labels asked for, the last 2 attributes (--labels-last 2, ReadOptions.withLabelsLast),"
        + " are not those the label file " + dir.toAbsolutePath().resolve("d.xml") + " beside it names (the last 3 attributes):"
        + " the option is followed; if the XML is right, leave the option out (the XML beside the file is read by itself)"),
        warnings);
    warnings.clear();
    assertEquals(List.of("f1", "f2", "a"), labels(ReadOptions.defaults().withLabelsFirst(3)));
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(true, warnings.get(0).contains("the first 3 attributes (--labels-first 3, ReadOptions.withLabelsFirst)"),
        warnings.get(0));
  }

  @Test
  void aCountThatAgreesWithTheXmlOrNoXmlIsNoConcern() throws IOException {
    // the same attributes, in the header's order rather than the XML's
    assertEquals(List.of("a", "b", "c"), labels(ReadOptions.defaults().withLabelsLast(3)));
    Path alone = write(dir, "alone.arff", "@relation d\n@attribute f1 {0,1}\n@attribute a {0,1}\n@data\n1,0\n");
    assertEquals(List.of("a"), DataFiles.read(alone, ReadOptions.defaults().withLabelsLast(1).withWarnings(warnings::add))
        .labelNames());
    // an XML beside it that is for other data (a name the file does not have): nothing to compare
    write(dir, "other.xml", "<labels><label name=\"zz\"/></labels>");
    Path other = write(dir, "other.arff", "@relation d\n@attribute f1 {0,1}\n@attribute a {0,1}\n@data\n1,0\n");
    DataFiles.read(other, ReadOptions.defaults().withLabelsLast(1).withWarnings(warnings::add));
    // the relation's -C says what the option says (the XML's warning names the option as the way to read the -C)
    write(dir, "m.xml", "<labels><label name=\"b\"/></labels>");
    Path meka = write(dir, "m.arff", "@relation 'm: -C -2'\n@attribute f1 {0,1}\n@attribute a {0,1}\n@attribute b {0,1}\n"
        + "@data\n1,0,1\n");
    DataFiles.read(meka, ReadOptions.defaults().withLabelsLast(2).withWarnings(warnings::add));
    assertEquals(List.of(), warnings);
  }
}
