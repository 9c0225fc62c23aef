package org.altml.core.metric;

import java.util.Arrays;
import org.altml.core.learner.Scores;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;

/**
 * Every {@link Measure} over the last {@code width} accepted examples (a sliding window), exactly: a
 * ring buffer keeps each example's contributions (example-based and ranking values, and its truth and
 * prediction as bit sets for the per-label counts), and the oldest example is subtracted when it falls
 * out. Because sums are exact, {@link #report()} equals bit for bit the report of a fresh {@link
 * EvaluationSuite} fed the same last {@code width} examples; all metrics, including macro- and
 * micro-F1, are windowed.
 *
 * <p>Open streams: {@link #growLabels} as for {@link EvaluationSuite#growLabels}; each example in the ring keeps the L it
 * was accepted at (its Hamming loss's divisor), and macro averages divide by the labels known at the report, those
 * of examples that have left the window included (docs/spec.md#open-metrics).
 *
 * <p>Memory: about {@code min(width, accepted)·(64 + L/4)} bytes: the ring grows by doubling as examples arrive
 * (from {@value #INITIAL_CAPACITY} slots) until it holds {@code width}, each growth checked against the heap before
 * allocating ({@link MemoryCheck}), so a window wider than the stream costs only the stream. Cost per example:
 * that of {@link EvaluationSuite} plus O(L/64) for the bit sets; nothing is allocated per example beyond the
 * doublings. Not thread-safe.
 */
public final class SlidingWindowSuite {
  private final ExampleEvaluator evaluator;
  private final MetricSums sums;
  private final int width;
  /** Words of label bits per slot: at least (L + 63) / 64, doubled when labels outgrow it. */
  private int words;
  private String what;
  /** Slots the arrays hold: grows to {@link #width} while the window fills. */
  private int capacity;
  private double[] precision = new double[0];
  private double[] recall = new double[0];
  private double[] jaccard = new double[0];
  private double[] rankingLoss = new double[0];
  private double[] oneError = new double[0];
  private double[] coverage = new double[0];
  private double[] averagePrecision = new double[0];
  private int[] symDiff = new int[0];
  private boolean[] exact = new boolean[0];
  private boolean[] empty = new boolean[0];
  /** The L each example was accepted at. */
  private int[] labelsAt = new int[0];
  private long[] truthBits = new long[0];
  private long[] predictedBits = new long[0];
  private int next;
  private int size;

  /**
   * A window of the last {@code width} examples over {@code numLabels} labels.
   *
   * @param ranking whether to compute the ranking metrics (NaN otherwise)
   * @throws IllegalArgumentException if {@code width < 1} or {@code numLabels < 0}
   * @throws InsufficientMemoryException if no array can hold the window's label bits, or its first slots do not fit
   */
  public SlidingWindowSuite(int numLabels, int width, ZeroDivisionPolicy policy, boolean ranking) {
    if (width < 1) {
      throw new IllegalArgumentException("window width must be >= 1: " + width);
    }
    this.evaluator = new ExampleEvaluator(numLabels, policy, ranking);
    this.sums = new MetricSums(numLabels, policy);
    this.width = width;
    this.words = (numLabels + 63) >>> 6;
    long bits = (long) width * words;
    this.what = "a sliding window of " + width + " examples over " + numLabels + " labels";
    if (bits > Integer.MAX_VALUE - 8) {
      throw new InsufficientMemoryException(what, Long.MAX_VALUE, MemoryCheck.available(),
          what + " does not fit in one array (" + bits + " words of label bits); choose a smaller window");
    }
    grow(Math.min(width, INITIAL_CAPACITY));
  }

  /** Slots of a new window (or all of a narrower one). */
  static final int INITIAL_CAPACITY = 1024;

  /**
   * Makes the arrays hold {@code slots} examples, keeping those held (the window has not wrapped while it grows:
   * its examples are in slots 0 to size − 1).
   */
  private void grow(int slots) {
    // seven doubles, two ints and two booleans per example, and two bit sets of L bits
    MemoryCheck.require(MemoryCheck.bytes(slots, 7L * 8 + 8 + 2 + 16L * words), what, "choose a smaller window");
    precision = Arrays.copyOf(precision, slots);
    recall = Arrays.copyOf(recall, slots);
    jaccard = Arrays.copyOf(jaccard, slots);
    rankingLoss = Arrays.copyOf(rankingLoss, slots);
    oneError = Arrays.copyOf(oneError, slots);
    coverage = Arrays.copyOf(coverage, slots);
    averagePrecision = Arrays.copyOf(averagePrecision, slots);
    symDiff = Arrays.copyOf(symDiff, slots);
    exact = Arrays.copyOf(exact, slots);
    empty = Arrays.copyOf(empty, slots);
    labelsAt = Arrays.copyOf(labelsAt, slots);
    truthBits = Arrays.copyOf(truthBits, slots * words);
    predictedBits = Arrays.copyOf(predictedBits, slots * words);
    capacity = slots;
  }

  /**
   * Grows L to {@code numLabels} when labels first appear in an open stream ({@link EvaluationSuite#growLabels}): the new
   * labels' counts start at zero, the examples in the window keep the L they were accepted at. The label bits of the
   * ring are laid out again only when they outgrow their words, which then double.
   *
   * @throws IllegalArgumentException if {@code numLabels} is below L
   * @throws InsufficientMemoryException if the wider ring does not fit in the heap
   */
  public void growLabels(int numLabels) {
    int need = (numLabels + 63) >>> 6;
    if (numLabels > evaluator.numLabels && need > words) {
      int grown = (int) Math.min(Integer.MAX_VALUE, Math.max(need, 2L * words));
      String wider = "a sliding window of " + width + " examples over " + numLabels + " labels";
      long bits = (long) capacity * grown;
      if ((long) width * grown > Integer.MAX_VALUE - 8) {
        throw new InsufficientMemoryException(wider, Long.MAX_VALUE, MemoryCheck.available(),
            wider + " does not fit in one array (" + (long) width * grown + " words of label bits); choose a smaller window");
      }
      MemoryCheck.require(16L * bits, wider, "choose a smaller window");
      truthBits = widen(truthBits, grown);
      predictedBits = widen(predictedBits, grown);
      words = grown;
    }
    evaluator.grow(numLabels);
    sums.grow(numLabels);
    what = "a sliding window of " + width + " examples over " + evaluator.numLabels + " labels";
  }

  /** {@code bits} (capacity slots of {@link #words} words) with {@code grown} words per slot, the new words zero. */
  private long[] widen(long[] bits, int grown) {
    long[] out = new long[capacity * grown];
    for (int slot = 0; slot < capacity; slot++) {
      System.arraycopy(bits, slot * words, out, slot * grown, words);
    }
    return out;
  }

  /**
   * Adds one example, dropping the oldest when the window is full.
   *
   * @throws IllegalArgumentException as {@link EvaluationSuite#accept}
   * @throws InsufficientMemoryException if the window must grow and its larger ring does not fit in the heap
   */
  public void accept(LabelSet truth, Scores scores) {
    ExampleEvaluator e = evaluator;
    e.evaluate(truth, scores);
    int slot = next;
    if (size == width) {
      evict(slot);
    } else {
      if (size == capacity) {
        grow((int) Math.min(width, 2L * capacity));
      }
      size++;
    }
    precision[slot] = e.precision;
    recall[slot] = e.recall;
    jaccard[slot] = e.jaccard;
    rankingLoss[slot] = e.rankingLoss;
    oneError[slot] = e.oneError;
    coverage[slot] = e.coverage;
    averagePrecision[slot] = e.averagePrecision;
    symDiff[slot] = e.symmetricDifference();
    exact[slot] = e.exactMatch;
    empty[slot] = e.predictedSize == 0;
    labelsAt[slot] = e.numLabels;
    int base = slot * words;
    int numLabels = e.numLabels;
    float[] s = e.scores;
    float t = s[numLabels];
    boolean[] mask = e.truthMask;
    for (int w = 0; w < words; w++) {
      truthBits[base + w] = 0L;
      predictedBits[base + w] = 0L;
    }
    for (int l = 0; l < numLabels; l++) {
      if (mask[l]) {
        truthBits[base + (l >>> 6)] |= 1L << l;
      }
      if (s[l] > t) {
        predictedBits[base + (l >>> 6)] |= 1L << l;
      }
    }
    sums.add(e);
    next = slot + 1 == width ? 0 : slot + 1;
  }

  private void evict(int slot) {
    sums.addExample(
        -1,
        precision[slot],
        recall[slot],
        jaccard[slot],
        exact[slot],
        empty[slot],
        symDiff[slot],
        labelsAt[slot],
        rankingLoss[slot],
        oneError[slot],
        coverage[slot],
        averagePrecision[slot]);
    int base = slot * words;
    for (int w = 0; w < words; w++) {
      long truth = truthBits[base + w];
      long predicted = predictedBits[base + w];
      subtract(truth & predicted, w, sums.tp);
      subtract(predicted & ~truth, w, sums.fp);
      subtract(truth & ~predicted, w, sums.fn);
    }
  }

  private static void subtract(long bits, int word, long[] counts) {
    while (bits != 0) {
      counts[(word << 6) + Long.numberOfTrailingZeros(bits)]--;
      bits &= bits - 1;
    }
  }

  /** Number of labels L (the current one, after {@link #growLabels}). */
  public int numLabels() {
    return evaluator.numLabels;
  }

  /** The window width W. */
  public int width() {
    return width;
  }

  /** Number of examples currently in the window, min(accepted, W). */
  public int size() {
    return size;
  }

  /** The value of one metric over the window. */
  public double value(Measure measure) {
    return !evaluator.ranking && measure.needsRanking() ? Double.NaN : sums.value(measure);
  }

  /** An immutable snapshot of every metric over the examples in the window. */
  public MetricReport report() {
    return sums.report(evaluator.ranking);
  }

  /** Empties the window. */
  public void reset() {
    sums.clear();
    next = 0;
    size = 0;
  }
}
