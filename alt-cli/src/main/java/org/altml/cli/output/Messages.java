package org.altml.cli.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.sparse.InsufficientMemoryException;

/**
 * Library messages in command-line words. Some library hints name both the option and the Java API that
 * does the same ({@code (--labels-xml FILE, ReadOptions.withLabelFile)}); a person at the command line
 * needs only the option, so every API name becomes its option and an option named twice in one
 * parenthesis is kept once. Memory refusals get the command that was run and a heap that fits.
 */
public final class Messages {
  /** The library's API names (and words) that hints carry, and the options that do the same. */
  private static final Map<String, String> OPTIONS_FOR_API = options();

  private static final Pattern PARENTHESIS = Pattern.compile("\\(([^()]*)\\)");
  /** What the library's memory refusals say to library users, which the command line leaves out. */
  public static final String LIBRARY_HEAP_ADVICE = " (java -Xmx8g for the library)";
  private static final String LAUNCHER_HEAP_ADVICE = "ALT_JAVA_OPTS=-Xmx8g ./alt ...";
  private static final long GIB = 1L << 30;

  private Messages() {}

  private static Map<String, String> options() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("ReadOptions.withLabelFile", "--labels-xml FILE");
    m.put("ReadOptions.withLabelsLast", "--labels-last N");
    m.put("ReadOptions.withLabelsFirst", "--labels-first N");
    m.put("ReadOptions.withNumLabels", "--num-labels L");
    m.put("ReadOptions.withIgnoredAttributes", "--ignore-attributes NAME|INDEX");
    m.put("ReadOptions.withZeroBased", "--zero-based");
    m.put("choose a smaller window", "choose a smaller --window");
    return m;
  }

  /** Option names the library uses as words in messages ("labelsLast asks for 9 labels"), and the options. */
  private static final Map<String, String> OPTION_WORDS =
      Map.of("zeroBased", "--zero-based", "labelsLast", "--labels-last", "labelsFirst", "--labels-first");

  /**
   * {@code message} with the library's API names replaced by options (see the class comment), and without
   * the {@code ": null"} of an exception that had no message (a truncated gzip stream).
   */
  public static String forCommandLine(String message) {
    String m = message.replace(LIBRARY_HEAP_ADVICE, "");
    if (m.endsWith(": null")) {
      m = m.substring(0, m.length() - ": null".length()) + " (it ends too early)";
    }
    for (Map.Entry<String, String> e : OPTIONS_FOR_API.entrySet()) {
      m = m.replace(e.getKey(), e.getValue());
    }
    for (Map.Entry<String, String> e : OPTION_WORDS.entrySet()) {
      m = m.replaceAll("(?<![\\w.-])" + e.getKey() + "(?![\\w(])", e.getValue());
    }
    Matcher parenthesis = PARENTHESIS.matcher(m);
    StringBuilder out = new StringBuilder();
    while (parenthesis.find()) {
      parenthesis.appendReplacement(out, Matcher.quoteReplacement("(" + withoutRepeatedOptions(parenthesis.group(1)) + ")"));
    }
    parenthesis.appendTail(out);
    return out.toString();
  }

  /** An option as an API name becomes it ("--labels-last N"), or as the library wrote it bare. */
  private static final Pattern OPTION_ITEM = Pattern.compile("(?:or )?(--[a-z][a-z-]*)(?: [A-Z][A-Z|]*)?");
  private static final Pattern OPTION = Pattern.compile("--[a-z][a-z-]*");

  /**
   * "--a X, --a Y, b" becomes "--a X, b": an item that is only an option (an API name replaced, "--a Y") is left out
   * when an earlier item of the list mentions that option ("or --a 3", "say so: --a 3").
   */
  private static String withoutRepeatedOptions(String list) {
    List<String> kept = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (String item : list.split(", ", -1)) {
      Matcher only = OPTION_ITEM.matcher(item.strip());
      if (only.matches() && seen.contains(only.group(1))) {
        continue;
      }
      Matcher mentioned = OPTION.matcher(item);
      while (mentioned.find()) {
        seen.add(mentioned.group());
      }
      kept.add(item);
    }
    return String.join(", ", kept);
  }

  /**
   * {@code line} safe to print as one line on a terminal: control characters (a newline, a carriage return,
   * escape sequences from a binary file's token), Unicode format characters (bidirectional overrides) and
   * line separators become {@code \\xNN} or {@code \\uNNNN}.
   */
  public static String printable(String line) {
    return org.altml.sparse.io.TerminalText.printable(line);
  }

  /**
   * The message of a memory refusal for {@code alt command}: the heap advice names the command and a heap
   * that would hold what was asked (what is in use now plus the request, with a quarter to spare),
   * rounded up to whole GiB (at least 2).
   */
  public static String memory(InsufficientMemoryException e, String command) {
    String m = forCommandLine(e.getMessage());
    long max = Runtime.getRuntime().maxMemory();
    long inUse = Math.max(0, max - e.availableBytes());
    if (e.requestedBytes() >= Long.MAX_VALUE / 2 || inUse > Long.MAX_VALUE / 4) {
      return m.replace(LAUNCHER_HEAP_ADVICE, "ALT_JAVA_OPTS=-Xmx<size> ./alt " + command + " ...");
    }
    double wanted = (inUse + (double) e.requestedBytes()) * 1.25;
    long gib = Math.max(2, (long) Math.ceil(wanted / GIB));
    return m.replace(LAUNCHER_HEAP_ADVICE, String.format(Locale.ROOT, "ALT_JAVA_OPTS=-Xmx%dg ./alt %s ...", gib, command));
  }
}
