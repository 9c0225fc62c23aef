package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.cli.command.DemoCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
  @Test
  void comparesTheThreeLearnersInATable() {
    CliRun r = CliRun.of("demo", "-n", "600", "--seed", "4", "--window", "100", "--nonlinear-examples", "0", "--progress");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("(seed 4): 600 examples"), r.out());
    for (String learner : new String[] {"falt", "salt", "pa1"}) {
      String row = r.out().lines().filter(l -> l.startsWith(learner + " ")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
      assertTrue(row.contains(" 600 "), row);
      assertTrue(r.err().contains(learner), "progress names " + learner + ": " + r.err());
    }
    // not a terminal, --progress: plain progress lines, the last at 100%
    assertTrue(r.err().contains("100%  600/600 examples"), r.err());
    assertTrue(!r.err().contains("\r"), "no carriage returns off a terminal");
  }

  /** Off a terminal (a log, a pipe), no progress lines unless --progress asks for them (ten per learner were printed). */
  @Test
  void noProgressLinesOffATerminalUnlessAsked() {
    CliRun r = CliRun.of("demo", "-n", "300", "--nonlinear-examples", "0");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    CliRun both = CliRun.of("demo", "-n", "300", "--nonlinear-examples", "0", "--progress", "-q");
    assertEquals(2, both.exitCode());
    assertTrue(both.err().startsWith("alt: give --quiet or --progress, not both"), both.err());
  }

  @Test
  void sameSeedSameMetricsDifferentSeedDifferentMetrics() throws IOException {
    List<String> a = deterministicFields(CliRun.of("demo", "-n", "400", "--nonlinear-examples", "100", "--json", "--no-progress").out());
    List<String> b = deterministicFields(CliRun.of("demo", "-n", "400", "--nonlinear-examples", "100", "--json", "--no-progress").out());
    List<String> c = deterministicFields(CliRun.of("demo", "-n", "400", "--nonlinear-examples", "100", "--json", "--no-progress", "--seed", "2").out());
    assertTrue(a.size() > 7 * 13, a.toString());
    assertEquals(a, b, "seed 1 twice");
    assertTrue(!a.equals(c), "seeds 1 and 2 should give different metrics");
  }

  @Test
  @Tag("slow") // 1,500 examples through four learners: a few seconds
  void nonlinearPartRunsTheKernelAndMappedLearnersAndTheyBeatLinearFalt() throws IOException {
    CliRun r = CliRun.of("demo", "-n", "50", "--nonlinear-examples", "1500", "--json", "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    Map<String, Double> f1 = new LinkedHashMap<>();
    Map<String, Long> supportVectors = new LinkedHashMap<>();
    try (JsonParser p = new JsonFactory().createParser(r.out())) {
      boolean inNonlinear = false;
      String settings = null;
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t != JsonToken.FIELD_NAME) {
          continue;
        }
        String name = p.currentName();
        if (name.equals("nonlinear")) {
          inNonlinear = true;
        } else if (inNonlinear && name.equals("settings")) {
          p.nextToken();
          settings = p.getText();
        } else if (inNonlinear && settings != null && name.equals("f1") && !f1.containsKey(settings)) {
          p.nextToken();
          f1.put(settings, p.getDoubleValue()); // the first f1 after the settings: the cumulative metrics
        } else if (inNonlinear && settings != null && name.equals("supportVectors")) {
          p.nextToken();
          supportVectors.put(settings, p.getLongValue());
        }
      }
    }
    assertEquals(DemoCommand.NONLINEAR_LEARNERS.size(), f1.size(), f1.toString());
    double linear = f1.entrySet().stream().filter(e -> e.getKey().startsWith("falt ")).findFirst().orElseThrow().getValue();
    for (Map.Entry<String, Double> e : f1.entrySet()) {
      if (e.getKey().startsWith("falt-k")) {
        // the stream's labels follow RBF-like neighbourhoods: FALT(k) wins by far (seed 1: ~0.6 vs ~0.15)
        assertTrue(e.getValue() > linear + 0.2, e.getKey() + ": " + e.getValue() + " vs linear FALT " + linear);
      } else if (e.getKey().startsWith("salt+rff")) {
        assertTrue(e.getValue() > linear, e.getKey() + ": " + e.getValue() + " vs linear FALT " + linear);
      }
    }
    // unbounded FALT(k) keeps every example it learned from; the budgeted one at most B
    supportVectors.forEach((settings, count) -> {
      long budget = Long.parseLong(settings.replaceAll(".*budget=(\\d+).*", "$1"));
      assertTrue(budget == 0 ? count > 500 && count <= 1500 : count <= budget, settings + ": " + count);
    });
    assertEquals(2, supportVectors.size(), supportVectors.toString());
  }

  @Test
  void nonlinearPartPrintsItsTableAndWhyItIsSmall() {
    CliRun r = CliRun.of("demo", "-n", "50", "--nonlinear-examples", "200", "--seed", "3", "--progress");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("Nonlinear part on a synthetic mediamill-shaped stream (seed 3): 200 examples, 120 dense"
        + " features, 101 labels"), r.out());
    assertTrue(r.out().contains("B = 500 support vectors (merge)") && r.out().contains("D = 500 random features"), r.out());
    for (String learner : new String[] {"falt-k", "salt+rff"}) {
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith(learner + " ") && l.contains(" 200 ")), r.out());
    }
    assertTrue(r.err().contains("falt-k") && r.err().contains("100%  200/200 examples"), r.err());
  }

  /**
   * The "Next:" lines rerun a learner of each part as the demo ran it: on the stream {@code alt generate} writes, with
   * every setting, L, the window and the seed, {@code alt prequential} records the demo's settings and gets its metrics
   * (the line dropped M = 8: F1 19.9 instead of the demo's 37.7).
   */
  @Test
  void theNextLinesRerunTheDemosLearnersWithItsSettings(@TempDir Path dir) throws IOException {
    String[] demo = {"demo", "-n", "700", "--seed", "3", "--window", "200", "--nonlinear-examples", "120", "-q"};
    CliRun text = CliRun.of(demo);
    assertEquals(0, text.exitCode(), text.err());
    List<String> next = text.out().lines().filter(l -> l.startsWith("Next: ")).toList();
    assertEquals(2, next.size(), text.out());
    List<String> withJson = new ArrayList<>(List.of(demo));
    withJson.add("--json");
    Map<String, String> json = Json.flatten(CliRun.of(withJson.toArray(String[]::new)).out());
    String[] results = {"results[0]", "nonlinear.results[2]"};
    for (int part = 0; part < 2; part++) {
      String[] commands = next.get(part).substring("Next: ".length()).split(", then ");
      assertEquals(2, commands.length, next.get(part));
      CliRun generate = CliRun.of(args(commands[0], dir));
      assertEquals(0, generate.exitCode(), generate.err());
      List<String> prequential = new ArrayList<>(List.of(args(commands[1], dir)));
      prequential.addAll(List.of("--json", "-q"));
      CliRun rerun = CliRun.of(prequential.toArray(String[]::new));
      assertEquals(0, rerun.exitCode(), next.get(part) + ": " + rerun.err());
      Map<String, String> again = Json.flatten(rerun.out());
      Map<String, String> settings = new LinkedHashMap<>();
      Map<String, String> settingsAgain = new LinkedHashMap<>();
      String prefix = results[part] + ".run.settings.";
      json.forEach((k, v) -> settings.put(k.startsWith(prefix) ? k.substring(prefix.length()) : null, v));
      again.forEach((k, v) -> settingsAgain.put(k.startsWith("run.settings.") ? k.substring("run.settings.".length()) : null, v));
      settings.remove(null);
      settingsAgain.remove(null);
      assertTrue(settings.size() > 3, json.toString());
      assertEquals(settings, settingsAgain, next.get(part));
      assertEquals(json.get(results[part] + ".run.seeds.learner"), again.get("run.seeds.learner"), next.get(part));
      for (String metric : new String[] {"f1", "hammingLoss", "microF1"}) {
        assertEquals(json.get(results[part] + ".metrics." + metric), again.get("metrics." + metric), next.get(part) + ": " + metric);
        assertEquals(json.get(results[part] + ".windowMetrics." + metric), again.get("windowMetrics." + metric), metric);
      }
    }
  }

  /** The words of {@code alt ...} after {@code alt}, with file names under {@code dir}. */
  private static String[] args(String command, Path dir) {
    List<String> words = new ArrayList<>(List.of(command.trim().split("\\s+")));
    assertEquals("alt", words.remove(0), command);
    words.replaceAll(w -> w.endsWith(".svm") ? dir.resolve(w).toString() : w);
    return words.toArray(String[]::new);
  }

  @Test
  void noNonlinearPartWithZeroExamples() {
    CliRun r = CliRun.of("demo", "-n", "50", "--nonlinear-examples", "0", "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(!r.out().contains("Nonlinear part"), r.out());
    CliRun bad = CliRun.of("demo", "--nonlinear-examples", "-1");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().startsWith("alt: --nonlinear-examples must be >= 0"), bad.err());
  }

  @Test
  void noProgressMeansSilentStderr() {
    CliRun r = CliRun.of("demo", "-n", "50", "--nonlinear-examples", "100", "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
  }

  @Test
  void theHelpNamesTheNonlinearPartsBudgetAndMapDimension() {
    CliRun r = CliRun.of("demo", "--help");
    assertEquals(0, r.exitCode(), r.err());
    String help = r.out().replaceAll("\\s+", " ");
    assertTrue(help.contains("B = " + DemoCommand.value(DemoCommand.NONLINEAR_LEARNERS, "budget=") + " support vectors, D = "
        + DemoCommand.value(DemoCommand.NONLINEAR_LEARNERS, "mapDim=") + " features"), help);
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
