package org.altml.sparse.io.arff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.Numbers;

/**
 * MEKA's {@code -C N} in an ARFF relation (the first N attributes are the labels, the last |N| when negative), and
 * whether it may be stale. Real Mulan downloads carry a MEKA relation their attributes no longer follow: medical's
 * {@code 'MEDC: -C 45 -I 0-weka.filters.unsupervised.attribute.Remove-R46-1494'} has its 45 labels last, and read
 * by the {@code -C} it gave label cardinality 0.78 and 159 of 333 examples without labels, without a word.
 *
 * <p>When the {@code -C} alone says which attributes are labels, the reader warns, once, naming the file, when the
 * N attributes at the other end could be the labels (nominal {0,1}, or numeric holding only 0 and 1) and
 * <ul>
 *   <li>a Weka filter that may move attributes was applied after the {@code -C} was written (the relation names it:
 *       {@code weka.filters.unsupervised.attribute.Remove}, ...; an instance filter such as {@code Randomize} moves
 *       none), or
 *   <li>the attributes the {@code -C} takes are not nominal {0,1} while those at the other end are, or
 *   <li>at the end of the data, the other reading leaves at most half as many examples without labels.
 * </ul>
 * The warning says how to choose ({@code --labels-last N}, {@code --labels-first N}, {@code --labels-xml FILE}).
 * With an XML beside the file naming other labels, the XML is followed (Mulan's rule) and a warning says the
 * {@code -C} was ignored ({@link #xmlOverrides}).
 */
final class MekaCount {
  /** A MEKA -C with a whole number: as MEKA writes it, after the start, a space, a colon or a quote. */
  static final Pattern CLASSES = Pattern.compile("(?:^|[\\s:'\"])-C\\s+(-?\\d{1,9})(?![\\d])");
  /** A -C followed by anything: one that is not a number is named when no label source is found. */
  static final Pattern ANY = Pattern.compile("(?:^|[\\s:'\"])-C\\s+([^\\s'\"]+)");
  /** A Weka filter's class name, as Weka appends it to the relation of the data it filters. */
  private static final Pattern WEKA_FILTER = Pattern.compile("weka\\.filters\\.[A-Za-z0-9_.$]*[A-Za-z0-9_$]");

  private final String file;
  private final int count;
  private final boolean[] other;
  private final String filter;
  private final Consumer<String> warnings;
  private long examples;
  private long emptySelected;
  private long emptyOther;
  private long relevantSelected;
  private long relevantOther;
  private int otherNow;
  private boolean otherNotBinary;

  private MekaCount(String file, int count, boolean[] other, String filter, Consumer<String> warnings) {
    this.file = file;
    this.count = count;
    this.other = other;
    this.filter = filter;
    this.warnings = warnings;
  }

  /** The N of every MEKA {@code -C N} in the relation name, in order (empty when there is none). */
  static List<Integer> counts(String relation) {
    Matcher m = CLASSES.matcher(relation);
    List<Integer> counts = new ArrayList<>();
    while (m.find()) {
      counts.add(Integer.parseInt(m.group(1)));
    }
    return counts;
  }

  /**
   * The first Weka filter named after the relation's first {@code -C} that may move attributes (one not in a
   * {@code .instance.} package), or null: the attributes were filtered after the {@code -C} was written.
   */
  static String filterAfter(String relation) {
    Matcher c = CLASSES.matcher(relation);
    if (!c.find()) {
      return null;
    }
    Matcher f = WEKA_FILTER.matcher(relation);
    f.region(c.end(), relation.length());
    while (f.find()) {
      if (!f.group().contains(".instance.")) {
        return f.group();
      }
    }
    return null;
  }

  /**
   * Starts the check of a {@code -C count} that alone decided the labels (see the class comment): warns now when the
   * header tells, else returns the check to run over the data ({@link #value}, {@link #endExample}, {@link #end}), or
   * null when there is nothing to check (no other reading: the other end cannot hold labels, or the -C takes all).
   */
  static MekaCount start(String file, String relation, int count, ArffAttribute[] attributes, boolean[] ignored,
      Consumer<String> warnings) {
    int n = Math.abs(count);
    int total = attributes.length;
    if (n >= total) {
      return null;
    }
    boolean[] other = new boolean[total];
    boolean otherNominal = true;
    for (int l = 0; l < n; l++) {
      int a = count > 0 ? total - n + l : l;
      ArffAttribute attr = attributes[a];
      boolean numeric = attr.kind == ArffAttribute.Kind.NUMERIC;
      if (ignored[a] || !(numeric || binary(attr))) {
        return null;
      }
      otherNominal &= !numeric;
      other[a] = true;
    }
    String unlike = null;
    for (int l = 0; l < n; l++) {
      ArffAttribute attr = attributes[count > 0 ? l : total - n + l];
      if (attr.kind != ArffAttribute.Kind.NUMERIC && !binary(attr)) {
        return null; // it cannot be a label: the reader refuses it, with the hint (staleHint)
      }
      unlike = unlike == null && !binary(attr) ? attr.name : unlike;
    }
    MekaCount check = new MekaCount(file, count, other, filterAfter(relation), warnings);
    if (otherNominal && check.filter != null) {
      check.warn(check.filtered() + ", and the " + check.otherEnd() + " are nominal {0,1} like labels");
      return null;
    }
    if (otherNominal && unlike != null) {
      check.warn(check.takes() + ", but " + Numbers.quote(unlike) + " among them is numeric, not nominal {0,1} like labels, while"
          + " the " + check.otherEnd() + " are all nominal {0,1}: the -C may be stale");
      return null;
    }
    return check;
  }

  /** Whether a nominal attribute's declared values all map to 0 or 1 (a label's values). */
  private static boolean binary(ArffAttribute attr) {
    if (attr.kind != ArffAttribute.Kind.NOMINAL || attr.mapped.length == 0) {
      return false;
    }
    for (float v : attr.mapped) {
      if (v != 0f && v != 1f) {
        return false;
      }
    }
    return true;
  }

  /** Notes the value of attribute {@code a} in the current example (a value left out of a sparse row is 0). */
  void value(int a, float v) {
    if (other[a] && v != 0f) {
      otherNow++;
      otherNotBinary |= v != 1f;
    }
  }

  /** Ends an example whose labels, as the -C reads them, are {@code relevant}. */
  void endExample(int relevant) {
    examples++;
    relevantSelected += relevant;
    relevantOther += otherNow;
    emptySelected += relevant == 0 ? 1 : 0;
    emptyOther += otherNow == 0 ? 1 : 0;
    otherNow = 0;
  }

  /** At the end of the data: warns when the data make the other reading likely (see the class comment). */
  void end() {
    if (otherNotBinary || examples == 0) {
      return;
    }
    if (filter != null) {
      warn(filtered() + ", and the " + otherEnd() + " hold only 0 and 1 like labels");
    } else if (emptySelected > 0 && 2 * emptyOther <= emptySelected) {
      warn(String.format(Locale.ROOT, "%s, which leaves %,d of %,d examples without labels (label cardinality %.3f), while the %s,"
          + " all 0 or 1, would leave %,d (cardinality %.3f): the -C may be stale", takes(), emptySelected, examples,
          (double) relevantSelected / examples, otherEnd(), emptyOther, (double) relevantOther / examples));
    }
  }

  /** "the relation's -C 45 makes the first 45 attributes the labels". */
  private String takes() {
    return "the relation's -C " + count + " makes the " + (count > 0 ? "first " : "last ") + Math.abs(count) + " attributes the labels";
  }

  /** The attributes at the other end, "last 45 attributes". */
  private String otherEnd() {
    return (count > 0 ? "last " : "first ") + Math.abs(count) + " attributes";
  }

  private String filtered() {
    return takes() + ", but the Weka filter " + filter + " was applied after it was written (the relation names it) and may have"
        + " moved them";
  }

  private void warn(String why) {
    int n = Math.abs(count);
    String first = "--labels-first " + n + ", ReadOptions.withLabelsFirst";
    String last = "--labels-last " + n + ", ReadOptions.withLabelsLast";
    warnings.accept(file + ": " + why + "; say which attributes are the labels: the " + otherEnd() + " (" + (count > 0 ? last : first)
        + "), those a Mulan XML file names (--labels-xml FILE, ReadOptions.withLabelFile), or the " + (count > 0 ? "first " : "last ")
        + n + " as read (" + (count > 0 ? first : last) + "), which silences this warning");
  }

  /**
   * What to add to an error about a label attribute the relation's {@code -C count} chose: the -C may be stale, and
   * how to say which attributes are the labels.
   */
  static String staleHint(int count) {
    int n = Math.abs(count);
    return " (the relation's -C " + count + " makes it a label, and may be stale: if the labels are the " + (count > 0 ? "last " : "first ")
        + n + " attributes, say so: --labels-" + (count > 0 ? "last " : "first ") + n + ", ReadOptions.withLabels" + (count > 0 ? "Last" : "First")
        + ", or --labels-xml FILE, ReadOptions.withLabelFile)";
  }

  /**
   * What to add to an error about the labels an XML file beside the data names when the relation's {@code -C count}
   * names others: either may be right, and how to say which.
   */
  static String xmlHint(int count) {
    int n = Math.abs(count);
    String end = count > 0 ? "first" : "last";
    return " (the label file beside the data names it, while the relation's -C " + count + " makes the " + end + " " + n
        + " attributes the labels: is the XML for other data? say which is right: --labels-" + end + " " + n + ", ReadOptions.withLabels"
        + (count > 0 ? "First" : "Last") + ", or --labels-xml FILE, ReadOptions.withLabelFile)";
  }

  /**
   * The warning when an XML file beside the data names labels other than the attributes the relation's
   * {@code -C count} places (first or last |count|), or null when they agree: the XML is followed, as Mulan does
   * (the {@code -C} of a Mulan download may be stale), and the warning says that the -C was ignored. The XML's
   * names were found among the attributes ({@code labelOf}).
   */
  static String xmlOverrides(String file, String xml, List<String> names, int count, int[] labelOf) {
    int n = Math.abs(count);
    int total = labelOf.length;
    if (n >= total) {
      return null; // all the attributes or more: a -C that cannot be meant, which the XML silently replaces
    }
    if (names.size() == n && ExplicitLabels.atEnd(a -> labelOf[a] >= 0, total, n, count > 0)) {
      return null;
    }
    String end = count > 0 ? "first" : "last";
    return file + ": the relation's -C " + count + " makes the " + end + " " + n + " attributes the labels, but the label file " + xml
        + " beside it names others (" + names.size() + " label" + (names.size() == 1 ? "" : "s") + "): the XML is followed (as Mulan does) and the -C"
        + " ignored (to read the -C's labels instead: --labels-" + end + " " + n + ", ReadOptions.withLabels" + (count > 0 ? "First" : "Last")
        + ")";
  }
}
