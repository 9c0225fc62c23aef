package org.altml.sparse.open;

import java.util.HashSet;
import org.altml.sparse.io.DataFormatException;

/**
 * Maps a parsed {@link OpenRecord} through a {@link Vocabulary}, in three steps so that a refused record leaves the
 * vocabulary as it was: the record's own checks (no feature or label twice, numeric names where the features are
 * numeric), then what growing would refuse (a label's kind, a bound), and only then the growth, in the record's order
 * (docs/spec.md#open-labels: first appearance, within a record in the order it lists them). Hashed names of one row add
 * their signed values (docs/spec.md#open-features); a value of zero carries nothing and gives its name no row.
 */
final class RecordMapping {
  /** Above this many entries, repeated names are found with a hash set rather than by comparing every pair. */
  private static final int PAIRWISE = 12;

  private RecordMapping() {}

  static void map(OpenRecord r, Vocabulary v, boolean grow, String file, long line) throws DataFormatException {
    FeatureVocabulary features = v.features();
    if (features instanceof NumericFeatures f) {
      toIndices(r, f, file, line);
    }
    checkDistinctFeatures(r, file, line);
    checkDistinctLabels(r, file, line);
    if (grow) {
      v.labels().check(r.labelNames, r.labelNumeric, r.numLabelNames, file, line);
      checkRoom(r, features, file, line);
    }
    int nnz = mapFeatures(r, features, grow, file, line);
    int numIds = mapLabels(r, v.labels(), grow, file, line);
    r.publish(nnz, numIds);
  }

  /** For numeric features: every name as its index, checked against the base. */
  private static void toIndices(OpenRecord r, NumericFeatures f, String file, long line) throws DataFormatException {
    for (int k = 0; k < r.numEntries; k++) {
      if (r.indices[k] < 0) {
        long index = NumericFeatures.indexOf(r.names[k]);
        if (index < 0) {
          throw new DataFormatException(file, line, NumericFeatures.notAnIndex(r.names[k], index));
        }
        r.indices[k] = index;
      }
      f.checkBase(r.indices[k], file, line);
    }
  }

  private static void checkDistinctFeatures(OpenRecord r, String file, long line) throws DataFormatException {
    int n = r.numEntries;
    boolean byIndex = n > 0 && r.indices[0] >= 0;
    if (byIndex) {
      long previous = -1;
      boolean sorted = true;
      for (int k = 0; k < n && sorted; k++) {
        sorted = r.indices[k] > previous;
        previous = r.indices[k];
      }
      if (sorted) {
        return;
      }
      long[] copy = java.util.Arrays.copyOf(r.indices, n);
      java.util.Arrays.sort(copy);
      for (int k = 1; k < n; k++) {
        if (copy[k] == copy[k - 1]) {
          throw new DataFormatException(file, line, "duplicate feature index " + copy[k] + " (each feature may appear once"
              + " per record)");
        }
      }
      return;
    }
    String twice = repeated(r.names, n);
    if (twice != null) {
      throw new DataFormatException(file, line, "feature " + OpenNames.quote(twice) + " given twice (each feature may appear"
          + " once per record)");
    }
  }

  private static void checkDistinctLabels(OpenRecord r, String file, long line) throws DataFormatException {
    String twice = repeated(r.labelNames, r.numLabelNames);
    if (twice == null) {
      return;
    }
    boolean numeric = false;
    boolean name = false;
    for (int k = 0; k < r.numLabelNames; k++) {
      if (r.labelNames[k].equals(twice)) {
        numeric |= r.labelNumeric[k];
        name |= !r.labelNumeric[k];
      }
    }
    throw new DataFormatException(file, line, numeric && name
        ? "label name \"" + twice + "\" and label index " + twice + " in one record: a label is either a name or a"
            + " numeric id, write every use of it alike"
        : "duplicate label " + (numeric ? twice : OpenNames.quote(twice)));
  }

  /** The first name of {@code names[0, n)} that repeats an earlier one, or null. */
  private static String repeated(String[] names, int n) {
    if (n <= PAIRWISE) {
      for (int i = 1; i < n; i++) {
        for (int j = 0; j < i; j++) {
          if (names[i].equals(names[j])) {
            return names[i];
          }
        }
      }
      return null;
    }
    HashSet<String> seen = new HashSet<>(2 * n);
    for (int i = 0; i < n; i++) {
      if (!seen.add(names[i])) {
        return names[i];
      }
    }
    return null;
  }

  /** Refuses the record before anything grows when the features' growth would pass a bound. */
  private static void checkRoom(OpenRecord r, FeatureVocabulary features, String file, long line) throws DataFormatException {
    switch (features) {
      case FeatureDictionary d -> {
        int fresh = 0;
        for (int k = 0; k < r.numEntries; k++) {
          if (r.values[k] != 0f && d.row(name(r, k)) < 0) {
            d.checkRoom(name(r, k), ++fresh, file, line);
          }
        }
      }
      case NumericFeatures f -> {
        for (int k = 0; k < r.numEntries; k++) {
          if (r.values[k] != 0f) {
            f.rowOf(r.indices[k], file, line);
          }
        }
      }
      case FeatureHashing h -> { }
    }
  }

  /** The name of entry {@code k}, made from its index when it has none yet. */
  private static String name(OpenRecord r, int k) {
    String name = r.names[k];
    if (name == null) {
      name = Long.toString(r.indices[k]);
      r.names[k] = name;
    }
    return name;
  }

  /** Maps the non-zero features (growing when asked) into {@code r.rows}; returns their number after summing shared rows. */
  private static int mapFeatures(OpenRecord r, FeatureVocabulary features, boolean grow, String file, long line)
      throws DataFormatException {
    r.reserveRows(r.numEntries);
    int[] rows = r.rows;
    float[] out = r.rowValues;
    int nnz = 0;
    for (int k = 0; k < r.numEntries; k++) {
      float value = r.values[k];
      if (value == 0f) {
        continue;
      }
      int row;
      switch (features) {
        case NumericFeatures f -> {
          if (grow) {
            row = f.rowOf(r.indices[k], file, line);
            f.grow(row);
          } else {
            row = f.knownRow(r.indices[k]);
          }
        }
        case FeatureDictionary d -> row = grow ? d.rowOrAdd(name(r, k), file, line) : d.row(name(r, k));
        case FeatureHashing h -> {
          row = h.signedRow(FeatureHashing.hash(name(r, k)));
          if (row < 0) {
            row = ~row;
            value = -value;
          }
        }
      }
      if (row < 0) {
        r.unknownFeature();
        continue;
      }
      rows[nnz] = row;
      out[nnz] = value;
      nnz++;
    }
    int duplicate = r.sorter.sort(rows, out, nnz);
    return duplicate < 0 ? nnz : sumShared(rows, out, nnz, duplicate, file, line);
  }

  /** Sums the values of sorted entries that share a row (from position {@code first} on), dropping sums of zero. */
  private static int sumShared(int[] rows, float[] values, int nnz, int first, String file, long line)
      throws DataFormatException {
    int m = first - 1; // entries [0, first) are distinct; m is the last kept
    for (int k = first; k < nnz; k++) {
      if (rows[k] == rows[m]) {
        values[m] += values[k];
        if (!Float.isFinite(values[m])) {
          throw new DataFormatException(file, line, "the values of the features hashed to row " + rows[k]
              + " add up beyond the float range");
        }
      } else {
        rows[++m] = rows[k];
        values[m] = values[k];
      }
    }
    int kept = 0;
    for (int k = 0; k <= m; k++) {
      if (values[k] != 0f) {
        rows[kept] = rows[k];
        values[kept] = values[k];
        kept++;
      }
    }
    return kept;
  }

  /** Maps the labels (growing when asked; else leaving the unknown ones out) into {@code r.ids}; returns their number. */
  private static int mapLabels(OpenRecord r, LabelVocabulary labels, boolean grow, String file, long line)
      throws DataFormatException {
    r.reserveIds(r.numLabelNames);
    int n = 0;
    for (int k = 0; k < r.numLabelNames; k++) {
      String name = r.labelNames[k];
      int id = grow ? labels.add(name, r.labelNumeric[k], file, line) : labels.known(name, r.labelNumeric[k], file, line);
      if (id < 0) {
        r.unknownLabel(name);
      } else {
        r.ids[n++] = id;
      }
    }
    return n;
  }
}
