package org.altml.kernel.store;

import java.util.Arrays;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;

/**
 * The coefficient rows α_k of a {@link SupportVectorStore}: {@code width} values per slot back to back in the
 * learner's precision, padded to {@code stride} like linear weight rows, with each row's ||α_k||² kept up to date;
 * and what is computed from them: coefficient dot products (for budget maintenance) and the combinations s =
 * Σ_k K_k·α_k that turn a row of kernel values into scores. Callers check slot ranges; the methods here do not.
 */
final class CoefficientRows {
  int width;
  int stride;
  final boolean isDouble;
  double[] coefDouble;
  float[] coefFloat;
  /** ||α_k||² per slot, summed as {@link #dot} sums it, kept up to date with the coefficients. */
  double[] norms = new double[0];
  /** Scratch of {@link #laneDots}: α_slot widened to double. */
  private double[] laneRow = new double[0];
  private final double[] oneDot = new double[1];

  CoefficientRows(int width, boolean isDouble) {
    this.width = width;
    this.isDouble = isDouble;
    this.stride = rowStride(width, isDouble);
    this.coefDouble = isDouble ? new double[0] : null;
    this.coefFloat = isDouble ? null : new float[0];
  }

  /**
   * {@code width} rounded up to a multiple of 64 bytes: 8 doubles, or {@link Scores#PAD} floats; one such unit for
   * width 0 (an open kernel PA before its first label).
   */
  static int rowStride(int width, boolean isDouble) {
    int lanes = isDouble ? 8 : Scores.PAD;
    if (width > Integer.MAX_VALUE - lanes) {
      throw new IllegalArgumentException("width " + width + " cannot be padded to a multiple of " + lanes + " in an int");
    }
    return Math.max(lanes, (width + lanes - 1) / lanes * lanes);
  }

  /**
   * The stride of rows grown to {@code newWidth} lanes (docs/spec.md#open-labels): this stride while it holds them,
   * else at least twice it, so that a stream bringing labels one at a time copies the rows once per doubling.
   */
  int grownStride(int newWidth) {
    if (newWidth <= stride) {
      return stride;
    }
    return (int) Math.min(Integer.MAX_VALUE - 64, Math.max(rowStride(newWidth, isDouble), 2L * stride));
  }

  /**
   * Widens the first {@code size} rows to {@code newWidth} lanes of {@code newStride} ({@link #grownStride}) in
   * {@code capacity} slots: the new lanes are zero (a new label's coefficients), and with {@code lastStays} the last lane
   * (FALT's threshold) moves to the new last lane. In place when the stride stays; the norms are unchanged (only zeros
   * are added).
   */
  void growWidth(int newWidth, boolean lastStays, int newStride, int size, int capacity) {
    int oldWidth = width;
    int oldStride = stride;
    boolean move = lastStays && oldWidth > 0 && newWidth > oldWidth;
    if (newStride != oldStride) {
      if (isDouble) {
        double[] grown = new double[capacity * newStride];
        for (int k = 0; k < size; k++) {
          System.arraycopy(coefDouble, k * oldStride, grown, k * newStride, oldWidth);
        }
        coefDouble = grown;
      } else {
        float[] grown = new float[capacity * newStride];
        for (int k = 0; k < size; k++) {
          System.arraycopy(coefFloat, k * oldStride, grown, k * newStride, oldWidth);
        }
        coefFloat = grown;
      }
    }
    if (move) {
      int from = oldWidth - 1;
      int to = newWidth - 1;
      for (int k = 0; k < size; k++) {
        int base = k * newStride;
        if (isDouble) {
          coefDouble[base + to] = coefDouble[base + from];
          coefDouble[base + from] = 0.0;
        } else {
          coefFloat[base + to] = coefFloat[base + from];
          coefFloat[base + from] = 0f;
        }
      }
    }
    width = newWidth;
    stride = newStride;
  }

  /** Grows to {@code capacity} rows of {@code coefValues} = capacity·stride values. */
  void grow(int capacity, int coefValues) {
    norms = Arrays.copyOf(norms, capacity);
    if (isDouble) {
      coefDouble = Arrays.copyOf(coefDouble, coefValues);
    } else {
      coefFloat = Arrays.copyOf(coefFloat, coefValues);
    }
  }

  /** α_{slot, lane}. */
  double get(int slot, int lane) {
    return isDouble ? coefDouble[slot * stride + lane] : coefFloat[slot * stride + lane];
  }

  /** Copies α_slot into {@code out[0..width)}. */
  void copyRow(int slot, double[] out) {
    int base = slot * stride;
    for (int j = 0; j < width; j++) {
      out[j] = isDouble ? coefDouble[base + j] : coefFloat[base + j];
    }
  }

  /** α_a·α_b in {@link VectorMath#rowDots}' order. */
  double laneDot(int a, int b) {
    laneDots(a, b, 1, oneDot);
    return oneDot[0];
  }

  /** α_slot against the rows [from, from + count) into out[0..count), in {@link VectorMath#rowDots}' order. */
  void laneDots(int slot, int from, int count, double[] out) {
    if (laneRow.length < width) {
      laneRow = new double[width];
    }
    laneDots(slot, from, count, out, laneRow);
  }

  /** {@link #laneDots(int, int, int, double[])} with the caller's scratch of at least width doubles. */
  void laneDots(int slot, int from, int count, double[] out, double[] laneRow) {
    int bm = slot * stride;
    if (isDouble) {
      System.arraycopy(coefDouble, bm, laneRow, 0, width);
      VectorMath.rowDots(laneRow, width, coefDouble, from * stride, stride, count, out);
    } else {
      for (int j = 0; j < width; j++) {
        laneRow[j] = coefFloat[bm + j]; // exact
      }
      VectorMath.rowDots(laneRow, width, coefFloat, from * stride, stride, count, out);
    }
  }

  /** α_a·α_b, summed in double in lane order. */
  double dot(int a, int b) {
    int ba = a * stride;
    int bb = b * stride;
    double s = 0;
    if (isDouble) {
      for (int j = 0; j < width; j++) {
        s += coefDouble[ba + j] * coefDouble[bb + j];
      }
    } else {
      for (int j = 0; j < width; j++) {
        s += (double) coefFloat[ba + j] * coefFloat[bb + j];
      }
    }
    return s;
  }

  /** Writes α (rounded to float with float storage) into {@code slot}'s row, and its squared norm. */
  void write(int slot, double[] alpha) {
    int base = slot * stride;
    double norm = 0;
    if (isDouble) {
      System.arraycopy(alpha, 0, coefDouble, base, width);
      for (int j = 0; j < width; j++) {
        norm += coefDouble[base + j] * coefDouble[base + j];
      }
    } else {
      for (int j = 0; j < width; j++) {
        coefFloat[base + j] = (float) alpha[j];
        norm += (double) coefFloat[base + j] * coefFloat[base + j];
      }
    }
    norms[slot] = norm;
  }

  /** Moves {@code from}'s row and norm into {@code to}. */
  void move(int from, int to) {
    norms[to] = norms[from];
    if (isDouble) {
      System.arraycopy(coefDouble, from * stride, coefDouble, to * stride, stride);
    } else {
      System.arraycopy(coefFloat, from * stride, coefFloat, to * stride, stride);
    }
  }

  /** Copies the rows of slots [from, from+count) (whole strides, in double) into {@code out}. */
  void copyRows(int from, int count, double[] out) {
    if (isDouble) {
      System.arraycopy(coefDouble, from * stride, out, 0, count * stride);
    } else {
      for (int i = 0; i < count * stride; i++) {
        out[i] = coefFloat[from * stride + i];
      }
    }
  }

  /** {@link SupportVectorStore#combine(KernelRow, int, double[])} in float mode. */
  void combineFloat(KernelRow row, int n, double[] out) {
    combineAddFloat(row, 0, n, out, 0, width, true);
  }

  /**
   * Float mode's one-row combination on SIMD lanes: the running sums (0, or out's floats) in float scratch, the
   * slots' products added {@link BlockScorer#CHUNK} slots at a time by the float {@link VectorMath#multiplyAdd}
   * (each chunk's coefficient rows stay in cache across its column panels), then written back to {@code lanes}
   * entries of out.
   */
  void combineAddFloat(KernelRow row, int slotFrom, int count, double[] out, int outOff, int lanes, boolean fresh) {
    float[] k = row.floats(slotFrom + count);
    float[] acc = row.floatScores(stride);
    double[] values = row.values;
    for (int q = slotFrom; q < slotFrom + count; q++) {
      k[q] = (float) values[q]; // a float mode kernel value is a float
    }
    for (int j = 0; j < stride; j++) {
      acc[j] = fresh ? 0f : (float) out[outOff + j]; // floats: the sums of earlier calls
    }
    for (int k0 = slotFrom; k0 < slotFrom + count; k0 += BlockScorer.CHUNK) {
      int nc = Math.min(BlockScorer.CHUNK, slotFrom + count - k0);
      VectorMath.multiplyAdd(k, k0, nc, 1, nc, coefFloat, k0 * stride, stride, stride, acc, 0, stride);
    }
    for (int j = 0; j < lanes; j++) {
      out[outOff + j] = acc[j];
    }
  }

  /** {@link SupportVectorStore#combine(double[], int, double[])} (n checked). */
  void combine(double[] kernelValues, int n, double[] out) {
    if (isDouble) {
      VectorMath.combineRows(kernelValues, 0, n, coefDouble, 0, stride, out, width);
    } else {
      Arrays.fill(out, 0, width, 0.0);
      combineAddFloat(kernelValues, 0, 1, 1, 0, n, out, 0, width, width);
    }
  }

  /** {@link SupportVectorStore#combineAdd(double[], int, int, int, int, int, double[], int, int)} (slots checked). */
  void combineAdd(double[] kernelValues, int kOff, int kStride, int rows, int slotFrom, int count, double[] out, int outOff,
      int outStride) {
    if (isDouble) {
      VectorMath.multiplyAdd(kernelValues, kOff, Math.max(kStride, count), rows, count, coefDouble, slotFrom * stride, stride, stride,
          out, outOff, outStride);
    } else {
      combineAddFloat(kernelValues, kOff, kStride, rows, slotFrom, count, out, outOff, outStride, stride);
    }
  }

  /**
   * Float mode's {@link #combineAdd} over the lanes [0, lanes): out[j] = (float) out[j] + (float) K·α_{k, j} for each
   * slot k in order, every operation in float (the specification {@link BlockScorer}'s float products match).
   */
  private void combineAddFloat(double[] kernelValues, int kOff, int kStride, int rows, int slotFrom, int count, double[] out,
      int outOff, int outStride, int lanes) {
    for (int i = 0; i < rows; i++) {
      int o = outOff + i * outStride;
      for (int k = 0; k < count; k++) {
        float kv = (float) kernelValues[kOff + i * kStride + k];
        int a = (slotFrom + k) * stride;
        for (int j = 0; j < lanes; j++) {
          out[o + j] = (float) out[o + j] + kv * coefFloat[a + j];
        }
      }
    }
  }

  /** {@link SupportVectorStore#combineAddFloat(float[], int, int, int, int, float[], int)} (slots checked). */
  void combineAddFloat(float[] kernelValues, int kStride, int rows, int slotFrom, int count, float[] out, int outStride) {
    VectorMath.multiplyAdd(kernelValues, 0, Math.max(kStride, count), rows, count, coefFloat, slotFrom * stride, stride, stride,
        out, 0, outStride);
  }

  /** Whether every coefficient of the first {@code size} rows is finite. */
  boolean allFinite(int size) {
    int n = size * stride;
    double probe = 0;
    if (isDouble) {
      for (int i = 0; i < n; i++) {
        probe += coefDouble[i] * 0.0;
      }
    } else {
      for (int i = 0; i < n; i++) {
        probe += coefFloat[i] * 0f;
      }
    }
    return probe == 0.0;
  }

  /** Approximate bytes of heap held (as the store always counted them: the rows and their norms). */
  long ramBytesUsed() {
    return 8L * norms.length + (isDouble ? 8L * coefDouble.length : 4L * coefFloat.length);
  }
}
