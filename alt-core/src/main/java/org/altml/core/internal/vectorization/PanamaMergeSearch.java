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

  /** Partners [off, off + n) of the arrays: the state in work[0, 6n), the scratch in work[6n, 9n). */
  static void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f, double[] work) {
    start(a, b, c, u, off, n, ScalarVectorOps.MERGE_STEPS, work, 0, n, work, 6 * n);
    resume(a, b, c, u, off, n, ScalarVectorOps.MERGE_STEPS, work, 0, n, h, f, work, 6 * n);
  }

  /**
   * {@link VectorOps#mergeSearchStart}: the state of partner off + i at st[so + i + j·stride] (lo, hi, x1, x2,
   * f1, f2 for j = 0..5), the scratch (the exponentials' arguments, the step's mask) at work[wo, wo + 3n).
   */
  static void start(double a, double[] b, double[] c, double[] u, int off, int n, int steps, double[] st, int so, int stride,
      double[] work, int wo) {
    int m = n - n % DLANES;
    int x1 = so + 2 * stride;
    int x2 = so + 3 * stride;
    double first = 1.0 - (1.0 - 0.0) * ScalarVectorOps.INV_PHI;
    double second = 0.0 + (1.0 - 0.0) * ScalarVectorOps.INV_PHI;
    java.util.Arrays.fill(st, so, so + m, 0.0);
    java.util.Arrays.fill(st, so + stride, so + stride + m, 1.0);
    java.util.Arrays.fill(st, x1, x1 + m, first);
    java.util.Arrays.fill(st, x2, x2 + m, second);
    evaluate(a, b, c, u, off, m, st, x1, so + 4 * stride, work, wo, wo + n);
    evaluate(a, b, c, u, off, m, st, x2, so + 5 * stride, work, wo, wo + n);
    steps(a, b, c, u, off, m, 0, steps, st, so, stride, work, wo, n);
    for (int i = m; i < n; i++) {
      ScalarVectorOps.mergeSearchSteps(a, b[off + i], c[off + i], u[off + i], st, so + i, stride, 0, steps);
    }
  }

  /** {@link VectorOps#mergeSearchResume}, with the layout of {@link #start}. */
  static void resume(double a, double[] b, double[] c, double[] u, int off, int n, int fromStep, double[] st, int so, int stride,
      double[] h, double[] f, double[] work, int wo) {
    int m = n - n % DLANES;
    int x1 = so + 2 * stride;
    int f1 = so + 4 * stride;
    steps(a, b, c, u, off, m, fromStep, ScalarVectorOps.MERGE_STEPS, st, so, stride, work, wo, n);
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector l = DoubleVector.fromArray(DSPECIES, st, so + i);
      DoubleVector r = DoubleVector.fromArray(DSPECIES, st, so + stride + i);
      l.add(r).mul(0.5).intoArray(h, off + i);
    }
    System.arraycopy(h, off, st, x1, m);
    evaluate(a, b, c, u, off, m, st, x1, f1, work, wo, wo + n);
    System.arraycopy(st, f1, f, off, m);
    for (int i = m; i < n; i++) {
      ScalarVectorOps.mergeSearchSteps(a, b[off + i], c[off + i], u[off + i], st, so + i, stride, fromStep, ScalarVectorOps.MERGE_STEPS);
      ScalarVectorOps.mergeSearchFinish(a, b[off + i], c[off + i], u[off + i], st, so + i, stride, h, off + i, f, off + i);
    }
  }

  /** Steps [from, to) of the first m partners' searches, in lock step. */
  private static void steps(double a, double[] b, double[] c, double[] u, int off, int m, int from, int to, double[] st, int so,
      int stride, double[] work, int wo, int n) {
    int am = wo;
    int an = wo + n;
    int up = wo + 2 * n;
    for (int step = from; step < to; step++) {
      shrink(u, off, m, st, so, stride, work, up, am, an);
      PanamaExp.exp(work, am, m);
      PanamaExp.exp(work, an, m);
      assign(a, b, c, off, m, st, so + 4 * stride, so + 5 * stride, work, up, am, an);
    }
  }

  /** st[fAt..] = f at the points st[xAt..], through the arguments' arrays work[am..], work[an..]. */
  private static void evaluate(double a, double[] b, double[] c, double[] u, int off, int m, double[] st, int xAt, int fAt,
      double[] work, int am, int an) {
    arguments(u, off, m, st, xAt, work, am, an);
    PanamaExp.exp(work, am, m);
    PanamaExp.exp(work, an, m);
    for (int i = 0; i < m; i += DLANES) {
      norm(a, b, c, off, i, work, am, an).intoArray(st, fAt + i);
    }
  }

  /** u·((1−x)·(1−x)) and u·(x·x) of the points st[xAt..] into the arguments' arrays. */
  private static void arguments(double[] u, int off, int m, double[] st, int xAt, double[] work, int am, int an) {
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector x = DoubleVector.fromArray(DSPECIES, st, xAt + i);
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
  private static void shrink(double[] u, int off, int m, double[] st, int so, int stride, double[] work, int up, int am, int an) {
    int lo = so;
    int hi = so + stride;
    int x1 = so + 2 * stride;
    int x2 = so + 3 * stride;
    int f1 = so + 4 * stride;
    int f2 = so + 5 * stride;
    DoubleVector one = DoubleVector.broadcast(DSPECIES, 1.0);
    DoubleVector zero = DoubleVector.zero(DSPECIES);
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector l = DoubleVector.fromArray(DSPECIES, st, lo + i);
      DoubleVector r = DoubleVector.fromArray(DSPECIES, st, hi + i);
      DoubleVector p1 = DoubleVector.fromArray(DSPECIES, st, x1 + i);
      DoubleVector p2 = DoubleVector.fromArray(DSPECIES, st, x2 + i);
      DoubleVector v1 = DoubleVector.fromArray(DSPECIES, st, f1 + i);
      DoubleVector v2 = DoubleVector.fromArray(DSPECIES, st, f2 + i);
      VectorMask<Double> upper = v1.compare(VectorOperators.GT, v2);
      DoubleVector nlo = p1.blend(l, upper);
      DoubleVector nhi = r.blend(p2, upper);
      DoubleVector keep = p2.blend(p1, upper);
      DoubleVector fkeep = v2.blend(v1, upper);
      DoubleVector w = nhi.sub(nlo).mul(ScalarVectorOps.INV_PHI);
      DoubleVector xn = nlo.add(w).blend(nhi.sub(w), upper);
      nlo.intoArray(st, lo + i);
      nhi.intoArray(st, hi + i);
      keep.blend(xn, upper).intoArray(st, x1 + i);
      xn.blend(keep, upper).intoArray(st, x2 + i);
      fkeep.intoArray(st, f1 + i);
      fkeep.intoArray(st, f2 + i);
      zero.blend(one, upper).intoArray(work, up + i);
      DoubleVector uu = DoubleVector.fromArray(DSPECIES, u, off + i);
      DoubleVector g = one.sub(xn);
      uu.mul(g.mul(g)).intoArray(work, am + i);
      uu.mul(xn.mul(xn)).intoArray(work, an + i);
    }
  }

  /** The new point's value into the pending value slot: st[f1..] where the bracket went down (mask 1), else st[f2..]. */
  private static void assign(double a, double[] b, double[] c, int off, int m, double[] st, int f1, int f2, double[] work, int up,
      int am, int an) {
    for (int i = 0; i < m; i += DLANES) {
      DoubleVector fn = norm(a, b, c, off, i, work, am, an);
      VectorMask<Double> upper = DoubleVector.fromArray(DSPECIES, work, up + i).compare(VectorOperators.NE, 0.0);
      DoubleVector v1 = DoubleVector.fromArray(DSPECIES, st, f1 + i);
      DoubleVector v2 = DoubleVector.fromArray(DSPECIES, st, f2 + i);
      v1.blend(fn, upper).intoArray(st, f1 + i);
      fn.blend(v2, upper).intoArray(st, f2 + i);
    }
  }
}
