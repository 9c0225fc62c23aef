package org.altml.cli.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.cli.AltCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** docs/cli.md is the page {@link CliReference} generates from today's command line. */
class CliReferenceTest {
  /** The page, from alt-cli (the tests' working directory) or the repository root. */
  private static final Path PAGE = Files.isDirectory(Path.of("../docs")) ? Path.of("../docs/cli.md") : Path.of("docs/cli.md");

  /** The one command that rewrites docs/cli.md, from the repository root. */
  static final String REGENERATE = "mvn -B -ntp -q -pl alt-cli -am test -Dtest='CliReferenceTest,ManPagesTest'"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dalt.docs.regenerate=true";

  @Test
  void theCommittedPageIsTheGeneratedOne() throws IOException {
    String generated = CliReference.generate();
    if (Boolean.getBoolean("alt.docs.regenerate")) {
      Files.writeString(PAGE, generated, StandardCharsets.UTF_8);
    }
    assertTrue(Files.exists(PAGE), PAGE.toAbsolutePath() + " is missing; generate it with: " + REGENERATE);
    String committed = Files.readString(PAGE, StandardCharsets.UTF_8);
    String difference = firstDifference(committed, generated);
    if (difference != null) {
      fail("docs/cli.md is stale (the command line changed since it was generated): " + difference
          + "; regenerate it from the repository root with: " + REGENERATE);
    }
  }

  /** "line N: the page has A, the command line gives B" for the first line that differs, or null. */
  static String firstDifference(String committed, String generated) {
    List<String> a = committed.lines().toList();
    List<String> b = generated.lines().toList();
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      String x = i < a.size() ? a.get(i) : "(end of file)";
      String y = i < b.size() ? b.get(i) : "(end of file)";
      if (!x.equals(y)) {
        return "line " + (i + 1) + ": the page has \"" + x + "\", the command line gives \"" + y + "\"";
      }
    }
    return committed.equals(generated) ? null : "the line endings differ";
  }

  @Test
  void aChangedLineIsNamedWithItsNumber() {
    assertEquals("line 2: the page has \"b\", the command line gives \"c\"", firstDifference("a\nb\n", "a\nc\n"));
    assertEquals("line 2: the page has \"(end of file)\", the command line gives \"b\"", firstDifference("a\n", "a\nb\n"));
    assertEquals(null, firstDifference("a\nb\n", "a\nb\n"));
  }

  @Test
  void everyCommandHasItsSectionWithUsageAndEveryOption() {
    CommandLine root = AltCommand.newCommandLine();
    String page = CliReference.generate(root);
    for (CommandLine c : root.getSubcommands().values()) {
      String name = c.getCommandSpec().qualifiedName();
      assertTrue(page.contains("\n## " + name + "\n"), name);
      assertTrue(page.contains("```text\nUsage: " + name), name + ": usage line");
      assertTrue(page.contains("- [`" + name + "`](#" + CliReference.anchor(name) + ")"), name + ": in the contents");
      for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
        assertTrue(page.contains("`" + o.longestName() + "`"), name + " " + o.longestName());
      }
    }
    assertFalse(page.contains("${"), "every variable resolved");
    assertFalse(page.contains("%n"), "every description formatted");
  }

  @Test
  void theDefaultIsResolvedInTheDescriptionAsTheHelpShowsIt() {
    String page = CliReference.generate();
    // alt demo -n: "Examples in the stream (default: ${DEFAULT-VALUE})." with defaultValue 50000
    assertTrue(page.contains("| `-n`, `--examples` | `N` | `50000` | Examples in the stream (default: 50000). |"), page);
    // 0.2%% in the demo's description is printed as 0.2%
    assertTrue(page.contains("0.2% label noise"), "formatted description");
  }

  @Test
  void anchorsAreGitHubs() {
    assertEquals("alt-evaluate", CliReference.anchor("alt evaluate"));
    assertEquals("alt-help", CliReference.anchor("alt help"));
  }
}
