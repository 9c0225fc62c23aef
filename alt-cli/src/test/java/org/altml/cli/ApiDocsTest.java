package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The library modules' API docs stay part of the test command: each library module turns the parent's
 * maven-javadoc-plugin on, the parent runs it at verify with doclint and fails on any warning, and each module's
 * overview page ({@code src/main/javadoc/overview.html}) links every package the module exports.
 */
class ApiDocsTest {
  /** Surefire runs a module's tests in its folder. */
  private static final Path ROOT = Path.of("..");
  private static final List<String> LIBRARIES = List.of("alt-sparse", "alt-core", "alt-kernel", "alt-experiment", "alt-flink");
  private static final Pattern EXPORTS = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;");
  private static final Pattern LINK = Pattern.compile("\\{@link(?:plain)?\\s+([\\w.]+)\\s*}");

  @Test
  void everyLibraryModuleHasItsJavadocRun() throws Exception {
    for (String module : LIBRARIES) {
      Element properties = child(pom(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement(), "properties");
      assertEquals("false", properties == null ? null : text(properties, "maven.javadoc.skip"),
          module + "/pom.xml must set maven.javadoc.skip to false (the parent skips the API docs elsewhere)");
    }
  }

  @Test
  void theParentRunsJavadocAtVerifyAndFailsOnAWarning() throws Exception {
    Element build = child(pom(ROOT.resolve("pom.xml")).getDocumentElement(), "build");
    Element managed = javadocPlugin(child(child(build, "pluginManagement"), "plugins"));
    Element configuration = child(managed, "configuration");
    assertEquals("true", text(configuration, "failOnWarnings"));
    assertEquals("true", text(configuration, "failOnError"));
    assertTrue(text(configuration, "doclint").startsWith("all"), "doclint: " + text(configuration, "doclint"));
    Element execution = child(child(javadocPlugin(child(build, "plugins")), "executions"), "execution");
    assertEquals("verify", text(execution, "phase"));
    assertEquals("javadoc-no-fork", text(child(execution, "goals"), "goal"));
  }

  @Test
  void everyOverviewLinksEveryExportedPackage() throws IOException {
    List<String> problems = new ArrayList<>();
    for (String module : LIBRARIES) {
      problems.addAll(unlinkedPackages(ROOT.resolve(module)));
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void aMissingOverviewAndAnUnlinkedPackageAreReported(@TempDir Path module) throws IOException {
    Path java = Files.createDirectories(module.resolve("src/main/java"));
    Files.writeString(java.resolve("module-info.java"), "module m {\n  exports a.b;\n  exports a.c;\n}\n");
    assertEquals(List.of(module.resolve("src/main/javadoc/overview.html") + ": missing"), unlinkedPackages(module));
    Path overview = Files.createDirectories(module.resolve("src/main/javadoc")).resolve("overview.html");
    Files.writeString(overview, "<body>{@link a.b}: b; {@link a.b.C} is not a.c</body>");
    assertEquals(List.of(overview + ": no {@link a.c}"), unlinkedPackages(module));
  }

  /**
   * The packages a module exports (its module-info's exports, or without one every package with a package-info)
   * that its overview page does not link, each as "overview: no {@link package}".
   */
  static List<String> unlinkedPackages(Path module) throws IOException {
    Path java = module.resolve("src/main/java");
    Set<String> exported = new TreeSet<>();
    Path descriptor = java.resolve("module-info.java");
    if (Files.exists(descriptor)) {
      Matcher m = EXPORTS.matcher(Files.readString(descriptor));
      while (m.find()) {
        exported.add(m.group(1));
      }
    } else {
      try (Stream<Path> files = Files.walk(java)) {
        files.filter(p -> p.getFileName().toString().equals("package-info.java"))
            .forEach(p -> exported.add(java.relativize(p.getParent()).toString().replace(p.getFileSystem().getSeparator(), ".")));
      }
    }
    Path overview = module.resolve("src/main/javadoc/overview.html");
    if (!Files.exists(overview)) {
      return List.of(overview + ": missing");
    }
    Set<String> linked = new TreeSet<>();
    Matcher m = LINK.matcher(Files.readString(overview));
    while (m.find()) {
      linked.add(m.group(1));
    }
    List<String> problems = new ArrayList<>();
    for (String p : exported) {
      if (!linked.contains(p)) {
        problems.add(overview + ": no {@link " + p + "}");
      }
    }
    return problems;
  }

  private static Document pom(Path file) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
  }

  private static Element javadocPlugin(Element plugins) {
    NodeList list = plugins.getElementsByTagName("plugin");
    for (int i = 0; i < list.getLength(); i++) {
      Element plugin = (Element) list.item(i);
      if (plugin.getParentNode() == plugins && "maven-javadoc-plugin".equals(text(plugin, "artifactId"))) {
        return plugin;
      }
    }
    throw new AssertionError("no maven-javadoc-plugin in " + plugins.getParentNode().getNodeName() + "/plugins");
  }

  /** The direct child element of that name, or null. */
  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? null : e.getTextContent().strip();
  }
}
