package org.altml.core.internal.vectorization;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * C += A·B in float on the Vector API, bit-identical to {@link ScalarVectorOps#multiplyAdd(float[], int, int, int,
 * int, float[], int, int, int, float[], int, int)}: each element of C is accumulated in float, in p order, with a
 * multiplication then an addition (never fused), the lanes running along the columns of B and C. The same
 * register blocking as {@link PanamaMatrixOps}' double products (4 rows of A by 4 vectors of columns with 16
 * accumulators in registers, then 4 rows by 1 vector, single rows, a scalar tail of columns), with twice the
 * lanes per vector: every path does the same operations in the same order per element, so results never depend
 * on the block shape. The float mode of the kernel learners' block products. Stateless.
 */
final class PanamaFloatMatrixOps {
  private static final VectorSpecies<Float> FSPECIES = PanamaSpecies.FLOAT;
  private static final int FLANES = PanamaSpecies.FLOAT_LANES;

  private PanamaFloatMatrixOps() {}

  static void multiplyAdd(float[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      float[] c, int cOff, int cStride) {
    int vcols = cols - cols % FLANES;
    int wide = vcols - vcols % (4 * FLANES);
    int rows4 = rows - rows % 4;
    // column panels outside, row groups inside: a panel of B (depth x 4 vectors) stays in L1 across the rows
    for (int j = 0; j < wide; j += 4 * FLANES) {
      for (int i = 0; i < rows4; i += 4) {
        block4x4(a, aOff + i * aStride, aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j, cStride);
      }
    }
    for (int i = 0; i < rows4; i += 4) {
      for (int j = wide; j < vcols; j += FLANES) {
        block4x1(a, aOff + i * aStride, aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j, cStride);
      }
      scalarColumns(a, aOff + i * aStride, aStride, 4, depth, b, bOff, bStride, vcols, cols, c, cOff + i * cStride, cStride);
    }
    for (int i = rows4; i < rows; i++) {
      int j = 0;
      for (; j < wide; j += 4 * FLANES) {
        block1x4(a, aOff + i * aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j);
      }
      for (; j < vcols; j += FLANES) {
        block1x1(a, aOff + i * aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j);
      }
      scalarColumns(a, aOff + i * aStride, aStride, 1, depth, b, bOff, bStride, vcols, cols, c, cOff + i * cStride, cStride);
    }
  }

  /** 4 rows by 4 vectors of C, 16 accumulators in registers across the depth. */
  private static void block4x4(float[] a, int ar, int aStride, int depth, float[] b, int bc, int bStride, float[] c, int cr, int cStride) {
    FloatVector c00 = FloatVector.fromArray(FSPECIES, c, cr + 0 * cStride + 0 * FLANES);
    FloatVector c01 = FloatVector.fromArray(FSPECIES, c, cr + 0 * cStride + 1 * FLANES);
    FloatVector c02 = FloatVector.fromArray(FSPECIES, c, cr + 0 * cStride + 2 * FLANES);
    FloatVector c03 = FloatVector.fromArray(FSPECIES, c, cr + 0 * cStride + 3 * FLANES);
    FloatVector c10 = FloatVector.fromArray(FSPECIES, c, cr + 1 * cStride + 0 * FLANES);
    FloatVector c11 = FloatVector.fromArray(FSPECIES, c, cr + 1 * cStride + 1 * FLANES);
    FloatVector c12 = FloatVector.fromArray(FSPECIES, c, cr + 1 * cStride + 2 * FLANES);
    FloatVector c13 = FloatVector.fromArray(FSPECIES, c, cr + 1 * cStride + 3 * FLANES);
    FloatVector c20 = FloatVector.fromArray(FSPECIES, c, cr + 2 * cStride + 0 * FLANES);
    FloatVector c21 = FloatVector.fromArray(FSPECIES, c, cr + 2 * cStride + 1 * FLANES);
    FloatVector c22 = FloatVector.fromArray(FSPECIES, c, cr + 2 * cStride + 2 * FLANES);
    FloatVector c23 = FloatVector.fromArray(FSPECIES, c, cr + 2 * cStride + 3 * FLANES);
    FloatVector c30 = FloatVector.fromArray(FSPECIES, c, cr + 3 * cStride + 0 * FLANES);
    FloatVector c31 = FloatVector.fromArray(FSPECIES, c, cr + 3 * cStride + 1 * FLANES);
    FloatVector c32 = FloatVector.fromArray(FSPECIES, c, cr + 3 * cStride + 2 * FLANES);
    FloatVector c33 = FloatVector.fromArray(FSPECIES, c, cr + 3 * cStride + 3 * FLANES);
    for (int p = 0; p < depth; p++) {
      int bp = bc + p * bStride;
      FloatVector b0 = FloatVector.fromArray(FSPECIES, b, bp + 0 * FLANES);
      FloatVector b1 = FloatVector.fromArray(FSPECIES, b, bp + 1 * FLANES);
      FloatVector b2 = FloatVector.fromArray(FSPECIES, b, bp + 2 * FLANES);
      FloatVector b3 = FloatVector.fromArray(FSPECIES, b, bp + 3 * FLANES);
      FloatVector a0 = FloatVector.broadcast(FSPECIES, a[ar + 0 * aStride + p]);
      c00 = c00.add(a0.mul(b0));
      c01 = c01.add(a0.mul(b1));
      c02 = c02.add(a0.mul(b2));
      c03 = c03.add(a0.mul(b3));
      FloatVector a1 = FloatVector.broadcast(FSPECIES, a[ar + 1 * aStride + p]);
      c10 = c10.add(a1.mul(b0));
      c11 = c11.add(a1.mul(b1));
      c12 = c12.add(a1.mul(b2));
      c13 = c13.add(a1.mul(b3));
      FloatVector a2 = FloatVector.broadcast(FSPECIES, a[ar + 2 * aStride + p]);
      c20 = c20.add(a2.mul(b0));
      c21 = c21.add(a2.mul(b1));
      c22 = c22.add(a2.mul(b2));
      c23 = c23.add(a2.mul(b3));
      FloatVector a3 = FloatVector.broadcast(FSPECIES, a[ar + 3 * aStride + p]);
      c30 = c30.add(a3.mul(b0));
      c31 = c31.add(a3.mul(b1));
      c32 = c32.add(a3.mul(b2));
      c33 = c33.add(a3.mul(b3));
    }
    c00.intoArray(c, cr + 0 * cStride + 0 * FLANES);
    c01.intoArray(c, cr + 0 * cStride + 1 * FLANES);
    c02.intoArray(c, cr + 0 * cStride + 2 * FLANES);
    c03.intoArray(c, cr + 0 * cStride + 3 * FLANES);
    c10.intoArray(c, cr + 1 * cStride + 0 * FLANES);
    c11.intoArray(c, cr + 1 * cStride + 1 * FLANES);
    c12.intoArray(c, cr + 1 * cStride + 2 * FLANES);
    c13.intoArray(c, cr + 1 * cStride + 3 * FLANES);
    c20.intoArray(c, cr + 2 * cStride + 0 * FLANES);
    c21.intoArray(c, cr + 2 * cStride + 1 * FLANES);
    c22.intoArray(c, cr + 2 * cStride + 2 * FLANES);
    c23.intoArray(c, cr + 2 * cStride + 3 * FLANES);
    c30.intoArray(c, cr + 3 * cStride + 0 * FLANES);
    c31.intoArray(c, cr + 3 * cStride + 1 * FLANES);
    c32.intoArray(c, cr + 3 * cStride + 2 * FLANES);
    c33.intoArray(c, cr + 3 * cStride + 3 * FLANES);
  }

  private static void block4x1(float[] a, int ar, int aStride, int depth, float[] b, int bc, int bStride, float[] c, int cr, int cStride) {
    FloatVector c0 = FloatVector.fromArray(FSPECIES, c, cr + 0 * cStride);
    FloatVector c1 = FloatVector.fromArray(FSPECIES, c, cr + 1 * cStride);
    FloatVector c2 = FloatVector.fromArray(FSPECIES, c, cr + 2 * cStride);
    FloatVector c3 = FloatVector.fromArray(FSPECIES, c, cr + 3 * cStride);
    for (int p = 0; p < depth; p++) {
      FloatVector b0 = FloatVector.fromArray(FSPECIES, b, bc + p * bStride);
      c0 = c0.add(FloatVector.broadcast(FSPECIES, a[ar + 0 * aStride + p]).mul(b0));
      c1 = c1.add(FloatVector.broadcast(FSPECIES, a[ar + 1 * aStride + p]).mul(b0));
      c2 = c2.add(FloatVector.broadcast(FSPECIES, a[ar + 2 * aStride + p]).mul(b0));
      c3 = c3.add(FloatVector.broadcast(FSPECIES, a[ar + 3 * aStride + p]).mul(b0));
    }
    c0.intoArray(c, cr + 0 * cStride);
    c1.intoArray(c, cr + 1 * cStride);
    c2.intoArray(c, cr + 2 * cStride);
    c3.intoArray(c, cr + 3 * cStride);
  }

  private static void block1x4(float[] a, int ar, int depth, float[] b, int bc, int bStride, float[] c, int cr) {
    FloatVector c0 = FloatVector.fromArray(FSPECIES, c, cr + 0 * FLANES);
    FloatVector c1 = FloatVector.fromArray(FSPECIES, c, cr + 1 * FLANES);
    FloatVector c2 = FloatVector.fromArray(FSPECIES, c, cr + 2 * FLANES);
    FloatVector c3 = FloatVector.fromArray(FSPECIES, c, cr + 3 * FLANES);
    for (int p = 0; p < depth; p++) {
      int bp = bc + p * bStride;
      FloatVector av = FloatVector.broadcast(FSPECIES, a[ar + p]);
      c0 = c0.add(av.mul(FloatVector.fromArray(FSPECIES, b, bp + 0 * FLANES)));
      c1 = c1.add(av.mul(FloatVector.fromArray(FSPECIES, b, bp + 1 * FLANES)));
      c2 = c2.add(av.mul(FloatVector.fromArray(FSPECIES, b, bp + 2 * FLANES)));
      c3 = c3.add(av.mul(FloatVector.fromArray(FSPECIES, b, bp + 3 * FLANES)));
    }
    c0.intoArray(c, cr + 0 * FLANES);
    c1.intoArray(c, cr + 1 * FLANES);
    c2.intoArray(c, cr + 2 * FLANES);
    c3.intoArray(c, cr + 3 * FLANES);
  }

  private static void block1x1(float[] a, int ar, int depth, float[] b, int bc, int bStride, float[] c, int cr) {
    FloatVector c0 = FloatVector.fromArray(FSPECIES, c, cr);
    for (int p = 0; p < depth; p++) {
      c0 = c0.add(FloatVector.broadcast(FSPECIES, a[ar + p]).mul(FloatVector.fromArray(FSPECIES, b, bc + p * bStride)));
    }
    c0.intoArray(c, cr);
  }

  /** Columns [from, to) of rows [0, rows) one element at a time, in the same order as the vector lanes. */
  private static void scalarColumns(float[] a, int a0, int aStride, int rows, int depth, float[] b, int bOff, int bStride,
      int from, int to, float[] c, int c0, int cStride) {
    for (int r = 0; r < rows; r++) {
      for (int j = from; j < to; j++) {
        float s = c[c0 + r * cStride + j];
        for (int p = 0; p < depth; p++) {
          s += a[a0 + r * aStride + p] * b[bOff + p * bStride + j];
        }
        c[c0 + r * cStride + j] = s;
      }
    }
  }
}
