package org.altml.kernel.store;

import java.util.Arrays;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * The features of a {@link SupportVectorStore}'s vectors as float, with each vector's squared norm, in one of two
 * layouts ({@link SupportVectorStore.Layout}): dense rows of {@link #columns} floats, or CSR-like pools of indices
 * and values that reclaim removed vectors' entries by compacting in place once half garbage. This class stores,
 * moves and converts them (dense to sparse once, when dense rows would have to widen for a new feature and pools
 * would then be smaller); {@link FeatureDots} computes with them. Callers pass the store's size and capacity.
 */
final class FeatureRows {
  static final String HINT = "lower --budget (or give one), or " + MemoryCheck.MORE_HEAP;

  final int numFeaturesHint;
  SupportVectorStore.Layout layout;
  int maxFeature = -1;
  double[] squaredNorms = new double[0];

  int columns;
  float[] dense = new float[0];

  int[] starts = new int[0];
  int[] lengths = new int[0];
  int[] poolIndices = new int[0];
  float[] poolValues = new float[0];
  private int poolEnd;
  private int garbage;
  private long[] compactOrder = new long[0];

  FeatureRows(int numFeaturesHint, SupportVectorStore.Layout layout) {
    this.numFeaturesHint = numFeaturesHint;
    this.layout = layout;
  }

  /** The largest feature index of any vector stored so far, plus one (0 for none). */
  int numFeatures() {
    return maxFeature + 1;
  }

  /** Before the first vector: dense rows when x fills at least half of d (a dense row then costs no more than its sparse form). */
  void chooseLayout(SparseVector x) {
    if (layout == null) {
      int d = Math.max(numFeaturesHint, x.maxIndex() + 1);
      layout = 2L * x.nnz() >= d && d > 0 ? SupportVectorStore.Layout.DENSE : SupportVectorStore.Layout.SPARSE;
    }
  }

  /** Bytes per slot the features take, for the store's memory check of a new capacity. */
  long bytesPerSlot() {
    return layout == SupportVectorStore.Layout.DENSE ? 4L * columns : 8L;
  }

  /** Grows the per-slot arrays to {@code newCapacity} slots. */
  void grow(int newCapacity) {
    squaredNorms = Arrays.copyOf(squaredNorms, newCapacity);
    if (layout == SupportVectorStore.Layout.DENSE && columns > 0) {
      dense = Arrays.copyOf(dense, checkedLength((long) newCapacity * columns));
    }
    starts = Arrays.copyOf(starts, newCapacity);
    lengths = Arrays.copyOf(lengths, newCapacity);
  }

  /** The vector in {@code slot} is about to be removed or replaced: its pool entries become garbage. */
  void release(int slot) {
    if (layout == SupportVectorStore.Layout.SPARSE) {
      garbage += lengths[slot];
    }
  }

  /** Moves {@code from}'s features and norm into {@code to}. */
  void move(int from, int to) {
    squaredNorms[to] = squaredNorms[from];
    if (layout == SupportVectorStore.Layout.DENSE) {
      System.arraycopy(dense, from * columns, dense, to * columns, columns);
    } else {
      starts[to] = starts[from];
      lengths[to] = lengths[from];
    }
  }

  /**
   * Copies x into {@code slot} (one of the store's {@code size} slots of {@code capacity}), with its squared norm:
   * {@code knownNorm} when not NaN, else summed here.
   */
  void write(int slot, SparseVector x, double knownNorm, int size, int capacity) {
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    maxFeature = Math.max(maxFeature, x.maxIndex());
    if (layout == SupportVectorStore.Layout.DENSE && maxFeature >= columns && columns > 0 && sparseWouldBeSmaller(slot, nnz, size)) {
      toSparse(slot, size, capacity); // the first vectors looked dense, the data is not: dense rows would grow with d
    }
    if (layout == SupportVectorStore.Layout.DENSE) {
      ensureColumns(maxFeature + 1, size, capacity);
      int base = slot * columns;
      if (nnz > 0 && xi[off + nnz - 1] == nnz - 1) {
        // strictly increasing indices ending at nnz − 1 are exactly 0..nnz−1 (dense data): the values are the row
        System.arraycopy(xv, off, dense, base, nnz);
        Arrays.fill(dense, base + nnz, base + columns, 0f);
      } else {
        Arrays.fill(dense, base, base + columns, 0f);
        for (int k = 0; k < nnz; k++) {
          dense[base + xi[off + k]] = xv[off + k];
        }
      }
    } else {
      ensurePool(nnz, size, capacity);
      System.arraycopy(xi, off, poolIndices, poolEnd, nnz);
      System.arraycopy(xv, off, poolValues, poolEnd, nnz);
      starts[slot] = poolEnd;
      lengths[slot] = nnz;
      poolEnd += nnz;
    }
    squaredNorms[slot] = knownNorm == knownNorm ? knownNorm : x.squaredNorm();
  }

  /** Makes dense rows at least {@code needed} columns wide (doubling), moving every row. */
  void ensureColumns(int needed, int size, int capacity) {
    if (needed <= columns) {
      return;
    }
    int newColumns = columns == 0 ? Math.max(needed, numFeaturesHint) : (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, 2L * columns));
    long length = (long) capacity * newColumns;
    MemoryCheck.require(4 * length, "the dense support vectors (" + capacity + " x " + newColumns + " floats)", HINT);
    float[] grown = new float[checkedLength(length)];
    for (int k = 0; k < size; k++) {
      System.arraycopy(dense, k * columns, grown, k * newColumns, columns);
    }
    dense = grown;
    columns = newColumns;
  }

  /**
   * Whether CSR pools would take less memory than dense rows of the grown width, for the vectors in every
   * slot but {@code skip} (being rewritten) and a new one of {@code nnz} entries.
   */
  private boolean sparseWouldBeSmaller(int skip, int nnz, int size) {
    long stored = nnz;
    for (int k = 0; k < size; k++) {
      if (k != skip) {
        for (int j = k * columns, end = j + columns; j < end; j++) {
          if (dense[j] != 0f) {
            stored++;
          }
        }
      }
    }
    long grownColumns = Math.max(maxFeature + 1L, 2L * columns);
    return 8 * stored < 4 * grownColumns * size;
  }

  /** Moves every vector but {@code skip}'s from dense rows into CSR pools; the layout becomes sparse. */
  private void toSparse(int skip, int size, int capacity) {
    int cols = columns;
    float[] rows = dense;
    layout = SupportVectorStore.Layout.SPARSE;
    dense = new float[0];
    columns = 0;
    poolEnd = 0;
    garbage = 0;
    for (int k = 0; k < size; k++) {
      starts[k] = poolEnd;
      lengths[k] = 0;
      if (k == skip) {
        continue;
      }
      int nnz = 0;
      for (int j = k * cols, end = j + cols; j < end; j++) {
        if (rows[j] != 0f) {
          nnz++;
        }
      }
      ensurePool(nnz, size, capacity);
      for (int j = 0; j < cols; j++) {
        float v = rows[k * cols + j];
        if (v != 0f) {
          poolIndices[poolEnd] = j;
          poolValues[poolEnd++] = v;
        }
      }
      lengths[k] = nnz;
    }
  }

  /** Room for {@code nnz} more pool entries: compacts when half the pool is garbage, else grows by doubling. */
  private void ensurePool(int nnz, int size, int capacity) {
    if (poolEnd + nnz <= poolIndices.length) {
      return;
    }
    if (garbage > 0 && garbage >= poolEnd / 2) {
      compact(size, capacity);
      if (poolEnd + nnz <= poolIndices.length) {
        return;
      }
    }
    long needed = (long) poolEnd + nnz;
    int newLength = checkedLength(Math.max(needed, Math.max(64L, 2L * poolIndices.length)));
    MemoryCheck.require(8L * newLength, "the sparse support vectors (" + newLength + " non-zeros)", HINT);
    poolIndices = Arrays.copyOf(poolIndices, newLength);
    poolValues = Arrays.copyOf(poolValues, newLength);
  }

  /** Moves every live vector's entries to the front of the pools, in pool order (in place, no allocation in steady state). */
  private void compact(int size, int capacity) {
    if (compactOrder.length < capacity) {
      compactOrder = new long[capacity];
    }
    for (int k = 0; k < size; k++) {
      compactOrder[k] = ((long) starts[k] << 32) | k;
    }
    Arrays.sort(compactOrder, 0, size);
    int w = 0;
    for (int i = 0; i < size; i++) {
      int slot = (int) compactOrder[i];
      int s = starts[slot];
      int len = lengths[slot];
      if (s != w) {
        System.arraycopy(poolIndices, s, poolIndices, w, len); // w <= s: overlapping moves to the left are safe
        System.arraycopy(poolValues, s, poolValues, w, len);
        starts[slot] = w;
      }
      w += len;
    }
    poolEnd = w;
    garbage = 0;
  }

  static int checkedLength(long length) {
    if (length > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("the support vectors need " + length + " array entries, beyond a Java array");
    }
    return (int) length;
  }

  /**
   * Writes z = h·x_a + (1 − h)·x_b (each value rounded to float, exact zeros dropped) into {@code out} and
   * returns its view.
   */
  SparseVector interpolate(int a, int b, double h, VectorBuffer out) {
    double g = 1.0 - h;
    if (layout == SupportVectorStore.Layout.DENSE) {
      out.clear(columns);
      int ba = a * columns;
      int bb = b * columns;
      for (int j = 0; j < columns; j++) {
        out.add(j, (float) (h * dense[ba + j] + g * dense[bb + j]));
      }
      return out.view();
    }
    int p = starts[a];
    int pEnd = p + lengths[a];
    int q = starts[b];
    int qEnd = q + lengths[b];
    out.clear(lengths[a] + lengths[b]);
    while (p < pEnd || q < qEnd) {
      int fp = p < pEnd ? poolIndices[p] : Integer.MAX_VALUE;
      int fq = q < qEnd ? poolIndices[q] : Integer.MAX_VALUE;
      if (fp == fq) {
        out.add(fp, (float) (h * poolValues[p++] + g * poolValues[q++]));
      } else if (fp < fq) {
        out.add(fp, (float) (h * poolValues[p++]));
      } else {
        out.add(fq, (float) (g * poolValues[q++]));
      }
    }
    return out.view();
  }

  /** Slots per tile of {@link #packTransposed}. */
  private static final int TRANSPOSE_TILE = 16;

  /** The dense slots [from, from+count) transposed into {@code out} as doubles: out[p·count + k] = x_{from+k}[p]. */
  void packTransposed(int from, int count, double[] out) {
    int cols = columns;
    // tiles of TRANSPOSE_TILE slots: their rows stay in L1 while each feature's run of the tile is written
    for (int k0 = 0; k0 < count; k0 += TRANSPOSE_TILE) {
      int kn = Math.min(TRANSPOSE_TILE, count - k0);
      for (int p = 0; p < cols; p++) {
        int o = p * count + k0;
        int src = (from + k0) * cols + p;
        for (int k = 0; k < kn; k++) {
          out[o + k] = dense[src + k * cols];
        }
      }
    }
  }

  /** {@link #packTransposed(int, int, double[])} as floats (exact). */
  void packTransposed(int from, int count, float[] out) {
    int cols = columns;
    for (int k0 = 0; k0 < count; k0 += TRANSPOSE_TILE) {
      int kn = Math.min(TRANSPOSE_TILE, count - k0);
      for (int p = 0; p < cols; p++) {
        int o = p * count + k0;
        int src = (from + k0) * cols + p;
        for (int k = 0; k < kn; k++) {
          out[o + k] = dense[src + k * cols];
        }
      }
    }
  }

  /** Approximate bytes of heap held (as the store always counted them). */
  long ramBytesUsed() {
    return 8L * squaredNorms.length + 4L * dense.length + 4L * starts.length + 4L * lengths.length + 4L * poolIndices.length
        + 4L * poolValues.length + 8L * compactOrder.length;
  }
}
