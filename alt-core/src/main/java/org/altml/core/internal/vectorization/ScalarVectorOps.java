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
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int stride, float[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0f);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      float v = val[k];
      for (int j = 0; j < width; j++) {
        out[j] = Math.fma(v, rows[base + j], out[j]);
      }
    }
  }

  @Override
  public void addSparseOuter(int[] idx, float[] val, int off, int nnz, float alpha, float[] coeff, float[] rows, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      float a = alpha * val[k];
      for (int j = 0; j < width; j++) {
        rows[base + j] = Math.fma(a, coeff[j], rows[base + j]);
      }
    }
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, float[] grad, float eta, float delta, float[] rows, float[] acc, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
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
  // implementation of SPEC.md (numpy, C without contraction) computes; an fma would round once and decide
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
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, double[] rows, int stride, double[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0.0);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      double v = val[k];
      for (int j = 0; j < width; j++) {
        out[j] += v * rows[base + j];
      }
    }
  }

  @Override
  public void addSparseOuter(
      int[] idx, float[] val, int off, int nnz, double alpha, double[] coeff, double[] rows, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
      double a = alpha * val[k];
      for (int j = 0; j < width; j++) {
        rows[base + j] += a * coeff[j];
      }
    }
  }

  @Override
  public void adaptiveStep(
      int[] idx, float[] val, int off, int nnz, double[] grad, double eta, double delta, double[] rows, double[] acc, int stride, int width) {
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
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
  public void gaussianFromDots(double[] d, int off, int n, double normX, double[] norms, int normsOff, double twoSigmaSquared) {
    for (int i = 0; i < n; i++) {
      d[off + i] = Math.exp(-Math.max(0.0, normX + norms[normsOff + i] - 2.0 * d[off + i]) / twoSigmaSquared);
    }
  }

  // Dense matrix kernels of the ELM learners (fused multiply-adds, see VectorOps).

  @Override
  public void sparseTimesRows(int[] idx, float[] val, int off, int nnz, float[] rows, int stride, double[] out, int width) {
    java.util.Arrays.fill(out, 0, width, 0.0);
    for (int k = off; k < off + nnz; k++) {
      int base = idx[k] * stride;
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
