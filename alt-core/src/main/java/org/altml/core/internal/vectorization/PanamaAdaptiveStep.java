package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SALT (AdaGrad) step on the rows a sparse x touches on the Vector API ({@code adaptiveStep}, float
 * and double rows), bit-identical to {@link ScalarVectorOps}. Stateless.
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
      for (; j < full; j += LANES) {
        adaptiveBlock(v, FloatVector.fromArray(SPECIES, grad, j), eta, delta, rows, acc, base + j);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        FloatVector g = v.mul(FloatVector.fromArray(SPECIES, grad, j, tailMask));
        FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, base + j, tailMask));
        a.intoArray(acc, base + j, tailMask);
        FloatVector.fromArray(SPECIES, rows, base + j, tailMask)
            .sub(g.mul(eta).div(a.sqrt().add(delta)))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }

  /** One block of the AdaGrad step, in the scalar order: g = x_k·grad; acc = fma(g, g, acc); w −= (η·g)/(δ + √acc). */
  private static void adaptiveBlock(FloatVector v, FloatVector grad, float eta, float delta, float[] rows, float[] acc, int at) {
    FloatVector g = v.mul(grad);
    FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, at));
    a.intoArray(acc, at);
    FloatVector.fromArray(SPECIES, rows, at).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at);
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
        DoubleVector g = v.mul(DoubleVector.fromArray(DSPECIES, grad, j));
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, base + j).add(g.mul(g));
        a.intoArray(acc, base + j);
        DoubleVector.fromArray(DSPECIES, rows, base + j).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, base + j);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        DoubleVector g = v.mul(DoubleVector.fromArray(DSPECIES, grad, j, tailMask));
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, base + j, tailMask).add(g.mul(g));
        a.intoArray(acc, base + j, tailMask);
        DoubleVector.fromArray(DSPECIES, rows, base + j, tailMask)
            .sub(g.mul(eta).div(a.sqrt().add(delta)))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }
}
