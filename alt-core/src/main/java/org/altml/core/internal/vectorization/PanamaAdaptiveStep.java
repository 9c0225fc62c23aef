package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SALT (AdaGrad) step on the rows a sparse x touches on the Vector API ({@code adaptiveStep}, float
 * and double rows), bit-identical to {@link ScalarVectorOps}. Stateless.
 *
 * <p>Not register-blocked like the other row kernels: each weight needs an IEEE square root and division,
 * and the divider bounds the kernel. Keeping up to 8 gradient blocks in registers across the non-zeros
 * measured no faster (JMH at width 102, alt-bench/journal/2026-11-24-double-row-kernels.md). The double step costs 2.5-3.4x
 * the float one even when every touched row is in L1 (8 non-zeros): a double vector carries half the
 * lanes through the square root and the division, which take longer per instruction in double.
 *
 * <p>Label blocks whose step coefficients are all zero are skipped (issue 12): their g is ±0, so neither the
 * weights nor the accumulators change, and late in training most of SALT's coefficients are zero (satisfied
 * margins). Inside a computed block with a zero-grad lane, those lanes are blended back to their old values, as the
 * specification skips them (a blend and a plain store: masked stores measured slower on this machine's AMD
 * EPYC); blocks whose lanes all step take the plain path (the yardstick's random labels leave 101 of 102
 * lanes stepping, where the blends cost SALT 15%).
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
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int rowsOff, int stride, int width) {
    int full = SPECIES.loopBound(width);
    VectorMask<Float> tailMask = SPECIES.indexInRange(full, width);
    // per block of the first 64: some lane's grad is non-zero (active) / some lane's grad is zero (partial)
    long active = 0;
    long partial = 0;
    for (int j = 0; j < width && j / LANES < 64; j++) {
      long bit = 1L << (j / LANES);
      active |= grad[j] != 0f ? bit : 0;
      partial |= grad[j] == 0f ? bit : 0;
    }
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      int j = 0;
      // in the scalar order: g = x_k·grad; acc = fma(g, g, acc); w −= (η·g)/(δ + √acc); lanes whose grad is
      // zero keep their values (blended back: the specification skips them), blocks of zeros are not computed at all
      for (int block = 0; j < full; j += LANES, block++) {
        long bit = block < 64 ? 1L << block : 0L;
        if (bit != 0 && (active & bit) == 0) {
          continue;
        }
        int at = base + j;
        FloatVector c = FloatVector.fromArray(SPECIES, grad, j);
        FloatVector g = v.mul(c);
        if (bit != 0 && (partial & bit) == 0) { // every lane steps: no blend
          FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, at));
          a.intoArray(acc, at);
          FloatVector.fromArray(SPECIES, rows, at).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at);
          continue;
        }
        VectorMask<Float> nz = c.compare(VectorOperators.NE, 0f);
        FloatVector a0 = FloatVector.fromArray(SPECIES, acc, at);
        FloatVector a = g.fma(g, a0);
        a0.blend(a, nz).intoArray(acc, at);
        FloatVector w = FloatVector.fromArray(SPECIES, rows, at);
        w.blend(w.sub(g.mul(eta).div(a.sqrt().add(delta))), nz).intoArray(rows, at);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        int at = base + j;
        FloatVector c = FloatVector.fromArray(SPECIES, grad, j, tailMask);
        VectorMask<Float> nz = c.compare(VectorOperators.NE, 0f).and(tailMask);
        FloatVector g = v.mul(c);
        FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, at, tailMask));
        a.intoArray(acc, at, nz);
        FloatVector.fromArray(SPECIES, rows, at, tailMask).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at, nz);
      }
    }
  }

  static void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int rowsOff, int stride, int width) {
    int full = DSPECIES.loopBound(width);
    VectorMask<Double> tailMask = DSPECIES.indexInRange(full, width);
    long active = 0;
    long partial = 0;
    for (int j = 0; j < width && j / DLANES < 64; j++) {
      long bit = 1L << (j / DLANES);
      active |= grad[j] != 0.0 ? bit : 0;
      partial |= grad[j] == 0.0 ? bit : 0;
    }
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      int j = 0;
      // in the scalar order: g = x_k·grad; acc = acc + g·g; w −= (η·g)/(δ + √acc); zero-grad lanes blended back,
      // zero blocks not computed
      for (int block = 0; j < full; j += DLANES, block++) {
        long bit = block < 64 ? 1L << block : 0L;
        if (bit != 0 && (active & bit) == 0) {
          continue;
        }
        int at = base + j;
        DoubleVector c = DoubleVector.fromArray(DSPECIES, grad, j);
        DoubleVector g = v.mul(c);
        if (bit != 0 && (partial & bit) == 0) { // every lane steps: no blend
          DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, at).add(g.mul(g));
          a.intoArray(acc, at);
          DoubleVector.fromArray(DSPECIES, rows, at).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at);
          continue;
        }
        VectorMask<Double> nz = c.compare(VectorOperators.NE, 0.0);
        DoubleVector a0 = DoubleVector.fromArray(DSPECIES, acc, at);
        DoubleVector a = a0.add(g.mul(g));
        a0.blend(a, nz).intoArray(acc, at);
        DoubleVector w = DoubleVector.fromArray(DSPECIES, rows, at);
        w.blend(w.sub(g.mul(eta).div(a.sqrt().add(delta))), nz).intoArray(rows, at);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        int at = base + j;
        DoubleVector c = DoubleVector.fromArray(DSPECIES, grad, j, tailMask);
        VectorMask<Double> nz = c.compare(VectorOperators.NE, 0.0).and(tailMask);
        DoubleVector g = v.mul(c);
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, at, tailMask).add(g.mul(g));
        a.intoArray(acc, at, nz);
        DoubleVector.fromArray(DSPECIES, rows, at, tailMask).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at, nz);
      }
    }
  }
}
