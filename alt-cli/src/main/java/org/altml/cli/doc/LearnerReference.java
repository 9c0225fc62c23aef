package org.altml.cli.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.features.FeatureMapComposer;
import org.altml.core.features.FeatureMapRegistry;
import org.altml.core.features.FeatureMapSpec;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;

/**
 * The generated parts of {@code docs/learners.md}, the learner reference: the page is hand-written prose with blocks
 * between {@code <!-- begin generated: WHAT -->} and {@code <!-- end generated -->} that this class fills from the
 * registries ({@link LearnerRegistry}, {@link FeatureMapRegistry}), so that a parameter's name, paper symbol,
 * default, range and paper grid are written once, in its {@link Parameter}. The blocks are:
 *
 * <ul>
 *   <li>{@code kinds}: every registered learner kind, its paper name and its one-line description;
 *   <li>{@code parameters NAME}: the parameters table of the learner kind {@code NAME};
 *   <li>{@code maps}: every registered feature map and the composite kinds {@code LEARNER+MAP} it makes;
 *   <li>{@code map-parameters NAME}: the parameters table of the feature map {@code NAME}.
 * </ul>
 *
 * <p>Every registered kind and map must have its parameters block inside a section of prose (a heading naming it
 * in back quotes, {@code ### `falt`}): {@link #update} refuses a page without one, naming the kind, so a new kind
 * cannot be registered without its documentation. {@code java -cp alt-cli.jar org.altml.cli.doc.LearnerReference
 * docs/learners.md} rewrites the blocks of that page in place; {@code LearnerReferenceTest} fails when the committed
 * page is stale.
 */
public final class LearnerReference {
  private static final Pattern BLOCK =
      Pattern.compile("(<!-- begin generated: ([a-z-]+)(?: ([a-z0-9+-]+))? -->\n)(.*?)(<!-- end generated -->)", Pattern.DOTALL);
  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");

  private LearnerReference() {}

  /** {@code page} with every generated block refilled from the registries on the class path. */
  public static String update(String page) {
    return update(page, LearnerRegistry.all(), FeatureMapRegistry.all());
  }

  /**
   * {@code page} with every generated block refilled from {@code kinds} and {@code maps}.
   *
   * @throws IllegalArgumentException when a block names an unknown kind or map, or is given twice, or a kind or map has
   *     no parameters block inside a section of prose that names it
   */
  public static String update(String page, List<LearnerSpec> kinds, List<FeatureMapSpec> maps) {
    Map<String, LearnerSpec> byName = new LinkedHashMap<>();
    kinds.forEach(k -> byName.put(k.name(), k));
    Map<String, FeatureMapSpec> mapsByName = new LinkedHashMap<>();
    maps.forEach(m -> mapsByName.put(m.name(), m));
    List<String> seen = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    Matcher m = BLOCK.matcher(page);
    int at = 0;
    while (m.find()) {
      String what = m.group(2);
      String name = m.group(3);
      String id = what + (name == null ? "" : " " + name);
      if (seen.contains(id)) {
        throw new IllegalArgumentException("the block 'generated: " + id + "' is on the page twice");
      }
      seen.add(id);
      String body = switch (what) {
        case "kinds" -> kindsTable(kinds);
        case "maps" -> mapsTable(maps, kinds);
        case "parameters" -> parameterTable(registered(byName, id, "learner kind").parameters());
        case "map-parameters" -> parameterTable(registered(mapsByName, id, "feature map").parameters());
        default -> throw new IllegalArgumentException("unknown generated block '" + id + "' (kinds, maps, parameters NAME,"
            + " map-parameters NAME)");
      };
      out.append(page, at, m.start()).append(m.group(1)).append(body).append(m.group(5));
      at = m.end();
    }
    out.append(page.substring(at));
    String updated = out.toString();
    List<String> missing = new ArrayList<>();
    for (String name : byName.keySet()) {
      if (!hasProseSection(updated, name, "parameters " + name)) {
        missing.add("learner kind '" + name + "' (" + byName.get(name).getClass().getName() + ")");
      }
    }
    for (String name : mapsByName.keySet()) {
      if (!hasProseSection(updated, name, "map-parameters " + name)) {
        missing.add("feature map '" + name + "' (" + mapsByName.get(name).getClass().getName() + ")");
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("the learner reference has no section for the " + String.join(", the ", missing)
          + ": add a heading that names it in back quotes (### `NAME`), a few lines on what it is, when to use it and its"
          + " cost, and the line pair <!-- begin generated: parameters NAME --> <!-- end generated --> (map-parameters for"
          + " a map), then regenerate the page");
    }
    return updated;
  }

  /**
   * The kind or map the block {@code id} ("parameters NAME") names.
   *
   * @throws IllegalArgumentException naming the block and the registered names when none is called so
   */
  private static <T> T registered(Map<String, T> byName, String id, String what) {
    T found = byName.get(id.substring(id.indexOf(' ') + 1));
    if (found == null) {
      throw new IllegalArgumentException("the block 'generated: " + id + "' names no registered " + what + " (registered: "
          + String.join(", ", byName.keySet()) + "); remove its section or register it");
    }
    return found;
  }

  /**
   * Whether the page has a heading naming {@code name} in back quotes whose section (up to the next heading of the same
   * or a higher level) holds the block {@code block} and at least one line of prose outside generated blocks.
   */
  static boolean hasProseSection(String page, String name, String block) {
    List<String> lines = page.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      Matcher h = HEADING.matcher(lines.get(i));
      if (!h.matches() || !h.group(2).contains("`" + name + "`")) {
        continue;
      }
      int level = h.group(1).length();
      boolean hasBlock = false;
      boolean hasProse = false;
      boolean inBlock = false;
      for (int j = i + 1; j < lines.size(); j++) {
        String line = lines.get(j);
        Matcher next = HEADING.matcher(line);
        if (!inBlock && next.matches() && next.group(1).length() <= level) {
          break;
        }
        if (line.equals("<!-- begin generated: " + block + " -->")) {
          hasBlock = true;
        }
        if (line.startsWith("<!-- begin generated:")) {
          inBlock = true;
        } else if (line.equals("<!-- end generated -->")) {
          inBlock = false;
        } else if (!inBlock && !line.isBlank() && !next.matches()) {
          hasProse = true;
        }
      }
      if (hasBlock && hasProse) {
        return true;
      }
    }
    return false;
  }

  private static String kindsTable(List<LearnerSpec> kinds) {
    StringBuilder md = new StringBuilder("| Kind | Paper's name | What it is |\n|---|---|---|\n");
    for (LearnerSpec k : kinds) {
      md.append("| [`").append(k.name()).append("`](#").append(CliReference.anchor(k.name())).append(") | ")
          .append(CliReference.cell(k.paperName())).append(" | ").append(CliReference.cell(k.description())).append(" |\n");
    }
    return md.toString();
  }

  private static String mapsTable(List<FeatureMapSpec> maps, List<LearnerSpec> kinds) {
    List<String> linear = kinds.stream().filter(LearnerSpec::isLinear).map(LearnerSpec::name).toList();
    StringBuilder md = new StringBuilder("| Map | Composite kinds | What it is |\n|---|---|---|\n");
    for (FeatureMapSpec m : maps) {
      List<String> names = linear.stream().map(l -> "`" + FeatureMapComposer.name(l, m.name()) + "`").toList();
      md.append("| [`").append(m.name()).append("`](#").append(CliReference.anchor(m.name())).append(") | ")
          .append(String.join(", ", names)).append(" | ").append(CliReference.cell(m.description())).append(" |\n");
    }
    return md.toString();
  }

  /** The table of {@code parameters}: name, option, paper symbol, default, range, paper grid and description. */
  static String parameterTable(List<Parameter<?>> parameters) {
    StringBuilder md = new StringBuilder(
        "| Parameter | Option | Symbol | Default | Range | Paper grid | Description |\n|---|---|---|---|---|---|---|\n");
    for (Parameter<?> p : parameters) {
      String value = p.defaultValue() == null ? "unset" : "`" + CliReference.code(p.format(p.defaultValue())) + "`";
      String description = CliReference.cell(p.description());
      if (p.alternativeTo() != null) {
        description += " (given instead of `" + p.alternativeTo() + "`, never both)";
      }
      md.append("| `").append(p.name()).append("` | `").append(p.option())
          .append("` | ").append(p.symbol().isEmpty() ? "" : CliReference.cell(p.symbol())).append(" | ").append(value)
          .append(" | `").append(CliReference.code(p.range())).append("` | ").append(grid(p.paperGrid())).append(" | ")
          .append(description).append(" |\n");
    }
    return md.toString();
  }

  /**
   * A paper grid in words: powers of two with consecutive exponents as {@code 2^[lo..hi]}, an arithmetic progression of
   * four or more integers as {@code a, b, …, z}, any other list in full; "" for none.
   */
  static String grid(List<?> values) {
    if (values.isEmpty()) {
      return "";
    }
    List<Double> v = values.stream().map(x -> ((Number) x).doubleValue()).toList();
    if (v.size() >= 3 && consecutivePowersOfTwo(v)) {
      return "2^[" + Math.getExponent(v.get(0)) + ".." + Math.getExponent(v.get(v.size() - 1)) + "]";
    }
    if (v.size() >= 4 && values.get(0) instanceof Integer) {
      long step = (long) (v.get(1) - v.get(0));
      boolean progression = step > 0;
      for (int i = 2; i < v.size() && progression; i++) {
        progression = v.get(i) - v.get(i - 1) == step;
      }
      if (progression) {
        return values.get(0) + ", " + values.get(1) + ", …, " + values.get(values.size() - 1);
      }
    }
    List<String> text = new ArrayList<>();
    values.forEach(x -> text.add(String.valueOf(x).toLowerCase(Locale.ROOT)));
    return String.join(", ", text);
  }

  private static boolean consecutivePowersOfTwo(List<Double> v) {
    for (int i = 0; i < v.size(); i++) {
      double x = v.get(i);
      if (!(x > 0) || x != Math.scalb(1.0, Math.getExponent(x))
          || (i > 0 && Math.getExponent(x) != Math.getExponent(v.get(i - 1)) + 1)) {
        return false;
      }
    }
    return true;
  }

  /** Rewrites the generated blocks of the page {@code args[0]} in place (UTF-8). */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: LearnerReference docs/learners.md (rewrites its generated blocks in place)");
      System.exit(2);
    }
    Path page = Path.of(args[0]).toAbsolutePath();
    String updated = update(Files.readString(page, StandardCharsets.UTF_8));
    Path temp = Files.createTempFile(page.getParent(), ".learners", ".md");
    try {
      Files.writeString(temp, updated, StandardCharsets.UTF_8);
      Files.move(temp, page, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
