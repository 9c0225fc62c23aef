package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link VectorOps#mergeSearch} on the Vector API: the partners' golden-section searches in lock step, one
 * partner per lane, each lane the operations of {@link ScalarVectorOps#mergeSearch(double, double, double,
 * double, double[], int)} in its order (the branch on f(x1) > f(x2) becomes a lane mask and blends), so
 * every lane is bit-identical to the scalar specification. Staged through scratch arrays (bracket, inner
 * points and values, the exponentials' arguments) in passes that each stay small enough for C2 to compile
 * without boxing; the exponentials are {@link PanamaExp#exp}. Partners past the last whole vector take the
 * scalar specification. Stateless.
 */
final class PanamaMergeSearch {
  private static final VectorSpecies<Double> DSPECIES = PanamaSpecies.DOUBLE;
  private static final int DLANES = PanamaSpecies.DOUBLE_LANES;

  private PanamaMergeSearch() {}

  /** Partners [off, off + n) of the arrays, staged in work[0 .. 9n). */
  static void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f, double[] work) {
    int m = n - n % DLANES;
    int lo = 0;
    int hi = m;
    int x1 = 2 * m;
    int x2 = 3 * m;
    int f1 = 4 * m;
    int f2 = 5 * m;
    int up = 6 * m;
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
      shrink(u, off, m, work, lo, hi, x1, x2, f1, f2, up, am, an);
      PanamaExp.exp(work, am, m);
      PanamaExp.exp(work, an, m);
      assign(a, b, c, off, m, work, f1, f2, up, am, an);
    }
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector l = DoubleVector.fromArray(DSPECIES, work, lo + i);
      DoubleVector r = DoubleVector.fromArray(DSPECIES, work, hi + i);
      l.add(r).mul(0.5).intoArray(h, off + i);
    }
    System.arraycopy(h, off, work, x1, m);
    evaluate(a, b, c, u, off, m, work, x1, f1, am, an);
    System.arraycopy(work, f1, f, off, m);
    for (int i = off + m; i < off + n; i++) {
      ScalarVectorOps.mergeSearch(a, b[i], c[i], u[i], work, 0);
      h[i] = work[0];
      f[i] = work[1];
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

  /**
   * One golden-section step's bracket update: the new bracket, the kept inner point and its value in both
   * value slots (the pending one is overwritten by {@link #assign}), the new point in the other inner slot,
   * the mask as 1.0/0.0 and the new point's arguments.
   */
  private static void shrink(double[] u, int off, int m, double[] work, int lo, int hi, int x1, int x2, int f1, int f2, int up, int am,
      int an) {
    DoubleVector one = DoubleVector.broadcast(DSPECIES, 1.0);
    DoubleVector zero = DoubleVector.zero(DSPECIES);
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector l = DoubleVector.fromArray(DSPECIES, work, lo + i);
      DoubleVector r = DoubleVector.fromArray(DSPECIES, work, hi + i);
      DoubleVector p1 = DoubleVector.fromArray(DSPECIES, work, x1 + i);
      DoubleVector p2 = DoubleVector.fromArray(DSPECIES, work, x2 + i);
      DoubleVector v1 = DoubleVector.fromArray(DSPECIES, work, f1 + i);
      DoubleVector v2 = DoubleVector.fromArray(DSPECIES, work, f2 + i);
      VectorMask<Double> upper = v1.compare(VectorOperators.GT, v2);
      DoubleVector nlo = p1.blend(l, upper);
      DoubleVector nhi = r.blend(p2, upper);
      DoubleVector keep = p2.blend(p1, upper);
      DoubleVector fkeep = v2.blend(v1, upper);
      DoubleVector w = nhi.sub(nlo).mul(ScalarVectorOps.INV_PHI);
      DoubleVector xn = nlo.add(w).blend(nhi.sub(w), upper);
      nlo.intoArray(work, lo + i);
      nhi.intoArray(work, hi + i);
      keep.blend(xn, upper).intoArray(work, x1 + i);
      xn.blend(keep, upper).intoArray(work, x2 + i);
      fkeep.intoArray(work, f1 + i);
      fkeep.intoArray(work, f2 + i);
      zero.blend(one, upper).intoArray(work, up + i);
      DoubleVector uu = DoubleVector.fromArray(DSPECIES, u, off + i);
      DoubleVector g = one.sub(xn);
      uu.mul(g.mul(g)).intoArray(work, am + i);
      uu.mul(xn.mul(xn)).intoArray(work, an + i);
    }
  }

  /** The new point's value into the pending value slot: f1 where the bracket went down (mask 1), else f2. */
  private static void assign(double a, double[] b, double[] c, int off, int m, double[] work, int f1, int f2, int up, int am,
      int an) {
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector fn = norm(a, b, c, off, i, work, am, an);
      VectorMask<Double> upper = DoubleVector.fromArray(DSPECIES, work, up + i).compare(VectorOperators.NE, 0.0);
      DoubleVector v1 = DoubleVector.fromArray(DSPECIES, work, f1 + i);
      DoubleVector v2 = DoubleVector.fromArray(DSPECIES, work, f2 + i);
      v1.blend(fn, upper).intoArray(work, f1 + i);
      fn.blend(v2, upper).intoArray(work, f2 + i);
    }
  }
}
