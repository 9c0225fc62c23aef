package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * C += A·B on the Vector API for blocks of examples, bit-identical to {@link ScalarVectorOps#multiplyAdd}:
 * each element of C is accumulated in p order with a multiplication then an addition (never fused), the
 * lanes running along the columns of B and C. Register-blocked: 4 rows of A by 4 vectors of columns (16
 * accumulators held in registers across the whole depth, 4 loads of B and 4 broadcasts of A per 16
 * multiply-adds; column panels outside, so a panel of B stays in L1 across the row groups), then 4 rows by 1 vector, then single rows, then a scalar tail of columns; every path does
 * the same operations in the same order per element, so results never depend on the block shape. B may
 * be float (widened exactly, 8 floats converted per vector). Generated from one template; each register block is its own small method, so
 * the JIT compiles (and intrinsifies) each quickly instead of one huge method running un-intrinsified meanwhile; stateless.
 */
final class PanamaMatrixOps {
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;
  /** Floats of one double vector's lanes: half the bits. */
  private static final VectorSpecies<Float> HALF = VectorSpecies.of(float.class, VectorShape.forBitSize(DSPECIES.vectorBitSize() / 2));

  private PanamaMatrixOps() {}

  static void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, double[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    int vcols = cols - cols % DLANES;
    int wide = vcols - vcols % (4 * DLANES);
    int rows4 = rows - rows % 4;
    // column panels outside, row groups inside: a panel of B (depth x 4 vectors) stays in L1 across the rows
    for (int j = 0; j < wide; j += 4 * DLANES) {
      for (int i = 0; i < rows4; i += 4) {
        block4x4(a, aOff + i * aStride, aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j, cStride);
      }
    }
    for (int i = 0; i < rows4; i += 4) {
      for (int j = wide; j < vcols; j += DLANES) {
        block4x1(a, aOff + i * aStride, aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j, cStride);
      }
      scalarColumns(a, aOff + i * aStride, aStride, 4, depth, b, bOff, bStride, vcols, cols, c, cOff + i * cStride, cStride);
    }
    for (int i = rows4; i < rows; i++) {
      int j = 0;
      for (; j < wide; j += 4 * DLANES) {
        block1x4(a, aOff + i * aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j);
      }
      for (; j < vcols; j += DLANES) {
        block1x1(a, aOff + i * aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j);
      }
      scalarColumns(a, aOff + i * aStride, aStride, 1, depth, b, bOff, bStride, vcols, cols, c, cOff + i * cStride, cStride);
    }
  }

  /** 4 rows by 4 vectors of C, 16 accumulators in registers across the depth. */
  private static void block4x4(double[] a, int ar, int aStride, int depth, double[] b, int bc, int bStride, double[] c, int cr, int cStride) {
    DoubleVector c00 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 0 * DLANES);
    DoubleVector c01 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 1 * DLANES);
    DoubleVector c02 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 2 * DLANES);
    DoubleVector c03 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 3 * DLANES);
    DoubleVector c10 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 0 * DLANES);
    DoubleVector c11 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 1 * DLANES);
    DoubleVector c12 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 2 * DLANES);
    DoubleVector c13 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 3 * DLANES);
    DoubleVector c20 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 0 * DLANES);
    DoubleVector c21 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 1 * DLANES);
    DoubleVector c22 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 2 * DLANES);
    DoubleVector c23 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 3 * DLANES);
    DoubleVector c30 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 0 * DLANES);
    DoubleVector c31 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 1 * DLANES);
    DoubleVector c32 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 2 * DLANES);
    DoubleVector c33 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 3 * DLANES);
    for (int p = 0; p < depth; p++) {
      int bp = bc + p * bStride;
      DoubleVector b0 = DoubleVector.fromArray(DSPECIES, b, bp + 0 * DLANES);
      DoubleVector b1 = DoubleVector.fromArray(DSPECIES, b, bp + 1 * DLANES);
      DoubleVector b2 = DoubleVector.fromArray(DSPECIES, b, bp + 2 * DLANES);
      DoubleVector b3 = DoubleVector.fromArray(DSPECIES, b, bp + 3 * DLANES);
      DoubleVector a0 = DoubleVector.broadcast(DSPECIES, a[ar + 0 * aStride + p]);
      c00 = c00.add(a0.mul(b0));
      c01 = c01.add(a0.mul(b1));
      c02 = c02.add(a0.mul(b2));
      c03 = c03.add(a0.mul(b3));
      DoubleVector a1 = DoubleVector.broadcast(DSPECIES, a[ar + 1 * aStride + p]);
      c10 = c10.add(a1.mul(b0));
      c11 = c11.add(a1.mul(b1));
      c12 = c12.add(a1.mul(b2));
      c13 = c13.add(a1.mul(b3));
      DoubleVector a2 = DoubleVector.broadcast(DSPECIES, a[ar + 2 * aStride + p]);
      c20 = c20.add(a2.mul(b0));
      c21 = c21.add(a2.mul(b1));
      c22 = c22.add(a2.mul(b2));
      c23 = c23.add(a2.mul(b3));
      DoubleVector a3 = DoubleVector.broadcast(DSPECIES, a[ar + 3 * aStride + p]);
      c30 = c30.add(a3.mul(b0));
      c31 = c31.add(a3.mul(b1));
      c32 = c32.add(a3.mul(b2));
      c33 = c33.add(a3.mul(b3));
    }
    c00.intoArray(c, cr + 0 * cStride + 0 * DLANES);
    c01.intoArray(c, cr + 0 * cStride + 1 * DLANES);
    c02.intoArray(c, cr + 0 * cStride + 2 * DLANES);
    c03.intoArray(c, cr + 0 * cStride + 3 * DLANES);
    c10.intoArray(c, cr + 1 * cStride + 0 * DLANES);
    c11.intoArray(c, cr + 1 * cStride + 1 * DLANES);
    c12.intoArray(c, cr + 1 * cStride + 2 * DLANES);
    c13.intoArray(c, cr + 1 * cStride + 3 * DLANES);
    c20.intoArray(c, cr + 2 * cStride + 0 * DLANES);
    c21.intoArray(c, cr + 2 * cStride + 1 * DLANES);
    c22.intoArray(c, cr + 2 * cStride + 2 * DLANES);
    c23.intoArray(c, cr + 2 * cStride + 3 * DLANES);
    c30.intoArray(c, cr + 3 * cStride + 0 * DLANES);
    c31.intoArray(c, cr + 3 * cStride + 1 * DLANES);
    c32.intoArray(c, cr + 3 * cStride + 2 * DLANES);
    c33.intoArray(c, cr + 3 * cStride + 3 * DLANES);
  }

  private static void block4x1(double[] a, int ar, int aStride, int depth, double[] b, int bc, int bStride, double[] c, int cr, int cStride) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride);
    for (int p = 0; p < depth; p++) {
      DoubleVector b0 = DoubleVector.fromArray(DSPECIES, b, bc + p * bStride);
      c0 = c0.add(DoubleVector.broadcast(DSPECIES, a[ar + 0 * aStride + p]).mul(b0));
      c1 = c1.add(DoubleVector.broadcast(DSPECIES, a[ar + 1 * aStride + p]).mul(b0));
      c2 = c2.add(DoubleVector.broadcast(DSPECIES, a[ar + 2 * aStride + p]).mul(b0));
      c3 = c3.add(DoubleVector.broadcast(DSPECIES, a[ar + 3 * aStride + p]).mul(b0));
    }
    c0.intoArray(c, cr + 0 * cStride);
    c1.intoArray(c, cr + 1 * cStride);
    c2.intoArray(c, cr + 2 * cStride);
    c3.intoArray(c, cr + 3 * cStride);
  }

  private static void block1x4(double[] a, int ar, int depth, double[] b, int bc, int bStride, double[] c, int cr) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * DLANES);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * DLANES);
    for (int p = 0; p < depth; p++) {
      int bp = bc + p * bStride;
      DoubleVector av = DoubleVector.broadcast(DSPECIES, a[ar + p]);
      c0 = c0.add(av.mul(DoubleVector.fromArray(DSPECIES, b, bp + 0 * DLANES)));
      c1 = c1.add(av.mul(DoubleVector.fromArray(DSPECIES, b, bp + 1 * DLANES)));
      c2 = c2.add(av.mul(DoubleVector.fromArray(DSPECIES, b, bp + 2 * DLANES)));
      c3 = c3.add(av.mul(DoubleVector.fromArray(DSPECIES, b, bp + 3 * DLANES)));
    }
    c0.intoArray(c, cr + 0 * DLANES);
    c1.intoArray(c, cr + 1 * DLANES);
    c2.intoArray(c, cr + 2 * DLANES);
    c3.intoArray(c, cr + 3 * DLANES);
  }

  private static void block1x1(double[] a, int ar, int depth, double[] b, int bc, int bStride, double[] c, int cr) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, c, cr);
    for (int p = 0; p < depth; p++) {
      c0 = c0.add(DoubleVector.broadcast(DSPECIES, a[ar + p]).mul(DoubleVector.fromArray(DSPECIES, b, bc + p * bStride)));
    }
    c0.intoArray(c, cr);
  }

  /** Columns [from, to) of rows [0, rows) one element at a time, in the same order as the vector lanes. */
  private static void scalarColumns(double[] a, int a0, int aStride, int rows, int depth, double[] b, int bOff, int bStride,
      int from, int to, double[] c, int c0, int cStride) {
    for (int r = 0; r < rows; r++) {
      for (int j = from; j < to; j++) {
        double s = c[c0 + r * cStride + j];
        for (int p = 0; p < depth; p++) {
          s += a[a0 + r * aStride + p] * b[bOff + p * bStride + j];
        }
        c[c0 + r * cStride + j] = s;
      }
    }
  }

  static void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    int vcols = cols - cols % DLANES;
    int wide = vcols - vcols % (4 * DLANES);
    int rows4 = rows - rows % 4;
    // column panels outside, row groups inside: a panel of B (depth x 4 vectors) stays in L1 across the rows
    for (int j = 0; j < wide; j += 4 * DLANES) {
      for (int i = 0; i < rows4; i += 4) {
        block4x4(a, aOff + i * aStride, aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j, cStride);
      }
    }
    for (int i = 0; i < rows4; i += 4) {
      for (int j = wide; j < vcols; j += DLANES) {
        block4x1(a, aOff + i * aStride, aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j, cStride);
      }
      scalarColumns(a, aOff + i * aStride, aStride, 4, depth, b, bOff, bStride, vcols, cols, c, cOff + i * cStride, cStride);
    }
    for (int i = rows4; i < rows; i++) {
      int j = 0;
      for (; j < wide; j += 4 * DLANES) {
        block1x4(a, aOff + i * aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j);
      }
      for (; j < vcols; j += DLANES) {
        block1x1(a, aOff + i * aStride, depth, b, bOff + j, bStride, c, cOff + i * cStride + j);
      }
      scalarColumns(a, aOff + i * aStride, aStride, 1, depth, b, bOff, bStride, vcols, cols, c, cOff + i * cStride, cStride);
    }
  }

  /** 4 rows by 4 vectors of C, 16 accumulators in registers across the depth. */
  private static void block4x4(double[] a, int ar, int aStride, int depth, float[] b, int bc, int bStride, double[] c, int cr, int cStride) {
    DoubleVector c00 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 0 * DLANES);
    DoubleVector c01 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 1 * DLANES);
    DoubleVector c02 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 2 * DLANES);
    DoubleVector c03 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride + 3 * DLANES);
    DoubleVector c10 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 0 * DLANES);
    DoubleVector c11 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 1 * DLANES);
    DoubleVector c12 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 2 * DLANES);
    DoubleVector c13 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride + 3 * DLANES);
    DoubleVector c20 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 0 * DLANES);
    DoubleVector c21 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 1 * DLANES);
    DoubleVector c22 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 2 * DLANES);
    DoubleVector c23 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride + 3 * DLANES);
    DoubleVector c30 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 0 * DLANES);
    DoubleVector c31 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 1 * DLANES);
    DoubleVector c32 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 2 * DLANES);
    DoubleVector c33 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride + 3 * DLANES);
    for (int p = 0; p < depth; p++) {
      int bp = bc + p * bStride;
      DoubleVector b0 = (DoubleVector) FloatVector.fromArray(HALF, b, bp + 0 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0);
      DoubleVector b1 = (DoubleVector) FloatVector.fromArray(HALF, b, bp + 1 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0);
      DoubleVector b2 = (DoubleVector) FloatVector.fromArray(HALF, b, bp + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0);
      DoubleVector b3 = (DoubleVector) FloatVector.fromArray(HALF, b, bp + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0);
      DoubleVector a0 = DoubleVector.broadcast(DSPECIES, a[ar + 0 * aStride + p]);
      c00 = c00.add(a0.mul(b0));
      c01 = c01.add(a0.mul(b1));
      c02 = c02.add(a0.mul(b2));
      c03 = c03.add(a0.mul(b3));
      DoubleVector a1 = DoubleVector.broadcast(DSPECIES, a[ar + 1 * aStride + p]);
      c10 = c10.add(a1.mul(b0));
      c11 = c11.add(a1.mul(b1));
      c12 = c12.add(a1.mul(b2));
      c13 = c13.add(a1.mul(b3));
      DoubleVector a2 = DoubleVector.broadcast(DSPECIES, a[ar + 2 * aStride + p]);
      c20 = c20.add(a2.mul(b0));
      c21 = c21.add(a2.mul(b1));
      c22 = c22.add(a2.mul(b2));
      c23 = c23.add(a2.mul(b3));
      DoubleVector a3 = DoubleVector.broadcast(DSPECIES, a[ar + 3 * aStride + p]);
      c30 = c30.add(a3.mul(b0));
      c31 = c31.add(a3.mul(b1));
      c32 = c32.add(a3.mul(b2));
      c33 = c33.add(a3.mul(b3));
    }
    c00.intoArray(c, cr + 0 * cStride + 0 * DLANES);
    c01.intoArray(c, cr + 0 * cStride + 1 * DLANES);
    c02.intoArray(c, cr + 0 * cStride + 2 * DLANES);
    c03.intoArray(c, cr + 0 * cStride + 3 * DLANES);
    c10.intoArray(c, cr + 1 * cStride + 0 * DLANES);
    c11.intoArray(c, cr + 1 * cStride + 1 * DLANES);
    c12.intoArray(c, cr + 1 * cStride + 2 * DLANES);
    c13.intoArray(c, cr + 1 * cStride + 3 * DLANES);
    c20.intoArray(c, cr + 2 * cStride + 0 * DLANES);
    c21.intoArray(c, cr + 2 * cStride + 1 * DLANES);
    c22.intoArray(c, cr + 2 * cStride + 2 * DLANES);
    c23.intoArray(c, cr + 2 * cStride + 3 * DLANES);
    c30.intoArray(c, cr + 3 * cStride + 0 * DLANES);
    c31.intoArray(c, cr + 3 * cStride + 1 * DLANES);
    c32.intoArray(c, cr + 3 * cStride + 2 * DLANES);
    c33.intoArray(c, cr + 3 * cStride + 3 * DLANES);
  }

  private static void block4x1(double[] a, int ar, int aStride, int depth, float[] b, int bc, int bStride, double[] c, int cr, int cStride) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * cStride);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * cStride);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * cStride);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * cStride);
    for (int p = 0; p < depth; p++) {
      DoubleVector b0 = (DoubleVector) FloatVector.fromArray(HALF, b, bc + p * bStride).convertShape(VectorOperators.F2D, DSPECIES, 0);
      c0 = c0.add(DoubleVector.broadcast(DSPECIES, a[ar + 0 * aStride + p]).mul(b0));
      c1 = c1.add(DoubleVector.broadcast(DSPECIES, a[ar + 1 * aStride + p]).mul(b0));
      c2 = c2.add(DoubleVector.broadcast(DSPECIES, a[ar + 2 * aStride + p]).mul(b0));
      c3 = c3.add(DoubleVector.broadcast(DSPECIES, a[ar + 3 * aStride + p]).mul(b0));
    }
    c0.intoArray(c, cr + 0 * cStride);
    c1.intoArray(c, cr + 1 * cStride);
    c2.intoArray(c, cr + 2 * cStride);
    c3.intoArray(c, cr + 3 * cStride);
  }

  private static void block1x4(double[] a, int ar, int depth, float[] b, int bc, int bStride, double[] c, int cr) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, c, cr + 0 * DLANES);
    DoubleVector c1 = DoubleVector.fromArray(DSPECIES, c, cr + 1 * DLANES);
    DoubleVector c2 = DoubleVector.fromArray(DSPECIES, c, cr + 2 * DLANES);
    DoubleVector c3 = DoubleVector.fromArray(DSPECIES, c, cr + 3 * DLANES);
    for (int p = 0; p < depth; p++) {
      int bp = bc + p * bStride;
      DoubleVector av = DoubleVector.broadcast(DSPECIES, a[ar + p]);
      c0 = c0.add(av.mul((DoubleVector) FloatVector.fromArray(HALF, b, bp + 0 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      c1 = c1.add(av.mul((DoubleVector) FloatVector.fromArray(HALF, b, bp + 1 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      c2 = c2.add(av.mul((DoubleVector) FloatVector.fromArray(HALF, b, bp + 2 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
      c3 = c3.add(av.mul((DoubleVector) FloatVector.fromArray(HALF, b, bp + 3 * DLANES).convertShape(VectorOperators.F2D, DSPECIES, 0)));
    }
    c0.intoArray(c, cr + 0 * DLANES);
    c1.intoArray(c, cr + 1 * DLANES);
    c2.intoArray(c, cr + 2 * DLANES);
    c3.intoArray(c, cr + 3 * DLANES);
  }

  private static void block1x1(double[] a, int ar, int depth, float[] b, int bc, int bStride, double[] c, int cr) {
    DoubleVector c0 = DoubleVector.fromArray(DSPECIES, c, cr);
    for (int p = 0; p < depth; p++) {
      c0 = c0.add(DoubleVector.broadcast(DSPECIES, a[ar + p]).mul((DoubleVector) FloatVector.fromArray(HALF, b, bc + p * bStride).convertShape(VectorOperators.F2D, DSPECIES, 0)));
    }
    c0.intoArray(c, cr);
  }

  /** Columns [from, to) of rows [0, rows) one element at a time, in the same order as the vector lanes. */
  private static void scalarColumns(double[] a, int a0, int aStride, int rows, int depth, float[] b, int bOff, int bStride,
      int from, int to, double[] c, int c0, int cStride) {
    for (int r = 0; r < rows; r++) {
      for (int j = from; j < to; j++) {
        double s = c[c0 + r * cStride + j];
        for (int p = 0; p < depth; p++) {
          s += a[a0 + r * aStride + p] * (double) b[bOff + p * bStride + j];
        }
        c[c0 + r * cStride + j] = s;
      }
    }
  }


  /**
   * {@link ScalarVectorOps#rowDots}: with 8 double lanes, lane l of one accumulator is the partial sum of the
   * residue l (multiply then add, as the specification); other widths take the specification.
   */
  static void rowDots(double[] x, int n, float[] rows, int off, int stride, int count, double[] out) {
    if (DLANES != 8) {
      ScalarVectorOps.INSTANCE.rowDots(x, n, rows, off, stride, count, out);
      return;
    }
    int n8 = n - n % 8;
    int k = 0;
    // the eight partial sums go through out[k..k+8) (lane extraction one by one is slow), overwritten by the
    // later rows; the last seven rows, where that would run past count, take the specification
    for (; k + 8 <= count; k++) {
      int r = off + k * stride;
      DoubleVector acc = DoubleVector.zero(DSPECIES);
      for (int j = 0; j < n8; j += 8) {
        DoubleVector rv = (DoubleVector) FloatVector.fromArray(HALF, rows, r + j).convertShape(VectorOperators.F2D, DSPECIES, 0);
        acc = acc.add(DoubleVector.fromArray(DSPECIES, x, j).mul(rv));
      }
      acc.intoArray(out, k);
      out[k] = ScalarVectorOps.combineEight(out[k], out[k + 1], out[k + 2], out[k + 3], out[k + 4], out[k + 5], out[k + 6], out[k + 7],
          x, rows, r, n8, n);
    }
    ScalarVectorOps.rowDots(x, n, rows, off, stride, k, count, out);
  }

  /**
   * {@link ScalarVectorOps#rowDots(double[], int, double[], int, int, int, double[])} with 8 double lanes:
   * four rows at a time (four independent add chains: one row's chain alone waits on the adder's latency),
   * lane l of each accumulator the partial sum of the residue l; other widths take the specification.
   */
  static void rowDots(double[] x, int n, double[] rows, int off, int stride, int count, double[] out) {
    if (DLANES != 8) {
      ScalarVectorOps.INSTANCE.rowDots(x, n, rows, off, stride, count, out);
      return;
    }
    int n8 = n - n % 8;
    // the tail j in [n8, n) is lane j − n8 = j mod 8 of one masked step: each lane adds its residue's term
    // last, as the specification does; lanes past the tail keep their sums (a masked add)
    VectorMask<Double> tail = DSPECIES.indexInRange(n8, n);
    DoubleVector xt = DoubleVector.fromArray(DSPECIES, x, n8, tail);
    int k = 0;
    // partial sums go out through out[k..k+8), out[k+1..k+9), ... in row order, each combined before the next
    // row's store (which leaves the combined ones below it alone); rows whose store would run past count take
    // the specification
    for (; k + 11 <= count; k += 4) {
      int r0 = off + k * stride;
      int r1 = r0 + stride;
      int r2 = r1 + stride;
      int r3 = r2 + stride;
      DoubleVector a0 = DoubleVector.zero(DSPECIES);
      DoubleVector a1 = a0;
      DoubleVector a2 = a0;
      DoubleVector a3 = a0;
      for (int j = 0; j < n8; j += 8) {
        DoubleVector xv = DoubleVector.fromArray(DSPECIES, x, j);
        a0 = a0.add(xv.mul(DoubleVector.fromArray(DSPECIES, rows, r0 + j)));
        a1 = a1.add(xv.mul(DoubleVector.fromArray(DSPECIES, rows, r1 + j)));
        a2 = a2.add(xv.mul(DoubleVector.fromArray(DSPECIES, rows, r2 + j)));
        a3 = a3.add(xv.mul(DoubleVector.fromArray(DSPECIES, rows, r3 + j)));
      }
      if (n8 < n) {
        a0 = a0.add(xt.mul(DoubleVector.fromArray(DSPECIES, rows, r0 + n8, tail)), tail);
        a1 = a1.add(xt.mul(DoubleVector.fromArray(DSPECIES, rows, r1 + n8, tail)), tail);
        a2 = a2.add(xt.mul(DoubleVector.fromArray(DSPECIES, rows, r2 + n8, tail)), tail);
        a3 = a3.add(xt.mul(DoubleVector.fromArray(DSPECIES, rows, r3 + n8, tail)), tail);
      }
      a0.intoArray(out, k);
      out[k] = combine(out, k);
      a1.intoArray(out, k + 1);
      out[k + 1] = combine(out, k + 1);
      a2.intoArray(out, k + 2);
      out[k + 2] = combine(out, k + 2);
      a3.intoArray(out, k + 3);
      out[k + 3] = combine(out, k + 3);
    }
    ScalarVectorOps.rowDots(x, n, rows, off, stride, k, count, out);
  }

  /** ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7)) of the eight partial sums at p[at..at+8). */
  private static double combine(double[] p, int at) {
    return ((p[at] + p[at + 1]) + (p[at + 2] + p[at + 3])) + ((p[at + 4] + p[at + 5]) + (p[at + 6] + p[at + 7]));
  }
}
