package org.altml.sparse.io.arff;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.Numbers;

/**
 * The warning for ARFF feature attributes that are nominal with more than {@value #MAX_VALUES} values that are neither numbers nor
 * yes/no, and many: the reader maps such a value to its declaration index ({@link ArffReader}), a number a learner takes as a
 * magnitude although it has none. genbase's {@code protein} (662 protein ids) read so gave FALT F1 19.6 where the
 * same run without it gives 95.8, without a word; the dataset's notes say to drop it, the reader said nothing.
 */
final class PositionalNominals {
  /**
   * More values than this, and the index is more likely an id or a code than an order, and large enough to outweigh
   * every other feature; a few categories ({low,mid,high}) read as 0, 1, 2 are an order a user may well mean.
   */
  static final int MAX_VALUES = 16;

  private PositionalNominals() {}

  /**
   * Warns once, naming {@code file}, of the feature attributes ({@code featureOf[a] >= 0}) whose nominal values map to
   * their declaration index and number more than {@value #MAX_VALUES}; nothing when there are none.
   */
  static void warn(String file, ArffAttribute[] attributes, int[] featureOf, Consumer<String> warnings) {
    List<String> named = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (int a = 0; a < attributes.length; a++) {
      ArffAttribute attr = attributes[a];
      if (featureOf[a] >= 0 && attr.byPosition && attr.nominalValues.size() > MAX_VALUES) {
        named.add(Numbers.quote(attr.name) + " (" + attr.nominalValues.size() + " values such as "
            + Numbers.quote(attr.nominalValues.get(0)) + ")");
        keys.add(ArffWriter.quote(attr.name).equals(attr.name) && attr.name.indexOf(',') < 0 ? attr.name : Integer.toString(a + 1));
      }
    }
    if (named.isEmpty()) {
      return;
    }
    boolean one = named.size() == 1;
    int shown = Math.min(3, named.size());
    String list = String.join(", ", named.subList(0, shown)) + (named.size() > shown ? " and " + (named.size() - shown) + " more" : "");
    warnings.accept(file + ": the nominal attribute" + (one ? " " : "s ") + list + (one ? " is" : " are") + " read as "
        + (one ? "a feature whose value is" : "features whose values are") + " the position of the value in the declared list"
        + " (0, 1, 2, ...), a number a learner takes as a magnitude although it has none (an id, a code): leave "
        + (one ? "it" : "them") + " out if " + (one ? "it is" : "they are") + " not a feature (--ignore-attributes "
        + String.join(",", keys) + ", ReadOptions.withIgnoredAttributes), or give the values as numbers or one 0/1 attribute"
        + " per value");
  }
}
