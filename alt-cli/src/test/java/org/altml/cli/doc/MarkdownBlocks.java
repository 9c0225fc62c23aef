package org.altml.cli.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fenced code blocks of a Markdown page ({@code ```lang words} ... {@code ```}), with the line numbers a failure
 * names, for the tests that run the documentation's code ({@link DocShellBlocksTest}, {@link DocJavaBlocksTest}).
 */
final class MarkdownBlocks {
  /** The repository root, from alt-cli (the tests' working directory) or the root itself. */
  static final Path ROOT = Files.isDirectory(Path.of("../docs")) ? Path.of("..") : Path.of(".");

  /**
   * One fenced block.
   *
   * @param page the page, as a path from the repository root ({@code docs/library.md})
   * @param fenceLine the 1-based line of its opening fence
   * @param info the words after the opening fence ({@code java no-run}); empty when none
   * @param lines its content lines (fence lines excluded)
   * @param textBefore the page's text between the previous block (or the page's start) and this block
   */
  record Block(String page, int fenceLine, String info, List<String> lines, String textBefore) {
    /** The block's language: the first word of its info string, lower case ({@code ""} when none). */
    String language() {
      return info.isEmpty() ? "" : info.split("\\s+")[0].toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether the info string holds {@code word} after the language ({@code ```java no-run}). */
    boolean has(String word) {
      String[] words = info.split("\\s+");
      for (int k = 1; k < words.length; k++) {
        if (words[k].equals(word)) {
          return true;
        }
      }
      return false;
    }

    /** {@code docs/library.md:42}: where the content line {@code index} (0-based) of this block is. */
    String where(int index) {
      return page + ":" + (fenceLine + 1 + index);
    }

    String text() {
      return String.join("\n", lines) + "\n";
    }
  }

  private MarkdownBlocks() {}

  /** The blocks of {@code page} (a path from the repository root), in page order. */
  static List<Block> of(String page) throws IOException {
    return parse(page, Files.readString(ROOT.resolve(page), StandardCharsets.UTF_8));
  }

  /** The blocks of {@code text}, named {@code page} in messages; an unclosed fence is an error naming its line. */
  static List<Block> parse(String page, String text) {
    List<String> lines = text.lines().toList();
    List<Block> blocks = new ArrayList<>();
    StringBuilder before = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String stripped = line.strip();
      if (!stripped.startsWith("```")) {
        before.append(line).append('\n');
        continue;
      }
      String fence = stripped.substring(0, stripped.length() - stripped.replaceFirst("^`+", "").length());
      int open = i;
      List<String> content = new ArrayList<>();
      i++;
      while (i < lines.size() && !lines.get(i).strip().equals(fence)) {
        content.add(lines.get(i));
        i++;
      }
      if (i == lines.size()) {
        throw new IllegalArgumentException(page + ":" + (open + 1) + ": the code block is not closed");
      }
      blocks.add(new Block(page, open + 1, stripped.substring(fence.length()).strip(), List.copyOf(content), before.toString()));
      before.setLength(0);
    }
    return blocks;
  }

  /** Every Markdown page the Java blocks are taken from: README.md and docs/**.md, as paths from the root. */
  static List<String> pages() throws IOException {
    List<String> pages = new ArrayList<>();
    if (Files.exists(ROOT.resolve("README.md"))) {
      pages.add("README.md");
    }
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md"))
          .map(p -> ROOT.relativize(p).toString().replace('\\', '/'))
          .sorted()
          .forEach(pages::add);
    }
    return pages;
  }
}
