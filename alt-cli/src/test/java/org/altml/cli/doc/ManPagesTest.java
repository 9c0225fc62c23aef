package org.altml.cli.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.altml.cli.AltCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * docs/man holds the man pages of alt and every subcommand in AsciiDoc, as picocli-codegen's {@link ManPageGenerator}
 * writes them from today's command line ({@code asciidoctor -b manpage docs/man/alt.adoc} makes the roff page); the
 * test fails when a page is stale, missing or left over, and rewrites them with {@code -Dalt.docs.regenerate=true}.
 */
class ManPagesTest {
  private static final Path DIR = Files.isDirectory(Path.of("../docs")) ? Path.of("../docs/man") : Path.of("docs/man");

  /** File name (alt.adoc, alt-evaluate.adoc, ...) to page, for {@code root} and its subcommands, depth first. */
  static Map<String, String> pages(CommandLine root) {
    Map<String, String> pages = new TreeMap<>();
    add(root, pages);
    return pages;
  }

  private static void add(CommandLine c, Map<String, String> pages) {
    StringWriter page = new StringWriter();
    try (PrintWriter out = new PrintWriter(page)) {
      ManPageGenerator.writeSingleManPage(out, c.getCommandSpec());
    }
    pages.put(c.getCommandSpec().qualifiedName("-") + ".adoc", page.toString().replace("\r\n", "\n"));
    for (CommandLine sub : c.getSubcommands().values()) {
      if (!sub.getCommandSpec().usageMessage().hidden()) {
        add(sub, pages);
      }
    }
  }

  @Test
  void theCommittedPagesAreTheGeneratedOnes() throws IOException {
    Map<String, String> generated = pages(AltCommand.newCommandLine());
    if (Boolean.getBoolean("alt.docs.regenerate")) {
      Files.createDirectories(DIR);
      try (Stream<Path> old = Files.list(DIR)) {
        for (Path p : old.filter(p -> p.toString().endsWith(".adoc")).toList()) {
          Files.delete(p);
        }
      }
      for (Map.Entry<String, String> e : generated.entrySet()) {
        Files.writeString(DIR.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
      }
    }
    assertTrue(Files.isDirectory(DIR), DIR.toAbsolutePath() + " is missing; generate it with: " + CliReferenceTest.REGENERATE);
    Map<String, String> committed = new TreeMap<>();
    try (Stream<Path> files = Files.list(DIR)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".adoc")).toList()) {
        committed.put(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8));
      }
    }
    for (String name : generated.keySet()) {
      if (!committed.containsKey(name)) {
        fail("docs/man/" + name + " is missing; regenerate the pages from the repository root with: " + CliReferenceTest.REGENERATE);
      }
      String difference = CliReferenceTest.firstDifference(committed.get(name), generated.get(name));
      if (difference != null) {
        fail("docs/man/" + name + " is stale (the command line changed since it was generated): " + difference
            + "; regenerate the pages from the repository root with: " + CliReferenceTest.REGENERATE);
      }
    }
    committed.keySet().removeAll(generated.keySet());
    assertEquals(Map.of(), committed, "docs/man has pages of no command; regenerate with: " + CliReferenceTest.REGENERATE);
  }

  @Test
  void everyCommandHasAPageWithItsOptions() {
    CommandLine root = AltCommand.newCommandLine();
    Map<String, String> pages = pages(root);
    for (CommandLine c : root.getSubcommands().values()) {
      String page = pages.get("alt-" + c.getCommandName() + ".adoc");
      assertTrue(page != null && page.contains("= alt-" + c.getCommandName() + "(1)"), c.getCommandName());
      for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
        assertTrue(page.contains(o.longestName()), c.getCommandName() + " " + o.longestName());
      }
    }
  }
}
