package org.altml.kernel.store;

import java.util.Arrays;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.SparseVector;

/**
 * Scores of a block of examples against a range of support vectors in one pass over the store: for the
 * block's rows X_b and the slots' features S (dense rows), G = X_b·S^T, K = exp(−(||x||² + ||s||² −
 * 2G)/(2σ²)), then scores += K·A with A the slots' coefficient rows, in chunks of {@link #CHUNK} slots so
 * that G and the packed S^T stay in cache. Both products are {@link VectorMath#multiplyAdd} (register-
 * blocked SIMD); the exponentials are {@link VectorMath#gaussianFromDots} (the toolkit's exponential on SIMD lanes, the
 * same bits as the scalar one in every tier; neither {@link Math#exp} nor the Vector API's has that property).
 *
 * <p>Summation order: each dot product sums over the features in ascending order, each score over the
 * slots in slot order, multiply then add, exactly as {@link SupportVectorStore#kernelRow} and
 * {@link SupportVectorStore#combine} do one example at a time: a row's scores are bit for bit those of the
 * one-example path, whatever the block and whichever rows share it (so test passes split across threads
 * agree with one thread, and blocked training with unblocked). Sparse stores compute each row's kernel
 * values with {@link SupportVectorStore#kernelRow} (no sharing across rows yet), then the same product.
 *
 * <p>A float store ({@link SupportVectorStore#floatMath()}) takes the float path: the same two products in float
 * ({@link VectorMath#multiplyAdd(float[], int, int, int, int, float[], int, int, int, float[], int, int)}, twice the
 * lanes of double), the exponents in float, the toolkit's float exponential on SIMD lanes, the scores accumulated
 * in float onto the (float) values in out: bit for bit the store's float one-example path.
 *
 * <p>Scratch grows by doubling and is reused; one per thread. Only reads the store.
 */
public final class BlockScorer {
  /** Support vectors per chunk: packed S^T (d·CHUNK doubles) and G (b·CHUNK) stay in L2. */
  public static final int CHUNK = 128;

  private double[] packedRows = new double[0];
  private double[] packedSlots = new double[0];
  private double[] gram = new double[0];
  private final KernelRow row = new KernelRow();
  private float[] packedRowsFloat = new float[0];
  private float[] packedSlotsFloat = new float[0];
  private float[] gramFloat = new float[0];
  private float[] scoresFloat = new float[0];
  private float[] normsFloat = new float[0];

  /** An empty scorer. */
  public BlockScorer() {}

  /**
   * Adds Σ_{k in [slotFrom, slotTo)} K(x_i, s_k)·α_k, in slot order, to {@code out[i·outStride ..
   * i·outStride + store.stride())} for the block's rows i in [rowFrom, rowTo) (lanes past the width get
   * the zero pad coefficients).
   *
   * @param norms ||x_i||² of the block's rows, by row
   * @param outStride at least {@code store.stride()}
   */
  public void accumulate(SupportVectorStore store, RbfKernel kernel, ExampleBlock block, int rowFrom, int rowTo, double[] norms,
      int slotFrom, int slotTo, double[] out, int outStride) {
    accumulate(store, kernel, block, rowFrom, rowTo, norms, slotFrom, slotTo, out, outStride, null, 0);
  }

  /**
   * {@link #accumulate(SupportVectorStore, RbfKernel, ExampleBlock, int, int, double[], int, int, double[], int)}
   * that also keeps the kernel values' exponents: u with K(x_i, s_k) = {@link VectorMath#exp(double) exp}(u) bit for
   * bit ({@link RbfKernel#exponentFromDot}; in float mode {@link SupportVectorStore#valueOfExponent}(u)) into
   * {@code exponentsOut[i·kStride + k − slotFrom]} (null: not kept),
   * so that threads scoring disjoint row ranges of a block fill one array.
   */
  public void accumulate(SupportVectorStore store, RbfKernel kernel, ExampleBlock block, int rowFrom, int rowTo, double[] norms,
      int slotFrom, int slotTo, double[] out, int outStride, double[] exponentsOut, int kStride) {
    int rows = rowTo - rowFrom;
    if (rows <= 0 || slotTo <= slotFrom) {
      return;
    }
    int stride = store.stride();
    if (outStride < stride) {
      throw new IllegalArgumentException("outStride " + outStride + " < store stride " + stride);
    }
    if (store.layout() != SupportVectorStore.Layout.DENSE) {
      row.keepExponents(exponentsOut != null);
      for (int i = rowFrom; i < rowTo; i++) {
        store.kernelRow(kernel, block.features(i), norms[i], row);
        if (exponentsOut != null) {
          System.arraycopy(row.exponents(), slotFrom, exponentsOut, i * kStride, slotTo - slotFrom);
        }
        store.combineAdd(row, slotFrom, slotTo - slotFrom, out, i * outStride);
      }
      return;
    }
    if (store.floatMath()) {
      accumulateFloat(store, kernel, block, rowFrom, rowTo, norms, slotFrom, slotTo, out, outStride, exponentsOut, kStride);
      return;
    }
    int cols = store.denseColumns();
    packRows(block, rowFrom, rows, cols);
    int maxChunk = Math.min(CHUNK, slotTo - slotFrom);
    if (packedSlots.length < cols * maxChunk) {
      packedSlots = new double[Math.max(cols * maxChunk, 2 * packedSlots.length)];
    }
    if (gram.length < rows * maxChunk) {
      gram = new double[Math.max(rows * maxChunk, 2 * gram.length)];
    }
    for (int k0 = slotFrom; k0 < slotTo; k0 += CHUNK) {
      int nc = Math.min(CHUNK, slotTo - k0);
      store.packTransposed(k0, nc, packedSlots);
      Arrays.fill(gram, 0, rows * nc, 0.0);
      VectorMath.multiplyAdd(packedRows, 0, cols, rows, cols, packedSlots, 0, nc, nc, gram, 0, nc);
      for (int i = 0; i < rows; i++) {
        double norm = norms[rowFrom + i];
        int base = i * nc;
        if (exponentsOut != null) {
          kernel.exponentsFromDots(gram, base, nc, norm, store.squaredNormsArray(), k0);
          System.arraycopy(gram, base, exponentsOut, (rowFrom + i) * kStride + k0 - slotFrom, nc);
          VectorMath.exp(gram, base, nc);
        } else {
          VectorMath.gaussianFromDots(gram, base, nc, norm, store.squaredNormsArray(), k0, kernel.twoSigmaSquared());
        }
      }
      store.combineAdd(gram, 0, nc, rows, k0, nc, out, rowFrom * outStride, outStride);
    }
  }

  /** The float path of {@link #accumulate} (dense float stores): see the class comment. */
  private void accumulateFloat(SupportVectorStore store, RbfKernel kernel, ExampleBlock block, int rowFrom, int rowTo, double[] norms,
      int slotFrom, int slotTo, double[] out, int outStride, double[] exponentsOut, int kStride) {
    int rows = rowTo - rowFrom;
    int stride = store.stride();
    int cols = store.denseColumns();
    packRowsFloat(block, rowFrom, rows, cols);
    int maxChunk = Math.min(CHUNK, slotTo - slotFrom);
    packedSlotsFloat = KernelRow.atLeast(packedSlotsFloat, cols * maxChunk);
    gramFloat = KernelRow.atLeast(gramFloat, rows * maxChunk);
    scoresFloat = KernelRow.atLeast(scoresFloat, rows * stride);
    for (int i = 0; i < rows; i++) {
      int o = (rowFrom + i) * outStride;
      for (int j = 0; j < stride; j++) {
        scoresFloat[i * stride + j] = (float) out[o + j]; // floats: the sums of earlier calls
      }
    }
    double[] storeNorms = store.squaredNormsArray();
    for (int k0 = slotFrom; k0 < slotTo; k0 += CHUNK) {
      int nc = Math.min(CHUNK, slotTo - k0);
      store.packTransposed(k0, nc, packedSlotsFloat);
      Arrays.fill(gramFloat, 0, rows * nc, 0f);
      VectorMath.multiplyAdd(packedRowsFloat, 0, cols, rows, cols, packedSlotsFloat, 0, nc, nc, gramFloat, 0, nc);
      float[] chunkNorms = normsFloat(storeNorms, k0, nc);
      for (int i = 0; i < rows; i++) {
        gaussiansFloat(kernel, gramFloat, i * nc, nc, (float) norms[rowFrom + i], chunkNorms, 0, exponentsOut,
            (rowFrom + i) * kStride + k0 - slotFrom);
      }
      store.combineAddFloat(gramFloat, nc, rows, k0, nc, scoresFloat, stride);
    }
    for (int i = 0; i < rows; i++) {
      int o = (rowFrom + i) * outStride;
      for (int j = 0; j < stride; j++) {
        out[o + j] = scoresFloat[i * stride + j];
      }
    }
  }

  /**
   * Float mode, in place: the n dot products at {@code g[off..]} become kernel values: their exponents ({@link
   * VectorMath#gaussianExponents}, {@link RbfKernel#exponentFromDot(float, float, float)}'s operations; kept into {@code
   * exponentsOut} at {@code exponentsAt} unless null), then the float exponential ({@link RbfKernel#valueOfExponentFloat}'s
   * bits), both on SIMD lanes.
   */
  private static void gaussiansFloat(RbfKernel kernel, float[] g, int off, int n, float normX, float[] norms, int normsOff,
      double[] exponentsOut, int exponentsAt) {
    VectorMath.gaussianExponents(g, off, n, normX, norms, normsOff, kernel.twoSigmaSquaredFloat());
    if (exponentsOut != null) {
      for (int q = 0; q < n; q++) {
        exponentsOut[exponentsAt + q] = g[off + q];
      }
    }
    VectorMath.exp(g, off, n);
  }

  /** The squared norms of {@code n} stored vectors from {@code from}, rounded to float, into {@link #normsFloat}. */
  private float[] normsFloat(double[] storeNorms, int from, int n) {
    normsFloat = KernelRow.atLeast(normsFloat, n);
    for (int q = 0; q < n; q++) {
      normsFloat[q] = (float) storeNorms[from + q];
    }
    return normsFloat;
  }

  /**
   * K(x_i, x_j) for every pair of the block's rows into {@code out[i·b + j]} (b = the block's size): the rows
   * as dense rows as wide as the block's widest, G = X_b·X_b^T, then the RBF values, each dot product summed
   * over the features in ascending order from 0 and each kernel value from {@code norms} as
   * {@link SupportVectorStore#kernelRowSlot} computes it for a stored copy of a row (the zero entries add
   * nothing). For blocked training under a budget: the support vectors appended during a block are its rows.
   *
   * @param norms ||x_i||² of the block's rows, by row
   * @param out at least b² long
   * @param exponentsOut null, or at least b² long: the exponents u of the values, out[i] = {@link VectorMath#exp(double)
   *     exp}(exponentsOut[i]) bit for bit (rounded to float in float mode)
   * @param floatMath the store's {@link SupportVectorStore#floatMath()}: compute as its float rows do
   */
  public void blockKernels(RbfKernel kernel, ExampleBlock block, double[] norms, double[] out, double[] exponentsOut,
      boolean floatMath) {
    int b = block.size();
    int cols = 0;
    for (int i = 0; i < b; i++) {
      cols = Math.max(cols, block.features(i).maxIndex() + 1);
    }
    if (floatMath) {
      blockKernelsFloat(kernel, block, b, cols, norms, out, exponentsOut);
      return;
    }
    Arrays.fill(out, 0, b * b, 0.0);
    if (b == 0 || cols == 0) {
      gaussians(kernel, b, norms, out, exponentsOut);
      return;
    }
    packRows(block, 0, b, cols);
    if (packedSlots.length < cols * b) {
      packedSlots = new double[Math.max(cols * b, 2 * packedSlots.length)];
    }
    for (int i = 0; i < b; i++) {
      for (int p = 0; p < cols; p++) {
        packedSlots[p * b + i] = packedRows[i * cols + p];
      }
    }
    VectorMath.multiplyAdd(packedRows, 0, cols, b, cols, packedSlots, 0, b, b, out, 0, b);
    gaussians(kernel, b, norms, out, exponentsOut);
  }

  /** The float path of {@link #blockKernels}: the product in float, then {@link #gaussiansFloat} per row. */
  private void blockKernelsFloat(RbfKernel kernel, ExampleBlock block, int b, int cols, double[] norms, double[] out,
      double[] exponentsOut) {
    packRowsFloat(block, 0, b, cols);
    packedSlotsFloat = KernelRow.atLeast(packedSlotsFloat, cols * b);
    gramFloat = KernelRow.atLeast(gramFloat, b * b);
    for (int i = 0; i < b; i++) {
      for (int p = 0; p < cols; p++) {
        packedSlotsFloat[p * b + i] = packedRowsFloat[i * cols + p];
      }
    }
    Arrays.fill(gramFloat, 0, b * b, 0f);
    VectorMath.multiplyAdd(packedRowsFloat, 0, cols, b, cols, packedSlotsFloat, 0, b, b, gramFloat, 0, b);
    float[] blockNorms = normsFloat(norms, 0, b);
    for (int i = 0; i < b; i++) {
      gaussiansFloat(kernel, gramFloat, i * b, b, blockNorms[i], blockNorms, 0, exponentsOut, i * b);
    }
    for (int q = 0; q < b * b; q++) {
      out[q] = gramFloat[q];
    }
  }

  /** The b x b dot products in {@code out} become kernel values (their exponents into {@code exponentsOut} unless null). */
  private static void gaussians(RbfKernel kernel, int b, double[] norms, double[] out, double[] exponentsOut) {
    if (exponentsOut == null) {
      for (int i = 0; i < b; i++) {
        VectorMath.gaussianFromDots(out, i * b, b, norms[i], norms, 0, kernel.twoSigmaSquared());
      }
      return;
    }
    for (int i = 0; i < b; i++) {
      kernel.exponentsFromDots(out, i * b, b, norms[i], norms, 0);
    }
    System.arraycopy(out, 0, exponentsOut, 0, b * b);
    VectorMath.exp(out, 0, b * b);
  }

  /** The block's rows [rowFrom, rowFrom+rows) as dense double rows of {@code cols} (features past cols dropped). */
  private void packRows(ExampleBlock block, int rowFrom, int rows, int cols) {
    if (packedRows.length < rows * cols) {
      packedRows = new double[Math.max(rows * cols, 2 * packedRows.length)];
    }
    Arrays.fill(packedRows, 0, rows * cols, 0.0);
    for (int i = 0; i < rows; i++) {
      SparseVector x = block.features(rowFrom + i);
      int[] xi = x.indices();
      float[] xv = x.values();
      int off = x.offset();
      int base = i * cols;
      for (int k = 0; k < x.nnz(); k++) {
        int f = xi[off + k];
        if (f >= cols) {
          break; // no support vector has this feature: it contributes nothing to a dot product
        }
        packedRows[base + f] = xv[off + k];
      }
    }
  }

  /** The block's rows [rowFrom, rowFrom+rows) as dense float rows of {@code cols}: {@link #packRows} for the float path. */
  private void packRowsFloat(ExampleBlock block, int rowFrom, int rows, int cols) {
    packedRowsFloat = KernelRow.atLeast(packedRowsFloat, rows * cols);
    Arrays.fill(packedRowsFloat, 0, rows * cols, 0f);
    for (int i = 0; i < rows; i++) {
      SparseVector x = block.features(rowFrom + i);
      int[] xi = x.indices();
      float[] xv = x.values();
      int off = x.offset();
      int base = i * cols;
      for (int k = 0; k < x.nnz() && xi[off + k] < cols; k++) {
        packedRowsFloat[base + xi[off + k]] = xv[off + k];
      }
    }
  }

  /** Approximate bytes of heap held. */
  public long ramBytesUsed() {
    return 64 + 8L * (packedRows.length + packedSlots.length + gram.length) + row.ramBytesUsed()
        + 4L * (packedRowsFloat.length + packedSlotsFloat.length + gramFloat.length + scoresFloat.length + normsFloat.length);
  }
}
