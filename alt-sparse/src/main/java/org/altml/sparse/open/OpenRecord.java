package org.altml.sparse.open;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.internal.EntrySorter;

/**
 * One record of an open stream, mapped through a {@link Vocabulary} ({@link OpenStream#parse}): its features by row
 * (sorted, the signed values of hashed names that share a row summed), its labels by id, and its {@code "id"} when a
 * JSON record has one. Reused from record to record: what it hands out is valid until the next parse. Not thread-safe.
 */
public final class OpenRecord {
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private final ArrayList<String> unknownLabels = new ArrayList<>();
  private final List<String> unknownView = Collections.unmodifiableList(unknownLabels);
  private String id;
  private boolean labelled;
  private int unknownFeatures;

  // the record as parsed, before the vocabulary: a feature has a name, or an index (LIBSVM's, name not made yet)
  String[] names = new String[16];
  long[] indices = new long[16];
  float[] values = new float[16];
  int numEntries;
  String[] labelNames = new String[8];
  boolean[] labelNumeric = new boolean[8];
  int numLabelNames;

  // the record as mapped
  int[] rows = new int[16];
  float[] rowValues = new float[16];
  int[] ids = new int[8];
  final EntrySorter sorter = new EntrySorter();

  /** An empty record, to be filled by {@link OpenStream#parse}. */
  public OpenRecord() {}

  /** The features, by row of the vocabulary. */
  public SparseVector features() {
    return x;
  }

  /** The labels, by id of the vocabulary (labels unknown to a vocabulary read without growth are left out). */
  public LabelSet labels() {
    return y;
  }

  /** The JSON record's {@code "id"} as text, or null (no id, or not JSON). */
  public String id() {
    return id;
  }

  /**
   * Whether the record gives labels: always for the LIBSVM formats (a line without labels has none relevant), for JSON
   * when it has {@code "labels"} ({@code []} included); an unlabelled record is for prediction only.
   */
  public boolean labelled() {
    return labelled;
  }

  /** The label names the vocabulary did not know, when read without growth (in the record's order); else empty. */
  public List<String> unknownLabels() {
    return unknownView;
  }

  /** How many features the vocabulary did not know, when read without growth (they were ignored); else 0. */
  public int unknownFeatures() {
    return unknownFeatures;
  }

  /**
   * Fills this record from arrays, as a program hands one over (Python's {@code learn_one}), and maps it through
   * {@code vocabulary} exactly as {@link OpenStream#parse} maps a parsed line (the same checks, the same growth in the
   * same order, a refused record leaving the vocabulary as it was): features by name ({@code featureNames[0, n)} with
   * {@code values}; for a vocabulary of numeric features, an index's decimal text), labels by name with their kinds
   * ({@code labelNames[0, m)}, {@code numeric}: a numeric id's decimal text).
   *
   * @param where names the record in messages (as in {@code "learn_one (example 12)"})
   * @throws DataFormatException naming {@code where} for an invalid name, a value that is not finite, a feature or label
   *     given twice, a label name colliding with a numeric id, a bound passed
   */
  public void map(String[] featureNames, float[] values, int n, String[] labelNames, boolean[] numeric, int m,
      Vocabulary vocabulary, boolean grow, String where) throws DataFormatException {
    publish(0, 0); // empty, should the record be refused
    clear();
    boolean named = !(vocabulary.features() instanceof NumericFeatures);
    for (int k = 0; k < n; k++) {
      String name = featureNames[k];
      String problem = named ? OpenNames.problem(name) : null;
      if (problem != null) {
        throw new DataFormatException(where, 0, "feature " + problem);
      }
      if (!Float.isFinite(values[k])) {
        throw new DataFormatException(where, 0, "feature " + OpenNames.quote(name) + " has the value " + values[k]
            + ": feature values must be finite numbers");
      }
      addEntry(name, -1, values[k]);
    }
    for (int k = 0; k < m; k++) {
      String problem = numeric[k] ? null : OpenNames.problem(labelNames[k]);
      if (problem != null) {
        throw new DataFormatException(where, 0, "label " + problem);
      }
      addLabel(labelNames[k], numeric[k]);
    }
    RecordMapping.map(this, vocabulary, grow, where, 0);
  }

  /** Forgets the previous record. */
  void clear() {
    numEntries = 0;
    numLabelNames = 0;
    id = null;
    labelled = true;
    unknownLabels.clear();
    unknownFeatures = 0;
  }

  void setId(String id) {
    this.id = id;
  }

  void setLabelled(boolean labelled) {
    this.labelled = labelled;
  }

  /** Appends a feature as parsed: its name (null when only its index is known yet) or index (-1 for a name). */
  void addEntry(String name, long index, float value) {
    if (numEntries == names.length) {
      int n = 2 * numEntries;
      names = Arrays.copyOf(names, n);
      indices = Arrays.copyOf(indices, n);
      values = Arrays.copyOf(values, n);
    }
    names[numEntries] = name;
    indices[numEntries] = index;
    values[numEntries] = value;
    numEntries++;
  }

  /** Appends a label as parsed. */
  void addLabel(String name, boolean numeric) {
    if (numLabelNames == labelNames.length) {
      labelNames = Arrays.copyOf(labelNames, 2 * numLabelNames);
      labelNumeric = Arrays.copyOf(labelNumeric, 2 * numLabelNames);
    }
    labelNames[numLabelNames] = name;
    labelNumeric[numLabelNames] = numeric;
    numLabelNames++;
  }

  void unknownLabel(String name) {
    unknownLabels.add(name);
  }

  void unknownFeature() {
    unknownFeatures++;
  }

  /** Makes room for {@code n} mapped features. */
  void reserveRows(int n) {
    if (rows.length < n) {
      rows = new int[Math.max(n, 2 * rows.length)];
      rowValues = new float[rows.length];
    }
  }

  /** Hands out the mapped features {@code rows[0, nnz)} (sorted, distinct, non-zero) and labels {@code ids[0, n)}. */
  void publish(int nnz, int numIds) {
    Arrays.sort(ids, 0, numIds);
    x.reset(rows, rowValues, 0, nnz);
    y.reset(ids, 0, numIds);
  }

  /** Makes room for {@code n} label ids. */
  void reserveIds(int n) {
    if (ids.length < n) {
      ids = new int[Math.max(n, 2 * ids.length)];
    }
  }
}
