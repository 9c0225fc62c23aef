package org.altml.core.learner;

import org.altml.core.math.VectorMath;
import org.altml.sparse.MemoryCheck;

/**
 * A caller-owned, reusable buffer of the L label scores s_1..s_L and the threshold score s_{L+1} of one
 * example (paper, Algorithm 1). Label {@code i} is predicted when {@code s_i > s_{L+1}} (strict).
 * Binary-relevance learners keep the threshold at 0.
 *
 * <p>{@link #array()} exposes the backing array for kernels: entries {@code 0..L-1} are the label
 * scores, entry {@code L} the threshold; the array is padded to a multiple of 16 floats (the widest
 * SIMD species) and entries past {@code L} are scratch that never reach a caller through the accessors.
 * Not thread-safe: use one instance per thread.
 */
public final class Scores {
  /** Padding granularity of the backing array: 16 floats, one 512-bit vector. */
  public static final int PAD = 16;

  private final int numLabels;
  private final float[] scores;

  /**
   * Creates a buffer for {@code numLabels} labels, all scores 0 (so nothing is predicted); 0 labels is the threshold
   * alone (an open learner before its first label).
   *
   * @throws IllegalArgumentException if {@code numLabels < 0}
   */
  public Scores(int numLabels) {
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
    this.numLabels = numLabels;
    int length = paddedLength(numLabels + 1);
    MemoryCheck.require(4L * length, "the scores of " + numLabels + " labels", "check the number of labels");
    this.scores = new float[length];
  }

  /**
   * {@code n} rounded up to a multiple of {@link #PAD}.
   *
   * @throws IllegalArgumentException if that is beyond {@code int} (n is negative or near {@link Integer#MAX_VALUE})
   */
  public static int paddedLength(int n) {
    if (n < 0 || n > Integer.MAX_VALUE - PAD) {
      throw new IllegalArgumentException("length " + n + " cannot be padded to a multiple of " + PAD + " in an int");
    }
    return (n + PAD - 1) / PAD * PAD;
  }

  /** Number of labels L. */
  public int numLabels() {
    return numLabels;
  }

  /** Score s_i of label {@code label}, {@code 0 <= label < L}. */
  public float label(int label) {
    if (label < 0 || label >= numLabels) {
      throw new IndexOutOfBoundsException("label " + label + " outside [0, " + numLabels + ")");
    }
    return scores[label];
  }

  /** Threshold score s_{L+1}. */
  public float threshold() {
    return scores[numLabels];
  }

  /** Whether label {@code label} is predicted: {@code s_label > s_{L+1}}. */
  public boolean isPredicted(int label) {
    return label(label) > scores[numLabels];
  }

  /** Number of predicted labels |Ŷ|. */
  public int predictedCount() {
    float t = scores[numLabels];
    int c = 0;
    for (int i = 0; i < numLabels; i++) {
      if (scores[i] > t) {
        c++;
      }
    }
    return c;
  }

  /**
   * Writes the predicted labels in ascending order into {@code out} and returns how many there are.
   *
   * @param out room for at least {@link #numLabels()} entries
   */
  public int predicted(int[] out) {
    return VectorMath.indicesAbove(scores, 0, numLabels, scores[numLabels], out); // one SIMD pass, no branch per label
  }

  /** The backing array (label scores, then the threshold, then scratch padding); see the class doc. */
  public float[] array() {
    return scores;
  }

  /** Sets every score, the threshold and the padding to 0. */
  public void clear() {
    java.util.Arrays.fill(scores, 0f);
  }

  /** Copies the scores and threshold of {@code other}, which must have the same L. */
  public void copyFrom(Scores other) {
    if (other.numLabels != numLabels) {
      throw new IllegalArgumentException("numLabels differ: " + other.numLabels + " != " + numLabels);
    }
    System.arraycopy(other.scores, 0, scores, 0, numLabels + 1);
  }

  /** Scores as {@code [s_1, ..., s_L | threshold]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < numLabels; i++) {
      sb.append(i > 0 ? ", " : "").append(scores[i]);
    }
    return sb.append(" | ").append(scores[numLabels]).append(']').toString();
  }
}
