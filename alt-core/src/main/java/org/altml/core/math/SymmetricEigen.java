package org.altml.core.math;

import org.altml.core.math.VectorMath;

/**
 * Eigenvalues and eigenvectors of a real symmetric matrix, in double: Householder tridiagonalisation
 * followed by the implicit QL algorithm with Wilkinson-style shifts, the classic EISPACK {@code tred2} /
 * {@code tql2} pair (public-domain algorithm, as in JAMA), restructured so that every inner loop runs
 * along a contiguous row: the working matrix is kept whole (both triangles, updated symmetrically), the
 * reflectors are accumulated into Q from the smallest leading block up, and the QL rotations act on the
 * rows of Qᵀ. No linear-algebra library (alt-core may not import one). O(n³): about 10·n³ flops, once per
 * OSML-ELM initial block (docs/spec.md#osml-elm-start).
 *
 * <p>Deterministic: no reduction depends on the vector width, so the same input gives the same bits on
 * every run. Not thread-safe; allocates its result.
 */
public final class SymmetricEigen {
  private static final int MAX_SWEEPS_PER_EIGENVALUE = 60;

  private final double[] values;
  private final double[] vectors;
  private final int n;

  private SymmetricEigen(double[] values, double[] vectors, int n) {
    this.values = values;
    this.vectors = vectors;
    this.n = n;
  }

  /**
   * Decomposes the symmetric n×n matrix {@code a} (row-major, stride n), which is overwritten.
   *
   * @throws ArithmeticException if the matrix holds a non-finite value or QL does not converge
   */
  public static SymmetricEigen decompose(double[] a, int n) {
    for (int i = 0; i < n * n; i++) {
      if (!Double.isFinite(a[i])) {
        throw new ArithmeticException("the matrix holds a non-finite value at (" + i / n + ", " + i % n + ")");
      }
    }
    if (n == 0) {
      return new SymmetricEigen(new double[0], new double[0], 0);
    }
    double[] d = new double[n];
    double[] e = new double[n];
    double[] hs = new double[n];
    tridiagonalize(a, n, d, e, hs);
    double[] q = accumulate(a, n, hs);
    ql(d, e, q, n);
    return new SymmetricEigen(d, q, n);
  }

  /** n, the order of the matrix. */
  public int size() {
    return n;
  }

  /** λ_j, in the order QL leaves them (not sorted): the live array, which a caller may overwrite. */
  public double[] values() {
    return values;
  }

  /**
   * The eigenvectors, row-major: row j (n entries from j·n) is the unit eigenvector of {@code values()[j]}.
   * The live array, which a caller may overwrite (OSML-ELM scales the rows in place).
   */
  public double[] vectors() {
    return vectors;
  }

  /** Component i of the eigenvector of {@code values()[k]}. */
  public double vector(int i, int k) {
    return vectors[k * n + i];
  }

  /**
   * Reduces the leading blocks from the last row up: for row i the reflector P_i = I − u·uᵀ/h (u in
   * coordinates 0..i−1, stored in row i of {@code a}, h in {@code hs[i]}) zeroes a[i][0..i−2]; d gets
   * the diagonal and e[i] = T[i][i−1].
   */
  private static void tridiagonalize(double[] a, int n, double[] d, double[] e, double[] hs) {
    double[] p = new double[n];
    for (int i = n - 1; i > 0; i--) {
      int ri = i * n;
      d[i] = a[ri + i];
      double scale = 0.0;
      for (int k = 0; k < i; k++) {
        scale += Math.abs(a[ri + k]);
      }
      if (i == 1 || scale == 0.0) {
        e[i] = a[ri + i - 1];
        hs[i] = 0.0;
        continue;
      }
      double h = 0.0;
      for (int k = 0; k < i; k++) {
        double u = a[ri + k] / scale;
        a[ri + k] = u;
        h += u * u;
      }
      double f = a[ri + i - 1];
      double g = f > 0 ? -Math.sqrt(h) : Math.sqrt(h);
      e[i] = scale * g;
      h -= f * g;
      a[ri + i - 1] = f - g;
      hs[i] = h;
      // p = A·u / h over the leading i×i block, as axpys of whole rows (A is kept symmetric)
      java.util.Arrays.fill(p, 0, i, 0.0);
      for (int k = 0; k < i; k++) {
        VectorMath.axpy(a[ri + k] / h, a, k * n, p, 0, i);
      }
      double kk = 0.0;
      for (int j = 0; j < i; j++) {
        kk += a[ri + j] * p[j];
      }
      kk /= h + h;
      for (int j = 0; j < i; j++) {
        p[j] -= kk * a[ri + j]; // q = p − K·u
      }
      // A ← A − u·qᵀ − q·uᵀ: u_k·q_j + q_k·u_j is the same sum for (k, j) and (j, k), so A stays symmetric
      for (int k = 0; k < i; k++) {
        double uk = a[ri + k];
        double qk = p[k];
        int rk = k * n;
        for (int j = 0; j < i; j++) {
          a[rk + j] -= uk * p[j] + qk * a[ri + j];
        }
      }
    }
    d[0] = a[0];
    e[0] = 0.0;
  }

  /**
   * Qᵀ for A = Q·T·Qᵀ, Q = P_{n−1}⋯P_1: built as P_i·(P_{i−1}⋯P_1) for growing i, each step touching only
   * the leading i×i block; returned transposed so the QL rotations act on rows.
   */
  private static double[] accumulate(double[] a, int n, double[] hs) {
    double[] m = new double[n * n];
    for (int i = 0; i < n; i++) {
      m[i * n + i] = 1.0;
    }
    double[] w = new double[n];
    for (int i = 2; i < n; i++) {
      double h = hs[i];
      if (h == 0.0) {
        continue;
      }
      int ri = i * n;
      java.util.Arrays.fill(w, 0, i, 0.0);
      for (int k = 0; k < i; k++) {
        VectorMath.axpy(a[ri + k], m, k * n, w, 0, i);
      }
      for (int k = 0; k < i; k++) {
        VectorMath.axpy(-(a[ri + k] / h), w, 0, m, k * n, i);
      }
    }
    // transpose in place
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        double t = m[i * n + j];
        m[i * n + j] = m[j * n + i];
        m[j * n + i] = t;
      }
    }
    return m;
  }

  /**
   * Implicit QL on the tridiagonal (d, e[i] = T[i][i−1]). The rotations depend on d and e only, never on
   * the eigenvectors, so all of them are recorded (about 2·n² doubles) and applied to the rows of zt at the
   * end in one {@link VectorMath#rotateRows} pass, which streams zt through memory once rather than once per
   * sweep.
   */
  private static void ql(double[] d, double[] e, double[] zt, int n) {
    Rotations rot = new Rotations(n);
    for (int i = 1; i < n; i++) {
      e[i - 1] = e[i];
    }
    e[n - 1] = 0.0;
    double f = 0.0;
    double tst1 = 0.0;
    double eps = 0x1p-52;
    for (int l = 0; l < n; l++) {
      tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
      int m = l;
      while (m < n) {
        if (Math.abs(e[m]) <= eps * tst1) {
          break;
        }
        m++;
      }
      if (m > l) {
        int iter = 0;
        do {
          if (++iter > MAX_SWEEPS_PER_EIGENVALUE) {
            throw new ArithmeticException("the QL iteration did not converge for eigenvalue " + l + " of " + n);
          }
          double g = d[l];
          double p = (d[l + 1] - g) / (2.0 * e[l]);
          double r = hypot(p, 1.0);
          if (p < 0) {
            r = -r;
          }
          d[l] = e[l] / (p + r);
          d[l + 1] = e[l] * (p + r);
          double dl1 = d[l + 1];
          double h = g - d[l];
          for (int i = l + 2; i < n; i++) {
            d[i] -= h;
          }
          f += h;
          p = d[m];
          double c = 1.0;
          double c2 = c;
          double c3 = c;
          double el1 = e[l + 1];
          double s = 0.0;
          double s2 = 0.0;
          for (int i = m - 1; i >= l; i--) {
            c3 = c2;
            c2 = c;
            s2 = s;
            g = c * e[i];
            h = c * p;
            r = hypot(p, e[i]);
            e[i + 1] = s * r;
            s = e[i] / r;
            c = p / r;
            p = c * d[i] - s * g;
            d[i + 1] = h + s * (c * g + s * d[i]);
            rot.add(c, s);
          }
          rot.endChain(l, m);
          p = -s * s2 * c3 * el1 * e[l] / dl1;
          e[l] = s * p;
          d[l] = c * p;
        } while (Math.abs(e[l]) > eps * tst1);
      }
      d[l] += f;
      e[l] = 0.0;
    }
    VectorMath.rotateRows(zt, 0, n, n, rot.chains, rot.first, rot.last, rot.c, rot.s);
  }

  /** The rotations of every QL sweep, in the order they apply, for one {@link VectorMath#rotateRows} pass at the end. */
  private static final class Rotations {
    double[] c;
    double[] s;
    int[] first;
    int[] last;
    int count;
    int chains;

    Rotations(int n) {
      c = new double[4 * n];
      s = new double[4 * n];
      first = new int[n];
      last = new int[n];
    }

    void add(double cv, double sv) {
      if (count == c.length) {
        c = java.util.Arrays.copyOf(c, 2 * count);
        s = java.util.Arrays.copyOf(s, 2 * count);
      }
      c[count] = cv;
      s[count++] = sv;
    }

    void endChain(int lo, int hi) {
      if (chains == first.length) {
        first = java.util.Arrays.copyOf(first, 2 * chains);
        last = java.util.Arrays.copyOf(last, 2 * chains);
      }
      first[chains] = lo;
      last[chains++] = hi;
    }
  }

  /** sqrt(a² + b²) without the slow exactness of {@link Math#hypot}, scaled when the squares could overflow or underflow. */
  private static double hypot(double a, double b) {
    double x = Math.abs(a);
    double y = Math.abs(b);
    double big = Math.max(x, y);
    if (big > 0x1p500 || (big < 0x1p-500 && big > 0)) {
      double sx = x / big;
      double sy = y / big;
      return big * Math.sqrt(sx * sx + sy * sy);
    }
    return Math.sqrt(x * x + y * y);
  }
}
