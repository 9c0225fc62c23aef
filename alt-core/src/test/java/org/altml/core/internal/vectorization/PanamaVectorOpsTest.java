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
 * The Panama kernels against the scalar specification and a naive double-precision loop, in one JVM (after
 * Lucene's {@code BaseVectorizationTestCase}). Element-wise kernels must match the scalar ones bit for bit;
 * reductions within (n+2)·u·Σ|a_i·b_i| of the exact value (u = 2^-24), and exactly on small-integer inputs
 * whose every partial sum is representable. Skipped when the Vector API is unavailable, unless
 * {@code -Dalt.tests.requireSimd=true}. Reproduce a failure with {@code -Dalt.tests.seed=...}; the width
 * under test follows {@code -Dalt.tests.vectorBits}.
 */
class PanamaVectorOpsTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 0xA17_5EEDL);
  /** Lanes of the widest species tested (512 bits). */
  private static final int MAX_LANES = 16;
  private static final double U = 0x1p-24;
  private static final VectorOps SCALAR = ScalarVectorOps.INSTANCE;
  private static VectorOps panama;

  @BeforeAll
  static void loadPanama() {
    panama = VectorizationProvider.panamaOrNull();
    if (panama == null && Boolean.getBoolean("alt.tests.requireSimd")) {
      fail("-Dalt.tests.requireSimd=true but the Panama kernels are unavailable (module present: "
          + VectorizationProvider.vectorModulePresent() + ")");
    }
    assumeTrue(panama != null, "Vector API unavailable: run with --add-modules jdk.incubator.vector");
  }

  /** Every length 0..4·lanes+3 of the widest species, plus awkward large ones. */
  static IntStream lengths() {
    return IntStream.concat(IntStream.rangeClosed(0, 4 * MAX_LANES + 3), IntStream.of(102, 112, 207, 300, 314, 702, 4098));
  }

  /** Value distributions, boundary cases included. */
  enum Kind {
    RANDOM, ZEROS, NEGATIVE, LARGE, SMALL, MIXED, INTEGER;

    float next(SplittableRandom r) {
      return switch (this) {
        case RANDOM -> (float) r.nextDouble(-1, 1);
        case ZEROS -> 0f;
        case NEGATIVE -> (float) -r.nextDouble(0.5, 2);
        case LARGE -> (float) (r.nextBoolean() ? 1 : -1) * (float) r.nextDouble(1e14, 1e15);
        case SMALL -> (float) (r.nextBoolean() ? 1 : -1) * (float) r.nextDouble(1e-16, 1e-15);
        case MIXED -> (float) (r.nextDouble(-1, 1) * Math.pow(10, r.nextInt(-6, 7)));
        case INTEGER -> r.nextInt(-8, 9);
      };
    }

    float[] array(int n, SplittableRandom r) {
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = next(r);
      }
      return a;
    }
  }

  private static long seed(int n, Kind kind) {
    return SEED * 31 + n * 7919L + kind.ordinal();
  }

  @Test
  void reportsItsWidth() {
    int bits = panama.bitWidth();
    assertTrue(bits == 128 || bits == 256 || bits == 512, "bits " + bits);
    assertEquals(bits / 32, panama.lanes());
    assertEquals("panama (" + bits + " bits)", panama.name());
    String forced = System.getProperty(PanamaVectorOps.VECTOR_BITS_PROPERTY);
    if (forced != null && !forced.isBlank()) {
      assertEquals(Integer.parseInt(forced.trim()), bits);
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void dotMatchesScalarAndDoubleLoop(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      int aOff = r.nextInt(3);
      int bOff = r.nextInt(3);
      float[] a = withOffset(kind.array(n, r), aOff, r);
      float[] b = withOffset(kind.array(n, r), bOff, r);
      double exact = 0;
      double sumAbs = 0;
      for (int i = 0; i < n; i++) {
        double p = (double) a[aOff + i] * b[bOff + i];
        exact += p;
        sumAbs += Math.abs(p);
      }
      float s = SCALAR.dot(a, aOff, b, bOff, n);
      float p = panama.dot(a, aOff, b, bOff, n);
      checkReduction("dot", n, kind, seed, exact, sumAbs, s, p);
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void squaredDistanceMatchesScalarAndDoubleLoop(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      int aOff = r.nextInt(3);
      int bOff = r.nextInt(3);
      float[] a = withOffset(kind.array(n, r), aOff, r);
      // b near a for part of the lanes: cancellation in the subtraction
      float[] b = withOffset(kind.array(n, r), bOff, r);
      for (int i = 0; i < n && kind != Kind.INTEGER; i += 3) {
        b[bOff + i] = a[aOff + i] * 0.999f;
      }
      double exact = 0;
      for (int i = 0; i < n; i++) {
        double d = (double) a[aOff + i] - b[bOff + i];
        exact += d * d;
      }
      float s = SCALAR.squaredDistance(a, aOff, b, bOff, n);
      float p = panama.squaredDistance(a, aOff, b, bOff, n);
      // the float subtraction rounds before squaring: 2u per term on top of the summation bound
      checkReduction("squaredDistance", n, kind, seed, exact, exact, s, p);
    }
  }

  private static void checkReduction(String op, int n, Kind kind, long seed, double exact, double sumAbs, float s, float p) {
    String where = op + " n=" + n + " kind=" + kind + " seed=" + seed;
    if (kind == Kind.INTEGER || kind == Kind.ZEROS) {
      // every product and partial sum is a small integer, exact in float whatever the order
      assertEquals((float) exact, s, where + " (scalar)");
      assertEquals((float) exact, p, where + " (panama)");
      return;
    }
    double bound = (n + 2) * U * sumAbs + n * (double) Float.MIN_NORMAL;
    if (!(Math.abs(s - exact) <= bound)) {
      fail(where + ": scalar " + s + " exact " + exact + " bound " + bound);
    }
    if (!(Math.abs(p - exact) <= bound)) {
      fail(where + ": panama " + p + " exact " + exact + " bound " + bound);
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void countAtLeastMatchesScalarAndACountByHand(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      int off = r.nextInt(3);
      float[] a = withOffset(kind.array(n, r), off, r);
      if (n > 2) {
        a[off + r.nextInt(n)] = Float.NaN; // never counted
        a[off + 1] = -0f;
        a[off] = 0f; // -0 and +0 compare equal
      }
      float[] thresholds = {n == 0 ? 0f : a[off + r.nextInt(n)], 0f, -0f, Float.NEGATIVE_INFINITY, Float.NaN, kind.next(r)};
      for (float t : thresholds) {
        int byHand = 0;
        for (int i = 0; i < n; i++) {
          byHand += a[off + i] >= t ? 1 : 0;
        }
        String where = "countAtLeast n=" + n + " kind=" + kind + " seed=" + seed + " threshold=" + t;
        assertEquals(byHand, SCALAR.countAtLeast(a, off, n, t), where + " (scalar)");
        assertEquals(byHand, panama.countAtLeast(a, off, n, t), where + " (panama)");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void indicesAboveMatchesScalarAndAListByHand(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      int off = r.nextInt(3);
      float[] a = withOffset(kind.array(n, r), off, r);
      if (n > 2) {
        a[off + r.nextInt(n)] = Float.NaN; // never above
        a[off + 1] = -0f;
        a[off] = Float.POSITIVE_INFINITY;
      }
      float[] thresholds = {n == 0 ? 0f : a[off + r.nextInt(n)], 0f, -0f, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY,
        Float.NaN, kind.next(r)};
      for (float t : thresholds) {
        int[] byHand = new int[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
          if (a[off + i] > t) {
            byHand[count++] = i;
          }
        }
        String where = "indicesAbove n=" + n + " kind=" + kind + " seed=" + seed + " t=" + t;
        int[] scalar = new int[n];
        int[] simd = new int[n];
        assertEquals(count, SCALAR.indicesAbove(a, off, n, t, scalar), where + " (scalar)");
        assertEquals(count, panama.indicesAbove(a, off, n, t, simd), where + " (panama)");
        assertArrayEquals(Arrays.copyOf(byHand, count), Arrays.copyOf(scalar, count), where + " (scalar)");
        assertArrayEquals(Arrays.copyOf(byHand, count), Arrays.copyOf(simd, count), where + " (panama)");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void markWithinMatchesScalarAndMarksByHand(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      int off = r.nextInt(3);
      float[] a = withOffset(kind.array(n, r), off, r);
      if (n > 2) {
        a[off + r.nextInt(n)] = Float.NaN; // never near
        a[off + 1] = Float.POSITIVE_INFINITY;
      }
      float c = n == 0 ? 0f : a[off + r.nextInt(n)];
      c = Float.isFinite(c) ? c : 0.25f;
      for (float band : new float[] {0f, 1e-6f, 0.1f, 0.5f, 3f, Float.POSITIVE_INFINITY}) {
        int marksOff = r.nextInt(3);
        boolean[] before = new boolean[marksOff + n + 2];
        for (int i = 0; i < before.length; i++) {
          before[i] = r.nextInt(4) == 0; // marks already set stay set
        }
        boolean[] byHand = before.clone();
        int count = 0;
        for (int i = 0; i < n; i++) {
          if (Math.abs(a[off + i] - c) <= band) {
            byHand[marksOff + i] = true;
            count++;
          }
        }
        String where = "markWithin n=" + n + " kind=" + kind + " seed=" + seed + " c=" + c + " band=" + band;
        boolean[] scalar = before.clone();
        boolean[] simd = before.clone();
        assertEquals(count, SCALAR.markWithin(a, off, n, c, band, scalar, marksOff), where + " (scalar)");
        assertEquals(count, panama.markWithin(a, off, n, c, band, simd, marksOff), where + " (panama)");
        assertArrayEquals(byHand, scalar, where + " (scalar)");
        assertArrayEquals(byHand, simd, where + " (panama: no mark outside the range either)");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void axpyIsBitIdenticalToScalar(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      float alpha = kind == Kind.ZEROS ? 0f : (float) r.nextDouble(-2, 2);
      int xOff = r.nextInt(3);
      int yOff = r.nextInt(3);
      float[] x = withOffset(kind.array(n, r), xOff, r);
      float[] y0 = withOffset(kind.array(n + 2, r), yOff, r);
      float[] ys = y0.clone();
      float[] yp = y0.clone();
      SCALAR.axpy(alpha, x, xOff, ys, yOff, n);
      panama.axpy(alpha, x, xOff, yp, yOff, n);
      String where = "axpy n=" + n + " kind=" + kind + " seed=" + seed;
      assertArrayEquals(ys, yp, where);
      for (int i = 0; i < y0.length; i++) {
        if (i < yOff || i >= yOff + n) {
          if (Float.floatToIntBits(y0[i]) != Float.floatToIntBits(yp[i])) {
            fail(where + ": element " + i + " outside the range changed");
          }
        } else {
          double exact = (double) alpha * x[xOff + i - yOff] + y0[i];
          double bound = U * (Math.abs((double) alpha * x[xOff + i - yOff]) + Math.abs(y0[i])) + Float.MIN_VALUE;
          if (!(Math.abs(yp[i] - exact) <= bound)) {
            fail(where + ": element " + i + " " + yp[i] + " exact " + exact);
          }
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("lengths")
  void scaleIsBitIdenticalToScalar(int n) {
    for (Kind kind : Kind.values()) {
      long seed = seed(n, kind);
      SplittableRandom r = new SplittableRandom(seed);
      float alpha = (float) r.nextDouble(-3, 3);
      int off = r.nextInt(3);
      float[] x0 = withOffset(kind.array(n + 1, r), off, r);
      float[] xs = x0.clone();
      float[] xp = x0.clone();
      SCALAR.scale(alpha, xs, off, n);
      panama.scale(alpha, xp, off, n);
      String where = "scale n=" + n + " kind=" + kind + " seed=" + seed;
      assertArrayEquals(xs, xp, where);
      for (int i = 0; i < x0.length; i++) {
        if (i < off || i >= off + n) {
          if (Float.floatToIntBits(x0[i]) != Float.floatToIntBits(xp[i])) {
            fail(where + ": element " + i + " outside the range changed");
          }
        } else {
          double exact = (double) x0[i] * alpha;
          if (!(Math.abs(xp[i] - exact) <= U * Math.abs(exact) + Float.MIN_VALUE)) {
            fail(where + ": element " + i);
          }
        }
      }
    }
  }

  /** A copy of {@code a} at offset {@code off} inside a longer array padded with NaN on both sides. */
  private static float[] withOffset(float[] a, int off, SplittableRandom r) {
    float[] out = new float[off + a.length + r.nextInt(3)];
    Arrays.fill(out, Float.NaN);
    System.arraycopy(a, 0, out, off, a.length);
    return out;
  }

  // ---- sparse x against feature-major rows ----

  /** Row widths: every width 0..4·lanes+3, 5 to 9 whole 512-bit blocks, the paper's label counts plus one. */
  static IntStream widths() {
    return IntStream.concat(IntStream.rangeClosed(0, 4 * MAX_LANES + 3), IntStream.of(80, 96, 102, 110, 112, 128, 144, 160, 207, 229, 300, 314, 320, 702));
  }

  /** One random sparse-kernel case: rows with pad lanes, a sparse x between junk entries. */
  private static final class SparseCase {
    final long seed;
    final int width;
    final int stride;
    final int off;
    final int nnz;
    final int numRows;
    /** For each row, the position in idx/val of the entry that touches it, or -1. */
    final int[] entryOf;
    final int[] idx;
    final float[] val;
    final float[] rows;
    final float[] coeff;
    final String where;

    SparseCase(String op, int width, int variant, Kind kind) {
      this.seed = SEED * 131 + width * 1009L + variant * 17L + kind.ordinal();
      SplittableRandom r = new SplittableRandom(seed);
      this.width = width;
      int padded = (width + MAX_LANES - 1) / MAX_LANES * MAX_LANES;
      // variants: no padding (masked loads), padded to 16 lanes, random extra padding
      this.stride = switch (variant % 3) {
        case 0 -> width;
        case 1 -> Math.max(padded, width);
        default -> width + r.nextInt(1, 21);
      };
      this.nnz = variant == 0 ? 0 : r.nextInt(0, 101);
      this.numRows = nnz + r.nextInt(1, 40);
      this.entryOf = new int[numRows];
      Arrays.fill(entryOf, -1);
      this.off = r.nextInt(0, 4);
      // entries outside [off, off+nnz) are junk that must never be read: row 0 with a NaN value
      this.idx = new int[off + nnz + 3];
      this.val = new float[idx.length];
      Arrays.fill(val, Float.NaN);
      int[] perm = IntStream.range(0, numRows).toArray();
      for (int k = 0; k < nnz; k++) {
        int swap = r.nextInt(k, numRows);
        int t = perm[k];
        perm[k] = perm[swap];
        perm[swap] = t;
        idx[off + k] = perm[k];
        entryOf[perm[k]] = off + k;
        val[off + k] = kind == Kind.ZEROS ? 0f : (float) r.nextDouble(-1, 1);
      }
      // pad lanes past width hold NaN: never mixed into a stored lane, never overwritten
      this.rows = new float[numRows * stride];
      Arrays.fill(rows, Float.NaN);
      for (int f = 0; f < numRows; f++) {
        for (int j = 0; j < width; j++) {
          rows[f * stride + j] = kind.next(r);
        }
      }
      this.coeff = new float[width + r.nextInt(0, 3)];
      Arrays.fill(coeff, Float.NaN);
      for (int j = 0; j < width; j++) {
        coeff[j] = kind.next(r);
      }
      this.where = op + " width=" + width + " stride=" + stride + " nnz=" + nnz + " off=" + off + " kind=" + kind
          + " seed=" + seed;
    }
  }

  private static final Kind[] SPARSE_KINDS = {Kind.RANDOM, Kind.ZEROS, Kind.LARGE, Kind.SMALL, Kind.MIXED};

  @ParameterizedTest
  @MethodSource("widths")
  void sparseTimesRowsIsBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      // kinds rotate with the width: every kind meets every stride variant across the widths, and the
      // interpreted Vector API (before the JIT kicks in) keeps few cases affordable
      Kind kind = SPARSE_KINDS[(width + variant) % SPARSE_KINDS.length];
      SparseCase c = new SparseCase("sparseTimesRows", width, variant, kind);
      float[] outS = new float[width + 5];
      Arrays.fill(outS, 42f);
      float[] outP = outS.clone();
      SCALAR.sparseTimesRows(c.idx, c.val, c.off, c.nnz, c.rows, 0, c.stride, outS, width);
      panama.sparseTimesRows(c.idx, c.val, c.off, c.nnz, c.rows, 0, c.stride, outP, width);
      assertArrayEquals(outS, outP, c.where);
      for (int j = 0; j < outP.length; j++) {
        if (j >= width) {
          assertEquals(42f, outP[j], c.where + ": out[" + j + "] past width changed");
          continue;
        }
        double exact = 0;
        double sumAbs = 0;
        for (int k = c.off; k < c.off + c.nnz; k++) {
          double t = (double) c.val[k] * c.rows[c.idx[k] * c.stride + j];
          exact += t;
          sumAbs += Math.abs(t);
        }
        double bound = (c.nnz + 1) * U * sumAbs + c.nnz * (double) Float.MIN_NORMAL;
        if (!(Math.abs(outP[j] - exact) <= bound)) {
          fail(c.where + ": out[" + j + "] " + outP[j] + " exact " + exact);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void addSparseOuterIsBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      // kinds rotate with the width: every kind meets every stride variant across the widths, and the
      // interpreted Vector API (before the JIT kicks in) keeps few cases affordable
      Kind kind = SPARSE_KINDS[(width + variant) % SPARSE_KINDS.length];
      SparseCase c = new SparseCase("addSparseOuter", width, variant, kind);
      float alpha = kind == Kind.ZEROS ? 0f : (float) new SplittableRandom(c.seed).nextDouble(-1.5, 1.5);
      float[] rowsS = c.rows.clone();
      float[] rowsP = c.rows.clone();
      SCALAR.addSparseOuter(c.idx, c.val, c.off, c.nnz, alpha, c.coeff, rowsS, 0, c.stride, width);
      panama.addSparseOuter(c.idx, c.val, c.off, c.nnz, alpha, c.coeff, rowsP, 0, c.stride, width);
      assertArrayEquals(rowsS, rowsP, c.where);
      for (int i = 0; i < rowsP.length; i++) {
        int f = i / Math.max(1, c.stride);
        int j = i - f * c.stride;
        if (c.entryOf[f] < 0 || j >= width) {
          if (Float.floatToIntBits(c.rows[i]) != Float.floatToIntBits(rowsP[i])) {
            fail(c.where + ": untouched lane " + i + " changed");
          }
          continue;
        }
        double a = (double) alpha * c.val[c.entryOf[f]];
        double exact = a * c.coeff[j] + c.rows[i];
        double bound = 2 * U * (Math.abs(a * c.coeff[j]) + Math.abs(c.rows[i])) + Float.MIN_VALUE;
        if (!(Math.abs(rowsP[i] - exact) <= bound)) {
          fail(c.where + ": row " + f + " lane " + j + " " + rowsP[i] + " exact " + exact);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void adaptiveStepIsBitIdenticalToScalar(int width) {
    for (int variant = 0; variant < 6; variant++) {
      // kinds rotate with the width: every kind meets every stride variant across the widths, and the
      // interpreted Vector API (before the JIT kicks in) keeps few cases affordable
      Kind kind = SPARSE_KINDS[(width + variant) % SPARSE_KINDS.length];
      SparseCase c = new SparseCase("adaptiveStep", width, variant, kind);
      SplittableRandom r = new SplittableRandom(c.seed ^ 0x5A17);
      float eta = (float) r.nextDouble(0.01, 2);
      float delta = (float) r.nextDouble(1e-3, 1);
      if (variant % 2 == 1) {
        // zero step coefficients: a whole 16-lane block and scattered lanes are skipped, never stored
        for (int j = 0; j < width; j++) {
          c.coeff[j] = j < 16 || j % 3 == 0 ? 0f : c.coeff[j];
        }
      }
      float[] acc0 = new float[c.rows.length];
      for (int i = 0; i < acc0.length; i++) {
        acc0[i] = i % Math.max(1, c.stride) >= width ? Float.NaN : (float) r.nextDouble(0, 3);
      }
      float[] rowsS = c.rows.clone();
      float[] rowsP = c.rows.clone();
      float[] accS = acc0.clone();
      float[] accP = acc0.clone();
      SCALAR.adaptiveStep(c.idx, c.val, c.off, c.nnz, c.coeff, eta, delta, rowsS, accS, 0, c.stride, width);
      panama.adaptiveStep(c.idx, c.val, c.off, c.nnz, c.coeff, eta, delta, rowsP, accP, 0, c.stride, width);
      assertArrayEquals(rowsS, rowsP, c.where + " (rows)");
      assertArrayEquals(accS, accP, c.where + " (acc)");
      for (int i = 0; i < rowsP.length; i++) {
        int f = i / Math.max(1, c.stride);
        int j = i - f * c.stride;
        if (c.entryOf[f] < 0 || j >= width) {
          if (Float.floatToIntBits(c.rows[i]) != Float.floatToIntBits(rowsP[i])) {
            fail(c.where + ": untouched weight " + i + " changed");
          }
          if (Float.floatToIntBits(acc0[i]) != Float.floatToIntBits(accP[i])) {
            fail(c.where + ": untouched acc " + i + " changed");
          }
          continue;
        }
        double g = (double) c.val[c.entryOf[f]] * c.coeff[j];
        double acc = acc0[i] + g * g;
        double step = eta * g / (delta + Math.sqrt(acc));
        double exactW = c.rows[i] - step;
        if (!(Math.abs(accP[i] - acc) <= 3 * U * acc + Float.MIN_VALUE)) {
          fail(c.where + ": acc " + i + " " + accP[i] + " exact " + acc);
        }
        if (!(Math.abs(rowsP[i] - exactW) <= 8 * U * (Math.abs(c.rows[i]) + Math.abs(step)) + Float.MIN_VALUE)) {
          fail(c.where + ": weight " + i + " " + rowsP[i] + " exact " + exactW);
        }
      }
    }
  }
}
