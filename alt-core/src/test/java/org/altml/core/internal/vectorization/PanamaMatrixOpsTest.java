package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ELM matrix kernels ({@link VectorOps#multiply}, {@link VectorOps#symmetricRankUpdate}, the float-row
 * {@link VectorOps#sparseTimesRows} into double): Panama against the scalar specification bit for bit, and
 * the specification against a naive double-precision loop within a bound of n·Σ|terms|·u. Sizes run over
 * every value 0..4·8+3 (4 vectors of the widest double species plus a tail) and awkward large ones, with
 * padded strides whose padding holds NaN (never read into a result, never written), row counts k covering
 * the 4-row tiles and their tails. Skipped without the Vector API unless {@code -Dalt.tests.requireSimd=true};
 * the width follows {@code -Dalt.tests.vectorBits}. Reproduce with {@code -Dalt.tests.seed=...}.
 */
class PanamaMatrixOpsTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 0xE1A5L);
  private static final double U = 0x1p-53;
  private static final VectorOps SCALAR = ScalarVectorOps.INSTANCE;
  private static VectorOps panama;

  @BeforeAll
  static void loadPanama() {
    panama = VectorizationProvider.panamaOrNull();
    if (panama == null && Boolean.getBoolean("alt.tests.requireSimd")) {
      fail("-Dalt.tests.requireSimd=true but the Panama kernels are unavailable");
    }
  }

  static IntStream sizes() {
    return IntStream.concat(IntStream.rangeClosed(0, 35), IntStream.of(47, 64, 100, 129, 207));
  }

  private static double[] matrix(SplittableRandom r, int off, int rows, int stride, int columns) {
    double[] m = new double[off + rows * stride + 3];
    Arrays.fill(m, Double.NaN);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < columns; j++) {
        m[off + i * stride + j] = r.nextDouble(-1, 1) * Math.pow(2, r.nextInt(-4, 5));
      }
    }
    return m;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void multiplyMatchesSpecificationAndNaiveLoop(int size) {
    for (int variant = 0; variant < 4; variant++) {
      long seed = SEED * 31 + size * 101L + variant;
      SplittableRandom r = new SplittableRandom(seed);
      int k = variant == 0 ? 1 : r.nextInt(0, 11);
      int n = variant == 1 ? size : r.nextInt(0, 40);
      int m = size;
      int aOff = r.nextInt(0, 3);
      int pOff = r.nextInt(0, 3);
      int cOff = r.nextInt(0, 3);
      int aStride = n + r.nextInt(0, 3);
      int pStride = m + r.nextInt(0, 3);
      int cStride = m + r.nextInt(0, 3);
      double[] a = matrix(r, aOff, k, aStride, n);
      double[] p = matrix(r, pOff, n, pStride, m);
      boolean accumulate = variant % 2 == 1;
      double[] c0 = matrix(r, cOff, k, cStride, m);
      double[] spec = c0.clone();
      SCALAR.multiply(a, aOff, aStride, k, n, p, pOff, pStride, m, spec, cOff, cStride, accumulate);
      for (int b = 0; b < k; b++) {
        for (int j = 0; j < m; j++) {
          double exact = accumulate ? c0[cOff + b * cStride + j] : 0.0;
          double mag = Math.abs(exact);
          for (int i = 0; i < n; i++) {
            double t = a[aOff + b * aStride + i] * p[pOff + i * pStride + j];
            exact += t;
            mag += Math.abs(t);
          }
          assertEquals(exact, spec[cOff + b * cStride + j], 4 * (n + 1) * mag * U, "seed " + seed + " b=" + b + " j=" + j);
        }
      }
      // padding untouched
      for (int idx = 0; idx < c0.length; idx++) {
        int rel = idx - cOff;
        boolean inside = rel >= 0 && rel / Math.max(1, cStride) < k && rel % Math.max(1, cStride) < m;
        if (!inside) {
          assertEquals(Double.doubleToRawLongBits(c0[idx]), Double.doubleToRawLongBits(spec[idx]), "seed " + seed + " wrote " + idx);
        }
      }
      if (panama != null) {
        double[] simd = c0.clone();
        panama.multiply(a, aOff, aStride, k, n, p, pOff, pStride, m, simd, cOff, cStride, accumulate);
        assertArrayEquals(spec, simd, "seed " + seed + " k=" + k + " n=" + n + " m=" + m);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void symmetricRankUpdateMatchesSpecificationAndIsSymmetric(int n) {
    for (int variant = 0; variant < 4; variant++) {
      long seed = SEED * 37 + n * 103L + variant;
      SplittableRandom r = new SplittableRandom(seed);
      int k = switch (variant) {
        case 0 -> 1;
        case 1 -> 4;
        default -> r.nextInt(0, 13);
      };
      int aOff = r.nextInt(0, 3);
      int pOff = r.nextInt(0, 3);
      int aStride = n + r.nextInt(0, 3);
      int pStride = n + r.nextInt(0, 3);
      double[] a = matrix(r, aOff, k, aStride, n);
      double[] p0 = matrix(r, pOff, n, pStride, n); // not symmetric: the upper triangle is the source
      boolean subtract = variant % 2 == 0;
      double[] spec = p0.clone();
      SCALAR.symmetricRankUpdate(subtract, a, aOff, aStride, k, n, spec, pOff, pStride);
      for (int i = 0; i < n; i++) {
        for (int j = i; j < n; j++) {
          double exact = p0[pOff + i * pStride + j];
          double mag = Math.abs(exact);
          for (int b = 0; b < k; b++) {
            double t = a[aOff + b * aStride + i] * a[aOff + b * aStride + j];
            exact += subtract ? -t : t;
            mag += Math.abs(t);
          }
          double got = spec[pOff + i * pStride + j];
          assertEquals(exact, got, 4 * (k + 1) * mag * U, "seed " + seed + " i=" + i + " j=" + j);
          assertEquals(Double.doubleToRawLongBits(got), Double.doubleToRawLongBits(spec[pOff + j * pStride + i]),
              "seed " + seed + " asymmetric at " + i + "," + j);
        }
      }
      if (panama != null) {
        double[] simd = p0.clone();
        panama.symmetricRankUpdate(subtract, a, aOff, aStride, k, n, simd, pOff, pStride);
        assertArrayEquals(spec, simd, "seed " + seed + " k=" + k + " n=" + n);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void floatRowsIntoDoubleMatchSpecification(int width) {
    long seed = SEED * 41 + width;
    SplittableRandom r = new SplittableRandom(seed);
    int numRows = 50;
    int stride = width + r.nextInt(0, 9);
    float[] rows = new float[numRows * stride];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = (i % stride) < width ? (float) r.nextDouble(-1, 1) : Float.NaN;
    }
    int nnz = r.nextInt(0, 20);
    int[] idx = r.ints(0, numRows).distinct().limit(nnz).sorted().toArray();
    nnz = idx.length;
    float[] val = new float[nnz];
    for (int k = 0; k < nnz; k++) {
      val[k] = (float) r.nextDouble(-2, 2);
    }
    double[] spec = new double[width + 2];
    spec[width] = 42.0;
    SCALAR.sparseTimesRows(idx, val, 0, nnz, rows, 0, stride, spec, width);
    assertEquals(42.0, spec[width]);
    for (int j = 0; j < width; j++) {
      double exact = 0;
      for (int k = 0; k < nnz; k++) {
        exact += (double) val[k] * rows[idx[k] * stride + j];
      }
      assertEquals(exact, spec[j], 1e-12, "seed " + seed);
    }
    assumeTrue(panama != null, "Vector API unavailable");
    double[] simd = new double[width + 2];
    simd[width] = 42.0;
    panama.sparseTimesRows(idx, val, 0, nnz, rows, 0, stride, simd, width);
    assertArrayEquals(spec, simd, "seed " + seed);
  }

  @Test
  void largeRlsShapesAgree() {
    assumeTrue(panama != null, "Vector API unavailable");
    SplittableRandom r = new SplittableRandom(SEED);
    int n = 203;
    int k = 7;
    double[] a = matrix(r, 0, k, n, n);
    double[] p = matrix(r, 0, n, n, n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < i; j++) {
        p[i * n + j] = p[j * n + i];
      }
    }
    double[] s = p.clone();
    double[] v = p.clone();
    SCALAR.symmetricRankUpdate(true, a, 0, n, k, n, s, 0, n);
    panama.symmetricRankUpdate(true, a, 0, n, k, n, v, 0, n);
    assertArrayEquals(s, v);
    double[] cs = new double[k * n];
    double[] cv = new double[k * n];
    SCALAR.multiply(a, 0, n, k, n, p, 0, n, n, cs, 0, n, false);
    panama.multiply(a, 0, n, k, n, p, 0, n, n, cv, 0, n, false);
    assertArrayEquals(cs, cv);
    assertTrue(Arrays.stream(cs).allMatch(Double::isFinite));
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void rotationChainsMatchSpecificationAndKeepNorms(int width) {
    long seed = SEED * 43 + width;
    SplittableRandom r = new SplittableRandom(seed);
    int rows = 12;
    int stride = width + r.nextInt(0, 5);
    int off = r.nextInt(0, 3);
    double[] z = matrix(r, off, rows, stride, width);
    int chains = r.nextInt(0, 6);
    int[] first = new int[chains];
    int[] last = new int[chains];
    int count = 0;
    for (int t = 0; t < chains; t++) {
      first[t] = r.nextInt(0, rows);
      last[t] = r.nextInt(first[t], rows);
      count += last[t] - first[t];
    }
    double[] c = new double[count];
    double[] s = new double[count];
    for (int q = 0; q < count; q++) {
      double angle = r.nextDouble(0, 2 * Math.PI);
      c[q] = Math.cos(angle);
      s[q] = Math.sin(angle);
    }
    double[] spec = z.clone();
    SCALAR.rotateRows(spec, off, stride, width, chains, first, last, c, s);
    for (int k = 0; k < width; k++) {
      double before = 0;
      double after = 0;
      for (int i = 0; i < rows; i++) {
        before += z[off + i * stride + k] * z[off + i * stride + k];
        after += spec[off + i * stride + k] * spec[off + i * stride + k];
      }
      assertEquals(before, after, 1e-12 * (1 + before) * (count + 1), "seed " + seed + ": rotations keep column norms");
    }
    assumeTrue(panama != null, "Vector API unavailable");
    double[] simd = z.clone();
    panama.rotateRows(simd, off, stride, width, chains, first, last, c, s);
    assertArrayEquals(spec, simd, "seed " + seed);
  }
}
