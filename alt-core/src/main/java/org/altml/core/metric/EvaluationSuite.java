package org.altml.core.metric;

import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;

/**
 * Accumulates every {@link Measure} over a stream of (truth, scores) pairs in one pass: the predicted
 * set, |Y ∩ Ŷ| and the ranks are computed once per example and feed all metrics. Cost per example
 * O(L + |Y|·L) (the second term is the ranking pass, which {@link #EvaluationSuite(int,
 * ZeroDivisionPolicy, boolean)} can switch off); nothing is allocated per example.
 *
 * <p>Sums are exact (see the package doc), so {@link #merge merging} per-thread suites in any order
 * gives the same {@link #report()} as one suite that accepted every example. Not thread-safe.
 *
 * <p>Open streams (docs/spec.md#open-metrics): {@link #growLabels} adds labels as they first appear (their tp, fp and fn
 * start at zero); macro averages divide by the labels known when the report is made, the Hamming loss divides each
 * example's |Ŷ Δ Y| by the L it was accepted at, and the other metrics need no L. The scores of an example accepted
 * after a growth have the new L; a label the learner did not know when it predicted is scored −∞
 * (docs/spec.md#open-prediction): never predicted, ranked below every finite score (its pairs with the irrelevant
 * labels count in the ranking loss), never NaN. A suite that never grows computes exactly what it always did.
 */
public final class EvaluationSuite {
  private final ExampleEvaluator evaluator;
  private final MetricSums sums;

  /** A suite over {@code numLabels} labels with the default policy {@link ZeroDivisionPolicy#SPEC}. */
  public EvaluationSuite(int numLabels) {
    this(numLabels, ZeroDivisionPolicy.defaults(), true);
  }

  /** A suite over {@code numLabels} labels with the given zero-division policy. */
  public EvaluationSuite(int numLabels, ZeroDivisionPolicy policy) {
    this(numLabels, policy, true);
  }

  /**
   * A suite over {@code numLabels} labels (0: an open stream before its first label, {@link #growLabels}).
   *
   * @param ranking whether to compute the ranking metrics (ranking loss, one-error, coverage, average
   *     precision); when false they are reported as NaN and each example costs O(L)
   * @throws IllegalArgumentException if {@code numLabels < 0}
   */
  public EvaluationSuite(int numLabels, ZeroDivisionPolicy policy, boolean ranking) {
    this.evaluator = new ExampleEvaluator(numLabels, policy, ranking);
    this.sums = new MetricSums(numLabels, policy);
  }

  /**
   * Adds one example: truth Y and the learner's scores (Ŷ = {i : s_i > s_{L+1}}).
   *
   * @throws IllegalArgumentException if a true label is not below L, the scores have another L, or a
   *     score is NaN
   */
  public void accept(LabelSet truth, Scores scores) {
    evaluator.evaluate(truth, scores);
    sums.add(evaluator);
  }

  /**
   * Grows L to {@code numLabels} when labels first appear in an open stream (docs/spec.md#open-metrics): the new labels'
   * counts start at zero, examples accepted before keep the L they were accepted at (in the Hamming loss), and later
   * examples' scores must have the new L. Amortised (capacity doubles). The same L is a no-op.
   *
   * @throws IllegalArgumentException if {@code numLabels} is below L
   */
  public void growLabels(int numLabels) {
    evaluator.grow(numLabels);
    sums.grow(numLabels);
  }

  /**
   * In place: adds every example of {@code other} to this suite. Suites of different L merge: label indices are in the
   * order of first appearance of one stream, so a suite that has seen fewer labels knows a prefix of the other's and
   * counts zero for the rest; this suite first grows to {@code other}'s L when that is larger ({@link #growLabels}).
   * Each example keeps the L it was accepted at.
   *
   * @throws IllegalArgumentException if the policy or the ranking switch differ
   */
  public void merge(EvaluationSuite other) {
    if (other.evaluator.ranking != evaluator.ranking) {
      throw new IllegalArgumentException("cannot merge a suite with ranking=" + other.evaluator.ranking + " into one with ranking=" + evaluator.ranking);
    }
    if (other.evaluator.policy != evaluator.policy) {
      throw new IllegalArgumentException("cannot merge metrics with " + other.evaluator.policy + " into metrics with " + evaluator.policy);
    }
    if (other.numLabels() > numLabels()) {
      growLabels(other.numLabels());
    }
    sums.merge(other.sums);
  }

  /** Marks the form of a suite whose examples were accepted at more than one L (or at L = 0) in {@link #write}. */
  private static final int GROWN_FORM = -1;

  /**
   * Writes the suite's exact state (L, policy, ranking switch, every sum and count), for checkpoints of
   * streaming engines: {@link #read} restores a suite that reports, merges and continues bit for bit as
   * this one would. A suite whose examples were all accepted at its current L writes the form it always wrote; a grown
   * one writes a marker, then its L, the same sums, and the Hamming loss's sums per L.
   */
  public void write(java.io.DataOutput out) throws java.io.IOException {
    boolean fixed = sums.fixedLabels();
    if (!fixed) {
      out.writeInt(GROWN_FORM);
    }
    out.writeInt(numLabels());
    out.writeUTF(policy().name());
    out.writeBoolean(ranking());
    sums.write(out, !fixed);
  }

  /**
   * Reads a suite written by {@link #write}.
   *
   * @throws java.io.IOException if reading fails or the state is not one {@link #write} wrote
   */
  public static EvaluationSuite read(java.io.DataInput in) throws java.io.IOException {
    int numLabels = in.readInt();
    boolean grown = numLabels == GROWN_FORM;
    if (grown) {
      numLabels = in.readInt();
    }
    if (numLabels < (grown ? 0 : 1)) {
      throw new java.io.IOException("not an evaluation suite state: " + numLabels + " labels");
    }
    ZeroDivisionPolicy policy;
    try {
      policy = ZeroDivisionPolicy.valueOf(in.readUTF());
    } catch (IllegalArgumentException e) {
      throw new java.io.IOException("not an evaluation suite state: " + e.getMessage(), e);
    }
    EvaluationSuite suite = new EvaluationSuite(numLabels, policy, in.readBoolean());
    suite.sums.read(in, grown);
    return suite;
  }

  /** Number of examples accepted. */
  public long count() {
    return sums.examples;
  }

  /** Number of labels L (the current one, after {@link #growLabels}). */
  public int numLabels() {
    return evaluator.numLabels;
  }

  /** The zero-division policy. */
  public ZeroDivisionPolicy policy() {
    return evaluator.policy;
  }

  /** Whether the ranking metrics are computed. */
  public boolean ranking() {
    return evaluator.ranking;
  }

  /** The value of one metric so far (cheaper than a full {@link #report()} for most metrics). */
  public double value(Measure measure) {
    return !evaluator.ranking && measure.needsRanking() ? Double.NaN : sums.value(measure);
  }

  /** An immutable snapshot of every metric over the examples accepted so far. */
  public MetricReport report() {
    return sums.report(evaluator.ranking);
  }

  /** Forgets every accepted example. */
  public void reset() {
    sums.clear();
  }

  /** A new, empty suite with the same (current) L, policy and ranking switch (e.g. one per thread). */
  public EvaluationSuite newEmpty() {
    return new EvaluationSuite(evaluator.numLabels, evaluator.policy, evaluator.ranking);
  }
}
