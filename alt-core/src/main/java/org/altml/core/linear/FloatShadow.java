package org.altml.core.linear;

import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.sparse.SparseVector;

/**
 * The weights W of a double {@link WeightMatrix} rounded to float ({@link WeightMatrix#floatShadow}), laid out as
 * float storage lays its rows out (on 64-byte lines, {@link Scores#PAD}-lane strides, so a score pass takes whole
 * vectors and no separate pass for the lanes past the last whole vector), with each row's largest |w|: float scores of an example come from 4-byte rows (half the memory
 * traffic of the double ones, and they fit a cache the double rows may not), and {@link #errorBound} bounds
 * how far each lies from the double score of every lane, so a comparison of two scores farther apart than
 * twice the bound is decided without the double rows. {@link #exactScore} gives one lane's double score, the
 * bits {@link WeightMatrix#scores} computes.
 */
public final class FloatShadow {
  private final WeightMatrix weights;
  private final float[] shadowRows;
  private final float[] shadowBias;
  private final int shadowBase = WeightMatrix.rowOffset(Precision.FLOAT);
  private final int shadowStride;
  private final double[] rowMax;
  private final double biasMax;

  FloatShadow(WeightMatrix weights) {
    this.weights = weights;
    int width = weights.width();
    int base = weights.rowOffset();
    int stride = weights.stride();
    double[] w = weights.rowsDouble();
    shadowStride = Scores.paddedLength(width);
    int capacity = Math.max((w.length - base) / stride, 0);
    shadowRows = new float[shadowBase + capacity * shadowStride];
    rowMax = new double[capacity];
    for (int r = 0; r < capacity; r++) {
      rowMax[r] = narrowRow(w, base + r * stride, shadowRows, shadowBase + r * shadowStride);
    }
    shadowBias = new float[shadowStride];
    double bmax = narrowRow(weights.biasRowDouble(), 0, shadowBias, 0);
    biasMax = weights.hasBias() ? bmax : 0;
  }

  /** One row rounded to float: dst[to + j] = (float) src[at + j] for j < width; returns the row's largest |w|. */
  private double narrowRow(double[] src, int at, float[] dst, int to) {
    int width = weights.width();
    double max = 0;
    for (int j = 0; j < width; j++) {
      double v = src[at + j];
      dst[to + j] = (float) v;
      max = Math.max(max, Math.abs(v));
    }
    return max;
  }

  /**
   * Float scores of {@code x} from the copy into {@code out[0, Scores.paddedLength(width()))} (the lanes past
   * L+1 are 0): {@code out} is a {@link Scores#array()}.
   */
  public void scores(SparseVector x, float[] out) {
    // the double rows' capacity is the copy's: rowsWithin keeps the features that have a row
    weights.floatScores(weights.rowsWithin(x, weights.rowsDouble().length), shadowRows, shadowBase, shadowStride, shadowStride,
        shadowBias, out);
  }

  /**
   * A bound on |float score − double score| of every lane of {@code x}: with n terms, each float sum of
   * n products (x_k exact, w rounded to float: relative 2^-24 each) is within (n + 2)·2^-24·R of the exact
   * sum, and the double sum within (n + 1)·2^-53·R, R = Σ|x_k|·max_j|w_kj| (+ the bias row's largest |b|);
   * this returns twice that, (n + 4)·2^-23·R.
   */
  public double errorBound(SparseVector x) {
    SparseVector within = weights.rowsWithin(x, weights.rowsDouble().length);
    int[] idx = within.indices();
    float[] val = within.values();
    double r = biasMax;
    for (int k = within.offset(), end = k + within.nnz(); k < end; k++) {
      r += Math.abs((double) val[k]) * rowMax[idx[k]];
    }
    return (within.nnz() + 4) * 0x1p-23 * r;
  }

  /** Lane {@code lane} of {@link WeightMatrix#scores}: the same operations in the same order, so the same bits. */
  public double exactScore(SparseVector x, int lane) {
    double[] rowsDouble = weights.rowsDouble();
    SparseVector within = weights.rowsWithin(x, rowsDouble.length);
    int[] idx = within.indices();
    float[] val = within.values();
    int base = weights.rowOffset();
    int stride = weights.stride();
    double acc = 0.0;
    for (int k = within.offset(), end = k + within.nnz(); k < end; k++) {
      double v = val[k];
      acc += v * rowsDouble[base + idx[k] * stride + lane];
    }
    if (weights.hasBias()) {
      acc += 1.0 * weights.biasRowDouble()[lane];
    }
    return acc;
  }
}
