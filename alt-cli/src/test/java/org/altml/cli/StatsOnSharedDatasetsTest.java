package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.sparse.testing.RealDatasets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code alt stats --json} on the shared datasets reproduces the counts of their README (instances,
 * features, labels, per-split cardinality to the README's three decimals). Skipped when the folder is
 * absent.
 */
@Tag("slow")
class StatsOnSharedDatasetsTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "emotions/emotions-train.arff, 391, 72, 6, 1.813",
    "emotions/emotions-test.arff, 202, 72, 6, 1.975",
    "scene/scene-train.arff, 1211, 294, 6, 1.062",
    "scene/scene-test.arff, 1196, 294, 6, 1.086",
    "yeast/yeast-train.arff, 1500, 103, 14, 4.228",
    "yeast/yeast-test.arff, 917, 103, 14, 4.252",
    "birds/birds-train.arff, 322, 260, 19, 1.059",
    "bibtex/bibtex-train.arff, 4880, 1836, 159, 2.380",
    "bibtex/bibtex-test.arff, 2515, 1836, 159, 2.444",
    "rcv1subset1/rcv1subset1.arff.gz, 6000, 47236, 101, 2.880",
    "rcv1subset4/rcv1subset4.arff.gz, 6000, 47229, 101, 2.484",
  })
  void matchesTheReadme(String file, long instances, int features, int labels, double cardinality) {
    Path path = RealDatasets.require(file);
    CliRun r = CliRun.of("stats", "--json", path.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(instances, number(r.out(), "instances"), file);
    assertEquals(features, number(r.out(), "features"), file);
    assertEquals(labels, number(r.out(), "labels"), file);
    assertEquals(cardinality, number(r.out(), "cardinality"), 0.0005, file);
  }

  private static double number(String json, String field) {
    Matcher m = Pattern.compile("\"" + field + "\" : ([0-9.eE+-]+)").matcher(json);
    if (!m.find()) {
      throw new AssertionError(field + " missing in " + json);
    }
    return Double.parseDouble(m.group(1));
  }
}
