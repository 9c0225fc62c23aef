package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoCommandTest {
  @Test
  void comparesTheThreeLearnersInATable() {
    CliRun r = CliRun.of("demo", "-n", "600", "--seed", "4", "--window", "100");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("(seed 4): 600 examples"), r.out());
    for (String learner : new String[] {"falt", "salt", "pa1"}) {
      String row = r.out().lines().filter(l -> l.startsWith(learner + " ")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
      assertTrue(row.contains(" 600 "), row);
      assertTrue(r.err().contains(learner), "progress names " + learner + ": " + r.err());
    }
    // not a terminal: plain progress lines, the last at 100%
    assertTrue(r.err().contains("100%  600/600 examples"), r.err());
    assertTrue(!r.err().contains("\r"), "no carriage returns off a terminal");
  }

  @Test
  void sameSeedSameMetricsDifferentSeedDifferentMetrics() throws IOException {
    List<String> a = deterministicFields(CliRun.of("demo", "-n", "400", "--json", "--no-progress").out());
    List<String> b = deterministicFields(CliRun.of("demo", "-n", "400", "--json", "--no-progress").out());
    List<String> c = deterministicFields(CliRun.of("demo", "-n", "400", "--json", "--no-progress", "--seed", "2").out());
    assertTrue(a.size() > 3 * 13, a.toString());
    assertEquals(a, b, "seed 1 twice");
    assertTrue(!a.equals(c), "seeds 1 and 2 should give different metrics");
  }

  @Test
  void noProgressMeansSilentStderr() {
    CliRun r = CliRun.of("demo", "-n", "50", "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
  }

  @Test
  void badExampleCountIsAnError() {
    CliRun r = CliRun.of("demo", "-n", "0");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: --examples must be >= 1"), r.err());
  }

  /** Every field of the JSON as path=value, without the timings, the JDK and the vectorization. */
  static List<String> deterministicFields(String json) throws IOException {
    List<String> fields = new ArrayList<>();
    try (JsonParser p = new JsonFactory().createParser(json)) {
      String name = "";
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t == JsonToken.FIELD_NAME) {
          name = p.currentName();
        } else if (t.isScalarValue()) {
          if (!name.endsWith("Seconds") && !name.equals("examplesPerSecond") && !name.equals("jdk")
              && !name.equals("vectorization")) {
            fields.add(name + "=" + p.getText());
          }
        }
      }
    }
    return fields;
  }
}
