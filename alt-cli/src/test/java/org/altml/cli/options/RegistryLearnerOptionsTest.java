package org.altml.cli.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.altml.cli.CliRun;
import org.altml.cli.EvaluateCommandTest;
import org.altml.cli.Json;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The learner options come from the registry: help, defaults and errors for every registered kind. */
class RegistryLearnerOptionsTest {
  @TempDir Path dir;

  private Path data;

  @BeforeEach
  void writeData() throws IOException {
    data = dir.resolve("d.svm");
    Files.writeString(data, "0 1:1\n1 2:1\n0,1 1:1 2:1\n");
  }

  private CliRun evaluate(String... options) {
    List<String> args = new ArrayList<>(List.of("evaluate", "--train", data.toString(), "--test", data.toString()));
    args.addAll(List.of(options));
    return CliRun.of(args.toArray(String[]::new));
  }

  /** Every distinct parameter of the registered learner kinds, by option. */
  private static Map<String, Parameter<?>> parameters() {
    return RegistryLearnerOptions.distinctParameters(LearnerRegistry.all());
  }

  @ParameterizedTest
  @ValueSource(strings = {"evaluate", "prequential", "train"})
  void helpListsEveryLearnerAndEveryParameterOption(String command) {
    CliRun r = CliRun.of(command, "--help");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    String help = r.out().replaceAll("\\s+", " ");
    for (LearnerSpec s : LearnerRegistry.all()) {
      assertTrue(help.contains(s.name() + ": " + s.description()), s.name() + " in " + r.out());
    }
    for (Parameter<?> p : parameters().values()) {
      assertTrue(r.out().contains("  " + p.option() + (p.isFlag() ? " " : "=")), p.option() + " in " + r.out());
    }
    // the parameters' facts, e.g. for --eta
    assertTrue(help.contains("Learners: falt, falt-k, salt; default: 1.0; range: > 0; paper: η."), r.out());
    assertTrue(help.contains("Instead of --max-updates: M ="), "options, not Java names: " + r.out());
  }

  /** Each kind's parameters keep their order; each option is there once. */
  @Test
  void parametersAreMergedInEachLearnersOrder() {
    List<String> options = new ArrayList<>(parameters().keySet());
    for (LearnerSpec s : LearnerRegistry.all()) {
      int last = -1;
      for (Parameter<?> p : s.parameters()) {
        int at = options.indexOf(p.option());
        assertTrue(at > last, s.name() + ": " + p.option() + " in " + options);
        last = at;
      }
    }
    assertEquals(List.of("--hidden", "--initial-fraction", "--initial", "--block", "--activation", "--c", "--solver",
        "--pair-normalization", "--label-threads", "--eta", "--delta", "--max-updates", "--max-updates-factor", "--bias", "--sigma2",
        "--budget", "--budget-policy", "--merge-partners", "--precision"), options, "the ELM learners (first by name), then the linear and kernel ones");
  }

  /** With no parameter option, the run record holds exactly the registry's defaults (and L). */
  @Test
  void defaultsComeFromTheRegistry() throws IOException {
    for (LearnerSpec s : LearnerRegistry.all()) {
      CliRun r = evaluate("--learner", s.name(), "--json");
      assertEquals(0, r.exitCode(), s.name() + ": " + r.err());
      java.util.Map<String, String> expected = new java.util.LinkedHashMap<>(s.defaults().asText());
      expected.put("numLabels", "2");
      assertEquals(expected, EvaluateCommandTest.settingsOf(Json.flatten(r.out())), s.name());
    }
  }

  /** Every option some learner takes and another does not: exit 2, one line naming the option and the learner. */
  @Test
  void anOptionTheLearnerDoesNotTakeIsAOneLineError() {
    int checked = 0;
    for (LearnerSpec s : LearnerRegistry.all()) {
      for (Parameter<?> p : parameters().values()) {
        if (s.hasParameter(p.name())) {
          continue;
        }
        List<String> args = new ArrayList<>(List.of("--learner", s.name(), p.option()));
        if (!p.isFlag()) {
          // an optional parameter has no default: a valid value of its type
          args.add(p.defaultValue() != null ? p.format(p.defaultValue()) : p.type() == Integer.class ? "1" : "0.5");
        }
        CliRun r = evaluate(args.toArray(String[]::new));
        assertEquals(2, r.exitCode(), args.toString());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("alt: " + p.option() + " applies to ") && r.err().strip().endsWith(", not " + s.name()),
            r.err());
        assertEquals("", r.out());
        checked++;
      }
    }
    assertTrue(checked >= 6, "falt: c, delta; salt: c; pa1, pa2: eta, delta; the ELMs: eta, delta, M, ...; the linear ones: hidden, ...");
  }

  /** The ELM learners report H, N0 and their conditioning checks in the JSON ("model"), the others not. */
  @Test
  void elmJsonReportsHiddenN0AndConditioning() throws IOException {
    CliRun r = evaluate("--learner", "osml-elm", "--hidden", "4", "--initial", "2", "--json");
    assertEquals(0, r.exitCode(), r.err());
    java.util.Map<String, String> json = Json.flatten(r.out());
    assertEquals("4", json.get("model.hidden"), r.out());
    assertEquals("2", json.get("model.initialExamples"), r.out());
    assertEquals("2", json.get("model.initialRank"), r.out());
    assertTrue(json.containsKey("model.initialConditionNumber"), r.out());
    assertEquals("0", json.get("model.guardSkips"), r.out());
    assertTrue(json.get("model.memory").startsWith("O(d·H + H² + (H + B)·L)"), r.out());
    CliRun omll = evaluate("--learner", "elm-omll", "--hidden", "3", "--c", "2", "--json");
    assertEquals(0, omll.exitCode(), omll.err());
    assertEquals("1", Json.flatten(omll.out()).get("model.initialExamples"), "round(0.2·3) = 1");
    assertTrue(Json.flatten(omll.out()).get("model.memory").startsWith("O(d·H + L·H²)"), omll.out());
    CliRun falt = evaluate("--learner", "falt", "--json");
    assertFalse(falt.out().contains("\"hidden\""), falt.out());
    CliRun both = evaluate("--learner", "osml-elm", "--initial", "2", "--initial-fraction", "0.5");
    assertEquals(2, both.exitCode());
    assertTrue(both.err().contains("--initial") && both.err().contains("--initial-fraction") && both.err().contains("not both"), both.err());
  }

  /** A value that does not parse or is out of range: one line naming the option and the value as typed. */
  @Test
  void aBadValueNamesTheOption() {
    for (LearnerSpec s : LearnerRegistry.all()) {
      for (Parameter<?> p : s.parameters()) {
        if (p.isFlag()) {
          continue;
        }
        CliRun r = evaluate("--learner", s.name(), p.option(), "-7x");
        assertEquals(2, r.exitCode(), s.name() + " " + p.option());
        assertTrue(r.err().startsWith("alt: " + p.option() + " must be ") && r.err().strip().endsWith(": -7x"), r.err());
        if (!p.option().contains(p.name())) {
          assertFalse(r.err().contains(p.name()), "no Java name: " + r.err());
        }
        assertEquals(1, r.err().lines().count(), r.err());
      }
    }
  }

  @Test
  void anUnknownLearnerIsAUsageErrorListingTheKnownOnes() {
    CliRun r = evaluate("--learner", "svm");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: Invalid value for option '--learner': expected one of "
        + LearnerRegistry.names() + " but was 'svm'"), r.err());
    assertTrue(r.err().contains("Try 'alt evaluate --help' for the usage."), r.err());
  }

  @Test
  void learnerMessagesGetOptionNames() {
    LearnerSpec falt = LearnerRegistry.get("falt");
    assertEquals("give --max-updates or --max-updates-factor, not both", RegistryLearnerOptions.withOptionNames(falt.parameters(),
        "give maxUpdates (--max-updates) or maxUpdatesFactor (--max-updates-factor), not both"));
    assertEquals("--eta and --max-updates-factor clash", RegistryLearnerOptions.withOptionNames(falt.parameters(),
        "eta and maxUpdatesFactor clash"));
    assertEquals("beta stays", RegistryLearnerOptions.withOptionNames(falt.parameters(), "beta stays"));
  }

  @Test
  void twoParametersOnOneOptionAreRefused() {
    LearnerSpec a = spec("a", Parameter.positiveFloat("rate", "", "step", 1f, List.of()));
    LearnerSpec b = spec("b", Parameter.positiveFloat("step", "", "step", 1f, List.of()).withOption("--rate"));
    assertThrows(IllegalStateException.class, () -> RegistryLearnerOptions.distinctParameters(List.of(a, b)));
  }

  private static LearnerSpec spec(String name, Parameter<?> parameter) {
    return new LearnerSpec() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return name;
      }

      @Override
      public List<Parameter<?>> parameters() {
        return List.of(parameter);
      }

      @Override
      public org.altml.core.learner.OnlineMultiLabelLearner create(
          org.altml.core.learner.Settings settings, org.altml.core.learner.LearnerContext context) {
        throw new UnsupportedOperationException();
      }

      @Override
      public org.altml.core.learner.ModelCodec codec() {
        throw new UnsupportedOperationException();
      }
    };
  }
}
