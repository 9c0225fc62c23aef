package org.altml.core.internal.vectorization;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Reductions on the Vector API: {@code dot} and {@code squaredDistance}. Lane-wise partial sums reduced
 * at the end, so the summation order differs from {@link ScalarVectorOps} and results agree within a
 * bound, not bit for bit. Stateless.
 */
final class PanamaReductions {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;

  private PanamaReductions() {}

  static float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    int i = 0;
    float res = 0f;
    // below two registers' worth the reduction overhead outweighs the vector loop
    if (n >= 2 * LANES) {
      return dotBody(a, aOff, b, bOff, SPECIES.loopBound(n), n);
    }
    // scalar loop for short inputs
    for (; i < n; i++) {
      res = Math.fma(a[aOff + i], b[bOff + i], res);
    }
    return res;
  }

  private static float dotBody(float[] a, int aOff, float[] b, int bOff, int limit, int n) {
    int i = 0;
    // vector loop unrolled 4x with independent accumulators: hides the fma latency (4 cycles on most cores)
    FloatVector acc0 = FloatVector.zero(SPECIES);
    FloatVector acc1 = FloatVector.zero(SPECIES);
    FloatVector acc2 = FloatVector.zero(SPECIES);
    FloatVector acc3 = FloatVector.zero(SPECIES);
    int unrolledLimit = limit - 3 * LANES;
    for (; i < unrolledLimit; i += 4 * LANES) {
      acc0 = FloatVector.fromArray(SPECIES, a, aOff + i).fma(FloatVector.fromArray(SPECIES, b, bOff + i), acc0);
      acc1 = FloatVector.fromArray(SPECIES, a, aOff + i + LANES)
          .fma(FloatVector.fromArray(SPECIES, b, bOff + i + LANES), acc1);
      acc2 = FloatVector.fromArray(SPECIES, a, aOff + i + 2 * LANES)
          .fma(FloatVector.fromArray(SPECIES, b, bOff + i + 2 * LANES), acc2);
      acc3 = FloatVector.fromArray(SPECIES, a, aOff + i + 3 * LANES)
          .fma(FloatVector.fromArray(SPECIES, b, bOff + i + 3 * LANES), acc3);
    }
    // vector tail: fewer scalar steps for lengths that are not a multiple of 4 vectors
    for (; i < limit; i += LANES) {
      acc0 = FloatVector.fromArray(SPECIES, a, aOff + i).fma(FloatVector.fromArray(SPECIES, b, bOff + i), acc0);
    }
    // masked tail: one vector step instead of a chain of up to LANES-1 dependent scalar fmas
    if (i < n) {
      VectorMask<Float> m = SPECIES.indexInRange(i, n);
      acc1 = FloatVector.fromArray(SPECIES, a, aOff + i, m).fma(FloatVector.fromArray(SPECIES, b, bOff + i, m), acc1);
    }
    return acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(VectorOperators.ADD);
  }

  static float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n) {
    int i = 0;
    float res = 0f;
    // below two registers' worth the reduction overhead outweighs the vector loop
    if (n >= 2 * LANES) {
      return squaredDistanceBody(a, aOff, b, bOff, SPECIES.loopBound(n), n);
    }
    // scalar loop for short inputs
    for (; i < n; i++) {
      float d = a[aOff + i] - b[bOff + i];
      res = Math.fma(d, d, res);
    }
    return res;
  }

  private static float squaredDistanceBody(float[] a, int aOff, float[] b, int bOff, int limit, int n) {
    int i = 0;
    // vector loop unrolled 4x with independent accumulators: hides the fma latency
    FloatVector acc0 = FloatVector.zero(SPECIES);
    FloatVector acc1 = FloatVector.zero(SPECIES);
    FloatVector acc2 = FloatVector.zero(SPECIES);
    FloatVector acc3 = FloatVector.zero(SPECIES);
    int unrolledLimit = limit - 3 * LANES;
    for (; i < unrolledLimit; i += 4 * LANES) {
      FloatVector d0 = FloatVector.fromArray(SPECIES, a, aOff + i).sub(FloatVector.fromArray(SPECIES, b, bOff + i));
      FloatVector d1 = FloatVector.fromArray(SPECIES, a, aOff + i + LANES)
          .sub(FloatVector.fromArray(SPECIES, b, bOff + i + LANES));
      FloatVector d2 = FloatVector.fromArray(SPECIES, a, aOff + i + 2 * LANES)
          .sub(FloatVector.fromArray(SPECIES, b, bOff + i + 2 * LANES));
      FloatVector d3 = FloatVector.fromArray(SPECIES, a, aOff + i + 3 * LANES)
          .sub(FloatVector.fromArray(SPECIES, b, bOff + i + 3 * LANES));
      acc0 = d0.fma(d0, acc0);
      acc1 = d1.fma(d1, acc1);
      acc2 = d2.fma(d2, acc2);
      acc3 = d3.fma(d3, acc3);
    }
    // vector tail
    for (; i < limit; i += LANES) {
      FloatVector d = FloatVector.fromArray(SPECIES, a, aOff + i).sub(FloatVector.fromArray(SPECIES, b, bOff + i));
      acc0 = d.fma(d, acc0);
    }
    // masked tail (unset lanes load as 0 on both sides, so their difference adds 0)
    if (i < n) {
      VectorMask<Float> m = SPECIES.indexInRange(i, n);
      FloatVector d = FloatVector.fromArray(SPECIES, a, aOff + i, m).sub(FloatVector.fromArray(SPECIES, b, bOff + i, m));
      acc1 = d.fma(d, acc1);
    }
    return acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(VectorOperators.ADD);
  }
}
