package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The ELM learners' dense matrix kernels on the Vector API: the hidden layer's sparse x against float rows
 * accumulated in double, the matrix product C (+)= A·P and the symmetric rank-k update P ± AᵀA of the
 * recursive least squares. Every kernel is lane-wise (each output element is computed by the same fused
 * multiply-adds in the same order as {@link ScalarVectorOps}), so the results are bit-identical to the
 * specification whatever the vector width. Stateless.
 *
 * <p>Register blocking, after the BLAS micro-kernels: a tile of 4 rows × 4 vectors keeps 16 accumulators
 * in registers (AVX-512 has 32), so each step loads 4 vectors and broadcasts 4 scalars for 16 fused
 * multiply-adds, and the kernels run on the FMA units rather than on the loads. No helper method takes or
 * returns a vector (C2 would box it). Column tails narrower than one vector and row tails run as scalar
 * loops with the same operations.
 *
 * <p>The symmetric update computes only the tiles on and above the diagonal (row groups of 4, columns from
 * the group's first row), half the multiply-adds of the full square, and writes each computed value also to
 * its mirror position below the diagonal.
 */
final class PanamaElmOps {
  private static final VectorSpecies<Double> D = PanamaSpecies.DOUBLE;
  private static final int DL = PanamaSpecies.DOUBLE_LANES;

  /** Floats widened to one double vector per load: half the bit width of {@link #D}, as many lanes. */
  private static final VectorSpecies<Float> HALF = VectorSpecies.of(float.class, VectorShape.forBitSize(D.vectorBitSize() / 2));

  private PanamaElmOps() {}

  static void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, double[] out, int width) {
    int j = 0;
    // 4 vectors of outputs per pass over the nnz rows (4 independent add chains)
    for (; j + 4 * DL <= width; j += 4 * DL) {
      sparseBlocks4(idx, val, off, nnz, rows, rowsOff, stride, out, j);
    }
    for (; j + DL <= width; j += DL) {
      sparseBlocks1(idx, val, off, nnz, rows, rowsOff, stride, out, j);
    }
    // scalar tail (same multiply, then add, in k order)
    for (; j < width; j++) {
      double s = 0.0;
      for (int k = off; k < off + nnz; k++) {
        s += (double) val[k] * (double) rows[rowsOff + idx[k] * stride + j];
      }
      out[j] = s;
    }
  }

  static void multiply(double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride, int m,
      double[] c, int cOff, int cStride, boolean accumulate) {
    int j = 0;
    // a strip of 4 vectors of columns: P's strip (n rows × 4·DL) stays in L2 while every group of 4 rows of A passes over it
    for (; j + 4 * DL <= m; j += 4 * DL) {
      int b = 0;
      for (; b + 4 <= k; b += 4) {
        multiply4x4(a, aOff + b * aStride, aStride, n, p, pOff + j, pStride, c, cOff + b * cStride + j, cStride, accumulate);
      }
      for (; b < k; b++) {
        multiply1x4(a, aOff + b * aStride, aStride, n, p, pOff + j, pStride, c, cOff + b * cStride + j, cStride, accumulate);
      }
    }
    for (; j + DL <= m; j += DL) {
      int b = 0;
      for (; b + 4 <= k; b += 4) {
        multiply4x1(a, aOff + b * aStride, aStride, n, p, pOff + j, pStride, c, cOff + b * cStride + j, cStride, accumulate);
      }
      for (; b < k; b++) {
        multiply1x1(a, aOff + b * aStride, aStride, n, p, pOff + j, pStride, c, cOff + b * cStride + j, cStride, accumulate);
      }
    }
    // scalar tail columns (same fused multiply-adds in i order)
    for (; j < m; j++) {
      for (int b = 0; b < k; b++) {
        int ab = aOff + b * aStride;
        int cb = cOff + b * cStride + j;
        double s = accumulate ? c[cb] : 0.0;
        for (int i = 0; i < n; i++) {
          s = Math.fma(a[ab + i], p[pOff + i * pStride + j], s);
        }
        c[cb] = s;
      }
    }
  }

  static void symmetricRankUpdate(boolean subtract, double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride) {
    int i0 = 0;
    for (; i0 + 4 <= n; i0 += 4) {
      int j = i0;
      for (; j + 4 * DL <= n; j += 4 * DL) {
        update4x4(subtract, a, aOff, aStride, k, p, pOff, pStride, i0, j);
      }
      for (; j + DL <= n; j += DL) {
        update4x1(subtract, a, aOff, aStride, k, p, pOff, pStride, i0, j);
      }
      scalarColumns(subtract, a, aOff, aStride, k, p, pOff, pStride, i0, 4, j, n);
      mirror(p, pOff, pStride, i0, 4, n);
    }
    for (; i0 < n; i0++) {
      int j = i0;
      for (; j + 4 * DL <= n; j += 4 * DL) {
        update1x4(subtract, a, aOff, aStride, k, p, pOff, pStride, i0, j);
      }
      for (; j + DL <= n; j += DL) {
        update1x1(subtract, a, aOff, aStride, k, p, pOff, pStride, i0, j);
      }
      scalarColumns(subtract, a, aOff, aStride, k, p, pOff, pStride, i0, 1, j, n);
      mirror(p, pOff, pStride, i0, 1, n);
    }
  }

  /** Rows [i0, i0+rows), columns [from, n): the scalar tail of a row group (same fused multiply-adds in b order). */
  private static void scalarColumns(
      boolean subtract, double[] a, int aOff, int aStride, int k, double[] p, int pOff, int pStride, int i0, int rows, int from, int n) {
    for (int r = 0; r < rows; r++) {
      int i = i0 + r;
      for (int j = from; j < n; j++) {
        double s = p[pOff + i * pStride + j];
        for (int b = 0; b < k; b++) {
          double x = a[aOff + b * aStride + i];
          s = Math.fma(subtract ? -x : x, a[aOff + b * aStride + j], s);
        }
        p[pOff + i * pStride + j] = s;
      }
    }
  }

  /**
   * After a row group [i0, i0+rows) is computed for columns [i0, n): copies its upper values below the
   * diagonal, p[j][i] = p[i][j], for the group's own triangle and for every later row j (whose groups start
   * at columns past i0+rows, so never read these entries again).
   */
  private static void mirror(double[] p, int pOff, int pStride, int i0, int rows, int n) {
    for (int r = 0; r < rows; r++) {
      int i = i0 + r;
      int pi = pOff + i * pStride;
      for (int j = i + 1; j < n; j++) {
        p[pOff + j * pStride + i] = p[pi + j];
      }
    }
  }

  /**
   * The rotation chains column block by column block: a block of 2 vectors (all its rows, 16·n bytes at
   * 512 bits, stays in L2) goes through every chain, each chain walking down the rows with the updated
   * lower row carried in registers. So Z streams through memory once instead of once per chain, and each
   * row is loaded and stored once per chain instead of twice; each element sees the same multiplications and
   * additions in the same order as the specification.
   */
  static void rotateRows(double[] z, int off, int stride, int width, int chains, int[] first, int[] last, double[] c, double[] s) {
    int k = 0;
    for (; k + 2 * DL <= width; k += 2 * DL) {
      int base = off + k;
      int r = 0;
      for (int t = 0; t < chains; t++) {
        int lo = first[t];
        int hi = last[t];
        if (hi <= lo) {
          continue;
        }
        DoubleVector carry0 = DoubleVector.fromArray(D, z, base + hi * stride);
        DoubleVector carry1 = DoubleVector.fromArray(D, z, base + hi * stride + DL);
        for (int i = hi - 1; i >= lo; i--, r++) {
          int ri = base + i * stride;
          double ci = c[r];
          double si = s[r];
          DoubleVector zi0 = DoubleVector.fromArray(D, z, ri);
          DoubleVector zi1 = DoubleVector.fromArray(D, z, ri + DL);
          zi0.mul(si).add(carry0.mul(ci)).intoArray(z, ri + stride);
          zi1.mul(si).add(carry1.mul(ci)).intoArray(z, ri + stride + DL);
          carry0 = zi0.mul(ci).sub(carry0.mul(si));
          carry1 = zi1.mul(ci).sub(carry1.mul(si));
        }
        carry0.intoArray(z, base + lo * stride);
        carry1.intoArray(z, base + lo * stride + DL);
      }
    }
    // the remaining columns one at a time (the same multiplications and additions)
    for (; k < width; k++) {
      int base = off + k;
      int r = 0;
      for (int t = 0; t < chains; t++) {
        int lo = first[t];
        int hi = last[t];
        if (hi <= lo) {
          continue;
        }
        double carry = z[base + hi * stride];
        for (int i = hi - 1; i >= lo; i--, r++) {
          int ri = base + i * stride;
          double zi = z[ri];
          z[ri + stride] = s[r] * zi + c[r] * carry;
          carry = c[r] * zi - s[r] * carry;
        }
        z[base + lo * stride] = carry;
      }
    }
  }

  // ---- the unrolled tiles (generated shapes: rows × vectors of columns)

  /** Rows [b, b+4) of C, 4 vector(s) of columns from the one at pOff/cOff (already offset by j). */
  private static void multiply4x4(double[] a, int a0, int aStride, int n, double[] p, int pOff, int pStride, double[] c, int c0, int cStride, boolean accumulate) {
    DoubleVector c00 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c01 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 1 * DL) : DoubleVector.zero(D);
    DoubleVector c02 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 2 * DL) : DoubleVector.zero(D);
    DoubleVector c03 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 3 * DL) : DoubleVector.zero(D);
    DoubleVector c10 = accumulate ? DoubleVector.fromArray(D, c, c0 + 1 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c11 = accumulate ? DoubleVector.fromArray(D, c, c0 + 1 * cStride + 1 * DL) : DoubleVector.zero(D);
    DoubleVector c12 = accumulate ? DoubleVector.fromArray(D, c, c0 + 1 * cStride + 2 * DL) : DoubleVector.zero(D);
    DoubleVector c13 = accumulate ? DoubleVector.fromArray(D, c, c0 + 1 * cStride + 3 * DL) : DoubleVector.zero(D);
    DoubleVector c20 = accumulate ? DoubleVector.fromArray(D, c, c0 + 2 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c21 = accumulate ? DoubleVector.fromArray(D, c, c0 + 2 * cStride + 1 * DL) : DoubleVector.zero(D);
    DoubleVector c22 = accumulate ? DoubleVector.fromArray(D, c, c0 + 2 * cStride + 2 * DL) : DoubleVector.zero(D);
    DoubleVector c23 = accumulate ? DoubleVector.fromArray(D, c, c0 + 2 * cStride + 3 * DL) : DoubleVector.zero(D);
    DoubleVector c30 = accumulate ? DoubleVector.fromArray(D, c, c0 + 3 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c31 = accumulate ? DoubleVector.fromArray(D, c, c0 + 3 * cStride + 1 * DL) : DoubleVector.zero(D);
    DoubleVector c32 = accumulate ? DoubleVector.fromArray(D, c, c0 + 3 * cStride + 2 * DL) : DoubleVector.zero(D);
    DoubleVector c33 = accumulate ? DoubleVector.fromArray(D, c, c0 + 3 * cStride + 3 * DL) : DoubleVector.zero(D);
    for (int i = 0; i < n; i++) {
      int pb = pOff + i * pStride;
      DoubleVector p0 = DoubleVector.fromArray(D, p, pb + 0 * DL);
      DoubleVector p1 = DoubleVector.fromArray(D, p, pb + 1 * DL);
      DoubleVector p2 = DoubleVector.fromArray(D, p, pb + 2 * DL);
      DoubleVector p3 = DoubleVector.fromArray(D, p, pb + 3 * DL);
      DoubleVector s0 = DoubleVector.broadcast(D, a[a0 + 0 * aStride + i]);
      c00 = s0.fma(p0, c00);
      c01 = s0.fma(p1, c01);
      c02 = s0.fma(p2, c02);
      c03 = s0.fma(p3, c03);
      DoubleVector s1 = DoubleVector.broadcast(D, a[a0 + 1 * aStride + i]);
      c10 = s1.fma(p0, c10);
      c11 = s1.fma(p1, c11);
      c12 = s1.fma(p2, c12);
      c13 = s1.fma(p3, c13);
      DoubleVector s2 = DoubleVector.broadcast(D, a[a0 + 2 * aStride + i]);
      c20 = s2.fma(p0, c20);
      c21 = s2.fma(p1, c21);
      c22 = s2.fma(p2, c22);
      c23 = s2.fma(p3, c23);
      DoubleVector s3 = DoubleVector.broadcast(D, a[a0 + 3 * aStride + i]);
      c30 = s3.fma(p0, c30);
      c31 = s3.fma(p1, c31);
      c32 = s3.fma(p2, c32);
      c33 = s3.fma(p3, c33);
    }
    c00.intoArray(c, c0 + 0 * cStride + 0 * DL);
    c01.intoArray(c, c0 + 0 * cStride + 1 * DL);
    c02.intoArray(c, c0 + 0 * cStride + 2 * DL);
    c03.intoArray(c, c0 + 0 * cStride + 3 * DL);
    c10.intoArray(c, c0 + 1 * cStride + 0 * DL);
    c11.intoArray(c, c0 + 1 * cStride + 1 * DL);
    c12.intoArray(c, c0 + 1 * cStride + 2 * DL);
    c13.intoArray(c, c0 + 1 * cStride + 3 * DL);
    c20.intoArray(c, c0 + 2 * cStride + 0 * DL);
    c21.intoArray(c, c0 + 2 * cStride + 1 * DL);
    c22.intoArray(c, c0 + 2 * cStride + 2 * DL);
    c23.intoArray(c, c0 + 2 * cStride + 3 * DL);
    c30.intoArray(c, c0 + 3 * cStride + 0 * DL);
    c31.intoArray(c, c0 + 3 * cStride + 1 * DL);
    c32.intoArray(c, c0 + 3 * cStride + 2 * DL);
    c33.intoArray(c, c0 + 3 * cStride + 3 * DL);
  }

  /** Rows [b, b+1) of C, 4 vector(s) of columns from the one at pOff/cOff (already offset by j). */
  private static void multiply1x4(double[] a, int a0, int aStride, int n, double[] p, int pOff, int pStride, double[] c, int c0, int cStride, boolean accumulate) {
    DoubleVector c00 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c01 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 1 * DL) : DoubleVector.zero(D);
    DoubleVector c02 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 2 * DL) : DoubleVector.zero(D);
    DoubleVector c03 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 3 * DL) : DoubleVector.zero(D);
    for (int i = 0; i < n; i++) {
      int pb = pOff + i * pStride;
      DoubleVector p0 = DoubleVector.fromArray(D, p, pb + 0 * DL);
      DoubleVector p1 = DoubleVector.fromArray(D, p, pb + 1 * DL);
      DoubleVector p2 = DoubleVector.fromArray(D, p, pb + 2 * DL);
      DoubleVector p3 = DoubleVector.fromArray(D, p, pb + 3 * DL);
      DoubleVector s0 = DoubleVector.broadcast(D, a[a0 + 0 * aStride + i]);
      c00 = s0.fma(p0, c00);
      c01 = s0.fma(p1, c01);
      c02 = s0.fma(p2, c02);
      c03 = s0.fma(p3, c03);
    }
    c00.intoArray(c, c0 + 0 * cStride + 0 * DL);
    c01.intoArray(c, c0 + 0 * cStride + 1 * DL);
    c02.intoArray(c, c0 + 0 * cStride + 2 * DL);
    c03.intoArray(c, c0 + 0 * cStride + 3 * DL);
  }

  /** Rows [b, b+4) of C, 1 vector(s) of columns from the one at pOff/cOff (already offset by j). */
  private static void multiply4x1(double[] a, int a0, int aStride, int n, double[] p, int pOff, int pStride, double[] c, int c0, int cStride, boolean accumulate) {
    DoubleVector c00 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c10 = accumulate ? DoubleVector.fromArray(D, c, c0 + 1 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c20 = accumulate ? DoubleVector.fromArray(D, c, c0 + 2 * cStride + 0 * DL) : DoubleVector.zero(D);
    DoubleVector c30 = accumulate ? DoubleVector.fromArray(D, c, c0 + 3 * cStride + 0 * DL) : DoubleVector.zero(D);
    for (int i = 0; i < n; i++) {
      int pb = pOff + i * pStride;
      DoubleVector p0 = DoubleVector.fromArray(D, p, pb + 0 * DL);
      DoubleVector s0 = DoubleVector.broadcast(D, a[a0 + 0 * aStride + i]);
      c00 = s0.fma(p0, c00);
      DoubleVector s1 = DoubleVector.broadcast(D, a[a0 + 1 * aStride + i]);
      c10 = s1.fma(p0, c10);
      DoubleVector s2 = DoubleVector.broadcast(D, a[a0 + 2 * aStride + i]);
      c20 = s2.fma(p0, c20);
      DoubleVector s3 = DoubleVector.broadcast(D, a[a0 + 3 * aStride + i]);
      c30 = s3.fma(p0, c30);
    }
    c00.intoArray(c, c0 + 0 * cStride + 0 * DL);
    c10.intoArray(c, c0 + 1 * cStride + 0 * DL);
    c20.intoArray(c, c0 + 2 * cStride + 0 * DL);
    c30.intoArray(c, c0 + 3 * cStride + 0 * DL);
  }

  /** Rows [b, b+1) of C, 1 vector(s) of columns from the one at pOff/cOff (already offset by j). */
  private static void multiply1x1(double[] a, int a0, int aStride, int n, double[] p, int pOff, int pStride, double[] c, int c0, int cStride, boolean accumulate) {
    DoubleVector c00 = accumulate ? DoubleVector.fromArray(D, c, c0 + 0 * cStride + 0 * DL) : DoubleVector.zero(D);
    for (int i = 0; i < n; i++) {
      int pb = pOff + i * pStride;
      DoubleVector p0 = DoubleVector.fromArray(D, p, pb + 0 * DL);
      DoubleVector s0 = DoubleVector.broadcast(D, a[a0 + 0 * aStride + i]);
      c00 = s0.fma(p0, c00);
    }
    c00.intoArray(c, c0 + 0 * cStride + 0 * DL);
  }

  /** Rows [i0, i0+4) of P, 4 vector(s) of columns from j. */
  private static void update4x4(boolean subtract, double[] a, int aOff, int aStride, int k, double[] p, int pOff, int pStride, int i0, int j) {
    int p0 = pOff + (i0 + 0) * pStride + j;
    int p1 = pOff + (i0 + 1) * pStride + j;
    int p2 = pOff + (i0 + 2) * pStride + j;
    int p3 = pOff + (i0 + 3) * pStride + j;
    DoubleVector c00 = DoubleVector.fromArray(D, p, p0 + 0 * DL);
    DoubleVector c01 = DoubleVector.fromArray(D, p, p0 + 1 * DL);
    DoubleVector c02 = DoubleVector.fromArray(D, p, p0 + 2 * DL);
    DoubleVector c03 = DoubleVector.fromArray(D, p, p0 + 3 * DL);
    DoubleVector c10 = DoubleVector.fromArray(D, p, p1 + 0 * DL);
    DoubleVector c11 = DoubleVector.fromArray(D, p, p1 + 1 * DL);
    DoubleVector c12 = DoubleVector.fromArray(D, p, p1 + 2 * DL);
    DoubleVector c13 = DoubleVector.fromArray(D, p, p1 + 3 * DL);
    DoubleVector c20 = DoubleVector.fromArray(D, p, p2 + 0 * DL);
    DoubleVector c21 = DoubleVector.fromArray(D, p, p2 + 1 * DL);
    DoubleVector c22 = DoubleVector.fromArray(D, p, p2 + 2 * DL);
    DoubleVector c23 = DoubleVector.fromArray(D, p, p2 + 3 * DL);
    DoubleVector c30 = DoubleVector.fromArray(D, p, p3 + 0 * DL);
    DoubleVector c31 = DoubleVector.fromArray(D, p, p3 + 1 * DL);
    DoubleVector c32 = DoubleVector.fromArray(D, p, p3 + 2 * DL);
    DoubleVector c33 = DoubleVector.fromArray(D, p, p3 + 3 * DL);
    for (int b = 0; b < k; b++) {
      int ab = aOff + b * aStride;
      DoubleVector v0 = DoubleVector.fromArray(D, a, ab + j + 0 * DL);
      DoubleVector v1 = DoubleVector.fromArray(D, a, ab + j + 1 * DL);
      DoubleVector v2 = DoubleVector.fromArray(D, a, ab + j + 2 * DL);
      DoubleVector v3 = DoubleVector.fromArray(D, a, ab + j + 3 * DL);
      double x0 = a[ab + i0 + 0];
      DoubleVector s0 = DoubleVector.broadcast(D, subtract ? -x0 : x0);
      c00 = s0.fma(v0, c00);
      c01 = s0.fma(v1, c01);
      c02 = s0.fma(v2, c02);
      c03 = s0.fma(v3, c03);
      double x1 = a[ab + i0 + 1];
      DoubleVector s1 = DoubleVector.broadcast(D, subtract ? -x1 : x1);
      c10 = s1.fma(v0, c10);
      c11 = s1.fma(v1, c11);
      c12 = s1.fma(v2, c12);
      c13 = s1.fma(v3, c13);
      double x2 = a[ab + i0 + 2];
      DoubleVector s2 = DoubleVector.broadcast(D, subtract ? -x2 : x2);
      c20 = s2.fma(v0, c20);
      c21 = s2.fma(v1, c21);
      c22 = s2.fma(v2, c22);
      c23 = s2.fma(v3, c23);
      double x3 = a[ab + i0 + 3];
      DoubleVector s3 = DoubleVector.broadcast(D, subtract ? -x3 : x3);
      c30 = s3.fma(v0, c30);
      c31 = s3.fma(v1, c31);
      c32 = s3.fma(v2, c32);
      c33 = s3.fma(v3, c33);
    }
    c00.intoArray(p, p0 + 0 * DL);
    c01.intoArray(p, p0 + 1 * DL);
    c02.intoArray(p, p0 + 2 * DL);
    c03.intoArray(p, p0 + 3 * DL);
    c10.intoArray(p, p1 + 0 * DL);
    c11.intoArray(p, p1 + 1 * DL);
    c12.intoArray(p, p1 + 2 * DL);
    c13.intoArray(p, p1 + 3 * DL);
    c20.intoArray(p, p2 + 0 * DL);
    c21.intoArray(p, p2 + 1 * DL);
    c22.intoArray(p, p2 + 2 * DL);
    c23.intoArray(p, p2 + 3 * DL);
    c30.intoArray(p, p3 + 0 * DL);
    c31.intoArray(p, p3 + 1 * DL);
    c32.intoArray(p, p3 + 2 * DL);
    c33.intoArray(p, p3 + 3 * DL);
  }

  /** Rows [i0, i0+1) of P, 4 vector(s) of columns from j. */
  private static void update1x4(boolean subtract, double[] a, int aOff, int aStride, int k, double[] p, int pOff, int pStride, int i0, int j) {
    int p0 = pOff + (i0 + 0) * pStride + j;
    DoubleVector c00 = DoubleVector.fromArray(D, p, p0 + 0 * DL);
    DoubleVector c01 = DoubleVector.fromArray(D, p, p0 + 1 * DL);
    DoubleVector c02 = DoubleVector.fromArray(D, p, p0 + 2 * DL);
    DoubleVector c03 = DoubleVector.fromArray(D, p, p0 + 3 * DL);
    for (int b = 0; b < k; b++) {
      int ab = aOff + b * aStride;
      DoubleVector v0 = DoubleVector.fromArray(D, a, ab + j + 0 * DL);
      DoubleVector v1 = DoubleVector.fromArray(D, a, ab + j + 1 * DL);
      DoubleVector v2 = DoubleVector.fromArray(D, a, ab + j + 2 * DL);
      DoubleVector v3 = DoubleVector.fromArray(D, a, ab + j + 3 * DL);
      double x0 = a[ab + i0 + 0];
      DoubleVector s0 = DoubleVector.broadcast(D, subtract ? -x0 : x0);
      c00 = s0.fma(v0, c00);
      c01 = s0.fma(v1, c01);
      c02 = s0.fma(v2, c02);
      c03 = s0.fma(v3, c03);
    }
    c00.intoArray(p, p0 + 0 * DL);
    c01.intoArray(p, p0 + 1 * DL);
    c02.intoArray(p, p0 + 2 * DL);
    c03.intoArray(p, p0 + 3 * DL);
  }

  /** Rows [i0, i0+4) of P, 1 vector(s) of columns from j. */
  private static void update4x1(boolean subtract, double[] a, int aOff, int aStride, int k, double[] p, int pOff, int pStride, int i0, int j) {
    int p0 = pOff + (i0 + 0) * pStride + j;
    int p1 = pOff + (i0 + 1) * pStride + j;
    int p2 = pOff + (i0 + 2) * pStride + j;
    int p3 = pOff + (i0 + 3) * pStride + j;
    DoubleVector c00 = DoubleVector.fromArray(D, p, p0 + 0 * DL);
    DoubleVector c10 = DoubleVector.fromArray(D, p, p1 + 0 * DL);
    DoubleVector c20 = DoubleVector.fromArray(D, p, p2 + 0 * DL);
    DoubleVector c30 = DoubleVector.fromArray(D, p, p3 + 0 * DL);
    for (int b = 0; b < k; b++) {
      int ab = aOff + b * aStride;
      DoubleVector v0 = DoubleVector.fromArray(D, a, ab + j + 0 * DL);
      double x0 = a[ab + i0 + 0];
      DoubleVector s0 = DoubleVector.broadcast(D, subtract ? -x0 : x0);
      c00 = s0.fma(v0, c00);
      double x1 = a[ab + i0 + 1];
      DoubleVector s1 = DoubleVector.broadcast(D, subtract ? -x1 : x1);
      c10 = s1.fma(v0, c10);
      double x2 = a[ab + i0 + 2];
      DoubleVector s2 = DoubleVector.broadcast(D, subtract ? -x2 : x2);
      c20 = s2.fma(v0, c20);
      double x3 = a[ab + i0 + 3];
      DoubleVector s3 = DoubleVector.broadcast(D, subtract ? -x3 : x3);
      c30 = s3.fma(v0, c30);
    }
    c00.intoArray(p, p0 + 0 * DL);
    c10.intoArray(p, p1 + 0 * DL);
    c20.intoArray(p, p2 + 0 * DL);
    c30.intoArray(p, p3 + 0 * DL);
  }

  /** Rows [i0, i0+1) of P, 1 vector(s) of columns from j. */
  private static void update1x1(boolean subtract, double[] a, int aOff, int aStride, int k, double[] p, int pOff, int pStride, int i0, int j) {
    int p0 = pOff + (i0 + 0) * pStride + j;
    DoubleVector c00 = DoubleVector.fromArray(D, p, p0 + 0 * DL);
    for (int b = 0; b < k; b++) {
      int ab = aOff + b * aStride;
      DoubleVector v0 = DoubleVector.fromArray(D, a, ab + j + 0 * DL);
      double x0 = a[ab + i0 + 0];
      DoubleVector s0 = DoubleVector.broadcast(D, subtract ? -x0 : x0);
      c00 = s0.fma(v0, c00);
    }
    c00.intoArray(p, p0 + 0 * DL);
  }

  /** Outputs [j, j + 4·DL): one accumulator per vector across the nnz rows. */
  private static void sparseBlocks4(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, double[] out, int j) {
    DoubleVector a0 = DoubleVector.zero(D);
    DoubleVector a1 = DoubleVector.zero(D);
    DoubleVector a2 = DoubleVector.zero(D);
    DoubleVector a3 = DoubleVector.zero(D);
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(D, (double) val[k]);
      DoubleVector r0 = (DoubleVector) FloatVector.fromArray(HALF, rows, base + 0 * DL).convertShape(VectorOperators.F2D, D, 0);
      a0 = a0.add(v.mul(r0));
      DoubleVector r1 = (DoubleVector) FloatVector.fromArray(HALF, rows, base + 1 * DL).convertShape(VectorOperators.F2D, D, 0);
      a1 = a1.add(v.mul(r1));
      DoubleVector r2 = (DoubleVector) FloatVector.fromArray(HALF, rows, base + 2 * DL).convertShape(VectorOperators.F2D, D, 0);
      a2 = a2.add(v.mul(r2));
      DoubleVector r3 = (DoubleVector) FloatVector.fromArray(HALF, rows, base + 3 * DL).convertShape(VectorOperators.F2D, D, 0);
      a3 = a3.add(v.mul(r3));
    }
    a0.intoArray(out, j + 0 * DL);
    a1.intoArray(out, j + 1 * DL);
    a2.intoArray(out, j + 2 * DL);
    a3.intoArray(out, j + 3 * DL);
  }

  /** Outputs [j, j + 1·DL): one accumulator per vector across the nnz rows. */
  private static void sparseBlocks1(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, double[] out, int j) {
    DoubleVector a0 = DoubleVector.zero(D);
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(D, (double) val[k]);
      DoubleVector r0 = (DoubleVector) FloatVector.fromArray(HALF, rows, base + 0 * DL).convertShape(VectorOperators.F2D, D, 0);
      a0 = a0.add(v.mul(r0));
    }
    a0.intoArray(out, j + 0 * DL);
  }
}
