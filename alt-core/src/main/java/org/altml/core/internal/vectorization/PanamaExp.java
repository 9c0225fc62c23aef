package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ScalarVectorOps#exp(double)} (and the float one, {@link ScalarVectorOps#exp(float)}, with the float RBF exponents
 * before it) on the Vector API, lane by lane the same operations in the same order
 * (multiply, add, fused multiply-add, the bit moves of the scaling by 2^n, then the two range selections),
 * so every lane is bit-identical to the scalar specification in every JIT tier: the Vector API's fallback
 * for these operations is the same Java arithmetic. The Vector API's own {@code EXP} (SVML) is not used: its
 * bits depend on whether C2 compiled it.
 *
 * <p>The whole exponential is written out inside the one loop that uses it: as a method of its own taking
 * and returning a vector it is too large for C2 to inline ("hot method too big"), and every call then boxes
 * its vectors on the heap, several times slower. Tails (fewer than a vector's lanes) take the scalar
 * specification itself. Stateless.
 */
final class PanamaExp {
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;
  private static final VectorSpecies<Float> FSPECIES = PanamaSpecies.FLOAT;
  private static final int FLANES = PanamaSpecies.FLOAT_LANES;

  private PanamaExp() {}

  /** The RBF kernel values of a row of dot products (see {@link VectorOps#gaussianFromDots}): the arguments, then {@link #exp}. */
  static void gaussianFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff, double twoSigmaSquared) {
    int i = 0;
    for (; i <= n - DLANES; i += DLANES) {
      DoubleVector dots = DoubleVector.fromArray(DSPECIES, d, off + i);
      DoubleVector squared = DoubleVector.fromArray(DSPECIES, norms, normsOff + i).add(normX).sub(dots.mul(2.0));
      squared.max(0.0).neg().div(twoSigmaSquared).intoArray(d, off + i);
    }
    for (; i < n; i++) {
      d[off + i] = -Math.max(0.0, normX + norms[normsOff + i] - 2.0 * d[off + i]) / twoSigmaSquared; // the same operations
    }
    exp(d, off, n);
  }

  /** In place, d[off+i] = exp(d[off+i]), lane by lane {@link ScalarVectorOps#exp(double)}'s operations in its order. */
  static void exp(double[] d, int off, int n) {
    DoubleVector log2e = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_LOG2E);
    DoubleVector shifter = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_SHIFTER);
    DoubleVector ln2Hi = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_NEG_LN2_HI);
    DoubleVector ln2Lo = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_NEG_LN2_LO);
    DoubleVector one = DoubleVector.broadcast(DSPECIES, 1.0);
    int i = 0;
    for (; i <= n - DLANES; i += DLANES) {
      DoubleVector x = DoubleVector.fromArray(DSPECIES, d, off + i);
      DoubleVector t = x.mul(log2e).add(shifter);
      DoubleVector nn = t.sub(shifter);
      LongVector ni = t.reinterpretAsLongs().sub(ScalarVectorOps.EXP_SHIFTER_BITS);
      DoubleVector r = nn.fma(ln2Hi, x);
      r = nn.fma(ln2Lo, r);
      DoubleVector p = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C13).fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C12));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C11));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C10));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C9));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C8));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C7));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C6));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C5));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C4));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C3));
      p = p.fma(r, DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C2));
      p = p.fma(r, one);
      p = p.fma(r, one);
      LongVector n1 = ni.lanewise(VectorOperators.ASHR, 1);
      LongVector n2 = ni.sub(n1);
      DoubleVector s1 = n1.add(1023L).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
      DoubleVector s2 = n2.add(1023L).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
      DoubleVector e = p.mul(s1).mul(s2);
      e = e.blend(0.0, x.compare(VectorOperators.LT, ScalarVectorOps.EXP_LOWEST));
      e.blend(Double.POSITIVE_INFINITY, x.compare(VectorOperators.GT, ScalarVectorOps.EXP_HIGHEST)).intoArray(d, off + i);
    }
    for (; i < n; i++) {
      d[off + i] = ScalarVectorOps.exp(d[off + i]);
    }
  }

  /** {@link VectorOps#gaussianExponents} on float lanes: the scalar loop's operations in its order. */
  static void gaussianExponents(float[] d, int off, int n, float normX, float[] norms, int normsOff, float twoSigmaSquared) {
    int i = 0;
    for (; i <= n - FLANES; i += FLANES) {
      FloatVector dots = FloatVector.fromArray(FSPECIES, d, off + i);
      FloatVector squared = FloatVector.fromArray(FSPECIES, norms, normsOff + i).add(normX).sub(dots.mul(2f));
      squared.max(0f).neg().div(twoSigmaSquared).intoArray(d, off + i);
    }
    for (; i < n; i++) {
      d[off + i] = -Math.max(0f, normX + norms[normsOff + i] - 2f * d[off + i]) / twoSigmaSquared; // the same operations
    }
  }

  /** In place, d[off+i] = exp(d[off+i]) in float, lane by lane {@link ScalarVectorOps#exp(float)}'s operations in its order. */
  static void exp(float[] d, int off, int n) {
    FloatVector log2e = FloatVector.broadcast(FSPECIES, ScalarVectorOps.EXPF_LOG2E);
    FloatVector shifter = FloatVector.broadcast(FSPECIES, ScalarVectorOps.EXPF_SHIFTER);
    FloatVector ln2Hi = FloatVector.broadcast(FSPECIES, ScalarVectorOps.EXPF_NEG_LN2_HI);
    FloatVector ln2Lo = FloatVector.broadcast(FSPECIES, ScalarVectorOps.EXPF_NEG_LN2_LO);
    FloatVector one = FloatVector.broadcast(FSPECIES, 1.0f);
    int i = 0;
    for (; i <= n - FLANES; i += FLANES) {
      FloatVector x = FloatVector.fromArray(FSPECIES, d, off + i);
      FloatVector t = x.mul(log2e).add(shifter);
      FloatVector nn = t.sub(shifter);
      IntVector ni = t.reinterpretAsInts().sub(ScalarVectorOps.EXPF_SHIFTER_BITS);
      FloatVector r = nn.fma(ln2Hi, x);
      r = nn.fma(ln2Lo, r);
      FloatVector p = FloatVector.broadcast(FSPECIES, ScalarVectorOps.F7).fma(r, FloatVector.broadcast(FSPECIES, ScalarVectorOps.F6));
      p = p.fma(r, FloatVector.broadcast(FSPECIES, ScalarVectorOps.F5));
      p = p.fma(r, FloatVector.broadcast(FSPECIES, ScalarVectorOps.F4));
      p = p.fma(r, FloatVector.broadcast(FSPECIES, ScalarVectorOps.F3));
      p = p.fma(r, FloatVector.broadcast(FSPECIES, ScalarVectorOps.F2));
      p = p.fma(r, one);
      p = p.fma(r, one);
      IntVector n1 = ni.lanewise(VectorOperators.ASHR, 1);
      IntVector n2 = ni.sub(n1);
      FloatVector s1 = n1.add(127).lanewise(VectorOperators.LSHL, 23).reinterpretAsFloats();
      FloatVector s2 = n2.add(127).lanewise(VectorOperators.LSHL, 23).reinterpretAsFloats();
      FloatVector e = p.mul(s1).mul(s2);
      e = e.blend(0.0f, x.compare(VectorOperators.LT, ScalarVectorOps.EXPF_LOWEST));
      e.blend(Float.POSITIVE_INFINITY, x.compare(VectorOperators.GT, ScalarVectorOps.EXPF_HIGHEST)).intoArray(d, off + i);
    }
    for (; i < n; i++) {
      d[off + i] = ScalarVectorOps.exp(d[off + i]);
    }
  }

  /**
   * In place, d[off+i] = cos(d[off+i]), lane by lane {@link ScalarVectorOps#cos(double)}'s operations in its order; a
   * vector holding an argument beyond {@link ScalarVectorOps#COS_LIMIT} (or NaN, an infinity) is left to the scalar
   * function, whose other lanes are the same bits.
   */
  static void cos(double[] d, int off, int n) {
    DoubleVector twoOverPi = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.COS_TWO_OVER_PI);
    DoubleVector shifter = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_SHIFTER);
    DoubleVector hi = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.COS_NEG_PIO2_HI);
    DoubleVector mid = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.COS_NEG_PIO2_MID);
    DoubleVector lo = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.COS_NEG_PIO2_LO);
    double[] sc = ScalarVectorOps.SIN_COEFFICIENTS;
    double[] cc = ScalarVectorOps.COS_COEFFICIENTS;
    int i = 0;
    for (; i <= n - DLANES; i += DLANES) {
      DoubleVector x = DoubleVector.fromArray(DSPECIES, d, off + i);
      if (!x.abs().compare(VectorOperators.LE, ScalarVectorOps.COS_LIMIT).allTrue()) {
        for (int j = i; j < i + DLANES; j++) {
          d[off + j] = ScalarVectorOps.cos(d[off + j]);
        }
        continue;
      }
      DoubleVector t = x.mul(twoOverPi).add(shifter);
      DoubleVector k = t.sub(shifter);
      LongVector q = t.reinterpretAsLongs().sub(ScalarVectorOps.EXP_SHIFTER_BITS);
      DoubleVector r = k.fma(hi, x);
      r = k.fma(mid, r);
      r = k.fma(lo, r);
      DoubleVector z = r.mul(r);
      DoubleVector ps = DoubleVector.broadcast(DSPECIES, sc[7]);
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[6]));
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[5]));
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[4]));
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[3]));
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[2]));
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[1]));
      ps = ps.fma(z, DoubleVector.broadcast(DSPECIES, sc[0]));
      DoubleVector sin = r.mul(z).fma(ps, r);
      DoubleVector pc = DoubleVector.broadcast(DSPECIES, cc[8]);
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[7]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[6]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[5]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[4]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[3]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[2]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[1]));
      pc = pc.fma(z, DoubleVector.broadcast(DSPECIES, cc[0]));
      DoubleVector cos = z.fma(pc, DoubleVector.broadcast(DSPECIES, 1.0));
      DoubleVector v = cos.blend(sin, q.and(1L).compare(VectorOperators.NE, 0L).cast(DSPECIES));
      v.blend(v.neg(), q.add(1L).and(2L).compare(VectorOperators.NE, 0L).cast(DSPECIES)).intoArray(d, off + i);
    }
    for (; i < n; i++) {
      d[off + i] = ScalarVectorOps.cos(d[off + i]);
    }
  }
}
