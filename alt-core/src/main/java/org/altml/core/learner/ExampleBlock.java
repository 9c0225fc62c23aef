package org.altml.core.learner;

import java.util.Arrays;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A block of consecutive examples (id, x, Y) for the block entry points of {@link OnlineMultiLabelLearner}
 * and {@link Predictor}: protocols fill one and hand it over, so a learner can compute the work of many
 * rounds in one pass over its model (the kernel learners' kernel rows against the support vectors stored
 * before the block) while keeping the round-by-round semantics. Features and labels are copied in
 * ({@link #add}), so callers may pass views of scratch buffers (a scaler's output). Reused; allocates only
 * to grow. Not thread-safe.
 */
public final class ExampleBlock {
  /** The block size the protocols use. */
  public static final int DEFAULT_CAPACITY = 64;

  private final long[] ids;
  private final SparseVector[] features;
  private final LabelSet[] labels;
  private final int[][] indexBuffers;
  private final float[][] valueBuffers;
  private final int[][] labelBuffers;
  private int size;

  /** An empty block holding up to {@code capacity} examples. */
  public ExampleBlock(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1: " + capacity);
    }
    ids = new long[capacity];
    features = new SparseVector[capacity];
    labels = new LabelSet[capacity];
    indexBuffers = new int[capacity][16];
    valueBuffers = new float[capacity][16];
    labelBuffers = new int[capacity][8];
    for (int k = 0; k < capacity; k++) {
      features[k] = new SparseVector();
      labels[k] = new LabelSet();
    }
  }

  /** Most examples this block holds. */
  public int capacity() {
    return ids.length;
  }

  /** Examples held. */
  public int size() {
    return size;
  }

  /** True when no more examples fit. */
  public boolean isFull() {
    return size == ids.length;
  }

  /** Empties the block. */
  public void clear() {
    size = 0;
  }

  /**
   * Drops the last example (an open protocol takes an example that brings a label out of its block, to predict it
   * before the learner grows).
   *
   * @throws IllegalStateException when the block is empty
   */
  public void removeLast() {
    if (size == 0) {
      throw new IllegalStateException("block empty");
    }
    size--;
  }

  /**
   * Appends a copy of (x, y) with id {@code id} ({@link OnlineMultiLabelLearner#NO_ID} when unknown); y may
   * be null for prediction (an empty label set is held then).
   *
   * @return its position in the block
   * @throws IllegalStateException when the block is full
   */
  public int add(long id, SparseVector x, LabelSet y) {
    if (size == ids.length) {
      throw new IllegalStateException("block full: " + size);
    }
    int k = size++;
    ids[k] = id;
    int nnz = x.nnz();
    if (indexBuffers[k].length < nnz) {
      int grown = Math.max(nnz, 2 * indexBuffers[k].length);
      indexBuffers[k] = new int[grown];
      valueBuffers[k] = new float[grown];
    }
    System.arraycopy(x.indices(), x.offset(), indexBuffers[k], 0, nnz);
    System.arraycopy(x.values(), x.offset(), valueBuffers[k], 0, nnz);
    features[k].reset(indexBuffers[k], valueBuffers[k], 0, nnz);
    int m = y == null ? 0 : y.size();
    if (labelBuffers[k].length < m) {
      labelBuffers[k] = Arrays.copyOf(labelBuffers[k], Math.max(m, 2 * labelBuffers[k].length));
    }
    if (m > 0) {
      System.arraycopy(y.array(), y.offset(), labelBuffers[k], 0, m);
    }
    labels[k].reset(labelBuffers[k], 0, m);
    return k;
  }

  /**
   * Appends (x, y) with id {@code id} without copying: example k then refers to x's and y's arrays (y may be
   * null for prediction). For data that does not change while the block is in use, such as the rows of a
   * {@link org.altml.sparse.data.Dataset}; {@link #add} copies instead.
   *
   * @return its position in the block
   * @throws IllegalStateException when the block is full
   */
  public int addView(long id, SparseVector x, LabelSet y) {
    if (size == ids.length) {
      throw new IllegalStateException("block full: " + size);
    }
    int k = size++;
    ids[k] = id;
    features[k].reset(x.indices(), x.values(), x.offset(), x.nnz());
    if (y == null) {
      labels[k].reset(labelBuffers[k], 0, 0);
    } else {
      labels[k].reset(y.array(), y.offset(), y.size());
    }
    return k;
  }

  /** The id of example {@code k}. */
  public long id(int k) {
    java.util.Objects.checkIndex(k, size);
    return ids[k];
  }

  /** The features of example {@code k} (a view owned by this block, valid until it is refilled). */
  public SparseVector features(int k) {
    java.util.Objects.checkIndex(k, size);
    return features[k];
  }

  /** The labels of example {@code k} (empty for a prediction block). */
  public LabelSet labels(int k) {
    java.util.Objects.checkIndex(k, size);
    return labels[k];
  }

  /** {@code count} new {@link Scores} of {@code numLabels} labels, the output of a block call. */
  public static Scores[] newScores(int count, int numLabels) {
    Scores[] out = new Scores[count];
    for (int k = 0; k < count; k++) {
      out[k] = new Scores(numLabels);
    }
    return out;
  }
}
