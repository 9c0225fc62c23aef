package org.altml.cli.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.altml.cli.AltCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Runs the tutorial, docs/getting-started.md, as a reader would: every {@code ```shell} (or {@code ```bash}) block, in
 * page order, each line an {@code ./alt ...} command (or a {@code #} comment, or blank; a line ending in {@code \}
 * continues on the next), run in-process through {@link AltCommand#newCommandLine()} with every file argument
 * resolved in one fresh temporary directory, as if the reader had {@code cd}'d into an empty one. Each command must
 * exit 0. Then:
 *
 * <ul>
 *   <li>each {@code <!-- writes: a b c -->} comment of the page names files (relative to that directory) its commands
 *       write: after the last command, each must exist and not be empty;
 *   <li>a {@code ```text} block right after a shell block (only blank lines between) is the standard output of that
 *       block's last command as the page shows it: it must have the output's shape, line for line, with every
 *       number, run of blanks and Markdown bold ({@code **}) alike ({@code 0.4213} matches {@code 0.3977}, so timings and scores may differ but
 *       not the words, the columns or the number of lines); a line {@code ...} stands for any number of lines.
 * </ul>
 *
 * Shell syntax beyond words and quotes (pipes, redirections, variables, {@code &&}) is refused with the page's line:
 * the test does not run a shell. A command must not write into the test's working directory (a file option typed
 * {@code String} would escape the redirection; the test checks that none appeared).
 */
class DocShellBlocksTest {
  static final String PAGE = "docs/getting-started.md";
  private static final Pattern WRITES = Pattern.compile("<!--\\s*writes:\\s*(.*?)\\s*-->", Pattern.DOTALL);

  @TempDir Path dir;

  @Test
  void everyCommandOfTheTutorialRunsAndWritesWhatThePageSays() throws IOException {
    runPage(PAGE, 8, 5);
  }

  /** The README's thirty-second example is the same kind of page: its commands run and write what it says. */
  @Test
  void theReadmeCommandLineExampleRuns() throws IOException {
    runPage("README.md", 4, 2);
  }

  /** The open-streams guide: labels and words that appear mid-stream, from the command line. */
  @Test
  void theOpenStreamsGuideRuns() throws IOException {
    runPage("docs/open-streams.md", 8, 7);
  }

  private void runPage(String page, int minCommands, int minWrites) throws IOException {
    List<MarkdownBlocks.Block> blocks = MarkdownBlocks.of(page);
    Set<String> cwdBefore = listing(Path.of(""));
    int commands = 0;
    String lastOut = null;
    MarkdownBlocks.Block lastShell = null;
    for (MarkdownBlocks.Block block : blocks) {
      if (isShell(block)) {
        for (Command c : commands(block)) {
          lastOut = run(c);
          commands++;
        }
        lastShell = block;
      } else if (block.language().equals("text") && lastShell != null && onlyBlankOrComments(block.textBefore())) {
        assertSameShape(block, lastOut);
        lastShell = null;
      } else {
        lastShell = null;
      }
    }
    int written = checkWrites(page, Files.readString(MarkdownBlocks.ROOT.resolve(page)));
    assertTrue(commands >= minCommands, page + " runs only " + commands + " commands; is the page there?");
    assertTrue(written >= minWrites, page + " names only " + written + " files it writes (<!-- writes: ... -->)");
    assertEquals(cwdBefore, listing(Path.of("")), "a command of " + page + " wrote into the working directory");
  }

  /** The checks themselves: a failing command, shell syntax and an output of another shape are reported. */
  @Test
  void aFailureNamesThePageLine() {
    MarkdownBlocks.Block bad = MarkdownBlocks.parse("p.md", "# T\n\n```shell\n# fine\n./alt generate x.svm -n 5 | head\n```\n").get(0);
    AssertionError e = assertThrows(AssertionError.class, () -> commands(bad));
    assertTrue(e.getMessage().startsWith("p.md:5: "), e.getMessage());
    MarkdownBlocks.Block notAlt = MarkdownBlocks.parse("p.md", "```bash\nls -l\n```\n").get(0);
    assertThrows(AssertionError.class, () -> commands(notAlt));
    List<Command> ok = commands(MarkdownBlocks.parse("p.md",
        "```shell\n./alt generate 'a b.svm' \\\n  -n 3\n./alt stats \"a b.svm\"   # a comment '#1' | x\n```\n").get(0));
    assertEquals(List.of("generate", "a b.svm", "-n", "3"), ok.get(0).args());
    assertEquals("p.md:4", ok.get(1).where());
    assertEquals(List.of("stats", "a b.svm"), ok.get(1).args());
    AssertionError failed = assertThrows(AssertionError.class, () -> run(new Command("p.md:9", List.of("stats", "none.svm"))));
    assertTrue(failed.getMessage().startsWith("p.md:9: ./alt stats none.svm exited 2"), failed.getMessage());
    MarkdownBlocks.Block shown = MarkdownBlocks.parse("p.md", "```text\nF1 0.52  (3 runs)\n...\nend\n```\n").get(0);
    assertSameShape(shown, "F1 0.4913  (12 runs)\nmore\nlines\nend\n");
    assertThrows(AssertionError.class, () -> assertSameShape(shown, "F1 0.49 of 12 runs\nend\n"));
    assertThrows(AssertionError.class, () -> assertSameShape(shown, "F1 0.49  (12 runs)\n"));
  }

  private static boolean isShell(MarkdownBlocks.Block block) {
    return block.language().equals("shell") || block.language().equals("bash") || block.language().equals("sh");
  }

  /** One command of the page: where it is and its arguments after {@code ./alt}. */
  record Command(String where, List<String> args) {
    @Override
    public String toString() {
      return "./alt " + String.join(" ", args);
    }
  }

  /** The block's commands; a line that is not an {@code ./alt} command or a comment fails naming its line. */
  static List<Command> commands(MarkdownBlocks.Block block) {
    List<Command> commands = new ArrayList<>();
    List<String> lines = block.lines();
    for (int i = 0; i < lines.size(); i++) {
      int first = i;
      StringBuilder line = new StringBuilder(lines.get(i).strip());
      while (line.toString().endsWith("\\") && i + 1 < lines.size()) {
        line.setLength(line.length() - 1);
        line.append(' ').append(lines.get(++i).strip());
      }
      String text = line.toString().strip();
      if (text.isEmpty() || text.startsWith("#")) {
        continue;
      }
      if (!text.startsWith("./alt ")) {
        fail(block.where(first) + ": a shell block of this page holds ./alt commands and comments only: " + text);
      }
      commands.add(new Command(block.where(first), words(text.substring("./alt ".length()), block.where(first))));
    }
    return commands;
  }

  /** The words of a command line: blanks separate, single and double quotes keep blanks; shell syntax fails. */
  static List<String> words(String line, String where) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (int k = 0; k < line.length(); k++) {
      char c = line.charAt(k);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else if (c == '#' && word == null) {
        break; // a comment to the end of the line, as in a shell
      } else if ("|&;<>$`*?(){}".indexOf(c) >= 0) {
        fail(where + ": shell syntax ('" + c + "') the test cannot run (it runs ./alt commands, not a shell): " + line);
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (quote != 0) {
      fail(where + ": an unclosed quote: " + line);
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  /** Runs one command in-process, its files in {@link #dir}; returns its standard output (the directory removed). */
  private String run(Command c) {
    CommandLine cmd = AltCommand.newCommandLine();
    // every file option and parameter is a Path: resolved in the tutorial's directory ('-' stays standard input/output)
    cmd.registerConverter(Path.class, s -> s.equals("-") ? Path.of(s) : dir.resolve(s));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute(c.args().toArray(String[]::new));
    String prefix = dir.toString() + java.io.File.separator;
    String shown = out.toString().replace(prefix, "");
    if (code != 0) {
      fail(c.where() + ": " + c + " exited " + code + ": " + err.toString().replace(prefix, "").strip());
    }
    return shown;
  }

  /** The files each {@code <!-- writes: ... -->} comment of the page names exist and are not empty; returns how many. */
  private int checkWrites(String pageName, String page) throws IOException {
    int count = 0;
    Matcher m = WRITES.matcher(page);
    while (m.find()) {
      long line = page.substring(0, m.start()).lines().count() + 1;
      for (String name : m.group(1).split("\\s+")) {
        Path file = dir.resolve(name);
        assertTrue(Files.isRegularFile(file) && Files.size(file) > 0,
            pageName + ":" + line + ": the page says its commands write " + name + ", but they did not");
        count++;
      }
    }
    return count;
  }

  /** Only blank lines between a shell block and its output (an HTML comment is invisible and may sit there). */
  private static boolean onlyBlankOrComments(String text) {
    return text.replaceAll("(?s)<!--.*?-->", "").isBlank();
  }

  /** The shown output has the shape of the real one (numbers and blanks alike; {@code ...} any lines). */
  static void assertSameShape(MarkdownBlocks.Block shown, String actual) {
    List<String> expected = shown.lines();
    List<String> got = actual == null ? List.of() : actual.lines().toList();
    int g = 0;
    for (int e = 0; e < expected.size(); e++) {
      String want = expected.get(e);
      if (want.strip().equals("...")) {
        if (e + 1 == expected.size()) {
          return;
        }
        String next = shape(expected.get(e + 1));
        while (g < got.size() && !shape(got.get(g)).equals(next)) {
          g++;
        }
        continue;
      }
      if (g >= got.size() || !shape(got.get(g)).equals(shape(want))) {
        fail(shown.where(e) + ": the page shows \"" + want + "\" where the command printed \""
            + (g < got.size() ? got.get(g) : "(no more lines)") + "\"; the whole output:\n" + actual);
      }
      g++;
    }
    if (g < got.size()) {
      fail(shown.where(expected.size() - 1) + ": the command printed more lines than the page shows, from \""
          + got.get(g) + "\" (end the shown output with a line ... to leave them out)");
    }
  }

  /** A line's shape: each number (signs, decimals, exponents, %, thousands commas) as #, blanks as one space. */
  static String shape(String line) {
    return line.replace("**", "")
        .replaceAll("[-+]?(\\d[\\d,]*)?\\.?\\d+([eE][-+]?\\d+)?", "#")
        .replaceAll("\\s+", " ")
        .strip();
  }

  private static Set<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder.toAbsolutePath())) {
      return files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(java.util.TreeSet::new));
    }
  }
}
