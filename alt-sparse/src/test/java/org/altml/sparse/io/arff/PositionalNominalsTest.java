package org.altml.sparse.io.arff;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A nominal feature of more than two values that are neither numbers nor yes/no is read as its values' declaration
 * index, and the reader says so, once, naming the file and the option that leaves it out: genbase's 662-value protein
 * id read so gave F1 19.6 instead of 95.8 without a word (issue 37, defaults that give bad results silently).
 */
class PositionalNominalsTest {
  @TempDir Path dir;

  private final List<String> warnings = new ArrayList<>();

  private ReadOptions collecting() {
    return ReadOptions.defaults().withWarnings(warnings::add).withLabelsLast(1);
  }

  @Test
  void anIdAttributeReadAsItsIndexIsWarnedOfNamingTheOptionThatDropsIt() throws IOException {
    Path f = write(dir, "g.arff", "@relation g\n@attribute protein " + values("P", 20) + "\n@attribute f {YES,NO}\n"
        + "@attribute y {0,1}\n@data\nP1,YES,1\nP2,NO,0\nP3,YES,1\n");
    Dataset d = DataFiles.read(f, collecting());
    assertEquals(2f, d.features(2, new org.altml.sparse.SparseVector()).get(0), "read as its index, as documented");
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(f + ": the nominal attribute 'protein' (20 values such as 'P1') is read as a feature whose value is the"
        + " position of the value in the declared list (0, 1, 2, ...), a number a learner takes as a magnitude"
        + " although it has none (an id, a code): leave it out if it is not a feature (--ignore-attributes protein, ReadOptions.withIgnoredAttributes),"
        + " or give the values as numbers or one 0/1 attribute per value", warnings.get(0));
    warnings.clear();
    DataFiles.read(f, collecting().withIgnoredAttributes("protein"));
    assertEquals(List.of(), warnings, "left out: nothing to say");
  }

  /** {@code {X1,...,Xn}}. */
  private static String values(String prefix, int n) {
    StringBuilder b = new StringBuilder("{");
    for (int i = 1; i <= n; i++) {
      b.append(i > 1 ? "," : "").append(prefix).append(i);
    }
    return b.append('}').toString();
  }

  @Test
  void numbersFlagsFewCategoriesAndLabelsAreNotWarnedOf() throws IOException {
    // birds' location keeps its numbers, however many; {YES,NO} and {no,yes} are flags; a few categories may be an order
    Path f = write(dir, "b.arff", "@relation b\n@attribute location {2,10,1,7,5,4,17,15,16,8,13,11,20,21,22,23,24,25}\n"
        + "@attribute f {no,yes}\n@attribute g " + values("c", PositionalNominals.MAX_VALUES) + "\n@attribute y {0,1}\n"
        + "@data\n2,yes,c1,1\n10,no,c2,0\n");
    DataFiles.read(f, collecting());
    assertEquals(List.of(), warnings);
  }

  @Test
  void severalAreNamedInOneWarningWithTheirPositionsWhenANameNeedsQuoting() throws IOException {
    Path f = write(dir, "c.arff", "@relation c\n@attribute 'code, main' " + values("r", 17) + "\n@attribute shape "
        + values("s", 40) + "\n@attribute y {0,1}\n@data\nr1,s2,1\n");
    DataFiles.read(f, collecting());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("the nominal attributes 'code, main' (17 values such as 'r1'), 'shape' (40 values"
        + " such as 's1') are read as features whose values are") && warnings.get(0).contains("--ignore-attributes 1,shape,"),
        warnings.get(0));
  }

  @Test
  void genbaseProteinIsWarnedOf() throws IOException {
    Path genbase = RealDatasets.require("genbase/genbase-train.arff");
    try (var r = ArffReader.open(genbase, ReadOptions.defaults().withWarnings(warnings::add))) {
      assertEquals(1186, r.numFeatures(), "protein still read, as a feature");
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(warnings.get(0).contains("'protein' (662 values") && warnings.get(0).contains("--ignore-attributes protein"),
          warnings.get(0));
    }
  }
}
