package org.altml.cli.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import org.altml.cli.AltCommand;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command-line reference, {@code docs/cli.md}, generated from the picocli model of {@code alt}: for {@code alt} and
 * every subcommand (depth first, in the order of the help) its usage line as {@code --help} prints it (80 columns),
 * its header and description, its positional parameters and its options as a table (names, parameter label, declared
 * default, description with {@code ${DEFAULT-VALUE}} resolved as the help shows it). Nothing in it depends on the
 * machine that generates it. {@code java -cp alt-cli.jar org.altml.cli.doc.CliReference docs/cli.md} writes the page;
 * without an argument it prints it.
 */
public final class CliReference {
  /** The usage width of the page: the help's default on a terminal that does not say its width. */
  static final int WIDTH = 80;

  private CliReference() {}

  /** The page for the command line {@link AltCommand#newCommandLine()} builds. */
  public static String generate() {
    return generate(AltCommand.newCommandLine());
  }

  /** The page for {@code root} and its subcommands. */
  public static String generate(CommandLine root) {
    StringBuilder md = new StringBuilder();
    md.append("# Command-line reference\n\n");
    md.append("<!-- Generated from the picocli model by org.altml.cli.doc.CliReference; do not edit by hand.\n");
    md.append("     CliReferenceTest fails when this page is stale and names the command that regenerates it. -->\n\n");
    md.append("Every command of `").append(root.getCommandName()).append("` with its options, as `--help` shows them. ");
    md.append("`").append(root.getCommandName()).append(" completion` prints a bash completion script of the same commands;\n");
    md.append("[man](man/) holds their man pages in AsciiDoc (`asciidoctor -b manpage docs/man/alt.adoc` makes the roff page).\n\n");
    List<CommandLine> all = new ArrayList<>();
    collect(root, all);
    for (CommandLine c : all) {
      String name = c.getCommandSpec().qualifiedName();
      md.append("- [`").append(name).append("`](#").append(anchor(name)).append(")\n");
    }
    md.append('\n');
    for (CommandLine c : all) {
      command(c, md);
    }
    return md.toString();
  }

  private static void collect(CommandLine c, List<CommandLine> into) {
    into.add(c);
    for (CommandLine sub : c.getSubcommands().values()) {
      if (!sub.getCommandSpec().usageMessage().hidden() && !into.contains(sub)) {
        collect(sub, into);
      }
    }
  }

  /**
   * GitHub's anchor of a heading: lower case, spaces as dashes, other punctuation dropped (letters and digits of any
   * script kept). The link check of the docs (DocLinksTest) resolves anchors by the same rule.
   */
  public static String anchor(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
  }

  private static void command(CommandLine c, StringBuilder md) {
    CommandSpec spec = c.getCommandSpec();
    spec.usageMessage().width(WIDTH);
    Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
    md.append("## ").append(spec.qualifiedName()).append("\n\n");
    for (String line : spec.usageMessage().header()) {
      paragraph(format(line), md);
    }
    md.append("```text\nUsage: ").append(help.synopsis(help.synopsisHeadingLength()).stripTrailing()).append("\n```\n\n");
    description(spec.usageMessage().description(), md);
    List<PositionalParamSpec> parameters = new ArrayList<>();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        parameters.add(p);
      }
    }
    if (!parameters.isEmpty()) {
      md.append("| Parameter | Default | Description |\n|---|---|---|\n");
      for (PositionalParamSpec p : parameters) {
        md.append("| `").append(code(label(help, p))).append("` | ").append(defaultCell(p)).append(" | ")
            .append(description(p)).append(" |\n");
      }
      md.append('\n');
    }
    List<OptionSpec> options = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        options.add(o);
      }
    }
    Comparator<OptionSpec> order = help.createDefaultOptionSort();
    if (order != null) {
      options.sort(order);
    }
    if (!options.isEmpty()) {
      md.append("| Option | Parameter | Default | Description |\n|---|---|---|---|\n");
      for (OptionSpec o : options) {
        String label = label(help, o);
        md.append("| ").append(names(o)).append(" | ").append(label.isEmpty() ? "" : "`" + code(label) + "`")
            .append(" | ").append(defaultCell(o)).append(" | ").append(description(o)).append(" |\n");
      }
      md.append('\n');
    }
    if (!c.getSubcommands().isEmpty()) {
      md.append("| Command | What it does |\n|---|---|\n");
      for (CommandLine sub : c.getSubcommands().values()) {
        CommandSpec s = sub.getCommandSpec();
        if (s.usageMessage().hidden()) {
          continue;
        }
        String[] summary = s.usageMessage().header().length > 0 ? s.usageMessage().header() : s.usageMessage().description();
        md.append("| [`").append(s.name()).append("`](#").append(anchor(s.qualifiedName())).append(") | ")
            .append(summary.length > 0 ? cell(format(summary[0])) : "").append(" |\n");
      }
      md.append('\n');
    }
  }

  /**
   * A command's description: each line a paragraph, except indented lines (commands, examples), kept as the help prints
   * them in a text block; an indented line right under a line of text that does not introduce it (no ':') continues it.
   */
  private static void description(String[] lines, StringBuilder md) {
    List<String> block = new ArrayList<>();
    String text = null;
    for (String raw : lines) {
      for (String line : format(raw).split("\n", -1)) {
        boolean indented = line.startsWith(" ") && !line.isBlank();
        if (indented && block.isEmpty() && text != null && !text.endsWith(":")) {
          text += " " + line.strip();
          continue;
        }
        if (text != null) {
          paragraph(text, md);
          text = null;
        }
        if (indented) {
          block.add(line.stripTrailing());
          continue;
        }
        if (!block.isEmpty()) {
          md.append("```text\n").append(String.join("\n", block)).append("\n```\n\n");
          block.clear();
        }
        text = line.isBlank() ? null : line;
      }
    }
    if (text != null) {
      paragraph(text, md);
    }
    if (!block.isEmpty()) {
      md.append("```text\n").append(String.join("\n", block)).append("\n```\n\n");
    }
  }

  /** A description line as a paragraph of its own (an empty line only separates). */
  private static void paragraph(String text, StringBuilder md) {
    for (String line : text.split("\n", -1)) {
      if (!line.isBlank()) {
        md.append(escapeStart(cell(line.strip()))).append("\n\n");
      }
    }
  }

  /** A paragraph that starts with a character Markdown reads as a list, a heading or a quote keeps it as text. */
  private static String escapeStart(String line) {
    if (line.matches("^([-+*#>]|\\d+[.)])(\\s.*)?$")) {
      return "\\" + line;
    }
    return line;
  }

  private static String names(OptionSpec o) {
    List<String> names = new ArrayList<>();
    for (String n : o.names()) {
      names.add("`" + code(n) + "`");
    }
    return String.join(", ", names);
  }

  /** The parameter label as the help prints it after the option's name, without the separator. */
  private static String label(Help help, ArgSpec arg) {
    String text = help.parameterLabelRenderer().renderParameterLabel(arg, Help.Ansi.OFF, List.of()).toString();
    String separator = help.parameterLabelRenderer().separator();
    return text.startsWith(separator) ? text.substring(separator.length()) : text.strip();
  }

  /** The declared default value, empty when there is none. */
  private static String defaultCell(ArgSpec arg) {
    String value = arg.defaultValue();
    return value == null ? "" : "`" + code(value) + "`";
  }

  /** The description as the help shows it ({@code ${DEFAULT-VALUE}} resolved, formatted), its lines joined by breaks. */
  private static String description(ArgSpec arg) {
    List<String> lines = new ArrayList<>();
    for (String line : arg.description()) {
      for (String part : format(line).split("\n", -1)) {
        if (!part.isBlank()) {
          lines.add(cell(part.strip()));
        }
      }
    }
    return String.join("<br>", lines);
  }

  /** A description line formatted as the help formats it ({@code %n}, {@code %%}); left as it is when it is no format. */
  static String format(String line) {
    try {
      return String.format(Locale.ROOT, line).replace("\r\n", "\n");
    } catch (IllegalFormatException e) {
      return line;
    }
  }

  /** Text for a table cell or a paragraph: no line breaks, pipes and emphasis escaped, angle brackets as entities. */
  static String cell(String text) {
    return code(text).replace("*", "\\*").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** Text for a code span in a table cell: no line breaks, pipes escaped (a code span shows entities as they are). */
  static String code(String text) {
    return text.replace("\n", " ").replace("|", "\\|");
  }

  /** Writes the page to the file {@code args[0]}, or prints it without an argument. */
  public static void main(String[] args) throws IOException {
    String page = generate();
    if (args.length == 0) {
      System.out.print(page);
    } else {
      Files.writeString(Path.of(args[0]), page, StandardCharsets.UTF_8);
    }
  }
}
