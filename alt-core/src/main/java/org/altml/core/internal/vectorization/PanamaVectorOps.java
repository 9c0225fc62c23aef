package org.altml.core.internal.vectorization;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * Kernels on the JDK Vector API (Panama), after Lucene's {@code PanamaVectorUtilSupport}. The only class
 * that imports {@code jdk.incubator.vector}; {@link VectorizationProvider} loads it by name, so the rest of
 * alt-core runs without the module.
 *
 * <p>The species is {@code static final}, derived once from {@link FloatVector#SPECIES_PREFERRED} (the
 * JIT then treats it as a constant). The test-only system property {@code alt.tests.vectorBits=128|256|512}
 * overrides its width: correct everywhere, slow when wider than the hardware.
 *
 * <p>The label-dimension kernels ({@link #sparseTimesRows}, {@link #addSparseOuter}, {@link #adaptiveStep},
 * {@link #axpy}, {@link #scale}) give results bit-identical to {@link ScalarVectorOps}: lanes are
 * independent, so each output element sees the same operations in the same order. Stateless and
 * thread-safe.
 */
final class PanamaVectorOps implements VectorOps {
  /** Name of the test-only property that overrides the vector width in bits. */
  static final String VECTOR_BITS_PROPERTY = "alt.tests.vectorBits";

  private static final VectorSpecies<Float> SPECIES = species();
  private static final int LANES = SPECIES.length();

  /** Double species of the same bit width as {@link #SPECIES}, for double-precision weight rows. */
  private static final VectorSpecies<Double> DSPECIES = VectorSpecies.of(double.class, SPECIES.vectorShape());
  private static final int DLANES = DSPECIES.length();

  /** Most vector accumulators {@link #sparseTimesRows} keeps in registers across the non-zeros. */
  private static final int MAX_BLOCKS = 8;

  /** Created reflectively by {@link VectorizationProvider}. */
  PanamaVectorOps() {}

  private static VectorSpecies<Float> species() {
    String bits = System.getProperty(VECTOR_BITS_PROPERTY);
    if (bits == null || bits.isBlank()) {
      return FloatVector.SPECIES_PREFERRED;
    }
    return switch (bits.trim()) {
      case "128" -> FloatVector.SPECIES_128;
      case "256" -> FloatVector.SPECIES_256;
      case "512" -> FloatVector.SPECIES_512;
      default -> throw new IllegalArgumentException(
          "-D" + VECTOR_BITS_PROPERTY + " must be 128, 256 or 512, not '" + bits + "'");
    };
  }

  /** Bits of the hardware's preferred float vector, whatever the test override says. */
  static int preferredBitSize() {
    return VectorShape.preferredShape().vectorBitSize();
  }

  @Override
  public String name() {
    return "panama (" + SPECIES.vectorBitSize() + " bits)";
  }

  @Override
  public int bitWidth() {
    return SPECIES.vectorBitSize();
  }

  @Override
  public int lanes() {
    return LANES;
  }

  @Override
  public float dot(float[] a, int aOff, float[] b, int bOff, int n) {
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

  @Override
  public float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n) {
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

  @Override
  public void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    int i = 0;
    // element-wise and store-bound: no unrolling needed, the JIT overlaps iterations itself
    if (n >= LANES) {
      FloatVector a = FloatVector.broadcast(SPECIES, alpha);
      int limit = SPECIES.loopBound(n);
      for (; i < limit; i += LANES) {
        a.fma(FloatVector.fromArray(SPECIES, x, xOff + i), FloatVector.fromArray(SPECIES, y, yOff + i))
            .intoArray(y, yOff + i);
      }
    }
    // scalar tail (same fma per element as the vector body)
    for (; i < n; i++) {
      y[yOff + i] = Math.fma(alpha, x[xOff + i], y[yOff + i]);
    }
  }

  @Override
  public void scale(float alpha, float[] x, int off, int n) {
    int i = 0;
    if (n >= LANES) {
      int limit = SPECIES.loopBound(n);
      for (; i < limit; i += LANES) {
        FloatVector.fromArray(SPECIES, x, off + i).mul(alpha).intoArray(x, off + i);
      }
    }
    // scalar tail
    for (; i < n; i++) {
      x[off + i] *= alpha;
    }
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int stride, float[] out, int width) {
    int end = off + nnz;
    // whole-vector loads may run into a row's padding (past width, within stride): those lanes are
    // computed but never stored, so a padded row needs no masked loads
    int roundedUp = roundUpToLanes(width);
    int vectorWidth = roundedUp <= stride ? roundedUp : SPECIES.loopBound(width);
    int blocks = vectorWidth / LANES;
    // up to MAX_BLOCKS accumulators stay in registers across all non-zeros; wider rows go in groups,
    // each group one pass over the non-zeros (same per-lane order as the scalar loop)
    for (int b = 0; b < blocks; b += MAX_BLOCKS) {
      int j = b * LANES;
      switch (Math.min(MAX_BLOCKS, blocks - b)) {
        case 1 -> rowBlocks1(idx, val, off, end, rows, stride, j, out, width);
        case 2 -> rowBlocks2(idx, val, off, end, rows, stride, j, out, width);
        case 3 -> rowBlocks3(idx, val, off, end, rows, stride, j, out, width);
        case 4 -> rowBlocks4(idx, val, off, end, rows, stride, j, out, width);
        case 5 -> rowBlocks5(idx, val, off, end, rows, stride, j, out, width);
        case 6 -> rowBlocks6(idx, val, off, end, rows, stride, j, out, width);
        case 7 -> rowBlocks7(idx, val, off, end, rows, stride, j, out, width);
        default -> rowBlocks8(idx, val, off, end, rows, stride, j, out, width);
      }
    }
    // unpadded row (stride not a lane multiple): the last partial block goes through masked loads
    if (vectorWidth < width) {
      rowBlockMasked(idx, val, off, end, rows, stride, vectorWidth, out, width);
    }
  }

  private static int roundUpToLanes(int n) {
    return (n + LANES - 1) / LANES * LANES;
  }

  /** Stores the lanes of {@code acc} that fall below {@code width} at out[j..]. */
  private static void store(FloatVector acc, float[] out, int j, int width) {
    if (j + LANES <= width) {
      acc.intoArray(out, j);
    } else {
      // the block straddles width: lanes past it are padding and out may end at width
      acc.intoArray(out, j, SPECIES.indexInRange(j, width));
    }
  }

  private static void rowBlockMasked(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    VectorMask<Float> m = SPECIES.indexInRange(j, width);
    FloatVector a0 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, idx[k] * stride + j, m), a0);
    }
    a0.intoArray(out, j, m);
  }

  private static void rowBlocks1(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
    }
    store(a0, out, j, width);
  }

  private static void rowBlocks2(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
  }

  private static void rowBlocks3(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
  }

  private static void rowBlocks4(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
  }

  private static void rowBlocks5(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
  }

  private static void rowBlocks6(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
    store(a5, out, j + 5 * LANES, width);
  }

  private static void rowBlocks7(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    FloatVector a6 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
      a6 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 6 * LANES), a6);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
    store(a5, out, j + 5 * LANES, width);
    store(a6, out, j + 6 * LANES, width);
  }

  private static void rowBlocks8(
      int[] idx, float[] val, int off, int end, float[] rows, int stride, int j, float[] out, int width) {
    FloatVector a0 = FloatVector.zero(SPECIES);
    FloatVector a1 = FloatVector.zero(SPECIES);
    FloatVector a2 = FloatVector.zero(SPECIES);
    FloatVector a3 = FloatVector.zero(SPECIES);
    FloatVector a4 = FloatVector.zero(SPECIES);
    FloatVector a5 = FloatVector.zero(SPECIES);
    FloatVector a6 = FloatVector.zero(SPECIES);
    FloatVector a7 = FloatVector.zero(SPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      a0 = v.fma(FloatVector.fromArray(SPECIES, rows, base), a0);
      a1 = v.fma(FloatVector.fromArray(SPECIES, rows, base + LANES), a1);
      a2 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 2 * LANES), a2);
      a3 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 3 * LANES), a3);
      a4 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 4 * LANES), a4);
      a5 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 5 * LANES), a5);
      a6 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 6 * LANES), a6);
      a7 = v.fma(FloatVector.fromArray(SPECIES, rows, base + 7 * LANES), a7);
    }
    store(a0, out, j, width);
    store(a1, out, j + LANES, width);
    store(a2, out, j + 2 * LANES, width);
    store(a3, out, j + 3 * LANES, width);
    store(a4, out, j + 4 * LANES, width);
    store(a5, out, j + 5 * LANES, width);
    store(a6, out, j + 6 * LANES, width);
    store(a7, out, j + 7 * LANES, width);
  }

  @Override
  public void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int stride, int width) {
    int full = SPECIES.loopBound(width);
    // up to MAX_BLOCKS whole coefficient blocks are loaded once and stay in registers across the non-zeros;
    // a partial last block (width not a lane multiple, e.g. L+1 = 102) follows in its own masked pass
    // when the row's padding can hold a whole-vector load, so pad lanes are read but never written
    if (full <= MAX_BLOCKS * LANES && (full == width || full + LANES <= stride)) {
      int end = off + nnz;
      if (full < width) {
        outerTailMasked(idx, val, off, end, alpha, coeff, rows, stride, full, width);
      }
      switch (full / LANES) {
        case 0 -> { }
        case 1 -> outerBlocks1(idx, val, off, end, alpha, coeff, rows, stride);
        case 2 -> outerBlocks2(idx, val, off, end, alpha, coeff, rows, stride);
        case 3 -> outerBlocks3(idx, val, off, end, alpha, coeff, rows, stride);
        case 4 -> outerBlocks4(idx, val, off, end, alpha, coeff, rows, stride);
        case 5 -> outerBlocks5(idx, val, off, end, alpha, coeff, rows, stride);
        case 6 -> outerBlocks6(idx, val, off, end, alpha, coeff, rows, stride);
        case 7 -> outerBlocks7(idx, val, off, end, alpha, coeff, rows, stride);
        default -> outerBlocks8(idx, val, off, end, alpha, coeff, rows, stride);
      }
      return;
    }
    // pad lanes past width must stay untouched, so a partial last block is masked on load and store
    VectorMask<Float> tailMask = SPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      // alpha·x_k rounded to float first, as the scalar specification does
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      int j = 0;
      for (; j < full; j += LANES) {
        a.fma(FloatVector.fromArray(SPECIES, coeff, j), FloatVector.fromArray(SPECIES, rows, base + j))
            .intoArray(rows, base + j);
      }
      if (j < width) {
        a.fma(FloatVector.fromArray(SPECIES, coeff, j, tailMask), FloatVector.fromArray(SPECIES, rows, base + j, tailMask))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }

  /** The partial block [j, width) of every touched row: masked store, so lanes past width stay untouched. */
  private static void outerTailMasked(
      int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride, int j, int width) {
    VectorMask<Float> m = SPECIES.indexInRange(j, width);
    FloatVector c = FloatVector.fromArray(SPECIES, coeff, j, m);
    for (int k = off; k < end; k++) {
      int at = idx[k] * stride + j;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      // whole-vector load within the padded row; only the lanes below width are stored
      a.fma(c, FloatVector.fromArray(SPECIES, rows, at)).intoArray(rows, at, m);
    }
  }

  private static void outerBlocks1(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
    }
  }

  private static void outerBlocks2(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
    }
  }

  private static void outerBlocks3(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
    }
  }

  private static void outerBlocks4(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
    }
  }

  private static void outerBlocks5(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
    }
  }

  private static void outerBlocks6(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, 5 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
    }
  }

  private static void outerBlocks7(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, 5 * LANES);
    FloatVector c6 = FloatVector.fromArray(SPECIES, coeff, 6 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      a.fma(c6, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES);
    }
  }

  private static void outerBlocks8(int[] idx, float[] val, int off, int end, float alpha, float[] coeff, float[] rows, int stride) {
    FloatVector c0 = FloatVector.fromArray(SPECIES, coeff, 0);
    FloatVector c1 = FloatVector.fromArray(SPECIES, coeff, LANES);
    FloatVector c2 = FloatVector.fromArray(SPECIES, coeff, 2 * LANES);
    FloatVector c3 = FloatVector.fromArray(SPECIES, coeff, 3 * LANES);
    FloatVector c4 = FloatVector.fromArray(SPECIES, coeff, 4 * LANES);
    FloatVector c5 = FloatVector.fromArray(SPECIES, coeff, 5 * LANES);
    FloatVector c6 = FloatVector.fromArray(SPECIES, coeff, 6 * LANES);
    FloatVector c7 = FloatVector.fromArray(SPECIES, coeff, 7 * LANES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride;
      FloatVector a = FloatVector.broadcast(SPECIES, alpha * val[k]);
      a.fma(c0, FloatVector.fromArray(SPECIES, rows, base)).intoArray(rows, base);
      a.fma(c1, FloatVector.fromArray(SPECIES, rows, base + LANES)).intoArray(rows, base + LANES);
      a.fma(c2, FloatVector.fromArray(SPECIES, rows, base + 2 * LANES)).intoArray(rows, base + 2 * LANES);
      a.fma(c3, FloatVector.fromArray(SPECIES, rows, base + 3 * LANES)).intoArray(rows, base + 3 * LANES);
      a.fma(c4, FloatVector.fromArray(SPECIES, rows, base + 4 * LANES)).intoArray(rows, base + 4 * LANES);
      a.fma(c5, FloatVector.fromArray(SPECIES, rows, base + 5 * LANES)).intoArray(rows, base + 5 * LANES);
      a.fma(c6, FloatVector.fromArray(SPECIES, rows, base + 6 * LANES)).intoArray(rows, base + 6 * LANES);
      a.fma(c7, FloatVector.fromArray(SPECIES, rows, base + 7 * LANES)).intoArray(rows, base + 7 * LANES);
    }
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int stride, int width) {
    int full = SPECIES.loopBound(width);
    VectorMask<Float> tailMask = SPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      FloatVector v = FloatVector.broadcast(SPECIES, val[k]);
      int j = 0;
      for (; j < full; j += LANES) {
        adaptiveBlock(v, FloatVector.fromArray(SPECIES, grad, j), eta, delta, rows, acc, base + j);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        FloatVector g = v.mul(FloatVector.fromArray(SPECIES, grad, j, tailMask));
        FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, base + j, tailMask));
        a.intoArray(acc, base + j, tailMask);
        FloatVector.fromArray(SPECIES, rows, base + j, tailMask)
            .sub(g.mul(eta).div(a.sqrt().add(delta)))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }

  /** One block of the AdaGrad step, in the scalar order: g = x_k·grad; acc = fma(g, g, acc); w −= (η·g)/(δ + √acc). */
  private static void adaptiveBlock(FloatVector v, FloatVector grad, float eta, float delta, float[] rows, float[] acc, int at) {
    FloatVector g = v.mul(grad);
    FloatVector a = g.fma(g, FloatVector.fromArray(SPECIES, acc, at));
    a.intoArray(acc, at);
    FloatVector.fromArray(SPECIES, rows, at).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, at);
  }

  // ---- double-precision weight rows (Precision.DOUBLE): same structure as the float kernels above, but
  // multiply then add (two roundings, not fused), exactly as ScalarVectorOps specifies ----

  @Override
  public void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
    int i = 0;
    if (n >= DLANES) {
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha);
      int limit = DSPECIES.loopBound(n);
      for (; i < limit; i += DLANES) {
        DoubleVector.fromArray(DSPECIES, y, yOff + i).add(a.mul(DoubleVector.fromArray(DSPECIES, x, xOff + i)))
            .intoArray(y, yOff + i);
      }
    }
    // scalar tail (same multiply, then add, as the vector body)
    for (; i < n; i++) {
      y[yOff + i] += alpha * x[xOff + i];
    }
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int stride, double[] out, int width) {
    int end = off + nnz;
    // whole-vector loads may run into a row's padding (past width, within stride): computed, never stored
    int roundedUp = (width + DLANES - 1) / DLANES * DLANES;
    int vectorWidth = roundedUp <= stride ? roundedUp : DSPECIES.loopBound(width);
    int blocks = vectorWidth / DLANES;
    // groups of 8, 4, 2, 1 accumulators stay in registers across all non-zeros, one pass per group
    // (each lane still sums in k order, as the scalar loop)
    int b = 0;
    for (; blocks - b >= 8; b += 8) {
      rowBlocksDouble8(idx, val, off, end, rows, stride, b * DLANES, out, width);
    }
    if (blocks - b >= 4) {
      rowBlocksDouble4(idx, val, off, end, rows, stride, b * DLANES, out, width);
      b += 4;
    }
    if (blocks - b >= 2) {
      rowBlocksDouble2(idx, val, off, end, rows, stride, b * DLANES, out, width);
      b += 2;
    }
    if (blocks - b >= 1) {
      rowBlocksDouble1(idx, val, off, end, rows, stride, b * DLANES, out, width);
    }
    // unpadded row (stride not a lane multiple): the last partial block goes through masked loads
    if (vectorWidth < width) {
      VectorMask<Double> m = DSPECIES.indexInRange(vectorWidth, width);
      DoubleVector a0 = DoubleVector.zero(DSPECIES);
      for (int k = off; k < end; k++) {
        DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
        a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, idx[k] * stride + vectorWidth, m)));
      }
      a0.intoArray(out, vectorWidth, m);
    }
  }

  /** Stores the lanes of {@code acc} that fall below {@code width} at out[j..]. */
  private static void store(DoubleVector acc, double[] out, int j, int width) {
    if (j + DLANES <= width) {
      acc.intoArray(out, j);
    } else {
      // the block straddles width: lanes past it are padding and out may end at width
      acc.intoArray(out, j, DSPECIES.indexInRange(j, width));
    }
  }

  private static void rowBlocksDouble1(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
    }
    store(a0, out, j, width);
  }

  private static void rowBlocksDouble2(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
    }
    store(a0, out, j, width);
    store(a1, out, j + DLANES, width);
  }

  private static void rowBlocksDouble4(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
    }
    store(a0, out, j, width);
    store(a1, out, j + DLANES, width);
    store(a2, out, j + 2 * DLANES, width);
    store(a3, out, j + 3 * DLANES, width);
  }

  private static void rowBlocksDouble8(
      int[] idx, float[] val, int off, int end, double[] rows, int stride, int j, double[] out, int width) {
    DoubleVector a0 = DoubleVector.zero(DSPECIES);
    DoubleVector a1 = DoubleVector.zero(DSPECIES);
    DoubleVector a2 = DoubleVector.zero(DSPECIES);
    DoubleVector a3 = DoubleVector.zero(DSPECIES);
    DoubleVector a4 = DoubleVector.zero(DSPECIES);
    DoubleVector a5 = DoubleVector.zero(DSPECIES);
    DoubleVector a6 = DoubleVector.zero(DSPECIES);
    DoubleVector a7 = DoubleVector.zero(DSPECIES);
    for (int k = off; k < end; k++) {
      int base = idx[k] * stride + j;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      a0 = a0.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base)));
      a1 = a1.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + DLANES)));
      a2 = a2.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 2 * DLANES)));
      a3 = a3.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 3 * DLANES)));
      a4 = a4.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 4 * DLANES)));
      a5 = a5.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 5 * DLANES)));
      a6 = a6.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 6 * DLANES)));
      a7 = a7.add(v.mul(DoubleVector.fromArray(DSPECIES, rows, base + 7 * DLANES)));
    }
    store(a0, out, j, width);
    store(a1, out, j + DLANES, width);
    store(a2, out, j + 2 * DLANES, width);
    store(a3, out, j + 3 * DLANES, width);
    store(a4, out, j + 4 * DLANES, width);
    store(a5, out, j + 5 * DLANES, width);
    store(a6, out, j + 6 * DLANES, width);
    store(a7, out, j + 7 * DLANES, width);
  }

  @Override
  public void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int stride, int width) {
    int full = DSPECIES.loopBound(width);
    // pad lanes past width must stay untouched, so a partial last block is masked on load and store
    VectorMask<Double> tailMask = DSPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      // alpha·x_k rounded to double first, as the scalar specification does
      DoubleVector a = DoubleVector.broadcast(DSPECIES, alpha * val[k]);
      int j = 0;
      for (; j < full; j += DLANES) {
        DoubleVector.fromArray(DSPECIES, rows, base + j).add(a.mul(DoubleVector.fromArray(DSPECIES, coeff, j)))
            .intoArray(rows, base + j);
      }
      if (j < width) {
        DoubleVector.fromArray(DSPECIES, rows, base + j, tailMask).add(a.mul(DoubleVector.fromArray(DSPECIES, coeff, j, tailMask)))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int stride, int width) {
    int full = DSPECIES.loopBound(width);
    VectorMask<Double> tailMask = DSPECIES.indexInRange(full, width);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      DoubleVector v = DoubleVector.broadcast(DSPECIES, (double) val[k]);
      int j = 0;
      // in the scalar order: g = x_k·grad; acc = acc + g·g; w −= (η·g)/(δ + √acc)
      for (; j < full; j += DLANES) {
        DoubleVector g = v.mul(DoubleVector.fromArray(DSPECIES, grad, j));
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, base + j).add(g.mul(g));
        a.intoArray(acc, base + j);
        DoubleVector.fromArray(DSPECIES, rows, base + j).sub(g.mul(eta).div(a.sqrt().add(delta))).intoArray(rows, base + j);
      }
      // pad lanes past width stay untouched: masked partial block
      if (j < width) {
        DoubleVector g = v.mul(DoubleVector.fromArray(DSPECIES, grad, j, tailMask));
        DoubleVector a = DoubleVector.fromArray(DSPECIES, acc, base + j, tailMask).add(g.mul(g));
        a.intoArray(acc, base + j, tailMask);
        DoubleVector.fromArray(DSPECIES, rows, base + j, tailMask)
            .sub(g.mul(eta).div(a.sqrt().add(delta)))
            .intoArray(rows, base + j, tailMask);
      }
    }
  }
}
