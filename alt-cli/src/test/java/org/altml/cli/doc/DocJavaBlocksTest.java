package org.altml.cli.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of README.md and docs/**.md compiles against the test class path and runs (HPPC's
 * hppc-examples idea, for every page): a page that needs a change to pass shows code that no longer works.
 *
 * <p>The convention, block by block in page order:
 *
 * <ul>
 *   <li>{@code ```java no-run}: a fragment, neither compiled nor run (a {@code module-info} declaration, a signature).
 *       Keep them few; {@code ```java compile-only} compiles a block without running it.
 *   <li>A block of {@code import} lines only (and comments): its imports hold for every later Java block of the page
 *       (README's import block; library.md's at its top).
 *   <li>A block with a top-level {@code class}, {@code record}, {@code interface} or {@code enum} at the start of a
 *       line: a compilation unit of its own, in the default package, after its own imports and the page's; when its
 *       first type has {@code public static void main(String[] args)}, that is run with one argument, the directory
 *       described next.
 *   <li>Any other block: statements (local classes and records allowed), its leading {@code import} lines added to
 *       the page's, run as the body of a method {@code static void run(Path dir, Path trainFile, Path testFile)
 *       throws Exception}: {@code dir} a fresh temporary directory per block, holding {@code train.svm} (2,000
 *       examples) and {@code test.svm} (1,000), LIBSVM multi-label files generated from one seeded corpus
 *       ({@code SparseTextGenerator}: 2,000 features, 20 labels), and {@code trainFile}, {@code testFile} those two
 *       files. {@code java.nio.file.Path} must be imported by the page when a block names the type itself.
 * </ul>
 *
 * A compile error or an exception fails the test naming the page and the line of the block it comes from.
 */
class DocJavaBlocksTest {
  private static final Pattern TYPE = Pattern.compile(
      "(?m)^(?:(?:public|final|abstract|sealed|non-sealed)\\s+)*(?:class|record|interface|enum)\\s+(\\w+)");
  private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?[\\w.]+(\\.\\*)?\\s*;\\s*(//.*)?$");

  @TempDir Path scratch;

  /** A block as Java source: its class name, the generated lines and, for each, where it is in the page. */
  record Unit(MarkdownBlocks.Block block, String className, boolean statements, boolean run, List<String> lines,
      List<String> where) {
    String source() {
      return String.join("\n", lines) + "\n";
    }

    /** The page line of generated line {@code line} (1-based), or the block's opening fence. */
    String whereIs(long line) {
      return line >= 1 && line <= where.size() && where.get((int) line - 1) != null
          ? where.get((int) line - 1)
          : block.page() + ":" + block.fenceLine();
    }
  }

  @Test
  void everyJavaBlockOfTheDocsCompilesAndRuns() throws Exception {
    List<Unit> units = new ArrayList<>();
    for (String page : MarkdownBlocks.pages()) {
      units.addAll(units(MarkdownBlocks.of(page), units.size()));
    }
    assertTrue(units.stream().anyMatch(u -> u.block().page().equals("docs/library.md")),
        "docs/library.md has no Java block to run");
    Path classes = compile(units);
    Path data = scratch.resolve("data");
    writeData(data);
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      for (Unit unit : units) {
        if (unit.run()) {
          run(unit, loader, data);
        }
      }
    }
  }

  /** The checks themselves: a compile error and an exception are reported at the page's line. */
  @Test
  void aBrokenBlockNamesItsPageLine() throws Exception {
    String page = "```java\nimport java.util.List;\n```\n\ntext\n\n```java\nList<String> a = List.of(\"x\");\n"
        + "int n = a.get(1).length();\n```\n\n```java no-run\nnot java at all\n```\n\n```java\nint x = \"s\";\n```\n";
    List<Unit> units = units(MarkdownBlocks.parse("p.md", page), 0);
    assertEquals(2, units.size());
    AssertionError compile = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> compile(units));
    assertTrue(compile.getMessage().startsWith("p.md:17: "), compile.getMessage());
    Path classes = compile(units.subList(0, 1));
    Path data = scratch.resolve("d");
    Files.createDirectories(data);
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      AssertionError thrown =
          org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> run(units.get(0), loader, data));
      assertTrue(thrown.getMessage().startsWith("p.md:9: the java block threw java.lang.IndexOutOfBoundsException"),
          thrown.getMessage());
    }
    List<Unit> typed = units(MarkdownBlocks.parse("q.md", "```java\nimport java.util.List;\n\n"
        + "public class Tagger {\n  public static void main(String[] args) {\n    System.out.println(List.of(args));\n  }\n}\n```\n"), 5);
    assertEquals("Tagger", typed.get(0).className());
    assertTrue(typed.get(0).run());
    assertNotNull(compile(typed));
  }

  /** The Java blocks of one page as units, numbered from {@code first}; import-only blocks feed the later ones. */
  static List<Unit> units(List<MarkdownBlocks.Block> blocks, int first) {
    List<Unit> units = new ArrayList<>();
    Set<String> pageImports = new LinkedHashSet<>(); // "import ...;" lines, with where they are
    List<String> importWhere = new ArrayList<>();
    for (MarkdownBlocks.Block block : blocks) {
      if (!block.language().equals("java") || block.has("no-run")) {
        continue;
      }
      List<String> imports = new ArrayList<>();
      List<String> importsAt = new ArrayList<>();
      int body = 0;
      List<String> lines = block.lines();
      while (body < lines.size()) {
        String line = lines.get(body).strip();
        if (IMPORT.matcher(line).matches()) {
          imports.add(line);
          importsAt.add(block.where(body));
        } else if (!line.isEmpty() && !line.startsWith("//")) {
          break;
        }
        body++;
      }
      Matcher type = TYPE.matcher(block.text());
      if (type.find()) {
        // a compilation unit: its own lines as they are, then the page's imports it may rely on
        List<String> source = new ArrayList<>();
        List<String> where = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
          source.add(lines.get(i));
          where.add(block.where(i));
          if (i + 1 == body) {
            addImports(source, where, pageImports, importWhere, imports);
          }
        }
        if (body == 0) {
          List<String> head = new ArrayList<>();
          List<String> headWhere = new ArrayList<>();
          addImports(head, headWhere, pageImports, importWhere, List.of());
          source.addAll(0, head);
          where.addAll(0, headWhere);
        }
        boolean main = Pattern.compile("public\\s+static\\s+void\\s+main\\s*\\(\\s*String\\s*\\[\\]\\s*\\w+\\s*\\)")
            .matcher(block.text()).find();
        units.add(new Unit(block, type.group(1), false, main && !block.has("compile-only"), source, where));
        continue;
      }
      for (int i = 0; i < imports.size(); i++) {
        if (pageImports.add(imports.get(i))) {
          importWhere.add(importsAt.get(i));
        }
      }
      if (lines.subList(body, lines.size()).stream().allMatch(l -> l.isBlank() || l.strip().startsWith("//"))) {
        continue; // an import block
      }
      String name = "DocBlock" + (first + units.size());
      List<String> source = new ArrayList<>();
      List<String> where = new ArrayList<>();
      addImports(source, where, pageImports, importWhere, List.of());
      source.add("public final class " + name + " {");
      where.add(null);
      source.add("  public static void run(java.nio.file.Path dir, java.nio.file.Path trainFile,"
          + " java.nio.file.Path testFile) throws Exception {");
      where.add(null);
      for (int i = body; i < lines.size(); i++) {
        source.add("    " + lines.get(i));
        where.add(block.where(i));
      }
      source.add("  }");
      where.add(null);
      source.add("}");
      where.add(null);
      units.add(new Unit(block, name, true, !block.has("compile-only"), source, where));
    }
    return units;
  }

  private static void addImports(List<String> source, List<String> where, Set<String> pageImports,
      List<String> importWhere, List<String> own) {
    int k = 0;
    for (String line : pageImports) {
      if (!own.contains(line)) {
        source.add(line);
        where.add(importWhere.get(k));
      }
      k++;
    }
  }

  /** Compiles every unit in one javac run into a new folder; the first error fails naming its page line. */
  Path compile(List<Unit> units) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "no Java compiler in this JVM (a JDK is needed to test the docs' Java blocks)");
    Path classes = Files.createTempDirectory(scratch, "classes");
    List<JavaFileObject> sources = new ArrayList<>();
    for (Unit unit : units) {
      sources.add(new SimpleJavaFileObject(URI.create("string:///" + unit.className() + ".java"), JavaFileObject.Kind.SOURCE) {
        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
          return unit.source();
        }
      });
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString(),
        "-proc:none", "-implicit:none", "-encoding", "UTF-8");
    boolean ok = javac.getTask(null, null, diagnostics, options, null, sources).call();
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        String file = d.getSource() == null ? "" : Path.of(d.getSource().toUri().getPath()).getFileName().toString();
        Unit unit = units.stream().filter(u -> (u.className() + ".java").equals(file)).findFirst().orElse(null);
        String where = unit == null ? file : unit.whereIs(d.getLineNumber());
        errors.add(where + ": the java block does not compile: " + d.getMessage(Locale.ROOT));
      }
    }
    if (!ok || !errors.isEmpty()) {
      fail(String.join("\n", errors.isEmpty() ? List.of("javac failed") : errors));
    }
    return classes;
  }

  /** Runs one unit in a fresh copy of the data folder; an exception fails naming the page line it came from. */
  void run(Unit unit, ClassLoader loader, Path data) throws Exception {
    Path dir = Files.createTempDirectory(scratch, "block");
    try (var files = Files.list(data)) {
      for (Path f : files.toList()) {
        Files.copy(f, dir.resolve(f.getFileName()));
      }
    }
    Class<?> c = Class.forName(unit.className(), true, loader);
    try {
      if (unit.statements()) {
        Method m = c.getMethod("run", Path.class, Path.class, Path.class);
        m.invoke(null, dir, dir.resolve("train.svm"), dir.resolve("test.svm"));
      } else {
        Method m = c.getMethod("main", String[].class);
        assertTrue(Modifier.isStatic(m.getModifiers()), unit.className() + ".main is not static");
        m.invoke(null, (Object) new String[] {dir.toString()});
      }
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      String where = Arrays.stream(cause.getStackTrace())
          .filter(f -> f.getClassName().equals(unit.className()) || f.getClassName().startsWith(unit.className() + "$"))
          .findFirst()
          .map(f -> unit.whereIs(f.getLineNumber()))
          .orElse(unit.block().page() + ":" + unit.block().fenceLine());
      throw new AssertionError(where + ": the java block threw " + cause, cause);
    }
  }

  /** train.svm and test.svm: 2,000 and 1,000 examples of one seeded corpus (2,000 features, 20 labels). */
  static void writeData(Path data) throws IOException {
    Files.createDirectories(data);
    SparseTextGenerator generator =
        new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(2000).withNumLabels(20));
    Dataset all = generator.generate(3000);
    int[] order = Dataset.permutation(all.size(), 1);
    DataFiles.write(all.subset(Arrays.copyOfRange(order, 0, 2000)), data.resolve("train.svm"));
    DataFiles.write(all.subset(Arrays.copyOfRange(order, 2000, 3000)), data.resolve("test.svm"));
  }
}
