package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * Reductions on the Vector API: {@code dot} and {@code squaredDistance}, float (fused) and double
 * (multiply, then add), and the exact {@code countAtLeast}. Lane-wise partial sums reduced at the end, so the summation order differs from
 * {@link ScalarVectorOps} and results agree within a bound, not bit for bit. The order of
 * {@code reduceLanes(ADD)} is left open by the Vector API and differs between interpreted and compiled
 * code (seen: the last bit of the same dot before and after warm-up), so results are not even
 * reproducible call to call. Stateless.
 */
final class PanamaReductions {
  private static final VectorSpecies<Float> SPECIES = PanamaSpecies.FLOAT;
  private static final int LANES = PanamaSpecies.FLOAT_LANES;
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  private PanamaReductions() {}

  /** #{i : a[off+i] >= threshold}: one compare and a mask count per vector, a masked last step. */
  static int countAtLeast(float[] a, int off, int n, float threshold) {
    int count = 0;
    int i = 0;
    for (int limit = SPECIES.loopBound(n); i < limit; i += LANES) {
      count += FloatVector.fromArray(SPECIES, a, off + i).compare(VectorOperators.GE, threshold).trueCount();
    }
    if (i < n) {
      VectorMask<Float> m = SPECIES.indexInRange(i, n);
      count += FloatVector.fromArray(SPECIES, a, off + i, m).compare(VectorOperators.GE, threshold, m).trueCount();
    }
    return count;
  }

  /**
   * {@link VectorOps#indicesAbove}: per vector one compare, the lane indices compressed under its mask and stored
   * whole at the count (the lanes past the compressed ones land where the next vector's go, never past n: the count
   * is at most the lanes already seen), the count advanced by the mask's; the last partial vector lane by lane.
   */
  static int indicesAbove(float[] a, int off, int n, float t, int[] out) {
    int c = 0;
    int i = 0;
    for (int limit = SPECIES.loopBound(n); i < limit; i += LANES) {
      VectorMask<Integer> above = FloatVector.fromArray(SPECIES, a, off + i).compare(VectorOperators.GT, t).cast(INT_SPECIES);
      IntVector.broadcast(INT_SPECIES, i).add(IOTA).compress(above).intoArray(out, c);
      c += above.trueCount();
    }
    for (; i < n; i++) {
      out[c] = i;
      c += a[off + i] > t ? 1 : 0;
    }
    return c;
  }

  /** Ints as many as a float vector's lanes, and their lane indices. */
  private static final VectorSpecies<Integer> INT_SPECIES =
      VectorSpecies.of(int.class, VectorShape.forBitSize(LANES * Integer.SIZE));
  private static final IntVector IOTA = IntVector.zero(INT_SPECIES).addIndex(1);

  /**
   * Lanes within band of c ({@link VectorOps#markWithin}): per vector one subtraction, abs and compare, the mask or-ed
   * into the marks and counted; a masked last step.
   */
  static int markWithin(float[] a, int off, int n, float c, float band, boolean[] marks, int marksOff) {
    int count = 0;
    int i = 0;
    for (int limit = SPECIES.loopBound(n); i < limit; i += LANES) {
      VectorMask<Float> near = FloatVector.fromArray(SPECIES, a, off + i).sub(c).abs().compare(VectorOperators.LE, band);
      near.or(VectorMask.fromArray(SPECIES, marks, marksOff + i)).intoArray(marks, marksOff + i);
      count += near.trueCount();
    }
    if (i < n) {
      VectorMask<Float> m = SPECIES.indexInRange(i, n);
      VectorMask<Float> near = FloatVector.fromArray(SPECIES, a, off + i, m).sub(c).abs().compare(VectorOperators.LE, band, m);
      for (int k = 0; k < n - i; k++) { // only the lanes in range are stored
        marks[marksOff + i + k] |= near.laneIsSet(k);
      }
      count += near.trueCount();
    }
    return count;
  }

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

  // double: the same loops with multiply-then-add (each term rounded before it is summed, as in the
  // specification; only the order of the sum differs)

  static double dot(double[] a, int aOff, double[] b, int bOff, int n) {
    // below two registers' worth the reduction overhead outweighs the vector loop
    if (n >= 2 * DLANES) {
      return dotBody(a, aOff, b, bOff, DSPECIES.loopBound(n), n);
    }
    // scalar loop for short inputs
    double res = 0.0;
    for (int i = 0; i < n; i++) {
      res += a[aOff + i] * b[bOff + i];
    }
    return res;
  }

  private static double dotBody(double[] a, int aOff, double[] b, int bOff, int limit, int n) {
    int i = 0;
    // vector loop unrolled 4x with independent accumulators: hides the add latency
    DoubleVector acc0 = DoubleVector.zero(DSPECIES);
    DoubleVector acc1 = DoubleVector.zero(DSPECIES);
    DoubleVector acc2 = DoubleVector.zero(DSPECIES);
    DoubleVector acc3 = DoubleVector.zero(DSPECIES);
    int unrolledLimit = limit - 3 * DLANES;
    for (; i < unrolledLimit; i += 4 * DLANES) {
      acc0 = acc0.add(DoubleVector.fromArray(DSPECIES, a, aOff + i).mul(DoubleVector.fromArray(DSPECIES, b, bOff + i)));
      acc1 = acc1.add(DoubleVector.fromArray(DSPECIES, a, aOff + i + DLANES)
          .mul(DoubleVector.fromArray(DSPECIES, b, bOff + i + DLANES)));
      acc2 = acc2.add(DoubleVector.fromArray(DSPECIES, a, aOff + i + 2 * DLANES)
          .mul(DoubleVector.fromArray(DSPECIES, b, bOff + i + 2 * DLANES)));
      acc3 = acc3.add(DoubleVector.fromArray(DSPECIES, a, aOff + i + 3 * DLANES)
          .mul(DoubleVector.fromArray(DSPECIES, b, bOff + i + 3 * DLANES)));
    }
    // vector tail
    for (; i < limit; i += DLANES) {
      acc0 = acc0.add(DoubleVector.fromArray(DSPECIES, a, aOff + i).mul(DoubleVector.fromArray(DSPECIES, b, bOff + i)));
    }
    // masked tail (unset lanes load as 0 and add 0)
    if (i < n) {
      VectorMask<Double> m = DSPECIES.indexInRange(i, n);
      acc1 = acc1.add(DoubleVector.fromArray(DSPECIES, a, aOff + i, m).mul(DoubleVector.fromArray(DSPECIES, b, bOff + i, m)));
    }
    return acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(VectorOperators.ADD);
  }

  static double squaredDistance(double[] a, int aOff, double[] b, int bOff, int n) {
    // below two registers' worth the reduction overhead outweighs the vector loop
    if (n >= 2 * DLANES) {
      return squaredDistanceBody(a, aOff, b, bOff, DSPECIES.loopBound(n), n);
    }
    // scalar loop for short inputs
    double res = 0.0;
    for (int i = 0; i < n; i++) {
      double d = a[aOff + i] - b[bOff + i];
      res += d * d;
    }
    return res;
  }

  private static double squaredDistanceBody(double[] a, int aOff, double[] b, int bOff, int limit, int n) {
    int i = 0;
    // vector loop unrolled 4x with independent accumulators: hides the add latency
    DoubleVector acc0 = DoubleVector.zero(DSPECIES);
    DoubleVector acc1 = DoubleVector.zero(DSPECIES);
    DoubleVector acc2 = DoubleVector.zero(DSPECIES);
    DoubleVector acc3 = DoubleVector.zero(DSPECIES);
    int unrolledLimit = limit - 3 * DLANES;
    for (; i < unrolledLimit; i += 4 * DLANES) {
      DoubleVector d0 = DoubleVector.fromArray(DSPECIES, a, aOff + i).sub(DoubleVector.fromArray(DSPECIES, b, bOff + i));
      DoubleVector d1 = DoubleVector.fromArray(DSPECIES, a, aOff + i + DLANES)
          .sub(DoubleVector.fromArray(DSPECIES, b, bOff + i + DLANES));
      DoubleVector d2 = DoubleVector.fromArray(DSPECIES, a, aOff + i + 2 * DLANES)
          .sub(DoubleVector.fromArray(DSPECIES, b, bOff + i + 2 * DLANES));
      DoubleVector d3 = DoubleVector.fromArray(DSPECIES, a, aOff + i + 3 * DLANES)
          .sub(DoubleVector.fromArray(DSPECIES, b, bOff + i + 3 * DLANES));
      acc0 = acc0.add(d0.mul(d0));
      acc1 = acc1.add(d1.mul(d1));
      acc2 = acc2.add(d2.mul(d2));
      acc3 = acc3.add(d3.mul(d3));
    }
    // vector tail
    for (; i < limit; i += DLANES) {
      DoubleVector d = DoubleVector.fromArray(DSPECIES, a, aOff + i).sub(DoubleVector.fromArray(DSPECIES, b, bOff + i));
      acc0 = acc0.add(d.mul(d));
    }
    // masked tail (unset lanes load as 0 on both sides, so their difference adds 0)
    if (i < n) {
      VectorMask<Double> m = DSPECIES.indexInRange(i, n);
      DoubleVector d = DoubleVector.fromArray(DSPECIES, a, aOff + i, m).sub(DoubleVector.fromArray(DSPECIES, b, bOff + i, m));
      acc1 = acc1.add(d.mul(d));
    }
    return acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(VectorOperators.ADD);
  }
}
