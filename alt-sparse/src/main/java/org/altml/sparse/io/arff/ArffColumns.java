package org.altml.sparse.io.arff;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.Numbers;

/**
 * Which attributes of an ARFF file are ignored and which are labels, decided from its header and the read options by the
 * rules of {@link ArffReader}'s class comment (a label file, a count, the Mulan XML beside the file, a saved model's names,
 * MEKA's {@code -C}); the reader then streams the rows by what this decided.
 */
final class ArffColumns {
  private final ArffHeader header;
  private final ArffAttribute[] attributes;
  /** The ARFF file as messages name it. */
  private final String fileName;
  /** Whether each attribute is skipped. */
  final boolean[] ignored;
  /** The label id of each attribute, or -1 for features and ignored ones. */
  final int[] labelOf;
  /** The label names, in label order. */
  List<String> labelNames;
  /** The digest of the label file read, or null (none read, or no hashing). */
  InputDigest xmlDigest;
  /** Added to errors about a label attribute: where the labels came from when that may be wrong ({@link MekaCount#staleHint}). */
  String labelHint = "";
  /** The check of a MEKA -C that alone decided the labels, over the data; null when there is none. */
  MekaCount meka;
  /** The warning that the XML beside the file overrides its relation's -C, said once the labels are known to be readable. */
  String xmlOverridesMeka;

  private ArffColumns(ArffHeader header, ArffAttribute[] attributes, String fileName) {
    this.header = header;
    this.attributes = attributes;
    this.fileName = fileName;
    this.ignored = new boolean[attributes.length];
    this.labelOf = new int[attributes.length];
    Arrays.fill(labelOf, -1);
  }

  /**
   * Decides the ignored and the label attributes of the file {@code fileName} (read from {@code file}, or null for a
   * stream, beside which no XML is looked for).
   *
   * @throws DataFormatException naming the file (or the label file) and the problem
   */
  static ArffColumns decide(ArffHeader header, ArffAttribute[] attributes, String fileName, Path file, ReadOptions options)
      throws IOException {
    ArffColumns columns = new ArffColumns(header, attributes, fileName);
    for (String key : options.ignoredAttributes()) {
      columns.ignored[columns.ignoredAttribute(key)] = true;
    }
    columns.labelNames = columns.resolveLabels(file, options);
    return columns;
  }

  /**
   * The attribute that {@code key} names in the ignore list: an attribute name, or a 1-based position
   * ({@code "1"} is the first attribute). A key that is both a name and a position of different
   * attributes is an error rather than a guess.
   */
  private int ignoredAttribute(String key) throws DataFormatException {
    Integer byName = header.byName.get(key);
    int byIndex = -1;
    if (key.matches("[0-9]{1,9}")) {
      int i = Integer.parseInt(key);
      if (i >= 1 && i <= attributes.length) {
        byIndex = i - 1;
      } else if (byName == null) {
        throw new DataFormatException(fileName, 0, "ignored attribute " + i + " is outside 1.." + attributes.length
            + " (the file has " + attributes.length + " attributes)");
      }
    }
    if (byName != null && byIndex >= 0 && byName != byIndex) {
      throw new DataFormatException(fileName, 0, "ignored attribute " + Numbers.quote(key) + " is ambiguous: it is the name of attribute "
          + (byName + 1) + " and the position of " + Numbers.quote(attributes[byIndex].name));
    }
    if (byName != null) {
      return byName;
    }
    if (byIndex >= 0) {
      return byIndex;
    }
    throw new DataFormatException(fileName, 0, "ignored attribute " + Numbers.quote(key)
        + " is neither the name nor the 1-based position of an attribute of the file");
  }

  /** Decides the label attributes (see the class comment), fills {@code labelOf}, returns the names. */
  private List<String> resolveLabels(Path file, ReadOptions options) throws IOException {
    if (options.labelFile() != null) {
      return labelsFromXml(options.labelFile(), options.hashInputs(), "");
    }
    if (options.labelsFirst() >= 0 || options.labelsLast() >= 0) {
      boolean first = options.labelsFirst() >= 0;
      int count = first ? options.labelsFirst() : options.labelsLast();
      List<String> names = labelsByPosition(count, first, first ? "labelsFirst" : "labelsLast");
      // the relation's -C may say what the option says: a MEKA file whose XML beside it is the one that may be stale
      boolean meka = MekaCount.counts(header.relation).contains(first ? count : -count);
      String contradiction = meka ? null : ExplicitLabels.contradiction(fileName, file, "--labels-" + (first ? "first " : "last ") + count
          + (first ? ", ReadOptions.withLabelsFirst" : ", ReadOptions.withLabelsLast"), count, first, header.byName, attributes.length);
      if (contradiction != null) {
        options.warnings().accept(contradiction);
      }
      return names;
    }
    Path xml = file == null ? null : MulanLabels.findBeside(file);
    List<Integer> counts = MekaCount.counts(header.relation);
    int count = counts.isEmpty() ? 0 : counts.get(0); // MEKA takes the first -C
    if (xml != null) {
      // Mulan's rule: the XML names the labels, and a -C it contradicts is stale (said once, unless the XML cannot be read so)
      List<String> names = labelsFromXml(xml, options.hashInputs(), count == 0 ? "" : MekaCount.xmlHint(count));
      xmlOverridesMeka = count == 0 ? null : MekaCount.xmlOverrides(fileName, xml.toString(), names, count, labelOf);
      labelHint = xmlOverridesMeka == null ? "" : MekaCount.xmlHint(count);
      return names;
    }
    if (options.labelNames() != null) {
      return labelsByName(options.labelNames(), fileName, "a saved model's label, no XML label file beside the data");
    }
    if (!counts.isEmpty()) {
      // the relation alone names the labels: a -C that names none, or two that differ, cannot be what was meant
      if (count == 0) {
        throw new DataFormatException(fileName, 0, "the relation's -C 0 names no label attributes (MEKA: -C N, the first N"
            + " attributes; -C -N, the last N)");
      }
      for (int c : counts) {
        if (c != count) {
          throw new DataFormatException(fileName, 0, "the relation gives -C " + count + " and -C " + c + ": give one");
        }
      }
      if (Math.abs(count) > attributes.length) {
        throw new DataFormatException(fileName, 0, "the relation's -C " + count + " asks for " + Math.abs(count) + " labels but the file"
            + " has only " + attributes.length + " attributes: a stale -C (one written before attributes were removed?); say which"
            + " attributes are the labels (--labels-xml FILE, ReadOptions.withLabelFile, --labels-last N, ReadOptions.withLabelsLast,"
            + " or --labels-first N, ReadOptions.withLabelsFirst)");
      }
      List<String> names = labelsByPosition(Math.abs(count), count > 0, "-C " + count + " in the relation name");
      labelHint = MekaCount.staleHint(count);
      meka = MekaCount.start(fileName, header.relation, count, attributes, ignored, options.warnings());
      return names;
    }
    Matcher other = MekaCount.ANY.matcher(header.relation);
    String notANumber = other.find() ? " (the relation's -C " + other.group(1) + " is not a number of label attributes)" : "";
    throw new DataFormatException(fileName, 0, "cannot tell which attributes are labels: "
        + (file == null ? "no label file given" : "no Mulan XML file " + Numbers.quote(MulanLabels.datasetName(file) + ".xml") + " beside the file")
        + " and no MEKA -C N in the relation" + notANumber + "; give the label file (--labels-xml FILE, ReadOptions.withLabelFile)"
        + " or the number of label attributes at the end (--labels-last N, ReadOptions.withLabelsLast) or at the start"
        + " (--labels-first N, ReadOptions.withLabelsFirst)");
  }

  /** The labels a Mulan XML file names; {@code hint} is added to the error when a name is not an attribute. */
  private List<String> labelsFromXml(Path xml, boolean hash, String hint) throws IOException {
    MulanLabels.Labels loaded = MulanLabels.load(xml, hash);
    xmlDigest = loaded.digest();
    try {
      return labelsByName(loaded.names(), xml.toString(), null);
    } catch (DataFormatException e) {
      throw hint.isEmpty() ? e : new DataFormatException(e.file(), e.line(), e.problem() + hint);
    }
  }

  /**
   * The label attributes named by {@code names}, in label order; errors name {@code source} (the XML file, or the
   * ARFF file itself with {@code what} saying where the names came from).
   */
  private List<String> labelsByName(List<String> names, String source, String what) throws DataFormatException {
    String from = what == null ? "" : " (" + what + ")";
    for (int l = 0; l < names.size(); l++) {
      Integer a = header.byName.get(names.get(l));
      if (a == null) {
        throw new DataFormatException(source, 0, "label " + Numbers.quote(names.get(l)) + from + " is not an attribute of " + fileName);
      }
      if (ignored[a]) {
        throw new DataFormatException(source, 0, "label " + Numbers.quote(names.get(l)) + from + " is also an ignored attribute");
      }
      labelOf[a] = l;
    }
    return List.copyOf(names);
  }

  private List<String> labelsByPosition(int count, boolean first, String source) throws DataFormatException {
    int n = attributes.length;
    if (count > n) {
      throw new DataFormatException(fileName, 0, source + " asks for " + count + " labels but the file has only " + n + " attributes");
    }
    List<String> names = new ArrayList<>(count);
    for (int l = 0; l < count; l++) {
      int a = first ? l : n - count + l;
      if (ignored[a]) {
        throw new DataFormatException(fileName, 0, "label attribute " + Numbers.quote(attributes[a].name) + " is also ignored");
      }
      labelOf[a] = l;
      names.add(attributes[a].name);
    }
    return names;
  }
}
