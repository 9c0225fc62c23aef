package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.altml.cli.doc.CliReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link and {@code #anchor} in the README, the top-level project pages and {@code docs/} resolves: the
 * file or folder exists, and an anchor names a heading of the target page (GitHub's rule: lower case, punctuation
 * dropped, spaces as hyphens, a repeated heading numbered {@code -1}, {@code -2}, ...) or an explicit {@code <a id>}.
 * Links inside code blocks and to other schemes ({@code https:}, {@code mailto:}) are not followed.
 */
public class DocLinksTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");
  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");
  private static final Pattern EXPLICIT = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

  @Test
  void everyRelativeLinkAndAnchorOfTheDocsResolves() throws IOException {
    List<Path> pages = pages();
    assertTrue(pages.size() > 3, "no pages found from " + ROOT.toAbsolutePath());
    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      broken.addAll(brokenLinks(page));
    }
    assertEquals(List.of(), broken, "links that do not resolve");
  }

  @Test
  void aMissingFileAndAnUnknownAnchorAreReported(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("a.md"), "# Title\n\n## Set-up: the JDK\n\n## Set-up: the JDK\n\n<a id=\"kept\"></a>\n");
    Path page = dir.resolve("b.md");
    Files.writeString(page, "[ok](a.md) [ok](a.md#title) [ok](a.md#set-up-the-jdk) [ok](a.md#set-up-the-jdk-1)"
        + " [ok](a.md#kept) [ok](#here) [web](https://example.org/x)\n\n# Here\n\n"
        + "[bad](c.md) [bad](a.md#nowhere) [bad](#gone)\n\n```\n[in code](nothing.md)\n```\n");
    assertEquals(List.of(page + ": c.md (no such file)", page + ": a.md#nowhere (no such anchor)",
        page + ": #gone (no such anchor)"), brokenLinks(page));
  }

  /**
   * A page that says which test shows a guarantee ({@code `MemoryLimitsTest`}) must name a test that exists: a
   * renamed or deleted test would otherwise leave the reader a promise nothing checks.
   */
  @Test
  void everyTestClassTheDocsNameExists() throws IOException {
    Set<String> tests = new HashSet<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files.filter(p -> p.toString().contains("/src/test/") && p.toString().endsWith(".java"))
          .filter(p -> !p.toString().contains("/target/"))
          .forEach(p -> tests.add(p.getFileName().toString().replace(".java", "")));
    }
    assertTrue(tests.contains("DocLinksTest"), "no test sources found from " + ROOT.toAbsolutePath());
    List<String> missing = new ArrayList<>();
    for (Path page : pages()) {
      missing.addAll(unknownTests(page, tests));
    }
    assertEquals(List.of(), missing, "test classes the docs name that do not exist");
  }

  @Test
  void aTestNameWithoutItsClassIsReported(@TempDir Path dir) throws IOException {
    Path page = dir.resolve("a.md");
    Files.writeString(page, "Shown by `RealTest` and `GoneTest#method`; `NotATestName` and `Test` are not names.\n");
    assertEquals(List.of(page + ": GoneTest (no such test class)"), unknownTests(page, Set.of("RealTest")));
  }

  private static final Pattern TEST_NAME = Pattern.compile("`([A-Z][A-Za-z0-9]*Test)(?:#\\w+)?`");

  private static List<String> unknownTests(Path page, Set<String> tests) throws IOException {
    List<String> missing = new ArrayList<>();
    Matcher m = TEST_NAME.matcher(Files.readString(page));
    while (m.find()) {
      if (!tests.contains(m.group(1))) {
        missing.add(page + ": " + m.group(1) + " (no such test class)");
      }
    }
    return missing;
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    for (String top : List.of("README.md", "CONTRIBUTING.md", "CHANGELOG.md")) {
      if (Files.exists(ROOT.resolve(top))) {
        pages.add(ROOT.resolve(top));
      }
    }
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  private static List<String> brokenLinks(Path page) throws IOException {
    String text = FENCE.matcher(Files.readString(page)).replaceAll("");
    List<String> broken = new ArrayList<>();
    Matcher m = LINK.matcher(text);
    while (m.find()) {
      String link = m.group(1);
      if (link.matches("[a-zA-Z][a-zA-Z+.-]*:.*")) {
        continue;
      }
      int hash = link.indexOf('#');
      String file = hash < 0 ? link : link.substring(0, hash);
      Path target = file.isEmpty() ? page : page.resolveSibling(file).normalize();
      if (!Files.exists(target)) {
        broken.add(page + ": " + link + " (no such file)");
      } else if (hash >= 0 && target.toString().endsWith(".md") && !anchors(target).contains(link.substring(hash + 1))) {
        broken.add(page + ": " + link + " (no such anchor)");
      }
    }
    return broken;
  }

  /** The anchors GitHub gives a page's headings, and its explicit {@code <a id>}s (also SpecCitationsTest's). */
  public static Set<String> anchors(Path page) throws IOException {
    String text = FENCE.matcher(Files.readString(page)).replaceAll("");
    Set<String> out = new HashSet<>();
    Matcher h = HEADING.matcher(text);
    while (h.find()) {
      String slug = CliReference.anchor(h.group(1));
      String unique = slug;
      for (int n = 1; !out.add(unique); n++) {
        unique = slug + "-" + n;
      }
    }
    Matcher e = EXPLICIT.matcher(text);
    while (e.find()) {
      out.add(e.group(1));
    }
    return out;
  }
}
