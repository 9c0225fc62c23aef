package org.altml.sparse.io.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetStats;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance: every real dataset ({@link RealDatasets}) reproduces the instances, features, labels and cardinality
 * of its README table, and real ARFF files survive ARFF -> LIBSVM -> ARFF bit for bit. Skipped with a message when
 * the datasets are absent.
 */
@Tag("slow")
class SharedDatasetsTest {
  @TempDir Path dir;

  /** name, train (or total) instances, test instances (0: no split), d, L, card (train+test) as in README.md. */
  static Stream<Arguments> readmeTable() {
    return Stream.of(
        Arguments.of("emotions", 391, 202, 72, 6, 1.868),
        Arguments.of("scene", 1211, 1196, 294, 6, 1.074),
        Arguments.of("yeast", 1500, 917, 103, 14, 4.237),
        Arguments.of("birds", 322, 323, 260, 19, 1.014),
        Arguments.of("bibtex", 4880, 2515, 1836, 159, 2.402),
        Arguments.of("rcv1subset1", 6000, 0, 47236, 101, 2.880),
        Arguments.of("rcv1subset2", 6000, 0, 47236, 101, 2.634),
        Arguments.of("rcv1subset3", 6000, 0, 47236, 101, 2.614),
        Arguments.of("rcv1subset4", 6000, 0, 47229, 101, 2.484),
        Arguments.of("rcv1subset5", 6000, 0, 47235, 101, 2.642),
        // README: 1 nominal protein ID + 1185 {YES,NO} features, "drop it": read with protein ignored
        Arguments.of("genbase", 463, 199, 1185, 27, 1.252),
        Arguments.of("cal500", 502, 0, 68, 174, 26.044),
        Arguments.of("corel5k", 4500, 500, 499, 374, 3.522),
        Arguments.of("delicious", 12920, 3185, 500, 983, 19.020),
        Arguments.of("yahoo-arts", 7484, 0, 23146, 26, 1.654),
        Arguments.of("yahoo-business", 11214, 0, 21924, 30, 1.599),
        Arguments.of("yahoo-education", 12030, 0, 27534, 33, 1.463),
        Arguments.of("yahoo-health", 9205, 0, 30605, 32, 1.644),
        Arguments.of("yahoo-reference", 8027, 0, 39679, 33, 1.174),
        Arguments.of("yahoo-science", 6428, 0, 37187, 40, 1.450));
  }

  private static Path find(Path folder, String... names) {
    for (String n : names) {
      Path p = folder.resolve(n);
      if (Files.exists(p)) {
        return p;
      }
    }
    throw new AssertionError("none of " + String.join(", ", names) + " in " + folder);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readmeTable")
  void readmeCountsAreReproduced(String name, int train, int test, int d, int numLabels, double card) throws IOException {
    Path folder = RealDatasets.require(name);
    ReadOptions o = name.equals("genbase") ? ReadOptions.defaults().withIgnoredAttributes("protein") : ReadOptions.defaults();
    long relevant = 0;
    long n = 0;
    Path first = test == 0 ? find(folder, name + ".arff", name + ".arff.gz") : find(folder, name + "-train.arff", name + "-train.arff.gz");
    Dataset a = DataFiles.read(first, o);
    assertEquals(train, a.size(), name + " instances");
    assertEquals(d, a.numFeatures(), name + " features");
    assertEquals(numLabels, a.numLabels(), name + " labels");
    relevant += a.totalLabels();
    n += a.size();
    if (test > 0) {
      // the test split is streamed, which also checks the streaming path against the README
      try (var s = DataFiles.open(find(folder, name + "-test.arff", name + "-test.arff.gz"), o)) {
        DatasetStats st = DatasetStats.of(s);
        assertEquals(test, st.instances(), name + " test instances");
        assertEquals(d, st.features(), name + " test features");
        assertEquals(numLabels, st.labels(), name + " test labels");
        relevant += Math.round(st.labelCardinality() * st.instances());
        n += st.instances();
      }
    }
    assertEquals(card, (double) relevant / n, 0.0005, name + " cardinality");
  }

  @Test
  void genbaseProteinIdCountsAsAFeatureUnlessIgnored() throws IOException {
    assertEquals(1186, DataFiles.read(RealDatasets.require("genbase/genbase-train.arff")).numFeatures());
  }

  @Test
  void arffToLibSvmToArffIsBitExactOnRealData() throws IOException {
    for (Path source : RealDatasets.requireAll("emotions/emotions-train.arff", "bibtex/bibtex-test.arff",
        "birds/birds-train.arff", "rcv1subset1/rcv1subset1.arff.gz")) {
      String[] f = {source.getParent().getFileName().toString(), source.getFileName().toString()};
      Dataset original = DataFiles.read(source);
      Path svm = dir.resolve(f[0] + ".svm.gz");
      DataFiles.write(original, svm);
      Dataset viaSvm = DataFiles.read(svm, ReadOptions.defaults()
          .withNumFeatures(original.numFeatures()).withNumLabels(original.numLabels()));
      IoTestSupport.assertSameExamples(original, viaSvm, f[1] + " -> LIBSVM");
      Path arff = dir.resolve(f[0] + "-copy.arff");
      DataFiles.write(viaSvm.withDimensions(original.numFeatures(), original.numLabels()), arff);
      Dataset back = DataFiles.read(arff);
      IoTestSupport.assertSameExamples(original, back, f[1] + " -> LIBSVM -> ARFF");
      // writing the original with its names keeps them through the XML beside the file
      Path named = dir.resolve(f[0] + "-named.arff");
      DataFiles.write(original, named);
      assertEquals(original.labelNames(), DataFiles.read(named).labelNames(), f[1] + " label names");
    }
  }
}
