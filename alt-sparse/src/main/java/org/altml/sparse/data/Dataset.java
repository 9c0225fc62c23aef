package org.altml.sparse.data;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * All examples of a corpus in memory, in CSR arrays: example {@code i} has the features
 * {@code featureIndices/Values[featureOffsets[i] .. featureOffsets[i+1])} and the labels
 * {@code labelIds[labelOffsets[i] .. labelOffsets[i+1])}.
 *
 * <p>Immutable once built (by {@link DatasetBuilder} or a reader), so any number of threads may read it
 * and open streams over it at once; each stream is single-threaded. Streams, permutations and folds
 * take explicit seeds ({@link SplittableRandom}), so the same seed gives the same order on every machine.
 */
public final class Dataset {
  private final String name;
  private final int numFeatures;
  private final int numLabels;
  private final List<String> labelNames;
  private final List<String> featureNames;
  private final List<InputDigest> inputDigests;
  private final int[] featureOffsets;
  private final int[] featureIndices;
  private final float[] featureValues;
  private final int[] labelOffsets;
  private final int[] labelIds;
  private final boolean subsetOfInputs;

  Dataset(
      String name,
      int numFeatures,
      int numLabels,
      List<String> labelNames,
      List<String> featureNames,
      List<InputDigest> inputDigests,
      int[] featureOffsets,
      int[] featureIndices,
      float[] featureValues,
      int[] labelOffsets,
      int[] labelIds,
      boolean subsetOfInputs) {
    this.name = name;
    this.numFeatures = numFeatures;
    this.numLabels = numLabels;
    this.labelNames = IndexNames.copyOf(labelNames);
    this.featureNames = List.copyOf(featureNames);
    this.inputDigests = List.copyOf(inputDigests);
    this.featureOffsets = featureOffsets;
    this.featureIndices = featureIndices;
    this.featureValues = featureValues;
    this.labelOffsets = labelOffsets;
    this.labelIds = labelIds;
    this.subsetOfInputs = subsetOfInputs;
  }

  /** Name for reports (usually the file name). */
  public String name() {
    return name;
  }

  /** Number of examples N. */
  public int size() {
    return featureOffsets.length - 1;
  }

  /** Number of features d (every feature index is below it). */
  public int numFeatures() {
    return numFeatures;
  }

  /** Number of labels L (every label is below it). */
  public int numLabels() {
    return numLabels;
  }

  /** Label names, one per label id. */
  public List<String> labelNames() {
    return labelNames;
  }

  /**
   * Feature names, one per feature index (the attribute names of an ARFF file), or an empty list when the
   * features are unnamed (LIBSVM, generated data); writers then make names up.
   */
  public List<String> featureNames() {
    return featureNames;
  }

  /**
   * The first feature index at which this dataset's feature names and {@code other}'s differ, or -1 when they agree
   * on every index both name, or either has no names (LIBSVM, generated data). A difference means data of another
   * attribute order or of another dataset: a model trained on one would weigh the other's features wrongly.
   */
  public int firstFeatureNameDifference(Dataset other) {
    List<String> a = featureNames;
    List<String> b = other.featureNames;
    if (a.isEmpty() || b.isEmpty()) {
      return -1;
    }
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      if (!a.get(i).equals(b.get(i))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The inputs this dataset was read from, hashed as they were read (see
   * {@link ExampleStream#inputDigests()}); empty when it was not read with hashing or not read at all.
   */
  public List<InputDigest> inputDigests() {
    return inputDigests;
  }

  /**
   * SHA-256 (lower-case hex) of what this dataset holds: its dimensions, label names and every example's features
   * and labels, in order (not its name, its feature names or where it was read from). Two datasets with the same
   * examples give the same digest; one changed value changes it. What identifies data that was not hashed as it
   * was read ({@link #inputDigests()} empty), e.g. to key stored results by content. Reads the whole dataset
   * (about 1 s for 100 million non-zeros) each time it is called.
   */
  public String contentSha256() {
    String digest = contentSha256;
    if (digest == null) {
      digest = computeContentSha256();
      contentSha256 = digest;
    }
    return digest;
  }

  /** The digest {@link #contentSha256()} returns, computed once (a dataset never changes). */
  private volatile String contentSha256;

  private String computeContentSha256() {
    java.security.MessageDigest md = org.altml.sparse.Sha256.digest();
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(1 << 16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    buf.putInt(size()).putInt(numFeatures).putInt(numLabels).putInt(labelNames.size());
    for (String label : labelNames) {
      byte[] b = label.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      buf.putInt(b.length).flip();
      md.update(buf);
      buf.clear();
      md.update(b);
    }
    digestInts(md, buf, featureOffsets);
    digestInts(md, buf, featureIndices);
    for (float v : featureValues) {
      flushIfFull(md, buf, Integer.BYTES);
      buf.putInt(Float.floatToIntBits(v));
    }
    digestInts(md, buf, labelOffsets);
    digestInts(md, buf, labelIds);
    buf.flip();
    md.update(buf);
    return org.altml.sparse.Sha256.hex(md);
  }

  private static void digestInts(java.security.MessageDigest md, java.nio.ByteBuffer buf, int[] values) {
    for (int v : values) {
      flushIfFull(md, buf, Integer.BYTES);
      buf.putInt(v);
    }
  }

  /** Hands {@code buf}'s bytes to {@code md} when fewer than {@code bytes} are left in it. */
  private static void flushIfFull(java.security.MessageDigest md, java.nio.ByteBuffer buf, int bytes) {
    if (buf.remaining() < bytes) {
      buf.flip();
      md.update(buf);
      buf.clear();
    }
  }

  /**
   * Whether this dataset was cut from its inputs by {@link #subset} (a fold, a sample, a permutation; also a
   * {@link #withDimensions} copy of one): its {@link #inputDigests()} then say where its examples came from, not
   * what it holds, and only {@link #contentSha256()} identifies it.
   */
  public boolean isSubsetOfInputs() {
    return subsetOfInputs;
  }

  /** Total number of stored feature entries over all examples. */
  public long totalNonZeros() {
    return featureIndices.length;
  }

  /** Total number of relevant (example, label) pairs. */
  public long totalLabels() {
    return labelIds.length;
  }

  /** Number of non-zeros of example {@code i}. */
  public int nnz(int i) {
    checkExample(i);
    return featureOffsets[i + 1] - featureOffsets[i];
  }

  /** Points {@code out} at the features of example {@code i} (a view: no copy). */
  public SparseVector features(int i, SparseVector out) {
    checkExample(i);
    out.reset(featureIndices, featureValues, featureOffsets[i], featureOffsets[i + 1] - featureOffsets[i]);
    return out;
  }

  /**
   * Whether {@code x} is the view {@link #features} gives for example {@code i}: the same arrays, the same
   * range. Its content is then row i's without reading it, because a dataset never changes (a cache keyed by
   * row index may skip checking the content). False for an out-of-range {@code i} and for any copy, however
   * equal.
   */
  public boolean isRow(long i, SparseVector x) {
    if (i < 0 || i >= size()) {
      return false;
    }
    int at = featureOffsets[(int) i];
    return x.indices() == featureIndices && x.values() == featureValues && x.offset() == at
        && x.nnz() == featureOffsets[(int) i + 1] - at;
  }

  /** Points {@code out} at the labels of example {@code i} (a view: no copy). */
  public LabelSet labels(int i, LabelSet out) {
    checkExample(i);
    out.reset(labelIds, labelOffsets[i], labelOffsets[i + 1] - labelOffsets[i]);
    return out;
  }

  /** Example {@code i} as a record owning copies of its data (allocates; for tests and small tools). */
  public Example example(int i) {
    return new Example(features(i, new SparseVector()).copy(), labels(i, new LabelSet()).copy());
  }

  private void checkExample(int i) {
    if (i < 0 || i >= size()) {
      throw new IndexOutOfBoundsException("example " + i + " outside [0, " + size() + ")");
    }
  }

  /** A stream over all examples in stored (file) order. */
  public ExampleStream stream() {
    return new Cursor(null);
  }

  /**
   * A stream over the examples at the given positions, in that order (a permutation, a fold, or any
   * selection with repeats).
   *
   * @throws IndexOutOfBoundsException if a position is outside {@code [0, size())}
   */
  public ExampleStream stream(int[] order) {
    for (int i : order) {
      checkExample(i);
    }
    return new Cursor(order.clone());
  }

  /** A stream over all examples in the order of {@link #permutation(long)} for this seed. */
  public ExampleStream shuffledStream(long seed) {
    return new Cursor(permutation(seed));
  }

  /** A seeded uniform random permutation of {@code 0 .. size()-1} (Fisher-Yates on {@link SplittableRandom}). */
  public int[] permutation(long seed) {
    return permutation(size(), seed);
  }

  /** A seeded uniform random permutation of {@code 0 .. n-1}. */
  public static int[] permutation(int n, long seed) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /**
   * Seeded k-fold split: returns {@code k} test folds, disjoint, covering every example exactly once,
   * sizes differing by at most one, each fold sorted ascending. The training part of fold {@code f} is
   * {@link #complement(int[], int) complement(folds[f], size())}.
   *
   * @throws IllegalArgumentException unless {@code 2 <= k <= size()}
   */
  public int[][] folds(int k, long seed) {
    int n = size();
    if (k < 2 || k > n) {
      throw new IllegalArgumentException("k must be in [2, " + n + "] for " + n + " examples: " + k);
    }
    int[] p = permutation(seed);
    int[][] folds = new int[k][];
    for (int f = 0; f < k; f++) {
      folds[f] = new int[n / k + (f < n % k ? 1 : 0)];
    }
    int[] fill = new int[k];
    for (int i = 0; i < n; i++) {
      int f = i % k;
      folds[f][fill[f]++] = p[i];
    }
    for (int[] fold : folds) {
      Arrays.sort(fold);
    }
    return folds;
  }

  /** The positions in {@code 0 .. n-1} that are not in {@code selected}, ascending. */
  public static int[] complement(int[] selected, int n) {
    boolean[] in = new boolean[n];
    int count = 0;
    for (int i : selected) {
      if (i < 0 || i >= n) {
        throw new IndexOutOfBoundsException("position " + i + " outside [0, " + n + ")");
      }
      if (!in[i]) {
        in[i] = true;
        count++;
      }
    }
    int[] out = new int[n - count];
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (!in[i]) {
        out[m++] = i;
      }
    }
    return out;
  }

  /**
   * A new dataset holding copies of the examples at the given positions, in that order, with the same
   * d, L and label names. Its {@link #inputDigests()} still name the inputs it came from; {@link
   * #isSubsetOfInputs()} says they no longer identify its content.
   */
  public Dataset subset(int[] rows) {
    int nnz = 0;
    int nl = 0;
    for (int i : rows) {
      checkExample(i);
      nnz += featureOffsets[i + 1] - featureOffsets[i];
      nl += labelOffsets[i + 1] - labelOffsets[i];
    }
    int[] fo = new int[rows.length + 1];
    int[] fi = new int[nnz];
    float[] fv = new float[nnz];
    int[] lo = new int[rows.length + 1];
    int[] li = new int[nl];
    for (int r = 0; r < rows.length; r++) {
      int i = rows[r];
      int fn = featureOffsets[i + 1] - featureOffsets[i];
      System.arraycopy(featureIndices, featureOffsets[i], fi, fo[r], fn);
      System.arraycopy(featureValues, featureOffsets[i], fv, fo[r], fn);
      fo[r + 1] = fo[r] + fn;
      int ln = labelOffsets[i + 1] - labelOffsets[i];
      System.arraycopy(labelIds, labelOffsets[i], li, lo[r], ln);
      lo[r + 1] = lo[r] + ln;
    }
    return new Dataset(name, numFeatures, numLabels, labelNames, featureNames, inputDigests, fo, fi, fv, lo, li, true);
  }

  /**
   * A copy of this dataset with a different number of labels (for example to align a test file that
   * lacks the highest labels with its training file) or features. Label names are padded with the
   * label's index; feature names are kept when d stays the same and dropped otherwise.
   *
   * @throws IllegalArgumentException naming this dataset if a stored label or feature index would fall outside the new
   *     sizes, with the fix when those sizes are another dataset's read from LIBSVM (L and d inferred from its largest ids)
   */
  public Dataset withDimensions(int numFeatures, int numLabels) {
    for (int f : featureIndices) {
      if (f >= numFeatures) {
        throw new IllegalArgumentException(name + ": feature index " + f + " does not fit numFeatures " + numFeatures
            + " (features 0 to " + (numFeatures - 1) + "); if that d is LIBSVM data's largest feature index + 1, read that"
            + " data with ReadOptions.withNumFeatures(d) at least " + (f + 1));
      }
    }
    for (int l : labelIds) {
      if (l >= numLabels) {
        throw new IllegalArgumentException(name + ": label " + l + " does not fit numLabels " + numLabels + " (labels 0 to "
            + (numLabels - 1) + "); if that L is LIBSVM data's largest label id + 1, read that data with"
            + " ReadOptions.withNumLabels(L) at least " + (l + 1) + ", or is this other data?");
      }
    }
    List<String> names = IndexNames.padded(labelNames, numLabels);
    List<String> features = numFeatures == this.numFeatures ? featureNames : List.of();
    return new Dataset(name, numFeatures, numLabels, names, features, inputDigests, featureOffsets, featureIndices, featureValues,
        labelOffsets, labelIds, subsetOfInputs);
  }

  private final class Cursor implements ExampleStream {
    private final int[] order;
    private final SparseVector x = new SparseVector();
    private final LabelSet y = new LabelSet();
    private int position = -1;

    Cursor(int[] order) {
      this.order = order;
    }

    @Override
    public boolean advance() {
      int n = order == null ? size() : order.length;
      if (position + 1 >= n) {
        position = n;
        return false;
      }
      position++;
      int i = order == null ? position : order[position];
      Dataset.this.features(i, x);
      Dataset.this.labels(i, y);
      return true;
    }

    @Override
    public SparseVector features() {
      return x;
    }

    @Override
    public LabelSet labels() {
      return y;
    }

    @Override
    public int numLabels() {
      return numLabels;
    }

    @Override
    public int numFeatures() {
      return numFeatures;
    }

    @Override
    public void close() {}
  }

  @Override
  public String toString() {
    return name + " (" + size() + " examples, " + numFeatures + " features, " + numLabels + " labels)";
  }
}
