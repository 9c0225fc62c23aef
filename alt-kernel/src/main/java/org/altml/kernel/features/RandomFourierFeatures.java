package org.altml.kernel.features;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.features.FeatureMap;
import org.altml.core.features.FeatureMapCodec;
import org.altml.core.features.FeatureMapSpec;
import org.altml.core.features.MapParameters;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * Random Fourier features (Rahimi &amp; Recht, "Random features for large-scale kernel machines", NIPS 2007):
 * z(x) = sqrt(2/D)·cos(Ωx + b), Ω ∈ R^{D×d} with Ω_ij ~ N(0, 1/σ²), b_j ~ U[0, 2π), so that
 * E[z(x)·z(x')] = exp(−||x − x'||²/(2σ²)), the RBF kernel K of docs/spec.md#rbf-kernel, with an error of order 1/sqrt(D).
 *
 * <p>Ω is stored feature-major, one contiguous row of D doubles per input feature (column f of Ω), and
 * row f is generated from (seed, f) alone ({@link SeededRows}): it never depends on the order in which
 * features first appear, and d need not be known. Ωx for a sparse x is nnz axpys of length D over those
 * rows ({@link VectorMath#sparseTimesRows}), never a dense x; the cosines are D more calls, in place in the
 * caller's output, so mapping allocates nothing. {@link #learn} generates the rows of the features a
 * training example has (and every row below them, so that the rows held are always a prefix); {@link #map}
 * generates a row it does not hold into scratch, so a feature first seen in a test example contributes
 * as the kernel says (at the cost of generating its row, D Gaussian samples, each time), and the stored
 * rows never change outside training. Memory: 8·D bytes per feature
 * index up to the largest seen in training, or 4·D in front of a learner at {@code precision=float}
 * ({@link #floatRows()}): each value of Ω then rounded to float once, Ωx still summed in double (a fast mode,
 * as the learner's: on RCV1's 47k features at D = 1,000 the rows take 188 MB instead of 376 MB).
 *
 * <p>The per-example cosines are the toolkit's {@link VectorMath#cos(double[], int, int)} on SIMD lanes (only IEEE
 * operations, the same bits in every JIT tier and as its scalar {@link VectorMath#cos(double)}; absolute error below
 * 4.5e-16 against {@link StrictMath#cos}); the rows use {@link StrictMath}, so a saved map (its seed) is rebuilt
 * identically anywhere. Single-threaded; {@link #mapper()} for other threads.
 */
public final class RandomFourierFeatures implements FeatureMap {
  /** The default D. */
  public static final int DEFAULT_DIMENSION = 1000;
  /** D: the number of random features. */
  public static final Parameter<Integer> MAP_DIM = MapParameters.mapDim(DEFAULT_DIMENSION);
  /** The row id of b, apart from every feature's (≥ 0). */
  private static final long OFFSET_ROW = -1L;
  private static final String MEMORY_HINT = "use a smaller mapDim (--map-dim), or fewer features";

  private final Spec spec;
  private final int dimension;
  private final double sigmaSquared;
  private final long seed;
  private final double omegaScale;
  private final double outputScale;
  private final double[] offsets;
  private final double[] rowScratch;
  private final SparseVector prefix = new SparseVector();
  private final boolean floatRows;
  private double[] rows = new double[0];
  private float[] rowsFloat = new float[0];
  private int numRows;

  /**
   * A map with D = {@code dimension} features for the RBF kernel of width σ² = {@code sigmaSquared}.
   *
   * @throws IllegalArgumentException if D is not in [1, {@link MapParameters#MAX_DIMENSION}] or σ² is not
   *     positive and finite
   */
  public RandomFourierFeatures(int dimension, double sigmaSquared, long seed) {
    this(dimension, sigmaSquared, seed, false);
  }

  /**
   * {@link #RandomFourierFeatures(int, double, long)} with the rows of Ω held as floats when {@code floatRows}
   * (half the memory; each value rounded once, the sums still in double).
   */
  public RandomFourierFeatures(int dimension, double sigmaSquared, long seed, boolean floatRows) {
    this(Spec.INSTANCE, dimension, sigmaSquared, seed, floatRows);
  }

  private RandomFourierFeatures(Spec spec, int dimension, double sigmaSquared, long seed, boolean floatRows) {
    this.spec = spec;
    this.floatRows = floatRows;
    this.dimension = MAP_DIM.check(dimension);
    this.sigmaSquared = CommonParameters.SIGMA2.check(sigmaSquared);
    if (floatRows) {
      org.altml.kernel.KernelParameters.checkFloatSigma2(sigmaSquared);
    }
    this.seed = seed;
    this.omegaScale = 1.0 / Math.sqrt(sigmaSquared);
    this.outputScale = Math.sqrt(2.0 / dimension);
    MemoryCheck.require(MemoryCheck.bytes(2L * dimension, Double.BYTES), "the " + dimension + " random offsets", MEMORY_HINT);
    this.offsets = new double[dimension];
    SeededRows.uniformAngles(seed, OFFSET_ROW, offsets, 0, dimension);
    this.rowScratch = new double[dimension];
  }

  /** Whether Ω's rows are held as floats (in front of a float learner). */
  public boolean floatRows() {
    return floatRows;
  }

  /** The width σ² of the approximated RBF kernel. */
  public double sigmaSquared() {
    return sigmaSquared;
  }

  /** The seed Ω and b are generated from. */
  public long seed() {
    return seed;
  }

  /** The number of rows of Ω held (input features 0..n−1). */
  public int numRows() {
    return numRows;
  }

  /**
   * Writes column {@code feature} of Ω (D values, N(0, 1/σ²)) into {@code out[off..off+D)}: what the map
   * stores as that feature's row.
   */
  public void omegaRow(int feature, double[] out, int off) {
    if (feature < 0) {
      throw new IllegalArgumentException("feature index must be >= 0: " + feature);
    }
    SeededRows.gaussian(seed, feature, omegaScale, out, off, dimension);
  }

  /** b_j, the random phase of output feature j, in [0, 2π). */
  public double offset(int j) {
    return offsets[j];
  }

  @Override
  public FeatureMapSpec spec() {
    return spec;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  /** Always true: Ω and b come from the seed. */
  @Override
  public boolean isFitted() {
    return true;
  }

  /** Generates the rows of Ω up to x's largest feature index. */
  @Override
  public void learn(SparseVector x) {
    ensureRows(x.maxIndex() + 1);
  }

  /** Makes the rows of features 0..n−1 present, in place (amortised growth, then generation). */
  void ensureRows(int n) {
    if (n <= numRows) {
      return;
    }
    long needed = (long) n * dimension;
    int held = floatRows ? rowsFloat.length : rows.length;
    int bytes = floatRows ? Float.BYTES : Double.BYTES;
    if (needed > held) {
      long grown = Math.max(needed, (long) held + (held >> 1));
      long max = (Integer.MAX_VALUE - 16) / dimension * (long) dimension;
      if (needed > max) {
        throw new IllegalArgumentException("rff cannot hold " + n + " rows of D = " + dimension + " values; " + MEMORY_HINT);
      }
      grown = Math.min(grown, max);
      if (MemoryCheck.bytes(grown, bytes) > MemoryCheck.available()) {
        grown = needed; // the amortised growth would not fit: grow just enough
      }
      MemoryCheck.require(MemoryCheck.bytes(grown, bytes), "the random Fourier rows of " + n + " features", MEMORY_HINT);
      if (floatRows) {
        rowsFloat = Arrays.copyOf(rowsFloat, (int) grown);
      } else {
        rows = Arrays.copyOf(rows, (int) grown);
      }
    }
    for (int f = numRows; f < n; f++) {
      if (floatRows) {
        omegaRow(f, rowScratch, 0); // single-threaded: map's scratch is free here
        for (int j = 0; j < dimension; j++) {
          rowsFloat[f * dimension + j] = (float) rowScratch[j];
        }
      } else {
        omegaRow(f, rows, f * dimension);
      }
    }
    numRows = n;
  }

  @Override
  public void map(SparseVector x, double[] out) {
    map(x, out, rowScratch, prefix);
  }

  @Override
  public Mapper mapper() {
    double[] own = new double[dimension];
    SparseVector ownPrefix = new SparseVector();
    return (x, out) -> map(x, out, own, ownPrefix);
  }

  /**
   * z(x) into out[0..D): Ωx by axpys over the rows, then the cosines. Features without a row (first seen
   * outside training) are the tail of x's sorted indices: the rows of the others go through
   * {@link VectorMath#sparseTimesRows} as a prefix view of x, then each missing row is generated into
   * {@code scratch} and added in the same order and with the same roundings (multiply, then add; each value
   * rounded to float first with float rows), so z(x) does not depend on which rows are held.
   */
  private void map(SparseVector x, double[] out, double[] scratch, SparseVector prefix) {
    if (out.length < dimension) {
      throw new IllegalArgumentException("out has " + out.length + " entries, need D = " + dimension);
    }
    int d = dimension;
    if (x.maxIndex() < numRows) {
      timesRows(x, out);
    } else {
      int[] idx = x.indices();
      float[] val = x.values();
      int start = x.offset();
      int end = start + x.nnz();
      int held = start;
      while (held < end && idx[held] < numRows) {
        held++;
      }
      prefix.reset(idx, val, start, held - start);
      timesRows(prefix, out);
      for (int k = held; k < end; k++) {
        omegaRow(idx[k], scratch, 0);
        double v = val[k];
        if (floatRows) {
          for (int j = 0; j < d; j++) {
            out[j] += v * (double) (float) scratch[j];
          }
        } else {
          for (int j = 0; j < d; j++) {
            out[j] += v * scratch[j];
          }
        }
      }
    }
    for (int j = 0; j < d; j++) {
      out[j] += offsets[j];
    }
    VectorMath.cos(out, 0, d);
    for (int j = 0; j < d; j++) {
      out[j] *= outputScale;
    }
  }

  /** Ωx over the held rows (x's features must all have one), summed in double in x's order. */
  private void timesRows(SparseVector x, double[] out) {
    if (floatRows) {
      VectorMath.sparseTimesRows(x, rowsFloat, 0, dimension, out, dimension);
    } else {
      VectorMath.sparseTimesRows(x, rows, 0, dimension, out, dimension);
    }
  }

  @Override
  public String fitState() {
    return "needs no data";
  }

  @Override
  public long ramBytesUsed() {
    return 96 + (long) rows.length * Double.BYTES + (long) rowsFloat.length * Float.BYTES
        + 2L * dimension * Double.BYTES;
  }

  @Override
  public Map<String, Object> facts() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("sigma2", sigmaSquared);
    facts.put("seed", seed);
    facts.put("omegaRows", numRows);
    facts.put("omegaPrecision", floatRows ? "float" : "double");
    return facts;
  }

  @Override
  public String toString() {
    return "rff(D=" + dimension + ", sigma2=" + sigmaSquared + ", seed=" + seed + ")";
  }

  /** The {@code rff} map kind. */
  public static final class Spec implements FeatureMapSpec {
    static final Spec INSTANCE = new Spec();
    private static final List<Parameter<?>> PARAMETERS = List.of(MAP_DIM, CommonParameters.SIGMA2);
    private static final FeatureMapCodec CODEC = new Codec();

    /** The spec (for {@link java.util.ServiceLoader}). */
    public Spec() {}

    @Override
    public String name() {
      return "rff";
    }

    @Override
    public String description() {
      return "random Fourier features sqrt(2/D)·cos(Ωx + b) approximating the RBF kernel (Rahimi & Recht 2007)";
    }

    @Override
    public List<Parameter<?>> parameters() {
      return PARAMETERS;
    }

    /** In front of a float learner, Ω's rows are floats: σ² must be one float mode can hold. */
    @Override
    public void validate(Settings settings) {
      org.altml.kernel.KernelParameters.checkFloatSigma2(settings);
    }

    /**
     * A map seeded with the context's seed; with d known, the rows are generated now. In front of a learner at
     * {@code precision=float} the rows are floats ({@link RandomFourierFeatures#floatRows()}).
     */
    @Override
    public FeatureMap create(Settings settings, LearnerContext context) {
      RandomFourierFeatures map = new RandomFourierFeatures(this, settings.get(MAP_DIM), settings.get(CommonParameters.SIGMA2),
          context.seed(), floatRows(settings));
      map.ensureRows(context.numFeatures());
      return map;
    }

    @Override
    public FeatureMapCodec codec() {
      return CODEC;
    }
  }

  /** Whether the composed learner's settings ask for float precision (so the rows are floats too). */
  static boolean floatRows(Settings settings) {
    return settings.spec().hasParameter(CommonParameters.PRECISION.name())
        && CommonParameters.precision(settings) == org.altml.core.learner.Precision.FLOAT;
  }

  /**
   * Version 1: long seed, int D, double σ², int rows held. Ω and b are generated again from the seed
   * ({@link SeededRows} is part of this format: changing it means a new version).
   */
  private static final class Codec implements FeatureMapCodec {
    @Override
    public int version() {
      return 1;
    }

    @Override
    public void write(FeatureMap map, StateOutput out) throws IOException {
      if (!(map instanceof RandomFourierFeatures r)) {
        throw new IllegalArgumentException("not an rff map: " + map.spec().name());
      }
      out.writeLong(r.seed);
      out.writeInt(r.dimension);
      out.writeDouble(r.sigmaSquared);
      out.writeInt(r.numRows);
    }

    @Override
    public FeatureMap read(Settings settings, StateInput in, int version) throws IOException {
      if (version != 1) {
        throw in.corrupt("rff body version " + version + " (this build reads version 1)");
      }
      long seed = in.readLong();
      int dimension = in.readInt();
      double sigmaSquared = in.readDouble();
      int numRows = in.readInt();
      if (dimension != settings.get(MAP_DIM) || Double.compare(sigmaSquared, settings.get(CommonParameters.SIGMA2)) != 0) {
        throw in.corrupt("rff holds D = " + dimension + ", sigma2 = " + sigmaSquared + " but its settings say mapDim = "
            + settings.get(MAP_DIM) + ", sigma2 = " + settings.get(CommonParameters.SIGMA2));
      }
      if (numRows < 0) {
        throw in.corrupt("rff holds " + numRows + " rows");
      }
      RandomFourierFeatures map = new RandomFourierFeatures(Spec.INSTANCE, dimension, sigmaSquared, seed, floatRows(settings));
      map.ensureRows(numRows);
      return map;
    }
  }
}
