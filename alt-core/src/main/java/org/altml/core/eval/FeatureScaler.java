package org.altml.core.eval;

import java.io.IOException;
import java.util.Arrays;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;

/**
 * A reusable feature transformer for one {@link FeatureScaling}: {@link #transform} writes into scratch
 * buffers owned by this scaler and returns a view valid until the next call, so nothing is allocated
 * per example (buffers grow amortised when a wider example arrives).
 *
 * <p><b>Standardization.</b> Statistics are over every observed example, absent (zero) features
 * counted as 0: μ_f is the mean and σ_f the population standard deviation (divide by n) of feature f.
 * The transform centres and scales: z_f = (x_f − μ_f)/σ_f for every feature f that has statistics,
 * including features absent from x (they become −μ_f/σ_f), so the output is dense over those features
 * (decided: full centering rather than scaling the non-zeros only, because emotions, scene and yeast
 * have full rows where centering matters; on sparse text use {@link FeatureScaling#L2} or {@link
 * FeatureScaling#NONE}, since a dense row of d = 47,236 per example is slow). Conventions: σ_f = 0 (a
 * constant feature, or a single observation) scales by 1, so z_f = x_f − μ_f; a feature index beyond
 * those observed has no statistics and passes through unchanged (μ = 0, σ = 1), so before any
 * observation the transform is the identity; outputs that round to 0f are dropped (a {@link
 * SparseVector} stores no zeros). Per-feature statistics are kept as a Welford mean and M2 over the
 * observed non-zeros, combined exactly with the implicit zeros (Chan's parallel update), in double. An
 * output beyond the float range (a near-constant feature, σ_f tiny) saturates at ±{@link Float#MAX_VALUE}.
 *
 * <p>Train-then-test {@linkplain #fit(FeatureScaling, Dataset) fits} on the training set and never
 * observes test examples; prequential evaluation calls {@link #observe} after each prediction, so no
 * example influences its own transform. Not thread-safe: give each thread its own {@link #copy()}.
 */
public final class FeatureScaler {
  private final FeatureScaling scaling;
  private long observed;
  private int numFeatures;
  private long[] nonZeroCount = new long[0];
  private double[] nonZeroMean = new double[0];
  private double[] nonZeroM2 = new double[0];
  private double[] mean = new double[0];
  private double[] inverseStd = new double[0];
  private long cachedAt = -1;
  private int[] outIndices = new int[0];
  private float[] outValues = new float[0];
  private final SparseVector out = new SparseVector();

  private FeatureScaler(FeatureScaling scaling) {
    this.scaling = java.util.Objects.requireNonNull(scaling, "scaling");
  }

  /** A scaler with no statistics yet (for {@link FeatureScaling#STANDARDIZE}, the identity until it observes). */
  public static FeatureScaler of(FeatureScaling scaling) {
    return new FeatureScaler(scaling);
  }

  /** A scaler fitted on every example of {@code train} (only {@link FeatureScaling#STANDARDIZE} uses statistics). */
  public static FeatureScaler fit(FeatureScaling scaling, Dataset train) {
    return fit(scaling, DataView.of(train));
  }

  /** A scaler fitted on every example of the view {@code train} (only {@link FeatureScaling#STANDARDIZE} uses statistics). */
  public static FeatureScaler fit(FeatureScaling scaling, DataView train) {
    FeatureScaler s = new FeatureScaler(scaling);
    if (scaling == FeatureScaling.STANDARDIZE) {
      SparseVector x = new SparseVector();
      s.ensureFeatures(train.numFeatures());
      for (int k = 0; k < train.size(); k++) {
        s.observe(train.features(k, x));
      }
    }
    return s;
  }

  /**
   * A scaler fitted on the rest of {@code train} (read to its end, not closed); for training files too
   * large for memory, read once for the statistics and opened again for learning.
   */
  public static FeatureScaler fit(FeatureScaling scaling, ExampleStream train) throws IOException {
    FeatureScaler s = new FeatureScaler(scaling);
    if (scaling == FeatureScaling.STANDARDIZE) {
      while (train.advance()) {
        s.observe(train.features());
      }
    }
    return s;
  }

  /** The scaling this scaler applies. */
  public FeatureScaling scaling() {
    return scaling;
  }

  /** Number of examples observed. */
  public long observed() {
    return observed;
  }

  /**
   * In place: adds {@code x} to the running statistics (a no-op unless {@link
   * FeatureScaling#STANDARDIZE}). Cost O(nnz), amortised.
   */
  public void observe(SparseVector x) {
    if (scaling != FeatureScaling.STANDARDIZE) {
      observed++;
      return;
    }
    ensureFeatures(x.maxIndex() + 1);
    int[] idx = x.indices();
    float[] val = x.values();
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      int f = idx[k];
      double v = val[k];
      long c = ++nonZeroCount[f];
      double delta = v - nonZeroMean[f];
      nonZeroMean[f] += delta / c;
      nonZeroM2[f] += delta * (v - nonZeroMean[f]);
    }
    observed++;
  }

  private void ensureFeatures(int d) {
    if (d > numFeatures) {
      if (d > nonZeroCount.length) {
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(d, nonZeroCount.length + (long) (nonZeroCount.length >> 1)));
        // three statistics now, the mean and scale and the dense output of a transform later
        MemoryCheck.require(MemoryCheck.bytes(capacity, 3L * 8 + 2L * 8 + 8),
            "the standardization statistics of " + d + " features",
            "check the data for a stray large feature index, or scale with l2 or none");
        nonZeroCount = Arrays.copyOf(nonZeroCount, capacity);
        nonZeroMean = Arrays.copyOf(nonZeroMean, capacity);
        nonZeroM2 = Arrays.copyOf(nonZeroM2, capacity);
      }
      numFeatures = d;
    }
  }

  /** Mean μ_f over the observed examples (0 for a feature without statistics). */
  public double mean(int feature) {
    refresh();
    return feature < numFeatures ? mean[feature] : 0.0;
  }

  /** Population standard deviation σ_f over the observed examples (0 without statistics). */
  public double standardDeviation(int feature) {
    if (feature >= numFeatures || observed == 0) {
      return 0.0;
    }
    return Math.sqrt(m2(feature) / observed);
  }

  /** M2 of all n observations of feature f: the non-zeros' M2 combined with n − m zeros (Chan et al.). */
  private double m2(int f) {
    long n = observed;
    long m = nonZeroCount[f];
    double mu = nonZeroMean[f];
    return nonZeroM2[f] + mu * mu * ((double) m * (n - m) / n);
  }

  private void refresh() {
    if (cachedAt == observed && mean.length >= numFeatures) {
      return;
    }
    if (mean.length < numFeatures) {
      mean = new double[nonZeroCount.length];
      inverseStd = new double[nonZeroCount.length];
    }
    long n = observed;
    for (int f = 0; f < numFeatures; f++) {
      if (n == 0) {
        mean[f] = 0.0;
        inverseStd[f] = 1.0;
        continue;
      }
      mean[f] = nonZeroMean[f] * nonZeroCount[f] / n;
      double std = Math.sqrt(m2(f) / n);
      inverseStd[f] = std > 0.0 ? 1.0 / std : 1.0;
    }
    cachedAt = n;
  }

  /**
   * Returns {@code x} scaled. For {@link FeatureScaling#NONE} it is {@code x} itself; otherwise a view
   * of this scaler's scratch buffers, valid until the next call. Standardization costs O(d + nnz),
   * plus O(d) once after each {@link #observe}; L2 costs O(nnz).
   */
  public SparseVector transform(SparseVector x) {
    return switch (scaling) {
      case NONE -> x;
      case L2 -> normalize(x);
      case STANDARDIZE -> standardize(x);
    };
  }

  private SparseVector normalize(SparseVector x) {
    double norm = Math.sqrt(x.squaredNorm());
    if (norm == 0.0) {
      return x;
    }
    ensureOutput(x.nnz());
    int[] idx = x.indices();
    float[] val = x.values();
    int n = 0;
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      float z = (float) (val[k] / norm);
      if (z != 0f) {
        outIndices[n] = idx[k];
        outValues[n++] = z;
      }
    }
    out.reset(outIndices, outValues, 0, n);
    return out;
  }

  private SparseVector standardize(SparseVector x) {
    refresh();
    int d = numFeatures;
    ensureOutput(d + x.nnz());
    int[] idx = x.indices();
    float[] val = x.values();
    int k = x.offset();
    int end = k + x.nnz();
    int n = 0;
    for (int f = 0; f < d; f++) {
      double v = 0.0;
      if (k < end && idx[k] == f) {
        v = val[k++];
      }
      float z = saturated((v - mean[f]) * inverseStd[f]);
      if (z != 0f) {
        outIndices[n] = f;
        outValues[n++] = z;
      }
    }
    for (; k < end; k++) {
      // no statistics beyond the observed features: pass through
      outIndices[n] = idx[k];
      outValues[n++] = val[k];
    }
    out.reset(outIndices, outValues, 0, n);
    return out;
  }

  /**
   * {@code z} as a float, saturated at ±{@link Float#MAX_VALUE}: a value more than 3.4e38 standard
   * deviations out (a near-constant feature, σ tiny) must not become infinite, which no sparse vector may
   * hold; a learner then meets a huge but finite value and reports its divergence itself.
   */
  private static float saturated(double z) {
    float f = (float) z;
    return Float.isInfinite(f) ? Math.copySign(Float.MAX_VALUE, f) : f;
  }

  private void ensureOutput(int n) {
    if (outIndices.length < n) {
      int capacity = Math.max(n, outIndices.length + (outIndices.length >> 1));
      outIndices = new int[capacity];
      outValues = new float[capacity];
    }
  }

  /** A copy with the same statistics and its own scratch buffers (for another thread). */
  public FeatureScaler copy() {
    FeatureScaler c = new FeatureScaler(scaling);
    c.observed = observed;
    c.numFeatures = numFeatures;
    c.nonZeroCount = nonZeroCount.clone();
    c.nonZeroMean = nonZeroMean.clone();
    c.nonZeroM2 = nonZeroM2.clone();
    return c;
  }

  /**
   * Writes the scaling and, for {@link FeatureScaling#STANDARDIZE}, its statistics (so a model file carries
   * its preprocessing and {@code predict} needs no reminder of it).
   */
  public void write(StateOutput out) throws IOException {
    out.writeByte(scaling.ordinal());
    out.writeLong(observed);
    out.writeInt(numFeatures);
    if (scaling == FeatureScaling.STANDARDIZE) {
      out.writeLongs(nonZeroCount, 0, numFeatures);
      out.writeDoubles(nonZeroMean, 0, numFeatures);
      out.writeDoubles(nonZeroM2, 0, numFeatures);
    }
  }

  /**
   * Reads a scaler written by {@link #write}, checking its sizes against the bytes that remain.
   *
   * @throws org.altml.core.learner.CorruptStateException for an unknown scaling or inconsistent statistics
   */
  public static FeatureScaler read(StateInput in) throws IOException {
    int code = in.readUnsignedByte();
    if (code >= FeatureScaling.values().length) {
      throw in.corrupt("unknown feature scaling code " + code);
    }
    FeatureScaler s = new FeatureScaler(FeatureScaling.values()[code]);
    s.observed = in.readLong();
    int d = in.readInt();
    if (s.observed < 0 || d < 0) {
      throw in.corrupt("bad scaling statistics: " + s.observed + " examples, " + d + " features");
    }
    if (s.scaling == FeatureScaling.STANDARDIZE) {
      in.requireValues(3L * d, Long.BYTES, "standardization statistics of " + d + " features");
      s.ensureFeatures(d);
      in.readLongs(s.nonZeroCount, 0, d);
      in.readDoubles(s.nonZeroMean, 0, d);
      in.readDoubles(s.nonZeroM2, 0, d);
      for (int f = 0; f < d; f++) {
        if (s.nonZeroCount[f] < 0 || s.nonZeroCount[f] > s.observed || !Double.isFinite(s.nonZeroMean[f])
            || !(s.nonZeroM2[f] >= 0) || !Double.isFinite(s.nonZeroM2[f])
            || s.observed > 0 && !(Double.isFinite(s.nonZeroMean[f] * s.nonZeroCount[f] / s.observed) && Double.isFinite(s.m2(f)))) {
          throw in.corrupt("bad standardization statistics for feature " + f);
        }
      }
    } else if (d != 0) {
      throw in.corrupt(s.scaling.cliName() + " scaling with statistics of " + d + " features");
    }
    return s;
  }
}
