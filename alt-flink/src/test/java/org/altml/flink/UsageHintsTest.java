package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Usage errors of {@code alt flink} name the nearest command, option value or option, as {@code alt}'s own do (issue 37:
 * names refused without a suggestion): {@code alt flink rn} was an "Unmatched argument", {@code --mode keyd} listed the
 * modes and suggested none, and {@code --lerner falt} read "Missing required option '--learner'" without a word of the
 * option typed. No job runs.
 */
class UsageHintsTest {
  private static String firstLine(String... args) {
    return FlinkMainTest.executeWithErr(2, args).lines().findFirst().orElse("");
  }

  @Test
  void aMistypedCommandGetsTheNearest() {
    assertEquals("alt flink: unknown command 'rn'; did you mean 'run'? (the commands are run, predict, serve, demo)", firstLine("rn"));
    String err = FlinkMainTest.executeWithErr(2, "predcit", "--model", "m");
    assertEquals("alt flink: unknown command 'predcit'; did you mean 'predict'? (the commands are run, predict, serve, demo)\n"
        + "Try 'alt flink --help' for the usage.\n", err.replace(System.lineSeparator(), "\n"));
    assertEquals("alt flink: unknown command 'score'; the commands are run, predict, serve, demo", firstLine("score"));
  }

  @Test
  void aMistypedModeGetsTheNearest() {
    assertEquals("alt flink: Invalid value for option '--mode': expected one of [KEYED, PARALLEL] (case-insensitive) but was"
        + " 'keyd'; did you mean 'keyed'?", firstLine("run", "--learner", "falt", "--mode", "keyd", "--data", "x.svm"));
  }

  @Test
  void aMistypedOptionIsNamedBesideTheMissingOne() {
    assertEquals("alt flink: Missing required option: '--learner=NAME'; unknown option '--lerner' (did you mean '--learner'?)",
        firstLine("run", "--lerner", "falt", "--mode", "keyed", "--data", "x.svm"));
    assertEquals("alt flink: Missing required option: '--learner=NAME'; unknown option '--lerner' (did you mean '--learner'?),"
        + " unknown option '--frobnicate'", firstLine("run", "--lerner=falt", "--frobnicate", "--mode", "keyed", "--data", "x.svm"));
    // nothing mistyped: picocli's line alone
    assertEquals("alt flink: Missing required option: '--learner=NAME'", firstLine("run", "--mode", "keyed", "--data", "x.svm"));
  }
}
