package org.altml.sparse.synth;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.data.ExampleStream;

/**
 * Seeded RCV1-shaped sparse text: Zipf-like feature popularity, TF-IDF-like positive values, unit-L2
 * rows, and labels from a planted sparse linear model of exactly the form the paper's learners fit.
 *
 * <h2>Features</h2>
 * Example i has a number of non-zeros drawn uniformly from {@code [⌈m/2⌉, 2m − ⌈m/2⌉]} (mean m =
 * {@code meanNonZeros}). Each distinct index is drawn as {@code ⌊d·u³⌋} with u uniform in [0, 1) (as the
 * C yardstick {@code falt_limit.c} does), so low indices are popular: P(index &lt; t·d) = t^(1/3). The
 * value of feature f is tf·idf(f) with tf = 1 + ⌊Exp(1)⌋ and idf(f) = 1 + (2/3)·ln(f + 1) (the log of
 * the inverse popularity up to a constant), and the row is scaled to unit Euclidean norm.
 *
 * <h2>Labels</h2>
 * Each label l has a sparse non-negative weight vector w_l with {@code modelNonZerosPerLabel} distinct
 * features, drawn from the same popularity law, with weights a_l·Exp(1)·idf(f), where the label's
 * prominence a_l = e^(2u) (u uniform) makes some labels much more frequent than others. For an example x
 * the planted
 * relevant set is
 *
 * <pre>  Y*(x) = { l : s_l(x) &gt; τ·s̄(x) },  s_l(x) = w_l·x,  s̄(x) = (1/L) Σ_j s_j(x),</pre>
 *
 * which is the paper's predictor {@code {i : x·w_i > x·w_{L+1}}} with threshold column
 * w_{L+1} = (τ/L) Σ_j w_j: a FALT-shaped linear model can represent Y* exactly. τ is calibrated once, at
 * construction, on a seeded pilot sample so that the planted cardinality is c* = (c − pL)/(1 − 2p);
 * after label noise (each of the L label bits flipped independently with probability p =
 * {@code labelNoise}) the expected cardinality is (1−p)c* + p(L − c*) = c = {@code labelCardinality}.
 * A row that meets none of the model's features has s̄ = 0 and an empty planted set (rare at the default
 * shape).
 *
 * <h2>The ceiling</h2>
 * The planted model is the Bayes-optimal predictor (p &lt; 0.5): its expected Hamming loss is p, and
 * with p = 0 it is exact. {@link #plantedLabels(SparseVector, int[])} returns Y*(x) for any emitted x, so
 * the ceiling of any metric on a stream is the metric of the planted predictions against the stream's
 * labels; compare a learner against that number.
 *
 * <p>Same configuration, same examples on every machine: all randomness comes from
 * {@link SplittableRandom} seeded by {@link Config#seed()}, transcendental functions use
 * {@link StrictMath}, and sums run in a fixed order in {@code double}. Instances are immutable and
 * thread-safe; each stream is single-threaded. Construction costs O(L·modelNonZerosPerLabel + d) plus the
 * pilot sample (a few thousand rows).
 */
public final class SparseTextGenerator {
  /** Rows in the pilot sample that calibrates τ. */
  private static final int PILOT_ROWS = 4000;

  /** TF_TAIL[k] = e^(−k): tf exceeds k when 1 − u ≤ e^(−k); capped at tf = 40 (probability e^(−39)). */
  private static final double[] TF_TAIL = new double[40];

  static {
    for (int k = 0; k < TF_TAIL.length; k++) {
      TF_TAIL[k] = StrictMath.exp(-k);
    }
  }

  /**
   * Shape of the generated corpus.
   *
   * @param numFeatures d, the number of features (every index is below it); at least 2
   * @param meanNonZeros m, the mean number of non-zeros per row, in {@code [1, d/2]}
   * @param numLabels L, at least 1
   * @param labelCardinality c, the expected number of relevant labels per example after noise; the
   *     planted cardinality (c − pL)/(1 − 2p) must lie strictly between 0 and L
   * @param labelNoise p, the probability that each label bit is flipped, in [0, 0.5)
   * @param modelNonZerosPerLabel non-zeros of each planted label weight vector, in [1, d]
   * @param seed the seed of every random draw
   */
  public record Config(
      int numFeatures,
      int meanNonZeros,
      int numLabels,
      double labelCardinality,
      double labelNoise,
      int modelNonZerosPerLabel,
      long seed) {
    /** Validates every field, naming the parameter and value. */
    public Config {
      if (numFeatures < 2) {
        throw new IllegalArgumentException("numFeatures must be >= 2: " + numFeatures);
      }
      if (meanNonZeros < 1 || meanNonZeros > numFeatures / 2) {
        throw new IllegalArgumentException(
            "meanNonZeros must be in [1, numFeatures/2 = " + numFeatures / 2 + "]: " + meanNonZeros);
      }
      if (numLabels < 1) {
        throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
      }
      if (!(labelNoise >= 0 && labelNoise < 0.5)) {
        throw new IllegalArgumentException("labelNoise must be in [0, 0.5): " + labelNoise);
      }
      double planted = plantedCardinality(labelCardinality, labelNoise, numLabels);
      if (!(planted > 0 && planted < numLabels)) {
        throw new IllegalArgumentException(
            "labelCardinality " + labelCardinality + " with labelNoise " + labelNoise + " and numLabels "
                + numLabels + " needs a planted cardinality of " + planted + ", outside (0, " + numLabels + ")");
      }
      if (modelNonZerosPerLabel < 1 || modelNonZerosPerLabel > numFeatures) {
        throw new IllegalArgumentException(
            "modelNonZerosPerLabel must be in [1, numFeatures = " + numFeatures + "]: " + modelNonZerosPerLabel);
      }
    }

    /**
     * The RCV1 shape: d = 47,236, 76 non-zeros per row, L = 101, cardinality 3.2 (RCV1-v2 topics),
     * label noise 0.002, 300 non-zeros per planted label vector, seed 1.
     */
    public static Config defaults() {
      return new Config(47_236, 76, 101, 3.2, 0.002, 300, 1L);
    }

    /** This configuration with another d. */
    public Config withNumFeatures(int value) {
      return new Config(value, meanNonZeros, numLabels, labelCardinality, labelNoise, modelNonZerosPerLabel, seed);
    }

    /** This configuration with another mean number of non-zeros per row. */
    public Config withMeanNonZeros(int value) {
      return new Config(numFeatures, value, numLabels, labelCardinality, labelNoise, modelNonZerosPerLabel, seed);
    }

    /** This configuration with another L. */
    public Config withNumLabels(int value) {
      return new Config(numFeatures, meanNonZeros, value, labelCardinality, labelNoise, modelNonZerosPerLabel, seed);
    }

    /** This configuration with another label cardinality. */
    public Config withLabelCardinality(double value) {
      return new Config(numFeatures, meanNonZeros, numLabels, value, labelNoise, modelNonZerosPerLabel, seed);
    }

    /** This configuration with another label-flip probability. */
    public Config withLabelNoise(double value) {
      return new Config(numFeatures, meanNonZeros, numLabels, labelCardinality, value, modelNonZerosPerLabel, seed);
    }

    /** This configuration with another number of non-zeros per planted label vector. */
    public Config withModelNonZerosPerLabel(int value) {
      return new Config(numFeatures, meanNonZeros, numLabels, labelCardinality, labelNoise, value, seed);
    }

    /** This configuration with another seed. */
    public Config withSeed(long value) {
      return new Config(numFeatures, meanNonZeros, numLabels, labelCardinality, labelNoise, modelNonZerosPerLabel, value);
    }
  }

  private final Config config;
  private final double[] idf;
  /** Planted model, feature-major CSR: feature f has entries modelOffsets[f] .. modelOffsets[f+1]. */
  private final int[] modelOffsets;
  private final int[] modelLabels;
  private final double[] modelWeights;
  private final double tau;
  private final long exampleSeed;
  private final int minNonZeros;
  private final int maxNonZeros;

  /**
   * Builds the planted model for this configuration and calibrates its threshold.
   *
   * @throws IllegalArgumentException if the model needs an array longer than the VM allows
   * @throws org.altml.sparse.InsufficientMemoryException if the model does not fit in the heap
   */
  public SparseTextGenerator(Config config) {
    this.config = config;
    int d = config.numFeatures();
    int m = config.meanNonZeros();
    this.minNonZeros = (m + 1) / 2;
    this.maxNonZeros = 2 * m - minNonZeros;
    long entries = Footprint.length((long) config.numLabels() * config.modelNonZerosPerLabel(), "the planted model");
    Footprint.length((long) PILOT_ROWS * config.numLabels(), "the calibration sample");
    // idf, mark and counts per feature; features, weights and their feature-major copies per model entry;
    // the pilot's ratios; buffers of the longest row
    Footprint.requireModel(20L * d + 24L * entries + 8L * PILOT_ROWS * config.numLabels() + 20L * maxNonZeros,
        "the synthetic text model (d = " + d + ", L = " + config.numLabels() + ")");
    this.idf = new double[d];
    for (int f = 0; f < d; f++) {
      idf[f] = 1.0 + (2.0 / 3.0) * StrictMath.log(f + 1.0);
    }
    SplittableRandom master = new SplittableRandom(config.seed());
    SplittableRandom modelRandom = master.split();
    SplittableRandom pilotRandom = master.split();
    this.exampleSeed = master.nextLong();

    int numLabels = config.numLabels();
    int perLabel = config.modelNonZerosPerLabel();
    int[] labelFeatures = new int[numLabels * perLabel];
    double[] labelWeights = new double[numLabels * perLabel];
    int[] mark = new int[d];
    int[] counts = new int[d + 1];
    for (int label = 0; label < numLabels; label++) {
      int stamp = label + 1;
      int base = label * perLabel;
      // a per-label scale e^(2u) in [1, e²) makes some topics far more frequent than others, as in RCV1
      double prominence = StrictMath.exp(2.0 * modelRandom.nextDouble());
      for (int k = 0; k < perLabel; ) {
        int f = popularFeature(modelRandom, d);
        if (mark[f] != stamp) {
          mark[f] = stamp;
          labelFeatures[base + k] = f;
          labelWeights[base + k] = prominence * exponential(modelRandom) * idf[f];
          counts[f + 1]++;
          k++;
        }
      }
    }
    this.modelOffsets = counts;
    for (int f = 0; f < d; f++) {
      modelOffsets[f + 1] += modelOffsets[f];
    }
    this.modelLabels = new int[labelFeatures.length];
    this.modelWeights = new double[labelFeatures.length];
    int[] fill = Arrays.copyOf(modelOffsets, d);
    // labels in ascending order within each feature, so scores accumulate in a fixed order
    for (int label = 0; label < numLabels; label++) {
      for (int k = label * perLabel; k < (label + 1) * perLabel; k++) {
        int f = labelFeatures[k];
        modelLabels[fill[f]] = label;
        modelWeights[fill[f]] = labelWeights[k];
        fill[f]++;
      }
    }
    this.tau = calibrate(pilotRandom);
  }

  /** A generator for {@link Config#defaults()}. */
  public static SparseTextGenerator withDefaults() {
    return new SparseTextGenerator(Config.defaults());
  }

  /** The configuration. */
  public Config config() {
    return config;
  }

  /** The calibrated τ of the planted rule {@code s_l > τ·s̄} (see the class documentation). */
  public double threshold() {
    return tau;
  }

  /** The planted (noise-free) cardinality c* = (c − pL)/(1 − 2p). */
  public double plantedCardinality() {
    return plantedCardinality(config.labelCardinality(), config.labelNoise(), config.numLabels());
  }

  private static double plantedCardinality(double c, double p, int numLabels) {
    return (c - p * numLabels) / (1 - 2 * p);
  }

  /**
   * The first {@code n} examples of the stream, in memory, with d and L declared by the config.
   *
   * @throws org.altml.sparse.InsufficientMemoryException if they would not fit in the heap
   */
  public Dataset generate(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0: " + n);
    }
    // 8 bytes per non-zero, 4 per label, 8 of offsets per example
    Footprint.requireExamples(n, 8.0 * config.meanNonZeros() + 4.0 * config.labelCardinality() + 8, "synthetic text");
    DatasetBuilder builder =
        new DatasetBuilder()
            .name("synthetic-text(seed=" + config.seed() + ")")
            .numFeatures(config.numFeatures())
            .numLabels(config.numLabels());
    Stream s = new Stream(n);
    while (s.advance()) {
      builder.add(s.features(), s.labels());
    }
    return builder.build();
  }

  /**
   * A stream of {@code n} examples, the same as {@link #generate(int)} gives for the same n, produced on
   * the fly (constant memory, nothing allocated per example). Each call starts from the beginning.
   */
  public ExampleStream stream(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0: " + n);
    }
    return new Stream(n);
  }

  /**
   * Writes into {@code out} the planted labels Y*(x) of the noise-free model, ascending, and returns
   * how many there are; {@code out} needs room for L labels. For an x of this generator's stream this is
   * its label set before noise; for any other x with indices below d it is the planted model's
   * prediction. Allocates a score buffer; call it on a reused generator, not in a hot loop.
   */
  public int plantedLabels(SparseVector x, int[] out) {
    if (x.maxIndex() >= config.numFeatures()) {
      throw new IllegalArgumentException(
          "feature index " + x.maxIndex() + " outside [0, " + config.numFeatures() + ")");
    }
    return plantedInto(x.indices(), x.values(), x.offset(), x.nnz(), new double[config.numLabels()], out);
  }

  private int plantedInto(int[] indices, float[] values, int offset, int nnz, double[] scores, int[] out) {
    int numLabels = config.numLabels();
    Arrays.fill(scores, 0.0);
    for (int k = offset; k < offset + nnz; k++) {
      int f = indices[k];
      double v = values[k];
      for (int e = modelOffsets[f]; e < modelOffsets[f + 1]; e++) {
        scores[modelLabels[e]] += modelWeights[e] * v;
      }
    }
    double sum = 0;
    for (int label = 0; label < numLabels; label++) {
      sum += scores[label];
    }
    // s_l > τ·s̄  ⇔  L·s_l > τ·Σ s_j (no division, so s̄ = 0 gives an empty set)
    double bar = tau * sum;
    int count = 0;
    for (int label = 0; label < numLabels; label++) {
      if (numLabels * scores[label] > bar) {
        out[count++] = label;
      }
    }
    return count;
  }

  /**
   * Chooses τ so that a fraction (c*)/L of the (row, label) pairs of a pilot sample is relevant: the
   * midpoint between the two ratios L·s_l/Σs that straddle that quantile.
   */
  private double calibrate(SplittableRandom random) {
    int numLabels = config.numLabels();
    int[] indices = new int[maxNonZeros];
    float[] values = new float[maxNonZeros];
    double[] raw = new double[maxNonZeros];
    int[] mark = new int[config.numFeatures()];
    double[] scores = new double[numLabels];
    double[] ratios = new double[PILOT_ROWS * numLabels];
    for (int row = 0; row < PILOT_ROWS; row++) {
      int nnz = drawRow(random, indices, values, raw, mark, row + 1);
      Arrays.fill(scores, 0.0);
      for (int k = 0; k < nnz; k++) {
        for (int e = modelOffsets[indices[k]]; e < modelOffsets[indices[k] + 1]; e++) {
          scores[modelLabels[e]] += modelWeights[e] * values[k];
        }
      }
      double sum = 0;
      for (int label = 0; label < numLabels; label++) {
        sum += scores[label];
      }
      for (int label = 0; label < numLabels; label++) {
        // an all-zero row can never be relevant: rank it below everything
        ratios[row * numLabels + label] = sum > 0 ? numLabels * scores[label] / sum : -1.0;
      }
    }
    Arrays.sort(ratios);
    long relevant = Math.round(plantedCardinality() / numLabels * ratios.length);
    int above = (int) Math.max(1, Math.min(ratios.length - 1, relevant));
    int cut = ratios.length - above;
    return 0.5 * (ratios[cut - 1] + ratios[cut]);
  }

  /** Draws one row's sorted distinct indices and unit-norm values; returns nnz. */
  private int drawRow(
      SplittableRandom random, int[] indices, float[] values, double[] raw, int[] mark, int stamp) {
    int d = config.numFeatures();
    int nnz = minNonZeros + random.nextInt(maxNonZeros - minNonZeros + 1);
    for (int k = 0; k < nnz; ) {
      int f = popularFeature(random, d);
      if (mark[f] != stamp) {
        mark[f] = stamp;
        indices[k++] = f;
      }
    }
    Arrays.sort(indices, 0, nnz);
    double squares = 0;
    for (int k = 0; k < nnz; k++) {
      double tf = termFrequency(random);
      double v = tf * idf[indices[k]];
      raw[k] = v;
      squares += v * v;
    }
    double scale = 1.0 / Math.sqrt(squares);
    for (int k = 0; k < nnz; k++) {
      values[k] = (float) (raw[k] * scale);
    }
    return nnz;
  }

  /**
   * 1 + ⌊Exp(1)⌋, i.e. k ≥ 1 with P(tf > k) = e^(−k), by comparing one uniform draw with a table of
   * e^(−k) instead of taking a logarithm per non-zero.
   */
  private static int termFrequency(SplittableRandom random) {
    double u = 1.0 - random.nextDouble();
    int tf = 1;
    while (tf < TF_TAIL.length && u <= TF_TAIL[tf]) {
      tf++;
    }
    return tf;
  }

  private static int popularFeature(SplittableRandom random, int d) {
    double u = random.nextDouble();
    return Math.min(d - 1, (int) (d * (u * u * u)));
  }

  private static double exponential(SplittableRandom random) {
    return -StrictMath.log(1.0 - random.nextDouble());
  }

  /** The streaming cursor: one random generator and reused buffers. */
  private final class Stream implements ExampleStream {
    private final long n;
    private final SplittableRandom random = new SplittableRandom(exampleSeed);
    private final LabelNoise noise = new LabelNoise(config.labelNoise(), config.numLabels());
    private final int[] indices = new int[maxNonZeros];
    private final float[] values = new float[maxNonZeros];
    private final double[] raw = new double[maxNonZeros];
    private final int[] mark = new int[config.numFeatures()];
    private final double[] scores = new double[config.numLabels()];
    private final int[] planted = new int[config.numLabels()];
    private final int[] labels = new int[config.numLabels()];
    private final SparseVector x = new SparseVector();
    private final LabelSet y = new LabelSet();
    private long position;
    private int stamp;
    private boolean closed;

    Stream(long n) {
      this.n = n;
    }

    @Override
    public boolean advance() {
      if (closed || position >= n) {
        return false;
      }
      position++;
      // stamps tell rows apart in `mark` without clearing it; it is cleared once per 2^32 rows
      if (++stamp == 0) {
        Arrays.fill(mark, 0);
        stamp = 1;
      }
      int nnz = drawRow(random, indices, values, raw, mark, stamp);
      int count = plantedInto(indices, values, 0, nnz, scores, planted);
      int size = noise.apply(random, planted, 0, count, labels);
      x.reset(indices, values, 0, nnz);
      y.reset(labels, 0, size);
      return true;
    }

    @Override
    public SparseVector features() {
      return x;
    }

    @Override
    public LabelSet labels() {
      return y;
    }

    @Override
    public int numLabels() {
      return config.numLabels();
    }

    @Override
    public int numFeatures() {
      return config.numFeatures();
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
