package org.altml.cli.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.altml.cli.DocLinksTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The specification lives in the repository: every {@code docs/spec.md#<anchor>} that a source, script or page cites
 * names an anchor of docs/spec.md (resolved as {@link DocLinksTest} resolves links: GitHub's heading slugs and explicit
 * {@code <a id>}s), no main source or documentation page points into {@code ../shared} (which a clone does not have)
 * except to say where the optional real datasets are read from, and no source or script cites the reference notes
 * that were kept there. Each check takes the repository root, so a small file tree shows that it fails.
 */
class SpecCitationsTest {
  private static final Path ROOT = Path.of("..");
  private static final String SPEC_PAGE = "docs/spec.md" + "#";
  private static final Pattern CITATION = Pattern.compile("spec\\.md#([\\p{L}\\p{N}_-]+)");
  private static final Pattern SHARED = Pattern.compile("\\.\\./shared|/shared/");
  private static final Pattern NOTES = Pattern.compile("\\b(SPEC|ELM|STYLE)\\.md\\b");

  @Test
  void everyCitedSpecAnchorExists() throws IOException {
    assertTrue(Files.exists(ROOT.resolve("docs/spec.md")), "no docs/spec.md under " + ROOT.toAbsolutePath());
    assertEquals(List.of(), unknownAnchors(ROOT), "citations of docs/spec.md anchors that do not exist");
  }

  @Test
  void mainSourcesAndDocsPointIntoSharedOnlyForDatasets() throws IOException {
    assertEquals(List.of(), sharedPointers(ROOT, List.of("CONTRIBUTING.md", "CHANGELOG.md")),
        "pointers into ../shared (a clone has none; only the optional datasets may be read from there)");
  }

  @Test
  void readmePointsIntoSharedOnlyForDatasets() throws IOException {
    assertEquals(List.of(), sharedPointers(ROOT.resolve("README.md")),
        "README.md points into ../shared (a clone has none; only the optional datasets may be read from there)");
  }

  @Test
  void noSourceOrScriptCitesTheReferenceNotes() throws IOException {
    assertEquals(List.of(), noteCitations(ROOT), "citations of notes kept outside the repository: cite docs/spec.md#<anchor>");
  }

  @Test
  void aCitationOfAMissingAnchorIsReported(@TempDir Path root) throws IOException {
    // citations are assembled from SPEC_PAGE, so that this file itself cites no anchor
    write(root.resolve("docs/spec.md"), "# Spec\n\n<a id=\"kept\"></a>\n### The ALT loss\n");
    Path main = write(root.resolve("core/src/main/java/A.java"), "// " + SPEC_PAGE + "kept, " + SPEC_PAGE
        + "the-alt-loss and docs/spec.md.\n// " + SPEC_PAGE + "nowhere\n");
    Path script = write(root.resolve("experiments/run.sh"), "# see " + SPEC_PAGE + "gone\n");
    Path page = write(root.resolve("docs/guide.md"), "[loss](spec.md#" + "the-alt-loss) [bad](spec.md#" + "missing)\n");
    write(root.resolve("CONTRIBUTING.md"), "Decisions: " + SPEC_PAGE + "kept\n");
    assertEquals(List.of(main + ":2: " + SPEC_PAGE + "nowhere", script + ":1: " + SPEC_PAGE + "gone",
        page + ":1: " + SPEC_PAGE + "missing"), unknownAnchors(root));
  }

  @Test
  void aPointerIntoSharedIsReportedUnlessItIsAboutDatasets(@TempDir Path root) throws IOException {
    Path main = write(root.resolve("core/src/main/java/A.java"),
        "// read from ../shared/datasets\n// as ../shared/notes/spec says\n");
    write(root.resolve("core/src/test/java/T.java"), "// ../shared/elm-check is test provenance, not read here\n");
    Path page = write(root.resolve("docs/x.md"), "# X\n\nSee /work/shared/paper/alt.tex.\n");
    Path changelog = write(root.resolve("CHANGELOG.md"), "- moved ../shared/notes/style\n");
    write(root.resolve("CONTRIBUTING.md"), "Tests read `../shared/datasets` when present.\n");
    assertEquals(List.of(main + ":2: // as ../shared/notes/spec says", page + ":3: See /work/shared/paper/alt.tex.",
        changelog + ":1: - moved ../shared/notes/style"), sharedPointers(root, List.of("CONTRIBUTING.md", "CHANGELOG.md")));
    Path readme = write(root.resolve("README.md"), "Datasets: ../shared/datasets\nSpec: [notes](../shared/notes/spec)\n");
    assertEquals(List.of(readme + ":2: Spec: [notes](../shared/notes/spec)"), sharedPointers(readme));
  }

  @Test
  void aCitationOfAReferenceNoteIsReported(@TempDir Path root) throws IOException {
    Path test = write(root.resolve("core/src/test/java/T.java"), "// the worked examples of ELM" + ".md §8\n");
    Path script = write(root.resolve("experiments/a.py"), "ok = 'docs/spec.md#f1'\n# as SPEC" + ".md defines it\n");
    write(root.resolve("experiments/b.py"), "# MY_SPEC.mdx is not a note\n");
    assertEquals(List.of(test + ":1: // the worked examples of ELM" + ".md §8", script + ":2: # as SPEC" + ".md defines it"),
        noteCitations(root));
  }

  /** Citations {@code FILE:LINE: docs/spec.md#<anchor>} in sources, scripts and pages whose anchor docs/spec.md lacks. */
  static List<String> unknownAnchors(Path root) throws IOException {
    Set<String> anchors = DocLinksTest.anchors(root.resolve("docs/spec.md"));
    List<Path> files = new ArrayList<>();
    for (Path module : modules(root)) {
      files.addAll(textFiles(module.resolve("src")));
    }
    files.addAll(textFiles(root.resolve("experiments")));
    files.addAll(textFiles(root.resolve("docs")));
    for (String top : List.of("CONTRIBUTING.md", "README.md")) {
      files.addAll(textFiles(root.resolve(top)));
    }
    List<String> unknown = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = lines(file);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = CITATION.matcher(lines.get(i));
        while (m.find()) {
          if (!anchors.contains(m.group(1))) {
            unknown.add(file + ":" + (i + 1) + ": docs/spec.md#" + m.group(1));
          }
        }
      }
    }
    return unknown;
  }

  /** Lines {@code FILE:LINE: text} of the modules' main sources, docs/ and {@code topFiles} that point into ../shared. */
  static List<String> sharedPointers(Path root, List<String> topFiles) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path module : modules(root)) {
      files.addAll(textFiles(module.resolve("src/main")));
    }
    files.addAll(textFiles(root.resolve("docs")));
    for (String top : topFiles) {
      files.addAll(textFiles(root.resolve(top)));
    }
    List<String> out = new ArrayList<>();
    for (Path file : files) {
      out.addAll(sharedPointers(file));
    }
    return out;
  }

  /** The lines of {@code file} that point into ../shared other than about datasets. */
  static List<String> sharedPointers(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    List<String> lines = lines(file);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (SHARED.matcher(line).find() && !line.contains("datasets")) {
        out.add(file + ":" + (i + 1) + ": " + line.strip());
      }
    }
    return out;
  }

  /** Lines of the modules' sources and of experiments/ that cite the reference notes a clone does not have. */
  static List<String> noteCitations(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path module : modules(root)) {
      files.addAll(textFiles(module.resolve("src")));
    }
    files.addAll(textFiles(root.resolve("experiments")));
    List<String> out = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = lines(file);
      for (int i = 0; i < lines.size(); i++) {
        if (NOTES.matcher(lines.get(i)).find()) {
          out.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    return out;
  }

  /** The directories of {@code root} that hold a {@code src} folder (the modules), sorted. */
  private static List<Path> modules(Path root) throws IOException {
    try (Stream<Path> children = Files.list(root)) {
      return children.filter(p -> Files.isDirectory(p.resolve("src"))).sorted().toList();
    }
  }

  /** The text files under {@code start} (or {@code start} itself), sorted, outside build output; none if it is absent. */
  private static List<Path> textFiles(Path start) throws IOException {
    if (!Files.exists(start)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(start)) {
      List<Path> out = new ArrayList<>();
      for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
        if (!start.relativize(p).toString().replace('\\', '/').matches("(.*/)?target/.*") && !isBinary(p)) {
          out.add(p);
        }
      }
      return out;
    }
  }

  private static boolean isBinary(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
      if (bytes[i] == 0) {
        return true;
      }
    }
    return false;
  }

  private static List<String> lines(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
  }

  private static Path write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
