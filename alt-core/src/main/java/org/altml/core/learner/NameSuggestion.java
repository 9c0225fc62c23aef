package org.altml.core.learner;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known name nearest to a mistyped one, for "did you mean" in messages: by edit distance (insertions,
 * deletions, substitutions and swaps of two neighbouring letters, case ignored), within 1 edit for names of up to 4
 * letters and 2 edits for longer ones, so that {@code flat} finds {@code falt} and {@code evalute} finds {@code
 * evaluate} while an unrelated word finds nothing.
 */
public final class NameSuggestion {
  private NameSuggestion() {}

  /**
   * The candidate nearest to {@code given} within the distance its length allows, the first in {@code candidates}'
   * order on a tie; empty when none is near or {@code given} is a candidate itself.
   */
  public static Optional<String> nearest(String given, Collection<String> candidates) {
    if (given == null || given.isEmpty()) {
      return Optional.empty();
    }
    String g = given.toLowerCase(Locale.ROOT);
    int allowed = g.length() <= 4 ? 1 : 2;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      if (c.equals(given)) {
        return Optional.empty();
      }
      int d = distance(g, c.toLowerCase(Locale.ROOT));
      if (d <= allowed && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return Optional.ofNullable(best);
  }

  /** {@code "; did you mean 'falt'?"} for the nearest candidate, or "" when none is near. */
  public static String didYouMean(String given, Collection<String> candidates) {
    return nearest(given, candidates).map(n -> "; did you mean '" + n + "'?").orElse("");
  }

  /** How {@link #unknownCommand}'s message begins. */
  public static final String UNKNOWN_COMMAND = "unknown command '";

  /**
   * {@code "unknown command 'evalute'; did you mean 'evaluate'? (the commands are ...)"}, or with the commands alone when
   * none is near: a command line's word where a command was expected ({@code alt}, {@code alt flink}).
   */
  public static String unknownCommand(String given, Collection<String> commands) {
    String all = String.join(", ", commands);
    String near = nearest(given, commands).orElse(null);
    return UNKNOWN_COMMAND + given + "'" + (near == null ? "; the commands are " + all
        : "; did you mean '" + near + "'? (the commands are " + all + ")");
  }

  /** picocli's refusal of an option value outside its enum's constants, with the value and the constants as groups. */
  private static final java.util.regex.Pattern ENUM_VALUE =
      java.util.regex.Pattern.compile("expected one of \\[([^\\]]*)\\] (?:\\(case-\\w+\\) )?but was '([^']*)'$");

  /**
   * {@code "; did you mean 'rff'?"} after picocli's refusal of a value outside an option's constants ({@code --kind txt},
   * {@code --feature-map rf}, {@code --mode keyd}), as the learner names get one; "" for any other message, or when no
   * constant is near. The constant is named in lower case when picocli ignores case (as the help lists it).
   */
  public static String enumValueNear(String message) {
    java.util.regex.Matcher m = message == null ? null : ENUM_VALUE.matcher(message);
    if (m == null || !m.find()) {
      return "";
    }
    String near = didYouMean(m.group(2), java.util.List.of(m.group(1).split(", ")));
    return message.contains("(case-insensitive)") ? near.toLowerCase(Locale.ROOT) : near;
  }

  /**
   * The options among {@code args} (words starting with "--", up to an '=') that are not in {@code known}, each with the
   * nearest known one: {@code "unknown option '--lerner' (did you mean '--learner'?)"}. For a message that reports a
   * required option as missing when the user typed it wrong (picocli then names only the missing one).
   */
  public static java.util.List<String> unknownOptions(Collection<String> known, String[] args) {
    java.util.List<String> unknown = new java.util.ArrayList<>();
    for (String arg : args) {
      String name = arg.indexOf('=') > 0 ? arg.substring(0, arg.indexOf('=')) : arg;
      if (name.startsWith("--") && name.length() > 2 && !known.contains(name)) {
        String near = nearest(name, known).orElse(null);
        unknown.add("unknown option '" + name + "'" + (near == null ? "" : " (did you mean '" + near + "'?)"));
      }
    }
    return unknown;
  }

  /** The optimal-string-alignment distance: Levenshtein's edits plus swapping two neighbouring characters. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[a.length()][b.length()];
  }
}
