package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.api.Test;

class AltCommandTest {
  /** Runs {@code args} on the command line with every subcommand (what {@link CliRun#of} builds only when needed). */
  private static CliRun fullTree(String... args) {
    picocli.CommandLine cmd = AltCommand.newCommandLine();
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    cmd.setOut(new java.io.PrintWriter(out));
    cmd.setErr(new java.io.PrintWriter(err));
    int code = cmd.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /**
   * main builds only the subcommand it runs (start-up); help, usage errors, suggestions and results are those of
   * the command line with every subcommand.
   */
  @Test
  void theCommandLineMainBuildsAnswersAsTheWholeTree() {
    String[][] cases = {
      {"--version"}, {"--help"}, {}, {"help", "evaluate"}, {"evaluate", "--help"}, {"predict", "--help"},
      {"evalute"}, {"evaluate", "--lerner", "falt"}, {"evaluate", "--learner", "nope"}, {"train", "--learner", "falt"},
      {"stats"}, {"generate", "--kind", "dense", "-n", "3", "-"}, {"tune", "--learner", "falt-k", "--budget", "-1"},
    };
    for (String[] args : cases) {
      CliRun lazy = CliRun.of(args);
      CliRun full = fullTree(args);
      String what = String.join(" ", args);
      assertEquals(full.exitCode(), lazy.exitCode(), what);
      assertEquals(full.out(), lazy.out(), what);
      assertEquals(full.err(), lazy.err(), what);
    }
  }

  @Test
  void versionNamesToolkitJdkAndVectorization() {
    CliRun r = CliRun.of("--version");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().startsWith("alt "), r.out());
    assertTrue(r.out().contains("JDK " + Runtime.version()), r.out());
    assertTrue(r.out().contains("vectorization: "), r.out());
    assertTrue(!r.out().contains("${"), "version resource is filtered: " + r.out());
  }

  @Test
  void helpExitsZeroAndListsTheCommands() {
    CliRun r = CliRun.of("--help");
    assertEquals(0, r.exitCode());
    for (String command : new String[] {"evaluate", "prequential", "train", "predict", "stats", "convert", "generate", "demo", "help"}) {
      assertTrue(r.out().contains(command), command + " in " + r.out());
    }
    assertEquals(0, CliRun.of("help", "stats").exitCode());
  }

  @Test
  void noCommandIsAUsageError() {
    CliRun r = CliRun.of();
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: missing command"), r.err());
    assertTrue(r.err().contains("Try 'alt --help' for the usage."), r.err());
    assertTrue(r.err().lines().count() <= 2, "no page of usage: " + r.err());
    assertEquals("", r.out());
  }

  @Test
  void unknownCommandOrOptionIsAUsageError() {
    CliRun r = CliRun.of("frobnicate");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("frobnicate"), r.err());
    assertTrue(r.err().contains("Try 'alt --help'"), r.err());
    assertTrue(r.err().lines().count() <= 4, "one line, suggestions, and a pointer to --help: " + r.err());
    CliRun o = CliRun.of("demo", "--no-such-option");
    assertEquals(2, o.exitCode());
    assertTrue(o.err().contains("--no-such-option"), o.err());
    CliRun v = CliRun.of("demo", "-n", "many");
    assertEquals(2, v.exitCode());
    assertTrue(v.err().contains("many"), v.err());
  }

  @Test
  void failuresAreDescribedInOneLine() {
    assertEquals("a.svm:3: feature index 0 in 1-based mode",
        AltCommand.describe(new DataFormatException("a.svm", 3, "feature index 0 in 1-based mode")));
    assertEquals("x.svm: no such file", AltCommand.describe(new NoSuchFileException("x.svm")));
    assertEquals("bad", AltCommand.describe(new java.io.UncheckedIOException(new IOException("bad"))));
    assertEquals("numLabels must be >= 1: 0", AltCommand.describe(new IllegalArgumentException("numLabels must be >= 1: 0")));
    assertTrue(AltCommand.describe(new NullPointerException("oops")).startsWith("internal error: "));
  }

  /**
   * Every subcommand's help renders: a stray % in a description makes picocli warn on System.err (its tracer,
   * not the command line's error writer) and print the text raw, with "%n" left in it.
   */
  @Test
  void everySubcommandHasHelp() {
    java.util.Set<String> commands = AltCommand.newCommandLine().getSubcommands().keySet();
    assertTrue(commands.containsAll(List.of("evaluate", "experiment", "tune", "test", "demo")), commands.toString());
    java.io.PrintStream saved = System.err;
    for (String command : commands) {
      java.io.ByteArrayOutputStream traced = new java.io.ByteArrayOutputStream();
      CliRun r;
      System.setErr(new java.io.PrintStream(traced, true, java.nio.charset.StandardCharsets.UTF_8));
      try {
        r = CliRun.of(command, "--help");
      } finally {
        System.setErr(saved);
      }
      assertEquals(0, r.exitCode(), command);
      // commands with a one-line header print it above the usage
      assertTrue(r.out().startsWith("Usage: alt " + command) || r.out().contains("\nUsage: alt " + command + " "), r.out());
      assertEquals("", r.err(), command);
      assertEquals("", traced.toString(java.nio.charset.StandardCharsets.UTF_8), command + ": picocli's warnings");
      assertFalse(r.out().contains("%n"), command + ": an unformatted description");
    }
  }

  @Test
  void anUnknownCommandIsNamedAsOne() {
    CliRun r = CliRun.of("foo");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: unknown command 'foo'; the commands are ") && r.err().contains("evaluate"), r.err());
    assertEquals(2, r.err().lines().count(), r.err());
  }

  @Test
  void descriptionLinesBecomeParagraphsForPicocliToWrap() {
    assertArrayEquals(new String[] {"One sentence broken over two lines.", "A list:", "  kept as it is,", "  line by line.", "",
        "After a blank line a new paragraph; and another"},
        AltCommand.paragraphs(new String[] {"One sentence broken", "over two lines.", "A list:", "  kept as it is,", "  line by line.",
            "", "After a blank line a new", "paragraph; and", "another"}));
    // a help text keeps its words: nothing of a command's description is lost
    CliRun help = CliRun.of("demo", "--help");
    assertTrue(help.out().replaceAll("\\s+", " ").contains("With M=1, FALT and SALT barely learn on this stream"), help.out());
  }
}
