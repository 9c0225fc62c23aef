package org.altml.sparse.io.arff;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.altml.sparse.io.ReadOptions;

/**
 * The check of a label count given explicitly ({@code --labels-last N}, {@code --labels-first N}) against the Mulan XML
 * file beside the data: the count is followed, as asked, but when the XML names other attributes as the labels the
 * reader says so, once. {@code --labels-last 150} on bibtex (159 labels, its XML beside it) made 9 labels features and
 * read on without a word; so did {@code --labels-first 159} (every label a feature, 159 word features labels).
 */
final class ExplicitLabels {
  private ExplicitLabels() {}

  /**
   * The warning when the XML beside {@code file} names other label attributes than the {@code count} first ({@code
   * first}) or last attributes, else null (no XML beside it, one that cannot be read or names no attribute of the file:
   * not this file's, and nothing to compare).
   *
   * @param option the option as the user gave it, "--labels-last 150, ReadOptions.withLabelsLast"
   * @param byName each attribute's index by name
   * @param total the number of attributes
   */
  static String contradiction(String displayName, Path file, String option, int count, boolean first, Map<String, Integer> byName,
      int total) {
    Path xml = file == null ? null : MulanLabels.findBeside(file);
    if (xml == null) {
      return null;
    }
    List<String> names;
    try {
      names = MulanLabels.load(xml, false).names();
    } catch (IOException | RuntimeException e) {
      return null;
    }
    boolean[] named = new boolean[total];
    for (String n : names) {
      Integer a = byName.get(n);
      if (a == null) {
        return null; // an XML for other data: not the file's labels
      }
      named[a] = true;
    }
    if (names.size() == count && atEnd(a -> named[a], total, count, first)) {
      return null;
    }
    int size = names.size();
    String where = contiguous(named, total - size, total) ? "the last " + size + " attributes"
        : contiguous(named, 0, size) ? "the first " + size + " attributes" : size + " attributes";
    return displayName + ": the labels asked for, the " + (first ? "first " : "last ") + count + " attributes (" + option
        + "), are not those the label file " + xml + " beside it names (" + where + "): the option is followed; if the XML"
        + " is right, leave the option out (the XML beside the file is read by itself)";
  }

  /**
   * Whether the attributes {@code isLabel} marks, of {@code total}, are exactly the first ({@code first}) or last {@code
   * count}: where a label count (an option, a MEKA {@code -C}) places the labels.
   */
  static boolean atEnd(java.util.function.IntPredicate isLabel, int total, int count, boolean first) {
    for (int a = 0; a < total; a++) {
      if (isLabel.test(a) != (first ? a < count : a >= total - count)) {
        return false;
      }
    }
    return true;
  }

  private static boolean contiguous(boolean[] named, int from, int to) {
    for (int a = from; a < to; a++) {
      if (!named[a]) {
        return false;
      }
    }
    return true;
  }
}
