package org.altml.sparse.data;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.HashSet;
import java.util.List;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * Accumulates examples into the CSR arrays of a {@link Dataset}. Feature entries go into fixed chunks that
 * {@link #build()} copies once into exact arrays; the per-example arrays grow amortised (+50%); so adding a
 * corpus row by row costs O(total non-zeros). Every allocation is checked with {@link MemoryCheck} first,
 * so a file too large for the heap raises {@link InsufficientMemoryException} naming the dataset, not an
 * {@link OutOfMemoryError}.
 * Not thread-safe.
 */
public final class DatasetBuilder {
  private final IntArrayList featureOffsets = new IntArrayList();
  /**
   * The feature entries in fixed chunks of {@link #CHUNK} entries, copied once into exact arrays by
   * {@link #build()}: growing one array by half its size again and again allocated, zeroed and copied about
   * three times the final size (and 44% of the wall time of loading a 400 MB file went to zeroing fresh
   * pages in this VM); chunks are written once.
   */
  private int[][] indexChunks = new int[0][];
  private float[][] valueChunks = new float[0][];
  private long entries;
  private static final int CHUNK = 1 << 20;
  private final IntArrayList labelOffsets = new IntArrayList();
  private final IntArrayList labelIds = new IntArrayList();
  private int maxFeature = -1;
  private int maxLabel = -1;
  private int declaredFeatures = -1;
  private int declaredLabels = -1;
  /** Largest array the builder grows to (the usual VM limit, as in fastutil). */
  private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private List<String> labelNames;
  private List<String> featureNames = List.of();
  private List<InputDigest> inputDigests = List.of();
  private String name = "dataset";

  /** Creates an empty builder. */
  public DatasetBuilder() {
    featureOffsets.add(0);
    labelOffsets.add(0);
  }

  /** Sets the dataset's name (for reports), by default {@code "dataset"}. */
  public DatasetBuilder name(String name) {
    this.name = name;
    return this;
  }

  /** Declares d; otherwise d = largest feature index + 1. Must not be below any index added. */
  public DatasetBuilder numFeatures(int numFeatures) {
    if (numFeatures < 0) {
      throw new IllegalArgumentException("numFeatures must be >= 0: " + numFeatures);
    }
    this.declaredFeatures = numFeatures;
    return this;
  }

  /** Declares L; otherwise L = largest label + 1 (or the number of label names). */
  public DatasetBuilder numLabels(int numLabels) {
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
    this.declaredLabels = numLabels;
    return this;
  }

  /** Sets the label names; their count fixes L. */
  public DatasetBuilder labelNames(List<String> names) {
    this.labelNames = List.copyOf(names);
    return this;
  }

  /**
   * Sets the feature names (one per feature, distinct; their count fixes d), or none (an empty list, the
   * default).
   */
  public DatasetBuilder featureNames(List<String> names) {
    List<String> copy = List.copyOf(names);
    if (new HashSet<>(copy).size() != copy.size()) {
      throw new IllegalArgumentException("feature names must be distinct: " + (copy.size() > 20 ? copy.subList(0, 20) + "..." : copy));
    }
    this.featureNames = copy;
    return this;
  }

  /** Sets the digests of the inputs the examples were read from ({@link Dataset#inputDigests()}). */
  public DatasetBuilder inputDigests(List<InputDigest> digests) {
    this.inputDigests = List.copyOf(digests);
    return this;
  }

  /**
   * Appends one example (its entries are copied).
   *
   * @throws InsufficientMemoryException if the examples would no longer fit in the heap
   */
  public DatasetBuilder add(SparseVector x, LabelSet y) {
    int nnz = x.nnz();
    if (entries + nnz > MAX_ARRAY_LENGTH) {
      throw new InsufficientMemoryException("feature entries", Long.MAX_VALUE, MemoryCheck.available(), name + " has more than "
          + MAX_ARRAY_LENGTH + " feature entries, more than one in-memory dataset can hold; stream the file instead of loading it whole");
    }
    reserve(labelIds, y.size(), "labels");
    reserve(featureOffsets, 1, "examples");
    reserve(labelOffsets, 1, "examples");
    int[] ix = x.indices();
    float[] vx = x.values();
    for (int done = 0; done < nnz; ) {
      int chunk = (int) (entries >>> 20);
      int at = (int) (entries & (CHUNK - 1));
      if (chunk == indexChunks.length) {
        addChunk();
      }
      int n = Math.min(nnz - done, CHUNK - at);
      System.arraycopy(ix, x.offset() + done, indexChunks[chunk], at, n);
      System.arraycopy(vx, x.offset() + done, valueChunks[chunk], at, n);
      done += n;
      entries += n;
    }
    int[] ly = y.array();
    for (int k = y.offset(), end = y.offset() + y.size(); k < end; k++) {
      labelIds.add(ly[k]);
    }
    maxFeature = Math.max(maxFeature, x.maxIndex());
    maxLabel = Math.max(maxLabel, y.maxLabel());
    featureOffsets.add((int) entries);
    labelOffsets.add(labelIds.size());
    return this;
  }

  /** One more chunk of feature entries, after checking that it fits in the heap. */
  private void addChunk() {
    MemoryCheck.require(8L * CHUNK, "the feature entries of " + name + " (" + (entries + CHUNK) + " entries)",
        "stream the file instead of loading it whole");
    indexChunks = java.util.Arrays.copyOf(indexChunks, indexChunks.length + 1);
    valueChunks = java.util.Arrays.copyOf(valueChunks, valueChunks.length + 1);
    indexChunks[indexChunks.length - 1] = new int[CHUNK];
    valueChunks[valueChunks.length - 1] = new float[CHUNK];
  }

  /**
   * Copies the feature entries out of the chunks (which stay the builder's) into {@code indices} and
   * {@code values}, of exactly {@link #entries} each.
   */
  private void copyEntries(int[] indices, float[] values) {
    for (int c = 0, done = 0; done < indices.length; c++) {
      int m = Math.min(CHUNK, indices.length - done);
      System.arraycopy(indexChunks[c], 0, indices, done, m);
      System.arraycopy(valueChunks[c], 0, values, done, m);
      done += m;
    }
  }

  /** Grows {@code a} for {@code more} entries, +50% at least, after checking that the new array fits in the heap. */
  private void reserve(IntArrayList a, int more, String what) {
    long needed = (long) a.size() + more;
    int length = a.elements().length;
    if (needed <= length) {
      return;
    }
    if (needed > MAX_ARRAY_LENGTH) {
      throw new InsufficientMemoryException(what, Long.MAX_VALUE, MemoryCheck.available(), name + " has more than "
          + MAX_ARRAY_LENGTH + " " + what + ", more than one in-memory dataset can hold; stream the file instead of loading it whole");
    }
    int grown = (int) Math.min(MAX_ARRAY_LENGTH, Math.max(needed, length + (long) (length >> 1)));
    MemoryCheck.require(4L * grown, "the " + what + " of " + name + " (" + grown + " entries)",
        "stream the file instead of loading it whole");
    a.ensureCapacity(grown);
  }

  /** Appends every remaining example of a stream (does not close it). */
  public DatasetBuilder addAll(ExampleStream stream) throws java.io.IOException {
    while (stream.advance()) {
      add(stream.features(), stream.labels());
    }
    return this;
  }

  /** Number of examples added so far. */
  public int size() {
    return featureOffsets.size() - 1;
  }

  /**
   * Builds the dataset.
   *
   * @throws IllegalStateException if a declared d or L is below an index or label that was added
   */
  public Dataset build() {
    int d = declaredFeatures >= 0 ? declaredFeatures : maxFeature + 1;
    if (d <= maxFeature) {
      throw new IllegalStateException("declared numFeatures " + d + " but feature index " + maxFeature + " occurs");
    }
    int l;
    if (declaredLabels >= 0) {
      l = declaredLabels;
    } else if (labelNames != null) {
      l = labelNames.size();
    } else {
      l = maxLabel + 1;
    }
    if (l <= maxLabel) {
      throw new IllegalStateException("numLabels " + l + " but label " + maxLabel + " occurs");
    }
    List<String> names = labelNames;
    if (names == null) {
      names = new IndexNames(l);
    } else if (names.size() != l) {
      throw new IllegalStateException("numLabels " + l + " but " + names.size() + " label names");
    }
    if (!featureNames.isEmpty() && featureNames.size() != d) {
      throw new IllegalStateException("numFeatures " + d + " but " + featureNames.size() + " feature names");
    }
    MemoryCheck.require(8L * entries, "the arrays of " + name, "stream the file instead of loading it whole");
    int[] indices = new int[(int) entries];
    float[] values = new float[(int) entries];
    copyEntries(indices, values);
    // the feature entries copied out of the chunks; the other arrays trimmed in place and shared with the
    // dataset: a later add() grows (copies) them first
    return new Dataset(
        name,
        d,
        l,
        names,
        featureNames,
        inputDigests,
        trimmed(featureOffsets),
        indices,
        values,
        trimmed(labelOffsets),
        trimmed(labelIds),
        false);
  }

  private int[] trimmed(IntArrayList a) {
    if (a.elements().length != a.size()) {
      MemoryCheck.require(4L * a.size(), "the arrays of " + name, "stream the file instead of loading it whole");
      a.trim();
    }
    return a.elements();
  }
}
