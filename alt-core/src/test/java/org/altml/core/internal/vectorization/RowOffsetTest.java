package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sparse row kernels' {@code rowsOff}: with the rows stored from an offset (the weight matrix starts
 * them on a 64-byte line), every kernel of every implementation gives the bits it gives on the same rows
 * stored from 0, and never touches the elements before the offset.
 */
class RowOffsetTest {
  private static final int WIDTH = 102;
  private static final int STRIDE = 112;
  private static final int ROWS = 9;

  private static List<VectorOps> implementations() {
    List<VectorOps> all = new ArrayList<>(List.of(ScalarVectorOps.INSTANCE));
    VectorOps panama = VectorizationProvider.panamaOrNull();
    if (panama != null) {
      all.add(panama);
    }
    return all;
  }

  private static float[] shiftedFloats(float[] rows, int off) {
    float[] s = new float[off + rows.length];
    Arrays.fill(s, 0, off, Float.NaN); // must never be read or written
    System.arraycopy(rows, 0, s, off, rows.length);
    return s;
  }

  private static double[] shiftedDoubles(double[] rows, int off) {
    double[] s = new double[off + rows.length];
    Arrays.fill(s, 0, off, Double.NaN);
    System.arraycopy(rows, 0, s, off, rows.length);
    return s;
  }

  @Test
  void everyRowKernelReadsAndWritesFromTheOffset() {
    SplittableRandom r = new SplittableRandom(12);
    int[] idx = {7, 1, 4, 8};
    float[] val = new float[idx.length];
    for (int k = 0; k < val.length; k++) {
      val[k] = (float) r.nextDouble(-1, 1);
    }
    float[] rows = new float[ROWS * STRIDE];
    double[] rowsD = new double[ROWS * STRIDE];
    float[] coeff = new float[STRIDE];
    double[] coeffD = new double[STRIDE];
    for (int f = 0; f < ROWS; f++) {
      for (int j = 0; j < WIDTH; j++) {
        rows[f * STRIDE + j] = (float) r.nextDouble(-1, 1);
        rowsD[f * STRIDE + j] = r.nextDouble(-1, 1);
      }
    }
    for (int j = 0; j < WIDTH; j++) {
      coeff[j] = j % 5 == 0 ? 0f : (float) r.nextDouble(-1, 1);
      coeffD[j] = coeff[j];
    }
    float[] acc = new float[rows.length];
    double[] accD = new double[rows.length];
    Arrays.fill(acc, 0.5f);
    Arrays.fill(accD, 0.5);
    for (VectorOps ops : implementations()) {
      for (int off : new int[] {5, 12}) {
        float[] out0 = new float[STRIDE];
        float[] out1 = new float[STRIDE];
        ops.sparseTimesRows(idx, val, 0, idx.length, rows, 0, STRIDE, out0, WIDTH);
        ops.sparseTimesRows(idx, val, 0, idx.length, shiftedFloats(rows, off), off, STRIDE, out1, WIDTH);
        assertArrayEquals(out0, out1, ops + " float scores, offset " + off);

        double[] outD0 = new double[STRIDE];
        double[] outD1 = new double[STRIDE];
        ops.sparseTimesRows(idx, val, 0, idx.length, rowsD, 0, STRIDE, outD0, WIDTH);
        ops.sparseTimesRows(idx, val, 0, idx.length, shiftedDoubles(rowsD, off), off, STRIDE, outD1, WIDTH);
        assertArrayEquals(outD0, outD1, ops + " double scores, offset " + off);

        double[] outW0 = new double[STRIDE];
        double[] outW1 = new double[STRIDE];
        ops.sparseTimesRows(idx, val, 0, idx.length, rows, 0, STRIDE, outW0, WIDTH);
        ops.sparseTimesRows(idx, val, 0, idx.length, shiftedFloats(rows, off), off, STRIDE, outW1, WIDTH);
        assertArrayEquals(outW0, outW1, ops + " float rows to double scores, offset " + off);

        float[] plain = rows.clone();
        float[] shifted = shiftedFloats(rows, off);
        ops.addSparseOuter(idx, val, 0, idx.length, -0.7f, coeff, plain, 0, STRIDE, WIDTH);
        ops.addSparseOuter(idx, val, 0, idx.length, -0.7f, coeff, shifted, off, STRIDE, WIDTH);
        assertArrayEquals(shiftedFloats(plain, off), shifted, ops + " float outer step, offset " + off);

        double[] plainD = rowsD.clone();
        double[] shiftedD = shiftedDoubles(rowsD, off);
        ops.addSparseOuter(idx, val, 0, idx.length, -0.7, coeffD, plainD, 0, STRIDE, WIDTH);
        ops.addSparseOuter(idx, val, 0, idx.length, -0.7, coeffD, shiftedD, off, STRIDE, WIDTH);
        assertArrayEquals(shiftedDoubles(plainD, off), shiftedD, ops + " double outer step, offset " + off);

        float[] w0 = rows.clone();
        float[] a0 = acc.clone();
        float[] w1 = shiftedFloats(rows, off);
        float[] a1 = shiftedFloats(acc, off);
        ops.adaptiveStep(idx, val, 0, idx.length, coeff, 0.3f, 0.1f, w0, a0, 0, STRIDE, WIDTH);
        ops.adaptiveStep(idx, val, 0, idx.length, coeff, 0.3f, 0.1f, w1, a1, off, STRIDE, WIDTH);
        assertArrayEquals(shiftedFloats(w0, off), w1, ops + " float adaptive step (weights), offset " + off);
        assertArrayEquals(shiftedFloats(a0, off), a1, ops + " float adaptive step (accumulators), offset " + off);

        double[] wd0 = rowsD.clone();
        double[] ad0 = accD.clone();
        double[] wd1 = shiftedDoubles(rowsD, off);
        double[] ad1 = shiftedDoubles(accD, off);
        ops.adaptiveStep(idx, val, 0, idx.length, coeffD, 0.3, 0.1, wd0, ad0, 0, STRIDE, WIDTH);
        ops.adaptiveStep(idx, val, 0, idx.length, coeffD, 0.3, 0.1, wd1, ad1, off, STRIDE, WIDTH);
        assertArrayEquals(shiftedDoubles(wd0, off), wd1, ops + " double adaptive step (weights), offset " + off);
        assertArrayEquals(shiftedDoubles(ad0, off), ad1, ops + " double adaptive step (accumulators), offset " + off);
      }
    }
  }
}
