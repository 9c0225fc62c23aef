package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SALT (AdaGrad) step on the rows a sparse x touches on the Vector API ({@code adaptiveStep}, float
 * and double rows), bit-identical to {@link ScalarVectorOps}. Stateless.
 *
 * <p>Not register-blocked like the other row kernels: each weight needs an IEEE square root and division,
 * and the divider bounds the kernel. Keeping up to 8 gradient blocks in registers across the non-zeros
 * measured no faster (JMH at width 102, alt-bench/RESULTS.md section 7). The double step costs 2.5-3.4x
 * the float one even when every touched row is in L1 (8 non-zeros): a double vector carries half the
 * lanes through the square root and the division, which take longer per instruction in double.
 *
 * <p>The block body is written out in the loop, not in a helper taking vectors, which the JIT boxes when
 * it does not inline the helper.
 */
final class PanamaAdaptiveStep {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  private PanamaAdaptiveStep() {}

  static void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int stride, int width) {
    int full = SPECIES.loopBound(width);
    VectorMask<Float> tailMask = SPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      int j = 0;
      // in the scalar order: g = x_k·grad; acc = fma(g, g, acc); w −= (η·g)/(δ + √acc)
      for (; j < full; j += LANES) {
        int at = base + j;
        FloatVector g = v.mul(FloatVector.fromArray(SPECIES, grad, j));
        FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, at));
        a.intoArray(acc, at);
        FloatVector.fromArray(SPECIES, rows, at).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        int at = base + j;
        FloatVector g = v.mul(FloatVector.fromArray(SPECIES, grad, j, tailMask));
        FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, at, tailMask));
        a.intoArray(acc, at, tailMask);
        FloatVector.fromArray(SPECIES, rows, at, tailMask).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at, tailMask);
      }
    }
  }

  static void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int stride, int width) {
    int full = DSPECIES.loopBound(width);
    VectorMask<Double> tailMask = DSPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      int j = 0;
      // in the scalar order: g = x_k·grad; acc = acc + g·g; w −= (η·g)/(δ + √acc)
      for (; j < full; j += DLANES) {
        int at = base + j;
        DoubleVector g = v.mul(DoubleVector.fromArray(DSPECIES, grad, j));
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, at).add(g.mul(g));
        a.intoArray(acc, at);
        DoubleVector.fromArray(DSPECIES, rows, at).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        int at = base + j;
        DoubleVector g = v.mul(DoubleVector.fromArray(DSPECIES, grad, j, tailMask));
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, at, tailMask).add(g.mul(g));
        a.intoArray(acc, at, tailMask);
        DoubleVector.fromArray(DSPECIES, rows, at, tailMask).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at, tailMask);
      }
    }
  }
}
