package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * docs/library.md's Maven snippets are the pom of the project that the build compiles, tests and runs against the
 * artifacts it has just built (src/it/library-consumer, through maven-invoker-plugin): if this test fails, the page
 * and that pom need the same change.
 */
class LibraryDocTest {
  /** Surefire runs a module's tests in its folder. */
  private static final Path DOC = Path.of("..", "docs", "library.md");
  private static final Path CONSUMER = Path.of("src", "it", "library-consumer", "pom.xml");

  /** The ```xml blocks of a Markdown page. */
  static List<String> xmlBlocks(String markdown) {
    List<String> blocks = new ArrayList<>();
    Matcher m = Pattern.compile("(?ms)^```xml\\n(.*?)^```").matcher(markdown);
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  private static Element parse(String xml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setIgnoringComments(true);
    return f.newDocumentBuilder().parse(new InputSource(new StringReader(xml))).getDocumentElement();
  }

  private static List<Element> children(Element e) {
    List<Element> out = new ArrayList<>();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element child) {
        out.add(child);
      }
    }
    return out;
  }

  private static Element child(Element e, String name) {
    return children(e).stream().filter(c -> c.getNodeName().equals(name)).findFirst().orElseThrow(() -> new AssertionError(
        "no <" + name + "> in <" + e.getNodeName() + ">"));
  }

  /**
   * Whether {@code big} holds {@code small}: the same name, and the same text when {@code small} has no child elements,
   * else each of its child elements held by another child of {@code big} (in any order; {@code big} may have more).
   */
  static boolean holds(Element big, Element small) {
    if (!big.getNodeName().equals(small.getNodeName())) {
      return false;
    }
    List<Element> wanted = children(small);
    List<Element> there = children(big);
    if (wanted.isEmpty()) {
      return there.isEmpty() && big.getTextContent().strip().equals(small.getTextContent().strip());
    }
    List<Element> free = new ArrayList<>(there);
    for (Element w : wanted) {
      Element match = free.stream().filter(t -> holds(t, w)).findFirst().orElse(null);
      if (match == null) {
        return false;
      }
      free.remove(match);
    }
    return true;
  }

  /** The element paths of {@code small} that {@code big} does not hold, for the failure message. */
  private static List<String> missing(Element big, Element small, String path) {
    List<String> out = new ArrayList<>();
    for (Element w : children(small)) {
      if (children(big).stream().noneMatch(t -> holds(t, w))) {
        String at = path + "/" + w.getNodeName();
        List<Element> same = children(big).stream().filter(t -> t.getNodeName().equals(w.getNodeName())).toList();
        if (same.size() == 1 && !children(w).isEmpty()) {
          out.addAll(missing(same.get(0), w, at));
        } else {
          out.add(at + " " + w.getTextContent().strip().replaceAll("\\s+", " "));
        }
      }
    }
    return out;
  }

  @Test
  void theLibraryPagesMavenSnippetsAreTheTestedConsumersPom() throws Exception {
    String doc = Files.readString(DOC);
    List<String> blocks = xmlBlocks(doc);
    assertEquals(2, blocks.size(), "the dependencies with the compiler, surefire and exec plugins, and the toolchains plugin");
    Element pom = parse(Files.readString(CONSUMER));
    List<Element> snippets = new ArrayList<>();
    for (String block : blocks) {
      Element snippet = parse("<project>" + block + "</project>"); // each block: children of a pom's <project>
      snippets.add(snippet);
      assertTrue(holds(pom, snippet), "docs/library.md has what " + CONSUMER + " does not: " + missing(pom, snippet, ""));
    }
    // and the other way: what the consumer needs of ALT is on the page (its own JUnit and plugin versions aside)
    for (Element dependency : children(child(pom, "dependencies"))) {
      if (child(dependency, "groupId").getTextContent().strip().equals("org.altml")) {
        assertTrue(snippets.stream().anyMatch(s -> holds(child(s, "dependencies"), wrap("dependencies", dependency))),
            "the consumer's dependency " + dependency.getTextContent().strip().replaceAll("\\s+", " ") + " is not on the page");
      }
    }
    for (Element plugin : children(child(child(pom, "build"), "plugins"))) {
      String name = child(plugin, "artifactId").getTextContent().strip();
      assertTrue(snippets.stream().anyMatch(s -> children(s).stream().anyMatch(b -> b.getNodeName().equals("build")
          && children(child(b, "plugins")).stream().anyMatch(p -> holds(p, plugin)))), "the consumer's plugin " + name
          + " is not on the page as it is configured there");
    }
    // the version on the page is this build's
    Element root = parse(Files.readString(Path.of("..", "pom.xml")));
    String version = child(root, "version").getTextContent().strip();
    for (Element dependency : children(child(snippets.get(0), "dependencies"))) {
      assertEquals(version, child(dependency, "version").getTextContent().strip(), "docs/library.md: the version of ALT");
    }
    assertTrue(doc.contains("compiles and runs with a JDK 21 or newer"), "the page says which JDK");
    assertTrue(doc.contains("java --add-modules jdk.incubator.vector -cp"), "the page's java command line has the flag");
  }

  /** A new element {@code name} around a copy of {@code e}, of {@code e}'s document. */
  private static Element wrap(String name, Element e) {
    Element w = e.getOwnerDocument().createElement(name);
    w.appendChild(e.cloneNode(true));
    return w;
  }

  /** The containment the check above relies on: more elements in the pom are fine, other values are not. */
  @Test
  void holdsComparesElementsAndValues() throws Exception {
    Element pom = parse("<project><dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId><version>1</version>"
        + "</dependency><dependency><groupId>junit</groupId><artifactId>j</artifactId></dependency></dependencies></project>");
    assertTrue(holds(pom, parse("<project><dependencies><dependency><artifactId>a</artifactId><groupId>g</groupId>"
        + "<version> 1 </version></dependency></dependencies></project>")));
    assertTrue(!holds(pom, parse("<project><dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId>"
        + "<version>2</version></dependency></dependencies></project>")), "another version");
    assertTrue(!holds(pom, parse("<project><properties><p>1</p></properties></project>")), "an element the pom lacks");
    assertEquals(1, missing(pom, parse("<project><dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId>"
        + "<version>2</version></dependency></dependencies></project>"), "").size());
  }
}
