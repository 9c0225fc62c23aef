package org.altml.core.metric;

import org.altml.core.math.VectorMath;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;

/**
 * Per-example work shared by every metric: the truth mask, |Y|, |Ŷ|, |Y ∩ Ŷ| and the per-example
 * contributions of the example-based and ranking metrics, computed once per example into reusable
 * fields. Cost O(L) plus O(|Y|·L) for the ranking part (SIMD compares, {@link VectorMath#countAtLeast}). Not
 * thread-safe.
 */
final class ExampleEvaluator {
  /** L, which may grow ({@link #grow}). */
  int numLabels;
  final ZeroDivisionPolicy policy;
  final boolean ranking;
  /** truthMask[j] = j ∈ Y for the last evaluated example. */
  boolean[] truthMask;
  /** The same as {@link #truthMask} as 0/1, for branch-free counting. */
  int[] truthBits;
  /** The predicted labels of the last example, ascending, in the first {@link #predictedSize} entries. */
  int[] predictedLabels;
  /** The labels set in {@link #truthMask} (and {@link #truthBits}), {@link #markedSize} of them: what the next example clears. */
  private int[] marked;
  private int markedSize;
  /** Scratch: the scores of the true labels of the example being ranked. */
  private float[] relevantScores;
  /** The true labels of the last example: {@code truthSize} entries from {@link #truthOffset}. */
  int[] truthLabels;
  int truthOffset;

  float[] scores;
  int truthSize;
  int predictedSize;
  int intersection;
  double precision;
  double recall;
  double jaccard;
  boolean exactMatch;
  /** Ranking loss of the example, NaN when Y = ∅ or Ȳ = ∅ (0 placeholder when the ranking pass is off). */
  double rankingLoss;
  /** One-error, coverage and average precision of the example, NaN when Y = ∅ (0 placeholder when the ranking pass is off). */
  double oneError;
  double coverage;
  double averagePrecision;

  ExampleEvaluator(int numLabels, ZeroDivisionPolicy policy, boolean ranking) {
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
    if (policy == null) {
      throw new NullPointerException("policy");
    }
    this.numLabels = numLabels;
    this.policy = policy;
    this.ranking = ranking;
    MemoryCheck.require(17L * numLabels, "the metrics of " + numLabels + " labels", "check the number of labels");
    this.truthMask = new boolean[numLabels];
    this.truthBits = new int[numLabels];
    this.predictedLabels = new int[numLabels];
    this.marked = new int[numLabels];
    this.relevantScores = new float[numLabels];
  }

  /**
   * Grows L to {@code numLabels} (docs/spec.md#open-metrics): the per-label scratch keeps its marks and its capacity
   * doubles, so labels arriving one at a time copy it once per doubling.
   *
   * @throws IllegalArgumentException if {@code numLabels} is below L
   */
  void grow(int numLabels) {
    if (numLabels < this.numLabels) {
      throw new IllegalArgumentException("the metrics have " + this.numLabels + " labels and cannot shrink to " + numLabels);
    }
    if (numLabels > truthMask.length) {
      int capacity = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(numLabels, 2L * truthMask.length));
      MemoryCheck.require(17L * capacity, "the metrics of " + numLabels + " labels", "check the number of labels");
      truthMask = java.util.Arrays.copyOf(truthMask, capacity);
      truthBits = java.util.Arrays.copyOf(truthBits, capacity);
      predictedLabels = java.util.Arrays.copyOf(predictedLabels, capacity);
      marked = java.util.Arrays.copyOf(marked, capacity);
      relevantScores = java.util.Arrays.copyOf(relevantScores, capacity);
    }
    this.numLabels = numLabels;
  }

  void evaluate(LabelSet truth, Scores scores) {
    final int L = numLabels;
    if (scores.numLabels() != L) {
      throw new IllegalArgumentException("scores have " + scores.numLabels() + " labels, the metrics " + L
          + (scores.numLabels() > L ? " (grow the metrics with the labels first: growLabels)" : ""));
    }
    int[] y = truth.array();
    int yOff = truth.offset();
    int ySize = truth.size();
    boolean[] mask = truthMask;
    clearTruth();
    for (int k = 0; k < ySize; k++) {
      int label = y[yOff + k];
      if (label < 0 || label >= L) {
        clearTruth();
        throw new IllegalArgumentException("true label " + label + " outside [0, " + L + ")");
      }
      mask[label] = true;
      truthBits[label] = 1;
      marked[markedSize++] = label;
    }
    float[] s = scores.array();
    float t = s[L];
    if (Float.isNaN(t)) {
      throw new IllegalArgumentException("threshold score is NaN");
    }
    // no branch per label (which labels beat the threshold is data, not a pattern the branch predictor can learn):
    // the labels above it in one SIMD pass (compare, compress), the intersection over them through the 0/1 truth
    // bits, and the NaN check one SIMD count
    int[] bits = truthBits;
    int[] predictedList = predictedLabels;
    int predicted = VectorMath.indicesAbove(s, 0, L, t, predictedList);
    int inter = 0;
    for (int k = 0; k < predicted; k++) {
      inter += bits[predictedList[k]];
    }
    if (VectorMath.countAtLeast(s, 0, L, Float.NEGATIVE_INFINITY) != L) { // NaN is never counted
      for (int j = 0; j < L; j++) {
        if (Float.isNaN(s[j])) {
          throw new IllegalArgumentException("score of label " + j + " is NaN");
        }
      }
    }
    this.scores = s;
    this.truthLabels = y;
    this.truthOffset = yOff;
    this.truthSize = ySize;
    this.predictedSize = predicted;
    this.intersection = inter;
    this.precision = predicted == 0 ? policy.zeroOverZero(ySize == 0) : (double) inter / predicted;
    this.recall = ySize == 0 ? policy.zeroOverZero(predicted == 0) : (double) inter / ySize;
    int union = ySize + predicted - inter;
    this.jaccard = union == 0 ? policy.zeroOverZero(true) : (double) inter / union;
    this.exactMatch = inter == ySize && inter == predicted;
    if (ranking && ySize > 0) {
      rank(y, yOff, ySize, s);
    } else {
      // without the ranking pass the values are placeholders, but which examples are left out is kept
      rankingLoss = ySize == 0 || ySize == L ? Double.NaN : 0.0;
      oneError = ySize == 0 ? Double.NaN : 0.0;
      coverage = oneError;
      averagePrecision = oneError;
    }
  }

  /** Unmarks the labels the last example marked in {@link #truthMask} and {@link #truthBits}: O(|Y|), not O(L). */
  private void clearTruth() {
    for (int k = 0; k < markedSize; k++) {
      truthMask[marked[k]] = false;
      truthBits[marked[k]] = 0;
    }
    markedSize = 0;
  }

  /** Hamming distance |Ŷ Δ Y| of the last example. */
  int symmetricDifference() {
    return truthSize + predictedSize - 2 * intersection;
  }

  private void rank(int[] y, int yOff, int ySize, float[] s) {
    final int L = numLabels;
    float[] relevant = relevantScores;
    for (int k = 0; k < ySize; k++) {
      relevant[k] = s[y[yOff + k]];
    }
    long errors = 0;
    double precisionSum = 0;
    int maxRank = 0;
    float topRelevant = Float.NEGATIVE_INFINITY;
    int topRelevantIrrelevantAtLeast = 0;
    for (int k = 0; k < ySize; k++) {
      float sj = relevant[k];
      // rank(j) = #{l : s_l >= s_j} counts ties against j; irrelevant ones among them are ranking errors.
      // The count over all L labels is one SIMD compare per vector; the relevant ones among them take O(|Y|).
      int atLeast = VectorMath.countAtLeast(s, 0, L, sj);
      int relevantAtLeast = 0;
      for (int q = 0; q < ySize; q++) {
        relevantAtLeast += relevant[q] >= sj ? 1 : 0;
      }
      int irrelevantAtLeast = atLeast - relevantAtLeast;
      errors += irrelevantAtLeast;
      precisionSum += (double) (atLeast - irrelevantAtLeast) / atLeast;
      maxRank = Math.max(maxRank, atLeast);
      if (k == 0 || sj > topRelevant) {
        topRelevant = sj;
        topRelevantIrrelevantAtLeast = irrelevantAtLeast;
      }
    }
    int irrelevant = L - ySize;
    rankingLoss = irrelevant == 0 ? Double.NaN : (double) errors / ((double) ySize * irrelevant);
    coverage = maxRank - 1;
    averagePrecision = precisionSum / ySize;
    // one-error: some label of the top score is irrelevant. If an irrelevant label scores above the best relevant
    // one, the top is irrelevant; if one ties with it, it shares the top. Either way it reaches the best relevant
    // score, and no irrelevant label reaching it means the top labels are all relevant.
    oneError = topRelevantIrrelevantAtLeast > 0 ? 1.0 : 0.0;
  }
}
