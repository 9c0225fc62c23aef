package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DemoCommandTest {
  @Test
  void summarizesTheSyntheticCorpus() {
    CliRun r = CliRun.of("demo", "-n", "500", "--seed", "4");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("seed 4: 500 examples"), r.out());
    String row = r.out().lines().filter(l -> l.startsWith("rcv1-shaped")).findFirst().orElseThrow();
    String[] cells = row.trim().split("\\s+");
    assertEquals("500", cells[1], row);
    assertEquals("47236", cells[2], row);
    assertEquals("101", cells[3], row);
    double cardinality = Double.parseDouble(cells[4]);
    assertTrue(cardinality > 2.8 && cardinality < 3.6, row);
  }

  @Test
  void jsonOutputHasTheStatistics() {
    CliRun r = CliRun.of("demo", "-n", "100", "--json");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().trim().startsWith("["), r.out());
    assertTrue(r.out().contains("\"instances\" : 100"), r.out());
    assertTrue(r.out().contains("\"features\" : 47236"), r.out());
  }

  @Test
  void sameSeedSameOutput() {
    String a = CliRun.of("demo", "-n", "200", "--json").out();
    String b = CliRun.of("demo", "-n", "200", "--json").out();
    assertEquals(a, b);
  }
}
