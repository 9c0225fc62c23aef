package org.altml.sparse.synth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * Seeded text with named words, a vocabulary that keeps growing and named labels born mid-stream: the open stream
 * of docs/spec.md#open-streams ({@link NamedExampleWriter} writes it as JSON lines or {@code name:value} LIBSVM).
 *
 * <h2>Words</h2>
 * Word r (r = 0, 1, ...) is named {@code "w" + r}. An example that follows N tokens of the stream draws its
 * background tokens from V(N) = min(maxVocabulary, max(1, ⌊K·(N + 1)^β⌋)) words (Heaps' law, K =
 * {@code heapsScale}, β = {@code heapsExponent}): such a token is word ⌊x⌋ − 1 with x drawn from the density
 * ∝ x^(−s) on [1, V(N) + 1) (s = {@code zipfExponent}, by inversion), so word r has a frequency close to
 * ∝ (r + 1)^(−s), a Zipf rank-frequency law, and words never seen before keep appearing as V grows (the words
 * seen trail V: about 0.4·V after 10^5 tokens at the defaults, 0.57·V after 10^6).
 *
 * <h2>Labels</h2>
 * Label l is named {@code "tag" + l}; it is relevant to an example with probability p_l = c·a_l / Σ_j a_j (c =
 * {@code labelCardinality}, prominence a_l = e^(2u), u uniform) once it is born ({@link LabelBirths}; before, never).
 * Each label has {@code keywordsPerLabel} keywords drawn uniformly among the words of ranks [20, 20 + 4·k·L).
 * An example has n tokens, n uniform in [⌈m/2⌉, 2m − ⌈m/2⌉] (m = {@code meanTokens}); with probability
 * {@code topicShare} a token is a uniform keyword of a uniform label of the example (when it has one), else a
 * background token. So a label's keywords are far more frequent in its examples: a linear learner can learn it.
 * A feature's value is the count of its word in the example; the features are written in rank order, the labels
 * in label order.
 *
 * <p>Same configuration and births, same stream, bit for bit: every draw comes from one {@link SplittableRandom}
 * seeded by {@link Config#seed()} and the transcendental functions are {@link StrictMath}'s. Immutable; each
 * iterator is single-threaded and starts from the first example.
 */
public final class ZipfTextGenerator {
  private static final int KEYWORD_FLOOR = 20;

  /**
   * Shape of the stream.
   *
   * @param numLabels L, at least 1
   * @param labelCardinality c, the expected number of relevant labels once all are born, in (0, L)
   * @param meanTokens m, the mean number of tokens of an example, at least 1
   * @param zipfExponent s, the rank-frequency exponent, in (0, 4]
   * @param heapsScale K of Heaps' law, at least 1
   * @param heapsExponent β of Heaps' law, in (0, 1]
   * @param maxVocabulary a bound on V, at least 1
   * @param keywordsPerLabel k, at least 1
   * @param topicShare the probability that a token of an example with labels is one of their keywords, in [0, 1]
   * @param seed the seed of every draw
   */
  public record Config(int numLabels, double labelCardinality, int meanTokens, double zipfExponent,
      double heapsScale, double heapsExponent, int maxVocabulary, int keywordsPerLabel, double topicShare,
      long seed) {
    /** Validates every field, naming the parameter and value. */
    public Config {
      if (numLabels < 1) {
        throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
      }
      if (!(labelCardinality > 0 && labelCardinality < numLabels)) {
        throw new IllegalArgumentException("labelCardinality must be in (0, numLabels = " + numLabels + "): "
            + labelCardinality);
      }
      if (meanTokens < 1) {
        throw new IllegalArgumentException("meanTokens must be >= 1: " + meanTokens);
      }
      if (!(zipfExponent > 0 && zipfExponent <= 4)) {
        throw new IllegalArgumentException("zipfExponent must be in (0, 4]: " + zipfExponent);
      }
      if (!(heapsScale >= 1 && heapsScale < 1e9)) {
        throw new IllegalArgumentException("heapsScale must be in [1, 1e9): " + heapsScale);
      }
      if (!(heapsExponent > 0 && heapsExponent <= 1)) {
        throw new IllegalArgumentException("heapsExponent must be in (0, 1]: " + heapsExponent);
      }
      if (maxVocabulary < 1 || maxVocabulary > Integer.MAX_VALUE - 1) {
        throw new IllegalArgumentException("maxVocabulary must be in [1, 2^31 - 2]: " + maxVocabulary);
      }
      if (keywordsPerLabel < 1 || (long) KEYWORD_FLOOR + 4L * keywordsPerLabel * numLabels > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("keywordsPerLabel must be >= 1 and 4·keywordsPerLabel·numLabels fit an int: "
            + keywordsPerLabel);
      }
      if (!(topicShare >= 0 && topicShare <= 1)) {
        throw new IllegalArgumentException("topicShare must be in [0, 1]: " + topicShare);
      }
    }

    /**
     * L = 100 tags, 3 per example, 80 tokens per example, s = 1, K = 30, β = 0.6 (English-like Heaps' law), at
     * most 2^26 words, 15 keywords per tag, a topic share of 0.3, seed 1.
     */
    public static Config defaults() {
      return new Config(100, 3.0, 80, 1.0, 30, 0.6, 1 << 26, 15, 0.3, 1L);
    }

    /** This configuration with another seed. */
    public Config withSeed(long value) {
      return new Config(numLabels, labelCardinality, meanTokens, zipfExponent, heapsScale, heapsExponent,
          maxVocabulary, keywordsPerLabel, topicShare, value);
    }

    /** This configuration with another L and cardinality. */
    public Config withLabels(int count, double cardinality) {
      return new Config(count, cardinality, meanTokens, zipfExponent, heapsScale, heapsExponent, maxVocabulary,
          keywordsPerLabel, topicShare, seed);
    }
  }

  private final Config config;
  private final LabelBirths births;
  private final double[] frequency;
  private final int[][] keywords;
  private final long exampleSeed;

  /**
   * The stream of {@code config} with label births {@code births}.
   *
   * @throws IllegalArgumentException if the schedule's L is not the configuration's
   */
  public ZipfTextGenerator(Config config, LabelBirths births) {
    if (births.numLabels() != config.numLabels()) {
      throw new IllegalArgumentException("the birth schedule has " + births.numLabels() + " labels, the configuration "
          + config.numLabels());
    }
    this.config = config;
    this.births = births;
    int numLabels = config.numLabels();
    SplittableRandom master = new SplittableRandom(config.seed());
    SplittableRandom model = master.split();
    this.exampleSeed = master.nextLong();
    double[] prominence = new double[numLabels];
    double total = 0;
    for (int l = 0; l < numLabels; l++) {
      prominence[l] = StrictMath.exp(2.0 * model.nextDouble());
      total += prominence[l];
    }
    this.frequency = new double[numLabels];
    for (int l = 0; l < numLabels; l++) {
      frequency[l] = Math.min(1.0, config.labelCardinality() * prominence[l] / total);
    }
    int span = 4 * config.keywordsPerLabel() * numLabels;
    this.keywords = new int[numLabels][config.keywordsPerLabel()];
    for (int l = 0; l < numLabels; l++) {
      for (int k = 0; k < keywords[l].length; ) {
        int word = KEYWORD_FLOOR + model.nextInt(span);
        if (!contains(keywords[l], k, word)) {
          keywords[l][k++] = word;
        }
      }
      Arrays.sort(keywords[l]);
    }
  }

  private static boolean contains(int[] a, int n, int v) {
    for (int i = 0; i < n; i++) {
      if (a[i] == v) {
        return true;
      }
    }
    return false;
  }

  /** The configuration. */
  public Config config() {
    return config;
  }

  /** The birth of every label. */
  public LabelBirths births() {
    return births;
  }

  /** The probability that label {@code label} is relevant to an example after its birth. */
  public double frequency(int label) {
    return frequency[label];
  }

  /** The ranks of the keywords of {@code label}, ascending (a copy). */
  public int[] keywords(int label) {
    return keywords[label].clone();
  }

  /** The name of word {@code rank}. */
  public static String wordName(int rank) {
    return "w" + rank;
  }

  /** The name of label {@code label}. */
  public static String labelName(int label) {
    return "tag" + label;
  }

  /** V(N): the words the background tokens of an example that follows {@code tokens} tokens are drawn from. */
  public int vocabulary(long tokens) {
    double v = Math.floor(config.heapsScale() * StrictMath.pow(tokens + 1.0, config.heapsExponent()));
    return (int) Math.max(1, Math.min(config.maxVocabulary(), v));
  }

  /** The first {@code n} examples, made as they are consumed. Each call starts afresh. */
  public Iterator<NamedExample> examples(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0: " + n);
    }
    return new Cursor(n);
  }

  /** Draws the examples one by one: one random generator, the token count, reused buffers. */
  private final class Cursor implements Iterator<NamedExample> {
    private final long n;
    private final SplittableRandom random = new SplittableRandom(exampleSeed);
    private final int minTokens = (config.meanTokens() + 1) / 2;
    private final int maxTokens = 2 * config.meanTokens() - minTokens;
    private final int[] words = new int[maxTokens];
    private final int[] labels = new int[config.numLabels()];
    private long index;
    private long tokens;

    Cursor(long n) {
      this.n = n;
    }

    @Override
    public boolean hasNext() {
      return index < n;
    }

    @Override
    public NamedExample next() {
      if (index >= n) {
        throw new NoSuchElementException("the stream has " + n + " examples");
      }
      int size = 0;
      for (int l = 0; l < labels.length; l++) {
        // every label draws, born or not, so that a birth moves no other draw
        if (random.nextDouble() < frequency[l] && births.born(l, index)) {
          labels[size++] = l;
        }
      }
      int count = minTokens + random.nextInt(maxTokens - minTokens + 1);
      int v = vocabulary(tokens);
      // the inversion's constant for this V: ln(V + 1) when s = 1, else (V + 1)^(1 − s) − 1
      double s = config.zipfExponent();
      double span = s == 1.0 ? StrictMath.log(v + 1.0) : StrictMath.pow(v + 1.0, 1.0 - s) - 1.0;
      for (int t = 0; t < count; t++) {
        if (size > 0 && random.nextDouble() < config.topicShare()) {
          int[] own = keywords[labels[random.nextInt(size)]];
          words[t] = own[random.nextInt(own.length)];
        } else {
          words[t] = zipf(random.nextDouble(), v, span);
        }
      }
      tokens += count;
      Arrays.sort(words, 0, count);
      Map<String, Double> features = new LinkedHashMap<>();
      for (int t = 0; t < count; ) {
        int end = t;
        while (end < count && words[end] == words[t]) {
          end++;
        }
        features.put(wordName(words[t]), (double) (end - t));
        t = end;
      }
      List<String> names = new ArrayList<>(size);
      for (int k = 0; k < size; k++) {
        names.add(labelName(labels[k]));
      }
      return new NamedExample(index++, features, names);
    }

    /** ⌊x⌋ − 1 for x of density ∝ x^(−s) on [1, v + 1), by inversion of the CDF at u. */
    private int zipf(double u, int v, double span) {
      double s = config.zipfExponent();
      double x = s == 1.0 ? StrictMath.exp(u * span) : StrictMath.pow(1.0 + u * span, 1.0 / (1.0 - s));
      return Math.max(0, Math.min(v - 1, (int) x - 1));
    }
  }
}
