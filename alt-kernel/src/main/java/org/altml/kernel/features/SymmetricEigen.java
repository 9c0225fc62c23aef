package org.altml.kernel.features;

/**
 * The eigen-decomposition A = V·diag(λ)·Vᵀ of a real symmetric matrix, in double: Householder reduction to
 * tridiagonal form, then the implicit QL algorithm with shifts (Wilkinson &amp; Reinsch, Handbook for
 * Automatic Computation II, routines tred2 and tql2, as in JAMA's {@code EigenvalueDecomposition}, public
 * domain). O(n³) time, n² doubles of memory; eigenvalues in ascending order, V orthogonal to working
 * precision. Deterministic: the same input gives the same bits.
 */
final class SymmetricEigen {
  /** QL iterations allowed per eigenvalue before giving up (it converges in two or three). */
  private static final int MAX_ITERATIONS = 60;

  private final int n;
  private final double[][] v;
  private final double[] d;
  private final double[] e;

  /**
   * Decomposes the symmetric n×n matrix {@code a}, row-major (only the lower triangle is read).
   *
   * @throws IllegalArgumentException if a value is not finite
   * @throws ArithmeticException if the QL iteration does not converge
   */
  SymmetricEigen(double[] a, int n) {
    if (a.length < (long) n * n) {
      throw new IllegalArgumentException("a holds " + a.length + " values, not " + n + "×" + n);
    }
    this.n = n;
    v = new double[n][n];
    d = new double[n];
    e = new double[n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double x = a[i * n + j];
        if (!Double.isFinite(x)) {
          throw new IllegalArgumentException("matrix entry (" + i + ", " + j + ") is " + x);
        }
        v[i][j] = x;
        v[j][i] = x;
      }
    }
    if (n > 0) {
      tridiagonalize();
      diagonalize();
    }
  }

  /** The eigenvalues, ascending (a copy). */
  double[] values() {
    return d.clone();
  }

  /** Component i of the eigenvector of eigenvalue k (column k of V). */
  double vector(int i, int k) {
    return v[i][k];
  }

  /** Householder reduction to a tridiagonal matrix (tred2): d its diagonal, e its subdiagonal, v the transform. */
  private void tridiagonalize() {
    for (int j = 0; j < n; j++) {
      d[j] = v[n - 1][j];
    }
    for (int i = n - 1; i > 0; i--) {
      double scale = 0.0;
      double h = 0.0;
      for (int k = 0; k < i; k++) {
        scale += Math.abs(d[k]);
      }
      if (scale == 0.0) {
        e[i] = d[i - 1];
        for (int j = 0; j < i; j++) {
          d[j] = v[i - 1][j];
          v[i][j] = 0.0;
          v[j][i] = 0.0;
        }
      } else {
        // scale the row to avoid under- and overflow, then build the Householder vector
        for (int k = 0; k < i; k++) {
          d[k] /= scale;
          h += d[k] * d[k];
        }
        double f = d[i - 1];
        double g = Math.sqrt(h);
        if (f > 0) {
          g = -g;
        }
        e[i] = scale * g;
        h -= f * g;
        d[i - 1] = f - g;
        for (int j = 0; j < i; j++) {
          e[j] = 0.0;
        }
        // apply the similarity transformation to the remaining columns
        for (int j = 0; j < i; j++) {
          f = d[j];
          v[j][i] = f;
          g = e[j] + v[j][j] * f;
          for (int k = j + 1; k <= i - 1; k++) {
            g += v[k][j] * d[k];
            e[k] += v[k][j] * f;
          }
          e[j] = g;
        }
        f = 0.0;
        for (int j = 0; j < i; j++) {
          e[j] /= h;
          f += e[j] * d[j];
        }
        double hh = f / (h + h);
        for (int j = 0; j < i; j++) {
          e[j] -= hh * d[j];
        }
        for (int j = 0; j < i; j++) {
          f = d[j];
          g = e[j];
          for (int k = j; k <= i - 1; k++) {
            v[k][j] -= (f * e[k] + g * d[k]);
          }
          d[j] = v[i - 1][j];
          v[i][j] = 0.0;
        }
      }
      d[i] = h;
    }
    // accumulate the transformations
    for (int i = 0; i < n - 1; i++) {
      v[n - 1][i] = v[i][i];
      v[i][i] = 1.0;
      double h = d[i + 1];
      if (h != 0.0) {
        for (int k = 0; k <= i; k++) {
          d[k] = v[k][i + 1] / h;
        }
        for (int j = 0; j <= i; j++) {
          double g = 0.0;
          for (int k = 0; k <= i; k++) {
            g += v[k][i + 1] * v[k][j];
          }
          for (int k = 0; k <= i; k++) {
            v[k][j] -= g * d[k];
          }
        }
      }
      for (int k = 0; k <= i; k++) {
        v[k][i + 1] = 0.0;
      }
    }
    for (int j = 0; j < n; j++) {
      d[j] = v[n - 1][j];
      v[n - 1][j] = 0.0;
    }
    v[n - 1][n - 1] = 1.0;
    e[0] = 0.0;
  }

  /** Implicit QL with shifts on the tridiagonal matrix (tql2), then a sort of the eigenvalues and vectors. */
  private void diagonalize() {
    for (int i = 1; i < n; i++) {
      e[i - 1] = e[i];
    }
    e[n - 1] = 0.0;
    double f = 0.0;
    double tst1 = 0.0;
    double eps = Math.ulp(1.0);
    for (int l = 0; l < n; l++) {
      // find a small subdiagonal element
      tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
      int m = l;
      while (m < n) {
        if (Math.abs(e[m]) <= eps * tst1) {
          break;
        }
        m++;
      }
      // if m == l, d[l] is an eigenvalue; otherwise iterate
      if (m > l) {
        int iterations = 0;
        do {
          if (++iterations > MAX_ITERATIONS) {
            throw new ArithmeticException("the symmetric eigen-decomposition did not converge at eigenvalue " + l + " of " + n);
          }
          // compute the implicit shift
          double g = d[l];
          double p = (d[l + 1] - g) / (2.0 * e[l]);
          double r = Math.hypot(p, 1.0);
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
          // implicit QL transformation
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
            r = Math.hypot(p, e[i]);
            e[i + 1] = s * r;
            s = e[i] / r;
            c = p / r;
            p = c * d[i] - s * g;
            d[i + 1] = h + s * (c * g + s * d[i]);
            // accumulate the transformation
            for (int k = 0; k < n; k++) {
              h = v[k][i + 1];
              v[k][i + 1] = s * v[k][i] + c * h;
              v[k][i] = c * v[k][i] - s * h;
            }
          }
          p = -s * s2 * c3 * el1 * e[l] / dl1;
          e[l] = s * p;
          d[l] = c * p;
        } while (Math.abs(e[l]) > eps * tst1);
      }
      d[l] += f;
      e[l] = 0.0;
    }
    // selection sort of the eigenvalues (and vectors) into ascending order
    for (int i = 0; i < n - 1; i++) {
      int k = i;
      double p = d[i];
      for (int j = i + 1; j < n; j++) {
        if (d[j] < p) {
          k = j;
          p = d[j];
        }
      }
      if (k != i) {
        d[k] = d[i];
        d[i] = p;
        for (int j = 0; j < n; j++) {
          double t = v[j][i];
          v[j][i] = v[j][k];
          v[j][k] = t;
        }
      }
    }
  }
}
