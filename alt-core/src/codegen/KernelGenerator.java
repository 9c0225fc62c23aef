import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the Panama kernel classes of {@code org.altml.core.internal.vectorization} from the templates
 * beside this file ({@code *.java.tmpl}), for their element types and block sizes, the way fastutil
 * generates its type-specific classes and Lucene its {@code ForUtil}. Run from the repository root:
 *
 * <pre>
 *   java alt-core/src/codegen/KernelGenerator.java           # (re)write the generated files
 *   java alt-core/src/codegen/KernelGenerator.java --check   # exit 1 naming the first stale file and line
 * </pre>
 *
 * or {@code mvn -pl alt-core -Pgenerate-kernels generate-sources}. {@code KernelTemplatesTest} regenerates
 * in memory and fails when a committed file differs.
 *
 * <p>Template language (one directive per line, {@code //@} first on the line after indentation):
 * <ul>
 *   <li>{@code //@ output Name k=v ...}: the template writes {@code Name.java} with these variables
 *       (a template may have several outputs);
 *   <li>{@code //@ def bundle k=v k="v with spaces" ...}: named variables, bound by a {@code for} over the
 *       bundle's name (e.g. the float and the double element type);
 *   <li>{@code //@ set k = text}: a variable (placeholders expanded);
 *   <li>{@code //@ for v in a,b,lo..hi,hi..lo by -1}: repeat the lines up to the matching {@code end} for
 *       each item (ranges inclusive, empty when they run past their end at once); binds {@code v}, {@code v_last} (1 on the last item) and
 *       the bundle named by the item if there is one;
 *   <li>{@code //@ if expr} / {@code elif expr} / {@code else} / {@code end};
 *   <li>{@code //@ -- text}: a comment, not copied.
 * </ul>
 * Variables of {@code kernels.properties} beside the templates (the block sizes) are seen by every template, and
 * bundle values may use them. Placeholders in other lines: {@code ${expr}} (an integer expression or a variable's text) and
 * {@code ${+expr*NAME}}, an offset written as Java source: nothing for 0, {@code " + NAME"} for 1,
 * {@code " + expr * NAME"} otherwise (NAME a variable or taken literally); {@code ${list v}}, the items of
 * list variable v written out ("1..4" as "1, 2, 3, 4").
 */
public final class KernelGenerator {
  static final String GENERATOR = "alt-core/src/codegen/KernelGenerator.java";
  static final String TEMPLATES = "alt-core/src/codegen";
  static final String OUTPUT = "alt-core/src/main/java/org/altml/core/internal/vectorization";

  private KernelGenerator() {}

  public static void main(String[] args) throws IOException {
    boolean check = args.length > 0 && args[0].equals("--check");
    Path root = Path.of(args.length > (check ? 1 : 0) ? args[check ? 1 : 0] : ".");
    Map<String, String> files = generateAll(root);
    int stale = 0;
    for (Map.Entry<String, String> e : files.entrySet()) {
      Path out = root.resolve(OUTPUT).resolve(e.getKey());
      String difference = difference(e.getKey(), e.getValue(), Files.exists(out) ? Files.readString(out) : null);
      if (difference == null) {
        continue;
      }
      if (check) {
        System.err.println(difference);
        stale++;
      } else {
        Files.writeString(out, e.getValue(), StandardCharsets.UTF_8);
        System.out.println("wrote " + out);
      }
    }
    if (stale > 0) {
      System.err.println(stale + " generated file(s) stale: run java " + GENERATOR);
      System.exit(1);
    }
  }

  /** File name → text of every generated file, from the templates under {@code root}. */
  public static Map<String, String> generateAll(Path root) {
    Map<String, String> files = new LinkedHashMap<>();
    Map<String, String> globals = new LinkedHashMap<>();
    try {
      Path shared = root.resolve(TEMPLATES).resolve("kernels.properties");
      if (Files.exists(shared)) {
        java.util.Properties p = new java.util.Properties();
        try (var in = Files.newBufferedReader(shared, StandardCharsets.UTF_8)) {
          p.load(in);
        }
        p.stringPropertyNames().stream().sorted().forEach(k -> globals.put(k, p.getProperty(k).trim()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (Stream<Path> list = Files.list(root.resolve(TEMPLATES))) {
      for (Path t : list.filter(p -> p.toString().endsWith(".java.tmpl")).sorted().toList()) {
        String name = TEMPLATES + "/" + t.getFileName();
        files.putAll(new Template(name, Files.readAllLines(t, StandardCharsets.UTF_8), globals).render());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** Null when equal, else a message naming the file and its first differing line. */
  public static String difference(String file, String generated, String committed) {
    if (committed == null) {
      return file + ": missing (generated from its template, never committed)";
    }
    String[] g = generated.split("\n", -1);
    String[] c = committed.split("\n", -1);
    for (int i = 0; i < Math.max(g.length, c.length); i++) {
      String gl = i < g.length ? g[i] : "<end of file>";
      String cl = i < c.length ? c[i] : "<end of file>";
      if (!gl.equals(cl)) {
        return OUTPUT + "/" + file + ":" + (i + 1) + ": differs from its template's output\n  committed: " + cl
            + "\n  generated: " + gl;
      }
    }
    return null;
  }

  /** One template: its lines, parsed into nested blocks on demand while rendering. */
  static final class Template {
    private final String name;
    private final List<String> lines;
    private final Map<String, String> globals;
    private final Map<String, Map<String, String>> bundles = new HashMap<>();

    Template(String name, List<String> lines, Map<String, String> globals) {
      this.name = name;
      this.lines = lines;
      this.globals = globals;
    }

    Map<String, String> render() {
      List<Map<String, String>> outputs = new ArrayList<>();
      for (int i = 0; i < lines.size(); i++) {
        String d = directive(lines.get(i));
        if (d != null && d.startsWith("def ")) {
          String[] words = d.substring(4).trim().split("\\s+", 2);
          bundles.put(words[0], pairs(words.length > 1 ? words[1] : "", i));
        } else if (d != null && d.startsWith("output ")) {
          String[] words = d.substring(7).trim().split("\\s+", 2);
          Map<String, String> vars = pairs(words.length > 1 ? words[1] : "", i);
          vars.put("CLASS", words[0]);
          outputs.add(vars);
        }
      }
      Map<String, String> files = new LinkedHashMap<>();
      for (Map<String, String> vars : outputs) {
        StringBuilder out = new StringBuilder();
        out.append("// Generated by ").append(GENERATOR).append(" from ").append(name).append("; do not edit.\n");
        Map<String, String> all = new HashMap<>(globals);
        all.putAll(vars);
        int end = block(0, all, out, true);
        if (end != lines.size()) {
          throw error(end, "'" + directive(lines.get(end)) + "' without its 'for' or 'if'");
        }
        files.put(vars.get("CLASS") + ".java", out.toString());
      }
      return files;
    }

    /** Renders lines from {@code i} until an unmatched end/else/elif or the end of file; returns that line. */
    private int block(int i, Map<String, String> vars, StringBuilder out, boolean emit) {
      while (i < lines.size()) {
        String line = lines.get(i);
        String d = directive(line);
        if (d == null) {
          if (emit) {
            out.append(expand(line, vars, i)).append('\n');
          }
          i++;
        } else if (d.equals("end") || d.equals("else") || d.startsWith("elif ")) {
          return i;
        } else if (d.startsWith("for ")) {
          i = forLoop(i, d, vars, out, emit);
        } else if (d.startsWith("if ")) {
          i = ifChain(i, d, vars, out, emit);
        } else if (d.startsWith("set ")) {
          int eq = d.indexOf('=');
          if (emit) {
            vars.put(d.substring(4, eq).trim(), expand(d.substring(eq + 1).trim(), vars, i));
          }
          i++;
        } else if (d.startsWith("def ") || d.startsWith("output ") || d.startsWith("--")) {
          i++;
        } else {
          throw error(i, "unknown directive '" + d + "'");
        }
      }
      return i;
    }

    private int forLoop(int at, String d, Map<String, String> vars, StringBuilder out, boolean emit) {
      String[] words = d.substring(4).trim().split("\\s+in\\s+", 2);
      if (words.length != 2) {
        throw error(at, "expected 'for v in list'");
      }
      String v = words[0].trim();
      List<String> items = emit ? items(expand(words[1], vars, at), vars, at) : List.of();
      int end = at + 1;
      if (items.isEmpty()) {
        end = block(at + 1, vars, out, false);
      }
      for (int k = 0; k < items.size(); k++) {
        Map<String, String> inner = new HashMap<>(vars);
        if (bundles.containsKey(items.get(k))) {
          for (Map.Entry<String, String> b : bundles.get(items.get(k)).entrySet()) {
            inner.put(b.getKey(), expand(b.getValue(), vars, at));
          }
        }
        inner.put(v, items.get(k));
        inner.put(v + "_last", k == items.size() - 1 ? "1" : "0");
        end = block(at + 1, inner, out, true);
      }
      expectEnd(end, at);
      return end + 1;
    }

    /** The items of a list: comma-separated words and inclusive ranges {@code lo..hi} or {@code hi..lo by -1}. */
    private List<String> items(String list, Map<String, String> vars, int at) {
      List<String> items = new ArrayList<>();
      for (String item : list.split(",")) {
        item = item.trim();
        int dots = item.indexOf("..");
        if (dots > 0) {
          String[] range = item.substring(dots + 2).split("\\s+by\\s+");
          int from = new Expr(item.substring(0, dots), vars, this, at).integer();
          int to = new Expr(range[0], vars, this, at).integer();
          int step = range.length > 1 ? new Expr(range[1], vars, this, at).integer() : 1;
          if (step == 0) {
            throw error(at, "a range with step 0: " + item);
          }
          for (int k = from; step > 0 ? k <= to : k >= to; k += step) {
            items.add(Integer.toString(k));
          }
        } else if (!item.isEmpty()) {
          items.add(item);
        }
      }
      return items;
    }

    private int ifChain(int at, String d, Map<String, String> vars, StringBuilder out, boolean emit) {
      boolean taken = false;
      int i = at;
      String cond = d.substring(3);
      while (true) {
        boolean now = emit && !taken && (cond == null || new Expr(cond, vars, this, i).truth());
        taken |= now;
        i = block(i + 1, vars, out, now);
        String next = i < lines.size() ? directive(lines.get(i)) : null;
        if (next == null) {
          throw error(at, "'if' without its 'end'");
        } else if (next.equals("end")) {
          return i + 1;
        } else if (next.equals("else")) {
          cond = null;
        } else {
          cond = next.substring(5);
        }
      }
    }

    private void expectEnd(int i, int opened) {
      if (i >= lines.size() || !"end".equals(directive(lines.get(i)))) {
        throw error(opened, "'for' without its 'end'");
      }
    }

    /** The directive of a line ({@code //@ ...} after indentation), or null for a text line. */
    static String directive(String line) {
      String t = line.strip();
      return t.startsWith("//@") ? t.substring(3).trim() : null;
    }

    private Map<String, String> pairs(String text, int line) {
      Map<String, String> m = new LinkedHashMap<>();
      int i = 0;
      while (i < text.length()) {
        if (Character.isWhitespace(text.charAt(i))) {
          i++;
          continue;
        }
        int eq = text.indexOf('=', i);
        if (eq < 0) {
          throw error(line, "expected key=value at '" + text.substring(i) + "'");
        }
        String key = text.substring(i, eq);
        int end;
        String value;
        if (eq + 1 < text.length() && text.charAt(eq + 1) == '"') {
          end = text.indexOf('"', eq + 2);
          value = text.substring(eq + 2, end);
          end++;
        } else {
          end = eq + 1;
          while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
            end++;
          }
          value = text.substring(eq + 1, end);
        }
        m.put(key, value);
        i = end;
      }
      return m;
    }

    private String expand(String text, Map<String, String> vars, int line) {
      StringBuilder s = new StringBuilder();
      int i = 0;
      while (true) {
        int open = text.indexOf("${", i);
        if (open < 0) {
          return s.append(text, i, text.length()).toString();
        }
        int close = text.indexOf('}', open);
        if (close < 0) {
          throw error(line, "unclosed ${");
        }
        s.append(text, i, open).append(placeholder(text.substring(open + 2, close).trim(), vars, line));
        i = close + 1;
      }
    }

    private String placeholder(String p, Map<String, String> vars, int line) {
      if (p.startsWith("list ")) {
        return String.join(", ", items(placeholder(p.substring(5).trim(), vars, line), vars, line));
      }
      if (p.startsWith("+")) {
        int star = p.lastIndexOf('*');
        if (star < 0) {
          throw error(line, "offset ${+expr*NAME} without '*': " + p);
        }
        int k = new Expr(p.substring(1, star), vars, this, line).integer();
        String unit = p.substring(star + 1).trim();
        unit = vars.getOrDefault(unit, unit);
        return k == 0 ? "" : k == 1 ? " + " + unit : " + " + k + " * " + unit;
      }
      if (vars.containsKey(p)) {
        return vars.get(p);
      }
      return String.valueOf(new Expr(p, vars, this, line).value());
    }

    IllegalArgumentException error(int line, String message) {
      return new IllegalArgumentException(name + ":" + (line + 1) + ": " + message);
    }
  }

  /** Integer (and string-equality) expressions: + - * / % comparisons && || ! and parentheses. */
  static final class Expr {
    private final String s;
    private final Map<String, String> vars;
    private final Template template;
    private final int line;
    private int i;

    Expr(String s, Map<String, String> vars, Template template, int line) {
      this.s = s;
      this.vars = vars;
      this.template = template;
      this.line = line;
    }

    Object value() {
      Object v = or();
      skip();
      if (i != s.length()) {
        throw template.error(line, "cannot read '" + s + "' at '" + s.substring(i) + "'");
      }
      return v;
    }

    int integer() {
      Object v = value();
      if (!(v instanceof Integer)) {
        throw template.error(line, "'" + s + "' is not a number: " + v);
      }
      return (Integer) v;
    }

    boolean truth() {
      return integer() != 0;
    }

    private Object or() {
      Object a = and();
      while (eat("||")) {
        Object b = and();
        a = num(a) != 0 || num(b) != 0 ? 1 : 0;
      }
      return a;
    }

    private Object and() {
      Object a = comparison();
      while (eat("&&")) {
        Object b = comparison();
        a = num(a) != 0 && num(b) != 0 ? 1 : 0;
      }
      return a;
    }

    private Object comparison() {
      Object a = sum();
      for (String op : new String[] {"==", "!=", "<=", ">=", "<", ">"}) {
        if (eat(op)) {
          Object b = sum();
          if (op.equals("==") || op.equals("!=")) {
            return a.equals(b) == op.equals("==") ? 1 : 0;
          }
          int x = num(a);
          int y = num(b);
          boolean r = switch (op) {
            case "<=" -> x <= y;
            case ">=" -> x >= y;
            case "<" -> x < y;
            default -> x > y;
          };
          return r ? 1 : 0;
        }
      }
      return a;
    }

    private Object sum() {
      Object a = product();
      while (true) {
        if (eat("+")) {
          a = num(a) + num(product());
        } else if (eat("-")) {
          a = num(a) - num(product());
        } else {
          return a;
        }
      }
    }

    private Object product() {
      Object a = unary();
      while (true) {
        if (eat("*")) {
          a = num(a) * num(unary());
        } else if (eat("/")) {
          a = num(a) / num(unary());
        } else if (eat("%")) {
          a = num(a) % num(unary());
        } else {
          return a;
        }
      }
    }

    private Object unary() {
      if (eat("!")) {
        return num(unary()) == 0 ? 1 : 0;
      }
      if (eat("-")) {
        return -num(unary());
      }
      if (eat("(")) {
        Object v = or();
        if (!eat(")")) {
          throw template.error(line, "missing ')' in '" + s + "'");
        }
        return v;
      }
      skip();
      int start = i;
      if (i < s.length() && s.charAt(i) == '"') {
        int end = s.indexOf('"', i + 1);
        i = end + 1;
        return s.substring(start + 1, end);
      }
      while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
        i++;
      }
      String word = s.substring(start, i);
      if (word.isEmpty()) {
        throw template.error(line, "cannot read '" + s + "' at '" + s.substring(start) + "'");
      }
      if (Character.isDigit(word.charAt(0))) {
        return Integer.parseInt(word);
      }
      String v = vars.get(word);
      if (v == null) {
        throw template.error(line, "unknown variable '" + word + "' in '" + s + "'");
      }
      return v.matches("-?\\d+") ? (Object) Integer.parseInt(v) : v;
    }

    private int num(Object o) {
      if (o instanceof Integer n) {
        return n;
      }
      throw template.error(line, "'" + o + "' is not a number in '" + s + "'");
    }

    private boolean eat(String token) {
      skip();
      if (s.startsWith(token, i)) {
        // "<" must not eat the start of "<=", "!" not of "!="
        if ((token.equals("<") || token.equals(">") || token.equals("!")) && s.startsWith("=", i + 1)) {
          return false;
        }
        i += token.length();
        return true;
      }
      return false;
    }

    private void skip() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }
  }
}
