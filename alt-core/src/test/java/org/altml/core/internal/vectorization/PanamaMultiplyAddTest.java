package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link VectorOps#multiplyAdd} (C += A·B: double, double with float B, all float): the Panama kernel against the scalar
 * specification bit for bit, for every shape around the register blocks (rows 0..9, cols 0..4·8·2+3 and
 * large ones, depths 0..5 and 120), with offsets and padded strides; entries of C outside the product
 * (pad columns, rows before the offset) hold NaN and must stay untouched; and one element against a naive
 * double loop. Skipped when the Vector API is unavailable, unless {@code -Dalt.tests.requireSimd=true}.
 */
class PanamaMultiplyAddTest {
  private static final VectorOps SCALAR = ScalarVectorOps.INSTANCE;
  private static VectorOps panama;

  @BeforeAll
  static void loadPanama() {
    panama = VectorizationProvider.panamaOrNull();
    if (panama == null && Boolean.getBoolean("alt.tests.requireSimd")) {
      fail("-Dalt.tests.requireSimd=true but the Panama kernels are unavailable");
    }
    assumeTrue(panama != null, "Vector API unavailable: run with --add-modules jdk.incubator.vector");
  }

  @Test
  void panamaMatchesTheSpecificationBitForBit() {
    SplittableRandom r = new SplittableRandom(42);
    int[] colsList = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40, 48, 63, 64, 65, 67, 102, 104, 112, 128, 129, 256, 261};
    int[] depths = {0, 1, 2, 5, 120};
    for (int rows = 0; rows <= 9; rows++) {
      for (int cols : colsList) {
        for (int depth : depths) {
          check(r, rows, depth, cols);
        }
      }
    }
  }

  private static void check(SplittableRandom r, int rows, int depth, int cols) {
    int aOff = r.nextInt(3);
    int aStride = depth + r.nextInt(3);
    int bOff = r.nextInt(3);
    int bStride = cols + r.nextInt(9);
    int cOff = r.nextInt(3);
    int cStride = cols + r.nextInt(9);
    double[] a = new double[aOff + rows * aStride + 1];
    double[] b = new double[bOff + depth * bStride + 1];
    float[] bf = new float[b.length];
    for (int k = 0; k < a.length; k++) {
      a[k] = r.nextDouble(-2, 2);
    }
    for (int k = 0; k < b.length; k++) {
      bf[k] = (float) r.nextDouble(-2, 2);
      b[k] = r.nextDouble(-2, 2);
    }
    double[] c = new double[cOff + rows * cStride + 1];
    java.util.Arrays.fill(c, Double.NaN);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[cOff + i * cStride + j] = r.nextDouble(-1, 1);
      }
    }
    String where = "rows " + rows + " depth " + depth + " cols " + cols;
    double[] expected = c.clone();
    double[] actual = c.clone();
    SCALAR.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, expected, cOff, cStride);
    panama.multiplyAdd(a, aOff, aStride, rows, depth, b, bOff, bStride, cols, actual, cOff, cStride);
    assertArrayEquals(expected, actual, where + " (double B)");
    double[] expectedF = c.clone();
    double[] actualF = c.clone();
    SCALAR.multiplyAdd(a, aOff, aStride, rows, depth, bf, bOff, bStride, cols, expectedF, cOff, cStride);
    panama.multiplyAdd(a, aOff, aStride, rows, depth, bf, bOff, bStride, cols, actualF, cOff, cStride);
    assertArrayEquals(expectedF, actualF, where + " (float B)");
    float[] af = new float[a.length];
    for (int k = 0; k < a.length; k++) {
      af[k] = (float) a[k];
    }
    float[] cf = new float[c.length];
    for (int k = 0; k < c.length; k++) {
      cf[k] = (float) c[k];
    }
    float[] expectedFF = cf.clone();
    float[] actualFF = cf.clone();
    SCALAR.multiplyAdd(af, aOff, aStride, rows, depth, bf, bOff, bStride, cols, expectedFF, cOff, cStride);
    panama.multiplyAdd(af, aOff, aStride, rows, depth, bf, bOff, bStride, cols, actualFF, cOff, cStride);
    assertArrayEquals(expectedFF, actualFF, where + " (all float)");
    if (rows > 0 && cols > 0) {
      int i = rows - 1;
      int j = cols - 1;
      float s = cf[cOff + i * cStride + j];
      for (int p = 0; p < depth; p++) {
        s = s + af[aOff + i * aStride + p] * bf[bOff + p * bStride + j];
      }
      assertEquals(s, expectedFF[cOff + i * cStride + j], 0.0f, where + " naive float");
    }
    if (rows > 0 && cols > 0) {
      int i = rows - 1;
      int j = cols - 1;
      double s = c[cOff + i * cStride + j];
      for (int p = 0; p < depth; p++) {
        s = s + a[aOff + i * aStride + p] * b[bOff + p * bStride + j];
      }
      assertEquals(s, expected[cOff + i * cStride + j], 0.0, where + " naive");
    }
  }

  @Test
  void gaussianFromDotsMatchesTheSpecificationBitForBit() {
    SplittableRandom r = new SplittableRandom(5);
    for (int n = 0; n <= 40; n++) {
      double[] dots = new double[n + 3];
      double[] norms = new double[n + 2];
      for (int i = 0; i < dots.length; i++) {
        dots[i] = r.nextDouble(-3, 30);
      }
      for (int i = 0; i < norms.length; i++) {
        norms[i] = r.nextDouble(0, 60);
      }
      double[] expected = dots.clone();
      double[] actual = dots.clone();
      SCALAR.gaussianFromDots(expected, 1, n, 25.0, norms, 2 % (norms.length - n + 1), 128.0);
      panama.gaussianFromDots(actual, 1, n, 25.0, norms, 2 % (norms.length - n + 1), 128.0);
      assertEquals(dots[0], actual[0], 0.0, "before the range");
      assertEquals(dots[n + 1], actual[n + 1], 0.0, "after the range");
      for (int i = 1; i <= n; i++) {
        assertEquals(expected[i], actual[i], 0.0, "n " + n + " element " + i);
        // the same inputs give the same bits wherever they lie (whole vector or masked tail)
        double[] one = {dots[i]};
        panama.gaussianFromDots(one, 0, 1, 25.0, norms, 2 % (norms.length - n + 1) + i - 1, 128.0);
        assertEquals(actual[i], one[0], 0.0, "position-free, n " + n + " element " + i);
      }
    }
  }

  @Test
  void floatGaussianExponentsMatchTheSpecificationBitForBit() {
    SplittableRandom r = new SplittableRandom(6);
    for (int n = 0; n <= 70; n++) {
      float[] dots = new float[n + 3];
      float[] norms = new float[n + 2];
      for (int i = 0; i < dots.length; i++) {
        dots[i] = (float) r.nextDouble(-3, 30);
      }
      for (int i = 0; i < norms.length; i++) {
        norms[i] = (float) r.nextDouble(0, 60);
      }
      if (n > 2) {
        dots[2] = Float.NaN; // a NaN stays NaN in both
        norms[0] = 0f; // with normX 0 and dot 0 below: d² = +0, u = -0
        dots[1] = 0f;
      }
      float normX = n % 3 == 0 ? 0f : 25f;
      float[] expected = dots.clone();
      float[] actual = dots.clone();
      int normsOff = 1 % (norms.length - n + 1);
      SCALAR.gaussianExponents(expected, 1, n, normX, norms, normsOff, 128f);
      panama.gaussianExponents(actual, 1, n, normX, norms, normsOff, 128f);
      assertEquals(Float.floatToRawIntBits(dots[0]), Float.floatToRawIntBits(actual[0]), "before the range");
      assertEquals(Float.floatToRawIntBits(dots[n + 1]), Float.floatToRawIntBits(actual[n + 1]), "after the range");
      for (int i = 1; i <= n; i++) {
        assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(actual[i]), "n " + n + " element " + i);
      }
    }
  }
}
