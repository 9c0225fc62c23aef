package org.altml.core.math;

import java.util.Objects;
import org.altml.sparse.SparseVector;

/**
 * The argument checks of {@link VectorMath}'s entry points: each throws before a kernel touches an array out of its bounds,
 * so that no implementation (scalar or Panama) has to check, and each names the array and the extent it needed.
 */
final class VectorArguments {
  private VectorArguments() {}

  static void checkMatrix(String name, int length, int off, int stride, int rows, int columns) {
    if (rows == 0 || columns == 0) {
      return;
    }
    if (stride < columns) {
      throw new IllegalArgumentException(name + ": row stride " + stride + " is shorter than a row of " + columns);
    }
    long end = off + (long) (rows - 1) * stride + columns;
    if (off < 0 || end > length) {
      throw new IndexOutOfBoundsException(
          name + ": " + rows + "×" + columns + " with stride " + stride + " from " + off + " needs " + end + " entries, the array holds " + length);
    }
  }

  static void checkCombine(
      int coeffLength, int coeffOff, int n, int rowsLength, int rowsOff, int stride, int outLength, int width) {
    if (width < 0 || width > stride) {
      throw new IllegalArgumentException("width " + width + " outside [0, stride " + stride + "]");
    }
    Objects.checkFromIndexSize(coeffOff, n, coeffLength);
    if (n > 0) {
      long end = rowsOff + (long) (n - 1) * stride + width;
      if (rowsOff < 0 || end > rowsLength) {
        throw new IllegalArgumentException(
            n + " rows of stride " + stride + " and width " + width + " from " + rowsOff + " need " + end
                + " entries, rows hold " + rowsLength);
      }
    }
    if (outLength < width) {
      throw new IllegalArgumentException("out has " + outLength + " entries, need " + width);
    }
  }

  /** Every feature index of x addresses a row: rows[rowsOff + f·stride, + width) lies in the array. */
  static void checkRows(SparseVector x, int rowsLength, int rowsOff, int stride, int width) {
    if (width < 0 || width > stride) {
      throw new IllegalArgumentException("width " + width + " outside [0, stride " + stride + "]");
    }
    if (rowsOff < 0) {
      throw new IllegalArgumentException("rowsOff " + rowsOff + " < 0");
    }
    long needed = rowsOff + ((long) x.maxIndex() + 1) * stride;
    if (needed > rowsLength) {
      throw new IllegalArgumentException("feature index " + x.maxIndex() + " has no row: rows hold "
          + (rowsLength - rowsOff) / Math.max(1, stride) + " rows of " + stride + " from " + rowsOff);
    }
  }

  static void checkProduct(int aLength, int aOff, int aStride, int rows, int depth, int bLength, int bOff, int bStride,
      int cols, int cLength, int cOff, int cStride) {
    if (rows < 0 || depth < 0 || cols < 0 || aStride < depth || bStride < cols || cStride < cols) {
      throw new IllegalArgumentException("bad shape: rows " + rows + " depth " + depth + " cols " + cols + " strides " + aStride
          + "/" + bStride + "/" + cStride);
    }
    if (rows > 0 && depth > 0) {
      Objects.checkFromIndexSize(aOff, (rows - 1L) * aStride + depth > Integer.MAX_VALUE ? -1 : (int) ((rows - 1L) * aStride + depth), aLength);
    }
    if (depth > 0 && cols > 0) {
      Objects.checkFromIndexSize(bOff, (depth - 1L) * bStride + cols > Integer.MAX_VALUE ? -1 : (int) ((depth - 1L) * bStride + cols), bLength);
    }
    if (rows > 0 && cols > 0) {
      Objects.checkFromIndexSize(cOff, (rows - 1L) * cStride + cols > Integer.MAX_VALUE ? -1 : (int) ((rows - 1L) * cStride + cols), cLength);
    }
  }

  /** The bounds of {@link VectorMath#rowDots}: x[0..n), out[0..count), rows k in [0, count) at off + k·stride of n values. */
  static void checkRowDots(int xLength, int n, int rowsLength, int off, int stride, int count, int outLength) {
    Objects.checkFromIndexSize(0, n, xLength);
    Objects.checkFromIndexSize(0, count, outLength);
    if (count > 0 && n > 0) {
      long span = (count - 1L) * stride + n;
      Objects.checkFromIndexSize(off, span > Integer.MAX_VALUE ? -1 : (int) span, rowsLength);
    }
  }

  static void checkMergeState(double[] b, double[] c, double[] u, int off, int n, double[] state, int stateOff, int stride,
      double[] work) {
    Objects.checkFromIndexSize(off, n, b.length);
    Objects.checkFromIndexSize(off, n, c.length);
    Objects.checkFromIndexSize(off, n, u.length);
    if (n > 0 && (stride < n || stateOff < 0 || stateOff + 5L * stride + n > state.length)) {
      throw new IllegalArgumentException("merge search state of " + state.length + " doubles at " + stateOff + ", stride " + stride
          + ", for " + n + " partners");
    }
    if (work.length < 3L * n) {
      throw new IllegalArgumentException("merge search scratch of " + work.length + " doubles for " + n + " partners (needs 3n)");
    }
  }
}
