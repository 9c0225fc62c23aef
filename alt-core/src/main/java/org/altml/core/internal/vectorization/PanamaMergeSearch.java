package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link VectorOps#mergeSearch} on the Vector API: the partners' golden-section searches in lock step, one
 * partner per lane, each lane the operations of {@link ScalarVectorOps#mergeSearch(double, double, double,
 * double, double[], int)} in its order (the branch on f(x1) > f(x2) becomes a lane mask and blends), so
 * every lane is bit-identical to the scalar specification. The partners go through in tiles whose state
 * (bracket, inner points and values) stays in L1-resident scratch; each golden-section step is one pass over a
 * tile with both exponentials written out in it ({@link PanamaExp#exp}'s operations: as a method taking a
 * vector it would not be inlined, and its vectors would be boxed), the first and last evaluations staged
 * through {@link PanamaExp#exp}. Partners past the last whole vector take the scalar specification.
 * Stateless.
 */
final class PanamaMergeSearch {
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  private PanamaMergeSearch() {}

  /**
   * Partners [off, off + n) of the arrays; {@code work} holds 9n doubles (only 9·min(n, {@link #TILE}) are used).
   * Whole vectors go through the search {@link #TILE} partners at a time, so that a tile's staging arrays stay
   * in the L1 cache over its 23 evaluations; lanes are independent, so the tiling changes no bit.
   */
  static void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f, double[] work) {
    int m = n - n % DLANES;
    for (int t = 0; t < m; t += TILE) {
      tile(a, b, c, u, off + t, Math.min(TILE, m - t), h, f, work);
    }
    for (int i = off + m; i < off + n; i++) {
      ScalarVectorOps.mergeSearch(a, b[i], c[i], u[i], work, 0);
      h[i] = work[0];
      f[i] = work[1];
    }
  }

  /** Partners per tile: nine staging arrays of {@value} doubles, 9 KB. */
  static final int TILE = 128;

  /** The search of partners [off, off + m), m a multiple of the lanes, staged in work[0 .. 9m). */
  private static void tile(double a, double[] b, double[] c, double[] u, int off, int m, double[] h, double[] f, double[] work) {
    int lo = 0;
    int hi = m;
    int x1 = 2 * m;
    int x2 = 3 * m;
    int f1 = 4 * m;
    int f2 = 5 * m;
    int am = 7 * m;
    int an = 8 * m;
    double first = 1.0 - (1.0 - 0.0) * ScalarVectorOps.INV_PHI;
    double second = 0.0 + (1.0 - 0.0) * ScalarVectorOps.INV_PHI;
    java.util.Arrays.fill(work, lo, lo + m, 0.0);
    java.util.Arrays.fill(work, hi, hi + m, 1.0);
    java.util.Arrays.fill(work, x1, x1 + m, first);
    java.util.Arrays.fill(work, x2, x2 + m, second);
    evaluate(a, b, c, u, off, m, work, x1, f1, am, an);
    evaluate(a, b, c, u, off, m, work, x2, f2, am, an);
    for (int step = 0; step < ScalarVectorOps.MERGE_STEPS; step++) {
      step(a, b, c, u, off, m, work, lo, hi, x1, x2, f1, f2);
    }
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector l = DoubleVector.fromArray(DSPECIES, work, lo + i);
      DoubleVector r = DoubleVector.fromArray(DSPECIES, work, hi + i);
      l.add(r).mul(0.5).intoArray(h, off + i);
    }
    System.arraycopy(h, off, work, x1, m);
    evaluate(a, b, c, u, off, m, work, x1, f1, am, an);
    System.arraycopy(work, f1, f, off, m);
  }

  /**
   * One golden-section step of every lane of a tile, in one pass: the bracket update, the new point, both
   * exponentials and its value, each lane the scalar search's operations in its order. The state (bracket,
   * inner points and their values) stays in the tile's staging arrays between steps; lanes of consecutive
   * vectors are independent, so the core overlaps their exponentials.
   */
  private static void step(double a, double[] b, double[] c, double[] u, int off, int m, double[] work, int lo, int hi, int x1,
      int x2, int f1, int f2) {
    DoubleVector one = DoubleVector.broadcast(DSPECIES, 1.0);
    DoubleVector log2e = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_LOG2E);
    DoubleVector shifter = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_SHIFTER);
    DoubleVector ln2Hi = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_NEG_LN2_HI);
    DoubleVector ln2Lo = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.EXP_NEG_LN2_LO);
    DoubleVector c13 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C13);
    DoubleVector c12 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C12);
    DoubleVector c11 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C11);
    DoubleVector c10 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C10);
    DoubleVector c9 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C9);
    DoubleVector c8 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C8);
    DoubleVector c7 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C7);
    DoubleVector c6 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C6);
    DoubleVector c5 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C5);
    DoubleVector c4 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C4);
    DoubleVector c3 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C3);
    DoubleVector c2 = DoubleVector.broadcast(DSPECIES, ScalarVectorOps.C2);
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector uu = DoubleVector.fromArray(DSPECIES, u, off + i);
      DoubleVector bb = DoubleVector.fromArray(DSPECIES, b, off + i);
      DoubleVector cc = DoubleVector.fromArray(DSPECIES, c, off + i);
      DoubleVector l = DoubleVector.fromArray(DSPECIES, work, lo + i);
      DoubleVector r0 = DoubleVector.fromArray(DSPECIES, work, hi + i);
      DoubleVector p1 = DoubleVector.fromArray(DSPECIES, work, x1 + i);
      DoubleVector p2 = DoubleVector.fromArray(DSPECIES, work, x2 + i);
      DoubleVector v1 = DoubleVector.fromArray(DSPECIES, work, f1 + i);
      DoubleVector v2 = DoubleVector.fromArray(DSPECIES, work, f2 + i);
      VectorMask<Double> upper = v1.compare(VectorOperators.GT, v2);
      DoubleVector nlo = p1.blend(l, upper);
      DoubleVector nhi = r0.blend(p2, upper);
      DoubleVector keep = p2.blend(p1, upper);
      DoubleVector fkeep = v2.blend(v1, upper);
      DoubleVector w = nhi.sub(nlo).mul(ScalarVectorOps.INV_PHI);
      DoubleVector xn = nlo.add(w).blend(nhi.sub(w), upper);
      DoubleVector g = one.sub(xn);
      DoubleVector argM = uu.mul(g.mul(g));
      DoubleVector argN = uu.mul(xn.mul(xn));
      // km = exp(argM): PanamaExp.exp's operations, written out here (as a method it would not be inlined)
      DoubleVector km;
      {
        DoubleVector t = argM.mul(log2e).add(shifter);
        DoubleVector nn = t.sub(shifter);
        LongVector ni = t.reinterpretAsLongs().sub(ScalarVectorOps.EXP_SHIFTER_BITS);
        DoubleVector r = nn.fma(ln2Hi, argM);
        r = nn.fma(ln2Lo, r);
        DoubleVector q = c13.fma(r, c12);
        q = q.fma(r, c11);
        q = q.fma(r, c10);
        q = q.fma(r, c9);
        q = q.fma(r, c8);
        q = q.fma(r, c7);
        q = q.fma(r, c6);
        q = q.fma(r, c5);
        q = q.fma(r, c4);
        q = q.fma(r, c3);
        q = q.fma(r, c2);
        q = q.fma(r, one);
        q = q.fma(r, one);
        LongVector n1 = ni.lanewise(VectorOperators.ASHR, 1);
        LongVector n2 = ni.sub(n1);
        DoubleVector s1 = n1.add(1023L).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
        DoubleVector s2 = n2.add(1023L).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
        DoubleVector e = q.mul(s1).mul(s2);
        e = e.blend(0.0, argM.compare(VectorOperators.LT, ScalarVectorOps.EXP_LOWEST));
        km = e.blend(Double.POSITIVE_INFINITY, argM.compare(VectorOperators.GT, ScalarVectorOps.EXP_HIGHEST));
      }
      // kn = exp(argN): PanamaExp.exp's operations, written out here (as a method it would not be inlined)
      DoubleVector kn;
      {
        DoubleVector t = argN.mul(log2e).add(shifter);
        DoubleVector nn = t.sub(shifter);
        LongVector ni = t.reinterpretAsLongs().sub(ScalarVectorOps.EXP_SHIFTER_BITS);
        DoubleVector r = nn.fma(ln2Hi, argN);
        r = nn.fma(ln2Lo, r);
        DoubleVector q = c13.fma(r, c12);
        q = q.fma(r, c11);
        q = q.fma(r, c10);
        q = q.fma(r, c9);
        q = q.fma(r, c8);
        q = q.fma(r, c7);
        q = q.fma(r, c6);
        q = q.fma(r, c5);
        q = q.fma(r, c4);
        q = q.fma(r, c3);
        q = q.fma(r, c2);
        q = q.fma(r, one);
        q = q.fma(r, one);
        LongVector n1 = ni.lanewise(VectorOperators.ASHR, 1);
        LongVector n2 = ni.sub(n1);
        DoubleVector s1 = n1.add(1023L).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
        DoubleVector s2 = n2.add(1023L).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
        DoubleVector e = q.mul(s1).mul(s2);
        e = e.blend(0.0, argN.compare(VectorOperators.LT, ScalarVectorOps.EXP_LOWEST));
        kn = e.blend(Double.POSITIVE_INFINITY, argN.compare(VectorOperators.GT, ScalarVectorOps.EXP_HIGHEST));
      }
      DoubleVector left = km.mul(a).mul(km).add(bb.mul(kn).mul(kn));
      DoubleVector fn = left.add(cc.mul(2.0).mul(km).mul(kn)); // norm's operations
      nlo.intoArray(work, lo + i);
      nhi.intoArray(work, hi + i);
      keep.blend(xn, upper).intoArray(work, x1 + i);
      xn.blend(keep, upper).intoArray(work, x2 + i);
      fkeep.blend(fn, upper).intoArray(work, f1 + i);
      fn.blend(fkeep, upper).intoArray(work, f2 + i);
    }
  }

  /** work[fAt..] = f at the points work[xAt..], through the arguments' arrays. */
  private static void evaluate(double a, double[] b, double[] c, double[] u, int off, int m, double[] work, int xAt, int fAt,
      int am, int an) {
    arguments(u, off, m, work, xAt, am, an);
    PanamaExp.exp(work, am, m);
    PanamaExp.exp(work, an, m);
    for (int i = 0; i < m; i += DLANES) {
      norm(a, b, c, off, i, work, am, an).intoArray(work, fAt + i);
    }
  }

  /** u·((1−x)·(1−x)) and u·(x·x) of the points work[xAt..] into the arguments' arrays. */
  private static void arguments(double[] u, int off, int m, double[] work, int xAt, int am, int an) {
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector x = DoubleVector.fromArray(DSPECIES, work, xAt + i);
      DoubleVector uu = DoubleVector.fromArray(DSPECIES, u, off + i);
      DoubleVector g = DoubleVector.broadcast(DSPECIES, 1.0).sub(x);
      uu.mul(g.mul(g)).intoArray(work, am + i);
      uu.mul(x.mul(x)).intoArray(work, an + i);
    }
  }

  /** a·km·km + b·kn·kn + 2c·km·kn from the exponentials in the arguments' arrays, lanes [i, i + DLANES). */
  private static DoubleVector norm(double a, double[] b, double[] c, int off, int i, double[] work, int am, int an) {
    DoubleVector km = DoubleVector.fromArray(DSPECIES, work, am + i);
    DoubleVector kn = DoubleVector.fromArray(DSPECIES, work, an + i);
    DoubleVector bb = DoubleVector.fromArray(DSPECIES, b, off + i);
    DoubleVector cc = DoubleVector.fromArray(DSPECIES, c, off + i);
    DoubleVector left = km.mul(a).mul(km).add(bb.mul(kn).mul(kn));
    return left.add(cc.mul(2.0).mul(km).mul(kn));
  }
}
