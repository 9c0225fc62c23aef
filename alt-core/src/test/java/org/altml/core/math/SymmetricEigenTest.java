package org.altml.core.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The eigen-decomposition OSML-ELM's initial block and the Nyström map share: A·v = λ·v, V orthonormal. */
class SymmetricEigenTest {
  private static final long SEED = 20261124L;

  @Test
  void symmetricEigenDecomposesRandomMatrices() {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int n : new int[] {0, 1, 2, 3, 7, 40, 101}) {
      double[] a = new double[n * n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++) {
          double v = random.nextDouble(-1, 1);
          a[i * n + j] = v;
          a[j * n + i] = v;
        }
      }
      if (n == 40) {
        java.util.Arrays.fill(a, 0.5); // rank one, many zero eigenvalues: the QL deflation case
      }
      SymmetricEigen eigen = SymmetricEigen.decompose(a.clone(), n); // decompose overwrites its input
      double[] lambda = eigen.values();
      for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++) {
          double av = 0;
          for (int j = 0; j < n; j++) {
            av += a[i * n + j] * eigen.vector(j, k);
          }
          assertEquals(lambda[k] * eigen.vector(i, k), av, 1e-12 * n, "n " + n + " k " + k + " i " + i + ", seed " + SEED);
        }
        for (int l = 0; l <= k; l++) {
          double dot = 0;
          for (int i = 0; i < n; i++) {
            dot += eigen.vector(i, k) * eigen.vector(i, l);
          }
          assertEquals(k == l ? 1.0 : 0.0, dot, 1e-12 * Math.max(1, n), "n " + n + " columns " + k + ", " + l);
        }
      }
      if (n == 40) {
        assertEquals(20.0, java.util.Arrays.stream(lambda).max().orElseThrow(), 1e-12);
      }
    }
    assertThrows(ArithmeticException.class, () -> SymmetricEigen.decompose(new double[] {Double.NaN}, 1));
  }
}
