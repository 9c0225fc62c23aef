package org.altml.core.elm;

import java.util.Arrays;
import org.altml.core.math.VectorMath;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * The random hidden layer of an extreme learning machine (docs/spec.md#elm-hidden-layer): h_j = g(b_j + Σ_k x_k·W[k][j]) for
 * j = 1..H, with W[k][j] ~ U[−1, 1) and b_j ~ U[0, 1) (the OSML-ELM reference code's ranges).
 *
 * <p><b>Order-free and seeded.</b> Row k of W (the H input weights of feature k) is a pure function of
 * (seed, k): a SplitMix64 stream (the algorithm of {@link java.util.SplittableRandom}, written out so that
 * no object is allocated) seeded with mix64(seed + γ·(k+1)), γ the golden-ratio increment, gives
 * 2·u − 1 for H uniform doubles u, each stored as a float. The biases come from a stream of their own
 * (another salt). So W never depends on the order in which features are first seen, a model grown on
 * demand equals one allocated for all d features at once, and a model file needs only the seed.
 *
 * <p><b>Sparse input, never densified.</b> The pre-activation is nnz axpys of length H through
 * {@link VectorMath#sparseTimesRows(SparseVector, float[], int, int, double[], int)} (float rows, double
 * accumulation); then the bias is added and g applied, in double. A feature beyond the rows held (one
 * first seen at test time) is generated on the fly into a scratch row without growing W, so prediction
 * never changes the layer; {@link #ensureFeatures} grows W (amortised, +50%) for training.
 *
 * <p>Memory: d·H floats for W plus H doubles (189 MB for RCV1's d = 47,236 at H = 1,000). A layer built
 * from explicit double weights ({@link #explicit}, for the worked examples of docs/spec.md#elm-worked-examples, whose weights
 * 0.3 and −0.6 are not floats) keeps them in double. Thread-safe for concurrent {@link #compute} calls
 * with separate scratch while nothing grows it.
 */
public final class HiddenLayer {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private static final long BIAS_SALT = 0xB1A5B1A5B1A5B1A5L;

  private final int hidden;
  private final long seed;
  private final Activation activation;
  private final double[] bias;
  private float[] rows;
  private final double[] doubleRows;
  private int numFeatures;

  private HiddenLayer(int hidden, long seed, Activation activation, double[] bias, double[] doubleRows, int numFeatures) {
    this.hidden = hidden;
    this.seed = seed;
    this.activation = activation;
    this.bias = bias;
    this.doubleRows = doubleRows;
    this.rows = doubleRows == null ? new float[0] : null;
    this.numFeatures = doubleRows == null ? 0 : numFeatures;
  }

  /**
   * A seeded layer of {@code hidden} units with rows for {@code numFeatures} features (more grow on demand).
   *
   * @throws IllegalArgumentException if {@code hidden < 1} or {@code numFeatures < 0}
   */
  public static HiddenLayer seeded(int hidden, long seed, Activation activation, int numFeatures) {
    if (hidden < 1) {
      throw new IllegalArgumentException("H must be >= 1: " + hidden);
    }
    if (numFeatures < 0) {
      throw new IllegalArgumentException("numFeatures must be >= 0: " + numFeatures);
    }
    double[] b = new double[hidden];
    long state = mix64(seed ^ BIAS_SALT);
    for (int j = 0; j < hidden; j++) {
      state += GOLDEN;
      b[j] = (mix64(state) >>> 11) * 0x1p-53;
    }
    HiddenLayer layer = new HiddenLayer(hidden, seed, activation, b, null, 0);
    layer.ensureFeatures(numFeatures);
    return layer;
  }

  /**
   * A layer with explicit weights kept in double: {@code w[k]} holds the H weights of feature k (feature-major,
   * as docs/spec.md#elm-worked-examples writes them), {@code b} the H biases. Features beyond {@code w.length} contribute nothing.
   */
  public static HiddenLayer explicit(double[][] w, double[] b, Activation activation) {
    int h = b.length;
    double[] rows = new double[w.length * h];
    for (int k = 0; k < w.length; k++) {
      if (w[k].length != h) {
        throw new IllegalArgumentException("row " + k + " has " + w[k].length + " weights, H = " + h);
      }
      System.arraycopy(w[k], 0, rows, k * h, h);
    }
    return new HiddenLayer(h, 0L, activation, b.clone(), rows, w.length);
  }

  /** H. */
  public int hidden() {
    return hidden;
  }

  /** The seed rows and biases derive from. */
  public long seed() {
    return seed;
  }

  /** g. */
  public Activation activation() {
    return activation;
  }

  /** Whether the weights were given explicitly (in double) rather than drawn from the seed. */
  public boolean isExplicit() {
    return doubleRows != null;
  }

  /** Feature rows held (d). */
  public int numFeatures() {
    return numFeatures;
  }

  /** b_j, for tests. */
  public double bias(int j) {
    return bias[j];
  }

  /** W[feature][j] as stored (a float widened, or the explicit double). */
  public double weight(int feature, int j) {
    if (doubleRows != null) {
      return feature < numFeatures ? doubleRows[feature * hidden + j] : 0.0;
    }
    if (feature < numFeatures) {
      return rows[feature * hidden + j];
    }
    float[] row = new float[hidden];
    generateRow(feature, row);
    return row[j];
  }

  /** Bytes held: W and b. */
  public long ramBytesUsed() {
    return 64 + (doubleRows != null ? 8L * doubleRows.length : 4L * rows.length) + 8L * hidden;
  }

  /**
   * Makes W hold at least {@code d} feature rows (amortised growth by half; new rows are generated from
   * the seed). Does nothing for an explicit layer.
   *
   * @throws org.altml.sparse.InsufficientMemoryException if the rows do not fit in the heap
   */
  public void ensureFeatures(int d) {
    if (doubleRows != null || d <= numFeatures) {
      return;
    }
    int capacity = rows.length / hidden;
    if (d > capacity) {
      long grown = Math.max(d, Math.min(Integer.MAX_VALUE / hidden - 1, capacity + (capacity >> 1)));
      if (grown * hidden > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException(d + " features × H = " + hidden + " input weights exceed one Java array");
      }
      MemoryCheck.require(4L * grown * hidden, "the ELM input weights (" + grown + " features × H = " + hidden + ")",
          "use a smaller --hidden H");
      rows = Arrays.copyOf(rows, (int) grown * hidden);
    }
    float[] row = new float[hidden];
    for (int k = numFeatures; k < d; k++) {
      generateRow(k, row);
      System.arraycopy(row, 0, rows, k * hidden, hidden);
    }
    numFeatures = d;
  }

  /** Row k of W from (seed, k): H draws 2·u − 1, u uniform in [0, 1), as floats. */
  private void generateRow(int feature, float[] out) {
    long state = mix64(seed + GOLDEN * (feature + 1L));
    for (int j = 0; j < hidden; j++) {
      state += GOLDEN;
      out[j] = (float) (2.0 * ((mix64(state) >>> 11) * 0x1p-53) - 1.0);
    }
  }

  /**
   * Writes h(x) into {@code h[0..H)}. Features beyond the rows held are generated into {@code scratchRow}
   * (H floats) and added in feature order after the others; W does not grow. Allocates nothing.
   *
   * @param view a reusable vector the method points at the leading features of x
   */
  public void compute(SparseVector x, double[] h, float[] scratchRow, SparseVector view) {
    int nnz = x.nnz();
    int known = nnz;
    while (known > 0 && x.index(known - 1) >= numFeatures) {
      known--;
    }
    if (doubleRows != null) {
      Arrays.fill(h, 0, hidden, 0.0);
      for (int k = 0; k < known; k++) {
        VectorMath.axpy((double) x.value(k), doubleRows, x.index(k) * hidden, h, 0, hidden);
      }
    } else {
      SparseVector leading = x;
      if (known < nnz) {
        view.reset(x.indices(), x.values(), x.offset(), known);
        leading = view;
      }
      VectorMath.sparseTimesRows(leading, rows, 0, hidden, h, hidden);
      for (int k = known; k < nnz; k++) {
        generateRow(x.index(k), scratchRow);
        double v = x.value(k);
        for (int j = 0; j < hidden; j++) {
          h[j] += v * (double) scratchRow[j];
        }
      }
    }
    for (int j = 0; j < hidden; j++) {
      h[j] = activation.apply(h[j] + bias[j]);
    }
  }

  /** The SplitMix64 finaliser (Stafford's variant 13), as {@link java.util.SplittableRandom} mixes. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
