package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Element-wise kernels on contiguous ranges on the Vector API: {@code axpy} and {@code scale}, bit-identical
 * to {@link ScalarVectorOps} (lanes are independent). Stateless.
 */
final class PanamaDenseOps {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  private PanamaDenseOps() {}

  static void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    int i = 0;
    // element-wise and store-bound: no unrolling needed, the JIT overlaps iterations itself
    if (n >= LANES) {
      FloatVector a = FloatVector.broadcast(SPECIES, alpha);
      int limit = SPECIES.loopBound(n);
      for (; i < limit; i += LANES) {
        a.fma(FloatVector.fromArray(SPECIES, x, xOff + i), FloatVector.fromArray(SPECIES, y, yOff + i))
            .intoArray(y, yOff + i);
      }
    }
    // scalar tail (same fma per element as the vector body)
    for (; i < n; i++) {
      y[yOff + i] = Math.fma(alpha, x[xOff + i], y[yOff + i]);
    }
  }

  static void scale(float alpha, float[] x, int off, int n) {
    int i = 0;
    if (n >= LANES) {
      int limit = SPECIES.loopBound(n);
      for (; i < limit; i += LANES) {
        FloatVector.fromArray(SPECIES, x, off + i).mul(alpha).intoArray(x, off + i);
      }
    }
    // scalar tail
    for (; i < n; i++) {
      x[off + i] *= alpha;
    }
  }

  // double rows (Precision.DOUBLE): multiply, then add (two roundings, never fused), as ScalarVectorOps specifies

  static void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
    int i = 0;
    if (n >= DLANES) {
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha);
      int limit = DSPECIES.loopBound(n);
      for (; i < limit; i += DLANES) {
        DoubleVector.fromArray(DSPECIES, y, yOff + i).add(a.mul(DoubleVector.fromArray(DSPECIES, x, xOff + i)))
            .intoArray(y, yOff + i);
      }
    }
    // scalar tail (same multiply, then add, as the vector body)
    for (; i < n; i++) {
      y[yOff + i] += alpha * x[xOff + i];
    }
  }

  static void scale(double alpha, double[] x, int off, int n) {
    int i = 0;
    if (n >= DLANES) {
      int limit = DSPECIES.loopBound(n);
      for (; i < limit; i += DLANES) {
        DoubleVector.fromArray(DSPECIES, x, off + i).mul(alpha).intoArray(x, off + i);
      }
    }
    // scalar tail
    for (; i < n; i++) {
      x[off + i] *= alpha;
    }
  }
}
