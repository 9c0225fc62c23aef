package org.altml.core.internal.vectorization;

/** Plain-loop kernels: the specification every SIMD implementation is tested against. */
public final class ScalarVectorOps implements VectorOps {
  /** The shared instance (stateless). */
  public static final ScalarVectorOps INSTANCE = new ScalarVectorOps();

  private ScalarVectorOps() {}

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  public int bitWidth() {
    return 0;
  }

  @Override
  public int lanes() {
    return 1;
  }

  @Override
  public float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    float s = 0f;
    for (int i = 0; i < n; i++) {
      s = Math.fma(a[aOff + i], b[bOff + i], s);
    }
    return s;
  }

  @Override
  public float squaredDistance(float[] a, int aOff, float[] b, int bOff, int n) {
    float s = 0f;
    for (int i = 0; i < n; i++) {
      float d = a[aOff + i] - b[bOff + i];
      s = Math.fma(d, d, s);
    }
    return s;
  }

  @Override
  public int indicesAbove(float[] a, int off, int n, float t, int[] out) {
    int c = 0;
    for (int i = 0; i < n; i++) {
      out[c] = i; // written always, kept when above: no branch that mispredicts on every other lane
      c += a[off + i] > t ? 1 : 0;
    }
    return c;
  }

  @Override
  public int markWithin(float[] a, int off, int n, float c, float band, boolean[] marks, int marksOff) {
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (Math.abs(a[off + i] - c) <= band) {
        marks[marksOff + i] = true;
        count++;
      }
    }
    return count;
  }

  @Override
  public int countAtLeast(float[] a, int off, int n, float threshold) {
    int count = 0;
    for (int i = 0; i < n; i++) {
      count += a[off + i] >= threshold ? 1 : 0;
    }
    return count;
  }

  @Override
  public void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.fma(alpha, x[xOff + i], y[yOff + i]);
    }
  }

  @Override
  public void scale(float alpha, float[] x, int off, int n) {
    for (int i = 0; i < n; i++) {
      x[off + i] *= alpha;
    }
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, float[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0f);
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      float v = val[k];
      for (int j = 0; j < width; j++) {
        out[j] = Math.fma(v, rows[base + j], out[j]);
      }
    }
  }

  @Override
  public void addSparseOuter(int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int rowsOff, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      float a = alpha * val[k];
      for (int j = 0; j < width; j++) {
        rows[base + j] = Math.fma(a, coeff[j], rows[base + j]);
      }
    }
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int rowsOff, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      float v = val[k];
      for (int j = 0; j < width; j++) {
        if (grad[j] == 0f) {
          continue; // g = ±0 changes nothing: skipped, not computed
        }
        float g = v * grad[j];
        float a = Math.fma(g, g, acc[base + j]);
        acc[base + j] = a;
        rows[base + j] -= (eta * g) / (delta + (float) Math.sqrt(a));
      }
    }
  }

  // Double rows (Precision.DOUBLE): plain multiply, then add (two roundings), as a straightforward float64
  // implementation of docs/spec.md (numpy, C without contraction) computes; an fma would round once and decide
  // exact margin ties (s − t = 1) differently from such an implementation in long runs with M > 1.

  @Override
  public void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] += alpha * x[xOff + i];
    }
  }

  @Override
  public double dot(double[] a, int aOff, double[] b, int bOff, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += a[aOff + i] * b[bOff + i];
    }
    return s;
  }

  @Override
  public double squaredDistance(double[] a, int aOff, double[] b, int bOff, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      double d = a[aOff + i] - b[bOff + i];
      s += d * d;
    }
    return s;
  }

  @Override
  public void scale(double alpha, double[] x, int off, int n) {
    for (int i = 0; i < n; i++) {
      x[off + i] *= alpha;
    }
  }

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int rowsOff, int stride, double[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0.0);
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      double v = val[k];
      for (int j = 0; j < width; j++) {
        out[j] += v * rows[base + j];
      }
    }
  }

  @Override
  public void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int rowsOff, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      double a = alpha * val[k];
      for (int j = 0; j < width; j++) {
        rows[base + j] += a * coeff[j];
      }
    }
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int rowsOff, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      double v = val[k];
      for (int j = 0; j < width; j++) {
        if (grad[j] == 0.0) {
          continue; // g = ±0 changes nothing: skipped, not computed
        }
        double g = v * grad[j];
        double a = acc[base + j] + g * g;
        acc[base + j] = a;
        rows[base + j] -= (eta * g) / (delta + Math.sqrt(a));
      }
    }
  }

  @Override
  public void combineRows(double[] coeff, int coeffOff, int n, double[] rows, int rowsOff, int stride, double[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0.0);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride;
      double c = coeff[coeffOff + k];
      for (int j = 0; j < width; j++) {
        out[j] += c * rows[base + j];
      }
    }
  }

  @Override
  public void combineRows(double[] coeff, int coeffOff, int n, float[] rows, int rowsOff, int stride, double[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0.0);
    for (int k = 0; k < n; k++) {
      int base = rowsOff + k * stride;
      double c = coeff[coeffOff + k];
      for (int j = 0; j < width; j++) {
        out[j] += c * (double) rows[base + j];
      }
    }
  }

  @Override
  public void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, double[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        double s = c[cOff + i * cStride + j];
        for (int p = 0; p < depth; p++) {
          s += a[aOff + i * aStride + p] * b[bOff + p * bStride + j];
        }
        c[cOff + i * cStride + j] = s;
      }
    }
  }

  @Override
  public void multiplyAdd(double[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      double[] c, int cOff, int cStride) {
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        double s = c[cOff + i * cStride + j];
        for (int p = 0; p < depth; p++) {
          s += a[aOff + i * aStride + p] * (double) b[bOff + p * bStride + j];
        }
        c[cOff + i * cStride + j] = s;
      }
    }
  }

  @Override
  public void multiplyAdd(float[] a, int aOff, int aStride, int rows, int depth, float[] b, int bOff, int bStride, int cols,
      float[] c, int cOff, int cStride) {
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        float s = c[cOff + i * cStride + j];
        for (int p = 0; p < depth; p++) {
          s += a[aOff + i * aStride + p] * b[bOff + p * bStride + j];
        }
        c[cOff + i * cStride + j] = s;
      }
    }
  }

  @Override
  public void gaussianFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff, double twoSigmaSquared) {
    for (int i = 0; i < n; i++) {
      d[off + i] = exp(-Math.max(0.0, normX + norms[normsOff + i] - 2.0 * d[off + i]) / twoSigmaSquared);
    }
  }

  @Override
  public void exp(double[] d, int off, int n) {
    for (int i = 0; i < n; i++) {
      d[off + i] = exp(d[off + i]);
    }
  }

  @Override
  public void mergeSearch(double a, double[] b, double[] c, double[] u, int off, int n, double[] h, double[] f, double[] work) {
    for (int i = off; i < off + n; i++) {
      mergeSearch(a, b[i], c[i], u[i], work, 0);
      h[i] = work[0];
      f[i] = work[1];
    }
  }

  @Override
  public void mergeSearchStart(double a, double[] b, double[] c, double[] u, int off, int n, int steps, double[] state, int stateOff,
      int stride, double[] work) {
    for (int i = 0; i < n; i++) {
      mergeSearchSteps(a, b[off + i], c[off + i], u[off + i], state, stateOff + i, stride, 0, steps);
    }
  }

  @Override
  public void mergeSearchResume(double a, double[] b, double[] c, double[] u, int off, int n, int fromStep, double[] state,
      int stateOff, int stride, double[] h, double[] f, double[] work) {
    for (int i = 0; i < n; i++) {
      mergeSearchSteps(a, b[off + i], c[off + i], u[off + i], state, stateOff + i, stride, fromStep, MERGE_STEPS);
      mergeSearchFinish(a, b[off + i], c[off + i], u[off + i], state, stateOff + i, stride, h, off + i, f, off + i);
    }
  }

  @Override
  public void rowDots(double[] x, int n, float[] rows, int off, int stride, int count, double[] out) {
    rowDots(x, n, rows, off, stride, 0, count, out);
  }

  /** {@link #rowDots(double[], int, float[], int, int, int, double[])} of the rows k in [from, to) only. */
  static void rowDots(double[] x, int n, float[] rows, int off, int stride, int from, int to, double[] out) {
    int n8 = n - n % 8;
    for (int k = from; k < to; k++) {
      int r = off + k * stride;
      double p0 = 0;
      double p1 = 0;
      double p2 = 0;
      double p3 = 0;
      double p4 = 0;
      double p5 = 0;
      double p6 = 0;
      double p7 = 0;
      for (int j = 0; j < n8; j += 8) {
        p0 += x[j] * (double) rows[r + j];
        p1 += x[j + 1] * (double) rows[r + j + 1];
        p2 += x[j + 2] * (double) rows[r + j + 2];
        p3 += x[j + 3] * (double) rows[r + j + 3];
        p4 += x[j + 4] * (double) rows[r + j + 4];
        p5 += x[j + 5] * (double) rows[r + j + 5];
        p6 += x[j + 6] * (double) rows[r + j + 6];
        p7 += x[j + 7] * (double) rows[r + j + 7];
      }
      out[k] = combineEight(p0, p1, p2, p3, p4, p5, p6, p7, x, rows, r, n8, n);
    }
  }

  @Override
  public void rowDots(double[] x, int n, double[] rows, int off, int stride, int count, double[] out) {
    rowDots(x, n, rows, off, stride, 0, count, out);
  }

  /** {@link #rowDots(double[], int, double[], int, int, int, double[])} of the rows k in [from, to) only. */
  static void rowDots(double[] x, int n, double[] rows, int off, int stride, int from, int to, double[] out) {
    int n8 = n - n % 8;
    for (int k = from; k < to; k++) {
      int r = off + k * stride;
      double p0 = 0;
      double p1 = 0;
      double p2 = 0;
      double p3 = 0;
      double p4 = 0;
      double p5 = 0;
      double p6 = 0;
      double p7 = 0;
      for (int j = 0; j < n8; j += 8) {
        p0 += x[j] * rows[r + j];
        p1 += x[j + 1] * rows[r + j + 1];
        p2 += x[j + 2] * rows[r + j + 2];
        p3 += x[j + 3] * rows[r + j + 3];
        p4 += x[j + 4] * rows[r + j + 4];
        p5 += x[j + 5] * rows[r + j + 5];
        p6 += x[j + 6] * rows[r + j + 6];
        p7 += x[j + 7] * rows[r + j + 7];
      }
      out[k] = combineEight(p0, p1, p2, p3, p4, p5, p6, p7, x, rows, r, n8, n);
    }
  }

  /** {@link #combineEight(double, double, double, double, double, double, double, double, double[], float[], int, int, int)} over a double row. */
  static double combineEight(double p0, double p1, double p2, double p3, double p4, double p5, double p6, double p7,
      double[] x, double[] rows, int r, int from, int n) {
    for (int j = from; j < n; j++) {
      double t = x[j] * rows[r + j];
      switch (j & 7) {
        case 0 -> p0 += t;
        case 1 -> p1 += t;
        case 2 -> p2 += t;
        case 3 -> p3 += t;
        case 4 -> p4 += t;
        case 5 -> p5 += t;
        case 6 -> p6 += t;
        default -> p7 += t;
      }
    }
    return ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7));
  }

  /**
   * The end of {@link VectorOps#rowDots}: the terms of j in [from, n) (fewer than 8) added to their residue's
   * sum, then ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7)).
   */
  static double combineEight(double p0, double p1, double p2, double p3, double p4, double p5, double p6, double p7,
      double[] x, float[] rows, int r, int from, int n) {
    for (int j = from; j < n; j++) {
      double t = x[j] * (double) rows[r + j];
      switch (j & 7) {
        case 0 -> p0 += t;
        case 1 -> p1 += t;
        case 2 -> p2 += t;
        case 3 -> p3 += t;
        case 4 -> p4 += t;
        case 5 -> p5 += t;
        case 6 -> p6 += t;
        default -> p7 += t;
      }
    }
    return ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7));
  }

  /** Golden-section steps of {@link #mergeSearch(double, double, double, double, double[], int)}: the bracket shrinks to 0.618^20 = 6.6e-5. */
  public static final int MERGE_STEPS = 20;
  /** 1/φ = (√5 − 1)/2. */
  static final double INV_PHI = (Math.sqrt(5.0) - 1.0) / 2.0;

  /**
   * The merge search for one partner (the specification of {@link VectorOps#mergeSearch}): with lo = 0, hi =
   * 1, x1 = hi − (hi − lo)/φ, x2 = lo + (hi − lo)/φ, {@link #MERGE_STEPS} times: if f(x1) > f(x2) the
   * bracket becomes [lo, x2] and x1 its new lower inner point, else [x1, hi] and x2 its new upper one (the
   * kept inner point keeps its value); then out[at] = h = (lo + hi)/2 and out[at+1] = f(h), with f(h) =
   * {@link #mergeNorm}. out[at, at + 6) holds the search's state meanwhile ({@link #mergeSearchSteps}).
   */
  public static void mergeSearch(double a, double b, double c, double u, double[] out, int at) {
    mergeSearchSteps(a, b, c, u, out, at, 1, 0, MERGE_STEPS);
    mergeSearchFinish(a, b, c, u, out, at, 1, out, at, out, at + 1);
  }

  /**
   * Steps [fromStep, toStep) of {@link #mergeSearch(double, double, double, double, double[], int)} for one
   * partner, on its state st[at + j·stride] for j = 0..5: lo, hi, x1, x2, f(x1), f(x2). From step 0 the state
   * is first set to the initial bracket [0, 1] and its inner points (nothing is read); otherwise it is the
   * state after fromStep steps. Running [0, s) and then [s, {@link #MERGE_STEPS}) is the same search, bit for bit.
   */
  public static void mergeSearchSteps(double a, double b, double c, double u, double[] st, int at, int stride, int fromStep,
      int toStep) {
    double lo;
    double hi;
    double x1;
    double x2;
    double f1;
    double f2;
    if (fromStep == 0) {
      lo = 0.0;
      hi = 1.0;
      x1 = hi - (hi - lo) * INV_PHI;
      x2 = lo + (hi - lo) * INV_PHI;
      f1 = mergeNorm(a, b, c, u, x1);
      f2 = mergeNorm(a, b, c, u, x2);
    } else {
      lo = st[at];
      hi = st[at + stride];
      x1 = st[at + 2 * stride];
      x2 = st[at + 3 * stride];
      f1 = st[at + 4 * stride];
      f2 = st[at + 5 * stride];
    }
    for (int step = fromStep; step < toStep; step++) {
      boolean up = f1 > f2;
      double nlo = up ? lo : x1;
      double nhi = up ? x2 : hi;
      double keep = up ? x1 : x2;
      double fkeep = up ? f1 : f2;
      double w = (nhi - nlo) * INV_PHI;
      double xn = up ? nhi - w : nlo + w;
      double fn = mergeNorm(a, b, c, u, xn);
      x1 = up ? xn : keep;
      f1 = up ? fn : fkeep;
      x2 = up ? keep : xn;
      f2 = up ? fkeep : fn;
      lo = nlo;
      hi = nhi;
    }
    st[at] = lo;
    st[at + stride] = hi;
    st[at + 2 * stride] = x1;
    st[at + 3 * stride] = x2;
    st[at + 4 * stride] = f1;
    st[at + 5 * stride] = f2;
  }

  /** The end of the search from its state after every step: h = (lo + hi)/2 into h[hAt], f(h) into f[fAt]. */
  public static void mergeSearchFinish(double a, double b, double c, double u, double[] st, int at, int stride, double[] h, int hAt,
      double[] f, int fAt) {
    double mid = 0.5 * (st[at] + st[at + stride]);
    double value = mergeNorm(a, b, c, u, mid);
    h[hAt] = mid;
    f[fAt] = value;
  }

  /** a·k_m·k_m + b·k_n·k_n + 2c·k_m·k_n with k_m = exp(u·((1−h)·(1−h))), k_n = exp(u·(h·h)), in this order. */
  public static double mergeNorm(double a, double b, double c, double u, double h) {
    double g = 1.0 - h;
    double km = exp(u * (g * g));
    double kn = exp(u * (h * h));
    return a * km * km + b * kn * kn + 2.0 * c * km * kn;
  }

  // The toolkit's exponential (the specification of every vectorised one): only IEEE operations that
  // every tier of the JIT and the Vector API's fallbacks perform alike (+, ×, Math.fma, bit moves), so a
  // SIMD version made of the same operations in the same order is bit-identical in every lane.

  /** log2(e), rounded. */
  static final double EXP_LOG2E = 0x1.71547652b82fep0;
  /** 1.5·2^52: adding it rounds a double of magnitude below 2^51 to an integer, to nearest even. */
  static final double EXP_SHIFTER = 0x1.8p52;
  /** The bits of {@link #EXP_SHIFTER}: subtracted from the bits of t = y + SHIFTER, they leave round(y) as a long. */
  static final long EXP_SHIFTER_BITS = Double.doubleToRawLongBits(EXP_SHIFTER);
  /** −ln 2 split in two: the rounded value and the rest (Cody and Waite's reduction, each step one fused multiply-add). */
  static final double EXP_NEG_LN2_HI = -0x1.62e42fefa39efp-1;
  static final double EXP_NEG_LN2_LO = -0x1.abc9e3b39803fp-56;
  /** Below this, e^x is below half the smallest subnormal: 0. */
  static final double EXP_LOWEST = -746.0;
  /** Above this (ln of the largest double), e^x overflows: +∞. */
  static final double EXP_HIGHEST = 0x1.62e42fefa39efp9;
  /** 1/k! for k = 0..13, the Taylor coefficients; degree 13 leaves a truncation error below 5e-18 on |r| ≤ ln2/2. */
  static final double[] EXP_COEFFICIENTS = expCoefficients();

  static final double C2 = EXP_COEFFICIENTS[2];
  static final double C3 = EXP_COEFFICIENTS[3];
  static final double C4 = EXP_COEFFICIENTS[4];
  static final double C5 = EXP_COEFFICIENTS[5];
  static final double C6 = EXP_COEFFICIENTS[6];
  static final double C7 = EXP_COEFFICIENTS[7];
  static final double C8 = EXP_COEFFICIENTS[8];
  static final double C9 = EXP_COEFFICIENTS[9];
  static final double C10 = EXP_COEFFICIENTS[10];
  static final double C11 = EXP_COEFFICIENTS[11];
  static final double C12 = EXP_COEFFICIENTS[12];
  static final double C13 = EXP_COEFFICIENTS[13];

  private static double[] expCoefficients() {
    double[] c = new double[14];
    double factorial = 1.0;
    for (int k = 0; k < c.length; k++) {
      if (k > 0) {
        factorial *= k; // exact: 13! < 2^53
      }
      c[k] = 1.0 / factorial;
    }
    return c;
  }

  /**
   * e^x within 2 units in the last place of {@link Math#exp} (a test checks it on millions of arguments):
   * n = round(x·log2 e) by the shifter, r = x − n·ln2 by two fused multiply-adds, e^r by Horner's rule
   * on the degree-13 Taylor polynomial (fused multiply-adds), times 2^n as two exact powers of two (so
   * results that underflow to subnormals round once). 0 below {@value #EXP_LOWEST}, +∞ above ln(MAX_VALUE),
   * NaN for NaN. The vectorised versions are this function lane by lane, bit for bit, in every JIT tier
   * (which {@link Math#exp} and the Vector API's SVML exponential are not).
   */
  public static double exp(double x) {
    double t = x * EXP_LOG2E + EXP_SHIFTER;
    double n = t - EXP_SHIFTER;
    long ni = Double.doubleToRawLongBits(t) - EXP_SHIFTER_BITS;
    double r = Math.fma(n, EXP_NEG_LN2_HI, x);
    r = Math.fma(n, EXP_NEG_LN2_LO, r);
    double p = Math.fma(C13, r, C12);
    p = Math.fma(p, r, C11);
    p = Math.fma(p, r, C10);
    p = Math.fma(p, r, C9);
    p = Math.fma(p, r, C8);
    p = Math.fma(p, r, C7);
    p = Math.fma(p, r, C6);
    p = Math.fma(p, r, C5);
    p = Math.fma(p, r, C4);
    p = Math.fma(p, r, C3);
    p = Math.fma(p, r, C2);
    p = Math.fma(p, r, 1.0);
    p = Math.fma(p, r, 1.0);
    long n1 = ni >> 1;
    long n2 = ni - n1;
    double e = p * Double.longBitsToDouble((n1 + 1023) << 52) * Double.longBitsToDouble((n2 + 1023) << 52);
    if (x < EXP_LOWEST) {
      return 0.0;
    }
    if (x > EXP_HIGHEST) {
      return Double.POSITIVE_INFINITY;
    }
    return e;
  }

  // The toolkit's cosine (random Fourier features): the exponential's construction, reduction by π/2 with three
  // fused multiply-adds and Taylor polynomials of sin and cos on |r| <= π/4, only IEEE operations, so a SIMD
  // version of the same operations is bit-identical in every lane; beyond COS_LIMIT, StrictMath.cos.

  /** 2/π, rounded. */
  static final double COS_TWO_OVER_PI = 0x1.45f306dc9c883p-1;
  /** −π/2 in three parts: the rounded value, the rest rounded, and the rest of that. */
  static final double COS_NEG_PIO2_HI = -0x1.921fb54442d18p0;
  static final double COS_NEG_PIO2_MID = -0x1.1a62633145c07p-54;
  static final double COS_NEG_PIO2_LO = 0x1.f1976b7ed8fbcp-110;
  /** Largest |x| reduced here; beyond it (and for NaN and infinities) {@link StrictMath#cos}. */
  static final double COS_LIMIT = 0x1p20;
  /** (−1)^k/(2k+1)! for k = 1..8: sin's Taylor coefficients after r. */
  static final double[] SIN_COEFFICIENTS = trigCoefficients(3);
  /** (−1)^k/(2k)! for k = 1..9: cos's Taylor coefficients after 1. */
  static final double[] COS_COEFFICIENTS = trigCoefficients(2);

  private static double[] trigCoefficients(int firstPower) {
    double[] c = new double[firstPower == 3 ? 8 : 9];
    for (int k = 0; k < c.length; k++) {
      int power = firstPower + 2 * k;
      double factorial = 1.0;
      for (int i = 2; i <= power; i++) {
        factorial *= i; // exact: 18! < 2^53
      }
      c[k] = (k % 2 == 0 ? -1.0 : 1.0) / factorial;
    }
    return c;
  }

  /**
   * cos x with an absolute error below 4.5e-16 for |x| <= 2^20 (a test checks it on millions of arguments): k =
   * round(x·2/π) by the shifter, r = x − k·π/2 by three fused multiply-adds, sin r and cos r by Horner's rule in r²
   * on their Taylor polynomials (fused multiply-adds), then the quadrant's choice and sign. Beyond 2^20, and for NaN
   * and infinities, {@link StrictMath#cos}. The vectorised version is this function lane by lane, bit for bit.
   */
  public static double cos(double x) {
    if (!(Math.abs(x) <= COS_LIMIT)) {
      return StrictMath.cos(x);
    }
    double t = x * COS_TWO_OVER_PI + EXP_SHIFTER;
    double k = t - EXP_SHIFTER;
    long q = Double.doubleToRawLongBits(t) - EXP_SHIFTER_BITS;
    double r = Math.fma(k, COS_NEG_PIO2_HI, x);
    r = Math.fma(k, COS_NEG_PIO2_MID, r);
    r = Math.fma(k, COS_NEG_PIO2_LO, r);
    double z = r * r;
    double ps = SIN_COEFFICIENTS[7];
    for (int i = 6; i >= 0; i--) {
      ps = Math.fma(ps, z, SIN_COEFFICIENTS[i]);
    }
    double sin = Math.fma(r * z, ps, r);
    double pc = COS_COEFFICIENTS[8];
    for (int i = 7; i >= 0; i--) {
      pc = Math.fma(pc, z, COS_COEFFICIENTS[i]);
    }
    double cos = Math.fma(z, pc, 1.0);
    double v = (q & 1) == 0 ? cos : sin;
    return ((q + 1) & 2) == 0 ? v : -v;
  }

  @Override
  public void cos(double[] d, int off, int n) {
    for (int i = 0; i < n; i++) {
      d[off + i] = cos(d[off + i]);
    }
  }

  // The toolkit's float exponential (float mode of the kernel learners): the double one's construction in float
  // arithmetic, with a degree-7 Taylor polynomial (truncation below 6e-9 relative on |r| <= ln2/2).

  /** log2(e) rounded to float. */
  static final float EXPF_LOG2E = (float) EXP_LOG2E;
  /** 1.5·2^23: adding it rounds a float of magnitude below 2^22 to an integer, to nearest even. */
  static final float EXPF_SHIFTER = 0x1.8p23f;
  /** The bits of {@link #EXPF_SHIFTER}: subtracted from the bits of t = y + SHIFTER, they leave round(y) as an int. */
  static final int EXPF_SHIFTER_BITS = Float.floatToRawIntBits(EXPF_SHIFTER);
  /** −ln 2 split in two floats: the rounded value and the rest. */
  static final float EXPF_NEG_LN2_HI = (float) EXP_NEG_LN2_HI;
  static final float EXPF_NEG_LN2_LO = (float) (EXP_NEG_LN2_HI - (double) EXPF_NEG_LN2_HI);
  /** Below this, e^x is below half the smallest subnormal float: 0. */
  static final float EXPF_LOWEST = -104.0f;
  /** Above this (the largest float whose exponential is finite here), e^x overflows: +∞. */
  static final float EXPF_HIGHEST = 0x1.62e42ep6f;
  static final float F2 = (float) C2;
  static final float F3 = (float) C3;
  static final float F4 = (float) C4;
  static final float F5 = (float) C5;
  static final float F6 = (float) C6;
  static final float F7 = (float) C7;

  /**
   * e^x in float within 2 units in the last place of the correctly rounded value (a test checks it on millions of
   * arguments): {@link #exp(double)}'s steps in float arithmetic (n = round(x·log2 e) by the shifter, r = x − n·ln2
   * by two fused multiply-adds, e^r by Horner's rule on the degree-7 Taylor polynomial, times 2^n as two exact
   * powers of two). 0 below {@value #EXPF_LOWEST}, +∞ above {@link #EXPF_HIGHEST}, NaN for NaN. The vectorised
   * version is this function lane by lane, bit for bit.
   */
  public static float exp(float x) {
    float t = x * EXPF_LOG2E + EXPF_SHIFTER;
    float n = t - EXPF_SHIFTER;
    int ni = Float.floatToRawIntBits(t) - EXPF_SHIFTER_BITS;
    float r = Math.fma(n, EXPF_NEG_LN2_HI, x);
    r = Math.fma(n, EXPF_NEG_LN2_LO, r);
    float p = Math.fma(F7, r, F6);
    p = Math.fma(p, r, F5);
    p = Math.fma(p, r, F4);
    p = Math.fma(p, r, F3);
    p = Math.fma(p, r, F2);
    p = Math.fma(p, r, 1.0f);
    p = Math.fma(p, r, 1.0f);
    int n1 = ni >> 1;
    int n2 = ni - n1;
    float e = p * Float.intBitsToFloat((n1 + 127) << 23) * Float.intBitsToFloat((n2 + 127) << 23);
    if (x < EXPF_LOWEST) {
      return 0.0f;
    }
    if (x > EXPF_HIGHEST) {
      return Float.POSITIVE_INFINITY;
    }
    return e;
  }

  @Override
  public void gaussianExponents(float[] d, int off, int n, float normX, float[] norms, int normsOff, float twoSigmaSquared) {
    for (int i = 0; i < n; i++) {
      d[off + i] = -Math.max(0f, normX + norms[normsOff + i] - 2f * d[off + i]) / twoSigmaSquared;
    }
  }

  @Override
  public void exp(float[] d, int off, int n) {
    for (int i = 0; i < n; i++) {
      d[off + i] = exp(d[off + i]);
    }
  }

  // Dense matrix kernels of the ELM learners (fused multiply-adds, see VectorOps).

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int rowsOff, int stride, double[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0.0);
    for (int k = off; k < off + nnz; k++) {
      int base = rowsOff + idx[k] * stride;
      double v = val[k];
      for (int j = 0; j < width; j++) {
        out[j] += v * (double) rows[base + j];
      }
    }
  }

  @Override
  public void multiply(double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride, int m,
      double[] c, int cOff, int cStride, boolean accumulate) {
    for (int b = 0; b < k; b++) {
      int ab = aOff + b * aStride;
      int cb = cOff + b * cStride;
      for (int j = 0; j < m; j++) {
        double s = accumulate ? c[cb + j] : 0.0;
        for (int i = 0; i < n; i++) {
          s = Math.fma(a[ab + i], p[pOff + i * pStride + j], s);
        }
        c[cb + j] = s;
      }
    }
  }

  @Override
  public void symmetricRankUpdate(boolean subtract, double[] a, int aOff, int aStride, int k, int n, double[] p, int pOff, int pStride) {
    for (int i = 0; i < n; i++) {
      int pi = pOff + i * pStride;
      for (int j = i; j < n; j++) {
        double s = p[pi + j];
        for (int b = 0; b < k; b++) {
          double ai = a[aOff + b * aStride + i];
          s = Math.fma(subtract ? -ai : ai, a[aOff + b * aStride + j], s);
        }
        p[pi + j] = s;
      }
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        p[pOff + j * pStride + i] = p[pOff + i * pStride + j];
      }
    }
  }

  @Override
  public void rotateRows(double[] z, int off, int stride, int width, int chains, int[] first, int[] last, double[] c, double[] s) {
    int r = 0;
    for (int t = 0; t < chains; t++) {
      for (int i = last[t] - 1; i >= first[t]; i--, r++) {
        int ri = off + i * stride;
        int rj = ri + stride;
        double ci = c[r];
        double si = s[r];
        for (int k = 0; k < width; k++) {
          double zi = z[ri + k];
          double zj = z[rj + k];
          z[rj + k] = si * zi + ci * zj;
          z[ri + k] = ci * zi - si * zj;
        }
      }
    }
  }
}
