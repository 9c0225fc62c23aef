package org.altml.kernel.store;

import java.util.Arrays;
import org.altml.core.math.VectorMath;
import org.altml.sparse.SparseVector;

/**
 * The dot products of a {@link SupportVectorStore}: a vector (or a stored one) against the stored features
 * ({@link FeatureRows}), each summed in ascending feature order, in double or, in float mode, in float; dense rows
 * four slots at a time as independent sums that the core overlaps, sparse ones by scattering the vector once and
 * gathering from it. What {@link KernelValues} turns into kernel rows and squared distances. Only reads.
 */
final class FeatureDots {
  private final FeatureRows f;
  private final boolean isDouble;

  FeatureDots(FeatureRows f, boolean isDouble) {
    this.f = f;
    this.isDouble = isDouble;
  }

  /** {@link SupportVectorStore#laneDotRange} (arguments checked). */
  void laneDotRange(int slot, int from, int to, double[] out, double[] scratch) {
    if (f.layout == SupportVectorStore.Layout.SPARSE) {
      // dotRow's sparse path: x_slot scattered once, each vector gathers from it in its stored order
      int[] poolIndices = f.poolIndices;
      float[] poolValues = f.poolValues;
      int s0 = f.starts[slot];
      int e0 = s0 + f.lengths[slot];
      for (int p = s0; p < e0; p++) {
        scratch[poolIndices[p]] = poolValues[p];
      }
      gatherDots(scratch, from, to, out, -from);
      for (int p = s0; p < e0; p++) {
        scratch[poolIndices[p]] = 0.0;
      }
      return;
    }
    int cols = f.columns;
    float[] dense = f.dense;
    int bm = slot * cols;
    for (int j = 0; j < cols; j++) {
      scratch[j] = dense[bm + j];
    }
    VectorMath.rowDots(scratch, cols, dense, from * cols, cols, to - from, out);
    Arrays.fill(scratch, 0, cols, 0.0);
  }

  /** x·x_k for the {@code size} slots k into {@code row.values()[0..size)}, each summed in ascending feature order. */
  void dotRow(SparseVector x, KernelRow row, int size) {
    row.ensure(size, f.numFeatures());
    double[] out = row.values;
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    if (f.layout == SupportVectorStore.Layout.DENSE) {
      int cols = f.columns;
      int end = nnz;
      while (end > 0 && xi[off + end - 1] >= cols) {
        end--; // features no support vector has contribute nothing to the dot products
      }
      denseDots(x, end, null, size, out);
      return;
    }
    // sparse: scatter x once, then each support vector gathers from it (O(nnz(x_k)) per slot); adding the
    // zero products of features x lacks leaves the sum in ascending feature order unchanged
    double[] scatter = row.scatter;
    int limit = f.numFeatures();
    for (int j = 0; j < nnz; j++) {
      int i = xi[off + j];
      if (i < limit) {
        scatter[i] = xv[off + j];
      }
    }
    if (isDouble) {
      gatherDots(scatter, 0, size, out, 0);
    } else {
      for (int k = 0; k < size; k++) {
        out[k] = gatherDotFloat(scatter, k);
      }
    }
    for (int j = 0; j < nnz; j++) {
      int i = xi[off + j];
      if (i < limit) {
        scatter[i] = 0.0;
      }
    }
  }

  /**
   * Sparse stores: out[outOff + k] = the dot product of the scattered vector with x_k, for the slots k in
   * [from, to), each summed over x_k's entries in their stored order.
   */
  private void gatherDots(double[] scatter, int from, int to, double[] out, int outOff) {
    for (int k = from; k < to; k++) {
      out[outOff + k] = gatherDot(scatter, k);
    }
  }

  /** Sparse stores: the dot product of the scattered vector with x_k, summed over x_k's entries in their stored order. */
  double gatherDot(double[] scatter, int k) {
    int[] poolIndices = f.poolIndices;
    float[] poolValues = f.poolValues;
    double dot = 0;
    for (int p = f.starts[k], e = p + f.lengths[k]; p < e; p++) {
      dot += scatter[poolIndices[p]] * poolValues[p];
    }
    return dot;
  }

  /** Float mode's {@link #gatherDot}: each product and the sum in float (the scattered values are floats). */
  float gatherDotFloat(double[] scatter, int k) {
    int[] poolIndices = f.poolIndices;
    float[] poolValues = f.poolValues;
    float dot = 0;
    for (int p = f.starts[k], e = p + f.lengths[k]; p < e; p++) {
      dot += (float) scatter[poolIndices[p]] * poolValues[p];
    }
    return dot;
  }

  /**
   * Dense stores: x·x_k into {@code out[k]} for the slots k = {@code slots[i]}, i in [0, n) ({@code slots} null:
   * k = i), each summed over x's entries [0, end) in order (the bits of one sum at a time; in float in float
   * mode), four slots at a time as independent sums that the core overlaps.
   *
   * @param end x's entries [0, end) lie below the dense width
   */
  void denseDots(SparseVector x, int end, int[] slots, int n, double[] out) {
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    float[] dense = f.dense;
    int columns = f.columns;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      int k0 = slots == null ? i : slots[i];
      int k1 = slots == null ? i + 1 : slots[i + 1];
      int k2 = slots == null ? i + 2 : slots[i + 2];
      int k3 = slots == null ? i + 3 : slots[i + 3];
      if (isDouble) {
        fourDots(dense, columns, xi, xv, off, end, k0, k1, k2, k3, out);
      } else {
        fourDotsFloat(dense, columns, xi, xv, off, end, k0, k1, k2, k3, out);
      }
    }
    for (; i < n; i++) {
      int k = slots == null ? i : slots[i];
      out[k] = isDouble ? denseDot(dense, xi, xv, off, end, k * columns) : denseDotFloat(dense, xi, xv, off, end, k * columns);
    }
  }

  /** x·x_k of {@link #denseDots} for four slots, in double. */
  private static void fourDots(float[] dense, int columns, int[] xi, float[] xv, int off, int end, int k0, int k1, int k2, int k3,
      double[] out) {
    int b0 = k0 * columns;
    int b1 = k1 * columns;
    int b2 = k2 * columns;
    int b3 = k3 * columns;
    double dot0 = 0;
    double dot1 = 0;
    double dot2 = 0;
    double dot3 = 0;
    for (int j = 0; j < end; j++) {
      double v = xv[off + j];
      int f = xi[off + j];
      dot0 += v * dense[b0 + f];
      dot1 += v * dense[b1 + f];
      dot2 += v * dense[b2 + f];
      dot3 += v * dense[b3 + f];
    }
    out[k0] = dot0;
    out[k1] = dot1;
    out[k2] = dot2;
    out[k3] = dot3;
  }

  /** {@link #fourDots} in float (float mode). */
  private static void fourDotsFloat(float[] dense, int columns, int[] xi, float[] xv, int off, int end, int k0, int k1, int k2,
      int k3, double[] out) {
    int b0 = k0 * columns;
    int b1 = k1 * columns;
    int b2 = k2 * columns;
    int b3 = k3 * columns;
    float dot0 = 0;
    float dot1 = 0;
    float dot2 = 0;
    float dot3 = 0;
    for (int j = 0; j < end; j++) {
      float v = xv[off + j];
      int f = xi[off + j];
      dot0 += v * dense[b0 + f];
      dot1 += v * dense[b1 + f];
      dot2 += v * dense[b2 + f];
      dot3 += v * dense[b3 + f];
    }
    out[k0] = dot0;
    out[k1] = dot1;
    out[k2] = dot2;
    out[k3] = dot3;
  }

  /** x·(the dense row at {@code base}) over x's entries [off, off + end), summed in double in order. */
  private static double denseDot(float[] dense, int[] xi, float[] xv, int off, int end, int base) {
    double dot = 0;
    for (int j = 0; j < end; j++) {
      dot += (double) xv[off + j] * dense[base + xi[off + j]];
    }
    return dot;
  }

  /** {@link #denseDot} in float (float mode). */
  private static float denseDotFloat(float[] dense, int[] xi, float[] xv, int off, int end, int base) {
    float dot = 0;
    for (int j = 0; j < end; j++) {
      dot += xv[off + j] * dense[base + xi[off + j]];
    }
    return dot;
  }

  /**
   * x·x_slot, summed over x's entries in ascending feature order as {@link #dotRow} sums each slot's (in float
   * mode each product and the sum in float, the float widened).
   */
  double dotSlot(SparseVector x, int slot) {
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    if (f.layout == SupportVectorStore.Layout.DENSE) {
      int columns = f.columns;
      int end = 0;
      while (end < nnz && xi[off + end] < columns) {
        end++;
      }
      return isDouble ? denseDot(f.dense, xi, xv, off, end, slot * columns) : denseDotFloat(f.dense, xi, xv, off, end, slot * columns);
    }
    int[] poolIndices = f.poolIndices;
    float[] poolValues = f.poolValues;
    double dot = 0;
    float dotFloat = 0;
    int p = f.starts[slot];
    int e = p + f.lengths[slot];
    int j = 0;
    while (p < e && j < nnz) {
      int a = poolIndices[p];
      int c = xi[off + j];
      if (a == c) {
        if (isDouble) {
          dot += (double) xv[off + j] * poolValues[p];
        } else {
          dotFloat += xv[off + j] * poolValues[p];
        }
        p++;
        j++;
      } else if (a < c) {
        p++;
      } else {
        j++;
      }
    }
    return isDouble ? dot : dotFloat;
  }

  /**
   * Dense stores: x_slot·x_k for the {@code size} slots k into {@code row.values()[0..size)}, each summed in
   * ascending feature order (four slots at a time, each its own sum in the same order, so the bits are those of one
   * at a time).
   */
  void denseDotRow(int slot, KernelRow row, int size) {
    row.ensure(size, f.numFeatures());
    double[] out = row.values;
    float[] dense = f.dense;
    int cols = f.columns;
    int bm = slot * cols;
    if (!isDouble) {
      for (int k = 0; k < size; k++) {
        float dot = 0;
        for (int j = 0; j < cols; j++) {
          dot += dense[bm + j] * dense[k * cols + j];
        }
        out[k] = dot;
      }
      return;
    }
    int k = 0;
    for (; k + 4 <= size; k += 4) {
      int b0 = k * cols;
      int b1 = b0 + cols;
      int b2 = b1 + cols;
      int b3 = b2 + cols;
      double d0 = 0;
      double d1 = 0;
      double d2 = 0;
      double d3 = 0;
      for (int j = 0; j < cols; j++) {
        double v = dense[bm + j];
        d0 += v * dense[b0 + j];
        d1 += v * dense[b1 + j];
        d2 += v * dense[b2 + j];
        d3 += v * dense[b3 + j];
      }
      out[k] = d0;
      out[k + 1] = d1;
      out[k + 2] = d2;
      out[k + 3] = d3;
    }
    for (; k < size; k++) {
      int bk = k * cols;
      double dot = 0;
      for (int j = 0; j < cols; j++) {
        dot += (double) dense[bm + j] * dense[bk + j];
      }
      out[k] = dot;
    }
  }
}
