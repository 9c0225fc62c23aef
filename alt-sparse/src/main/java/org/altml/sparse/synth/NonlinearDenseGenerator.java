package org.altml.sparse.synth;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.data.ExampleStream;

/**
 * Seeded dense data whose labels depend on RBF-like neighbourhoods, so that linear learners fall short
 * and kernel learners can win (by default the shape of mediamill: 120 features, 101 labels).
 *
 * <h2>How an example is made</h2>
 * The data lives near a low-dimensional manifold, as real features do: {@code numCentres} centres
 * c_1..c_C are drawn uniformly in the latent cube [−1, 1]^k with k = min(8, d), and each centre carries
 * a label set (sizes balanced so that their mean is the planted cardinality c* = (c − pL)/(1 − 2p),
 * labels drawn with a skewed popularity ⌊L·u²⌋, so some labels are common and some rare). An example
 * picks a centre uniformly, draws a latent point z = c_j + σ·N(0, I_k) with σ = 0.25 × the mean distance
 * from a centre to its nearest other centre, and its relevant labels are those of the centre nearest to
 * z (a Voronoi neighbourhood: a label's region is a union of cells scattered over the space, which no
 * hyperplane separates once there are many more centres than dimensions, while an RBF kernel with a
 * width near σ follows it). The features are x = A·z + 0.05·N(0, I_d) with a fixed random A ∈
 * R^{d×k} (entries N(0, 1/k)), so x determines z up to small noise. Finally each of the L label bits is
 * flipped independently with probability p = {@code labelNoise}, so the expected cardinality is c.
 *
 * <p>Every feature is stored (a dense row in sparse form; an exact 0.0f, which has probability zero but
 * is not impossible, is left out as {@link SparseVector} requires).
 *
 * <p>Same configuration, same examples on every machine: {@link SplittableRandom} seeded by
 * {@link Config#seed()}, Gaussians by the polar method with {@link StrictMath}, fixed-order sums.
 * Instances are immutable and thread-safe; each stream is single-threaded and costs O(C·k + d·k) per
 * example, allocating nothing.
 */
public final class NonlinearDenseGenerator {
  /** Dimension of the latent space (capped by d). */
  static final int LATENT_DIMENSIONS = 8;
  /** Spread of examples around their centre, relative to the mean nearest-centre distance. */
  static final double SPREAD = 0.25;
  /** Standard deviation of the isotropic feature noise added after the linear embedding. */
  static final double FEATURE_NOISE = 0.05;

  /**
   * Shape of the generated corpus.
   *
   * @param numFeatures d, at least 1
   * @param numLabels L, at least 1
   * @param numCentres C, the number of labelled neighbourhoods, at least 2
   * @param labelCardinality c, the expected number of relevant labels per example after noise; the
   *     planted cardinality (c − pL)/(1 − 2p) must lie in (0, L]
   * @param labelNoise p, the probability that each label bit is flipped, in [0, 0.5)
   * @param seed the seed of every random draw
   */
  public record Config(
      int numFeatures, int numLabels, int numCentres, double labelCardinality, double labelNoise, long seed) {
    /** Validates every field, naming the parameter and value. */
    public Config {
      if (numFeatures < 1) {
        throw new IllegalArgumentException("numFeatures must be >= 1: " + numFeatures);
      }
      if (numLabels < 1) {
        throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
      }
      if (numCentres < 2) {
        throw new IllegalArgumentException("numCentres must be >= 2: " + numCentres);
      }
      if (!(labelNoise >= 0 && labelNoise < 0.5)) {
        throw new IllegalArgumentException("labelNoise must be in [0, 0.5): " + labelNoise);
      }
      double planted = (labelCardinality - labelNoise * numLabels) / (1 - 2 * labelNoise);
      if (!(planted > 0 && planted <= numLabels)) {
        throw new IllegalArgumentException(
            "labelCardinality " + labelCardinality + " with labelNoise " + labelNoise + " and numLabels "
                + numLabels + " needs a planted cardinality of " + planted + ", outside (0, " + numLabels + "]");
      }
    }

    /**
     * The mediamill shape: 120 features, 101 labels, cardinality 4.376, 400 centres, label noise 0.002,
     * seed 1.
     */
    public static Config defaults() {
      return new Config(120, 101, 400, 4.376, 0.002, 1L);
    }

    /** This configuration with another d. */
    public Config withNumFeatures(int value) {
      return new Config(value, numLabels, numCentres, labelCardinality, labelNoise, seed);
    }

    /** This configuration with another L. */
    public Config withNumLabels(int value) {
      return new Config(numFeatures, value, numCentres, labelCardinality, labelNoise, seed);
    }

    /** This configuration with another number of centres. */
    public Config withNumCentres(int value) {
      return new Config(numFeatures, numLabels, value, labelCardinality, labelNoise, seed);
    }

    /** This configuration with another label cardinality. */
    public Config withLabelCardinality(double value) {
      return new Config(numFeatures, numLabels, numCentres, value, labelNoise, seed);
    }

    /** This configuration with another label-flip probability. */
    public Config withLabelNoise(double value) {
      return new Config(numFeatures, numLabels, numCentres, labelCardinality, value, seed);
    }

    /** This configuration with another seed. */
    public Config withSeed(long value) {
      return new Config(numFeatures, numLabels, numCentres, labelCardinality, labelNoise, value);
    }
  }

  private final Config config;
  private final int latent;
  /** Centre j occupies centres[j·latent .. (j+1)·latent). */
  private final double[] centres;
  /** Labels of centre j: centreLabels[labelOffsets[j] .. labelOffsets[j+1]), ascending. */
  private final int[] labelOffsets;
  private final int[] centreLabels;
  /** Row-major d×k embedding. */
  private final double[] embedding;
  private final double sigma;
  private final long exampleSeed;

  /**
   * Draws the centres, their label sets and the embedding for this configuration.
   *
   * @throws IllegalArgumentException if the model needs an array longer than the VM allows
   * @throws org.altml.sparse.InsufficientMemoryException if the model does not fit in the heap
   */
  public NonlinearDenseGenerator(Config config) {
    this.config = config;
    int d = config.numFeatures();
    int numLabels = config.numLabels();
    int numCentres = config.numCentres();
    this.latent = Math.min(LATENT_DIMENSIONS, d);
    Footprint.length((long) numCentres * latent, "the centres");
    Footprint.length((long) d * latent, "the embedding");
    // centres, their label offsets and sets (at most L each), the label marks, the embedding
    long perCentre = 1 + (long) Math.min(numLabels, config.labelCardinality() + 1);
    Footprint.requireModel(8L * numCentres * latent + 4L * numCentres * perCentre + 4L * numLabels + 8L * d * latent, "the synthetic dense model (d = " + d + ", L = " + numLabels + ", "
        + numCentres + " centres)");
    SplittableRandom master = new SplittableRandom(config.seed());
    SplittableRandom modelRandom = master.split();
    this.exampleSeed = master.nextLong();

    this.centres = new double[numCentres * latent];
    for (int i = 0; i < centres.length; i++) {
      centres[i] = 2 * modelRandom.nextDouble() - 1;
    }
    double nearestSum = 0;
    for (int j = 0; j < numCentres; j++) {
      double best = Double.POSITIVE_INFINITY;
      for (int o = 0; o < numCentres; o++) {
        if (o != j) {
          best = Math.min(best, squaredDistance(centres, j * latent, centres, o * latent, latent));
        }
      }
      nearestSum += Math.sqrt(best);
    }
    this.sigma = SPREAD * nearestSum / numCentres;

    // sizes ⌊c*⌋ or ⌈c*⌉, the larger ones on the first centres, so that the mean is c* (up to 1/C)
    double planted = (config.labelCardinality() - config.labelNoise() * numLabels) / (1 - 2 * config.labelNoise());
    long total = Math.round(planted * numCentres);
    this.labelOffsets = new int[numCentres + 1];
    for (int j = 0; j < numCentres; j++) {
      int size = (int) Math.min(numLabels, total / numCentres + (j < total % numCentres ? 1 : 0));
      labelOffsets[j + 1] = labelOffsets[j] + size;
    }
    this.centreLabels = new int[labelOffsets[numCentres]];
    int[] mark = new int[numLabels];
    for (int j = 0; j < numCentres; j++) {
      int stamp = j + 1;
      int from = labelOffsets[j];
      int size = labelOffsets[j + 1] - from;
      int k = 0;
      // skewed draws first; if the popular labels are used up, fill uniformly so this always ends
      for (int tries = 0; k < size && tries < 64 * size; tries++) {
        double u = modelRandom.nextDouble();
        int label = Math.min(numLabels - 1, (int) (numLabels * u * u));
        if (mark[label] != stamp) {
          mark[label] = stamp;
          centreLabels[from + k++] = label;
        }
      }
      for (int label = modelRandom.nextInt(numLabels); k < size; label = (label + 1) % numLabels) {
        if (mark[label] != stamp) {
          mark[label] = stamp;
          centreLabels[from + k++] = label;
        }
      }
      Arrays.sort(centreLabels, from, from + size);
    }

    this.embedding = new double[d * latent];
    double scale = 1.0 / Math.sqrt(latent);
    for (int i = 0; i < embedding.length; i++) {
      embedding[i] = scale * gaussian(modelRandom);
    }
  }

  /** A generator for {@link Config#defaults()}. */
  public static NonlinearDenseGenerator withDefaults() {
    return new NonlinearDenseGenerator(Config.defaults());
  }

  /** The configuration. */
  public Config config() {
    return config;
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
    // dense rows: 8 bytes per feature, 4 per label, 8 of offsets per example
    Footprint.requireExamples(n, 8.0 * config.numFeatures() + 4.0 * config.labelCardinality() + 8, "synthetic dense data");
    DatasetBuilder builder =
        new DatasetBuilder()
            .name("synthetic-dense(seed=" + config.seed() + ")")
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

  private static double squaredDistance(double[] a, int aOffset, double[] b, int bOffset, int n) {
    double s = 0;
    for (int t = 0; t < n; t++) {
      double diff = a[aOffset + t] - b[bOffset + t];
      s += diff * diff;
    }
    return s;
  }

  /**
   * One standard normal draw by the Marsaglia polar method (the second value of each pair is dropped,
   * which keeps the stream stateless and the order of draws obvious).
   */
  private static double gaussian(SplittableRandom random) {
    double u;
    double v;
    double s;
    do {
      u = 2 * random.nextDouble() - 1;
      v = 2 * random.nextDouble() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    return u * StrictMath.sqrt(-2 * StrictMath.log(s) / s);
  }

  /** The streaming cursor: one random generator and reused buffers. */
  private final class Stream implements ExampleStream {
    private final long n;
    private final SplittableRandom random = new SplittableRandom(exampleSeed);
    private final LabelNoise noise = new LabelNoise(config.labelNoise(), config.numLabels());
    private final double[] z = new double[latent];
    private final int[] indices = new int[config.numFeatures()];
    private final float[] values = new float[config.numFeatures()];
    private final int[] labels = new int[config.numLabels()];
    private final SparseVector x = new SparseVector();
    private final LabelSet y = new LabelSet();
    private long position;
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
      int numCentres = config.numCentres();
      int centre = random.nextInt(numCentres);
      for (int t = 0; t < latent; t++) {
        z[t] = centres[centre * latent + t] + sigma * gaussian(random);
      }
      int nearest = 0;
      double best = Double.POSITIVE_INFINITY;
      for (int j = 0; j < numCentres; j++) {
        double dist = squaredDistance(z, 0, centres, j * latent, latent);
        if (dist < best) {
          best = dist;
          nearest = j;
        }
      }
      int nnz = 0;
      for (int f = 0; f < indices.length; f++) {
        double v = FEATURE_NOISE * gaussian(random);
        for (int t = 0; t < latent; t++) {
          v += embedding[f * latent + t] * z[t];
        }
        float value = (float) v;
        if (value != 0f) {
          indices[nnz] = f;
          values[nnz] = value;
          nnz++;
        }
      }
      int from = labelOffsets[nearest];
      int size = noise.apply(random, centreLabels, from, labelOffsets[nearest + 1] - from, labels);
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
