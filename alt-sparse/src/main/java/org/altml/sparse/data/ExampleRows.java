package org.altml.sparse.data;

import java.util.Arrays;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Copies of examples in CSR arrays that grow to the longest seen and are reused after {@link #clear()}: the
 * blocks that streams reading ahead on other threads hand to their consumer ({@link ReadAheadStream}, the
 * parallel LIBSVM reader). A block of n examples allocates nothing once its arrays have grown. Not thread-safe:
 * one thread fills a block, then hands it over.
 */
public final class ExampleRows {
  private int size;
  private int[] featureOffsets = new int[129];
  private int[] indices = new int[0];
  private float[] values = new float[0];
  private int[] labelOffsets = new int[129];
  private int[] labels = new int[0];

  /** An empty block. */
  public ExampleRows() {}

  /** Examples held. */
  public int size() {
    return size;
  }

  /** Forgets the examples, keeping the arrays. */
  public void clear() {
    size = 0;
  }

  /** Appends a copy of (x, y). */
  public void add(SparseVector x, LabelSet y) {
    if (size + 1 == featureOffsets.length) {
      featureOffsets = Arrays.copyOf(featureOffsets, 2 * featureOffsets.length);
      labelOffsets = Arrays.copyOf(labelOffsets, 2 * labelOffsets.length);
    }
    int at = featureOffsets[size];
    int nnz = x.nnz();
    if (at + nnz > indices.length) {
      int grown = Math.max(at + nnz, 2 * indices.length);
      indices = Arrays.copyOf(indices, grown);
      values = Arrays.copyOf(values, grown);
    }
    System.arraycopy(x.indices(), x.offset(), indices, at, nnz);
    System.arraycopy(x.values(), x.offset(), values, at, nnz);
    int lat = labelOffsets[size];
    int m = y.size();
    if (lat + m > labels.length) {
      labels = Arrays.copyOf(labels, Math.max(lat + m, 2 * labels.length));
    }
    System.arraycopy(y.array(), y.offset(), labels, lat, m);
    size++;
    featureOffsets[size] = at + nnz;
    labelOffsets[size] = lat + m;
  }

  /** Points {@code x} and {@code y} at example {@code k} (views valid until the block is cleared). */
  public void view(int k, SparseVector x, LabelSet y) {
    x.reset(indices, values, featureOffsets[k], featureOffsets[k + 1] - featureOffsets[k]);
    y.reset(labels, labelOffsets[k], labelOffsets[k + 1] - labelOffsets[k]);
  }
}
